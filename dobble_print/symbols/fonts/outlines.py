"""Glyph outlines as paths, for words in fonts the PDF cannot embed.

reportlab embeds TrueType (``glyf``) fonts only; a word in a CFF font (``.otf``, Noto Sans CJK's
``.ttc``) would otherwise print as empty boxes. Its glyphs' outlines are computed here, in the
word raster's pixels (y down, as :class:`~dobble_print.symbols.words.typeset.TextLine`), at exactly
the pen positions the raster used, and the PDF writer fills them: vector, sharp at any size, but no
longer text a reader can search or copy.
"""

from __future__ import annotations

from collections.abc import Sequence

from dobble_print.symbols.words.typeset import Font, TextLine

# One path operation: "M" (x, y), "L" (x, y), "C" (x1, y1, x2, y2, x, y) or "Z" ().
PathOp = tuple[str, tuple[float, ...]]
DIGITS = 3  # rounding of the coordinates: the same font gives the same bytes anywhere


def outline_lines(lines: Sequence[TextLine], font: Font) -> tuple[PathOp, ...]:
    """The outlines of every glyph of ``lines`` set in ``font``, in raster pixels (y down)."""
    from fontTools.pens.transformPen import TransformPen
    from fontTools.ttLib import TTFont

    pen = _PathPen()
    with TTFont(font.path, lazy=True, fontNumber=font.index) as tt:
        glyphs = tt.getGlyphSet()
        for line in lines:
            scale = line.size / font.units_per_em
            x = line.x
            for ch in line.text:
                name = font.cmap.get(ord(ch), ".notdef")
                if name in glyphs:
                    glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, x, line.baseline)))
                x += font.advance(ch) * line.size
    return tuple(pen.ops)


def _PathPen():  # noqa: N802 - a class made on first use: fontTools loads lazily
    from fontTools.pens.basePen import BasePen

    class PathPen(BasePen):
        """Collects moves, lines and cubic curves (BasePen turns quadratic curves into cubic)."""

        def __init__(self) -> None:
            super().__init__(glyphSet=None)
            self.ops: list[PathOp] = []

        def _add(self, op: str, *points) -> None:
            self.ops.append((op, tuple(round(float(v), DIGITS) for p in points for v in p)))

        def _moveTo(self, pt):
            self._add("M", pt)

        def _lineTo(self, pt):
            self._add("L", pt)

        def _curveToOne(self, pt1, pt2, pt3):
            self._add("C", pt1, pt2, pt3)

        def _closePath(self):
            self._add("Z")

        def _endPath(self):
            pass

    return PathPen()
