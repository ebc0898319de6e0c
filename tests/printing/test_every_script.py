"""A word list in French, German, Japanese, Greek, Arabic and emoji builds into a deck: with a
TrueType Japanese font installed, no warning and every word real PDF text; with only a CFF one, the
Japanese words as outlines (with none, a warning naming the font to install: tests/symbols/
test_fonts.py). The fonts are built by the tests, except in the last test, which uses the
machine's own where it has them (CI installs fonts-ipafont-gothic and fonts-noto-color-emoji)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import numpy as np
import pymupdf
import pytest

from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.symbols.fonts.installed import forget_fonts
from tests.support.fonts import make_collection, make_colour_font, make_font, system_fonts

WORDS = ["éléphant", "Schildkröte", "猫", "電車", "Γάτα", "قطة", "🦊"]
TEXT_WORDS = WORDS[:-1]


def build_words(tmp_path: Path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    result = build(BuildOptions(sources=(words,), output=out, seed=1))
    doc = pymupdf.open(out)
    # The cards' pages' text; NFKC turns Arabic's joined forms (as printed) back into letters.
    text = "".join(page.get_text() for page in doc[1:])
    return result, doc, unicodedata.normalize("NFKC", text)


def emoji_picture(result, doc):
    """The emoji symbol, and whether its colour picture is on the cards' pages."""
    [fox] = [s for s in result.symbols if s.name == "🦊"]
    return fox, any(page.get_images() for page in doc[1:])


def test_with_a_truetype_cjk_font_every_word_is_text_and_the_emoji_colour(tmp_path, installed):
    make_font(installed / "jp.ttf", "猫電車", "Test JP")
    make_colour_font(installed / "emoji.ttf", "🦊")
    result, doc, text = build_words(tmp_path)
    assert result.warnings == ()
    for word in TEXT_WORDS:
        assert word in text, word
    fox, pictured = emoji_picture(result, doc)
    assert fox.kind == "image" and pictured
    assert (np.abs(fox.rgba[..., :3].astype(int) - (255, 115, 0)) < 8).all(axis=2).mean() > 0.3


def test_with_only_a_cff_cjk_font_the_japanese_words_print_as_outlines(tmp_path, installed):
    make_collection(installed / "cjk.ttc", [("猫電車", "Test CJK")])
    result, _doc, text = build_words(tmp_path)
    # Only the emoji lacks a font: no colour font is installed.
    assert len(result.warnings) == 1 and "fonts-noto-color-emoji" in str(result.warnings[0])
    for word in TEXT_WORDS:
        assert (word in text) is (word not in ("猫", "電車")), word
    assert all(s.outline for s in result.symbols if s.name in ("猫", "電車"))


@pytest.mark.skipif(not system_fonts(), reason="no TrueType Japanese or colour emoji font here")
def test_with_the_machines_own_fonts(tmp_path, monkeypatch):
    monkeypatch.delenv("DOBBLE_PRINT_FONT_DIRS")
    forget_fonts()
    try:
        result, doc, text = build_words(tmp_path)
    finally:
        forget_fonts()
    assert result.warnings == ()
    for word in TEXT_WORDS:
        assert word in text, word
    fox, pictured = emoji_picture(result, doc)
    assert pictured
    rgb = fox.rgba[fox.rgba[..., 3] == 255][:, :3].astype(int)
    assert (rgb.max(axis=1) - rgb.min(axis=1) > 100).mean() > 0.3  # mostly saturated colour
