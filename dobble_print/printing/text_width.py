"""How wide a line of the bundled font prints, in mm, so pages of running text (the rules sheet)
can be wrapped and fitted before anything is drawn.

The widths are the font's own advance widths (read with fontTools), which is what the PDF writer
lays glyphs out by: no kerning either side.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from dobble_print.resources import default_font

MM_PER_PT = 25.4 / 72.0


@functools.cache
def _advances() -> tuple[dict[int, int], int, int]:
    """(advance width by code point, the missing glyph's advance, units per em) of the font."""
    from fontTools.ttLib import TTFont

    font = TTFont(str(default_font()), lazy=True)
    metrics = font["hmtx"].metrics
    cmap = font.getBestCmap()
    widths = {code: metrics[name][0] for code, name in cmap.items()}
    return widths, metrics[".notdef"][0], font["head"].unitsPerEm


def _wide(ch: str) -> bool:
    """Whether ``ch`` is set a full em wide (Japanese kana and kanji, full-width punctuation)."""
    return unicodedata.east_asian_width(ch) in "WF"


def text_width(text: str, size: float) -> float:
    """Width in mm of ``text`` set in the bundled regular font at ``size`` points; a wide
    character the font lacks (Japanese, set in an installed font) counts a full em."""
    widths, missing, em = _advances()
    units = sum(widths.get(ord(ch), em if _wide(ch) else missing) for ch in text)
    return units / em * size * MM_PER_PT


def _words_of(text: str) -> list[tuple[str, bool]]:
    """The pieces a line may break between, each with whether a space stood before it. Only
    spaces and line ends break a line of Latin text: a no-break space (French ``:``) keeps its
    neighbours together. A line with Japanese (or Chinese) breaks where Unicode's line-breaking
    rules allow (UAX #14: never before 。、」 or small kana, never after 「 — the kinsoku
    rules), and between two Japanese characters only between phrases (BudouX), so a word is
    never split (``いちばん小`` / ``さい``)."""
    if not any(_wide(ch) for ch in text):
        return [(word, True) for word in re.split(r"[ \t\r\n]+", text) if word]
    return list(_break_units(" ".join(text.split())))


# A number and its unit are one piece, as if a no-break space joined them ("3 mm", "300 dpi")
_UNIT_SPACE = re.compile(r"(?<=\d) (?=(?:mm|cm|in|dpi|px|MB|g/m²)(?![A-Za-z]))")
_UNIT_GLUE = re.compile(r"(?<=\d)\u00a0(?=(?:mm|cm|in|dpi|px|MB|g/m²)(?![A-Za-z]))")


@functools.lru_cache(maxsize=256)
def _break_units(text: str) -> tuple[tuple[str, bool], ...]:
    from uniseg.linebreak import line_break_boundaries

    text = _UNIT_SPACE.sub("\u00a0", text)  # UAX #14 breaks no line at a no-break space
    phrases = _phrase_ends(text)
    cuts = [0]
    for at in line_break_boundaries(text):
        # beside a Japanese character, only between phrases ("1" / "枚" is one phrase too)
        inside = 0 < at < len(text) and (_wide(text[at - 1]) or _wide(text[at]))
        inside = inside and " " not in (text[at - 1], text[at])
        if 0 < at < len(text) and (not inside or at in phrases):
            cuts.append(at)
    cuts.append(len(text))
    pieces: list[tuple[str, bool]] = []
    spaced = False
    for start, end in zip(cuts, cuts[1:], strict=False):
        piece = text[start:end]
        word = piece.rstrip(" ")
        if word:
            pieces.append((_UNIT_GLUE.sub(" ", word), spaced))
        spaced = word != piece
    return tuple(pieces)


def _phrase_ends(text: str) -> frozenset[int]:
    """Where BudouX's Japanese model ends a phrase in ``text`` (offsets)."""

    ends, at = set(), 0
    for phrase in _japanese_parser().parse(text):
        at += len(phrase)
        ends.add(at)
    return frozenset(ends)


@functools.cache
def _japanese_parser():
    import budoux

    return budoux.load_default_japanese_parser()


def columns(text: str) -> int:
    """How many columns ``text`` takes in a text file shown in a fixed-pitch font: two for a
    wide character (East Asian width W or F), one for any other."""
    return sum(2 if _wide(ch) else 1 for ch in text)


def wrap_columns(text: str, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` columns (:func:`columns`) where
    :func:`_words_of` allows (a piece wider than the line keeps a line of its own)."""
    lines: list[str] = []
    line = ""
    for word, spaced in _words_of(text):
        candidate = (f"{line} {word}" if spaced else line + word) if line else word
        if line and columns(candidate) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm at ``size`` points, between words,
    or between characters in Japanese (a single word wider than the line keeps a line of its
    own)."""
    lines: list[str] = []
    line = ""
    for word, spaced in _words_of(text):
        candidate = (f"{line} {word}" if spaced else line + word) if line else word
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines
