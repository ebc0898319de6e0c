"""Tightening: packed symbols grow and shift into the slack the grids left, measured on the placed
masks at 20 px/mm (layout.metrics), independently of the bounds the programme reasons on."""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest

from dobble_print.card import CardLayout, CardShape, Placement, ShapeKind
from dobble_print.layout import tightening
from dobble_print.layout.masks import shape_of
from dobble_print.layout.metrics import card_metrics
from dobble_print.layout.tightening import Nudge, tighten
from tests.layout.test_deck_layout import pic

CARD = 85.0
SAFE = 39.5  # safe disc radius of an 85 mm card with a 3 mm margin
FINE = 20.0  # px/mm the results are measured at


def disc_picture(size: int = 500):
    yy, xx = np.mgrid[0:size, 0:size] + 0.5 - size / 2
    return pic(np.hypot(xx, yy) <= size / 2, np.random.default_rng(0))


def depth(x, y):
    return SAFE - np.hypot(x, y)


def nudged(placed, nudges) -> CardLayout:
    out = []
    for k, ((shape, centre, height, angle), nudge) in enumerate(zip(placed, nudges, strict=True)):
        h = height * nudge.factor
        c = (centre[0] + nudge.shift[0], centre[1] + nudge.shift[1])
        out.append(Placement(k, c, h * shape.aspect, h, angle))
    return CardLayout(tuple(out))


def measure(layout, symbols):
    return card_metrics(layout, symbols, shape=CardShape(size=CARD), ppmm=FINE)


def test_two_discs_pinned_between_each_other_and_the_edge_close_both_gaps():
    sym = disc_picture()
    shape = shape_of(sym.rgba)
    # Side by side across the card: 1.6 mm apart, 0.7 mm inside the safe edge.
    placed = [(shape, (-19.8, 0.0), 38.0, 0.0), (shape, (19.8, 0.0), 38.0, 30.0)]
    before = measure(nudged(placed, [Nudge()] * 2), [sym, sym])
    nudges = tighten(placed, clearance=1.0, spread=2.3, depth=depth)
    after = measure(nudged(placed, nudges), [sym, sym])
    assert before.clearance == pytest.approx(1.6, abs=0.1)
    assert before.edge == pytest.approx(3.7, abs=0.1)
    # A linear programme's answer is a vertex: here one disc takes the room (of two equal ones,
    # the one counted as the card's smallest).
    assert nudges[0].factor > 1.03 and nudges[1].factor >= 1.0
    assert 1.0 <= after.clearance <= 1.25, after
    assert 3.0 <= after.edge <= 3.2, after
    assert after.smallest > before.smallest


def test_a_disc_filling_the_card_grows_to_the_safe_edge_but_not_past_it():
    sym = disc_picture()
    shape = shape_of(sym.rgba)
    placed = [(shape, (0.4, -0.3), 77.0, 0.0)]  # 1 mm inside the safe edge, a little off centre
    [nudge] = tighten(placed, clearance=1.0, spread=2.3, depth=depth)
    edge = measure(nudged(placed, [nudge]), [sym]).edge
    assert 1.02 < nudge.factor < 1 + tightening.MAX_GROWTH
    assert 3.0 <= edge <= 3.15, edge


def test_the_size_spread_holds_while_growing(monkeypatch):
    """A small disc pinned at the safe edge (no shifting here) cannot grow, so a free large one
    twice its size may grow only as far as the spread allows (outlines from the finest level, so
    that the small disc's 0.07 mm to the edge is resolved)."""
    monkeypatch.setattr(tightening, "MAX_SHIFT", 0.0)
    monkeypatch.setattr(tightening, "OUTLINE_PIXEL", 0.0)
    sym = disc_picture()
    shape = shape_of(sym.rgba)
    small = (shape, (SAFE - 5.07, 0.0), 10.0, 0.0)  # its ink ends ~0.07 mm inside the edge
    large = (shape, (-12.0, 0.0), 20.0, 0.0)
    pinned, free = tighten([small, large], clearance=1.0, spread=2.0, depth=depth)
    assert pinned.factor == pytest.approx(1.0, abs=5e-3)
    assert free.factor == pytest.approx(pinned.factor, abs=1e-9)
    pinned, free = tighten([small, large], clearance=1.0, spread=2.05, depth=depth)
    assert free.factor == pytest.approx(1.025 * pinned.factor, abs=1e-9)


