"""Metrics internals: ink outlines and the clearance between them, against independent oracles.

``_outline`` is checked against scipy's binary erosion and ``_clearance``/``_nearest`` against a
full pairwise distance matrix (numpy) and scipy's k-d tree, which the module used before; the
module itself must not import scipy (its import cost 0.6 s of every build).
"""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
from scipy import ndimage
from scipy.spatial import cKDTree

from dobble_print.layout.metrics import (
    CLEARANCE_STEPS,
    NEAREST_CHUNK,
    InkSample,
    _clearance,
    _closer_than,
    _distinct,
    _nearest,
    _outline,
)

SEEDS = range(100)


@pytest.fixture(params=["compiled loops", "numpy"])
def measured_by(request, monkeypatch):
    """Each test of outlines and distances twice: by the loops compiled where the packer's were
    (``loops.outline_mm``, ``loops.least_squared``) and by numpy, as where they were not."""
    from dobble_print.layout import metrics

    monkeypatch.setattr(metrics, "_compiled", lambda: request.param == "compiled loops")
    return request.param


def _pairwise_min(a: np.ndarray, b: np.ndarray) -> float:
    """Smallest distance between a point of ``a`` and one of ``b``: every pair, no shortcuts."""
    if not len(a) or not len(b):
        return math.inf
    d = a[:, None, :] - b[None, :, :]
    return float(np.sqrt(d[..., 0] ** 2 + d[..., 1] ** 2).min())


def _reference_clearance(outlines) -> float:
    return min(
        (
            _pairwise_min(a, b)
            for i, a in enumerate(outlines)
            for b in outlines[i + 1 :]
            if len(a) and len(b)
        ),
        default=math.inf,
    )


def _points(rng: np.random.Generator, n: int, *, lattice: bool, centre, spread: float):
    """``n`` points around ``centre``: on the 1/8 mm grid of real outlines, or anywhere."""
    if lattice:
        steps = rng.integers(-round(spread * 8), round(spread * 8) + 1, (n, 2))
        return (steps + 0.5) / 8.0 + np.round(np.asarray(centre) * 8) / 8 - 42.5
    return rng.uniform(-spread, spread, (n, 2)) + centre


def _outline_set(seed: int) -> list[np.ndarray]:
    """2–6 outlines of very different sizes, some far apart, some overlapping, some empty."""
    rng = np.random.default_rng(seed)
    lattice = bool(seed % 2)
    out = []
    for _ in range(int(rng.integers(2, 7))):
        kind = rng.integers(0, 10)
        if kind == 0:
            out.append(np.empty((0, 2)))
            continue
        n = int(rng.choice([1, 2, 5, 40, 300, 1200])) if kind > 1 else 1
        centre = rng.uniform(-200, 200, 2) if kind == 9 else rng.uniform(-30, 30, 2)
        spread = float(rng.choice([0.1, 1.0, 5.0, 20.0]))
        out.append(_points(rng, n, lattice=lattice, centre=centre, spread=spread))
    if seed % 7 == 0 and len(out) >= 2 and len(out[0]):  # a point shared by two outlines
        out[1] = np.concatenate([out[1], out[0][-1:]])
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_clearance_is_the_smallest_distance_between_different_outlines(seed, measured_by):
    """``_clearance`` trims by bounding boxes and measures in chunks; none of that may change
    the answer: it equals the smallest distance over every pair of points of different outlines
    (and a point shared by two outlines gives 0)."""
    outlines = _outline_set(seed)
    want = _reference_clearance(outlines)
    got = _clearance(outlines)
    if math.isinf(want):
        assert got == math.inf
    else:
        assert got == pytest.approx(want, abs=1e-12, rel=0)
    if seed % 7 == 0 and len(outlines[0]):
        assert got == 0.0


@pytest.mark.parametrize("seed", SEEDS)
def test_nearest_is_the_true_minimum_below_the_bound_and_the_bound_otherwise(seed, measured_by):
    """``_nearest`` may skip points only when they cannot beat ``bound``: it must return the
    exact minimum distance when that is below ``bound``, and exactly ``bound`` when it is not
    (checked with bounds below, at and above the true minimum, and with no bound)."""
    rng = np.random.default_rng(1000 + seed)
    lattice = bool(seed % 2)
    sizes = [1, 3, 50, NEAREST_CHUNK + 7, 700]
    a = _points(rng, int(rng.choice(sizes)), lattice=lattice, centre=(0.0, 0.0), spread=10.0)
    offset = rng.uniform(-25, 25, 2)
    b = _points(rng, int(rng.choice(sizes)), lattice=lattice, centre=offset, spread=3.0)
    true = _pairwise_min(a, b)
    tree = cKDTree(b).query(a)[0].min()  # a second, independent reference
    assert true == pytest.approx(float(tree), abs=1e-12, rel=0)
    for bound in (math.inf, true * 1.5 + 0.01, true + 1e-9, true, true * 0.999, true / 2, 0.0):
        got = _nearest(a, b, bound)
        if true < bound:
            assert got == pytest.approx(true, abs=1e-12, rel=0), bound
        else:
            assert got == bound, bound
    assert _nearest(b, a, math.inf) == pytest.approx(true, abs=1e-12, rel=0)


