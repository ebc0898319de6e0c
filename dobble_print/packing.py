"""Packing one card: put shapes of given sizes inside the safe disc, as tightly as they go.

The card is an occupancy grid (about 0.5 mm a cell on an 85 mm card; the cell is chosen so the
clearance is a whole number of cells, since gaps on a grid come in whole cells). A placed shape
blocks the cells its ink touches *and* every cell whose square comes closer than the clearance to
one of them; the rim blocks every cell not wholly inside the safe disc. Shapes are rasterised
conservatively (:mod:`dobble_print.shapes`), so "no blocked cell under the new shape's ink"
guarantees at least the clearance between the inks on paper, and no ink past the safe circle.

The grid's questions (where does this shape fit; does it fit a cell further on) are answered by
compiled loops over the shape's runs of cells (:mod:`dobble_print.occupancy`): a run is tested with
one look-up, and a blocked run skips every position that would put it on the same blocked cell.

1. **Place, largest first.** For each shape a few random angles are tried. For each angle every
   free position is found; among them it takes the one with the most contact, the share of a thin
   ring of cells around the shape that is blocked, so it presses against the rim and the ink
   already placed and leaves no sliver of unusable room (a little noise breaks ties; only
   positions on the edge of the free region can touch anything, so only they are scored). The
   best over the angles wins.
2. **Shrink when stuck.** The wanted sizes start ambitious. When a shape fits nowhere, every shape
   becomes 8 % smaller, the placed ones in place (same centre and angle), and it tries again: the
   card settles at about the largest scale its shapes can be placed at, with sizes in proportion.
3. **Grow.** Shrinking leaves slack, and grid positions leave up to a cell of it at every contact.
   So, smallest first, each shape grows by 5 % and then 1.5 % steps while it still fits with its
   centre moved by at most two cells (the 25 moves tried nearest first), keeping the largest shape
   within ``spread`` times the smallest.
4. **Take out and put back.** Growing in place strands holes a shape cannot reach. So each shape
   in turn, furthest below its wanted size first, is taken out and put back *anywhere*, at the
   largest size that fits (bisected; a step stops at the first free position) within the spread;
   after each round everything grows again, for a few rounds or until no shape gains. Its old
   place is still free, so nothing shrinks. With contact placement this adds about a tenth to the
   coverage (default icons 0.41 → 0.45).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from dobble_print import occupancy
from dobble_print.occupancy import PAD
from dobble_print.shapes import CellMask, Shape, rasterise

GRID = 160  # cells across the card's safe disc (FFT-friendly: 2^5·5)
SAFETY = 0.05  # mm added to the clearance and kept from the safe circle: resampling for print
GROW_STEPS = (0.05, 0.015)
NUDGE = 2  # cells a growing shape may move
CONTACT = 2  # width in cells of the ring around a shape whose blocked share scores a position
SHRINK = 0.92  # when a shape fits nowhere, every shape shrinks by this and it tries again
MAX_SHRINKS = 40  # cells around a position looked at to judge how tightly a shape would sit there


@dataclass(frozen=True, eq=False)
class Board:
    """The card's occupancy grid.

    Attributes:
        cell: cell side, mm.
        size: cells per side; the card centre is at (size/2, size/2) in cell units.
        safe_radius: radius of the safe disc, mm.
        rim: bool (size, size), True where no ink may go (outside the safe disc).
        rects: (height, width) rectangles whose union is the clearance zone around an ink cell.
        reach: cells the clearance zone extends on each side.
    """

    cell: float
    size: int
    safe_radius: float
    rim: np.ndarray
    rects: tuple[tuple[int, int], ...]
    reach: int


@dataclass(frozen=True)
class Spot:
    """Where a packed shape sits: picture centre (mm from the card centre, y up), size and angle.

    ``size`` is the √ink-area in mm; ``height`` the drawn height of the whole picture.
    """

    center: tuple[float, float]
    size: float
    height: float
    angle: float


def make_board(
    safe_radius: float, clearance: float, cells: int = GRID, *, depth: Depth | None = None
) -> Board:
    """The grid for a safe disc of ``safe_radius`` mm and ``clearance`` mm between inks.

    The cell is about ``2·safe_radius / cells`` but adjusted so that the clearance is a whole number
    of cells: gaps on the grid come in whole cells, and a clearance of 2.1 cells would cost 3.

    ``depth`` makes the safe area another convex shape (a hexagon, a square): ``depth(x, y)`` is
    how far inside it each point (mm from the card centre) lies, and ``safe_radius`` is then half
    the wider side of its bounding box.
    """
    need = clearance + SAFETY
    cell = 2 * safe_radius / (cells - 2)
    if round(need / cell) >= 1:
        cell = need / round(need / cell)
    size = math.ceil(2 * safe_radius / cell) + 2
    size += size % 2  # even, so the card centre is a cell corner
    edges = (np.arange(size + 1) - size / 2) * cell
    far = np.maximum(np.abs(edges[:-1]), np.abs(edges[1:]))  # farthest edge of each cell
    rim = np.hypot(far[None, :], far[:, None]) > safe_radius - SAFETY
    if depth is not None:
        rim = _outside(depth, edges)
    # Two cells are too close when the gap between their squares, sqrt(max(|dx|-1, 0)² + …) cells,
    # is under the clearance: a rounded square, the union of a few rectangles.
    gap = need / cell - 1e-6
    rects = []
    for dy in range(math.ceil(gap) + 1):
        rest = gap**2 - max(dy - 1, 0) ** 2
        if rest > 0:
            rects.append((2 * dy + 1, 2 * math.ceil(math.sqrt(rest)) + 1))
    rects = [r for r in rects if not any(o != r and o[0] >= r[0] and o[1] >= r[1] for o in rects)]
    reach = max(max(h, w) for h, w in rects) // 2
    return Board(cell, size, safe_radius, rim, tuple(rects), reach)


Depth = Callable[[np.ndarray, np.ndarray], np.ndarray]


def _outside(depth: Depth, edges: np.ndarray) -> np.ndarray:
    """Cells not wholly inside a convex safe area: a corner closer than ``SAFETY`` to its edge
    (for a convex area, four corners inside put the whole cell inside)."""
    d = depth(edges[None, :], edges[:, None])
    inner = np.minimum(np.minimum(d[:-1, :-1], d[1:, :-1]), np.minimum(d[:-1, 1:], d[1:, 1:]))
    return inner < SAFETY


def _kernel(board: Board) -> np.ndarray:
    """The clearance zone around one ink cell, as a centred odd square of booleans."""
    k = board.reach
    out = np.zeros((2 * k + 1, 2 * k + 1), bool)
    for h, w in board.rects:
        out[k - h // 2 : k + h // 2 + 1, k - w // 2 : k + w // 2 + 1] = True
    return out


def zone(board: Board, cells: np.ndarray) -> np.ndarray:
    """Cells within the clearance of ``cells``' ink, padded by ``board.reach`` on every side."""
    return occupancy.dilate(np.ascontiguousarray(cells, dtype=bool), _kernel(board))


