"""The card's occupancy grid: its cells, the clearance zone around a shape, and the bookkeeping of
the shapes on it, shared by placing (:mod:`packing`) and settling (:mod:`settling`).

The card is a grid of square cells (about 0.77 mm on an 85 mm card for placing, 0.26 mm for
settling; the settling grid's cell is chosen so the clearance is a whole number of cells, since gaps
on a grid come in whole cells). A placed shape blocks the cells its ink touches *and* every cell
whose square comes closer than the clearance to one of them; the rim blocks every cell not wholly
inside the safe area. Shapes are rasterised conservatively (:mod:`masks`), so "no
blocked cell under the new shape's ink" guarantees at least the clearance between the inks on
paper, and no ink past the safe edge. The questions asked of the grid run as compiled loops
(:mod:`kernels`, called through :mod:`loops`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from dobble_print.layout.masks import CellMask, Shape, rasterise_runs

# The compiled loops (:mod:`loops`) are imported where they are used: numba's take ~1 s and
# ~115 MB to load, and a build that packs its cards in worker processes never needs them in the
# main one.

# Cells across the card's safe disc when placing (0.77 mm on 85 mm). Placing only decides where
# each shape goes and roughly how large; settling on the finer grid and tightening on the outlines
# decide the final sizes. So a coarse grid here costs no coverage and saves packing time.
GRID = 105
WHOLE = 0.15  # the cell is made to fit the clearance in whole cells only when it moves this little
SAFETY = 0.05  # mm added to the clearance and kept from the safe circle: resampling for print
# Growing in place: relative steps, the next one once one fails. On the placing grid one step
# is enough: settling and tightening take up what it leaves, and a finer second step costs masks.
GROW_STEPS = (0.05,)
NUDGE = 2  # cells a growing shape may move
PAD = 3  # blocked cells around the grid in the frame: the widest ring looked at around a shape
LEAST_SPREAD = 1.65  # the smallest shape stops growing before the card's size ratio falls below


def size_cap(
    items: Sequence[Piece],
    it: Piece,
    spread: float,
    *,
    taken_out: bool = False,
    least: float = LEAST_SPREAD,
) -> float:
    """The largest size ``it`` may grow to: the largest shape within ``spread`` times the smallest
    (of the others when it is ``taken_out`` to be put back anywhere), and the smallest not so large
    that the card's size ratio falls under ``least`` (like the retail game, where the
    largest symbol is about twice the smallest)."""
    others = [x.size for x in items if x is not it]
    cap = min(others if taken_out and others else [x.size for x in items]) * spread
    if others and it.size <= min(others):
        cap = min(cap, max(max(others) / least, it.size))
    return cap


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


def make_board(
    safe_radius: float, clearance: float, cells: int = GRID, *, depth: Depth | None = None
) -> Board:
    """The grid for a safe disc of ``safe_radius`` mm and ``clearance`` mm between inks.

    The cell is about ``2·safe_radius / cells`` but adjusted so that the clearance is a whole number
    of cells when that changes the cell by at most ``WHOLE``: gaps on the grid come in whole cells,
    and a clearance of 2.1 cells would cost 3. On a coarse grid (a clearance of 1.4 cells) rounding
    would change the cell by a third, and the waste matters less there (settling takes it up).

    ``depth`` makes the safe area another convex shape (a hexagon, a square): ``depth(x, y)`` is
    how far inside it each point (mm from the card centre) lies, and ``safe_radius`` is then half
    the wider side of its bounding box.
    """
    need = clearance + SAFETY
    cell = 2 * safe_radius / (cells - 2)
    whole = round(need / cell)
    if whole >= 1 and abs(need / whole - cell) <= WHOLE * cell:
        cell = need / whole
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


def clearance_kernel(board: Board) -> np.ndarray:
    """The clearance zone around one ink cell, as a centred odd square of booleans."""
    k = board.reach
    out = np.zeros((2 * k + 1, 2 * k + 1), bool)
    for h, w in board.rects:
        out[k - h // 2 : k + h // 2 + 1, k - w // 2 : k + w // 2 + 1] = True
    return out


@dataclass
class Piece:
    """A shape on the card while packing (mutable scratch; never leaves packing and settling)."""

    shape: Shape
    size: float
    angle: float = 0.0
    mask: CellMask | None = None
    runs: np.ndarray | None = None
    origin: tuple[int, int] = (0, 0)  # (row, col) of the mask's corner on the grid
    zone: np.ndarray | None = None
    recent: dict = field(default_factory=dict)  # (grid, size, angle) -> (mask, runs), see mask_of


class CardGrid:
    """Occupancy bookkeeping: how many placed shapes' clearance zones cover each cell, and the
    blocked frame (:func:`loops.frame`), brought up to date only on the rows that changed.

    Packing takes a shape out, asks where it fits, and often puts it back unchanged; the frame's
    rows under it are then restored from a copy instead of recomputed.
    """

    def __init__(self, board: Board, rng: np.random.Generator, *, scoring: bool = True) -> None:
        self.board = board
        self.scoring = scoring  # keep the frame's prefix sums, which only contact scoring reads
        self.kernel = clearance_kernel(board)
        self.count = np.zeros((board.size, board.size), np.int16)
        self.noise = rng.random((board.size, board.size)) * 0.02
        from dobble_print.layout import loops

        self.loops = loops
        self._frame = loops.frame(self.count, board.rim, PAD)
        self._dirty: tuple[int, int, int, int] | None = None  # rows r0 … r1-1, columns c0 … c1-1
        self._out: tuple[Piece, np.ndarray] | None = None  # taken out, and its frame rows before
        # the frame's tables kept up to date: the prefix sums only where contact is scored
        self._kept = slice(0, 2) if scoring else slice(1, 2)

    def _rows(self, item: Piece) -> tuple[int, int]:
        assert item.zone is not None  # a piece on the grid has its zone
        r = item.origin[0] - self.board.reach
        return max(r, 0), min(r + item.zone.shape[0], self.board.size)

    def _touch(self, item: Piece) -> None:
        lo, hi = self._rows(item)
        assert item.zone is not None  # a piece on the grid has its zone
        c = item.origin[1] - self.board.reach
        e = c + item.zone.shape[1]
        d = self._dirty
        if d is not None:
            lo, hi, c, e = min(d[0], lo), max(d[1], hi), min(d[2], c), max(d[3], e)
        self._dirty = (lo, hi, c, e)

    def add(self, item: Piece, same: bool = False, zone_known: bool = False) -> None:
        """Count ``item``'s zone in; ``same`` when it is back exactly as it was taken out,
        ``zone_known`` when only its place changed."""
        if not (same or zone_known):
            assert item.mask is not None  # a piece placed has its mask
            item.zone = self.loops.dilate(item.mask.cells, self.kernel)
        k = self.board.reach
        self.loops.add_zone(self.count, item.zone, item.origin[0] - k, item.origin[1] - k, 1)
        lo, hi = self._rows(item)
        if same and self._out is not None and self._out[0] is item:  # back where it was
            self._frame[self._kept, lo + PAD : hi + PAD] = self._out[1]
            self._dirty = None
        else:
            self._touch(item)
        self._out = None

    def remove(self, item: Piece) -> None:
        self.frame()  # up to date, so the copy below is the frame with the item in
        lo, hi = self._rows(item)
        self._out = (item, self._frame[self._kept, lo + PAD : hi + PAD].copy())
        k = self.board.reach
        self.loops.add_zone(self.count, item.zone, item.origin[0] - k, item.origin[1] - k, -1)
        self._touch(item)

    def frame(self) -> np.ndarray:
        if self._dirty is not None:
            self.loops.refresh(
                self._frame, self.count, self.board.rim, PAD, *self._dirty, self.scoring
            )
            self._dirty = None
        return self._frame


RECENT = 4  # rasterisations each piece keeps: a stuck shape asks for the same one again


def mask_of(item: Piece, board: Board, size: float, angle: float) -> tuple[CellMask, np.ndarray]:
    """``item``'s shape rasterised on ``board`` at ``size`` and ``angle``, and its runs, longest
    first (:func:`kernels.runs_longest_first`).

    A shape that could not grow asks for the same size and angle in the next round (about one
    fine-grid rasterisation in six), so each piece keeps its last few.
    """
    key = (board.size, size, angle)
    found = item.recent.get(key)
    if found is None:
        found = rasterise_runs(item.shape, item.shape.height_for(size), angle, board.cell)
        if len(item.recent) >= RECENT:
            del item.recent[next(iter(item.recent))]
        item.recent[key] = found
    return found


def fits_near(
    card: CardGrid, item: Piece, mask: CellMask, runs: np.ndarray, offsets: np.ndarray | None = None
) -> tuple[int, int] | None:
    """A free corner for ``mask`` with the picture centre moved by one of ``offsets`` (row, col;
    the moves of up to ``NUDGE`` cells, nearest first, when None) from where it is now, the first
    that fits; None when none does."""
    assert item.mask is not None  # a piece placed has its mask
    r = item.origin[0] + round(item.mask.centre[1] - mask.centre[1])
    c = item.origin[1] + round(item.mask.centre[0] - mask.centre[0])
    h, w = mask.cells.shape
    offsets = NEAR if offsets is None else offsets
    rr, cc = card.loops.fits_near(card.frame(), runs, h, w, PAD, r, c, offsets)
    return None if rr < 0 else (int(rr), int(cc))


def offsets(nudge: int) -> np.ndarray:
    """Every move of up to ``nudge`` cells each way, as (row, col), nearest first."""
    moves = [(dr, dc) for dr in range(-nudge, nudge + 1) for dc in range(-nudge, nudge + 1)]
    return np.array(sorted(moves, key=lambda o: (o[0] ** 2 + o[1] ** 2, o)), np.int64)


NEAR = offsets(NUDGE)
HERE = NEAR[:1]  # no move


def grow(
    card: CardGrid,
    items: list[Piece],
    spread: float,
    grow_steps: Sequence[float] | None = None,
    *,
    least: float = LEAST_SPREAD,
) -> None:
    """Enlarge shapes in place, smallest first, while they fit and the size spread (at most
    ``spread``, at least ``least``) allows."""
    grow_steps = GROW_STEPS if grow_steps is None else grow_steps
    steps = {i: 0 for i in range(len(items))} if grow_steps else {}
    while steps:
        for i in sorted(steps, key=lambda j: (items[j].size, j)):
            it = items[i]
            limit = size_cap(items, it, spread, least=least)
            new = min(it.size * (1 + grow_steps[steps[i]]), limit)
            if new <= it.size * 1.002:
                del steps[i]
                continue
            card.remove(it)
            mask, runs = mask_of(it, card.board, new, it.angle)
            spot = fits_near(card, it, mask, runs)
            if spot is not None:
                it.size, it.mask, it.runs, it.origin = new, mask, runs, spot
                card.add(it)
                continue
            card.add(it, same=True)
            if steps[i] + 1 < len(grow_steps):
                steps[i] += 1
            else:
                del steps[i]


def centre_of(board: Board, it: Piece) -> tuple[float, float]:
    """The picture centre of ``it``, mm from the card centre (y up)."""
    half = board.size / 2
    assert it.mask is not None  # a piece placed has its mask
    return (
        (it.origin[1] + it.mask.centre[0] - half) * board.cell,
        (it.origin[0] + it.mask.centre[1] - half) * board.cell,
    )
