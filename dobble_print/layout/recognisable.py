"""The recognisable size: how small a picture may print and still be spotted, and the cards that
print one smaller.

A symbol's size is its √ink-area (as everywhere in layout): the side of the square its ink would
fill. The floor is ``RECOGNISABLE_MM``, 9 mm, on the retail game's card, an 85 mm circle of 8
symbols: about a printed thumbnail, which a child still recognises across a table. The retail
game's smallest symbols are 10–12 mm there, and the bundled icons' smallest is 11.1 mm, so a
deck that plays like the game clears it with room to spare.

On other cards it scales with the room each symbol has, √(card area / symbols per card), as the
symbols do: 9 × 50/85 × √(8/12) = 4.3 mm on 50 mm cards of 12. A deck of small cards or many
symbols is a smaller or harder game by the user's choice; what the floor catches is a picture
far smaller than its card lets symbols be. A card that is not round counts by its area (a
square of side 85 mm: 10.2 mm). So fewer symbols per card or larger cards lift the floor as much
as the symbols, and help only by freeing the millimetres fixed whatever the card (the safe
margin, the clearance): a picture under it is nearly always the picture's doing, ink too thin or
too scattered to print larger (a night sky's stars) or a background removed around it.

Words are not held to it: letters cover a small share of a word's box, so a word's √ink-area
says little of how well it reads (a word list's words print at 6–9 mm with letters 6–13 mm tall);
words are held to a cap height instead (:mod:`word_size`).

Example:
    >>> from dobble_print.card import CardShape
    >>> recognisable_size(CardShape(size=85.0), 8)
    9.0
    >>> round(recognisable_size(CardShape(size=50.0), 12), 2)
    4.32
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import numpy as np

from dobble_print.card import CardLayout, CardShape
from dobble_print.language import N_, Msg
from dobble_print.symbols import INK_ALPHA, WHITE

RECOGNISABLE_MM = 9.0  # √ink-area of the smallest picture on an 85 mm round card of 8 symbols
REFERENCE = CardShape(size=85.0)
REFERENCE_SYMBOLS = 8
# A picture that alone on the card could not print at this many floors is too thin or scattered
# for a card of others: the fix is the picture, not more room.
CROWDED = 2.0


def recognisable_size(card: CardShape, symbols_per_card: int) -> float:
    """The smallest √ink-area (mm) a picture may print at on ``card`` with ``symbols_per_card``
    symbols: ``RECOGNISABLE_MM`` × √(card area / 85 mm circle's area × 8 / symbols per card)."""
    room = card.area() / REFERENCE.area() * REFERENCE_SYMBOLS / symbols_per_card
    return RECOGNISABLE_MM * math.sqrt(room)


def reach(card: CardShape, safe_margin: float) -> float:
    """At least the longest line inside the card's safe area, mm."""
    return card.diameter - 2 * safe_margin


def largest_size(ink_fraction: float, aspect: float, reach: float) -> float:
    """The largest √ink-area (mm) a picture can print at, alone on a card: its longer side
    ``reach`` mm. ``ink_fraction`` is the share of its box that is ink, ``aspect`` width/height."""
    return math.sqrt(ink_fraction * aspect) * reach / max(aspect, 1.0)


class Remedy(Enum):
    """What lifts a picture over the floor."""

    KEEP_BACKGROUND = "keep_background"  # a removed background that prints took its ink with it
    BOLDER_PICTURE = "bolder_picture"  # its ink is too thin or scattered (white paper around it)
    MORE_ROOM = "more_room"  # the card's fixed millimetres crowd every symbol


# How the engine words each remedy; each shell may word them as its controls (the CLI: flags).
REMEDIES = {
    Remedy.KEEP_BACKGROUND: "its background was removed: keep the pictures' backgrounds",
    Remedy.BOLDER_PICTURE: "it is too thin or scattered to print larger: use a bolder picture or "
    "leave it out",
    Remedy.MORE_ROOM: "give the symbols more room: larger cards or a smaller safe margin",
}


@dataclass(frozen=True)
class SmallSymbol:
    """A card whose smallest picture prints under the recognisable size.

    Attributes:
        card: the card, 0-based (``card + 1`` is what ``reshuffle`` and previews call it).
        symbol: the picture, as an index into the deck's symbols.
        picture: its file name.
        size: its √ink-area as printed, mm.
        floor: the recognisable size on this card, mm.
        remedy: what lifts it over the floor.
    """

    card: int
    symbol: int
    picture: str
    size: float
    floor: float
    remedy: Remedy

    def words(self, remedies: Mapping[Remedy, str] = REMEDIES) -> str:
        """One line for a parent: the card, the picture, how small, and the fix in ``remedies``'
        words (the engine's by default: values, no command-line flags)."""
        return str(self.said(remedies))

    def said(self, remedies: Mapping[Remedy, str | Msg] = REMEDIES) -> Msg:
        """:meth:`words` as a sentence to say in the user's language."""
        params = dict(
            card=self.card + 1,
            picture=self.picture,
            size=float(self.size),
            floor=float(self.floor),
            remedy=remedies[self.remedy],
        )
        if round(self.size) < round(self.floor):  # whole mm tell them apart
            return N_(
                'card {card}: "{picture}" is too small to spot: its ink would fill only a '
                "{size:.0f} mm square (under {floor:.0f} mm); {remedy}",
                **params,
            )
        return N_(
            'card {card}: "{picture}" is too small to spot: its ink would fill only a '
            "{size:.1f} mm square (under {floor:.1f} mm); {remedy}",
            **params,
        )

    def __str__(self) -> str:
        return self.words()


def estimated_sizes(layouts: Sequence[CardLayout], symbols: Sequence) -> list[list[float]]:
    """Each placement's √ink-area as placed (its box × its picture's share of ink), mm, per card:
    what the cards print, within sampling, when they are not measured."""
    fractions: dict[int, float] = {}
    out = []
    for layout in layouts:
        for p in layout.placements:
            if p.symbol not in fractions:
                fractions[p.symbol] = _ink_fraction(symbols[p.symbol].rgba[..., 3])
        out.append([math.sqrt(p.width * p.height * fractions[p.symbol]) for p in layout.placements])
    return out


def smallest_picture(sizes: Sequence[float], layout: CardLayout, symbols: Sequence) -> tuple:
    """The smallest picture on a card as (√ink-area mm, symbol index), from each placement's
    measured ``sizes``; ``()`` on a card of words only."""
    pictures = [
        (size, p.symbol)
        for size, p in zip(sizes, layout.placements, strict=True)
        if symbols[p.symbol].kind != "word"
    ]
    return min(pictures) if pictures else ()


def too_small(
    sizes: Sequence[Sequence[float]],
    layouts: Sequence[CardLayout],
    symbols: Sequence,
    *,
    card: CardShape,
    safe_margin: float,
) -> tuple[SmallSymbol, ...]:
    """Each card whose smallest picture prints under :func:`recognisable_size`, with its fix.

    Args:
        sizes: per card, each placement's √ink-area as printed (``CardMetrics.sizes``), mm.
        layouts: the cards.
        symbols: every symbol of the deck.
        card: the card's shape and size.
        safe_margin: no ink this close to the cut line, mm.
    """
    out = []
    for index, (measured, layout) in enumerate(zip(sizes, layouts, strict=True)):
        least = smallest_picture(measured, layout, symbols)
        floor = recognisable_size(card, len(layout.placements)) if least else 0.0
        if least and least[0] < floor:
            symbol = symbols[least[1]]
            remedy = _remedy(symbol, floor, reach(card, safe_margin))
            name = Path(symbol.source).name
            out.append(SmallSymbol(index, least[1], name, least[0], floor, remedy))
    return tuple(out)


def _remedy(symbol, floor: float, longest: float) -> Remedy:
    """Why a picture prints under ``floor``: its removed background (unless that was white
    paper, which kept would print nothing more), its own thin or scattered ink, or else a card
    too crowded by its fixed millimetres."""
    rgba = symbol.rgba
    if getattr(symbol, "background_removed", False):
        removed = rgba[rgba[..., 3] == 0][:, :3]  # removal keeps the colours
        if len(removed) and np.median(removed.min(axis=1)) < WHITE:
            return Remedy.KEEP_BACKGROUND
    h, w = rgba.shape[:2]
    if largest_size(_ink_fraction(rgba[..., 3]), w / h, longest) < CROWDED * floor:
        return Remedy.BOLDER_PICTURE
    return Remedy.MORE_ROOM


def _ink_fraction(alpha: np.ndarray) -> float:
    """The share of a picture's box that is ink (as :func:`masks.shape_of` counts it)."""
    return float(np.count_nonzero(alpha >= INK_ALPHA)) / alpha.size