@dataclass
class _Item:
    """A shape on the card while packing (mutable scratch; never leaves this module)."""

    shape: Shape
    size: float
    angle: float = 0.0
    mask: CellMask | None = None
    runs: np.ndarray | None = None
    origin: tuple[int, int] = (0, 0)  # (row, col) of the mask's corner on the grid
    zone: np.ndarray | None = None


class _Card:
    """Occupancy bookkeeping: how many placed shapes' clearance zones cover each cell, and the
    blocked frame (:func:`occupancy.frame`), brought up to date only on the rows that changed.

    Packing takes a shape out, asks where it fits, and often puts it back unchanged; the frame's
    rows under it are then restored from a copy instead of recomputed.
    """

    def __init__(self, board: Board, rng: np.random.Generator) -> None:
        self.board = board
        self.kernel = _kernel(board)
        self.count = np.zeros((board.size, board.size), np.int16)
        self.noise = rng.random((board.size, board.size)) * 0.02
        self._frame = occupancy.frame(self.count, board.rim, PAD)
        self._dirty: tuple[int, int] | None = None  # grid rows changed since the frame was made
        self._out: tuple[_Item, np.ndarray] | None = None  # taken out, and its frame rows before

    def _rows(self, item: _Item) -> tuple[int, int]:
        r = item.origin[0] - self.board.reach
        return max(r, 0), min(r + item.zone.shape[0], self.board.size)

    def _touch(self, rows: tuple[int, int]) -> None:
        d = self._dirty
        self._dirty = rows if d is None else (min(d[0], rows[0]), max(d[1], rows[1]))

    def add(self, item: _Item, same: bool = False) -> None:
        if not same:  # else the zone is still the one it had when removed
            item.zone = occupancy.dilate(item.mask.cells, self.kernel)
        k = self.board.reach
        occupancy.add_zone(self.count, item.zone, item.origin[0] - k, item.origin[1] - k, 1)
        lo, hi = self._rows(item)
        if same and self._out is not None and self._out[0] is item:  # back where it was
            self._frame[:, lo + PAD : hi + PAD] = self._out[1]
            self._dirty = None
        else:
            self._touch((lo, hi))
        self._out = None

    def remove(self, item: _Item) -> None:
        self.frame()  # up to date, so the copy below is the frame with the item in
        lo, hi = self._rows(item)
        self._out = (item, self._frame[:, lo + PAD : hi + PAD].copy())
        k = self.board.reach
        occupancy.add_zone(self.count, item.zone, item.origin[0] - k, item.origin[1] - k, -1)
        self._touch((lo, hi))

    def frame(self) -> np.ndarray:
        if self._dirty is not None:
            occupancy.refresh(self._frame, self.count, self.board.rim, PAD, *self._dirty)
            self._dirty = None
        return self._frame


