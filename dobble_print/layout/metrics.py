"""Metrics: how well a layout uses the card, measured on the placed pictures at print resolution.

Every placed picture is sampled (nearest pixel) on a fine grid over the card, 8 samples per mm by
default, the way a printer would put it down: *ink* is alpha ≥ 0.5, *printed ink* is a pixel that
is not near-white once composited over white paper (the share of the card a player sees as picture).
From those masks, independently of how the packer reasoned:

- ``coverage``: printed ink / card disc area;
- ``clearance``: smallest distance between the inks of two symbols, mm;
- ``edge``: smallest distance from any ink to the cut line, mm;
- ``size_ratio``: largest / smallest √ink-area on the card; ``smallest``: smallest √ink-area, mm;
- ``sizes``: each placement's √ink-area, mm, in the layout's order (what :mod:`recognisable`
  judges; not in the report's metrics).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from dobble_print.card import CardLayout, CardShape, Placement, ShapeKind
from dobble_print.language import N_
from dobble_print.layout.kept import per_object
from dobble_print.parallel import can_fork, give_back, in_order, worker_count
from dobble_print.symbols import INK_ALPHA, WHITE, Pixels, Symbol

PPMM = 8.0


@dataclass(frozen=True)
class CardMetrics:
    """Measured figures of one card (see the module docstring)."""

    coverage: float
    clearance: float
    edge: float
    size_ratio: float
    smallest: float
    sizes: tuple[float, ...] = ()


@dataclass(frozen=True)
class DeckMetrics:
    """The deck's figures: means and extremes over its cards."""

    coverage_mean: float
    coverage_min: float
    clearance: float
    edge: float
    size_ratio_mean: float
    size_ratio_min: float
    size_ratio_max: float
    smallest: float


@dataclass(frozen=True)
class InkSample:
    """One placed picture sampled on the card grid: where its ink and printed ink fall."""

    rows: slice
    cols: slice
    ink: np.ndarray
    printed: np.ndarray


def sample_placement(p: Placement, symbol: Symbol, radius: float, ppmm: float = PPMM) -> InkSample:
    """Sample one placement on the card's grid (cell centres at (i + ½)/ppmm - radius, y up)."""
    h, w = symbol.pixels.shape[:2]
    t = math.radians(p.rotation)
    c, s = math.cos(t), math.sin(t)
    ex = (abs(p.width * c) + abs(p.height * s)) / 2
    ey = (abs(p.width * s) + abs(p.height * c)) / 2
    n = int(math.ceil(2 * radius * ppmm))
    c0 = max(0, int((p.center[0] - ex + radius) * ppmm) - 1)
    c1 = min(n, int((p.center[0] + ex + radius) * ppmm) + 2)
    r0 = max(0, int((p.center[1] - ey + radius) * ppmm) - 1)
    r1 = min(n, int((p.center[1] + ey + radius) * ppmm) + 2)
    # Output sample (col j, row i) sits at x = (c0 + j + ½)/ppmm − radius, y likewise (y up); turned
    # back by the rotation and scaled into the picture's pixels it is an affine map, which Pillow
    # applies in C with nearest-pixel sampling (its output coordinates are pixel centres already).
    kx = c0 / ppmm - radius - p.center[0]
    ky = r0 / ppmm - radius - p.center[1]
    sx, sy = w / p.width, h / p.height
    affine = (
        sx * c / ppmm,
        sx * s / ppmm,
        sx * (c * kx + s * ky) + w / 2,
        sy * s / ppmm,
        -sy * c / ppmm,
        h / 2 - sy * (-s * kx + c * ky),
    )
    from PIL import Image

    codes = Image.fromarray(_ink_codes(symbol).array(), "L")  # decoded for this placement alone
    code = np.asarray(
        codes.transform(
            (max(c1 - c0, 1), max(r1 - r0, 1)),
            Image.Transform.AFFINE,
            affine,
            resample=Image.Resampling.NEAREST,
            fillcolor=0,
        )
    )
    return InkSample(
        slice(r0, r0 + code.shape[0]),
        slice(c0, c0 + code.shape[1]),
        (code & 1).astype(bool),
        code >= 2,
    )