N = 2 * NEAREST_CHUNK + 3  # three chunks, the last one short
EDGES = [0, 1, NEAREST_CHUNK - 1, NEAREST_CHUNK, 2 * NEAREST_CHUNK - 1, 2 * NEAREST_CHUNK, N - 1]


@pytest.mark.parametrize("where", EDGES)
@pytest.mark.parametrize("bound", [math.inf, 2.0])
def test_nearest_finds_the_closest_pair_in_every_chunk_position(where, bound, measured_by):
    """``_nearest`` measures ``a`` in chunks of ``NEAREST_CHUNK`` points: the one point that is
    closest must count wherever it sits, first or last of a chunk, or in the short last one."""
    rng = np.random.default_rng(where)
    a = rng.uniform(0.0, 1.0, (N, 2))  # all within the bound of b's box: none trimmed
    b = rng.uniform(1.5, 2.5, (40, 2))
    a[where] = b[17] - (0.001, 0.0)
    assert _nearest(a, b, bound) == pytest.approx(0.001, abs=1e-12, rel=0)
    assert _nearest(b, a, bound) == pytest.approx(0.001, abs=1e-12, rel=0)


@pytest.mark.parametrize(
    ("a", "b", "bound", "want"),
    [
        ([[0.0, 0.0]], [[3.0, 4.0]], math.inf, 5.0),  # one point each
        ([[0.0, 0.0]], [[3.0, 4.0]], 5.0, 5.0),  # at the bound: the bound
        ([[0.0, 0.0]], [[3.0, 4.0]], 5.5, 5.0),
        ([[0.0, 0.0]], [[3.0, 4.0]], 4.0, 4.0),  # beyond it: exactly the bound
        ([[1.0, 1.0], [2.0, 2.0]], [[2.0, 2.0]], 1.0, 0.0),  # identical points
        ([[0.0, 0.0], [0.125, 0.0]], [[100.0, 100.0]], 1.0, 1.0),  # far apart: trimmed away
        ([[0.0, 0.0], [0.0, 10.0]], [[0.25, 10.0], [50.0, 50.0]], 0.3, 0.25),
    ],
)
def test_nearest_table(a, b, bound, want, measured_by):
    """Hand-worked cases: one point each, ties with the bound, identical points, nothing left
    after trimming to the other outline's box."""
    assert _nearest(np.array(a), np.array(b), bound) == want


def test_clearance_of_fewer_than_two_non_empty_outlines_is_infinite():
    """With one symbol on a card (or only empty outlines) there is no pair to measure."""
    empty = np.empty((0, 2))
    assert _clearance([]) == math.inf
    assert _clearance([np.array([[1.0, 2.0]])]) == math.inf
    assert _clearance([empty, np.array([[1.0, 2.0], [3.0, 4.0]]), empty]) == math.inf
    assert _clearance([empty, np.array([[0.0, 0.0]]), empty, np.array([[0.0, 0.5]])]) == 0.5


@pytest.mark.parametrize("seed", range(30))
def test_outline_is_the_ink_with_a_non_ink_4_neighbour(seed, measured_by):
    """The outline replaced scipy's erosion with four shifted ANDs: it must mark exactly the ink
    pixels that have a non-ink 4-neighbour, counting the sample's border as non-ink, at the
    same card coordinates (pixel centres, offset by where the sample sits)."""
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(1, 40)), int(rng.integers(1, 40))
    density = float(rng.choice([0.3, 0.7, 0.95, 1.0]))
    ink = rng.random((h, w)) < density
    r0, c0 = int(rng.integers(0, 600)), int(rng.integers(0, 600))
    sample = InkSample(slice(r0, r0 + h), slice(c0, c0 + w), ink, np.zeros_like(ink))
    radius, ppmm = 42.5, 8.0
    edge = ink & ~ndimage.binary_erosion(ink, border_value=0)
    r, c = np.nonzero(edge)
    want = np.column_stack([(c + c0 + 0.5) / ppmm - radius, (r + r0 + 0.5) / ppmm - radius])
    got = _outline(sample, radius, ppmm)
    assert got.shape == want.shape
    assert np.array_equal(got, want)