def _mask(item: _Item, board: Board, size: float, angle: float) -> tuple[CellMask, np.ndarray]:
    mask = rasterise(item.shape, item.shape.height_for(size), angle, board.cell)
    return mask, occupancy.runs_of(mask.cells)


def _best_position(card: _Card, mask: CellMask, runs: np.ndarray):
    """(contact, row, col) of the free corner for ``mask`` with the most contact, or None.

    Contact is the share of the cells just around the shape (a ring ``CONTACT`` cells wide) that
    are blocked: a shape pressed against the rim and its neighbours leaves no sliver of free room
    beside it (the frame around the grid counts as blocked, like the rim it borders).
    """
    h, w = mask.cells.shape
    if h > card.board.size or w > card.board.size:
        return None
    ring = occupancy.ring_runs(mask.cells, CONTACT)
    total = float((ring[:, 2] - ring[:, 1]).sum())
    score, r, c = occupancy.best_corner(card.frame(), runs, ring, total, h, w, PAD, card.noise)
    return None if r < 0 else (score, r, c)


def _fits_anywhere(card: _Card, mask: CellMask, runs: np.ndarray) -> bool:
    h, w = mask.cells.shape
    g = card.board.size
    return h <= g and w <= g and occupancy.any_fit(card.frame(), runs, h, w, PAD)


def _place(card: _Card, item: _Item, angles: Sequence[float]) -> bool:
    """Put ``item`` at its best position over ``angles``; False when it fits nowhere."""
    best = None
    for angle in angles:
        mask, runs = _mask(item, card.board, item.size, angle)
        found = _best_position(card, mask, runs)
        if found and (best is None or found[0] > best[0]):
            best = (found[0], angle, mask, runs, (found[1], found[2]))
    if best is None:
        return False
    _, item.angle, item.mask, item.runs, item.origin = best
    card.add(item)
    return True


