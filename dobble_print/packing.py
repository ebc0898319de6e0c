"""Packing one card: put shapes of given sizes inside the safe disc, as tightly as they go.

The card is an occupancy grid (about 0.5 mm a cell on an 85 mm card; the cell is chosen so the
clearance is a whole number of cells, since gaps on a grid come in whole cells). A placed shape
blocks the cells its ink touches *and* every cell whose square comes closer than the clearance to
one of them; the rim blocks every cell not wholly inside the safe disc. Shapes are rasterised
conservatively (:mod:`dobble_print.shapes`), so "no blocked cell under the new shape's ink"
guarantees at least the clearance between the inks on paper, and no ink past the safe circle.

1. **Place, largest first.** For each shape a few random angles are tried. For each angle one FFT
   correlation of the shape's cells with the blocked grid counts, for every position at once, the
   blocked cells the shape would cover. Among the free positions it takes the one with the most
   contact: a second correlation counts the blocked cells in a thin ring around the shape, so it
   presses against the rim and the ink already placed and leaves no sliver of unusable room (a
   little noise breaks ties). The best over the angles wins.
2. **Shrink when stuck.** The wanted sizes start ambitious. When a shape fits nowhere, every shape
   becomes 8 % smaller, the placed ones in place (same centre and angle), and it tries again: the
   card settles at about the largest scale its shapes can be placed at, with sizes in proportion.
3. **Grow.** Shrinking leaves slack, and grid positions leave up to a cell of it at every contact.
   So, smallest first, each shape grows by 5 % and then 1.5 % steps while it still fits with its
   centre moved by at most two cells (all 25 moves tested at once), keeping the largest shape
   within ``spread`` times the smallest.
4. **Take out and put back.** Growing in place strands holes a shape cannot reach. So each shape
   in turn, furthest below its wanted size first, is taken out and put back *anywhere*, at the
   largest size that fits (bisected, each step one correlation per angle) within the spread;
   after each round everything grows again, for a few rounds or until no shape gains. Its old
   place is still free, so nothing shrinks. With contact placement this adds about a tenth to the
   coverage (default icons 0.41 → 0.45).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import scipy.fft as sfft
from scipy import ndimage

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
    size = sfft.next_fast_len(math.ceil(2 * safe_radius / cell) + 2, real=True)
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


def zone(board: Board, cells: np.ndarray) -> np.ndarray:
    """Cells within the clearance of ``cells``' ink, padded by ``board.reach`` on every side."""
    k = board.reach
    padded = np.zeros((cells.shape[0] + 2 * k, cells.shape[1] + 2 * k), np.uint8)
    padded[k:-k, k:-k] = cells
    out = None
    for h, w in board.rects:
        wide = ndimage.maximum_filter1d(padded, w, axis=1, mode="constant")
        tall = ndimage.maximum_filter1d(wide, h, axis=0, mode="constant")
        out = tall if out is None else np.maximum(out, tall, out=out)
    return out.view(bool)


@dataclass
class _Item:
    """A shape on the card while packing (mutable scratch; never leaves this module)."""

    shape: Shape
    size: float
    angle: float = 0.0
    mask: CellMask | None = None
    origin: tuple[int, int] = (0, 0)  # (row, col) of the mask's corner on the grid
    zone: np.ndarray | None = None


class _Card:
    """Occupancy bookkeeping: how many placed shapes' clearance zones cover each cell."""

    def __init__(self, board: Board, rng: np.random.Generator) -> None:
        self.board = board
        self.count = np.zeros((board.size, board.size), np.int16)
        self.noise = rng.random((board.size, board.size), np.float32) * 0.02

    def _window(self, item: _Item) -> tuple[slice, slice, np.ndarray]:
        k, g = self.board.reach, self.board.size
        z = item.zone
        r, c = item.origin[0] - k, item.origin[1] - k
        r0, c0, r1, c1 = max(r, 0), max(c, 0), min(r + z.shape[0], g), min(c + z.shape[1], g)
        return slice(r0, r1), slice(c0, c1), z[r0 - r : r1 - r, c0 - c : c1 - c]

    def add(self, item: _Item, same: bool = False) -> None:
        if not same:  # else the zone is still the one it had when removed
            item.zone = zone(self.board, item.mask.cells)
        rs, cs, z = self._window(item)
        self.count[rs, cs] += z

    def remove(self, item: _Item) -> None:
        rs, cs, z = self._window(item)
        self.count[rs, cs] -= z

    def blocked(self) -> np.ndarray:
        return self.board.rim | (self.count > 0)


def _mask(item: _Item, board: Board, size: float, angle: float) -> CellMask:
    return rasterise(item.shape, item.shape.height_for(size), angle, board.cell)


def _free(blocked_f: np.ndarray, cells: np.ndarray, g: int) -> np.ndarray:
    """Which corners (row, col) put no ink cell on a blocked cell: a correlation by FFT.

    ``blocked_f`` is ``rfft2`` of the blocked grid. Rows of zeros are skipped: the mask's transform
    runs along its own rows first, and only the rows of valid corners are transformed back.
    """
    h, w = cells.shape
    f = sfft.fft(sfft.rfft(cells.astype(np.float32), n=g, axis=1), n=g, axis=0)
    back = sfft.ifft(np.conj(f) * blocked_f, axis=0)[: g - h + 1]
    return sfft.irfft(back, n=g, axis=1)[:, : g - w + 1] < 0.5


