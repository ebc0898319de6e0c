"""Words children can read (issue 25, section 4): phrases wrap onto at most three balanced lines
of whole words, and in letter decks the letters that read as others turned carry a bar."""

from __future__ import annotations

import itertools

import numpy as np
import pymupdf
import pytest

from dobble_print.layout.word_size import turn_limit
from dobble_print.resources import default_font
from dobble_print.symbols.loading import Symbol, SymbolOptions, find_sources, load_symbols
from dobble_print.symbols.words.typeset import (
    MAX_LINES,
    _break_lines,
    balanced_lines,
    is_letter,
    load_font,
)
from tests.support.messages import cli_lines

FONT = load_font(default_font())
PITCH = max(1.15, FONT.ascent + FONT.descent)
PHRASES = [
    "a big red fire engine",
    "the cat sat on the mat",
    "the very hungry caterpillar",
    "ice cream cone",
    "camion de pompiers",
    "ice cream sandwich with sprinkles",
    "I love you very much indeed my dear",
    "une petite souris grise qui court très vite dans la maison",
]


@pytest.mark.parametrize("phrase", PHRASES)
def test_phrases_wrap_at_spaces_onto_at_most_three_lines(phrase):
    lines = _break_lines(phrase, FONT, PITCH)
    assert 1 <= len(lines) <= MAX_LINES
    assert " ".join(lines) == phrase  # whole words, in order: none cut or hyphenated
    assert all(line and line == line.strip() for line in lines)


@pytest.mark.parametrize("phrase", PHRASES)
@pytest.mark.parametrize("count", [2, 3])
def test_wrapped_lines_are_balanced(phrase, count):
    """Of every way to cut the phrase into ``count`` lines, the one chosen has the shortest
    longest line (checked against all cuts)."""
    words = phrase.split()
    if len(words) < count:
        pytest.skip("fewer words than lines")
    chosen = balanced_lines(words, count, FONT)
    width = max(FONT.advance(p) for p in chosen)
    for cuts in itertools.combinations(range(1, len(words)), count - 1):
        ends = zip((0, *cuts), (*cuts, len(words)), strict=True)
        parts = [" ".join(words[a:b]) for a, b in ends]
        assert width <= max(FONT.advance(p) for p in parts) + 1e-9


@pytest.mark.parametrize(
    ("phrase", "want"),
    [
        ("a big red fire engine", ["a big red", "fire engine"]),  # was "a / big / red fire engine"
        ("the cat sat on the mat", ["the cat sat", "on the mat"]),  # was "the / … / mat"
        ("the very hungry caterpillar", ["the very", "hungry", "caterpillar"]),
        ("hippopotamus", ["hippopotamus"]),  # one word is never split, however long
        ("Donaudampfschifffahrt", ["Donaudampfschifffahrt"]),
        # never beside a sign: "13" / "+ 23" read as two numbers
        ("13 + 23", ["13 + 23"]),
        ("12 + 13 + 14 = 39", ["12 + 13 + 14 = 39"]),
    ],
)
def test_wrapping_examples(phrase, want):
    assert _break_lines(phrase, FONT, PITCH) == want


@pytest.mark.parametrize("phrase", ["salt & pepper and vinegar", "fish and chips = dinner tonight"])
def test_a_sign_never_ends_or_starts_a_line(phrase):
    lines = _break_lines(phrase, FONT, PITCH)
    assert len(lines) > 1 and " ".join(lines) == phrase
    assert all(line.split(" ")[0].isalnum() and line.split(" ")[-1].isalnum() for line in lines)


def _letters(tmp_path, letters, **options):
    path = tmp_path / "letters.txt"
    path.write_text("\n".join(letters) + "\n", encoding="utf-8")
    loaded = load_symbols(find_sources([path]), max_px=300, options=SymbolOptions(**options))
    return {s.name: s for s in loaded.symbols}