@per_object
def _ink_codes(symbol: Symbol) -> Pixels:
    """Per pixel of a symbol: bit 0 = ink (alpha ≥ 0.5), bit 1 = printed ink (not near-white over
    white paper). Computed once per symbol, so sampling a placement gathers one byte per sample
    instead of four channels and blending them each time; kept compressed as the pixels are
    (a byte a pixel held whole, they were ~19 MB of the classic deck's measuring, its peak), and
    decoded by each placement sampled (~0.1 ms).

    A pixel's code depends on its darkest channel and its alpha alone, so it is looked up in
    :func:`_code_table`, made by :func:`_codes` for every pair: the same codes, a fifth of the
    time (~0.05 s of the classic deck's serial work, before the measuring workers are forked)."""
    rgba = symbol.rgba
    darkest = np.minimum(np.minimum(rgba[..., 0], rgba[..., 1]), rgba[..., 2])
    pair = darkest.astype(np.uint16) << 8
    pair |= rgba[..., 3]
    return Pixels.of(_code_table().take(pair))


def _codes(darkest: np.ndarray, alpha: np.ndarray) -> np.ndarray:
    """:func:`_ink_codes` of pixels with these darkest channels and alphas (uint8 arrays)."""
    a = alpha.astype(np.float32) / 255.0
    shade = darkest * a + 255.0 * (1 - a)
    return (alpha >= INK_ALPHA).astype(np.uint8) | ((shade < WHITE).astype(np.uint8) << 1)


@functools.cache
def _code_table() -> np.ndarray:
    """:func:`_codes` of every (darkest, alpha) pair, at ``darkest << 8 | alpha``."""
    pairs = np.arange(65536, dtype=np.uint32)
    return _codes((pairs >> 8).astype(np.uint8), (pairs & 255).astype(np.uint8))


@functools.cache
def _compiled() -> bool:
    """Whether the packer's loops were compiled ahead of time here (:mod:`loops`): then the
    outlines and their distances are measured by two of them, ~half of measuring a card. Else
    by numpy, as before: numba's loops would cost each measuring process numba's start (~1 s),
    where the packing's own processes were started apart from this one (the fork server)."""
    from dobble_print.layout.loops import compiled_path

    return compiled_path() is not None


def _outline(sample: InkSample, radius: float, ppmm: float) -> np.ndarray:
    """(x, y) mm of the ink pixels on the edge of a sample's ink."""
    if _compiled():
        from dobble_print.layout import loops

        return loops.outline_mm(sample.ink, sample.rows.start, sample.cols.start, ppmm, radius)
    ink = np.pad(sample.ink, 1)  # an ink pixel is on the edge unless its 4 neighbours are ink
    inner = ink[:-2, 1:-1] & ink[2:, 1:-1] & ink[1:-1, :-2] & ink[1:-1, 2:]
    edge = sample.ink & ~inner
    r, c = np.nonzero(edge)
    x = (c + sample.cols.start + 0.5) / ppmm - radius
    y = (r + sample.rows.start + 0.5) / ppmm - radius
    return np.column_stack([x, y])


def _clearance(outlines: Sequence[np.ndarray]) -> float:
    """Smallest distance between points of two different outlines, mm.

    Measured first only below each of ``CLEARANCE_STEPS`` in turn: the card is cut into square
    cells of that side, and only the points of an outline in or beside a cell holding a point of
    the other can be closer (a few hundred of the thousands). Only a card whose symbols are all
    further apart than the last is measured again in full. The steps find the same distance:
    each measures every pair closer than its side, the same way. (numpy, not scipy's k-d tree,
    whose import alone took 0.6 s of every build.)
    """
    pts = [o for o in outlines if len(o)]
    if len(pts) < 2:
        return math.inf
    lo = np.min([o.min(axis=0) for o in pts], axis=0)
    for side in CLEARANCE_STEPS:
        best = _closer_than(pts, lo, side)
        if best < side:
            return best
    best = math.inf
    for i, j in itertools.combinations(range(len(pts)), 2):
        best = _nearest(pts[i], pts[j], best)
    return best


