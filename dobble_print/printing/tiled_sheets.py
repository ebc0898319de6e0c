"""Cards that tile the plane on a sheet: squares (and rounded squares) and hexagons share edges.

Cards sit edge to edge with no gap, so one cut serves two cards: squares in a grid whose cut lines
run straight across the printable area (a paper cutter or a guillotine makes every cut in one pass,
and the lines reach the sheet edges where the blade lines up), pointy hexagons in rows offset by
half a card, as a honeycomb. Bleed only grows the block's outer edge: neighbours' colours meet at
the shared cut line.
"""

from __future__ import annotations

import math

from dobble_print.card import CardShape, ShapeKind
from dobble_print.printing.paper import Paper
from dobble_print.printing.sheet import (
    HAIRLINE,
    TICK_MIN,
    TICK_OFFSET,
    Arrangement,
    Segment,
    SheetPattern,
)


def _square_grid(shape: CardShape, width: float, height: float) -> list[tuple[float, float]]:
    s = shape.size
    cols, rows = math.floor(width / s + 1e-9), math.floor(height / s + 1e-9)
    return [((c + 0.5) * s, -(r + 0.5) * s) for r in range(rows) for c in range(cols)]


def _honeycomb(shape: CardShape, width: float, height: float) -> list[tuple[float, float]]:
    """Pointy hexagons in rows offset by half a card; the first row full or shifted, whichever
    holds more."""
    f = shape.size
    hh = shape.half_extent[1]
    if width < f or height < 2 * hh:
        return []
    rows = math.floor((height - 2 * hh) / (1.5 * hh) + 1e-9) + 1
    best: list[tuple[float, float]] = []
    for first in (0, 1):
        out = []
        for r in range(rows):
            shift = f / 2 if (r + first) % 2 else 0.0
            count = math.floor((width - shift) / f + 1e-9)
            out += [(shift + (c + 0.5) * f, -(hh + 1.5 * hh * r)) for c in range(count)]
        if len(out) > len(best):
            best = out
    return best


def tile_centres(
    shape: CardShape, paper: Paper, *, margin: float, reach: float
) -> list[tuple[float, float]]:
    """Card centres on one sheet, the block centred inside the printable area.

    Args:
        reach: how far ink runs past the block's outer cut lines (bleed), mm.
    """
    width = paper.width - 2 * (margin + reach)
    height = paper.height - 2 * (margin + reach)
    arrange = _honeycomb if shape.kind is ShapeKind.HEXAGON else _square_grid
    centres = arrange(shape, width, height)
    if not centres:
        return []
    hw, hh = shape.half_extent
    x0, x1 = min(x for x, _ in centres) - hw, max(x for x, _ in centres) + hw
    y0, y1 = min(y for _, y in centres) - hh, max(y for _, y in centres) + hh
    dx, dy = paper.width / 2 - (x0 + x1) / 2, paper.height / 2 - (y0 + y1) / 2
    return [(x + dx, y + dy) for x, y in centres]


def cut_lines(
    shape: CardShape,
    centres: list[tuple[float, float]],
    paper: Paper,
    *,
    margin: float,
    reach: float,
    across: bool,
) -> list[Segment]:
    """Straight cut lines of a square grid, in page mm.

    With ``across`` each line runs from printable edge to printable edge, straight through the
    block (square cards: every cut is one pass). Without, only the parts outside the block and its
    bleed are drawn, as guides at the sheet edges (rounded cards, whose corners are cut apart).
    """
    if shape.kind not in (ShapeKind.SQUARE, ShapeKind.ROUNDED) or not centres:
        return []
    h = shape.size / 2
    xs = sorted({round(x + d, 6) for x, _ in centres for d in (-h, h)})
    ys = sorted({round(y + d, 6) for _, y in centres for d in (-h, h)})
    lo_x, hi_x = margin + HAIRLINE, paper.width - margin - HAIRLINE
    lo_y, hi_y = margin + HAIRLINE, paper.height - margin - HAIRLINE
    lines = []
    for x in xs:
        lines += _pieces(((x, lo_y), (x, hi_y)), 1, ys[0] - reach, ys[-1] + reach, across)
    for y in ys:
        lines += _pieces(((lo_x, y), (hi_x, y)), 0, xs[0] - reach, xs[-1] + reach, across)
    return [Segment(a, b) for a, b in lines]


def _pieces(line, axis: int, block_lo: float, block_hi: float, across: bool):
    """The whole line, or its two ends outside ``block_lo``–``block_hi`` along ``axis``."""
    (a, b) = line
    if across:
        return [line]
    out = []
    start, end = a[axis], b[axis]

    def point(v: float) -> tuple[float, float]:
        return (v, a[1]) if axis == 0 else (a[0], v)

    if block_lo - TICK_OFFSET - start >= TICK_MIN:
        out.append((point(start), point(block_lo - TICK_OFFSET)))
    if end - (block_hi + TICK_OFFSET) >= TICK_MIN:
        out.append((point(block_hi + TICK_OFFSET), point(end)))
    return out


def tiled_pattern(
    card: CardShape,
    paper: Paper,
    *,
    margin: float,
    reach: float,
    cut_outline: bool,
    ticks: bool,
) -> SheetPattern:
    """The cards of one sheet and their guides (see the module docstring).

    Args:
        reach: how far ink runs past the block's outer cut lines, front or back, mm.
        cut_outline: draw each card's outline (for squares: the straight lines across the sheet).
        ticks: add guides at the sheet edges where the outline does not reach them.
    """
    centres = tile_centres(card, paper, margin=margin, reach=reach)
    square = card.kind is ShapeKind.SQUARE
    lines = []
    if (square and (cut_outline or ticks)) or (card.kind is ShapeKind.ROUNDED and ticks):
        lines = cut_lines(
            card, centres, paper, margin=margin, reach=reach, across=square and cut_outline
        )
    hexagon = card.kind is ShapeKind.HEXAGON
    return SheetPattern(
        Arrangement.STAGGERED_ROWS if hexagon else Arrangement.GRID,
        tuple(centres),
        ((),) * len(centres),
        tuple(lines),
        outline=cut_outline and not square,
    )