def test_six_and_nine_get_a_bar_under_them_and_a_does_not(tmp_path):
    symbols = _letters(tmp_path, ["6", "9", "a", "u", "n", "M", "W", "b", "q", "d", "p", "x"])
    for name in "69unMWbqdp":
        s = symbols[name]
        [(left, top, right, bottom)] = s.bars
        alpha = s.rgba[..., 3]
        assert (alpha[top:bottom, left:right] == 255).all(), name  # the bar is in the raster
        assert bottom == s.rgba.shape[0]  # lowest ink of the symbol
        assert (alpha[top - 1] < 128).all(), name  # a gap between the letter and its bar
        glyph_cols = np.flatnonzero((alpha[: top - 1] >= 128).any(axis=0))
        centre = (glyph_cols[0] + glyph_cols[-1] + 1) / 2
        assert abs((left + right) / 2 - centre) <= 1, name  # under the letter, centred
        assert 0.6 * len(glyph_cols) <= right - left <= len(glyph_cols), name
    for name in "ax":
        assert symbols[name].bars == ()


def test_no_bar_when_symbols_stay_within_ninety_degrees(tmp_path):
    symbols = _letters(tmp_path, ["6", "9", "a"], max_rotation=90)
    assert all(s.bars == () for s in symbols.values())
    assert _letters(tmp_path, ["cat", "6 9"])["6 9"].bars == ()  # words and phrases: no bar


def test_the_pdf_prints_the_bar_where_the_raster_has_it(tmp_path):
    """The printed 9 (vector text and its bar) covers the raster the layout packed, bar
    included: the lowest printed ink is the bar's."""
    from reportlab.pdfgen import canvas

    from dobble_print.printing.pdf.canvas import _draw_word

    s = _letters(tmp_path, ["9"])["9"]
    h, w = s.rgba.shape[:2]
    pad = 20
    pdf = tmp_path / "nine.pdf"
    c = canvas.Canvas(str(pdf), pagesize=(w + 2 * pad, h + 2 * pad))
    c.translate(pad, pad)  # _draw_word draws in the raster's pixels
    _draw_word(c, s)
    c.save()
    pix = pymupdf.open(pdf)[0].get_pixmap(dpi=72, alpha=False)
    grey = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, 3).min(axis=2)
    ys, xs = np.nonzero(grey < 200)
    assert np.allclose((xs.min() - pad, ys.max() + 1 - pad), (0, h), atol=2)
    left, top, right, bottom = s.bars[0]
    rows = np.nonzero((grey[pad + top : pad + bottom, pad + left : pad + right] < 128).all(axis=1))
    assert len(rows[0]) >= 1  # the bar's rows print solid
    gap = grey[pad + top - 2, pad + left : pad + right]
    assert (gap > 200).mean() > 0.5  # and apart from the letter


def test_a_letter_deck_keeps_a_and_A_as_two_symbols_but_cat_and_Cat_as_one(tmp_path):
    path = tmp_path / "letters.txt"
    path.write_text("a\nb\nc\nA\ncat\nCat\n", encoding="utf-8")
    loaded = load_symbols(find_sources([path]), max_px=200)
    assert [s.name for s in loaded.symbols] == ["a", "b", "c", "A", "cat"]
    assert cli_lines(loaded.warnings) == (f"{path}:6: same word as {path}:5; used once",)


@pytest.mark.parametrize(
    ("word", "letter"),
    [
        ("a", True),
        ("Z", True),
        ("7", True),
        ("Ж", True),
        ("ǅ", True),
        ("猫", False),
        ("ね", False),
        ("電車", False),
        ("ab", False),
        ("+", False),
        (" ", False),
    ],
)
def test_a_letter_that_turns_freely_is_a_cased_letter_or_a_digit(word, letter):
    assert is_letter(word) is letter
    assert (turn_limit(Symbol(word, word, np.zeros((2, 2, 4), np.uint8), "word")) == 180) is letter
