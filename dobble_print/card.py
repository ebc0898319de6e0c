"""The card: its outline (a circle, hexagon, square or rounded square, in mm) and what it holds.

The values every stage shares: :class:`CardShape` (one value for the card's shape and size, a circle
included), and the layout's result, :class:`Placement` and :class:`CardLayout`, which printing reads
without loading the packer.

Geometry only, around the card centre (y up). Every shape is convex, which keeps the questions the
rest of the tool asks cheap and exact: how far inside the safe area a point is (:meth:`depth`, a
signed distance the packer thresholds per grid cell), the outline grown by a bleed or shrunk by a
border (:meth:`outline`), and the area to aim the layout's fill at.

``size`` is what a ruler across the card reads: the circle's diameter, the square's side, the
hexagon's width across its flats. Hexagons stand on a point (pointy-top), so that they tessellate
in rows offset by half a card, with vertical flats left and right.

Example:
    >>> hexagon = CardShape(ShapeKind.HEXAGON, 70.0)
    >>> round(hexagon.diameter, 2)  # the circumscribed circle, corner to corner
    80.83
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from dobble_print.language import N_, Msg

ROUNDED_CORNER = 0.08  # corner radius of a rounded card, as a share of its side (~6.8 mm at 85)
ARC_STEPS = 12  # straight pieces per rounded corner: under 0.01 mm from the true arc
SQRT3 = math.sqrt(3.0)


class ShapeKind(StrEnum):
    """The card shapes."""

    CIRCLE = "circle"
    HEXAGON = "hexagon"
    SQUARE = "square"
    ROUNDED = "rounded"

    @property
    def said(self) -> Msg:
        """The shape's name, said in the language of the sentence it is part of."""
        return {
            "circle": N_("circle"),
            "hexagon": N_("hexagon"),
            "square": N_("square"),
            "rounded": N_("rounded"),
        }[self.value]


@dataclass(frozen=True)
class CardShape:
    """A card's shape and size.

    Attributes:
        kind: circle, hexagon, square or rounded.
        size: diameter, side, or width across the flats (hexagon), mm.
    """

    kind: ShapeKind = ShapeKind.CIRCLE
    size: float = 85.0

    @property
    def corner(self) -> float:
        """Corner radius, mm (only rounded cards have one)."""
        return self.size * ROUNDED_CORNER if self.kind is ShapeKind.ROUNDED else 0.0

    @property
    def half_extent(self) -> tuple[float, float]:
        """Half the width and half the height of the card's bounding box, mm."""
        h = self.size / 2
        return (h, h * 2 / SQRT3) if self.kind is ShapeKind.HEXAGON else (h, h)

    @property
    def diameter(self) -> float:
        """Diameter of the circumscribed circle, mm: what consumers of round cards read."""
        if self.kind is ShapeKind.CIRCLE:
            return self.size
        if self.kind is ShapeKind.HEXAGON:
            return self.size * 2 / SQRT3
        return self.size * math.sqrt(2)

    def area(self, inset: float = 0.0) -> float:
        """Area of the card shrunk by ``inset`` mm on every side (the safe area), mm²."""
        h = self.size / 2 - inset
        if h <= 0:
            return 0.0
        if self.kind is ShapeKind.CIRCLE:
            return math.pi * h * h
        if self.kind is ShapeKind.HEXAGON:
            return 2 * SQRT3 * h * h
        r = max(self.corner - inset, 0.0)
        return 4 * h * h - (4 - math.pi) * r * r

    def depth(self, x: np.ndarray, y: np.ndarray, inset: float = 0.0) -> np.ndarray:
        """How far inside the card shrunk by ``inset`` each point (mm) is; negative outside.

        Exact inside (what the packer thresholds); outside only the sign matters.
        """
        x, y = np.asarray(x, float), np.asarray(y, float)
        h = self.size / 2 - inset
        if self.kind is ShapeKind.CIRCLE:
            return h - np.hypot(x, y)
        if self.kind is ShapeKind.HEXAGON:  # flats at 0°, 60°, 120° (and opposite)
            ax, ay = np.abs(x), np.abs(y)
            return h - np.maximum(ax, 0.5 * ax + SQRT3 / 2 * ay)
        r = min(max(self.corner - inset, 0.0), max(h, 0.0))
        qx, qy = np.abs(x) - (h - r), np.abs(y) - (h - r)
        out = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0)
        return r - out

    def outline(self, grow: float = 0.0) -> tuple[tuple[float, float], ...]:
        """The outline grown by ``grow`` mm (negative shrinks), counter-clockwise, as a polygon.

        Circles and rounded corners are pieced from short straight lines; the renderer draws true
        circles, this is for everything else (PNG previews, tests).
        """
        h = self.size / 2 + grow
        if self.kind is ShapeKind.HEXAGON:
            r = h * 2 / SQRT3
            return tuple(
                (r * math.cos(math.radians(90 + 60 * k)), r * math.sin(math.radians(90 + 60 * k)))
                for k in range(6)
            )
        if self.kind is ShapeKind.CIRCLE:
            return tuple(
                (h * math.cos(2 * math.pi * k / 96), h * math.sin(2 * math.pi * k / 96))
                for k in range(96)
            )
        r = max(self.corner + grow, 0.0) if self.kind is ShapeKind.ROUNDED else 0.0
        points = []
        for qx, qy, start in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270)):
            cx, cy = qx * (h - r), qy * (h - r)
            steps = ARC_STEPS if r > 0 else 0
            for k in range(steps + 1):
                a = math.radians(start + 90 * k / max(steps, 1))
                points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        return tuple(points)

    def describe(self) -> str:
        """``"85 mm"`` for circles, ``"70 mm hexagonal"`` etc. for the rest (for the cover)."""
        return str(self.description())

    def description(self) -> Msg:
        """:meth:`describe`'s words, said in the language of the sentence they are part of."""
        size = float(self.size)
        return {
            ShapeKind.CIRCLE: N_("{size:g} mm", size=size),
            ShapeKind.HEXAGON: N_("{size:g} mm hexagonal", size=size),
            ShapeKind.SQUARE: N_("{size:g} mm square", size=size),
            ShapeKind.ROUNDED: N_("{size:g} mm rounded-square", size=size),
        }[self.kind]


@dataclass(frozen=True)
class Placement:
    """One symbol on one card.

    Attributes:
        symbol: index into the deck's symbol list.
        center: (x, y) of the picture's centre in mm from the card centre, y up.
        width: drawn width of the whole (trimmed) picture before rotation, mm.
        height: drawn height before rotation, mm.
        rotation: counter-clockwise, degrees.
        color: a word's colour on this card (RGB, 0–255), when not its symbol's own: words side
            by side on a card are set in different colours (None for pictures).
    """

    symbol: int
    center: tuple[float, float]
    width: float
    height: float
    rotation: float
    color: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class CardLayout:
    """The placements of one card's symbols."""

    placements: tuple[Placement, ...]