@pytest.mark.parametrize("kind", [ShapeKind.SQUARE, ShapeKind.HEXAGON, ShapeKind.ROUNDED])
def test_other_card_shapes_keep_the_ink_inside_their_own_safe_area(kind):
    sym = disc_picture()
    shape = shape_of(sym.rgba)
    card = CardShape(kind, CARD)
    inside = functools.partial(card.depth, inset=3.0)
    # Two discs stacked by the right-hand edge, 1.5 mm apart, 1 mm inside the safe edge.
    ring = np.linspace(0, 2 * np.pi, 360, endpoint=False)
    x = 40.0
    while (
        min(inside(x + 11 * np.cos(ring), y + 11 * np.sin(ring)).min() for y in (-11.75, 11.75)) < 1
    ):
        x -= 0.05
    placed = [(shape, (x, -11.75), 22.0, 0.0), (shape, (x, 11.75), 22.0, 0.0)]
    before = card_metrics(nudged(placed, [Nudge()] * 2), [sym, sym], shape=card, ppmm=FINE)
    nudges = tighten(placed, clearance=1.0, spread=2.3, depth=inside)
    after = card_metrics(nudged(placed, nudges), [sym, sym], shape=card, ppmm=FINE)
    assert before.edge >= 3.0 and before.clearance >= 1.0
    assert after.edge >= 3.0 and after.clearance >= 1.0, after
    assert after.edge < before.edge and max(n.factor for n in nudges) > 1.01


def test_symbols_already_at_the_clearance_stay_as_they_are():
    sym = disc_picture()
    shape = shape_of(sym.rgba)
    placed = [(shape, (-10.5, 0.0), 20.0, 0.0), (shape, (10.5, 0.0), 20.0, 0.0)]  # gap 1.0 mm
    nudges = tighten(placed, clearance=1.0, spread=2.3, depth=depth)
    after = measure(nudged(placed, nudges), [sym, sym])
    assert after.clearance >= 1.0
    # They can only move apart together: one grows while sliding away, never into the other.
    assert all(n.factor >= 1.0 for n in nudges)


