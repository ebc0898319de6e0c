"""Files as Windows makes them: paths with backslashes, lines ending in CRLF; and
``python -m dobble_print``, the command that works where no ``dobble-print`` is on the PATH."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from dobble_print.options.presets import load_preset
from dobble_print.printing.shop.profiles import load_shop_profile
from dobble_print.symbols.loading import find_sources, load_symbols
from dobble_print.symbols.vocabulary.rows import read_vocabulary
from tests.conftest import REPO, make_pictures


def test_preset_and_shop_profile_paths_with_backslashes(tmp_path, monkeypatch):
    """``--preset my\\\\junior.toml`` as typed on Windows names the same file here."""
    (tmp_path / "my").mkdir()
    (tmp_path / "my" / "junior.toml").write_text('card-size = "94mm"\n')
    shop = (REPO / "templates" / "shops" / "tgc-circle.toml").read_text(encoding="utf-8")
    (tmp_path / "my" / "shop.toml").write_text(shop, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert load_preset("my\\junior.toml", known={"card_size"}) == {"card_size": "94mm"}
    assert load_shop_profile("my\\shop.toml").name == "shop"


@pytest.mark.parametrize("ending", ["\r\n", "\n"])
def test_crlf_in_presets_profiles_word_lists_and_vocabulary(tmp_path, ending):
    """Every text input reads the same with Windows line ends (CRLF) as with Unix ones."""
    preset = tmp_path / "p.toml"
    preset.write_bytes(ending.join(['card-size = "80mm"', "symbols-per-card = 6", ""]).encode())
    assert load_preset(str(preset), known={"card_size", "symbols_per_card"}) == {
        "card_size": "80mm",
        "symbols_per_card": 6,
    }
    shop = (REPO / "templates" / "shops" / "eu-3mm.toml").read_text(encoding="utf-8")
    (tmp_path / "shop.toml").write_bytes(ending.join(shop.splitlines() + [""]).encode())
    assert load_shop_profile(str(tmp_path / "shop.toml")).bleed == pytest.approx(3.0)
    words = tmp_path / "words.txt"
    words.write_bytes(ending.join(["cat", "dog", "ice cream", ""]).encode())
    loaded = load_symbols(find_sources([words]), max_px=60)
    assert [s.name for s in loaded.symbols] == ["cat", "dog", "ice cream"]
    make_pictures(tmp_path / "pics", 2)
    vocab = tmp_path / "vocab.csv"
    rows = ["picture,word", "pics\\pic_000.png,cat", "pics\\pic_001.png,dog", ""]
    vocab.write_bytes(ending.join(rows).encode())
    vocabulary = read_vocabulary(vocab)
    assert [e.cells[1] for e in vocabulary.entries] == ["cat", "dog"]
    assert all(vocabulary.picture(e, 0).is_file() for e in vocabulary.entries)


def test_python_m_dobble_print_works_as_the_command(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    run = [sys.executable, "-m", "dobble_print"]
    shown = subprocess.run([*run, "--help"], capture_output=True, text=True, env=env, timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split()[:3] == ["Usage:", "dobble-print", "[OPTIONS]"]
    make_pictures(tmp_path / "pics", 7)
    out = tmp_path / "deck.pdf"
    built = subprocess.run(
        [*run, "build", str(tmp_path / "pics"), "-o", str(out), "--seed", "1", "--quiet"],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    assert out.read_bytes().startswith(b"%PDF-")
    assert "7 cards, 3 symbols per card" in built.stdout
