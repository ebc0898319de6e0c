"""Imposing cards that tile the plane: squares (and rounded squares) and hexagons share edges.

Geometry only, in page mm, like :mod:`sheet` (which calls :func:`plan_tiles` for any
card that is not round). Cards sit edge to edge with no gap, so one cut serves two cards: squares
in a grid whose cut lines run straight across the printable area (a paper cutter or a guillotine
makes every cut in one pass, and the lines reach the sheet edges where the blade lines up), pointy
hexagons in rows offset by half a card, as a honeycomb. Bleed only grows the block's outer edge:
neighbours' colours meet at the shared cut line.
"""

from __future__ import annotations

import math

from dobble_print.card import CardShape, ShapeKind
from dobble_print.errors import DobbleError
from dobble_print.units import Paper

HAIRLINE = 0.1  # mm a line keeps from the printable edge: its stroke is ~0.1 mm wide
TICK_OFFSET = 1.0  # mm between the block's bleed edge and a guide outside it
TICK_MIN = 1.0  # mm; a guide that cannot be this long is left out


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
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Straight cut lines of a square grid, as (start, end) in page mm.

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
    return lines


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


def check_fits(centres: list, shape: CardShape, paper: Paper, margin: float) -> None:
    """Raises DobbleError when not one card fits."""
    if not centres:
        raise DobbleError(
            f"--card-size {shape.size:g}mm {shape.kind.value} cards do not fit on {paper.name} "
            f"paper inside a {margin:g} mm margin; choose a smaller card or larger paper"
        )


def plan_tiles(
    card_count: int,
    *,
    shape: CardShape,
    paper: Paper,
    margin: float,
    bleed: float,
    back_bleed: float,
    cut_outline: bool,
    ticks: bool,
    duplex,
    back_offset: tuple[float, float],
    cover_pages: int,
):
    """The :class:`~sheet.SheetPlan` of cards that tile (see the module docstring).

    ``cut_outline`` draws each card's outline (for squares: the straight lines across the
    sheet); ``ticks`` adds guides at the sheet edges where the outline does not reach them.
    """
    from dobble_print.printing.sheet import (
        Arrangement,
        CardSlot,
        Segment,
        SheetPlan,
        _check_backs_on_paper,
        mirror,
        page_order,
    )

    reach = max(bleed, back_bleed)
    centres = tile_centres(shape, paper, margin=margin, reach=reach)
    check_fits(centres, shape, paper, margin)
    square = shape.kind is ShapeKind.SQUARE
    lines = []
    if (square and (cut_outline or ticks)) or (shape.kind is ShapeKind.ROUNDED and ticks):
        lines = cut_lines(
            shape, centres, paper, margin=margin, reach=reach, across=square and cut_outline
        )
    per = len(centres)
    slots = []
    for i in range(card_count):
        c = centres[i % per]
        back = mirror(c, paper, duplex, back_offset) if duplex else None
        slots.append(CardSlot(i, i // per, c, back))
    if duplex:
        _check_backs_on_paper(slots, paper, max(shape.half_extent) + back_bleed, back_offset)
    sheets = math.ceil(card_count / per)
    return SheetPlan(
        paper,
        shape,
        margin,
        bleed,
        back_bleed,
        Arrangement.STAGGERED_ROWS if shape.kind is ShapeKind.HEXAGON else Arrangement.GRID,
        per,
        sheets,
        tuple(slots),
        cut_outline and not square,
        duplex,
        page_order(sheets, cover_pages=cover_pages, backs=duplex is not None),
        tuple(Segment(a, b) for a, b in lines),
    )
