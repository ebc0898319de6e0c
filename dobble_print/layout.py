"""Layout: where each symbol sits on its card, in card coordinates (mm, origin at the card centre,
y up, rotation counter-clockwise in degrees).

This first version places each symbol's bounding circle on a ring around a central one. It never
overlaps and never leaves the safe area, but it wastes the corners of real artwork; the shape-aware
packer replaces it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from dobble_print.deck import Deck
from dobble_print.symbols import Symbol


@dataclass(frozen=True)
class Placement:
    """One symbol on one card.

    Attributes:
        symbol: index into the deck's symbol list.
        center: (x, y) of the picture's centre in mm from the card centre, y up.
        width: drawn width of the whole (trimmed) picture before rotation, mm.
        height: drawn height before rotation, mm.
        rotation: counter-clockwise, degrees.
    """

    symbol: int
    center: tuple[float, float]
    width: float
    height: float
    rotation: float


@dataclass(frozen=True)
class CardLayout:
    """The placements of one card's symbols."""

    placements: tuple[Placement, ...]


def _ring_slots(count: int, radius: float) -> list[tuple[float, float, float]]:
    """(x, y, r) slots: one circle in the middle and ``count - 1`` equal circles around it."""
    if count == 1:
        return [(0.0, 0.0, radius)]
    k = count - 1
    # Outer circles of radius r touch the rim (distance R - r) and their neighbours.
    s = math.sin(math.pi / k) if k > 1 else 1.0
    r = radius * s / (1 + s)
    ring = radius - r
    inner = max(min(ring - r, radius * 0.45), r * 0.6)
    slots = [(0.0, 0.0, inner)]
    slots += [
        (ring * math.cos(2 * math.pi * i / k), ring * math.sin(2 * math.pi * i / k), r)
        for i in range(k)
    ]
    return slots


def layout_card(
    card: Sequence[int],
    symbols: Sequence[Symbol],
    *,
    card_diameter: float,
    safe_margin: float,
    rng: np.random.Generator,
) -> CardLayout:
    """Place one card's symbols in slots inside the safe circle, each at a random rotation."""
    radius = card_diameter / 2 - safe_margin
    order = list(card)
    rng.shuffle(order)
    placements = []
    for sym, (x, y, r) in zip(order, _ring_slots(len(order), radius), strict=True):
        aspect = symbols[sym].aspect
        # The picture's diagonal must fit the slot's diameter at any rotation.
        h = 2 * r / math.hypot(aspect, 1.0)
        rotation = float(rng.uniform(0, 360))
        placements.append(Placement(sym, (float(x), float(y)), h * aspect, h, rotation))
    return CardLayout(placements=tuple(placements))


def layout_deck(
    deck: Deck,
    symbols: Sequence[Symbol],
    *,
    card_diameter: float,
    safe_margin: float = 3.0,
    seed: int,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[CardLayout, ...]:
    """Lay out every card of ``deck``; the same seed gives the same layouts."""
    rng = np.random.default_rng(seed)
    out = []
    for i, card in enumerate(deck.cards):
        out.append(
            layout_card(card, symbols, card_diameter=card_diameter, safe_margin=safe_margin, rng=rng)
        )
        if progress:
            progress(i + 1, len(deck.cards))
    return tuple(out)