def _fits_near(
    card: _Card, item: _Item, mask: CellMask, runs: np.ndarray, nudge: int = NUDGE
) -> tuple[int, int] | None:
    """A free corner for ``mask`` with the picture centre at most ``nudge`` cells from where it is
    now, nearest first; None when there is none."""
    r = item.origin[0] + round(item.mask.centre[1] - mask.centre[1])
    c = item.origin[1] + round(item.mask.centre[0] - mask.centre[0])
    h, w = mask.cells.shape
    offsets = _OFFSETS if nudge else _OFFSETS[:1]
    rr, cc = occupancy.fits_near(card.frame(), runs, h, w, PAD, r, c, offsets)
    return None if rr < 0 else (int(rr), int(cc))


_OFFSETS = np.array(
    sorted(
        ((dr, dc) for dr in range(-NUDGE, NUDGE + 1) for dc in range(-NUDGE, NUDGE + 1)),
        key=lambda o: (o[0] ** 2 + o[1] ** 2, o),
    ),
    np.int64,
)


def _grow(card: _Card, items: list[_Item], spread: float) -> None:
    """Enlarge shapes in place, smallest first, while they fit and the size spread allows."""
    steps = {i: 0 for i in range(len(items))} if GROW_STEPS else {}
    while steps:
        for i in sorted(steps, key=lambda j: (items[j].size, j)):
            it = items[i]
            limit = min(x.size for x in items) * spread
            new = min(it.size * (1 + GROW_STEPS[steps[i]]), limit)
            if new <= it.size * 1.005:
                del steps[i]
                continue
            card.remove(it)
            mask, runs = _mask(it, card.board, new, it.angle)
            spot = _fits_near(card, it, mask, runs)
            if spot is not None:
                it.size, it.mask, it.runs, it.origin = new, mask, runs, spot
                card.add(it)
                continue
            card.add(it, same=True)
            if steps[i] + 1 < len(GROW_STEPS):
                steps[i] += 1
            else:
                del steps[i]


def _shrink(card: _Card, placed: Sequence[_Item], waiting: Sequence[_Item]) -> None:
    """Make every shape ``SHRINK`` smaller: placed ones in place (unless the smaller one would not
    fit there, which only odd shapes do), so that the one that did not fit finds room."""
    for it in waiting:
        it.size *= SHRINK
    for it in placed:
        card.remove(it)
        mask, runs = _mask(it, card.board, it.size * SHRINK, it.angle)
        spot = _fits_near(card, it, mask, runs, 0)
        if spot is not None:
            it.size, it.mask, it.runs, it.origin = it.size * SHRINK, mask, runs, spot
            card.add(it)
        else:
            card.add(it, same=True)


TRIES = 3  # random angles tried for each shape when it is first placed
REINSERTS = 3  # rounds of taking every shape out and putting it back bigger
REINSERT_TRIES = 2  # new angles tried, besides its own, for a shape put back
MIN_GAIN = 0.02  # a shape is put back only when it can grow at least this much
SEARCH = 5  # bisection steps on the size of a shape put back
SEARCH_STOP = 0.01  # bisection ends when the bounds are this close


def _largest_fit(card: _Card, item: _Item, lo: float, hi: float, angles: Sequence[float]):
    """The largest size in (lo, hi] at which ``item`` fits anywhere at one of ``angles``, as
    (size, angle, mask, origin) at its best position; None when it cannot gain ``MIN_GAIN``.

    Tries ``lo`` plus ``MIN_GAIN`` first (most shapes cannot gain at all), then ``hi``, then
    bisects geometrically. A size's test is one correlation per angle; only the final size's free
    positions are scored.
    """
    tested: dict[tuple[float, float], tuple | None] = {}  # (size, angle) -> (mask, runs)

    def fits(size: float, angle: float):
        if (size, angle) not in tested:
            mask, runs = _mask(item, card.board, size, angle)
            tested[size, angle] = (mask, runs) if _fits_anywhere(card, mask, runs) else None
        return tested[size, angle]

    def fits_any(size: float) -> bool:  # stops at the first angle that fits
        return any(fits(size, angle) is not None for angle in angles)

    lo = min(lo * (1 + MIN_GAIN), hi)
    if not fits_any(lo):
        return None
    size = hi
    for _ in range(SEARCH):
        if hi <= lo * (1 + SEARCH_STOP):
            break
        if fits_any(size):
            lo = size
        else:
            hi = size
        size = math.sqrt(lo * hi)
    top = None
    for angle in angles:  # every angle that fits at the size found competes for the best spot
        fit = fits(lo, angle)
        pos = _best_position(card, *fit) if fit is not None else None
        if pos and (top is None or pos[0] > top[0]):
            top = (pos[0], angle, *fit, (pos[1], pos[2]))
    return lo, *top[1:]