def _best_position(card: _Card, blocked_f: np.ndarray, mask: CellMask):
    """(contact, row, col) of the free corner for ``mask`` with the most contact, or None.

    Contact is the share of the cells just around the shape (a ring ``CONTACT`` cells wide) that
    are blocked: a shape pressed against the rim and its neighbours leaves no sliver of free room
    beside it. One more correlation counts it for every corner; the correlation is circular, so a
    ring reaching past the grid's edge wraps onto the far edge, which is rim (blocked) too.
    """
    g = card.board.size
    h, w = mask.cells.shape
    if h > g or w > g:
        return None
    free = _free(blocked_f, mask.cells, g)
    if not free.any():
        return None
    k = CONTACT
    body = np.pad(mask.cells, k)
    ring = ndimage.binary_dilation(body, iterations=k) & ~body
    f = sfft.fft(sfft.rfft(ring.astype(np.float32), n=g, axis=1), n=g, axis=0)
    hit = sfft.irfft2(np.conj(f) * blocked_f, s=(g, g))
    hit = np.roll(hit, (k, k), axis=(0, 1))[: free.shape[0], : free.shape[1]]
    score = hit * (1.0 / float(ring.sum())) + card.noise[: free.shape[0], : free.shape[1]]
    score[~free] = -1.0
    best = int(np.argmax(score))
    r, c = divmod(best, score.shape[1])
    return float(score[r, c]), r, c


def _place(card: _Card, item: _Item, angles: Sequence[float]) -> bool:
    """Put ``item`` at its best position over ``angles``; False when it fits nowhere."""
    if not _place_free(card, item, angles):
        return False
    card.add(item)
    return True


def _place_free(card: _Card, item: _Item, angles: Sequence[float]) -> bool:
    """Find ``item`` its best position over ``angles`` (not yet added); False when none."""
    blocked_f = sfft.rfft2(card.blocked().astype(np.float32))
    best = None
    for angle in angles:
        mask = _mask(item, card.board, item.size, angle)
        found = _best_position(card, blocked_f, mask)
        if found and (best is None or found[0] > best[0]):
            best = (found[0], angle, mask, (found[1], found[2]))
    if best is None:
        return False
    _, item.angle, item.mask, item.origin = best
    return True


def _fits_near(
    blocked: np.ndarray, item: _Item, mask: CellMask, nudge: int = NUDGE
) -> tuple[int, int] | None:
    """A free corner for ``mask`` with the picture centre at most ``NUDGE`` cells from where it is
    now, nearest first; None when there is none."""
    r = item.origin[0] + round(item.mask.centre[1] - mask.centre[1])
    c = item.origin[1] + round(item.mask.centre[0] - mask.centre[0])
    h, w = mask.cells.shape
    g = blocked.shape[0]
    if 0 <= r <= g - h and 0 <= c <= g - w:
        if not (blocked[r : r + h, c : c + w] & mask.cells).any():
            return r, c  # the usual case: it fits where it is
    if nudge == 0:
        return None
    # All offsets at once: overlap counts of the mask over the window around it.
    r0, c0 = max(r - nudge, 0), max(c - nudge, 0)
    r1, c1 = min(r + nudge + h, g), min(c + nudge + w, g)
    if r1 - r0 < h or c1 - c0 < w:
        return None
    views = np.lib.stride_tricks.sliding_window_view(blocked[r0:r1, c0:c1], (h, w))
    hit = (views & mask.cells).any(axis=(2, 3))
    for dr, dc in _OFFSETS:
        i, j = r + dr - r0, c + dc - c0
        if 0 <= i < hit.shape[0] and 0 <= j < hit.shape[1] and not hit[i, j]:
            return r + dr, c + dc
    return None


_OFFSETS = sorted(
    ((dr, dc) for dr in range(-NUDGE, NUDGE + 1) for dc in range(-NUDGE, NUDGE + 1)),
    key=lambda o: (o[0] ** 2 + o[1] ** 2, o),
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
            mask = _mask(it, card.board, new, it.angle)
            spot = _fits_near(card.blocked(), it, mask)
            if spot is not None:
                it.size, it.mask, it.origin = new, mask, spot
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
        mask = _mask(it, card.board, it.size * SHRINK, it.angle)
        spot = _fits_near(card.blocked(), it, mask, 0)
        if spot is not None:
            it.size, it.mask, it.origin = it.size * SHRINK, mask, spot
        card.add(it)


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
    g = card.board.size
    blocked_f = sfft.rfft2(card.blocked().astype(np.float32))
    tested: dict[tuple[float, float], CellMask | None] = {}  # (size, angle) -> mask if it fits

    def fits(size: float, angle: float) -> CellMask | None:
        if (size, angle) not in tested:
            mask = _mask(item, card.board, size, angle)
            h, w = mask.cells.shape
            ok = h <= g and w <= g and _free(blocked_f, mask.cells, g).any()
            tested[size, angle] = mask if ok else None
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
        mask = fits(lo, angle)
        pos = _best_position(card, blocked_f, mask) if mask is not None else None
        if pos and (top is None or pos[0] > top[0]):
            top = (pos[0], angle, mask, (pos[1], pos[2]))
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
            it.size, it.angle, it.mask, it.origin = found
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
    tries: int = 3,
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
        tries: angles tried for each shape.
        spread: largest allowed ratio of the largest to the smallest size.

    Returns:
        The spots, in the order of ``shapes``, and the shrink factor the placing needed (1.0 when
        everything fitted at ``sizes``); None when ``MAX_SHRINKS`` were not enough.
    """
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
