"""``--lang`` and the locale on the command line: the cover, the rules and the box are printed in
the language chosen, or the locale's, with no English sentence left; English stays as it was."""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path

import pymupdf
import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from dobble_print.cli import app
from dobble_print.language import locale_dir
from dobble_print.resources import templates_dir

runner = CliRunner()
# The Japanese font CI installs (fonts-ipafont-gothic), the one the pages fall back to here.
IPA_GOTHIC = Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf")
WORDS = ["cat", "dog", "sun", "moon", "star", "tree", "fish"]
NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}


@pytest.fixture
def words(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return path


def build(words, out, *args, env=NO_LOCALE):
    result = runner.invoke(
        app,
        ["build", str(words), "-o", str(out), "--seed", "3", "-q", "--rules", "--box", *args],
        env=env,
    )
    assert result.exit_code == 0, result.output
    # the no-break spaces of French are spaces here
    return [" ".join(page.get_text().split()) for page in pymupdf.open(out)]


def _english_sentences() -> list[str]:
    """The English sentences of the printed pages, as pieces of four words or more between
    placeholders and stops: the catalogues' msgids and the English rules sheet."""
    with (locale_dir() / "dobble_print.pot").open("rb") as f:
        texts = [
            t for m in read_po(f) if m.id for t in (m.id if isinstance(m.id, tuple) else (m.id,))
        ]
    rules = tomllib.loads((templates_dir() / "rules" / "rules.toml").read_text(encoding="utf-8"))
    texts += [rules["intro"], rules["cover-tip"], rules["connect"]["text"]]
    texts += [game["text"] for game in rules["games"]]
    pieces = []
    for text in texts:
        plain = "".join(literal for literal, *_ in string.Formatter().parse(str(text)))
        for piece in re.split(r"[.:;!?,()\n]| — ", " ".join(plain.split())):
            if sum(any(c.isalpha() for c in word) for word in piece.split()) >= 4:
                pieces.append(piece.strip())
    return pieces


@pytest.fixture
def japanese_font(installed):
    """The installed fonts the pages may fall back to: a Japanese one alone."""
    if not IPA_GOTHIC.is_file():
        pytest.skip("no IPA Gothic here (apt-get install fonts-ipafont-gothic)")
    (installed / IPA_GOTHIC.name).symlink_to(IPA_GOTHIC)


@pytest.mark.usefixtures("japanese_font")
@pytest.mark.parametrize(
    ("lang", "heading", "rules", "box"),
    [
        ("fr", "Comment imprimer", "Notre zoo : comment jouer", "Boîte : intérieur"),
        ("ja", "印刷のしかた", "Notre zoo：あそびかた", "カードの箱：内寸"),
    ],
)
def test_the_printed_pages_hold_no_english_sentence(tmp_path, words, lang, heading, rules, box):
    pages = build(words, tmp_path / "deck.pdf", "--lang", lang, "--title", "Notre zoo")
    front = " ".join(pages[:3])
    assert heading in pages[0] and pages[1].startswith(rules) and box in pages[2]
    english = _english_sentences()
    assert len(english) > 60  # the check reads every sentence, not a few
    left = [sentence for sentence in english if sentence in front]
    assert left == []


@pytest.mark.usefixtures("japanese_font")
def test_japanese_is_set_in_a_japanese_font(tmp_path, words):
    out = tmp_path / "deck.pdf"
    build(words, out, "--lang", "ja")
    doc = pymupdf.open(out)
    for number in range(3):  # the cover, the rules, the box
        fonts = {font[3] for font in doc[number].get_fonts()}
        assert any(re.search(r"Gothic|Mincho|CJK|IPA", name) for name in fonts), fonts


def test_the_locale_chooses_the_language_when_lang_is_not_given(tmp_path, words):
    german = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"}
    pages = build(words, tmp_path / "deck.pdf", env=german)
    assert "So wird gedruckt" in pages[0]
    assert pages[1].startswith(
        "So wird gespielt Zwei Karten dieses Spiels haben immer genau ein Wort"
    )
    assert "7 Karten, je 3 Wörter" in pages[2]


def test_no_lang_in_the_c_locale_is_english_byte_for_byte(tmp_path, words):
    build(words, tmp_path / "c.pdf")
    pages = build(words, tmp_path / "en.pdf", "--lang", "en", env={"LANG": "fr_FR.UTF-8"})
    assert (tmp_path / "c.pdf").read_bytes() == (tmp_path / "en.pdf").read_bytes()
    assert "How to print" in pages[0] and pages[1].startswith("How to play")


def test_an_unknown_language_is_refused_in_one_line(tmp_path, words):
    out = tmp_path / "deck.pdf"
    result = runner.invoke(app, ["build", str(words), "-o", str(out), "--lang", "xx"])
    assert result.exit_code == 1
    assert result.output == (
        "dobble-print: error: --lang 'xx' is not a choice; use en, de, es, fr, it or ja\n"
    )
    assert not out.exists()
