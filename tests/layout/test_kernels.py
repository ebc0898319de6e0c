"""The compiled occupancy kernels against slow numpy references on seeded random inputs.

Each kernel takes a shortcut for speed (outline-only stamping, skip-ahead past blocked runs, 4×4
blocks when rasterising, refreshing only changed rows): a shortcut that changes an answer fails.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from numpy.lib.stride_tricks import sliding_window_view
from scipy.ndimage import binary_dilation

from dobble_print.layout import kernels, loops, masks
from dobble_print.layout.grid import PAD, CardGrid, Piece, clearance_kernel, make_board, mask_of

SEEDS = range(6)


def random_grid(rng: np.random.Generator, g: int) -> tuple[np.ndarray, np.ndarray]:
    """(count, rim) for a g×g grid: sparse zone counts, and a disc's outside or a scatter as rim."""
    hit = rng.random((g, g)) < rng.uniform(0.002, 0.04)
    count = np.where(hit, rng.integers(1, 4, (g, g)), 0).astype(np.int16)
    if rng.random() < 0.5:
        yy, xx = np.mgrid[0:g, 0:g] + 0.5 - g / 2
        return count, np.hypot(yy, xx) > g / 2 - 1
    return count, rng.random((g, g)) < 0.01


def random_mask(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """An h×w mask with ink: speckled, solid with a hole, a 1-cell line, or a single cell."""
    kind = rng.integers(4)
    cells = np.zeros((h, w), bool)
    if kind == 0:
        cells = rng.random((h, w)) < rng.uniform(0.2, 0.95)
    elif kind == 1:
        cells[:] = True
        if h >= 3 and w >= 3:  # a hole inside: its edge is outline too
            cells[h // 3 : max(h // 3 + 1, 2 * h // 3), w // 3 : max(w // 3 + 1, 2 * w // 3)] = 0
    elif kind == 2 and rng.random() < 0.5:
        cells[rng.integers(h), :] = True
    elif kind == 2:
        cells[:, rng.integers(w)] = True
    cells[rng.integers(h), rng.integers(w)] = True
    return cells


def blocked_frame(count: np.ndarray, rim: np.ndarray, pad: int) -> np.ndarray:
    """Blocked cells (rim or any zone) with ``pad`` rows and columns of blocked cells around."""
    return np.pad(rim | (count > 0), pad, constant_values=True)


def frame_ref(blocked: np.ndarray) -> np.ndarray:
    """The frame's two tables from a cumulative sum and a running maximum."""
    f = blocked.shape[0]
    out = np.zeros((2, f, f + 1), np.int32)
    out[0, :, 1:] = np.cumsum(blocked, axis=1)
    out[1, :, :f] = np.maximum.accumulate(np.where(blocked, np.arange(f), -1), axis=1)
    out[1, :, f] = out[1, :, f - 1]
    return out


def paint(runs: np.ndarray, shape: tuple[int, int], offset: int = 0) -> np.ndarray:
    """How many runs cover each cell (so overlapping runs show as 2), shifted by ``offset``."""
    out = np.zeros(shape, int)
    for row, start, stop in runs:
        out[row + offset, start + offset : stop + offset] += 1
    return out


def ring_ref(cells: np.ndarray, k: int) -> np.ndarray:
    """Cells within k steps of ``cells`` and not in it, on ``cells`` padded by k."""
    yy, xx = np.mgrid[-k : k + 1, -k : k + 1]
    padded = np.pad(cells, k)
    return binary_dilation(padded, np.abs(yy) + np.abs(xx) <= k) & ~padded


def zone_ref(cells: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """``cells`` dilated by ``kernel`` on an array padded by the kernel's half sizes."""
    ry, rx = kernel.shape[0] // 2, kernel.shape[1] // 2
    return binary_dilation(np.pad(cells, ((ry, ry), (rx, rx))), kernel)


def free_corners(blocked: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """Which corners (r, c) of the grid inside ``blocked`` put no ink cell on a blocked cell."""
    g = blocked.shape[0] - 2 * PAD
    windows = sliding_window_view(blocked[PAD : PAD + g, PAD : PAD + g], cells.shape)
    return ~(windows & cells).any(axis=(2, 3))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("pad", [0, 1, PAD])
def test_frame_tables_are_prefix_sums_and_last_blocked_columns(seed, pad):
    count, rim = random_grid(np.random.default_rng(seed), 23 + seed)
    got = loops.frame(count, rim, pad)
    np.testing.assert_array_equal(got, frame_ref(blocked_frame(count, rim, pad)))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("counts", [True, False])
def test_refresh_of_the_changed_rows_gives_the_new_frame(seed, counts):
    """Count changes in rows r0 … r1 - 1, columns c0 … c1 - 1; what refresh must rewrite (those
    rows, the border rows too at the grid's edges, from c0 to c1) is spoiled first. Right of c1
    the frame is as it was before the change, as CardGrid has it: a row may stop at its first
    blocked cell there, and shift the rest of its prefix sums by what the change added. Without
    ``counts`` only the last-blocked columns must come out right (the prefix sums are not
    kept)."""
    rng = np.random.default_rng(seed)
    g, f = 30, 30 + 2 * PAD
    count, rim = random_grid(rng, g)
    for r0, r1 in [(0, 3), (g - 3, g), (5, 9), (0, g), (-2, 1), (g - 1, g + 2), (12, 13)]:
        for c0 in (-3, 0, 1, int(rng.integers(2, g - 1)), g - 1, g):
            for c1 in {g, g + 3, min(g, c0 + int(rng.integers(1, 8)))}:
                fr = frame_ref(blocked_frame(count, rim, PAD))
                rows, cols = slice(max(r0, 0), min(r1, g)), slice(max(c0, 0), max(min(c1, g), 0))
                new = np.where(rng.random((g, g)) < 0.2, rng.integers(0, 3, (g, g)), 0)
                count[rows, cols] = new[rows, cols]
                lo, hi = 0 if r0 <= 0 else r0 + PAD, f if r1 >= g else r1 + PAD
                j0 = min(c0 + PAD, f) if c0 > 0 else 0
                j1 = f if c1 >= g else max(c1 + PAD, j0)
                fr[1, lo:hi, j0:j1] = -7
                if counts:
                    fr[0, lo:hi, j0 + 1 : j1] = -7  # (the sum at j1 is the one it shifts from)
                else:
                    fr[0] = -7
                kernels.refresh(fr, count, rim, PAD, r0, r1, c0, c1, counts)
                want = frame_ref(blocked_frame(count, rim, PAD))
                if counts:
                    np.testing.assert_array_equal(fr, want)
                else:
                    np.testing.assert_array_equal(fr[1], want[1])


def random_masks(seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [random_mask(rng, *rng.integers(1, 13, 2)) for _ in range(24)]


@pytest.mark.parametrize("seed", SEEDS)
def test_runs_cover_the_ink_once_maximal_and_in_row_order(seed):
    for cells in random_masks(seed):
        runs = kernels.runs_of(cells)
        np.testing.assert_array_equal(paint(runs, cells.shape), cells)
        assert (runs[:, 2] > runs[:, 1]).all()
        rows, starts, stops = runs[1:, 0], runs[1:, 1], runs[:-1, 2]
        assert ((rows > runs[:-1, 0]) | ((rows == runs[:-1, 0]) & (starts > stops))).all()


@pytest.mark.parametrize("seed", SEEDS)
def test_runs_longest_first_are_the_runs_by_length_rows_in_order_among_equals(seed):
    for cells in random_masks(seed):
        runs = kernels.runs_of(cells)
        got = kernels.runs_longest_first(cells)
        want = sorted(map(tuple, runs), key=lambda run: (run[1] - run[2], run[0], run[1]))
        np.testing.assert_array_equal(got, np.array(want, np.int32).reshape(-1, 3))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("k", [1, 2, 3])
def test_ring_runs_are_the_diamond_dilation_minus_the_shape(seed, k):
    for cells in random_masks(seed):
        runs = kernels.ring_runs(cells, k)
        got = paint(runs, (cells.shape[0] + 2 * k, cells.shape[1] + 2 * k), k)
        np.testing.assert_array_equal(got, ring_ref(cells, k))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("clearance", [0.5, 1.0, 2.0])
def test_dilate_stamping_the_outline_equals_full_dilation(seed, clearance):
    kernel = clearance_kernel(make_board(39.5, clearance))
    for cells in random_masks(seed):
        np.testing.assert_array_equal(kernels.dilate(cells, kernel), zone_ref(cells, kernel))


@pytest.mark.parametrize("grow", [kernels.disc_grown, loops.disc_grown], ids=["numba", "loops"])
def test_disc_grown_is_the_dilation_of_the_padded_ink_by_a_disc_in_its_frame(grow):
    """Every pixel within ``r`` of the ink (x² + y² ≤ r², whole pixels), on the ink padded by
    ``pad``, radii past the pad clipped by the frame: scipy's dilation by the disc, on 400
    random pictures from empty to nearly full, thin ones and radius 0 among them (the
    compiled loop as the packer calls it, and numba's)."""
    rng = np.random.default_rng(7)
    for _ in range(400):
        h, w = (int(n) for n in rng.integers(1, 30, 2))
        ink = rng.random((h, w)) < rng.choice([0.0, 0.01, 0.05, 0.3, 0.95])
        pad, r = int(rng.integers(0, 10)), int(rng.integers(0, 13))
        y, x = np.ogrid[-r : r + 1, -r : r + 1]
        disc = x * x + y * y <= r * r
        padded = np.pad(ink, pad)
        want = binary_dilation(padded, structure=disc) if r else padded
        np.testing.assert_array_equal(grow(ink, pad, r), want, err_msg=f"{pad=} {r=}")


@pytest.mark.parametrize("seed", SEEDS)
def test_add_zone_clips_at_every_edge(seed):
    rng, g, m = np.random.default_rng(seed), 20, 30  # m: a margin wider than any zone
    count = rng.integers(0, 3, (g, g)).astype(np.int16)
    for _ in range(40):
        zone = random_mask(rng, *rng.integers(1, 26, 2))
        (h, w), sign = zone.shape, int(rng.choice([-1, 1]))
        r, c = int(rng.integers(-h - 1, g + 2)), int(rng.integers(-w - 1, g + 2))
        canvas = np.zeros((g + 2 * m, g + 2 * m), int)  # added unclipped, then cut to the grid
        canvas[r + m : r + m + h, c + m : c + m + w] += zone * sign
        want = count + canvas[m : m + g, m : m + g]
        kernels.add_zone(count, zone, r, c, sign)
        np.testing.assert_array_equal(count, want)


def scene(seed: int):
    """A random grid, its blocked frame, noise and masks of a few sizes with their free corners."""
    rng = np.random.default_rng(seed)
    g = int(rng.integers(40, 61))
    count, rim = random_grid(rng, g)
    blocked = blocked_frame(count, rim, PAD)
    sizes = [*rng.integers(1, 8, (2, 2)), *rng.integers(8, 22, (3, 2)), rng.integers(g - 8, g, 2)]
    masks_ = [random_mask(rng, *hw) for hw in sizes]
    # runs in row order or longest first, as the packer tries them: either finds the same corners
    order = [kernels.runs_of, kernels.runs_longest_first]
    cases = [
        (cells, order[int(rng.integers(2))](cells), free_corners(blocked, cells))
        for cells in masks_
    ]
    return rng, blocked, frame_ref(blocked), rng.random((g, g)) * 0.02, cases


def test_the_contact_ring_fits_in_the_frames_blocked_border():
    """The packer scores a corner by a ring ``CONTACT`` cells wide around the shape, read from
    the frame; a ring wider than the frame's border would read past it (numba does not check
    bounds: it would wrap to the other side of the row)."""
    from dobble_print.layout.packing import CONTACT

    assert 1 <= CONTACT <= PAD


@pytest.mark.parametrize("seed", SEEDS)
def test_best_corner_is_free_and_scores_best_on_the_free_edge(seed):
    _, blocked, fr, noise, cases = scene(seed)
    for cells, runs, free in cases:
        ring = ring_ref(cells, PAD)
        ys, xs = np.nonzero(ring)  # frame cell of ring cell (y - PAD, x - PAD) at corner r: r + y

        def score(r, c, ys=ys, xs=xs):
            return blocked[r + ys, c + xs].sum() / len(ys) + noise[r, c]

        rings = kernels.ring_runs(cells, PAD)
        best, r, c = kernels.best_corner(fr, runs, rings, float(len(ys)), *cells.shape, PAD, noise)
        if not free.any():
            assert (best, r, c) == (-1.0, -1, -1)
            continue
        around = np.pad(free, 1)
        inner = around[:-2, 1:-1] & around[2:, 1:-1] & around[1:-1, :-2] & around[1:-1, 2:]
        edge = free & ~inner
        assert edge[r, c]
        assert best == pytest.approx(score(r, c), abs=1e-12)
        assert best >= max(score(*rc) for rc in zip(*np.nonzero(edge), strict=True)) - 1e-12


@pytest.mark.parametrize("seed", SEEDS)
def test_fits_near_returns_the_first_free_offset(seed):
    rng, _, fr, _, cases = scene(seed)
    for cells, runs, free in cases:
        rows, cols = free.shape
        spots = np.argwhere(free) if free.any() else np.zeros((1, 2), int)
        for _ in range(30):
            r, c = spots[rng.integers(len(spots))] + rng.integers(-3, 4, 2)
            offsets = rng.integers(-3, 4, (int(rng.integers(1, 15)), 2))
            inside = [
                (r + dr, c + dc) for dr, dc in offsets if 0 <= r + dr < rows and 0 <= c + dc < cols
            ]
            want = next((rc for rc in inside if free[rc]), (-1, -1))
            assert kernels.fits_near(fr, runs, *cells.shape, PAD, r, c, offsets) == want


@pytest.mark.parametrize("seed", SEEDS)
def test_any_fit_and_the_per_corner_test_agree_with_brute_force(seed):
    """``_collide`` is the per-corner test (there is no ``fits_at``); its skip must be safe."""
    _, _, fr, _, cases = scene(seed)
    for cells, runs, free in cases:
        assert kernels.any_fit(fr, runs, *cells.shape, PAD) == free.any()
        rows, cols = free.shape
        for r in range(rows):
            for c in range(cols):
                nxt = kernels._collide(fr, runs, r + PAD, c + PAD)
                assert (nxt < 0) == free[r, c], (r, c)
                if nxt >= 0:
                    assert nxt > c + PAD and not free[r, c : nxt - PAD].any(), (r, c, nxt)


def raster_ref(table, lw, lh, nx, ny, cell, c, s, kx, ky, cu, cv, hu, hv):
    """``raster_cells``' per-cell formula for all cells at once, in float64, untrimmed."""
    i, j = np.mgrid[0:ny, 0:nx].astype(np.float64)
    y, x = (i + 0.5 - ny / 2) * cell, (j + 0.5 - nx / 2) * cell
    u, v = kx * (x * c + y * s) + cu, ky * (x * s - y * c) + cv
    u0, u1 = (np.clip(b.astype(int), 0, lw) for b in (np.floor(u - hu), np.ceil(u + hu)))
    v0, v1 = (np.clip(b.astype(int), 0, lh) for b in (np.floor(v - hv), np.ceil(v + hv)))
    t = table.astype(np.int64)  # counts modulo 2¹⁶: exact for a cell's small box
    return (t[v1, u1] - t[v0, u1] - t[v1, u0] + t[v0, u0]) % 65536 > 0


def picture(rng: np.random.Generator, photo: bool) -> np.ndarray:
    """A trimmed RGBA picture: an opaque rectangle (a photo), or a wobbly blob maybe with a hole."""
    h, w = (int(n) for n in rng.integers(20, 400, 2))
    yy, xx = np.mgrid[0:h, 0:w] / np.array([h, w])[:, None, None] - 0.5
    radius = 0.4 + rng.normal(0, 0.05) * np.cos(3 * np.arctan2(yy, xx) + rng.uniform(0, 6))
    ink = np.ones((h, w), bool) if photo else np.hypot(xx, yy) < radius
    if not photo and rng.random() < 0.5:
        ink &= np.hypot(xx - 0.05, yy) > 0.1
    rows, cols = np.flatnonzero(ink.any(1)), np.flatnonzero(ink.any(0))
    rgba = np.zeros((h, w, 4), np.uint8)
    rgba[..., 3] = np.where(ink, 255, rng.integers(0, 128, (h, w)))  # faint pixels are not ink
    return rgba[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]


def raster_args(shape, height: float, angle: float, cell: float) -> tuple:
    """The arguments :func:`kernels.raster_runs` passes ``raster_cells`` for ``shape`` drawn
    ``height`` mm tall at ``angle`` on cells of ``cell`` mm, worked out here in plain Python."""
    li = 0
    while li + 1 < len(shape.level_sizes) and height * shape.factors[li + 1] / shape.pixels[1] <= (
        cell / masks.FINE
    ):
        li += 1
    (pw, ph), f = shape.pixels, shape.factors[li]
    lh, lw = shape.level_sizes[li]
    width = height * shape.aspect
    ex, ey = masks.rotated_extent(width, height, angle)
    nx, ny = 2 * math.ceil(ex / cell + 1), 2 * math.ceil(ey / cell + 1)
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    kx, ky = pw / f / width, ph / f / height
    reach = cell / 2 * (abs(c) + abs(s))
    return (shape.table(li), lw, lh, nx, ny, cell, c, s, kx, ky, pw / f / 2, ph / f / 2,
            kx * reach, ky * reach)  # fmt: skip


def raster_checked(shape, height: float, angle: float, cell: float) -> tuple[tuple, tuple]:
    """(arguments, result) of ``raster_cells`` for one rasterisation, having checked that
    :func:`masks.rasterise_runs`, which computes the arguments itself, gives the same cells,
    the picture centre in them, and their runs longest first."""
    args = raster_args(shape, height, angle, cell)
    cells, r0, c0 = kernels.raster_cells(*args)
    mask, runs = masks.rasterise_runs(shape, height, angle, cell)
    np.testing.assert_array_equal(mask.cells, cells)
    nx, ny = args[3], args[4]
    assert mask.centre == ((nx / 2 - c0, ny / 2 - r0) if r0 >= 0 else (0.5, 0.5))
    np.testing.assert_array_equal(runs, kernels.runs_longest_first(cells))
    return args, (cells, r0, c0)


def rastered(seed: int) -> list[tuple[tuple, tuple]]:
    """(arguments, result) of ``raster_cells`` for random shapes, sizes, angles and both grids'
    cells, each checked against what the packer gets (:func:`raster_checked`)."""
    calls = []
    rng = np.random.default_rng(seed)
    for photo in (False, False, True):
        shape = masks.shape_of(picture(rng, photo))
        for k, angle in enumerate((0.0, 90.0, *rng.uniform(-180, 180, 2))):
            cell = (79 / 103, 0.2625)[k % 2]  # the placing and settling grids' cells, 85 mm cards
            calls.append(raster_checked(shape, float(rng.uniform(2, 40)), float(angle), cell))
    return calls


@pytest.mark.parametrize("seed", SEEDS)
def test_raster_cells_blockwise_equals_the_per_cell_formula(seed):
    for args, (cells, r0, c0) in rastered(seed):
        want = raster_ref(*args)  # every picture has ink, so trimming leaves rows and columns
        rows, cols = np.flatnonzero(want.any(1)), np.flatnonzero(want.any(0))
        assert (r0, c0) == (rows[0], cols[0])
        np.testing.assert_array_equal(cells, want[r0 : rows[-1] + 1, c0 : cols[-1] + 1])


@pytest.mark.parametrize("seed", SEEDS)
def test_raster_cells_blockwise_never_drops_a_cell(seed):
    """Whatever the shortcut adds, every cell the per-cell formula marks stays marked."""
    for args, (cells, r0, c0) in rastered(seed):
        want = raster_ref(*args)
        got = np.zeros_like(want)
        got[r0 : r0 + cells.shape[0], c0 : c0 + cells.shape[1]] = cells
        assert not (want & ~got).any()


@pytest.mark.parametrize("angle", [0.0, 30.0, 45.0])
def test_raster_cells_of_a_large_picture_counts_past_the_tables_16_bits(angle):
    """A picture of nearly a million pixels, so the table's counts wrap around 2¹⁶, drawn with
    cells of 20 of its pixels (``FINE`` raised so the finest level is used): a block of 16×16
    cells then spans 320 pixels a side, more than the table can count. The cells still match the
    ink, each cell's box measured against a plain int64 count."""
    h, w = 1000, 900
    yy, xx = np.mgrid[:h, :w]
    ink = np.hypot((xx - w / 2) / (w / 2), (yy - h / 2) / (h / 2)) < 1
    ink[400:600, 300:600] = False  # a hole, so not every block is full
    rgba = np.zeros((h, w, 4), np.uint8)
    rgba[..., 3] = 255 * ink
    shape = masks.shape_of(rgba)
    assert shape.factors[0] == 1 and int(shape.table(0)[-1, -1]) != int(ink.sum())  # wrapped
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(masks, "FINE", 40)
        # 0.06 mm pixels, 1.2 mm cells
        args, (cells, r0, c0) = raster_checked(shape, 60.0, angle, 1.2)
    assert args[0] is shape.table(0)
    exact = np.zeros((h + 1, w + 1), np.int64)
    exact[1:, 1:] = ink.cumsum(0).cumsum(1)
    want = raster_ref(exact, *args[1:])
    rows, cols = np.flatnonzero(want.any(1)), np.flatnonzero(want.any(0))
    np.testing.assert_array_equal(cells, want[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1])


@pytest.mark.parametrize("seed", range(4))
def test_summed_area_tables_are_the_ink_counts_modulo_two_to_the_sixteenth(seed):
    """The one-pass table against numpy's cumulative sums, on pictures small and large enough
    (over 65536 ink pixels) for the counts to wrap."""
    rng = np.random.default_rng(seed)
    h, w = [(1, 1), (7, 300), (301, 5), (700, 650)][seed]
    ink = rng.random((h, w)) < rng.uniform(0.1, 0.99)
    want = np.zeros((h + 1, w + 1), np.int64)
    want[1:, 1:] = ink.cumsum(0).cumsum(1)
    got = kernels.summed_area(ink)
    assert got.dtype == np.uint16 and got.shape == want.shape
    np.testing.assert_array_equal(got, want % 65536)
    assert seed < 3 or want.max() > 65536


@pytest.mark.parametrize("seed", SEEDS)
def test_outline_boxes_are_the_outline_and_the_fine_ink_under_it(seed):
    """Outline pixels (ink with a blank side or on the border) in row order, and the box of the
    finer level's ink under each, against a numpy reference (padding, shifts, reshaped blocks)."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(1, 5))
    fine = random_mask(rng, int(rng.integers(1, 40)), int(rng.integers(1, 40)))
    h, w = -(-fine.shape[0] // k), -(-fine.shape[1] // k)
    blocks = np.zeros((h * k, w * k), bool)
    blocks[: fine.shape[0], : fine.shape[1]] = fine
    ink = blocks.reshape(h, k, w, k).any(axis=(1, 3))  # max-pooled, as the pyramid is
    pad = np.pad(ink, 1)
    inner = pad[:-2, 1:-1] & pad[2:, 1:-1] & pad[1:-1, :-2] & pad[1:-1, 2:]
    r, c = np.nonzero(ink & ~inner)
    under = blocks.reshape(h, k, w, k)[r, :, c, :]  # (n, k, k)
    rows, cols = np.nonzero(under.any(axis=2)), np.nonzero(under.any(axis=1))
    want = np.zeros((len(r), 6), np.int64)
    want[:, 0], want[:, 1] = r, c
    for n in range(len(r)):
        ys, xs = rows[1][rows[0] == n], cols[1][cols[0] == n]
        want[n, 2:] = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    np.testing.assert_array_equal(kernels.outline_boxes(ink, fine, k), want)


def test_raster_cells_of_no_ink_is_one_cell_at_minus_one():
    shape = masks.shape_of(np.zeros((30, 40, 4), np.uint8))
    table, (lh, lw) = shape.table(0), shape.level_sizes[0]
    cells, r0, c0 = kernels.raster_cells(
        table, lw, lh, 8, 6, 0.5, 1.0, 0.0, 2.0, 2.0, 20.0, 15.0, 0.5, 0.5
    )
    assert (r0, c0) == (-1, -1)
    np.testing.assert_array_equal(cells, np.ones((1, 1), bool))


def new_item(rng: np.random.Generator, board, shape) -> Piece:
    item = Piece(shape, float(rng.uniform(1.5, 6)), float(rng.uniform(-180, 180)))
    item.mask, item.runs = mask_of(item, board, item.size, item.angle)
    return moved(rng, board, item)


def moved(rng: np.random.Generator, board, item: Piece) -> Piece:
    """``item`` at a random origin, often flush with an edge so that its zone is clipped."""
    assert item.mask is not None  # given its mask
    top = np.subtract(board.size, item.mask.cells.shape)
    r, c = (int(rng.choice([0, rng.integers(0, n + 1), n])) for n in top)
    item.origin = r, c
    return item


def count_ref(items: list[Piece], board) -> np.ndarray:
    """Sum of the items' zones, added unclipped to a canvas ``reach`` wider on each side."""
    g, k = board.size, board.reach
    canvas = np.zeros((g + 2 * k, g + 2 * k), int)
    for it in items:
        assert it.mask is not None  # placed pieces have their masks
        zone, (r, c) = zone_ref(it.mask.cells, clearance_kernel(board)), it.origin
        canvas[r : r + zone.shape[0], c : c + zone.shape[1]] += zone
    return canvas[k : k + g, k : k + g]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("scoring", [True, False])
def test_card_grid_count_and_frame_follow_every_change(seed, scoring):
    """Several changes between checks, so dirty rows and columns pile up; a shape taken out goes
    back as it was (``same``, in any order) or moved (``zone_known``). A grid without contact
    scoring keeps the last-blocked columns right (its prefix sums are not kept)."""
    rng = np.random.default_rng(seed)
    board = make_board(20.0, 1.0)
    card = CardGrid(board, rng, scoring=scoring)
    pool = [masks.shape_of(picture(rng, photo)) for photo in (False, False, True)]
    added: list[Piece] = []
    out: list[Piece] = []  # taken out, zone kept
    for _ in range(30):
        for op in rng.choice(["add", "remove", "put_back", "move", "frame"], rng.integers(1, 4)):
            if op == "add" or not added:
                added.append(new_item(rng, board, pool[rng.integers(len(pool))]))
                card.add(added[-1])
            elif op == "remove":
                out.append(added.pop(int(rng.integers(len(added)))))
                card.remove(out[-1])
            elif op in ("put_back", "move") and out:
                added.append(out.pop(-1 if rng.random() < 0.5 else int(rng.integers(len(out)))))
                if op == "move":
                    card.add(moved(rng, board, added[-1]), zone_known=True)
                else:
                    card.add(added[-1], same=True)
            elif op == "frame":
                card.frame()
        np.testing.assert_array_equal(card.count, count_ref(added, board))
        want = frame_ref(blocked_frame(card.count, board.rim, PAD))
        if scoring:
            np.testing.assert_array_equal(card.frame(), want)
        else:
            np.testing.assert_array_equal(card.frame()[1], want[1])


@pytest.mark.parametrize("seed", SEEDS)
def test_a_shape_put_back_is_never_tried_larger_at_an_angle_it_did_not_fit_at(seed, monkeypatch):
    """Putting a shape back (``packing._largest_fit``) bisects on its size over a few angles; an
    angle it did not fit at is not rasterised again at a larger size (it would not fit there
    either), and the size found fits, at one of the angles, where it is put."""
    from dobble_print.layout import packing

    rng = np.random.default_rng(seed)
    board = make_board(20.0, 1.0)
    card = CardGrid(board, rng)
    items = [Piece(masks.shape_of(picture(rng, rng.random() < 0.3)), 9.0) for _ in range(7)]
    placed = [it for it in items if packing._place(card, it, list(rng.uniform(-180, 180, 3)))]
    asked: list[tuple[float, float, bool]] = []  # (size, angle, fits)
    real_mask_of, real_fits = packing.mask_of, packing._fits_anywhere

    def mask_of_recorded(item, board, size, angle):
        asked.append((size, angle, None))
        return real_mask_of(item, board, size, angle)

    def fits_recorded(card, mask, runs):
        fits = real_fits(card, mask, runs)
        asked[-1] = (*asked[-1][:2], fits)
        return fits

    monkeypatch.setattr(packing, "mask_of", mask_of_recorded)
    monkeypatch.setattr(packing, "_fits_anywhere", fits_recorded)
    found = passed_over = 0
    for it in placed:
        card.remove(it)
        asked.clear()
        angles = [it.angle, *map(float, rng.uniform(-180, 180, 2))]
        result = packing._largest_fit(card, it, it.size, it.size * 1.8, angles)
        for k, (size, angle, _) in enumerate(asked):
            failed = [s for s, a, fits in asked[:k] if a == angle and not fits]
            assert not failed or size < min(failed), (size, angle, failed)
            # an angle tried before this one at this size would have been asked again here
            before = angles[: angles.index(angle)]
            passed_over += any(a in before and not f and s <= size for s, a, f in asked[:k])
        if result is not None:
            found += 1
            assert result[0] > it.size and real_fits(card, *real_mask_of(it, board, *result[:2]))
        card.add(it, same=True)
    assert found and passed_over  # some shapes grew, and some angles were passed over
