"""Packing one card: put shapes of given sizes inside the safe disc, as tightly as they go.

The card is an occupancy grid (:mod:`grid`): a placed shape blocks the cells its ink
touches and every cell closer than the clearance to them, so a shape fits where no blocked cell
lies under its ink.

The grid's questions (where does this shape fit; does it fit a cell further on) are answered by
compiled loops over the shape's runs of cells (:mod:`kernels`): a run is tested with
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
   So, smallest first, each shape grows in 5 % steps while it still fits with its
   centre moved by at most two cells (the 25 moves tried nearest first), keeping the largest shape
   within ``spread`` times the smallest.
4. **Take out and put back.** Growing in place strands holes a shape cannot reach. So each shape
   in turn, furthest below its wanted size first, is taken out and put back *anywhere*, at the
   largest size that fits (bisected; a step stops at the first free position) within the spread;
   after each round everything grows again, for a few rounds or until no shape gains. Its old
   place is still free, so nothing shrinks. With contact placement this adds about a tenth to the
   coverage.
5. **Settle on a finer grid** (:mod:`settling`): the placed shapes grow again on a
   grid with a few times more cells across, then jostle; about a tenth more coverage again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dobble_print.layout.grid import (
    GRID,
    HERE,
    LEAST_SPREAD,
    PAD,
    SAFETY,
    Board,
    CardGrid,
    Piece,
    centre_of,
    fits_near,
    grow,
    make_board,
    mask_of,
    size_cap,
)
from dobble_print.layout.masks import CellMask, Shape
from dobble_print.layout.settling import settle

__all__ = ["GRID", "SAFETY", "Board", "Spot", "make_board", "pack"]

# Width in cells of the ring around a shape whose blocked share scores a position (at most the
# frame's PAD): a wider ring presses shapes together more tightly, for ~4 % more time.
CONTACT = 3
SHRINK = 0.92  # when a shape fits nowhere, every shape shrinks by this and it tries again
MAX_SHRINKS = 40  # shrinks allowed before the card is started again from a smaller scale


@dataclass(frozen=True)
class Spot:
    """Where a packed shape sits: picture centre (mm from the card centre, y up), size and angle.

    ``size`` is the √ink-area in mm; ``height`` the drawn height of the whole picture.
    """

    center: tuple[float, float]
    size: float
    height: float
    angle: float


def _best_position(card: CardGrid, mask: CellMask, runs: np.ndarray):
    """(contact, row, col) of the free corner for ``mask`` with the most contact, or None.

    Contact is the share of the cells just around the shape (a ring ``CONTACT`` cells wide) that
    are blocked: a shape pressed against the rim and its neighbours leaves no sliver of free room
    beside it (the frame around the grid counts as blocked, like the rim it borders).
    """
    assert card.scoring, "contact is scored on a grid that keeps its prefix sums"
    h, w = mask.cells.shape
    if h > card.board.size or w > card.board.size:
        return None
    ring = card.loops.ring_runs(mask.cells, CONTACT)
    total = float((ring[:, 2] - ring[:, 1]).sum())
    score, r, c = card.loops.best_corner(card.frame(), runs, ring, total, h, w, PAD, card.noise)
    return None if r < 0 else (score, r, c)


def _fits_anywhere(card: CardGrid, mask: CellMask, runs: np.ndarray) -> bool:
    h, w = mask.cells.shape
    g = card.board.size
    return h <= g and w <= g and card.loops.any_fit(card.frame(), runs, h, w, PAD)


def _place(card: CardGrid, item: Piece, angles: Sequence[float]) -> bool:
    """Put ``item`` at its best position over ``angles``; False when it fits nowhere."""
    best = None
    for angle in angles:
        mask, runs = mask_of(item, card.board, item.size, angle)
        found = _best_position(card, mask, runs)
        if found and (best is None or found[0] > best[0]):
            best = (found[0], angle, mask, runs, (found[1], found[2]))
    if best is None:
        return False
    _, item.angle, item.mask, item.runs, item.origin = best
    card.add(item)
    return True


def _shrink(card: CardGrid, placed: Sequence[Piece], waiting: Sequence[Piece]) -> None:
    """Make every shape ``SHRINK`` smaller: placed ones in place (unless the smaller one would not
    fit there, which only odd shapes do), so that the one that did not fit finds room."""
    for it in waiting:
        it.size *= SHRINK
    for it in placed:
        card.remove(it)
        mask, runs = mask_of(it, card.board, it.size * SHRINK, it.angle)
        spot = fits_near(card, it, mask, runs, HERE)
        if spot is not None:
            it.size, it.mask, it.runs, it.origin = it.size * SHRINK, mask, runs, spot
            card.add(it)
        else:
            card.add(it, same=True)


TRIES = 3  # random angles tried for each shape when it is first placed
REINSERTS = 3  # rounds of taking every shape out and putting it back bigger
REINSERT_TRIES = 2  # new angles tried, besides its own, for a shape put back
MIN_GAIN = 0.01  # a shape is put back only when it can grow this much: lower gains more, slower
SEARCH = 5  # bisection steps on the size of a shape put back
SEARCH_STOP = 0.01  # bisection ends when the bounds are this close
GALLOP = 0.03  # the first step up from a size that fits, doubled after each that fits too


def _largest_fit(card: CardGrid, item: Piece, lo: float, hi: float, angles: Sequence[float]):
    """The largest size in (lo, hi] at which ``item`` fits anywhere at one of ``angles``, as
    (size, angle, mask, origin) at its best position; None when it cannot gain ``MIN_GAIN``.

    Tries ``lo`` plus ``MIN_GAIN`` first (most shapes cannot gain at all), then steps up by
    ``GALLOP``, twice as far after each size that fits, and bisects geometrically from the first
    that does not. Half the shapes that can gain gain only ``MIN_GAIN`` or so, and a size that
    does not fit costs a test at every angle, so stepping up from below tests fewer sizes than
    trying ``hi`` first and bisecting down from it, for the same coverage. A size's test is one
    correlation per angle; only the final size's free positions are scored. An angle is not
    tried again at a size larger than one it did not fit at (it would not fit there either: the
    same cards, for fewer masks).
    """
    tested: dict[tuple[float, float], tuple | None] = {}  # (size, angle) -> (mask, runs)
    failed = dict.fromkeys(angles, math.inf)  # the least size each angle is known not to fit at

    def fits(size: float, angle: float):
        if size >= failed[angle]:  # a shape that does not fit does not fit larger either
            return None
        if (size, angle) not in tested:
            mask, runs = mask_of(item, card.board, size, angle)
            tested[size, angle] = (mask, runs) if _fits_anywhere(card, mask, runs) else None
            if tested[size, angle] is None:
                failed[angle] = size
        return tested[size, angle]

    def fits_any(size: float) -> bool:  # stops at the first angle that fits
        return any(fits(size, angle) is not None for angle in angles)

    lo = min(lo * (1 + MIN_GAIN), hi)
    if not fits_any(lo):
        return None
    step = GALLOP
    for _ in range(SEARCH):
        if hi <= lo * (1 + SEARCH_STOP):
            break
        size = min(lo * (1 + step), hi) if step else math.sqrt(lo * hi)
        if fits_any(size):
            lo, step = size, 2 * step
        else:
            hi, step = size, 0.0
    top = None
    for angle in angles:  # every angle that fits at the size found competes for the best spot
        fit = fits(lo, angle)
        pos = _best_position(card, *fit) if fit is not None else None
        if pos and (top is None or pos[0] > top[0]):
            top = (pos[0], angle, *fit, (pos[1], pos[2]))
    assert top is not None  # some angle fits at lo (fits_any said so)
    return lo, *top[1:]


def _reinsert(
    card: CardGrid,
    items: list[Piece],
    targets: Sequence[float],
    caps: Sequence[float],
    rng: np.random.Generator,
    spread: float,
    least: float,
) -> None:
    """Take each shape out in turn (furthest below its wanted size first) and put it back anywhere
    at the largest size that fits within the spread; after each round everything grows again.
    A shape's old place is always still free, so no shape ever gets smaller."""
    for _ in range(REINSERTS):
        gained = False
        for i in sorted(range(len(items)), key=lambda j: (items[j].size / targets[j], j)):
            it = items[i]
            hi = size_cap(items, it, spread, taken_out=True, least=least)
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
        grow(card, items, spread, least=least)


