"""Tightening: every packed symbol grows and shifts into the slack the grids left, measured on its
outline rather than on cells.

The packing grids are conservative: a shape marks every cell its ink touches, and positions and
gaps come in whole cells, so after settling most contacts are 0.2–0.4 mm wider than the clearance,
and the ink stops short of the safe edge. Here each card's symbols grow about their own centres
(by the factor 1 + t) and shift (by d), all at once, as a small linear programme:

- Each symbol's ink outline (the pixels of a pyramid level with a blank side: the ink nearest
  anything outside it lies on those) is placed on the card in mm. Each outline pixel becomes a
  point and a radius: the centre and half diagonal of the box around the finest level's ink
  pixels under it. Distances are between points less both radii, which grow with the symbol,
  so they never overestimate. The level is the coarsest whose pixels are at most
  ``OUTLINE_PIXEL`` on the card: a coarse pixel the ink's edge crosses gets a box hugging its
  ink, so a coarser outline loses little (its points are a half, its pairs a quarter), while
  the finest level's pixels on a large symbol would make tightening cost far more for no more
  coverage.
- For two outline points a (of symbol i) and b (of j), with u the unit vector from b to a, the
  moved points satisfy |a′ − b′| ≥ u·(a′ − b′) = |a − b| + t_i·u·(a − c_i) − t_j·u·(b − c_j) +
  u·(d_i − d_j), linear in the unknowns: requiring it to stay at least the clearance is a linear
  bound, safe for any move, not only small ones. Pairs further apart than the largest move
  (``MAX_GROWTH``, ``MAX_SHIFT``) could close are left out.
- The safe edge: the safe area is convex, so how far inside it a point lies (its depth) is a
  concave function, and depth(p′) ≥ half diagonal + ``SAFETY`` is a convex bound. It is met
  exactly, by adding the tangent plane at the point furthest out until none is out.
- The card's size spread stays within ``spread`` and above ``LEAST_SPREAD`` (linear in t).
- Objective: the ink area gained, Σ size²·t, every symbol alike (weighing the card's smallest
  more on every card costs coverage; the size floor below looks after it).
- A size floor: when the card's smallest symbol is short of ``floor`` but within
  ``FLOOR_GROWTH`` of it, it may grow to the floor, weighing ``FLOOR_WEIGHT`` times more, and
  its neighbours may shrink a little (``MAX_SHRINK``) to make room. It lifts the deck's
  smallest symbol at no measurable cost in coverage.

The bounds number tens of thousands (every close pair of outline points), but only a few dozen
matter, so the programme is solved by cutting planes: start from each pair's closest points,
solve (HiGHS), add each group's most violated bound, solve again, until none is violated. Every
bound is then met, so the result is as safe as the packing; when anything fails the symbols stay
as packed.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from dobble_print.layout.grid import LEAST_SPREAD, SAFETY
from dobble_print.layout.kept import per_object
from dobble_print.layout.masks import Shape

MAX_GROWTH = 0.05  # largest relative growth of a symbol (t)
MAX_SHIFT = 0.5  # mm: largest shift of a symbol along x and along y
FLOOR_GROWTH = 0.20  # a symbol this far below the size floor grows to it if it can
FLOOR_WEIGHT = 12.0  # its growth counts this many times more than its area
MAX_SHRINK = 0.06  # largest shrinking of its neighbours, for a symbol below the floor
FLOOR_NEAR = 1.5  # mm: a neighbour's reach comes this close to the small symbol's
CUTS = 60  # rounds of adding violated bounds before giving up (a card takes about five)
OUTLINE_PIXEL = 0.1  # mm: the coarsest pyramid level with pixels this small gives the outline
GRADIENT_STEP = 1e-6  # mm: central differences for the safe area's depth gradient
TOLERANCE = 1e-6  # mm: a bound violated by less is met (HiGHS meets its rows to ~1e-7)

Depth = Callable[[np.ndarray, np.ndarray], np.ndarray]


@dataclass(frozen=True)
class Nudge:
    """How one packed symbol changes: its drawn width and height times ``factor`` (≥ 1), its
    centre moved by ``shift`` (mm, y up)."""

    factor: float = 1.0
    shift: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True, eq=False)
class _Bounds:
    """A group of linear bounds coef·x ≤ rhs over the same few unknowns (columns ``cols``)."""

    cols: tuple[int, ...]
    coef: np.ndarray  # (rows, len(cols))
    rhs: np.ndarray  # (rows,)


class _Stack:
    """The bounds on every two symbols, stacked (:func:`kernels.pair_bounds`): each pair's
    rows, ``starts[g]`` … ``starts[g + 1] - 1``, bound its unknowns ``cols[g]``, so that the
    bound each pair's rows violate most is found for all of them in one compiled pass (a card
    has a few dozen pairs and tens of thousands of rows; looking at each pair with numpy cost
    more than HiGHS)."""

    def __init__(self, coef: np.ndarray, rhs: np.ndarray, starts: np.ndarray, cols: np.ndarray):
        self.coef, self.rhs, self.starts, self.cols = coef, rhs, starts, cols

    def columns(self) -> list[np.ndarray]:
        """Each pair's unknowns."""
        return list(self.cols)

    def firsts(self) -> list[tuple[np.ndarray, float]]:
        """Each pair's bound with the least room, to start from."""
        out = []
        for g in range(len(self.cols)):
            k = self.starts[g] + int(np.argmin(self.rhs[self.starts[g] : self.starts[g + 1]]))
            out.append((self.coef[k], float(self.rhs[k])))
        return out

    def cuts(self, x: np.ndarray) -> list[tuple[np.ndarray, float] | None]:
        """Each pair's bound that ``x`` violates most (None where it meets them all)."""
        if not len(self.cols):
            return []
        from dobble_print.layout.loops import most_violated

        rows, worst = most_violated(self.coef, self.rhs, self.starts, x[self.cols])
        return [
            (self.coef[r], float(self.rhs[r])) if w > TOLERANCE else None
            for r, w in zip(rows, worst, strict=True)
        ]


