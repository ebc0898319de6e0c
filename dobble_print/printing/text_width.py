"""How wide a line of the bundled font prints, in mm, so pages of running text (the rules sheet)
can be wrapped and fitted before anything is drawn.

The widths are the font's own advance widths (read with fontTools), which is what the PDF writer
lays glyphs out by: no kerning either side.
"""

from __future__ import annotations

import functools

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


def text_width(text: str, size: float) -> float:
    """Width in mm of ``text`` set in the bundled regular font at ``size`` points."""
    widths, missing, em = _advances()
    units = sum(widths.get(ord(ch), missing) for ch in text)
    return units / em * size * MM_PER_PT


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm at ``size`` points, between words
    (a single word wider than the line keeps a line of its own)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines
