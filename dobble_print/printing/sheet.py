"""Sheets: where each card goes on which page, in page coordinates (mm, origin bottom-left, y up).

Geometry only; the renderer draws what this computes. Cards are imposed as a square grid or as
staggered (hexagonal) rows or columns, whichever holds more cards, centred on the sheet inside the
printable margin. Spare room is shared out between the cards, up to :data:`MAX_EXTRA_GAP`, so
scissors and the tick marks have space. Back sheets hold each card's back at the mirror image of its
front, so that after a duplex flip the back lands behind the front.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from dobble_print.card import CardShape, ShapeKind
from dobble_print.errors import DobbleError
from dobble_print.units import Paper

CARD_GAP = 2.0  # mm between neighbouring cut circles at the tightest: room for scissors
MAX_EXTRA_GAP = 8.0  # mm of spare room added at most to each gap when the sheet has it
BACK_BLEED = 2.0  # mm the back art runs past the cut line: duplex printers land 1-2 mm off
MAX_BLEED = 6.0  # mm; print shops ask for 3, home sheets fit about 2
TICK_LENGTH = 4.0  # mm, the longest a compass tick gets
TICK_MIN = 1.0  # mm; a tick that cannot be this long is left out rather than drawn as a dot
TICK_OFFSET = 1.0  # mm between the bleed edge and the start of a tick, so cutting removes it
TICK_CLEARANCE = 0.5  # mm a tick keeps from the line halfway to the next card
HAIRLINE = 0.1  # mm a tick keeps from the printable edge: its stroke is ~0.1 mm wide


class Arrangement(StrEnum):
    """How cards sit on a sheet."""

    GRID = "grid"
    STAGGERED_ROWS = "staggered rows"
    STAGGERED_COLUMNS = "staggered columns"


class Duplex(StrEnum):
    """Which edge the printer flips the sheet about for two-sided printing."""

    LONG = "long"
    SHORT = "short"


@dataclass(frozen=True)
class Segment:
    """A straight line from ``start`` to ``end``, mm on the page."""

    start: tuple[float, float]
    end: tuple[float, float]


@dataclass(frozen=True)
class CardSlot:
    """One card on one sheet.

    Attributes:
        card: index of the card in the deck.
        sheet: 0-based sheet number.
        center: card centre on the front page, mm from the bottom-left corner.
        back_center: centre of the card's back on the back page, or None without backs.
        ticks: cut ticks at the card's compass points (empty when ticks are off).
    """

    card: int
    sheet: int
    center: tuple[float, float]
    back_center: tuple[float, float] | None = None
    ticks: tuple[Segment, ...] = ()


@dataclass(frozen=True)
class Page:
    """One page of the PDF: ``kind`` is ``cover``, ``front`` or ``back``; ``sheet`` is 0-based."""

    kind: str
    sheet: int | None = None


@dataclass(frozen=True)
class SheetPlan:
    """All card positions of a deck, sheet by sheet, and the order of the PDF's pages.

    Attributes:
        bleed: how far the card colour runs past the cut line on fronts, mm.
        back_bleed: how far the back art runs past the cut line, mm (0 without backs).
        cut_circle: whether to draw the cut circle.
        duplex: the flip edge when backs are printed, else None.
        pages: every page in order; front and back pages name their sheet.
        card: the card's shape and size (its outline is drawn when ``cut_circle`` is set).
        cuts: straight cut lines, the same on every front sheet (square cards).
    """

    paper: Paper
    card: CardShape
    margin: float
    bleed: float
    back_bleed: float
    arrangement: Arrangement
    per_sheet: int
    sheet_count: int
    slots: tuple[CardSlot, ...]
    cut_circle: bool = True
    duplex: Duplex | None = None
    pages: tuple[Page, ...] = ()
    cuts: tuple[Segment, ...] = ()

    def page_number(self, kind: str, sheet: int) -> int:
        """1-based PDF page of the front or back of ``sheet``."""
        return self.pages.index(Page(kind, sheet)) + 1


def _grid(width: float, height: float, foot: float, pitch: float) -> list[tuple[float, float]]:
    """Centres of a square grid filling a width × height box from the top-left; origin = box."""
    cols = math.floor((width - foot) / pitch + 1e-9) + 1 if width >= foot else 0
    rows = math.floor((height - foot) / pitch + 1e-9) + 1 if height >= foot else 0
    return [(c * pitch, -r * pitch) for r in range(rows) for c in range(cols)]


def _staggered_rows(width: float, height: float, foot: float, pitch: float):
    """Hexagonal rows: every other row shifted by half a pitch; rows as close as that allows."""
    if width < foot or height < foot:
        return []
    rise = pitch * math.sqrt(3) / 2
    rows = math.floor((height - foot) / rise + 1e-9) + 1
    full = math.floor((width - foot) / pitch + 1e-9) + 1
    shifted = (
        math.floor((width - foot - pitch / 2) / pitch + 1e-9) + 1
        if width >= foot + pitch / 2
        else 0
    )
    out = []
    for r in range(rows):
        count, dx = (full, 0.0) if r % 2 == 0 else (shifted, pitch / 2)
        out += [(dx + c * pitch, -r * rise) for c in range(count)]
    return out


def _staggered_columns(width: float, height: float, foot: float, pitch: float):
    return [(-y, -x) for x, y in _staggered_rows(height, width, foot, pitch)]


_ARRANGERS = {
    Arrangement.GRID: _grid,
    Arrangement.STAGGERED_ROWS: _staggered_rows,
    Arrangement.STAGGERED_COLUMNS: _staggered_columns,
}


def _spread(values: list[float], room: float, foot: float, pitch: float) -> list[float]:
    """Stretch one axis of centres so that spare room goes into the gaps as well as the edges."""
    lo, hi = min(values), max(values)
    span = hi - lo
    spare = room - span - foot
    if span <= 0 or spare <= 0:
        return values
    steps = span / pitch  # gaps crossed along this axis (1.5 for a shifted row)
    extra = min(spare / (steps + 2), MAX_EXTRA_GAP)
    scale = 1 + extra / pitch
    return [lo + (v - lo) * scale for v in values]


def arrange(
    paper: Paper, *, footprint: float, pitch: float, margin: float
) -> tuple[Arrangement, list[tuple[float, float]]]:
    """Card centres on one sheet: the arrangement that fits the most, centred and spread.

    Args:
        footprint: diameter each card needs on the sheet (cut circle plus bleed), mm.
        pitch: smallest distance between two card centres, mm.
        margin: printable margin on every side, mm.
    """
    width, height = paper.width - 2 * margin, paper.height - 2 * margin
    best, centres = Arrangement.GRID, []
    for kind, arranger in _ARRANGERS.items():
        found = arranger(width, height, footprint, pitch)
        if len(found) > len(centres):  # ties keep the simpler, earlier arrangement
            best, centres = kind, found
    if not centres:
        return best, []
    xs = _spread([x for x, _ in centres], width, footprint, pitch)
    ys = _spread([y for _, y in centres], height, footprint, pitch)
    cx = paper.width / 2 - (min(xs) + max(xs)) / 2
    cy = paper.height / 2 - (min(ys) + max(ys)) / 2
    return best, [(x + cx, y + cy) for x, y in zip(xs, ys, strict=True)]


_COMPASS = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))


def _tick_reach(
    centre: tuple[float, float], u: tuple[float, float], others, paper: Paper, margin: float
) -> float:
    """How far from ``centre`` along ``u`` a tick may reach: inside the printable area and on
    this card's side of the halfway line to every other card on the sheet."""
    reach = math.inf
    for axis in (0, 1):
        if u[axis] > 0:
            reach = min(
                reach,
                ((paper.width, paper.height)[axis] - margin - HAIRLINE - centre[axis]) / u[axis],
            )
        elif u[axis] < 0:
            reach = min(reach, (centre[axis] - margin - HAIRLINE) / -u[axis])
    for other in others:
        vx, vy = other[0] - centre[0], other[1] - centre[1]
        dist = math.hypot(vx, vy)
        along = (u[0] * vx + u[1] * vy) / dist
        if along > 1e-9:
            reach = min(reach, (dist / 2 - TICK_CLEARANCE) / along)
    return reach