@dataclass(frozen=True, eq=False)
class _Edge:
    """Symbol ``i``'s outline points ``p`` (offsets ``v`` from its centre) kept inside the safe
    area: depth(p + d + t·v) ≥ half·(1 + t) + SAFETY, ``half`` each point's radius. The safe
    area is convex, so its depth is a concave function: a tangent plane never underestimates
    it, so a tangent cut at the point that violates the bound most removes the current solution
    without removing any that meets the bound; cuts are added until the exact check passes."""

    cols: tuple[int, int, int]
    p: np.ndarray
    v: np.ndarray
    half: np.ndarray
    depth: Depth


def _tangents(depth: Depth, at: Sequence[tuple[_Edge, np.ndarray, int]]) -> list:
    """For each (edge, x0, k): the tangent cut of the edge's point ``k`` at ``x0`` (the edge's
    unknowns t, dx, dy), as (coef, room). One depth evaluation for all of them: evaluated point
    by point, the depth's small arrays cost more than the cuts (~30 a card)."""
    if not at:
        return []
    x0 = np.array([x for _, x, _ in at])
    v = np.array([e.v[k] for e, _, k in at])
    half = np.array([e.half[k] for e, _, k in at])
    q = np.array([e.p[k] for e, _, k in at]) + x0[:, 1:] + x0[:, :1] * v
    e = GRADIENT_STEP
    m = len(at)
    xs = np.concatenate([q[:, 0] + e, q[:, 0] - e, q[:, 0], q[:, 0], q[:, 0]])
    ys = np.concatenate([q[:, 1], q[:, 1], q[:, 1] + e, q[:, 1] - e, q[:, 1]])
    d = depth(xs, ys).reshape(5, m)
    gx, gy = (d[0] - d[1]) / (2 * e), (d[2] - d[3]) / (2 * e)
    # depth(q(x)) ≤ here + g·(q(x) − q), with q(x) − q = (d − d0) + (t − t0)·v_k:
    gv = gx * v[:, 0] + gy * v[:, 1]
    shift = x0[:, 1:] + x0[:, :1] * v
    room = d[4] - half - SAFETY - (gx * shift[:, 0] + gy * shift[:, 1])
    return [(np.array([half[i] - gv[i], -gx[i], -gy[i]]), float(room[i])) for i in range(m)]


