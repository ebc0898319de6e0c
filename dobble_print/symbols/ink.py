"""Ink: how much of a picture prints, as the metrics read it.

*Ink* is a pixel with alpha ≥ 0.5; *printed ink* is a pixel that is not near-white once composited
over white paper (what a player sees as picture). Two figures of each picture follow, measured on
every k-th pixel (at most ``SAMPLE`` a side): its *printed share*, printed ink over the convex hull
of its ink (how much of the room it takes on a card it prints; :mod:`mixing` and :mod:`ranks` use
it), and its *printed fraction*, printed ink over its whole box, so that a placement of w × h mm
prints about w·h·fraction mm² (:mod:`layout.deck_layout` compares packings by it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

INK_ALPHA = 128
WHITE = 235  # a pixel whose darkest channel is below this is printed ink (over white paper)
SAMPLE = 128  # pixels a side the printed share is measured on


@dataclass(frozen=True)
class Ink:
    """The printed share and printed fraction of every symbol of a deck, by symbol index."""

    shares: tuple[float, ...]
    fractions: tuple[float, ...]

    def printed_area(self, layout) -> float:
        """About how much of a card's layout (a ``card.CardLayout``) prints, mm²."""
        return sum(p.width * p.height * self.fractions[p.symbol] for p in layout.placements)


def measure_ink(pictures: Sequence[np.ndarray]) -> Ink:
    """The :class:`Ink` of these RGBA pictures."""
    return _ink([figures(rgba) for rgba in pictures])


def symbols_ink(symbols: Sequence) -> Ink:
    """The :class:`Ink` of these symbols (each a ``Symbol``), from their figures measured once
    (``Symbol.ink_figures``)."""
    return _ink([s.ink_figures for s in symbols])


def _ink(measured: Sequence[tuple[float, float]]) -> Ink:
    return Ink(tuple(f[0] for f in measured), tuple(f[1] for f in measured))


def printed_share(rgba: np.ndarray) -> float:
    """The share of the picture's ink hull (convex hull of its pixels with alpha ≥ 0.5) that
    prints as ink over white paper; 1.0 for a picture with no ink."""
    return figures(rgba)[0]


def figures(rgba: np.ndarray) -> tuple[float, float]:
    """(printed share, printed fraction) of one picture."""
    k = max(1, -(-max(rgba.shape[:2]) // SAMPLE))
    rgba = rgba[::k, ::k]
    alpha = rgba[..., 3]
    ink = alpha >= INK_ALPHA
    if not ink.any():
        return 1.0, 0.0
    a = alpha.astype(np.float32) / 255.0
    darkest = rgba[..., :3].min(axis=2).astype(np.float32)
    printed = np.count_nonzero(ink & (darkest * a + 255.0 * (1 - a) < WHITE))
    return float(printed) / max(_hull_area(ink), 1.0), float(printed) / ink.size


def _hull_area(ink: np.ndarray) -> float:
    """Area in pixels of the convex hull of the ink pixels' squares (monotone chain over the
    corners of each row's leftmost and rightmost ink pixel)."""
    rows = np.flatnonzero(ink.any(axis=1))
    left = ink[rows].argmax(axis=1)
    right = ink.shape[1] - 1 - ink[rows, ::-1].argmax(axis=1)
    xs = np.concatenate([left, left, right + 1, right + 1]).astype(float)
    ys = np.concatenate([rows, rows + 1, rows, rows + 1]).astype(float)
    pts = sorted(set(zip(xs.tolist(), ys.tolist(), strict=True)))
    if len(pts) < 3:
        return 0.0

    def half(points):
        out: list[tuple[float, float]] = []
        for p in points:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    hull = half(pts)[:-1] + half(pts[::-1])[:-1]
    x = np.array([p[0] for p in hull])
    y = np.array([p[1] for p in hull])
    return float(abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))) / 2)


def _cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