def _angles(cap: float, count: int, rng: np.random.Generator) -> list[float]:
    """``count`` random angles within ±``cap`` degrees (just 0 when the cap is 0)."""
    if cap <= 0:
        return [0.0]
    return [float(a) for a in rng.uniform(-cap, cap, count)]


def pack(
    board: Board,
    shapes: Sequence[Shape],
    sizes: Sequence[float] | np.ndarray,
    caps: Sequence[float],
    rng: np.random.Generator,
    *,
    tries: int | None = None,
    spread: float = 2.3,
    fine: Board | None = None,
    least: float = LEAST_SPREAD,
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
        least: the smallest stops growing before that ratio falls below this.
        fine: a finer grid of the same card to grow the packed shapes on at the end.

    Returns:
        The spots, in the order of ``shapes``, and the shrink factor the placing needed (1.0 when
        everything fitted at ``sizes``); None when ``MAX_SHRINKS`` were not enough.
    """
    tries = TRIES if tries is None else tries
    card = CardGrid(board, rng)
    items = [Piece(s, float(z)) for s, z in zip(shapes, sizes, strict=True)]
    order = np.argsort([-z for z in sizes], kind="stable")
    shrinks = 0
    for n, i in enumerate(order):
        while not _place(card, items[i], _angles(caps[i], tries, rng)):
            shrinks += 1
            if shrinks > MAX_SHRINKS:
                return None
            _shrink(card, [items[j] for j in order[:n]], [items[j] for j in order[n:]])
    grow(card, items, spread, least=least)
    targets = [float(z) for z in sizes]
    _reinsert(card, items, targets, caps, rng, spread, least)
    if fine is not None:
        card, items = settle(fine, card, items, caps, rng, spread, least=least) or (card, items)
    spots = [
        Spot(centre_of(card.board, it), it.size, it.shape.height_for(it.size), it.angle)
        for it in items
    ]
    return spots, SHRINK**shrinks


def warm_up() -> None:
    """Pack a tiny card of two shapes on a coarse and a fine grid, and tighten it: the first call
    of each compiled loop loads it (see :mod:`warm_packer`), with the argument types
    of real cards, and HiGHS is imported."""
    from dobble_print.layout.masks import shape_of
    from dobble_print.layout.tightening import tighten

    y, x = np.mgrid[:48, :48]
    rgba = np.zeros((48, 48, 4), np.uint8)
    rgba[..., 3] = 255 * ((x - 24) ** 2 + (y - 24) ** 2 < 400)
    ring = rgba.copy()
    ring[16:32, 16:32, 3] = 0
    shapes = [shape_of(rgba), shape_of(ring)]
    boards = [make_board(12.0, 1.0, g) for g in (40, 120)]
    spots, _ = pack(
        boards[0], shapes, [8.0, 5.0], [180.0, 25.0], np.random.default_rng(0), fine=boards[1]
    ) or ([], 1.0)
    placed = [(s, p.center, p.height, p.angle) for s, p in zip(shapes, spots, strict=False)]
    tighten(placed, clearance=1.0, spread=2.3, depth=lambda x, y: 12.0 - np.hypot(x, y))
