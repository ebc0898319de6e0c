"""Running text wrapped by the font's widths: a no-break space holding, and Japanese between
characters but never before its closing punctuation."""

from __future__ import annotations

from dobble_print.printing.text_width import text_width, wrap

JAPANESE = "カードを２まい、となりにならべてください。かならず１つだけ同じ絵があります。"


def test_japanese_wraps_between_characters_and_fills_its_lines():
    lines = wrap(JAPANESE, 10, 40)
    assert "".join(lines) == JAPANESE
    assert len(lines) > 1
    assert all(text_width(line, 10) <= 40 + text_width("。", 10) for line in lines)
    assert all(not line.startswith(("、", "。")) for line in lines)


def test_a_wide_character_counts_a_full_em():
    assert text_width("同じ絵", 10) == 3 * text_width("同", 10) > 3 * text_width("a", 10)


def test_a_no_break_space_keeps_french_punctuation_on_its_word():
    text = "Trouve-le le premier et dis son nom à voix haute\u00a0!"
    for width in range(20, 120, 5):
        assert all(not line.startswith("!") for line in wrap(text, 10, width))
    assert wrap(text, 10, 500) == [text]