def compass_ticks(
    centre: tuple[float, float],
    others: list[tuple[float, float]],
    *,
    paper: Paper,
    radius: float,
    bleed: float,
    margin: float,
) -> tuple[Segment, ...]:
    """Short outward ticks at the card's four compass points, each shortened (or left out) so that
    it stays in the printable area and never reaches halfway to a neighbouring card."""
    start = radius + bleed + TICK_OFFSET
    ticks = []
    for u in _COMPASS:
        end = min(start + TICK_LENGTH, _tick_reach(centre, u, others, paper, margin))
        if end - start >= TICK_MIN:
            ticks.append(
                Segment(
                    (centre[0] + u[0] * start, centre[1] + u[1] * start),
                    (centre[0] + u[0] * end, centre[1] + u[1] * end),
                )
            )
    return tuple(ticks)


def mirror(
    point: tuple[float, float], paper: Paper, duplex: Duplex, offset: tuple[float, float]
) -> tuple[float, float]:
    """Where the back of a point lands on the back page: long-edge flip (W−x, y), short-edge
    flip (x, H−y), then moved by the user's ``offset`` to correct a printer."""
    x, y = point
    if duplex is Duplex.LONG:
        x = paper.width - x
    else:
        y = paper.height - y
    return (x + offset[0], y + offset[1])