class _Edges:
    """Every symbol's :class:`_Edge` stacked (those with points), so that the point furthest out
    of each is found for all symbols with one depth evaluation."""

    def __init__(self, edges: Sequence[_Edge]) -> None:
        self.edges = list(edges)
        self.kept = [i for i, e in enumerate(self.edges) if len(e.p)]
        kept = [self.edges[i] for i in self.kept]
        self.starts = np.cumsum([0] + [len(e.p) for e in kept])  # and the end
        if kept:
            self.p = np.concatenate([e.p for e in kept])
            self.v = np.concatenate([e.v for e in kept])
            self.half = np.concatenate([e.half for e in kept])
            self.cols = np.repeat([e.cols for e in kept], np.diff(self.starts), axis=0)

    def cuts(self, x: np.ndarray) -> list[tuple[np.ndarray, float] | None]:
        """Each symbol's tangent at ``x`` of its point furthest out (None where none is)."""
        out: list[tuple[np.ndarray, float] | None] = [None] * len(self.edges)
        if not self.kept:
            return out
        t, dx, dy = x[self.cols[:, 0]], x[self.cols[:, 1]], x[self.cols[:, 2]]
        moved = self.p + np.column_stack([dx, dy]) + t[:, None] * self.v
        depth = self.edges[self.kept[0]].depth
        over = self.half * (1 + t) + SAFETY - depth(moved[:, 0], moved[:, 1])
        out_of = np.flatnonzero(np.maximum.reduceat(over, self.starts[:-1]) > TOLERANCE)
        at = []
        for k in out_of:
            edge = self.edges[self.kept[k]]
            worst = int(np.argmax(over[self.starts[k] : self.starts[k + 1]]))
            at.append((edge, x[list(edge.cols)], worst))
        for k, cut in zip(out_of, _tangents(depth, at), strict=True):
            out[self.kept[k]] = cut
        return out

    def firsts(self) -> list[tuple[np.ndarray, float] | None]:
        """Each symbol's tangent at no move of its point with the least room (None without
        points)."""
        out: list[tuple[np.ndarray, float] | None] = [None] * len(self.edges)
        if not self.kept:
            return out
        depth = self.edges[self.kept[0]].depth
        inside = depth(self.p[:, 0], self.p[:, 1])  # of every symbol's points, unmoved
        at = []
        for k, i in enumerate(self.kept):
            least = int(np.argmin(inside[self.starts[k] : self.starts[k + 1]]))
            at.append((self.edges[i], np.zeros(3), least))
        cuts = _tangents(depth, at)
        for i, cut in zip(self.kept, cuts, strict=True):
            out[i] = cut
        return out


def tighten(
    placed: Sequence[tuple[Shape, tuple[float, float], float, float]],
    *,
    clearance: float,
    spread: float,
    depth: Depth,
    floor: float = 0.0,
    least: float = LEAST_SPREAD,
) -> list[Nudge]:
    """How each symbol of one packed card grows and shifts into the slack left by the grids.

    A card whose smallest symbol is short of ``floor`` (√ink-area, mm), but within
    ``FLOOR_GROWTH`` of it, trades a little of its neighbours for it: they may shrink by up to
    ``MAX_SHRINK``, and it may grow to the floor, its growth weighing ``FLOOR_WEIGHT`` times
    more. So a small symbol boxed in by large ones still reaches a size that reads across the
    table.

    Args:
        placed: each symbol as (shape, centre in mm from the card centre with y up, drawn height
            in mm, rotation in degrees counter-clockwise).
        clearance: least distance between two symbols' inks, mm.
        spread: largest allowed ratio of the largest to the smallest √ink-area on the card.
        depth: how far inside the safe area (convex) each point (mm) lies; negative outside.
        floor: the least √ink-area worth trading the others' size for, mm (0: none).
        least: the largest stays at least this times the smallest (when it is).
    """
    from dobble_print.layout.loops import neighbours, pair_bounds  # compiled: see its docstring

    n = len(placed)
    if n == 0:
        return []
    shift = MAX_SHIFT
    pts, reach, half, centres = [], [], [], []
    for shape, centre, height, angle in placed:
        p, h = _outline_mm(shape, centre, height, angle)
        c = np.asarray(centre, float)
        pts.append(p)
        reach.append(np.hypot(p[:, 0] - c[0], p[:, 1] - c[1]))
        half.append(h)
        centres.append(c)
    if not all(len(p) for p in pts):
        return [Nudge()] * n
    sizes = np.array([s.size_of(h) for s, _, h, _ in placed])
    far = [float((r + h).max()) for r, h in zip(reach, half, strict=True)]
    lower, upper, gain = _limits(sizes, floor, centres, far)
    # the largest move of any point of each symbol
    moves = [
        max(u, -lo) * f + math.sqrt(2) * shift for u, lo, f in zip(upper, lower, far, strict=True)
    ]
    need = clearance + SAFETY
    edges = [
        _edge(i, pts[i], centres[i], half[i], moves[i], float(upper[i]), depth, n) for i in range(n)
    ]
    widest = np.array([float(h.max()) for h in half])
    points, owners = np.concatenate(pts), np.cumsum([0] + [len(p) for p in pts])
    beside = neighbours(points, owners, need + 2 * float(widest.max()) + 2 * max(moves))
    coef, room, rows, starts, pairs = pair_bounds(
        points,
        owners,
        np.array(centres),
        np.concatenate(half),
        beside,
        widest,
        np.array(moves),
        upper,
        lower,
        need,
        shift,
        *_rows(),
    )
    _ROWS.kept = coef, room  # grown, for the next card's
    i, j = pairs.T  # each pair's unknowns: t_i, t_j, dx_i, dy_i, dx_j, dy_j
    cols = np.column_stack([i, j, n + i, 2 * n + i, n + j, 2 * n + j])
    stack = _Stack(coef[:rows], room[:rows], starts, cols)
    x = _solve(gain, lower, upper, _Edges(edges), stack, _spread(sizes, spread, least), shift)
    if x is None:
        return [Nudge()] * n
    return [Nudge(1.0 + float(x[i]), (float(x[n + i]), float(x[2 * n + i]))) for i in range(n)]