def test_when_the_solver_fails_every_symbol_stays_as_packed(monkeypatch):
    import highspy

    monkeypatch.setattr(highspy.Highs, "run", lambda self: highspy.HighsStatus.kError)
    sym = disc_picture()
    shape = shape_of(sym.rgba)
    placed = [(shape, (-12.0, 0.0), 20.0, 0.0), (shape, (12.0, 0.0), 20.0, 0.0)]
    assert tighten(placed, clearance=1.0, spread=2.3, depth=depth) == [Nudge(), Nudge()]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(
    ("pixels", "size", "step", "coarse"),
    [
        ((60, 200), 13.0, 17.0, False),  # outlines from the finest level
        ((420, 500), 8.0, 11.0, True),  # large pictures drawn small: from coarser levels
    ],
)
def test_random_crowded_cards_end_apart_and_inside(monkeypatch, seed, pixels, size, step, coarse):
    """Shapes scattered on a grid at random angles, each well apart: after tightening, the inks
    are still the clearance apart and inside the safe disc, measured on the masks, whichever
    pyramid level the outlines come from."""
    rng = np.random.default_rng(seed)
    from tests.layout.test_deck_layout import blob

    used = set()
    outline = tightening._outline
    monkeypatch.setattr(
        tightening, "_outline", lambda shape, level: used.add(level) or outline(shape, level)
    )
    symbols = [blob(rng, int(rng.integers(*pixels))) for _ in range(8)]
    placed = []
    for k, sym in enumerate(symbols):
        shape = shape_of(sym.rgba)
        x, y = (k % 3 - 1) * step, (k // 3 - 1) * step
        grown = size + rng.uniform(-2, 1) * size / 13
        height = grown / math.sqrt(shape.ink_fraction * shape.aspect) * 0.75
        placed.append((shape, (x, y), height, float(rng.uniform(-180, 180))))
    before = measure(nudged(placed, [Nudge()] * 8), symbols)
    assert before.clearance >= 1.1 and before.edge >= 3.1  # the test's own layout is valid
    nudges = tighten(placed, clearance=1.0, spread=2.3, depth=depth)
    after = measure(nudged(placed, nudges), symbols)
    assert min(used) > 0 if coarse else used == {0}
    assert after.clearance >= 1.0 and after.edge >= 3.0, after
    assert all(n.factor >= 1.0 for n in nudges) and max(n.factor for n in nudges) > 1.0


@pytest.mark.parametrize("shrink", [0.0, 0.08])
@pytest.mark.parametrize("seed", range(3))
def test_outline_bounds_keep_exactly_the_pairs_that_can_bind(seed, shrink):
    """The compiled kernel (buckets, a filter on what can bind) against a plain numpy reference,
    on the pair of two symbols of three whose points are all beside each other's (the third's
    are beside none)."""
    from dobble_print.layout.kernels import pair_bounds

    rng = np.random.default_rng(seed)
    a, b = rng.uniform(0, 12, (300, 2)), rng.uniform(5, 20, (250, 2))
    ca, cb = np.array([3.0, 4.0]), np.array([15.0, 12.0])
    ha, hb = rng.uniform(0.01, 0.06, len(a)), rng.uniform(0.01, 0.06, len(b))  # each its own
    need, grow, shift = 1.05, 0.05, 0.5
    widest = np.array([0.2, 0.3, 0.1])  # with the moves, they make up the pair's window
    moves = np.array([0.4, 0.55, 0.0])
    window = need + widest[0] + widest[1] + moves[0] + moves[1]  # 2.5 mm
    far = np.array([[50.0, 50.0], [51.0, 50.0]])  # a third symbol, near neither
    pts = np.concatenate([a, b, far])
    beside = np.concatenate([np.full(len(a), 0b010), np.full(len(b), 0b001), np.zeros(2, int)])
    # rows for 16 bounds to start with: the kernel doubles them as it finds more (and returns
    # them whole, for the next card: only the first ``rows`` are this call's)
    coef, room, rows, starts, pairs = pair_bounds(
        pts,
        np.array([0, len(a), len(a) + len(b), len(pts)]),
        np.array([ca, cb, [50.5, 50.0]]),
        np.concatenate([ha, hb, [0.05, 0.05]]),
        beside.astype(np.int64),
        widest,
        moves,
        np.array([grow, grow / 2, 0.0]),  # each pair's largest growth and shrinking count
        np.array([0.0, -shrink, -1.0]),
        need,
        shift,
        np.empty((16, 6)),
        np.empty(16),
    )
    assert len(room) >= rows > 16  # grown
    coef, room = coef[:rows], room[:rows]
    assert pairs.tolist() == [[0, 1]] and starts.tolist() == [0, len(room)]
    d = a[:, None, :] - b[None, :, :]
    dist = np.hypot(d[..., 0], d[..., 1])
    i, j = np.nonzero(dist < window)
    u = d[i, j] / dist[i, j, None]
    ta = ha[i] - ((a[i] - ca) * u).sum(1)
    tb = hb[j] + ((b[j] - cb) * u).sum(1)
    want_room = dist[i, j] - need - ha[i] - hb[j]
    reach = grow * (np.maximum(ta, 0) + np.maximum(tb, 0))  # the most t·coefficient can add
    reach += shrink * (np.maximum(-ta, 0) + np.maximum(-tb, 0))
    can = want_room < reach + 2 * shift * np.abs(u).sum(1)
    want = np.column_stack([ta, tb, -u, u, want_room])[can]
    got = np.column_stack([coef, room])
    assert len(got) == len(want) > 20
    key = lambda rows: rows[np.lexsort(rows.T[::-1])]  # noqa: E731
    np.testing.assert_allclose(key(got), key(want), atol=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_each_point_knows_every_symbol_with_a_point_within_the_window(seed):
    """The neighbour bits that decide which points are measured: a superset of the symbols with
    a point closer than the window (brute force), its own always, and not every symbol (the
    cells are of one window: far symbols are left out)."""
    from dobble_print.layout.kernels import neighbours

    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 80, 6)
    starts = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    centres = rng.uniform(-30, 30, (len(sizes), 2))
    owner = np.repeat(np.arange(len(sizes)), sizes)
    pts = centres[owner] + rng.normal(0, 4, (starts[-1], 2))
    window = 3.0
    bits = neighbours(pts, starts, window)
    dist = np.hypot(*(pts[:, None, :] - pts[None, :, :]).transpose(2, 0, 1))
    for q in range(len(pts)):
        near = set(owner[dist[q] < window].tolist())
        have = {i for i in range(len(sizes)) if bits[q] >> i & 1}
        assert near <= have and owner[q] in have
    assert (bits != (1 << len(sizes)) - 1).any()


@pytest.mark.parametrize("seed", range(3))
def test_the_most_violated_bound_of_each_group_is_found_in_one_pass(seed):
    """The compiled pass over every group's rows against numpy, group by group: the row with
    the largest coef·x − rhs, and that excess (negative when the group is met)."""
    from dobble_print.layout.kernels import most_violated

    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 60, 7)
    starts = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    coef = rng.normal(size=(starts[-1], 6))
    rhs = rng.normal(size=starts[-1]) + 1.5
    xs = rng.normal(size=(len(sizes), 6)) * 0.3
    rows, worst = most_violated(coef, rhs, starts, xs)
    for g in range(len(sizes)):
        over = coef[starts[g] : starts[g + 1]] @ xs[g] - rhs[starts[g] : starts[g + 1]]
        assert rows[g] == starts[g] + np.argmax(over)
        assert worst[g] == pytest.approx(over.max(), abs=1e-12)
    assert (worst > 0).any() and (worst < 0).any()  # both kinds of group are looked at


