"""Masks: a symbol's ink as the packer sees it, rasterised onto the card's occupancy grid.

A symbol's *ink* is its pixels with alpha ≥ 0.5 (as a printer's eye and the metrics see it). The
packer needs that ink at many sizes and angles on a coarse grid (about 0.8 mm a cell), and it needs
the result to be *conservative*: every cell the real ink touches must be marked, or two symbols that
look apart on the grid could be closer than the clearance on paper.

How: once per symbol, the ink is reduced to a small pyramid by max-pooling (a coarse pixel is ink
when any pixel it covers is), so every level is a superset of the real ink, and each level gets a
summed-area table. To rasterise, every cell's centre is mapped back into the picture (undoing the
rotation and scale) and the table counts the ink in the bounding box of the turned cell, four
look-ups per cell, all cells at once. A cell is marked when that count is not zero: never a miss,
and at most a fraction of a cell too much (the bounding box of a cell turned 45° is 41 % wider,
and the level's pixels are a sixth of a cell or less).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from dobble_print.layout import loops
from dobble_print.symbols import INK_ALPHA, cap_height, is_letter, space_width

# Longest side of the finest level: large enough to keep the pictures (loaded at 300 dpi of their
# largest size on the card, 561 px for 8 a card on 85 mm) at full resolution. Pooled, a large
# symbol's pixels are coarser than FINE allows on the settling grid and than tightening's outline
# wants, and every contact keeps a little more than the clearance.
PYRAMID_PX = 1024
FINE = 6  # level pixels are at most 1/FINE of a cell: finer hugs the ink, coarser is faster
WORD_ROTATION = 25.0  # words read badly when tilted further
# A word packs with this much more room above and below its ink (a share of its font size,
# each side). Only the packing mask grows; the printed text does not.
WORD_MARGIN = 0.06
# Beside its ink, this share of its font's word space: two words side by side keep at least a
# word space of the larger one's type between them (0.65 × (1 + 1/1.8) of it when one is 1.8
# times the other, the most a word card's sizes spread), or they read as one ("hammerdinosaur",
# 2.6 mm apart at 0.06 em); a letter deck's letters, which turn freely and read alone, keep
# WORD_MARGIN all round.
WORD_SPACE_SHARE = 0.65
# Above and below a vocabulary's text face its room (a quarter of its font size beside it) is
# this share of it: faces run together along their lines ("1418"), not across them, and gaps as
# tall as the faces left maths and two-language decks a third empty. A plain word keeps 0.06
# above and below: less brought two words within 1.5 mm.
WORD_ROOM_TALL = 0.4
# A labelled picture packs with this much room around it (a share of its label's font size):
# labels are all one colour, and two side by side with a word's room read as one ("keytree").
LABEL_MARGIN = 0.15
# Around the label itself, this much room: more than the gap between it and its own picture (0.2
# of its font size, :mod:`symbols.labels`), so a label reads as its picture's, never as the next
# symbol's ("rocket" sat nearer the word "koala" than its rocket).
LABEL_ROOM = 0.6
# Among pictures a word is sized as if its box held this much ink (a photo's box holds 1): at 1 the
# photos matched the words only on average (a third of cards had smaller photos); at 2 the photos
# are larger on nine cards in ten, and the words stay large enough to read at a glance.
WORD_SIZING = 2.0


@dataclass(frozen=True, eq=False)
class Shape:
    """One symbol's ink, ready to rasterise at any size and angle.

    Attributes:
        bits: the finest level of the pyramid, the ink max-pooled ``factor``×``factor``, packed
            eight pixels a byte (``np.packbits``, rows in order). Kept packed, an eighth of its
            bytes: the packer reads the levels' summed-area tables, which are made from it once,
            and the levels themselves only for outlines (:meth:`level`). Held as bool arrays,
            the classic deck's 57 pyramids were ~24 MB beside their tables through the packing.
        size: (rows, columns) of the finest level.
        factor: picture pixels per pixel of the finest level, each way.
        pixels: (width, height) of the trimmed picture.
        ink_fraction: share of the picture's box that is ink, so √ink-area = √(f·w·h).
        kind: ``"image"`` or ``"word"``.
        margin: pixels of room the packing frame adds on each side of the drawn picture (a
            word's ``WORD_MARGIN``): ``pixels`` and the levels are the frame's, the ink grown by
            it, and ``ink_fraction`` its share of the frame, so √ink-area is the drawn ink's.
        sizing: share of the drawn box that counts as its size (None: its ink share): a word
            among pictures is sized by its box (1.0), so a photo is as large as the words.
    """

    bits: np.ndarray
    size: tuple[int, int]
    factor: int
    pixels: tuple[int, int]
    ink_fraction: float
    kind: str
    margin: int = 0
    sizing: float | None = None
    _tables: dict[int, np.ndarray] = field(default_factory=dict, repr=False)

    @property
    def finest(self) -> np.ndarray:
        """The finest level (bool), unpacked anew on each call."""
        rows, cols = self.size
        return np.unpackbits(self.bits, count=rows * cols).reshape(rows, cols).view(bool)

    @functools.cached_property
    def level_sizes(self) -> tuple[tuple[int, int], ...]:
        """(rows, columns) of each level of the pyramid, finest first, each half the last (odd
        sides rounded up), down to the first no more than 8 pixels a side."""
        sizes = [self.size]
        while max(sizes[-1]) > 8:
            rows, cols = sizes[-1]
            sizes.append(((rows + 1) // 2, (cols + 1) // 2))
        return tuple(sizes)

    def level(self, level: int, finest: np.ndarray | None = None) -> np.ndarray:
        """Level ``level`` of the pyramid: the max-pooled ink (bool), made anew on each call
        (its callers keep what they make of it: the tables, tightening's outlines), from
        ``finest`` where the caller has unpacked it already."""
        ink = self.finest if finest is None else finest
        for _ in range(level):
            ink = _pool(ink)
        return ink

    @functools.cached_property
    def factors(self) -> tuple[int, ...]:
        """Picture pixels per level pixel, each way, of each level (level pixel j covers picture
        pixels j·f … (j+1)·f - 1; the last row and column may hang over the picture)."""
        return tuple(self.factor << i for i in range(len(self.level_sizes)))

    def table(self, level: int) -> np.ndarray:
        """Summed-area table of :meth:`level` ``level``, for counting ink in any box at once.

        Made on first use and kept: a card's grids use two or three of a shape's levels, and the
        process that loads the pictures rasterises none, so tables built up front would be
        mostly wasted, in this process and again in every worker.
        """
        found = self._tables.get(level)
        if found is None:
            found = self._tables[level] = _table(self.level(level))
        return found

    def make_tables(self) -> None:
        """Every level's table (:meth:`table`), the levels made once each on the way."""
        ink = self.finest
        for level in range(len(self.level_sizes)):
            if level:
                ink = _pool(ink)
            if level not in self._tables:
                self._tables[level] = _table(ink)

    @property
    def aspect(self) -> float:
        """Width / height of the whole picture."""
        return self.pixels[0] / self.pixels[1]

    def __reduce__(self):
        """Pickled as the bits of its finest level, a twentieth of the arrays: the other levels
        are rebuilt from it where the shape is used (a packing worker), rather than copied
        through a pipe, and the tables too."""
        args = (self.factor, self.pixels, self.ink_fraction, self.kind, self.margin, self.sizing)
        return Shape, (self.bits, self.size, *args)

    @property
    def drawn(self) -> tuple[int, int]:
        """(width, height) of the picture as drawn, without the packing frame's margin."""
        return self.pixels[0] - 2 * self.margin, self.pixels[1] - 2 * self.margin

    @property
    def drawn_ink_fraction(self) -> float:
        """Share of the drawn box that is ink."""
        w, h = self.drawn
        return self.ink_fraction * self.pixels[0] * self.pixels[1] / (w * h)

    def height_for(self, size: float) -> float:
        """Frame height (mm) that gives this shape a size (√ink-area, or √(sizing · box area))
        of ``size`` mm."""
        if not self.margin and self.sizing is None:
            return size / math.sqrt(self.ink_fraction * self.aspect)
        w, h = self.drawn
        drawn = size / math.sqrt(self.sizing_fraction * w / h)
        return drawn * self.pixels[1] / h

    def size_of(self, height: float) -> float:
        """The size (see :meth:`height_for`) of the shape at frame height ``height`` mm."""
        if not self.margin and self.sizing is None:
            return height * math.sqrt(self.ink_fraction * self.aspect)
        w, h = self.drawn
        return height * h / self.pixels[1] * math.sqrt(self.sizing_fraction * w / h)

    def drawn_height(self, height: float) -> float:
        """The picture's drawn height (mm) at frame height ``height`` mm."""
        return height if not self.margin else height * self.drawn[1] / self.pixels[1]

    @property
    def sizing_fraction(self) -> float:
        """The share of the drawn box its size counts (see ``sizing``)."""
        return self.drawn_ink_fraction if self.sizing is None else self.sizing


@dataclass(frozen=True, eq=False)
class CellMask:
    """A shape rasterised on the grid.

    Attributes:
        cells: bool array, rows going up the card (y up), every edge touching ink.
        centre: (column, row) of the picture's centre in continuous cell units of ``cells``.
    """

    cells: np.ndarray
    centre: tuple[float, float]


def _pool(ink: np.ndarray) -> np.ndarray:
    """Half the size, keeping every pixel that covers any ink (2×2 max, odd edges padded)."""
    h, w = ink.shape
    padded = np.zeros((h + h % 2, w + w % 2), bool)
    padded[:h, :w] = ink
    return padded[0::2, 0::2] | padded[1::2, 0::2] | padded[0::2, 1::2] | padded[1::2, 1::2]


def _table(ink: np.ndarray) -> np.ndarray:
    """Summed-area table modulo 2¹⁶: ``t[i, j]`` is the ink count of ``ink[:i, :j]`` mod 65536.

    A box's count (four look-ups) is then exact modulo 65536, so exact for any box of fewer
    pixels, which is what :func:`kernels.raster_cells` asks of it; half the bytes of int32 keep
    more of a full-resolution picture's table (a 570-pixel picture's is 0.65 MB) in the cache,
    which makes rasterising on the settling grid faster. Made by a compiled loop
    (:func:`kernels.summed_area`), bound on first use: only the processes that pack need tables.
    """
    return loops.summed_area(ink)


def shape_of(
    rgba: np.ndarray,
    kind: str = "image",
    margin: int = 0,
    sizing: float | None = None,
    tall: float = 1.0,
    *,
    label: tuple[int, int] = (0, 0),
) -> Shape:
    """The packing shape of a trimmed RGBA picture, its ink grown by ``margin`` pixels beside it
    and ``tall`` × ``margin`` above and below (see :class:`Shape` for ``sizing``); with a
    ``label`` (first row, pixels of room), the rows from that one are grown by its room and the
    picture above them by ``margin``."""
    ink = rgba[..., 3] >= INK_ALPHA
    if not ink.any():  # fuzz only: treat the faint pixels as the shape
        ink = rgba[..., 3] > 0
    count = np.count_nonzero(ink)
    if label[1]:
        ink, margin = _grown_apart(ink, label[0], margin, label[1]), label[1]
    elif margin:
        ink = _grown(ink, margin, tall)
    h, w = ink.shape
    k = math.ceil(max(w, h) / PYRAMID_PX)  # whole-pixel pooling keeps the superset exact
    level = ink
    if k > 1:
        padded = np.pad(ink, ((0, -h % k), (0, -w % k)))
        level = np.zeros((padded.shape[0] // k, padded.shape[1] // k), bool)
        for dy in range(k):  # k×k max-pooling as k² strided ORs (numpy's any over axes is slow)
            for dx in range(k):
                level |= padded[dy::k, dx::k]
    bits = np.packbits(level)
    return Shape(bits, level.shape, k, (w, h), float(count) / ink.size, kind, margin, sizing)


def _grown(ink: np.ndarray, margin: int, tall: float = 1.0) -> np.ndarray:
    """``ink`` padded by ``margin`` pixels each side and grown by an ellipse ``margin`` wide
    and ``tall`` × ``margin`` high (a disc when ``tall`` is 1: :func:`kernels.disc_grown`).

    By the distance to the nearest ink pixel, the same set as a dilation by the ellipse
    ``x² + (y / tall)² ≤ margin²``: a dilation by a disc 100 pixels across ran out of memory.
    """
    if tall == 1.0:
        return loops.disc_grown(ink, margin, margin)
    from scipy import ndimage

    padded = np.pad(ink, margin)
    if not padded.any():
        return padded
    return ndimage.distance_transform_edt(~padded, sampling=(1 / tall, 1.0)) <= margin


def _grown_apart(ink: np.ndarray, row: int, picture: int, label: int) -> np.ndarray:
    """``ink`` padded by ``label`` pixels, its rows from ``row`` on (the label) grown by that
    many and the rows above (the picture) by ``picture``."""
    above, below = ink.copy(), ink.copy()
    above[row:], below[:row] = False, False
    return loops.disc_grown(below, label, label) | loops.disc_grown(above, label, picture)


def shapes_of(symbols: Sequence) -> tuple[Shape, ...]:
    """Packing shapes of every symbol (``kind`` defaults to ``"image"``): a word's ink is grown
    by ``WORD_MARGIN`` of its font size above and below and ``WORD_SPACE_SHARE`` of its word
    space beside it, and in a deck of pictures and words a word is sized by
    its box rather than its ink (a word's ink is a third of its box, a photo's all of it: by ink,
    the words' boxes came out three times the photos')."""
    kinds = [getattr(s, "kind", "image") for s in symbols]
    mixed = "word" in kinds and any(k != "word" for k in kinds)
    by_letters = None if mixed else letter_sizing(symbols)
    out = []
    for i, (s, kind) in enumerate(zip(symbols, kinds, strict=True)):
        if kind not in ("word", "labelled"):
            out.append(shape_of(s.rgba, kind))
            continue
        # a labelled picture is sized by its ink, as the picture it mostly is
        sizing = None
        if kind == "word":
            sizing = WORD_SIZING if mixed else by_letters.get(i) if by_letters else None
        share = getattr(s, "room", 0.0) or (WORD_MARGIN if kind == "word" else LABEL_MARGIN)
        tall = WORD_ROOM_TALL if kind == "word" and getattr(s, "room", 0.0) else 1.0
        if kind == "word" and not getattr(s, "room", 0.0) and _spaced(s):
            share = max(WORD_SPACE_SHARE * space_width(s.font, s.font_index), WORD_MARGIN)
            tall = WORD_MARGIN / share
        picture = getattr(s, "picture", None) if kind == "labelled" else None
        label = (picture.shape[0], _margin_px(s, LABEL_ROOM)) if picture is not None else (0, 0)
        out.append(shape_of(s.rgba, kind, _margin_px(s, share), sizing, tall, label=label))
    return tuple(out)


def _spaced(symbol) -> bool:
    """A word of text read along its line (not a letter deck's letter, nor an emoji)."""
    lines = getattr(symbol, "lines", ())
    return bool(lines) and bool(getattr(symbol, "font", "")) and not is_letter(symbol.name)


def letter_sizing(symbols: Sequence) -> dict[int, float]:
    """In a deck of words, each word's ``sizing`` (index → share of its box) that makes its
    size follow its letters' height rather than its ink: by ink, "hippopotamus" got letters
    half the height of "cat"'s at the same rank, and a phrase a third. A word's size becomes
    ``k ×`` its cap height, ``k`` the deck's geometric mean of √ink-area / cap height, so the
    deck's sizes (and how full the cards are) stay what they were on average."""
    found = {}
    for i, s in enumerate(symbols):
        if getattr(s, "kind", "") == "word" and getattr(s, "lines", ()):
            cap = min(line.size for line in s.lines) * cap_height(s.font)
            h, w = s.pixels.shape[:2]
            ink = np.count_nonzero(s.rgba[..., 3] >= INK_ALPHA)
            if cap > 0 and ink:
                found[i] = (cap, w * h, ink)
    if not found:
        return {}
    k2 = math.exp(np.mean([math.log(ink / cap**2) for cap, _, ink in found.values()]))
    return {i: k2 * cap**2 / box for i, (cap, box, _) in found.items()}


def _margin_px(symbol, share: float = WORD_MARGIN) -> int:
    """A word's packing margin in its picture's pixels: ``share`` of its font size (of
    the picture's height when its lines are not known)."""
    lines = getattr(symbol, "lines", None) or ()
    em = lines[0].size if lines else symbol.pixels.shape[0]
    return max(1, math.ceil(share * em))


def rotated_extent(width: float, height: float, angle: float) -> tuple[float, float]:
    """Half width and half height of a width×height box rotated by ``angle`` degrees."""
    c, s = abs(math.cos(math.radians(angle))), abs(math.sin(math.radians(angle)))
    return (width * c + height * s) / 2, (width * s + height * c) / 2


def rasterise(shape: Shape, height: float, angle: float, cell: float) -> CellMask:
    """The cells a shape's ink touches when drawn ``height`` mm tall, turned ``angle``° CCW."""
    return rasterise_runs(shape, height, angle, cell)[0]


def rasterise_runs(
    shape: Shape, height: float, angle: float, cell: float
) -> tuple[CellMask, np.ndarray]:
    """:func:`rasterise`, and the cells' runs longest first (:func:`kernels.runs_longest_first`),
    the way the packer wants them: in one compiled call (:func:`kernels.raster_runs`)."""
    pw, ph = shape.pixels
    li = 0
    while li + 1 < len(shape.level_sizes) and height * shape.factors[li + 1] / ph <= cell / FINE:
        li += 1
    lh, lw = shape.level_sizes[li]
    # the module's attribute, bound on first use (loops.__getattr__): imported here on every
    # call, the import machinery asked the module for a __path__ each time (~2 µs, ~19,000 calls
    # a classic deck)
    cells, cx, cy, runs = loops.raster_runs(
        shape.table(li), lw, lh, shape.factors[li], pw, ph, height, shape.aspect, angle, cell
    )
    return CellMask(cells, (cx, cy)), runs