def page_order(sheet_count: int, *, cover_pages: int, backs: bool) -> tuple[Page, ...]:
    """The PDF's pages: the cover, then each front sheet followed by its back sheet."""
    pages = [Page("cover")] * cover_pages
    for s in range(sheet_count):
        pages.append(Page("front", s))
        if backs:
            pages.append(Page("back", s))
    return tuple(pages)


def plan_sheets(
    card_count: int,
    *,
    paper: Paper,
    card: CardShape,
    margin: float = 5.0,
    bleed: float = 0.0,
    cut_circle: bool = True,
    ticks: bool = True,
    duplex: Duplex | None = None,
    back_offset: tuple[float, float] = (0.0, 0.0),
    cover_pages: int = 0,
) -> SheetPlan:
    """Impose ``card_count`` round cards on as few sheets as possible.

    Cards of another shape tile the sheet edge to edge (:mod:`tiled_sheets`).

    Args:
        bleed: how far the card colour runs past the cut line, mm.
        duplex: print backs, mirrored for this flip edge; None for no backs.
        back_offset: (x, y) mm added to every back position to correct a printer.
        cover_pages: how many cover pages come first (they shift the page numbers).

    Raises:
        DobbleError: when not even one card fits inside the printable area, or a back offset would
            push backs off the paper.
    """
    if not 0 <= bleed <= MAX_BLEED:
        raise DobbleError(
            f"--bleed {bleed:g}mm is out of range; use 0 to {MAX_BLEED:g} mm "
            "(2 mm suits home printers)"
        )
    if not 0 <= margin <= min(paper.width, paper.height) / 4:
        raise DobbleError(
            f"--margin {margin:g}mm is out of range for {paper.name} paper; "
            "5 mm suits most printers"
        )
    back_bleed = max(BACK_BLEED, bleed) if duplex else 0.0
    if card.kind is not ShapeKind.CIRCLE:
        from dobble_print.printing.tiled_sheets import plan_tiles

        return plan_tiles(
            card_count,
            shape=card,
            paper=paper,
            margin=margin,
            bleed=bleed,
            back_bleed=back_bleed,
            cut_outline=cut_circle,
            ticks=ticks,
            duplex=duplex,
            back_offset=back_offset,
            cover_pages=cover_pages,
        )
    reach = max(bleed, back_bleed)  # ink beyond the cut line, front or back
    footprint = card.size + 2 * reach
    pitch = card.size + max(CARD_GAP, 2 * reach)
    arrangement, centres = arrange(paper, footprint=footprint, pitch=pitch, margin=margin)
    if not centres:
        raise DobbleError(
            f"--card-size {card.size:g}mm does not fit on {paper.name} paper inside a "
            f"{margin:g} mm margin; choose a smaller card or larger paper"
        )
    per = len(centres)
    radius = card.size / 2
    marks = {
        c: compass_ticks(
            c,
            [o for o in centres if o != c],
            paper=paper,
            radius=radius,
            bleed=bleed,
            margin=margin,
        )
        if ticks
        else ()
        for c in centres
    }
    slots = []
    for i in range(card_count):
        c = centres[i % per]
        back = mirror(c, paper, duplex, back_offset) if duplex else None
        slots.append(CardSlot(i, i // per, c, back, marks[c]))
    if duplex:
        _check_backs_on_paper(slots, paper, radius + back_bleed, back_offset)
    sheets = math.ceil(card_count / per)
    return SheetPlan(
        paper,
        card,
        margin,
        bleed,
        back_bleed,
        arrangement,
        per,
        sheets,
        tuple(slots),
        cut_circle,
        duplex,
        page_order(sheets, cover_pages=cover_pages, backs=duplex is not None),
    )


def _check_backs_on_paper(slots, paper: Paper, reach: float, offset: tuple[float, float]) -> None:
    for slot in slots:
        x, y = slot.back_center
        if x - reach < 0 or y - reach < 0 or x + reach > paper.width or y + reach > paper.height:
            raise DobbleError(
                f"--back-offset {offset[0]:g},{offset[1]:g} moves card backs off the paper; "
                "use an offset of a few millimetres at most"
            )