# Each packing thread's buffer of bounds (:func:`kernels.pair_bounds`): 2¹⁶ rows to start with,
# about what a card of eight needs, doubled when a card needs more. Kept from card to card: made
# anew for each (3.6 MB), freed once HiGHS had placed its own memory beyond it, each left a hole
# that the next ones could not use: the packing processes' heaps grew ~6 MB each.
_ROWS = threading.local()
FIRST_ROWS = 65536


def _rows() -> tuple[np.ndarray, np.ndarray]:
    """This thread's bounds buffer (``coef``, ``rhs``), as its last card left it."""
    kept = getattr(_ROWS, "kept", None)
    return kept if kept is not None else (np.empty((FIRST_ROWS, 6)), np.empty(FIRST_ROWS))


def _limits(
    sizes: np.ndarray, floor: float, centres: Sequence[np.ndarray], far: Sequence[float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each symbol's least and largest t, and its growth's weight in the objective: the ink
    area it adds (its size²). When the card's smallest is short of ``floor`` but within
    ``FLOOR_GROWTH`` of it, it may grow to the floor, its growth weighing ``FLOOR_WEIGHT`` times
    more, and the symbols whose reach (``far`` from their ``centres``) comes within
    ``FLOOR_NEAR`` of its own may shrink by ``MAX_SHRINK``."""
    n = len(sizes)
    least = int(np.argmin(sizes))
    gain = sizes**2
    lower, upper = np.zeros(n), np.full(n, MAX_GROWTH)
    if sizes[least] < floor <= sizes[least] * (1 + FLOOR_GROWTH):
        for j in range(n):
            gap = float(np.hypot(*(centres[j] - centres[least]))) - far[j] - far[least]
            if j != least and gap < FLOOR_NEAR:
                lower[j] = -MAX_SHRINK
        upper[least] = max(floor / sizes[least] - 1, MAX_GROWTH)
        gain[least] = sizes[least] ** 2 * FLOOR_WEIGHT
    return lower, upper, gain / gain.max()


def _edge(i, p, centre, half, move, grow, depth, n):
    """The bound keeping symbol ``i``'s outline points ``p`` inside the safe area; only points
    that a move within the limits (``grow``: its largest t) could take out are looked at."""
    room = depth(p[:, 0], p[:, 1]) - half - SAFETY
    keep = room < move + half * grow
    return _Edge((i, n + i, 2 * n + i), p[keep], (p - centre)[keep], half[keep], depth)


def _spread(sizes: np.ndarray, spread: float, least: float) -> list[_Bounds]:
    """Bounds keeping each symbol within ``spread`` of every other (or no further out of it than
    it is), and the largest at least ``least`` times the smallest (when it is)."""
    out = []
    for i in range(len(sizes)):
        for j in range(len(sizes)):
            if i != j:  # s_i(1 + t_i) ≤ k·s_j(1 + t_j)
                k = max(spread, sizes[i] / sizes[j])
                coef = np.array([[sizes[i], -k * sizes[j]]])
                out.append(_Bounds((i, j), coef, np.array([k * sizes[j] - sizes[i]])))
    small, large = int(np.argmin(sizes)), int(np.argmax(sizes))
    if small != large:  # k·s_small(1 + t_small) ≤ s_large(1 + t_large)
        k = min(least, sizes[large] / sizes[small])
        coef = np.array([[k * sizes[small], -sizes[large]]])
        out.append(_Bounds((small, large), coef, np.array([sizes[large] - k * sizes[small]])))
    return out


def load_solver() -> None:
    """Import HiGHS now: the packing workers forked after share it, where each imported it on
    its first card (~35 ms of CPU and ~2 MB of its own each)."""
    import highspy  # noqa: F401


def _solve(
    gain: np.ndarray,
    low: np.ndarray,
    high: np.ndarray,
    edges: _Edges,
    pairs: _Stack,
    fixed: list[_Bounds],
    shift: float,
) -> np.ndarray | None:
    """Maximise Σ gain·t with each t within [low, high] under every bound of ``fixed``, and of
    ``edges`` and ``pairs`` by cutting planes: the solution, or None when HiGHS fails or the
    cuts do not converge."""
    import highspy

    n = len(gain)
    lp = _highs()
    inf = highspy.kHighsInf
    lower = np.concatenate([low, np.full(2 * n, -shift)])
    upper = np.concatenate([high, np.full(2 * n, shift)])
    cost = np.concatenate([gain, np.zeros(2 * n)])
    lp.addCols(3 * n, cost, lower, upper, 0, np.array([], np.int32), np.array([], np.int32), [])
    lp.changeObjectiveSense(highspy.ObjSense.kMaximize)
    cols = [g.cols for g in fixed] + [e.cols for e in edges.edges] + pairs.columns()
    cuts = [(g.coef[0], float(g.rhs[0])) for g in fixed] + edges.firsts()
    cuts += pairs.firsts()
    for _ in range(CUTS):
        rows = [(c, cut) for c, cut in zip(cols, cuts, strict=True) if cut is not None]
        if rows:
            width = [len(c) for c, _ in rows]
            starts = np.concatenate([[0], np.cumsum(width)[:-1]]).astype(np.int32)
            index = np.concatenate([c for c, _ in rows]).astype(np.int32)
            value = np.concatenate([c[0] for _, c in rows]).astype(float)
            top = np.array([c[1] for _, c in rows])
            lp.addRows(len(rows), np.full(len(rows), -inf), top, len(index), starts, index, value)
        if lp.run() != highspy.HighsStatus.kOk:
            return None
        if lp.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return None
        x = np.asarray(lp.getSolution().col_value)
        cuts = [None] * len(fixed) + edges.cuts(x) + pairs.cuts(x)
        if all(c is None for c in cuts):
            return x
    return None


HIGHS_OPTIONS = {"output_flag": False, "threads": 1, "random_seed": 0}  # silent, deterministic


def _highs():
    """A fresh HiGHS model with ``HIGHS_OPTIONS``."""
    import highspy

    lp = highspy.Highs()
    for key, value in HIGHS_OPTIONS.items():
        lp.setOptionValue(key, value)
    return lp


def _outline_mm(shape: Shape, centre, height: float, angle: float):
    """The shape's outline points on the card (mm, y up) and the radius around each that holds
    its ink."""
    mm = height / shape.pixels[1]  # per picture pixel, both ways (width = height · aspect)
    level = 0
    while level + 1 < len(shape.level_sizes) and shape.factors[level + 1] * mm <= OUTLINE_PIXEL:
        level += 1
    unit, radius = _outline(shape, level)
    local = unit * mm
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    x = centre[0] + c * local[:, 0] - s * local[:, 1]
    y = centre[1] + s * local[:, 0] + c * local[:, 1]
    return np.column_stack([x, y]), radius * mm


@per_object
def _outline(shape: Shape, level: int) -> tuple[np.ndarray, np.ndarray]:
    """The outline of ``shape.level(level)`` (its ink pixels with a blank side) as points in
    picture pixels from the picture's centre (x right, y up), each with the radius of a circle
    around it that holds all the ink under that pixel.

    A pixel of a coarser level on the outline is often only partly ink (the ink's edge crosses
    it): its point is the centre of the box around the finest level's ink pixels under it, and
    its radius that box's half diagonal, so a coarse outline (a quarter of the pairs of points
    to bound) is nearly as tight as the finest one.
    """
    from dobble_print.layout.loops import outline_boxes

    w, h = shape.pixels
    f0, k = shape.factors[0], shape.factors[level] // shape.factors[0]
    # the box of the finest pixels with ink under each of these (the pixel itself when k is 1)
    fine = shape.finest
    coarse = shape.level(level, fine)
    r, c, top, bottom, left, right = outline_boxes(coarse, fine, k).T
    centre = np.column_stack([(c * k + (left + right) / 2) * f0, (r * k + (top + bottom) / 2) * f0])
    size = np.column_stack([(right - left) * f0, (bottom - top) * f0]).astype(float)
    points = np.column_stack([centre[:, 0] - w / 2, h / 2 - centre[:, 1]])
    return points, np.hypot(size[:, 0], size[:, 1]) / 2
