"""The lines of the cover, rules and box pages print in a font that has their characters: a title
or a key name outside Vera Bold's and DejaVu Sans's characters falls back to an installed TrueType
font, character by character when no one font has them all; a character no font has is one
warning (the title) or leaves the key name out. The "installed" fonts are built by the tests, each
family named once: reportlab takes a font whose face name it has seen for that font."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.symbols import SymbolOptions
from tests.conftest import make_pictures
from tests.support.fonts import make_collection, make_font
from tests.support.messages import cli_lines

WORDS = ["cat", "dog", "sun", "moon", "star", "tree", "fish"]
TITLE = "Τα ζώα 猫"


def words_file(tmp_path: Path, words=WORDS) -> Path:
    path = tmp_path / "words.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


def char_fonts(page) -> dict[str, set[str]]:
    """Each character printed as text on ``page`` -> the fonts it is printed in (no subset
    prefix)."""
    found: dict[str, set[str]] = {}
    for block in page.get_text("rawdict")["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                for ch in span["chars"]:
                    found.setdefault(ch["c"], set()).add(span["font"].split("+")[-1])
    return found


def test_a_title_outside_latin_1_prints_in_fonts_that_have_it(tmp_path, installed):
    """Vera Bold has neither Greek nor 猫, DejaVu Sans has Greek, only the installed font has
    猫 (and Greek without accents, as IPA Gothic): the title prints in runs, its Greek in
    DejaVu Sans, on the cover, the rules and the box."""
    make_font(installed / "jp.ttf", "猫Ταζ", "TestJPTitle")
    out = tmp_path / "deck.pdf"
    options = dict(seed=1, rules=True, box=True, title=TITLE)
    result = build(BuildOptions(sources=(words_file(tmp_path),), output=out, **options))
    assert result.warnings == ()
    doc = pymupdf.open(out)
    for page in doc[:3]:  # the cover, the rules, the box
        fonts = char_fonts(page)
        assert TITLE.replace(" ", "") in page.get_text().replace(" ", "")
        assert fonts["猫"] == {"TestJPTitle"}, page.number
        assert all(fonts[ch] == {"DejaVuSans"} for ch in "Ταζώα"), page.number
    assert "BitstreamVeraSans-Bold" in char_fonts(doc[0])["A"]  # other headings stay bold


def test_a_latin_1_title_keeps_vera_bold(tmp_path, installed):
    out = tmp_path / "deck.pdf"
    options = dict(seed=1, rules=True, box=True, title="Café")
    build(BuildOptions(sources=(words_file(tmp_path),), output=out, **options))
    for page in pymupdf.open(out)[:3]:
        assert char_fonts(page)["é"] == {"BitstreamVeraSans-Bold"}


def test_a_title_no_font_has_is_one_warning(tmp_path, installed):
    out = tmp_path / "deck.pdf"
    options = dict(seed=1, rules=True, box=True, title=TITLE)
    result = build(BuildOptions(sources=(words_file(tmp_path),), output=out, **options))
    assert cli_lines(result.warnings) == (
        f'the title "{TITLE}" has characters no installed font can print as text (猫); they '
        "would print as empty boxes; install a font that has them (e.g. `apt install "
        "fonts-noto-cjk`)",
    )


def test_key_names_print_in_a_font_that_has_them(tmp_path, installed):
    """A picture named 猫.png: its key name prints in the installed font, not DejaVu's boxes;
    the other names stay DejaVu Sans."""
    make_font(installed / "jp.ttf", "猫犬", "TestJPKey")
    folder = tmp_path / "pics"
    paths = make_pictures(folder, 7)
    paths[0].rename(folder / "猫.png")
    paths[1].rename(folder / "犬 dog.png")
    out = tmp_path / "deck.pdf"
    build(BuildOptions(sources=(folder,), output=out, seed=1))
    cover = pymupdf.open(out)[0]
    fonts = char_fonts(cover)
    assert fonts["猫"] == {"TestJPKey"} and fonts["犬"] == {"TestJPKey"}
    assert "pic 002" in cover.get_text() and fonts["2"] == {"DejaVuSans"}


def test_key_names_no_font_has_are_left_out_and_the_rest_print(tmp_path, installed):
    folder = tmp_path / "pics"
    paths = make_pictures(folder, 7)
    paths[0].rename(folder / "猫.png")
    out = tmp_path / "deck.pdf"
    build(BuildOptions(sources=(folder,), output=out, seed=1))
    text = pymupdf.open(out)[0].get_text()
    # left out, not printed as a box (reportlab writes a missing glyph as code 0)
    assert "猫" not in text and "\x00" not in text
    assert "pic 001" in text and "pic 006" in text


def test_names_of_words_drawn_as_outlines_print_in_the_key(tmp_path, installed):
    """Words in a CFF font print as outlines; their key names once went missing."""
    cff = make_collection(tmp_path / "cff.otc", [("abcdefghijklmnopqrstuvwxyz", "TestCFF")])
    out = tmp_path / "deck.pdf"
    fonts = SymbolOptions(fonts=(cff,))
    build(BuildOptions(sources=(words_file(tmp_path),), output=out, seed=1, symbol_options=fonts))
    text = pymupdf.open(out)[0].get_text()
    assert all(word in text for word in WORDS)


def test_a_vocabulary_rows_key_line_prints_each_part_in_a_font_that_has_it(tmp_path, installed):
    """The key line "cat · 猫" joins two text faces; the word shown above is DejaVu Sans's."""
    rows = {"cat": "猫", "dog": "犬", "bird": "鳥", "fish": "魚", "cow": "牛", "horse": "馬"}
    rows |= {"sheep": "羊"}
    make_font(installed / "jp.ttf", "".join(rows.values()), "TestJPVocab")
    path = tmp_path / "vocab.tsv"
    lines = ["english\tjapanese", *(f"{en}\t{ja}" for en, ja in rows.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    result = build(BuildOptions(sources=(path,), output=out, seed=1))
    assert result.warnings == ()
    cover = pymupdf.open(out)[0]
    fonts = char_fonts(cover)
    text = cover.get_text()
    assert all(f"{en} · {ja}" in text for en, ja in rows.items())
    assert all(fonts[ja] == {"TestJPVocab"} for ja in rows.values())
    assert fonts["·"] == {"DejaVuSans"} and "\x00" not in text
