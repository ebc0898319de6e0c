"""Each card's word colours: no two words near enough to be read together share a colour.

A word is loaded in one of the palette's colours (:data:`symbols.words.PALETTE`), by its place in
the list; with ten colours, two words of nearly every card of a deck share one, and two of one
colour side by side read as one word ("broccoliowl", "pizza" over "mushroom"). No colouring of
the symbols themselves can help: any two symbols of a full deck meet on a card. So colours are
chosen per card, once it is packed, word by word: on a card of no more words than colours, each
takes a colour no other word of the card has; on a larger one, any colour. Of those, the one
that looks most unlike its neighbours' (the words before it whose boxes come within
``NEIGHBOUR_EM`` of the larger one's font size), up to ``CLEARLY_APART``; its own colour when that
is clearly apart; else the first of the palette from its own place in it. Then, while swapping
two words' colours (or giving one an unused colour) makes neighbours less alike, it is done.
Colours look alike by their CIELAB distance (CIE76 ΔE), the palette's red, rust and amber brown
being far closer to each other than to its blue; ten colours hold about five such families, so a
card of eight words has like colours, but not side by side where they can be kept apart.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Sequence

import numpy as np

from dobble_print.card import CardLayout, Placement
from dobble_print.symbols import colour_difference

Colour = tuple[int, int, int]

# Boxes closer than this share of the larger word's font size hold words read together: as
# :data:`word_gaps.NEIGHBOUR_EM` (which measures between inks, never nearer than the boxes).
NEIGHBOUR_EM = 1.0
# Colours this far apart (CIE76 ΔE) read as two: the palette's red, rust and amber brown are 14
# to 28 apart, its blue and slate 22, its red and blue 90. Past it, a word keeps its own colour.
CLEARLY_APART = 40.0
IMPROVING = 50  # changes at most made to a card's first colouring


def colour_words(
    layout: CardLayout,
    colours: Sequence[Colour | None],
    ems: Sequence[float],
    palette: Sequence[Colour],
) -> CardLayout:
    """``layout`` with its words' colours chosen (see the module docstring); a placement whose
    colour is its symbol's own keeps ``color`` None.

    Args:
        colours: each symbol's own colour when it is a word, None for a picture.
        ems: each symbol's font size per mm of drawn height (0 for a picture).
        palette: the colours words may take.
    """
    words = [i for i, p in enumerate(layout.placements) if colours[p.symbol] is not None]
    if len(words) < 2:
        return layout
    placements = list(layout.placements)
    placed = [placements[i] for i in words]
    near = _neighbours(placed, ems)
    distinct = len(words) <= len(palette)
    chosen: list[Colour] = []
    for k, p in enumerate(placed):
        start = p.symbol % len(palette)
        own = colours[p.symbol]
        assert own is not None  # a word's
        order = [own] + [palette[(start + n) % len(palette)] for n in range(len(palette))]
        order = list(dict.fromkeys(order))  # own first, then the palette from its place
        free = [c for c in order if c not in chosen] if distinct else order
        before = [j for j in near[k] if j < k]

        def score(colour: Colour, before=before, p=p) -> tuple[float, float]:
            unlike = min((_difference(colour, chosen[j]) for j in before), default=math.inf)
            holders = (math.dist(p.center, placed[j].center) for j in before if chosen[j] == colour)
            return min(unlike, CLEARLY_APART), min(holders, default=math.inf)

        chosen.append(max(free, key=score))  # the first of the best: own colour when apart
    _improve(chosen, near, palette if distinct else ())
    for k, i in enumerate(words):
        if chosen[k] != colours[placements[i].symbol]:
            placements[i] = dataclasses.replace(placements[i], color=chosen[k])
    return CardLayout(tuple(placements))


def _improve(chosen: list[Colour], near: Sequence[Sequence[int]], spare: Sequence[Colour]) -> None:
    """Swap two words' colours, or give one a colour of ``spare`` no word has, while that makes
    the neighbours' colours less alike (:func:`_alike`); the first such change each time. Only
    the pairs a change touches are counted again."""
    for _ in range(IMPROVING):
        change = next(
            (
                (k, j)
                for k, j in itertools.combinations(range(len(chosen)), 2)
                if _better(chosen, near, {k: chosen[j], j: chosen[k]})
            ),
            None,
        )
        if change is not None:
            k, j = change
            chosen[k], chosen[j] = chosen[j], chosen[k]
            continue
        unused = [c for c in spare if c not in chosen]
        given = next(
            ((k, c) for k in range(len(chosen)) for c in unused if _better(chosen, near, {k: c})),
            None,
        )
        if given is None:
            return
        chosen[given[0]] = given[1]


def _better(chosen: Sequence[Colour], near: Sequence[Sequence[int]], change: dict) -> bool:
    """Whether giving the words of ``change`` their new colours makes neighbours less alike."""
    after = [change.get(k, c) for k, c in enumerate(chosen)]
    pairs = {(min(k, j), max(k, j)) for k in change for j in near[k]}
    return _alike(after, pairs) < _alike(chosen, pairs) - 1e-9


def _alike(chosen: Sequence[Colour], pairs) -> float:
    """How alike the colours of ``pairs`` of neighbours are: how much closer than
    ``CLEARLY_APART`` each pair's colours are, summed (0 when every pair is clearly apart)."""
    return sum(max(CLEARLY_APART - _difference(chosen[k], chosen[j]), 0.0) for k, j in pairs)


