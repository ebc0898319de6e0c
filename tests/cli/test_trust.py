"""What the tool says matches what it does: plan promises the deck build makes, and build and
preview draw the same deck when no seed is given."""

from __future__ import annotations

import re

import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from dobble_print.cli import app
from tests.conftest import make_pictures

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def _sources(tmp_path, case: str) -> list[str]:
    if case == "duplicates and broken files":
        folder = tmp_path / "photos"
        make_pictures(folder, 20)
        for i in range(4):  # four copies under other names, and a broken file: 20 distinct
            (folder / f"copy_{i}.png").write_bytes((folder / f"pic_{i:03d}.png").read_bytes())
        (folder / "broken.png").write_bytes(b"not a picture")
        return [str(folder), "--skip-bad"]
    if case == "a word list":
        words = tmp_path / "words.txt"
        # 12 words and a repeat: a partial deck one word short of the full 13 (9 cards of 4),
        # as 30 and a repeat were one short of the full 31 (25 cards of 6), at less cost
        words.write_text("\n".join(f"word{i}" for i in range(12)) + "\nword3\n", encoding="utf-8")
        return [str(words)]
    make_pictures(tmp_path / "a", 9)
    make_pictures(tmp_path / "b", 9, seed=5)
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\nsun\n", encoding="utf-8")
    return [str(tmp_path / "a"), str(tmp_path / "b"), str(words)]


@pytest.mark.parametrize("case", ["duplicates and broken files", "a word list", "several sources"])
def test_plan_gives_the_card_count_build_makes(tmp_path, case):
    sources = _sources(tmp_path, case)
    planned = run("plan", *sources)
    assert planned.exit_code == 0, planned.stderr
    promised = re.search(r"build makes (\d+) cards? of (\d+) symbols", planned.stdout)
    built = run("build", *sources, "-o", str(tmp_path / "deck.pdf"), "--quiet")
    assert built.exit_code == 0, built.stderr
    made = re.search(r"^(\d+) cards?, (\d+) symbols per card", built.stdout, re.M)
    assert promised.groups() == made.groups()


def test_plan_of_a_folder_with_copies_counts_them_out(tmp_path):
    planned = run("plan", *_sources(tmp_path, "duplicates and broken files"))
    assert planned.stdout.splitlines()[0] == (
        "20 pictures (5 not used: duplicates or files that cannot be read):"
    )


def test_build_and_preview_without_a_seed_draw_the_same_card(tmp_path):
    folder = tmp_path / "My Photos"
    make_pictures(folder, 7)  # 7 cards of 3: the seed and the card do not need the 13 of 4
    cards = tmp_path / "cards"
    built = run("build", str(folder), "-o", str(tmp_path / "d.pdf"), "--png-dir", str(cards))
    assert built.exit_code == 0, built.stderr
    seed = re.search(r"using --seed (\d+)", built.stderr).group(1)
    shown = run(
        "preview", str(folder), "--card", "3", "-o", str(tmp_path / "p.png"), "--dpi", "300"
    )
    assert shown.exit_code == 0, shown.stderr
    assert f"seed {seed} ->" in shown.stdout
    with Image.open(cards / "card_003.png") as a, Image.open(tmp_path / "p.png") as b:
        assert np.array_equal(np.asarray(a), np.asarray(b))


def test_the_drawn_seed_follows_the_pictures_not_the_run(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 7)  # 7 cards of 3: the seed depends on the pictures, not the count
    seeds = set()
    for name in ("a", "b"):
        result = run("build", str(folder), "-o", str(tmp_path / f"{name}.pdf"), "--quiet")
        seeds.add(re.search(r"using --seed (\d+)", result.stderr).group(1))
    assert len(seeds) == 1
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    make_pictures(folder, 7, seed=1)  # other pictures under the same names
    result = run("build", str(folder), "-o", str(tmp_path / "c.pdf"), "--quiet")
    assert re.search(r"using --seed (\d+)", result.stderr).group(1) not in seeds


def test_the_first_build_says_it_prepares_the_packer(tmp_path, monkeypatch):
    from dobble_print import layout

    make_pictures(tmp_path / "p", 7)
    args = ("build", str(tmp_path / "p"), "-o", str(tmp_path / "d.pdf"))
    # the package's own name, where the command looks it up (a lazy export, kept once loaded)
    monkeypatch.setattr(layout, "packer_cached", lambda: False)
    first = run(*args)
    assert "preparing the fast packer, once" in first.stderr
    monkeypatch.setattr(layout, "packer_cached", lambda: True)
    assert "preparing" not in run(*args).stderr