def _closer_than(pts: Sequence[np.ndarray], lo: np.ndarray, side: float) -> float:
    """The smallest distance between two outlines if under ``side`` mm, else ``side``."""
    cells = [((o - lo) // side).astype(np.int64) + 1 for o in pts]
    width = int(max(c[:, 0].max() for c in cells)) + 2
    keys = [c[:, 1] * width + c[:, 0] for c in cells]
    beside = np.array([dy * width + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1)])
    # near[n, key]: the cell is outline n's or beside one of its cells (keys start a row and a
    # column in, so every neighbour's key is from 0 up): a look-up per point, where np.isin
    # sorted both outlines' keys for each pair of symbols
    near = np.zeros((len(pts), max(int(k.max()) for k in keys) + width + 2), bool)
    for n, k in enumerate(keys):
        near[n, (_distinct(k)[:, None] + beside).ravel()] = True
    best = side
    for i, j in itertools.combinations(range(len(pts)), 2):
        a = pts[i][near[j, keys[i]]]
        b = pts[j][near[i, keys[j]]] if len(a) else a
        if len(b):
            best = _nearest(a, b, best)
    return best


def _distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values of a 1-D array, sorted: ``np.unique``'s result without its first
    call importing ``numpy.ma`` (numpy 2; ~45 ms in each measuring worker forked from a build
    that had not)."""
    values = np.sort(values)
    return values[np.concatenate(([True], values[1:] != values[:-1]))] if len(values) else values


# mm, in turn: nearly every card's clearance is under the first (pictures ~1-2 mm, words 2-4);
# a small deck's few symbols, further apart, under the next (measured in full, the 7 cards of 7
# words took 0.4 s of their 2 s build; now 1.85-2.24 -> 1.43-1.47 s, the same PDF). A smaller
# first side cost a word deck more passes than it saved a picture deck.
CLEARANCE_STEPS = (4.0, 8.0, 16.0)
NEAREST_CHUNK = 256  # points of one outline measured against the other's at once


def _nearest(a: np.ndarray, b: np.ndarray, bound: float) -> float:
    """Smallest distance between a point of ``a`` and one of ``b``, or ``bound`` when none is
    closer (only points within ``bound`` of the other's bounding box are measured)."""
    for _ in range(2):  # trim a to b's box, then b to a's trimmed box
        if math.isfinite(bound):
            lo, hi = b.min(axis=0) - bound, b.max(axis=0) + bound
            a = a[((a >= lo) & (a <= hi)).all(axis=1)]
        if not len(a):
            return bound
        a, b = b, a
    least = bound * bound
    if _compiled():
        from dobble_print.layout import loops

        return math.sqrt(loops.least_squared(a, b, least))
    for k in range(0, len(a), NEAREST_CHUNK):
        d = a[k : k + NEAREST_CHUNK, None, :] - b[None, :, :]
        least = min(least, float((d[..., 0] ** 2 + d[..., 1] ** 2).min()))
    return math.sqrt(least)


def card_metrics(
    layout: CardLayout,
    symbols: Sequence[Symbol],
    *,
    shape: CardShape,
    ppmm: float = PPMM,
) -> CardMetrics:
    """Measure one card's layout (see the module docstring).

    On a card that is not round, coverage is over the shape's area and the edge is the distance
    to its outline.
    """
    radius = shape.size / 2
    other = shape.kind is not ShapeKind.CIRCLE
    if other:
        radius = max(shape.half_extent)  # the grid spans the card's bounding box
    n = int(math.ceil(2 * radius * ppmm))
    printed = np.zeros((n, n), bool)
    outlines, sizes, far = [], [], 0.0
    for p in layout.placements:
        sm = sample_placement(p, symbols[p.symbol], radius, ppmm)
        printed[sm.rows, sm.cols] |= sm.printed
        outlines.append(_outline(sm, radius, ppmm))
        sizes.append(math.sqrt(np.count_nonzero(sm.ink)) / ppmm)
        if len(outlines[-1]):
            far = max(far, float(np.hypot(*outlines[-1].T).max()))
    centres = (np.arange(n) + 0.5) / ppmm - radius
    disc = _disc(n, radius, ppmm)
    edge = radius - far
    if other:
        disc = shape.depth(centres[None, :], centres[:, None]) >= 0
        inks = [o for o in outlines if len(o)]
        edge = float(shape.depth(*np.concatenate(inks).T).min()) if inks else radius
    ok = [z for z in sizes if z > 0]
    return CardMetrics(
        coverage=float(np.count_nonzero(printed & disc) / np.count_nonzero(disc)),
        clearance=_clearance(outlines),
        edge=edge,
        size_ratio=max(ok) / min(ok) if ok else math.nan,
        smallest=min(ok) if ok else 0.0,
        sizes=tuple(sizes),
    )


@functools.lru_cache(maxsize=8)
def _disc(n: int, radius: float, ppmm: float) -> np.ndarray:
    """The card disc on an n×n sample grid (the same for every card of a deck)."""
    centres = (np.arange(n) + 0.5) / ppmm - radius
    disc = np.hypot(centres[None, :], centres[:, None]) <= radius
    disc.flags.writeable = False
    return disc


def deck_metrics(cards: Sequence[CardMetrics]) -> DeckMetrics:
    """Aggregate card metrics: mean and minimum coverage, worst clearance and edge, etc."""
    ratios = [c.size_ratio for c in cards]
    return DeckMetrics(
        coverage_mean=float(np.mean([c.coverage for c in cards])),
        coverage_min=min(c.coverage for c in cards),
        clearance=min(c.clearance for c in cards),
        edge=min(c.edge for c in cards),
        size_ratio_mean=float(np.mean(ratios)),
        size_ratio_min=min(ratios),
        size_ratio_max=max(ratios),
        smallest=min(c.smallest for c in cards),
    )


@dataclass(frozen=True)
class Measured:
    """Every card's metrics, in deck order, and the deck's."""

    cards: tuple[CardMetrics, ...]
    deck: DeckMetrics


def measure_deck(
    layouts: Sequence[CardLayout],
    symbols: Sequence[Symbol],
    *,
    shape: CardShape,
    ppmm: float = PPMM,
) -> Measured:
    """Measure every card and the deck, over ``shape``'s area.

    Cards are independent, so from ``PARALLEL_FROM`` cards on they are measured by forked workers
    (:mod:`parallel`), up to ``MAX_WORKERS``, in card order: identical to measuring one by one.
    """
    with measuring(layouts, symbols, shape=shape, ppmm=ppmm) as measured:
        return measured()


@contextlib.contextmanager
def measuring(
    layouts: Sequence[CardLayout],
    symbols: Sequence[Symbol],
    *,
    shape: CardShape,
    ppmm: float = PPMM,
) -> Iterator[Callable[[], Measured]]:
    """:func:`measure_deck`, started on entering and finished by calling what it gives:
    ``with measuring(...) as measured: (other work); m = measured()``.

    The workers measure every card while this process does its other work (writing the PDF),
    on the core it leaves free. With one process, the cards are measured when asked.
    """
    global _JOB
    _JOB = (tuple(layouts), tuple(symbols), shape, ppmm)
    workers = worker_count(len(layouts), parallel_from=PARALLEL_FROM, cap=MAX_WORKERS)
    if workers > 1 and can_fork():
        # made once, here, and shared by the forked workers, rather than by each of them for
        # every symbol (the work twice over, and ~1 MB each compressed). Not on threads: in
        # their malloc arenas this stage peaked as high as the packing (~8 MB more), for ~0.03 s
        for index in sorted({p.symbol for layout in layouts for p in layout.placements}):
            _ink_codes(symbols[index])
        # what making them freed (each picture decoded, its codes whole: ~30 MB of the classic
        # deck's, all of it freed) would stay resident in the heap, shared by the workers
        give_back()
    try:
        with in_order(
            _measure_one,
            len(layouts),
            workers=workers,
            what=N_("measuring cards"),
            ahead=len(layouts),
        ) as results:

            def measured() -> Measured:
                cards = tuple(results)
                return Measured(cards, deck_metrics(cards))

            yield measured
    finally:
        _JOB = None


PARALLEL_FROM = 12  # cards: below this a process pool costs more than it saves
MAX_WORKERS = 4  # measuring is light; more processes only cost memory
_JOB: tuple | None = None  # what workers measure, inherited through fork rather than pickled


def _measure_one(index: int) -> CardMetrics:
    assert _JOB is not None  # set before the workers were forked
    layouts, symbols, shape, ppmm = _JOB
    return card_metrics(layouts[index], symbols, shape=shape, ppmm=ppmm)


def as_json(metrics: CardMetrics | DeckMetrics) -> dict:
    """Field name → value rounded for the report (mm to 0.01, ratios to 0.001); none is ``null``.
    Only the figures: a card's ``sizes`` are left out."""

    def clean(value: float) -> float | None:
        return round(value, 4) if math.isfinite(value) else None

    return {k: clean(v) for k, v in dataclasses.asdict(metrics).items() if k != "sizes"}
