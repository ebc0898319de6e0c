"""Settling: the packed shapes moved onto a finer grid, grown there and jostled.

A grid of cells wastes up to a cell at every contact: the ink rarely reaches the far side of the
cells it marks, and positions come in whole cells. Placing needs the coarse grid's speed, but once
the shapes are placed only local moves are left, and those are cheap on any grid. So the shapes
move onto a grid with a few times more cells across (same centres, sizes and angles: both grids
are conservative, so they fit), grow again in smaller steps, then jostle: in a few rounds each
shape tries to grow 1 % moving a few cells, as it is or turned a few degrees, and one that cannot
takes a random small step, which can open room for the others, the way a shaken box settles.
"""

from __future__ import annotations

from collections.abc import Sequence

from dobble_print.layout.grid import (
    LEAST_SPREAD,
    Board,
    CardGrid,
    Piece,
    centre_of,
    fits_near,
    grow,
    mask_of,
    offsets,
    size_cap,
)

# Growing on the finer grid: smaller steps than on the placing grid, the card is nearly full; not
# so small that they cost time for no coverage, since jostling takes up what they leave.
FINE_GROW_STEPS = (0.03, 0.01)
JOSTLES = 4  # rounds of jostling on the finer grid
JOSTLE_GROW = 0.01  # each shape tries to grow this much per round
JOSTLE_NUDGE = 3  # cells a growing shape may move while jostling
# Degrees: a stuck shape also tries one of these turns. Few, so that a shape still stuck in the
# next round asks for a turn it has rasterised before (each piece keeps its last few masks): any
# angle within 8° covers no more and makes new masks on the settling grid, its dearest.
JOSTLE_TURNS = (-8.0, -4.0, 4.0, 8.0)
JOSTLE_STEP = 2  # cells a shape that cannot grow may step, to make room elsewhere
JOSTLE_STEPS = 3  # random steps tried
JOSTLE_MOVES = offsets(JOSTLE_NUDGE)


def settle(
    fine: Board,
    card: CardGrid,
    items: list[Piece],
    caps,
    rng,
    spread: float,
    *,
    least: float = LEAST_SPREAD,
):
    """The packed shapes moved onto the finer grid ``fine``, grown there and jostled.

    A finer grid hugs the ink more closely, so every contact has a little slack there; only
    growing and jostling run on it (placing needs the coarse grid's speed). None when a shape does
    not fit on the fine grid where it was (both grids are conservative, so it nearly always does).
    """
    out = CardGrid(fine, rng, scoring=False)  # only fits_near runs here
    moved = []
    half = fine.size / 2
    for it in items:
        x, y = centre_of(card.board, it)
        new = Piece(it.shape, it.size, it.angle)
        new.mask, new.runs = mask_of(new, fine, it.size, it.angle)
        new.origin = (
            round(y / fine.cell + half - new.mask.centre[1]),
            round(x / fine.cell + half - new.mask.centre[0]),
        )
        spot = fits_near(out, new, new.mask, new.runs)
        if spot is None:
            return None
        new.origin = spot
        out.add(new)
        moved.append(new)
    grow(out, moved, spread, FINE_GROW_STEPS, least=least)
    for _ in range(JOSTLES):
        _jostle(out, moved, caps, rng, spread, least)
    return out, moved


def _jostle(
    card: CardGrid, items: list[Piece], caps: Sequence[float], rng, spread: float, least: float
) -> None:
    """One round, in random order: each shape tries to grow a little, moving up to
    ``JOSTLE_NUDGE`` cells as it is or turned a few degrees; one that cannot takes a random small
    step instead, which can open room for the others (how jammed shapes settle in a shaken box).
    """
    for i in rng.permutation(len(items)):
        it = items[i]
        new = min(it.size * (1 + JOSTLE_GROW), size_cap(items, it, spread, least=least))
        card.remove(it)
        turns = [it.angle]
        if caps[i] > 0:
            turns.append(_turned(it.angle, JOSTLE_TURNS[rng.integers(len(JOSTLE_TURNS))], caps[i]))
        for angle in turns if new > it.size * 1.001 else ():
            mask, runs = mask_of(it, card.board, new, angle)
            spot = fits_near(card, it, mask, runs, JOSTLE_MOVES)
            if spot is not None:
                it.size, it.angle, it.mask, it.runs, it.origin = new, angle, mask, runs, spot
                card.add(it)
                break
        else:
            for step in rng.integers(-JOSTLE_STEP, JOSTLE_STEP + 1, (JOSTLE_STEPS, 1, 2)):
                spot = fits_near(card, it, it.mask, it.runs, step) if step.any() else None
                if spot is not None:
                    it.origin = spot
                    card.add(it, zone_known=True)
                    break
            else:
                card.add(it, same=True)


def _turned(angle: float, delta: float, cap: float) -> float:
    """``angle`` turned by ``delta`` degrees, kept within ±``cap`` (any angle when cap ≥ 180)."""
    if cap >= 180:
        return (angle + delta + 180.0) % 360.0 - 180.0
    return max(-cap, min(cap, angle + delta))
