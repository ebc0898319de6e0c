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


# Japanese breaks between any two characters, except before closing punctuation and small
# kana (kinsoku); a run of Latin letters and digits stays whole.
_NO_LINE_START = set("、。，．・：；？！ー）」』】〕ゃゅょっァィゥェォャュョッ")
_PIECES = re.compile(r"[A-Za-z0-9.,%×°/²–-]+|\S")


def _words_of(text: str) -> list[tuple[str, bool]]:
    """The pieces a line may break between, each with whether a space stood before it. Only
    spaces and line ends break: a no-break space (French ``:``) keeps its neighbours together."""
    if not any(_wide(ch) for ch in text):
        return [(word, True) for word in re.split(r"[ \t\r\n]+", text) if word]
    pieces: list[tuple[str, bool]] = []
    for n, part in enumerate(re.split(r"[ \t\r\n]+", text)):
        for k, piece in enumerate(_PIECES.findall(part)):
            if pieces and k > 0 and piece[0] in _NO_LINE_START:
                pieces[-1] = (pieces[-1][0] + piece, pieces[-1][1])
            else:
                pieces.append((piece, n > 0 and k == 0))
    return pieces


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
