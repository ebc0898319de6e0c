"""Where a class set's letter sits on a card's rim (:mod:`dobble_print.deck.copies`), in mm from
the card's centre: drawn by the PDF writer and the PNG previews alike."""

from __future__ import annotations

import math

from dobble_print.card import CardShape, ShapeKind
from dobble_print.deck import BORDER_MM


def mark_place(shape: CardShape) -> tuple[float, float, float]:
    """The letter's centre ``(x, y)`` in mm and its turn in degrees (counter-clockwise).

    At the bottom of the rim, upright, on a round, square or rounded card; on a hexagon, whose
    bottom is a corner, on its lower right flat, turned with it (30°).
    """
    angle = 300.0 if shape.kind is ShapeKind.HEXAGON else 270.0
    d = shape.size / 2 - BORDER_MM / 2  # every shape's size is across its flats
    return (
        d * math.cos(math.radians(angle)),
        d * math.sin(math.radians(angle)),
        angle - 270.0,
    )
