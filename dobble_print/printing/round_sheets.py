"""Round cards on a sheet: a square grid or staggered (hexagonal) rows or columns; compass ticks.

Whichever arrangement holds more cards wins, centred inside the printable margin. Round cards
share no edge, so each has its own cut; spare room is shared out between the cards, up to
:data:`MAX_EXTRA_GAP`, so scissors and the tick marks have space.
"""

from __future__ import annotations

import math

from dobble_print.card import CardShape
from dobble_print.printing.paper import Paper
from dobble_print.printing.sheet import (
    HAIRLINE,
    TICK_MIN,
    TICK_OFFSET,
    Arrangement,
    Segment,
    SheetPattern,
)

CARD_GAP = 2.0  # mm between neighbouring cut circles at the tightest: room for scissors
MAX_EXTRA_GAP = 8.0  # mm of spare room added at most to each gap when the sheet has it
TICK_LENGTH = 4.0  # mm, the longest a compass tick gets
TICK_CLEARANCE = 0.5  # mm a tick keeps from the line halfway to the next card


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
    best, centres = Arrangement.GRID, list[tuple[float, float]]()
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
    it stays in the printable area and never reaches halfway to a neighbouring card.

    Ticks on one line only (top and bottom) or none at all cannot centre a circle punch, which is
    all that guides a punch deck's cards (no printed ring): such a card gets ticks in the gaps
    its neighbours leave (:func:`_gap_ticks`), where compass ticks found no room.
    """
    start = radius + bleed + TICK_OFFSET
    ticks = [_tick(centre, u, start, others, paper, margin) for u in _COMPASS]
    found = [(u, t) for u, t in zip(_COMPASS, ticks, strict=True) if t is not None]
    if len({_axis(u) for u, _ in found}) < 2:
        found += _gap_ticks(centre, [u for u, _ in found], start, others, paper, margin)
    return tuple(t for _, t in found)


GAP_STEP = 15  # degrees between the directions tried for ticks in the gaps between cards
GAP_SPREAD = 40  # degrees at least between two ticks of one card


def _tick(centre, u, start: float, others, paper: Paper, margin: float) -> Segment | None:
    """The tick from ``start`` out along ``u``, as long as it may be; None when too short."""
    end = min(start + TICK_LENGTH, _tick_reach(centre, u, others, paper, margin))
    if end - start < TICK_MIN:
        return None
    return Segment(
        (centre[0] + u[0] * start, centre[1] + u[1] * start),
        (centre[0] + u[0] * end, centre[1] + u[1] * end),
    )


def _axis(u: tuple[float, float]) -> int:
    """The direction of ``u`` in whole degrees, modulo 180 (a line's two ends are one axis)."""
    return round(math.degrees(math.atan2(u[1], u[0]))) % 180


def _gap_ticks(centre, taken, start: float, others, paper: Paper, margin: float):
    """Ticks in other directions, longest first, each at least :data:`GAP_SPREAD` from the
    others, until the card has four: ``(direction, tick)`` pairs."""
    tried = []
    for step in range(360 // GAP_STEP):
        a = math.radians(step * GAP_STEP)
        u = (round(math.cos(a), 12), round(math.sin(a), 12))
        tick = _tick(centre, u, start, others, paper, margin) if u not in _COMPASS else None
        if tick is not None:
            length = math.dist(tick.start, tick.end)
            tried.append((-round(length, 6), step, u, tick))
    found, chosen = [], list(taken)
    for _, _, u, tick in sorted(tried, key=lambda t: t[:2]):
        if len(chosen) >= len(_COMPASS):
            break
        if all(_apart(u, v) >= GAP_SPREAD for v in chosen):
            chosen.append(u)
            found.append((u, tick))
    return found


def _apart(u: tuple[float, float], v: tuple[float, float]) -> float:
    """The angle between two unit directions, degrees."""
    return math.degrees(math.acos(max(-1.0, min(1.0, u[0] * v[0] + u[1] * v[1]))))


def round_pattern(
    card: CardShape,
    paper: Paper,
    *,
    margin: float,
    bleed: float,
    reach: float,
    cut_circle: bool,
    ticks: bool,
) -> SheetPattern:
    """The cards of one sheet and their guides.

    Args:
        bleed: how far the card colour runs past the cut line on fronts (ticks start past it), mm.
        reach: how far ink runs past the cut line, front or back, mm.
        cut_circle: draw each card's cut circle.
        ticks: draw compass ticks.
    """
    footprint = card.size + 2 * reach
    pitch = card.size + max(CARD_GAP, 2 * reach)
    arrangement, centres = arrange(paper, footprint=footprint, pitch=pitch, margin=margin)
    marks: tuple[tuple[Segment, ...], ...] = ((),) * len(centres)
    if ticks:
        start = card.size / 2 + bleed + TICK_OFFSET
        near = _near(centres, 2 * (start + TICK_LENGTH + TICK_CLEARANCE) + 1.0)
        marks = tuple(
            compass_ticks(c, near(c), paper=paper, radius=card.size / 2, bleed=bleed, margin=margin)
            for c in centres
        )
    return SheetPattern(arrangement, tuple(centres), marks, outline=cut_circle)


def _near(centres: list[tuple[float, float]], within: float):
    """A function giving the other centres closer to a centre than ``within`` (and some a
    little farther), from square cells of that size: a card farther off than twice a tick's
    longest reach cannot shorten it, so the ticks of a sheet cost as many cells as it has cards,
    not every pair of its cards (2,000 cards of 25 mm fill plotter paper)."""
    cells: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for c in centres:
        cells.setdefault((math.floor(c[0] / within), math.floor(c[1] / within)), []).append(c)

    def near(c: tuple[float, float]) -> list[tuple[float, float]]:
        i, j = math.floor(c[0] / within), math.floor(c[1] / within)
        return [
            o
            for di in (-1, 0, 1)
            for dj in (-1, 0, 1)
            for o in cells.get((i + di, j + dj), ())
            if o != c
        ]

    return near
