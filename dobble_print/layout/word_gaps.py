"""Words that could be read as one: on a card, two words too close along their line
("hammer dinosaur" set a letter apart reads "hammerdinosaur"), and two words of one colour side
by side or one above the other ("pizza" over "mushroom" reads "pizza mushroom").

Measured on the words' ink as placed, independently of how the packer reasoned (as
:mod:`metrics` measures the clearance between pictures):

- **on one line**: word B sits on a line of word A when, in A's own frame (turned back by A's
  angle), the ink of B's capitals spans at least half the height of that line's capitals
  (``ON_LINE``) within them, and the two turn within ``ALIGNED`` degrees of each other. Their gap
  *along the line* is the least distance between their inks along the rows of that band both
  have ink in (in A's frame, measured both ways, the less kept), and it should be at least a
  **word space** (the font's space advance) of the larger word's type, as in a line of print.
- **neighbours**: two words whose inks are closer than ``NEIGHBOUR_EM`` of the larger word's font
  size, in any direction: near enough to be read together, so never of one colour.

A word is a word symbol that turns as words do (a letter deck's single letters turn freely and
read alone); a placement's colour is its own (:attr:`Placement.color`) or its symbol's.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dobble_print.card import CardLayout, Placement
from dobble_print.layout.kept import per_object
from dobble_print.layout.masks import WORD_ROTATION
from dobble_print.layout.word_size import turn_limit
from dobble_print.symbols import INK_ALPHA, Symbol, cap_height, space_width

ALIGNED = 30.0  # degrees: two words turned further apart are not read along one line
ON_LINE = 0.5  # share of a line's cap height the other word's ink must span within it
NEIGHBOUR_EM = 1.0  # inks closer than this share of the larger font size: read together
CHUNK = 512
PPMM = 8.0  # samples a mm the distance between two inks is measured on


@dataclass(frozen=True)
class WordPair:
    """Two words of one card (symbol indices) and how far apart they are, mm.

    Attributes:
        first, second: the words' symbols, ``first`` < ``second``.
        gap: along their line (``close``), or between their inks (``same_colour``), mm.
        limit: the least gap wanted: a word space of the larger word's type (``close``), or
            the distance under which two words are neighbours (``same_colour``), mm.
    """

    first: int
    second: int
    gap: float
    limit: float


@dataclass(frozen=True)
class WordGaps:
    """One card's words that could be read as one.

    Attributes:
        close: pairs on one line closer than a word space.
        same_colour: neighbouring pairs of one colour.
        least: the least gap along a line over a word space (inf when no two words share one).
    """

    close: tuple[WordPair, ...] = ()
    same_colour: tuple[WordPair, ...] = ()
    least: float = math.inf


@dataclass(frozen=True)
class _Word:
    """A placed word's ink edge in its raster's pixels and in card mm, and its type's sizes."""

    placement: Placement
    pixels: np.ndarray  # (x, y) of the ink's edge pixels, raster pixels, y down
    card: np.ndarray  # the same points on the card, mm, y up
    bands: tuple[tuple[float, float], ...]  # each line's capitals: (top, bottom) raster pixels
    raster: tuple[int, int]  # the raster's height and width, pixels
    em: float  # font size, mm
    space: float  # a word space, mm
    colour: tuple[int, int, int]


def word_gaps(layout: CardLayout, symbols: Sequence[Symbol]) -> WordGaps:
    """The card's words too close along a line, and its neighbouring words of one colour."""
    words = [_word(p, symbols[p.symbol]) for p in layout.placements if _reads(symbols[p.symbol])]
    close, same, least = [], [], math.inf
    for a, b in itertools.combinations(words, 2):
        first, second = sorted((a.placement.symbol, b.placement.symbol))
        gap = min(_along(a, b), _along(b, a))
        space = max(a.space, b.space)
        if math.isfinite(gap):
            least = min(least, gap / space)
            if gap < space:
                close.append(WordPair(first, second, gap, space))
        if a.colour == b.colour:
            near = NEIGHBOUR_EM * max(a.em, b.em)
            apart = _distance(_coarse(a.card), _coarse(b.card), near)
            if apart < near:
                same.append(WordPair(first, second, apart, near))
    return WordGaps(tuple(close), tuple(same), least)


def deck_word_gaps(layouts: Sequence[CardLayout], symbols: Sequence[Symbol]) -> list[WordGaps]:
    """:func:`word_gaps` of every card, in deck order."""
    return [word_gaps(layout, symbols) for layout in layouts]


def _reads(symbol: Symbol) -> bool:
    """A word read as words are: text that turns no further than words do."""
    return symbol.kind == "word" and bool(symbol.lines) and turn_limit(symbol) <= WORD_ROTATION