@pytest.mark.parametrize("seed", range(3))
def test_each_coarse_outline_point_holds_the_finest_ink_under_it(seed):
    """A coarse outline pixel's point and radius: every corner of every finest-level ink pixel
    under it lies within the radius (so distances less radii never overestimate), the radius
    is never more than the coarse pixel's own half diagonal, and it is less where the ink's
    edge crosses the pixel (what makes a coarse outline nearly as tight as the finest)."""
    rng = np.random.default_rng(seed)
    h, w = 150 + seed * 37, 173
    yy, xx = np.mgrid[:h, :w]
    blob = np.hypot((xx - w / 2) / (w / 2.3), (yy - h / 2) / (h / 2.6)) < 1
    blob &= rng.random((h, w)) < 0.97  # ragged, with specks of holes
    rgba = np.zeros((h, w, 4), np.uint8)
    rgba[..., 3] = 255 * blob
    shape = shape_of(rgba)
    fine, f0 = shape.finest, shape.factors[0]
    fy, fx = np.nonzero(fine)
    corners = [(fx + dx) * f0 - w / 2 for dx in (0, 1)], [h / 2 - (fy + dy) * f0 for dy in (0, 1)]
    for level in (1, 2):
        points, radius = tightening._outline(shape, level)
        k = shape.factors[level] // f0
        assert radius.max() <= shape.factors[level] * math.sqrt(0.5) + 1e-9
        assert radius.min() < shape.factors[level] * math.sqrt(0.5) - 1e-9
        cx = np.floor((points[:, 0] + w / 2) / (k * f0)).astype(int)  # the coarse pixel's column
        cy = np.floor((h / 2 - points[:, 1]) / (k * f0)).astype(int)
        for n in range(0, len(points), 7):
            under = (fx // k == cx[n]) & (fy // k == cy[n])
            assert under.any()
            for x in corners[0]:
                for y in corners[1]:
                    d = np.hypot(x[under] - points[n, 0], y[under] - points[n, 1])
                    assert d.max() <= radius[n] + 1e-9


def boxed_in_small_disc():
    """A 10 mm disc (√ink-area) with four 24 mm discs around it, each 1.05 mm from it: it has
    no room to grow unless they give some."""
    sym = disc_picture()
    shape = shape_of(sym.rgba)
    small_h = 10.0 / math.sqrt(math.pi / 4)  # a disc's ink is π/4 of its box
    d = small_h / 2 + 1.05 + 12.0
    placed = [(shape, (0.0, 0.0), small_h, 0.0)]
    placed += [(shape, (x, y), 24.0, 0.0) for x, y in ((d, 0), (-d, 0), (0, d), (0, -d))]
    return placed, [sym] * 5


def test_a_boxed_in_symbol_below_the_floor_grows_to_it_as_its_neighbours_shrink():
    placed, symbols = boxed_in_small_disc()
    [plain, *_] = tighten(placed, clearance=1.0, spread=2.3, depth=depth)
    assert plain.factor < 1.02  # without a floor it stays about as packed
    nudges = tighten(placed, clearance=1.0, spread=2.3, depth=depth, floor=10.8)
    after = measure(nudged(placed, nudges), symbols)
    shape, _, height, _ = placed[0]
    size = height * math.sqrt(shape.ink_fraction * shape.aspect)  # ~10 mm, as the shape has it
    assert nudges[0].factor == pytest.approx(10.8 / size, abs=1e-6)  # to the floor, no further
    assert all(n.factor >= 1 - tightening.MAX_SHRINK - 1e-9 for n in nudges[1:])
    assert min(n.factor for n in nudges[1:]) < 0.99  # room was made
    assert after.smallest == pytest.approx(10.8, abs=0.1)
    assert after.clearance >= 1.0 and after.edge >= 3.0, after


def test_a_symbol_too_far_below_the_floor_is_left_alone():
    """Out of reach (more than FLOOR_GROWTH short): nothing is traded for it."""
    placed, _ = boxed_in_small_disc()
    plain = tighten(placed, clearance=1.0, spread=2.3, depth=depth)
    far_floor = 10.0 * (1 + tightening.FLOOR_GROWTH) + 0.1
    assert tighten(placed, clearance=1.0, spread=2.3, depth=depth, floor=far_floor) == plain