@functools.lru_cache(maxsize=4096)
def _difference(a: Colour, b: Colour) -> float:
    """How far apart two colours look: their distance in CIELAB (CIE76 ΔE)."""
    return float(colour_difference(a, b))


def _neighbours(placements: Sequence[Placement], ems: Sequence[float]) -> list[list[int]]:
    """For each word, the others near enough to be read with it (see the module docstring)."""
    n = len(placements)
    near: list[list[int]] = [[] for _ in range(n)]
    for i, j in itertools.combinations(range(n), 2):
        a, b = placements[i], placements[j]
        reach = NEIGHBOUR_EM * max(a.height * ems[a.symbol], b.height * ems[b.symbol])
        if _box_distance(a, b) < reach:
            near[i].append(j)
            near[j].append(i)
    return near


def _corners(p: Placement) -> np.ndarray:
    t = math.radians(p.rotation)
    c, s = math.cos(t), math.sin(t)
    local = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1)]) * (p.width / 2, p.height / 2)
    return local @ np.array([[c, s], [-s, c]]) + p.center


def _box_distance(a: Placement, b: Placement) -> float:
    """The least distance between two placements' turned boxes, mm (0 when they meet): for two
    convex outlines apart, the least distance from a corner of one to an edge of the other."""
    pa, pb = _corners(a), _corners(b)
    if _overlap(pa, pb):
        return 0.0
    return min(_to_edges(pa, pb), _to_edges(pb, pa))


def _overlap(pa: np.ndarray, pb: np.ndarray) -> bool:
    """Whether two convex quadrilaterals overlap (no separating axis among their edges)."""
    for poly in (pa, pb):
        edges = np.roll(poly, -1, axis=0) - poly
        axes = np.column_stack([-edges[:, 1], edges[:, 0]])
        sa, sb = pa @ axes.T, pb @ axes.T  # 4 corners × 4 axes
        if ((sa.max(axis=0) < sb.min(axis=0)) | (sb.max(axis=0) < sa.min(axis=0))).any():
            return False
    return True


def _to_edges(points: np.ndarray, poly: np.ndarray) -> float:
    """The least distance from ``points`` to the edges of the closed polygon ``poly``."""
    start, edge = poly, np.roll(poly, -1, axis=0) - poly
    rel = points[:, None, :] - start[None, :, :]  # points × edges × 2
    t = np.clip((rel * edge).sum(axis=2) / (edge * edge).sum(axis=1), 0.0, 1.0)
    return float(np.hypot(*np.moveaxis(rel - t[..., None] * edge, 2, 0)).min())
