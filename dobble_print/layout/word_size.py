"""How large the words print: each word's cap height on the card, mm.

A word reads by the height of its letters, not by its ink's area (which :mod:`recognisable`
judges for pictures): the cap height, the font's capital height (:func:`symbols.cap_height`) at
the printed font size. A word's lines are set in pixels of its raster, and the raster is drawn
``placement.height`` mm tall, so its font size in mm is ``line.size × height / raster height``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from dobble_print.card import CardLayout, CardShape, Placement
from dobble_print.layout.masks import WORD_ROTATION
from dobble_print.layout.recognisable import REFERENCE, REFERENCE_SYMBOLS
from dobble_print.symbols import Symbol, cap_height, is_letter


def word_cap_height(placement: Placement, symbol: Symbol) -> float:
    """The cap height a word prints at in ``placement``, mm (its smallest line's)."""
    size_px = min(line.size for line in symbol.lines)
    return size_px * placement.height / symbol.pixels.shape[0] * cap_height(symbol.font)


def smallest_word(layout: CardLayout, symbols: Sequence[Symbol]) -> tuple:
    """The card's smallest word as (cap height mm, symbol index); ``()`` when it has none."""
    words = [
        (word_cap_height(p, symbols[p.symbol]), p.symbol)
        for p in layout.placements
        if symbols[p.symbol].kind == "word" and symbols[p.symbol].lines
    ]
    return min(words) if words else ()


# Cap height of the smallest word on the retail card (85 mm, 8 a card): 4 mm is 16-point type,
# what books for children who read alone use. Young players' decks have fewer, larger symbols and
# want more (18-24 point, 6 mm, on the 94 mm junior card of 6): the floor grows a little faster
# than the room a symbol has, with (8 / symbols per card)^1.2 rather than ^1.
READABLE_CAP_MM = 4.0
FEWER_SYMBOLS = 1.2


def readable_cap(card: CardShape, symbols_per_card: int) -> float:
    """The cap height (mm) the smallest word of a card is packed again to reach: 4 mm on an
    85 mm circle of 8, × √(card area / its area) × (8 / symbols per card)^1.2 (6.25 mm on the
    94 mm junior card of 6, 3.1 mm on the 65 mm mini card of 8).

    Example:
        >>> round(readable_cap(CardShape(size=94.0), 6), 2)
        6.25
    """
    scale = math.sqrt(card.area() / REFERENCE.area())
    return READABLE_CAP_MM * scale * (REFERENCE_SYMBOLS / symbols_per_card) ** FEWER_SYMBOLS


def letter_heights(symbols: Sequence[Symbol]) -> tuple[float, ...]:
    """Each symbol's cap height per mm of its drawn height (0 for a picture): a placement of
    height h mm prints its word's capitals h × this mm tall."""
    return tuple(
        min(line.size for line in s.lines) / s.pixels.shape[0] * cap_height(s.font)
        if getattr(s, "kind", "image") == "word" and getattr(s, "lines", ())
        else 0.0
        for s in symbols
    )


def turn_limit(symbol: Symbol) -> float:
    """How far a symbol may turn either way, degrees: a word ``WORD_ROTATION`` (it reads badly
    further); a picture, or a letter deck's single letter, any angle, as on dice (the letters
    that then read as others carry a bar: :func:`symbols.words.needs_bar`). A labelled picture
    turns no more than a word: its label must read. Nor does a vocabulary file's text face, a
    single digit included: in a maths deck "6" turning over beside an upright "24" looked odd.
    Nor does a photo (a picture printed whole with its background): a face or a family photo
    upside down is hard to know, while a drawing cut to its outline reads at any angle."""
    kind = getattr(symbol, "kind", "image")
    if kind == "labelled" or getattr(symbol, "photo", False):
        return WORD_ROTATION
    if kind == "word" and (
        getattr(symbol, "room", 0.0) or not is_letter(getattr(symbol, "name", ""))
    ):
        return WORD_ROTATION
    return 180.0