def _word(p: Placement, symbol: Symbol) -> _Word:
    h, w = symbol.pixels.shape[:2]
    pixels = _edge(symbol)
    sx, sy = p.width / w, p.height / h
    local = np.column_stack([(pixels[:, 0] - w / 2) * sx, (h / 2 - pixels[:, 1]) * sy])
    t = math.radians(p.rotation)
    c, s = math.cos(t), math.sin(t)
    card = np.column_stack(
        [
            p.center[0] + c * local[:, 0] - s * local[:, 1],
            p.center[1] + s * local[:, 0] + c * local[:, 1],
        ]
    )
    cap = cap_height(symbol.font)
    bands = tuple((line.baseline - cap * line.size, line.baseline) for line in symbol.lines)
    size = max(line.size for line in symbol.lines) * sy
    space = space_width(symbol.font, symbol.font_index) * size
    return _Word(p, pixels, card, bands, (h, w), size, space, p.color or symbol.color)


@per_object
def _edge(symbol: Symbol) -> np.ndarray:
    """(x, y) pixel centres of the ink pixels on the edge of ``symbol``'s ink (y down)."""
    ink = np.pad(symbol.rgba[..., 3] >= INK_ALPHA, 1)
    inner = ink[:-2, 1:-1] & ink[2:, 1:-1] & ink[1:-1, :-2] & ink[1:-1, 2:]
    rows, cols = np.nonzero(ink[1:-1, 1:-1] & ~inner)
    return np.column_stack([cols + 0.5, rows + 0.5]).astype(np.float64)


def _along(a: _Word, b: _Word) -> float:
    """The gap from ``a`` to ``b`` along one of ``a``'s lines, mm; inf when ``b`` sits on none
    of them (or turns too far from ``a`` to be read along it)."""
    turn = (b.placement.rotation - a.placement.rotation + 180.0) % 360.0 - 180.0
    if abs(turn) > ALIGNED:
        return math.inf
    p = a.placement
    h, w = a.raster
    capitals = b.card[_within(b.pixels[:, 1], b.bands)]  # not a descender dipping into a's line
    x, y = capitals[:, 0] - p.center[0], capitals[:, 1] - p.center[1]
    t = math.radians(p.rotation)
    c, s = math.cos(t), math.sin(t)
    u = (c * x + s * y) / (p.width / w) + w / 2  # b's ink in a's raster pixels
    v = h / 2 - (-s * x + c * y) / (p.height / h)
    best = math.inf
    for top, bottom in a.bands:
        inside = (v >= top) & (v < bottom)
        if not inside.any() or np.ptp(v[inside]) < ON_LINE * (bottom - top):
            continue
        mine = a.pixels[(a.pixels[:, 1] >= top) & (a.pixels[:, 1] < bottom)]
        gap = _row_gap(mine[:, 0], mine[:, 1] - top, u[inside], v[inside] - top, bottom - top)
        best = min(best, gap * p.width / w)
    return best


def _row_gap(ua, va, ub, vb, height: float) -> float:
    """The least gap between two inks along the rows they share (pixel rows from 0 to
    ``height``), pixels; inf when they share none."""
    rows = math.ceil(height) + 1
    gaps = []
    for u, v in ((ua, va), (ub, vb)):
        row = np.clip(v.astype(np.int64), 0, rows - 1)
        lo, hi = np.full(rows, np.inf), np.full(rows, -np.inf)
        np.minimum.at(lo, row, u)
        np.maximum.at(hi, row, u)
        gaps.append((lo, hi))
    (alo, ahi), (blo, bhi) = gaps
    both = np.isfinite(alo) & np.isfinite(blo)
    if not both.any():
        return math.inf
    apart = np.maximum(np.maximum(blo - ahi, alo - bhi), 0.0)[both]
    return float(apart.min())


def _coarse(points: np.ndarray) -> np.ndarray:
    """``points`` (mm) on a grid of ``1 / PPMM`` mm, each once: as fine as the metrics measure."""
    return np.unique(np.round(points * PPMM), axis=0) / PPMM


def _within(rows: np.ndarray, bands: Sequence[tuple[float, float]]) -> np.ndarray:
    """Which ``rows`` (raster pixels, y down) fall within one of ``bands``."""
    inside = np.zeros(len(rows), bool)
    for top, bottom in bands:
        inside |= (rows >= top) & (rows <= bottom)
    return inside


def _distance(a: np.ndarray, b: np.ndarray, bound: float) -> float:
    """The least distance between a point of ``a`` and one of ``b``, or ``bound`` when none is
    closer."""
    lo, hi = b.min(axis=0) - bound, b.max(axis=0) + bound
    a = a[((a >= lo) & (a <= hi)).all(axis=1)]
    if not len(a):
        return bound
    lo, hi = a.min(axis=0) - bound, a.max(axis=0) + bound
    b = b[((b >= lo) & (b <= hi)).all(axis=1)]
    least = bound * bound
    for k in range(0, len(a), CHUNK):
        d = a[k : k + CHUNK, None, :] - b[None, :, :]
        if d.size:
            least = min(least, float((d[..., 0] ** 2 + d[..., 1] ** 2).min()))
    return math.sqrt(least)