def test_outline_of_a_solid_block_is_its_rim(measured_by):
    """A 4×5 block of ink: the 14 rim pixels are outline, the 2×3 inside is not."""
    ink = np.ones((4, 5), bool)
    sample = InkSample(slice(0, 4), slice(0, 5), ink, ink)
    got = _outline(sample, 0.0, 1.0)
    assert len(got) == 4 * 5 - 2 * 3
    assert {(1.5, 1.5), (2.5, 1.5), (3.5, 1.5), (1.5, 2.5), (2.5, 2.5), (3.5, 2.5)}.isdisjoint(
        map(tuple, got.tolist())
    )


MEASURED_ALONE = """\
import sys
import numpy as np
from dobble_print.layout.metrics import _clearance
rng = np.random.default_rng(1)
assert 0 < _clearance([rng.random((50, 2)) * 30 + 40 * i for i in range(8)]) < 40
print(sorted(m for m in ("scipy", "numpy.ma") if m in sys.modules))
"""


def test_metrics_does_not_import_scipy_nor_numpy_ma():
    """scipy's import alone took 0.6 s of every build; metrics must measure without it. Nor
    may measuring a clearance import ``numpy.ma`` (``np.unique``'s first call does, in numpy 2):
    ~45 ms in each measuring worker forked from a build that had not."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURED_ALONE], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"


@pytest.mark.parametrize("seed", range(20))
def test_distinct_is_numpys_unique(seed):
    rng = np.random.default_rng(seed)
    values = rng.integers(-40, 40, int(rng.integers(0, 300)))
    assert np.array_equal(_distinct(values), np.unique(values))


@pytest.mark.parametrize("side", CLEARANCE_STEPS)
def test_clearance_between_points_in_neighbouring_cells_is_found(side):
    """Each pass keeps only points in or beside a cell (of each side in ``CLEARANCE_STEPS``)
    holding a point of the other outline; two points just either side of a cell border, in
    every direction, must still be measured, at their exact distance."""
    anchor = np.array([[0.0, 0.0]])  # fixes where the cells start
    for dx, dy in [(1, 0), (0, 1), (1, 1), (-1, 1), (1, -1)]:
        for gap in (0.05, side * 0.25, side * 0.625, side * 0.99):
            # just inside a cell's corner, on the side the step leaves it by
            here = np.array([[2 * side + (0.01 if dx < 0 else -0.01), 2 * side - 0.01]])
            step = np.array([dx, dy], float) / math.hypot(dx, dy) * gap
            there = here + step
            far = anchor + 10 * side  # with a decoy: a pair closer than the side, further
            decoy = far + [side * 0.995, 0]  # than the gap, so a miss is not measured again
            outlines = [anchor, here, there, far, decoy]
            got = _closer_than(outlines, np.min(np.concatenate(outlines), axis=0), side)
            assert got == pytest.approx(gap, abs=1e-12, rel=0), (dx, dy, gap)
            assert _clearance(outlines) == pytest.approx(gap, abs=1e-12, rel=0)


def test_ink_codes_looked_up_are_the_blended_ones_for_every_pixel():
    """A symbol's ink codes are looked up by (darkest channel, alpha): the same as blending each
    pixel over white paper, for every pair of the two and for pixels of any colour."""
    from dobble_print.layout.metrics import _codes, _ink_codes
    from dobble_print.symbols import Symbol

    rng = np.random.default_rng(7)
    rgba = rng.integers(0, 256, (300, 257, 4), dtype=np.uint8)
    pairs = np.arange(65536)
    rgba[:256, :256, :3] = (pairs >> 8).reshape(256, 256)[..., None]  # every (darkest, alpha)
    rgba[:256, :256, 3] = (pairs & 255).reshape(256, 256)
    got = _ink_codes(Symbol("s", "s.png", rgba)).array()
    darkest = rgba[..., :3].min(axis=2)
    assert np.array_equal(got, _codes(darkest, rgba[..., 3]))
    assert set(np.unique(got)) == {0, 1, 2, 3}


def test_a_decks_cards_measure_the_same_by_the_compiled_loops_as_by_numpy(monkeypatch):
    """Packed cards of pictures, measured both ways: every figure the same, to the last bit
    (the loops do numpy's arithmetic in numpy's order)."""
    from dobble_print.card import CardShape
    from dobble_print.deck.plane import build_deck
    from dobble_print.layout import metrics
    from dobble_print.layout.deck_layout import layout_deck
    from tests.printing.test_pdf import SYMBOLS

    shape = CardShape(size=85.0)
    layouts = layout_deck(build_deck(3), SYMBOLS, card=shape, seed=2, workers=1)
    measured = {}
    for compiled in (True, False):
        monkeypatch.setattr(metrics, "_compiled", lambda compiled=compiled: compiled)
        measured[compiled] = [metrics.card_metrics(lay, SYMBOLS, shape=shape) for lay in layouts]
    assert measured[True] == measured[False]
    assert all(0 < m.clearance < 40 for m in measured[True])