def _reinsert(
    card: _Card,
    items: list[_Item],
    targets: Sequence[float],
    caps: Sequence[float],
    rng: np.random.Generator,
    spread: float,
) -> None:
    """Take each shape out in turn (furthest below its wanted size first) and put it back anywhere
    at the largest size that fits within the spread; after each round everything grows again.
    A shape's old place is always still free, so no shape ever gets smaller."""
    for _ in range(REINSERTS):
        gained = False
        for i in sorted(range(len(items)), key=lambda j: (items[j].size / targets[j], j)):
            it = items[i]
            hi = min((x.size for x in items if x is not it), default=it.size) * spread
            if hi <= it.size * (1 + MIN_GAIN):
                continue
            card.remove(it)
            angles = [it.angle, *_angles(caps[i], REINSERT_TRIES, rng)]
            found = _largest_fit(card, it, it.size, hi, angles)
            if found is None:
                card.add(it, same=True)
                continue
            it.size, it.angle, it.mask, it.runs, it.origin = found
            card.add(it)
            gained = True
        if not gained:
            return
        _grow(card, items, spread)


def _angles(cap: float, count: int, rng: np.random.Generator) -> list[float]:
    """``count`` random angles within ±``cap`` degrees (just 0 when the cap is 0)."""
    if cap <= 0:
        return [0.0]
    return [float(a) for a in rng.uniform(-cap, cap, count)]


def pack(
    board: Board,
    shapes: Sequence[Shape],
    sizes: Sequence[float],
    caps: Sequence[float],
    rng: np.random.Generator,
    *,
    tries: int | None = None,
    spread: float = 2.3,
) -> tuple[list[Spot], float] | None:
    """Pack ``shapes`` at about ``sizes`` (√ink-area, mm).

    Args:
        board: the card's grid.
        shapes: the card's shapes.
        sizes: wanted √ink-area of each, mm, largest placed first. When one fits nowhere, all shrink
            together (``SHRINK``) and it tries again; after placing, each grows while it fits,
            keeping the largest within ``spread`` times the smallest.
        caps: largest rotation of each shape either way, degrees.
        rng: the card's own random generator.
        tries: angles tried for each shape (``TRIES`` when None).
        spread: largest allowed ratio of the largest to the smallest size.

    Returns:
        The spots, in the order of ``shapes``, and the shrink factor the placing needed (1.0 when
        everything fitted at ``sizes``); None when ``MAX_SHRINKS`` were not enough.
    """
    tries = TRIES if tries is None else tries
    card = _Card(board, rng)
    items = [_Item(s, float(z)) for s, z in zip(shapes, sizes, strict=True)]
    order = np.argsort([-z for z in sizes], kind="stable")
    shrinks = 0
    for n, i in enumerate(order):
        while not _place(card, items[i], _angles(caps[i], tries, rng)):
            shrinks += 1
            if shrinks > MAX_SHRINKS:
                return None
            _shrink(card, [items[j] for j in order[:n]], [items[j] for j in order[n:]])
    _grow(card, items, spread)
    targets = [float(z) for z in sizes]
    _reinsert(card, items, targets, caps, rng, spread)
    half = board.size / 2
    spots = [
        Spot(
            (
                (it.origin[1] + it.mask.centre[0] - half) * board.cell,
                (it.origin[0] + it.mask.centre[1] - half) * board.cell,
            ),
            it.size,
            it.shape.height_for(it.size),
            it.angle,
        )
        for it in items
    ]
    return spots, SHRINK**shrinks
