"""The packer's inner loops, compiled with numba: the only module that imports it (with
:mod:`build_loops`, which compiles them ahead of time; the packer calls them through
:mod:`loops`, which chooses between the two). Most answer questions about the occupancy grid;
:func:`outline_boxes`, :func:`neighbours`, :func:`pair_bounds` and :func:`most_violated` serve
:mod:`tightening`.

The packer asks thousands of small questions per card — where does this shape, at this size and
angle, fit; does it still fit one cell to the left — each over a few thousand grid cells. In numpy
every question costs tens of calls of fixed overhead; compiled loops answer it in microseconds, and
they can stop at the first blocked cell. Compiled code is cached on disk next to this file
(``cache=True``), so only the very first run compiles.

Conventions: grids are indexed ``[row, col]`` with rows going up the card. A shape on the grid is
a list of *runs*, ``(row, start, stop)`` of consecutive ink cells relative to its mask's corner.
The blocked grid is kept as a *frame* (:func:`loops.frame`): the grid with ``pad`` blocked cells
around it, so that a ring of cells around a shape may reach past the grid, as per-row prefix
sums (to count blocked cells in a run with one subtraction) and the last blocked column at or
left of each cell (to test a run with one look-up and, when it is blocked, skip every corner
that would put the same run on the same blocked cell).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit


def _compiled(fn):
    """``fn`` compiled to machine code, cached on disk when a cache folder is writable.

    numba caches next to this file, or else in the user's cache folder; when neither can be
    written (a system-wide install run by a user without a home) it compiles on each run instead
    of failing.
    """
    try:
        return njit(cache=True, nogil=True)(fn)
    except RuntimeError:
        return njit(nogil=True)(fn)


BLOCK = 4  # cells a side of the blocks tested whole before their cells are
SUPER = 16  # cells a side of the blocks tested whole before their blocks are


@_compiled
def summed_area(ink):
    """Summed-area table of a boolean picture modulo 2¹⁶ (see :func:`masks._table`), in one
    pass rather than numpy's two cumulative sums and a cast: each packing worker makes one for
    most of a deck's pictures."""
    h, w = ink.shape
    out = np.zeros((h + 1, w + 1), np.uint16)
    for i in range(h):
        run = 0
        for j in range(w):
            run += ink[i, j]
            out[i + 1, j + 1] = (np.int64(out[i, j + 1]) + run) & 0xFFFF
    return out


@_compiled
def outline_boxes(ink, fine, k):
    """The outline pixels of ``ink`` (ink with a blank side, the picture's border counting as
    blank), row by row, and for each the box around the ``fine`` ink pixels under it (``k``
    fine pixels a side per pixel of ``ink``), as (row, col, top, bottom, left, right) with the
    box's sides in fine pixels from the pixel's corner, bottom and right exclusive.

    Written into rows for twice the picture's perimeter, doubled when full (:func:`_grown`):
    room for every pixel, up front, was up to 16 MB a picture, whose holes, once freed, the
    packing processes' heaps kept."""
    h, w = ink.shape
    fh, fw = fine.shape
    out = np.empty((2 * (h + w), 6), np.int64)
    n = 0
    for r in range(h):
        for c in range(w):
            if not ink[r, c] or _inner(ink, r, c):
                continue
            if n == out.shape[0]:
                out = _grown(out, n)
            top, bottom, left, right = k, -1, k, -1
            for a in range(k):
                for b in range(k):
                    y, x = r * k + a, c * k + b
                    if y < fh and x < fw and fine[y, x]:
                        top, bottom = min(top, a), max(bottom, a)
                        left, right = min(left, b), max(right, b)
            out[n, 0], out[n, 1], out[n, 2], out[n, 3] = r, c, top, bottom + 1
            out[n, 4], out[n, 5] = left, right + 1
            n += 1
    return out[:n].copy()


@_compiled
def _grown(rows, n):
    """``rows`` with twice the rows, its first ``n`` copied."""
    more = np.empty((2 * rows.shape[0], rows.shape[1]), rows.dtype)
    more[:n] = rows[:n]
    return more


@_compiled
def _count(table, u0, u1, v0, v1):
    """Ink pixels in columns u0 … u1 - 1, rows v0 … v1 - 1, modulo 2¹⁶ (see :func:`summed_area`)."""
    return (
        np.int64(table[v1, u1])
        - np.int64(table[v0, u1])
        - np.int64(table[v1, u0])
        + np.int64(table[v0, u0])
    ) & 0xFFFF


@_compiled
def _ink_in(table, lw, lh, u, v, hu, hv):
    """0 when the level pixels meeting [u ± hu] × [v ± hv] hold no ink, 2 when all are ink (the
    box lying wholly on the picture), 1 otherwise (and for a box of 65536 pixels or more, whose
    count the table, modulo 2¹⁶, cannot give)."""
    a0, a1 = int(np.floor(u - hu)), int(np.ceil(u + hu))
    b0, b1 = int(np.floor(v - hv)), int(np.ceil(v + hv))
    u0, u1 = min(max(a0, 0), lw), min(max(a1, 0), lw)
    v0, v1 = min(max(b0, 0), lh), min(max(b1, 0), lh)
    if (u1 - u0) * (v1 - v0) >= 65536:  # the table counts modulo 2¹⁶: only smaller boxes are
        return 1  # exact (a block's box this large is looked at block by block instead)
    ink = _count(table, u0, u1, v0, v1)
    if ink == 0:
        return 0
    return 2 if ink == (a1 - a0) * (b1 - b0) else 1  # off the picture is no ink


@_compiled
def _mark(out, rows, cols, table, lw, lh, nx, ny, cell, c, s, kx, ky, cu, cv, hu, hv):
    """Mark the cells (``rows``, ``cols``) whose turned box meets ink (:func:`_ink_in` not 0).

    In straight-line loops, the boxes of all the cells first and their counts after: a cell on
    the outline is as likely ink as not, and branching on each, cell by cell, would be
    mispredicted half the time."""
    m = len(rows)
    u0, u1 = np.empty(m, np.int64), np.empty(m, np.int64)
    v0, v1 = np.empty(m, np.int64), np.empty(m, np.int64)
    for k in range(m):
        y = (rows[k] + 0.5 - ny / 2) * cell
        x = (cols[k] + 0.5 - nx / 2) * cell
        u = kx * (x * c + y * s) + cu
        v = ky * (x * s - y * c) + cv
        u0[k] = min(max(int(np.floor(u - hu)), 0), lw)
        u1[k] = min(max(int(np.ceil(u + hu)), 0), lw)
        v0[k] = min(max(int(np.floor(v - hv)), 0), lh)
        v1[k] = min(max(int(np.ceil(v + hv)), 0), lh)
    for k in range(m):
        big = (u1[k] - u0[k]) * (v1[k] - v0[k]) >= 65536
        out[rows[k], cols[k]] = (_count(table, u0[k], u1[k], v0[k], v1[k]) != 0) | big


@_compiled
def _block_ink(table, lw, lh, bi, ei, bj, ej, nx, ny, cell, c, s, kx, ky, cu, cv, hu, hv):
    """:func:`_ink_in` for the box around cells [bi, ei) × [bj, ej) turned, which holds every one
    of their boxes (0: none of them meets ink, 2: all lie wholly on ink)."""
    y = ((bi + ei) / 2 - ny / 2) * cell
    x = ((bj + ej) / 2 - nx / 2) * cell
    grow = max(ei - bi, ej - bj)  # the block's box, as a multiple of one cell's
    u = kx * (x * c + y * s) + cu
    v = ky * (x * s - y * c) + cv
    # a hair wider, so that rounding never leaves out a pixel one of its cells meets
    return _ink_in(table, lw, lh, u, v, hu * grow + 1e-6, hv * grow + 1e-6)


@_compiled
def _fill(out, i0, i1, j0, j1, r0, r1, c0, c1):
    """Mark cells [i0, i1) × [j0, j1) as ink; the rows and columns holding ink so far, grown to
    hold them."""
    out[i0:i1, j0:j1] = True
    return min(r0, i0), max(r1, i1 - 1), min(c0, j0), max(c1, j1 - 1)


@_compiled
def raster_cells(table, lw, lh, nx, ny, cell, c, s, kx, ky, cu, cv, hu, hv):
    """Cells (``ny`` rows up, ``nx`` columns) whose turned bounding box meets any ink, trimmed to
    the rows and columns holding any, with the first row and column kept.

    ``table`` is the level's summed-area table; (u, v) of a point (x, y) mm from the picture's
    centre are ``u = kx(x·c + y·s) + cu`` and ``v = ky(x·s - y·c) + cv`` in level pixels, and a
    turned cell's box reaches ±hu, ±hv around its centre's. See :func:`masks.rasterise`.

    Blocks of ``SUPER``×``SUPER`` cells, then of ``BLOCK``×``BLOCK``, are tested first, by the box
    around the whole turned block (which holds every one of its cells' boxes): no ink there
    leaves all its cells empty, all ink there fills them all, and only blocks on the outline go
    down a level (a large shape on the fine grid is 60,000 cells, of which a few thousand are on
    its outline).
    """
    out = np.zeros((ny, nx), np.bool_)
    r0, r1, c0, c1 = ny, -1, nx, -1  # rows and columns holding ink, for trimming
    rows, cols = np.empty(ny * nx, np.int32), np.empty(ny * nx, np.int32)  # outline blocks' cells
    n = 0
    for si in range(0, ny, SUPER):
        for sj in range(0, nx, SUPER):
            fi, fj = min(si + SUPER, ny), min(sj + SUPER, nx)
            whole = _block_ink(
                table, lw, lh, si, fi, sj, fj, nx, ny, cell, c, s, kx, ky, cu, cv, hu, hv
            )
            if whole == 0:
                continue
            if whole == 2:
                r0, r1, c0, c1 = _fill(out, si, fi, sj, fj, r0, r1, c0, c1)
                continue
            for bi in range(si, fi, BLOCK):
                for bj in range(sj, fj, BLOCK):
                    ei, ej = min(bi + BLOCK, fi), min(bj + BLOCK, fj)
                    inner = _block_ink(
                        table, lw, lh, bi, ei, bj, ej, nx, ny, cell, c, s, kx, ky, cu, cv, hu, hv
                    )
                    if inner == 0:
                        continue
                    if inner == 2:
                        r0, r1, c0, c1 = _fill(out, bi, ei, bj, ej, r0, r1, c0, c1)
                        continue
                    for i in range(bi, ei):  # looked at cell by cell below
                        for j in range(bj, ej):
                            rows[n], cols[n] = i, j
                            n += 1
                    r0, r1, c0, c1 = min(r0, bi), max(r1, ei - 1), min(c0, bj), max(c1, ej - 1)
    _mark(out, rows[:n], cols[:n], table, lw, lh, nx, ny, cell, c, s, kx, ky, cu, cv, hu, hv)
    # blocks on the outline were counted whole: trim the rows and columns they left empty
    while r1 >= r0 and not out[r1, c0 : c1 + 1].any():
        r1 -= 1
    while r0 <= r1 and not out[r0, c0 : c1 + 1].any():
        r0 += 1
    while r0 <= r1 and not out[r0 : r1 + 1, c1].any():
        c1 -= 1
    while r0 <= r1 and not out[r0 : r1 + 1, c0].any():
        c0 += 1
    if r1 < r0:
        return np.ones((1, 1), np.bool_), -1, -1
    return out[r0 : r1 + 1, c0 : c1 + 1].copy(), r0, c0


@_compiled
def _runs(cells):
    """The runs of True cells, row by row, in the first rows of a buffer, and how many."""
    h, w = cells.shape
    out = np.empty((h * (w + 1) // 2 + 1, 3), np.int32)
    n = 0
    for i in range(h):
        j = 0
        while j < w:
            if cells[i, j]:
                k = j
                while k < w and cells[i, k]:
                    k += 1
                out[n, 0], out[n, 1], out[n, 2] = i, j, k
                n += 1
                j = k
            else:
                j += 1
    return out, n


@_compiled
def runs_of(cells):
    """The runs ``(row, start, stop)`` of True cells, row by row."""
    out, n = _runs(cells)
    return out[:n].copy()


@_compiled
def _by_length(runs, n, width):
    """The first ``n`` of ``runs`` longest first, in their order among equals (a counting sort on
    their lengths, which are at most ``width``)."""
    count = np.zeros(width + 2, np.int64)
    for k in range(n):
        count[runs[k, 2] - runs[k, 1]] += 1
    at = 0
    for length in range(width + 1, -1, -1):  # where each length's runs begin
        count[length], at = at, at + count[length]
    out = np.empty((n, 3), np.int32)
    for k in range(n):
        length = runs[k, 2] - runs[k, 1]
        out[count[length]] = runs[k]
        count[length] += 1
    return out


@_compiled
def runs_longest_first(cells):
    """The runs of :func:`runs_of` longest first (rows in order among equals), the order they are
    tried in when testing where a shape fits: a long run meets a blocked cell sooner, and skips
    further when it does (which corners are free does not depend on the order). A counting
    sort, in the same call: cheaper than a stable argsort of ``runs_of``'s result."""
    out, n = _runs(cells)
    return _by_length(out, n, cells.shape[1])


@_compiled
def raster_runs(table, lw, lh, f, pw, ph, height, aspect, angle, cell):
    """A shape's cells drawn ``height`` mm tall turned ``angle``° (:func:`raster_cells` on its
    pyramid level ``table``, ``lw``×``lh`` pixels of ``f`` picture pixels each, of a picture
    ``pw``×``ph``), the picture centre's (column, row) in them, and their runs longest first.

    :func:`masks.rasterise_runs`'s arithmetic, the cells and their runs in one compiled call:
    done in Python around two calls, they take longer than the cells of a small shape on the
    placing grid, and the packer asks for ~400 rasterisations a card.
    """
    width = height * aspect
    t = math.radians(angle)
    c, s = math.cos(t), math.sin(t)
    ac, as_ = abs(c), abs(s)
    ex, ey = (width * ac + height * as_) / 2, (width * as_ + height * ac) / 2
    nx, ny = 2 * math.ceil(ex / cell + 1), 2 * math.ceil(ey / cell + 1)  # even: centre on a corner
    kx, ky = pw / f / width, ph / f / height  # level pixels per mm
    reach = cell / 2 * (ac + as_)  # the turned cell's bounding box reaches ±hu, ±hv
    cells, r0, c0 = raster_cells(
        table, lw, lh, nx, ny, cell, c, s, kx, ky, pw / f / 2, ph / f / 2, kx * reach, ky * reach
    )
    if r0 < 0:  # no ink at all (only fuzzed pictures): one cell, so it still takes room
        return cells, 0.5, 0.5, runs_longest_first(cells)
    return cells, nx / 2 - c0, ny / 2 - r0, runs_longest_first(cells)


@_compiled
def _inner(cells, i, j):
    """Whether ink cell (i, j) has ink above, below, left and right (so is not on the outline)."""
    h, w = cells.shape
    if not (0 < i < h - 1 and 0 < j < w - 1):
        return False
    return cells[i - 1, j] and cells[i + 1, j] and cells[i, j - 1] and cells[i, j + 1]


@_compiled
def ring_runs(cells, k):
    """Runs of the cells within ``k`` steps (up, down, left, right) of the shape but not in it,
    relative to the mask's corner (so rows and columns from ``-k``)."""
    h, w = cells.shape
    ring = np.zeros((h + 2 * k, w + 2 * k), np.bool_)
    for i in range(h):
        for j in range(w):
            if not cells[i, j] or _inner(cells, i, j):
                continue  # only the outline's cells reach past the shape (see dilate)
            for di in range(-k, k + 1):
                rest = k - abs(di)
                for dj in range(-rest, rest + 1):
                    ring[i + k + di, j + k + dj] = True
    for i in range(h):
        for j in range(w):
            if cells[i, j]:
                ring[i + k, j + k] = False
    runs = runs_of(ring)
    runs[:, 0] -= k
    runs[:, 1] -= k
    runs[:, 2] -= k
    return runs


@_compiled
def dilate(cells, kernel):
    """The cells too close to the shape: its ink dilated by ``kernel``, padded by the kernel's
    reach on every side.

    ``kernel`` is a union of centred rectangles (odd square array), so each of its rows is one
    run of cells, and a run of ink cells stamped with a kernel row is one run too: each row's
    ink runs are stamped with each kernel row as one slice (a few per row, where stamping the
    kernel on every ink cell was thousands of small writes).
    """
    h, w = cells.shape
    kh, kw = kernel.shape
    ry, rx = kh // 2, kw // 2
    first = np.full(kh, kw, np.int64)  # each kernel row's cells, a run (centred rectangles)
    last = np.full(kh, -1, np.int64)
    for a in range(kh):
        for b in range(kw):
            if kernel[a, b]:
                first[a], last[a] = min(first[a], b), b
    out = np.zeros((h + 2 * ry, w + 2 * rx), np.bool_)
    for i in range(h):
        j = 0
        while j < w:
            if not cells[i, j]:
                j += 1
                continue
            k = j
            while k < w and cells[i, k]:
                k += 1
            for a in range(kh):  # the run [j, k) stamped with every kernel row at once
                if last[a] >= 0:
                    out[i + a, j + first[a] : k - 1 + last[a] + 1] = True
            j = k
    return out


@_compiled
def disc_grown(ink, pad, r):
    """``ink`` padded by ``pad`` pixels each side and grown by a disc of radius ``r`` (every
    pixel within ``r`` of an ink pixel, as ``distance_transform_edt(~padded) <= r`` says it,
    kept within the padded frame), in two passes over the pixels.

    Down and up each column, the distance to the column's nearest ink pixel (where it is at
    most ``r``); then along each row, each such pixel's column marks the run of pixels the disc
    reaches at that height (``x² ≤ r² − d²``, whole numbers throughout), the runs summed
    through one difference array. scipy's exact distance transform took ~25 ms for a labelled
    picture's two growths (57 icons: ~2.5 s); this, a few.
    """
    h, w = ink.shape
    tall, wide = h + 2 * pad, w + 2 * pad
    far = r + 1  # any distance beyond r
    near = np.full((tall, w), far, np.int64)
    for x in range(w):
        last = -far  # the padded row of the last ink pixel seen going down
        for y in range(tall):
            if pad <= y < pad + h and ink[y - pad, x]:
                last = y
            if y - last < far:
                near[y, x] = y - last
        last = tall + far  # going up
        for y in range(tall - 1, -1, -1):
            if pad <= y < pad + h and ink[y - pad, x]:
                last = y
            if last - y < near[y, x]:
                near[y, x] = last - y
    half = np.empty(r + 1, np.int64)  # the disc's half width d rows from its centre
    for d in range(r + 1):
        room = r * r - d * d
        k = int(math.sqrt(room))
        while (k + 1) * (k + 1) <= room:
            k += 1
        while k * k > room:
            k -= 1
        half[d] = k
    out = np.zeros((tall, wide), np.bool_)
    steps = np.zeros(wide + 1, np.int64)
    for y in range(tall):
        seen = False
        for x in range(w):
            d = near[y, x]
            if d <= r:
                centre = x + pad
                steps[max(centre - half[d], 0)] += 1
                steps[min(centre + half[d] + 1, wide)] -= 1
                seen = True
        if seen:
            covered = 0
            for x in range(wide):
                covered += steps[x]
                steps[x] = 0
                out[y, x] = covered > 0
            steps[wide] = 0
    return out


@_compiled
def add_zone(count, zone, r, c, sign):
    """Add ``sign`` (±1) to ``count`` under ``zone`` placed with its corner at (r, c), clipped.

    Every cell of the zone's box gets ``sign`` times its zone bit, with no branch per cell: the
    loop is vectorised, ~9 times faster than adding only where the zone is set."""
    g0, g1 = count.shape
    h, w = zone.shape
    step = np.int16(sign)
    j0, j1 = max(0, -c), min(w, g1 - c)
    bits = zone.view(np.uint8)
    for i in range(max(0, -r), min(h, g0 - r)):
        row, z = count[r + i, c + j0 : c + j1], bits[i, j0:j1]
        for j in range(j1 - j0):
            row[j] = row[j] + step * np.int16(z[j])


@_compiled
def refresh(fr, count, rim, pad, r0, r1, c0, c1, counts):
    """Recompute the frame's rows for grid rows ``r0`` … ``r1 - 1`` (all of the border rows when
    the range reaches the grid's edge) where grid columns ``c0`` … ``c1 - 1`` changed.

    Nothing left of a change changes, and right of it a row is looked at only up to its first
    blocked cell: from there on every last-blocked column is what it was, and every prefix sum
    is off by what the change added to the row (``counts``; a grid where no contact is scored
    leaves the prefix sums stale), added in one tight loop.
    """
    g = count.shape[0]
    f = g + 2 * pad
    lo = 0 if r0 <= 0 else r0 + pad
    hi = f if r1 >= g else r1 + pad
    j0 = 0 if c0 <= 0 else min(c0 + pad, f)
    j1 = f if c1 >= g else max(c1 + pad, j0)
    for i in range(lo, hi):
        gi = i - pad
        total = fr[0, i, j0] if j0 > 0 else 0
        last = fr[1, i, j0 - 1] if j0 > 0 else -1
        before = fr[0, i, j1]  # the prefix sum where the change ends, as it was
        fr[0, i, 0] = 0
        inside = 0 <= gi < g
        settled = f
        for j in range(j0, f):  # the border columns, and rows, are blocked
            gj = j - pad
            if not inside or gj < 0 or gj >= g or rim[gi, gj] or count[gi, gj] > 0:
                total += 1
                last = j
                if j >= j1:
                    settled = j
                    break
            if counts:
                fr[0, i, j + 1] = total
            fr[1, i, j] = last
        if settled == f:
            fr[1, i, f] = last
        elif counts:
            shift = fr[0, i, j1] - before
            if shift != 0:
                for j in range(settled + 1, f + 1):
                    fr[0, i, j] += shift


@_compiled
def _collide(fr, runs, r, c):
    """-1 when the shape's corner may go at frame cell (r, c); else the next column on row r
    worth trying: a run that meets a blocked cell meets it from every corner up to that cell's
    column minus the run's start."""
    for n in range(runs.shape[0]):
        q = fr[1, r + runs[n, 0], c + runs[n, 2] - 1]
        if q >= c + runs[n, 1]:
            return q - runs[n, 1] + 1
    return -1


@_compiled
def _free_map(fr, runs, h, w, pad, stop_at_first):
    """Which grid corners (r, c) an ``h``×``w`` shape may go at, with a border of False."""
    g = fr.shape[1] - 2 * pad
    rows, cols = g - h + 1, g - w + 1
    free = np.zeros((max(rows, 0) + 2, max(cols, 0) + 2), np.bool_)
    for r in range(rows):
        c = 0
        while c < cols:
            nxt = _collide(fr, runs, r + pad, c + pad)
            if nxt < 0:
                free[r + 1, c + 1] = True
                if stop_at_first:
                    return free
                c += 1
            else:
                c = nxt - pad
    return free


@_compiled
def any_fit(fr, runs, h, w, pad):
    """Whether an ``h``×``w`` shape fits anywhere on the grid (stops at the first place found)."""
    return _free_map(fr, runs, h, w, pad, True).any()


@_compiled
def best_corner(fr, runs, ring, ring_total, h, w, pad, noise):
    """(score, r, c) of the free corner with the most blocked cells in the ring around the shape
    (as a share of the ring, plus ``noise[r, c]``); score -1 when it fits nowhere.

    Only corners on the edge of the free region are scored (a free corner whose four neighbours
    are all free touches nothing within a cell): a few hundred rather than thousands.
    """
    free = _free_map(fr, runs, h, w, pad, False)
    best, br, bc = -1.0, -1, -1
    for r in range(free.shape[0] - 2):
        for c in range(free.shape[1] - 2):
            if not free[r + 1, c + 1] or (
                free[r, c + 1] and free[r + 2, c + 1] and free[r + 1, c] and free[r + 1, c + 2]
            ):
                continue
            hit = 0
            for n in range(ring.shape[0]):
                row = r + pad + ring[n, 0]
                hit += fr[0, row, c + pad + ring[n, 2]] - fr[0, row, c + pad + ring[n, 1]]
            score = hit / ring_total + noise[r, c]
            if score > best:
                best, br, bc = score, r, c
    return best, br, bc


@_compiled
def fits_near(fr, runs, h, w, pad, r, c, offsets):
    """The first of ``offsets`` (dr, dc) from corner (r, c) where the shape fits, as
    (r, c); (-1, -1) when none does."""
    g = fr.shape[1] - 2 * pad
    for n in range(offsets.shape[0]):
        rr, cc = r + offsets[n, 0], c + offsets[n, 1]
        if 0 <= rr <= g - h and 0 <= cc <= g - w and _collide(fr, runs, rr + pad, cc + pad) < 0:
            return rr, cc
    return -1, -1


@_compiled
def neighbours(pts, starts, window):
    """For each point (symbol i's are ``pts[starts[i]:starts[i + 1]]``, x and y in mm), a bit
    mask of the symbols with a point in or beside its cell of side ``window``: only those can
    have a point within ``window`` of it, in one compiled pass over all points at once."""
    x0, y0 = pts[:, 0].min(), pts[:, 1].min()
    m = pts.shape[0]
    kx, ky = np.empty(m, np.int64), np.empty(m, np.int64)
    for q in range(m):
        kx[q] = int(np.floor((pts[q, 0] - x0) / window)) + 1
        ky[q] = int(np.floor((pts[q, 1] - y0) / window)) + 1
    size = max(kx.max(), ky.max()) + 2
    cells = np.zeros((size, size), np.int64)
    for i in range(len(starts) - 1):
        for q in range(starts[i], starts[i + 1]):
            cells[ky[q], kx[q]] |= 1 << i
    out = np.empty(m, np.int64)
    for q in range(m):
        bits = 0
        for dy in range(-1, 2):
            for dx in range(-1, 2):
                bits |= cells[ky[q] + dy, kx[q] + dx]
        out[q] = bits
    return out


@_compiled
def pair_bounds(
    pts, starts, centres, half, beside, widest, moves, upper, lower, need, shift, coef, rhs
):
    """The linear bounds :mod:`tightening` puts on every two symbols' growth and
    shifts, stacked, from the pairs of their outline points that could come closer than the
    clearance: rows of coefficients of (t_i, t_j, dx_i, dy_i, dx_j, dy_j), the room each leaves,
    where each pair's rows start (and the end), and each pair (i, j), i < j.

    Symbol i's points (x, y in mm) are ``pts[starts[i]:starts[i + 1]]``, each with its radius
    in ``half`` (the ink under it lies within it) and in ``beside`` a bit for every symbol with a
    point near it (only those points are measured against that symbol's). ``centres`` are the
    symbols' centres, ``widest`` their largest radius, ``moves`` the most any point of theirs
    moves, ``upper`` and ``lower`` their growth's limits, ``shift`` the most a centre moves
    along x and along y, ``need`` the clearance. All pairs in one call, into one buffer: no
    call and array per pair to stack after.

    The rows are written into ``coef`` and ``rhs`` (the caller's, kept from its last call),
    doubled when full; returned whole, with the count of rows filled, for the next call.
    """
    n = centres.shape[0]
    k = 0
    at = np.zeros(n * (n - 1) // 2 + 1, np.int64)
    pairs = np.empty((n * (n - 1) // 2, 2), np.int64)
    groups = 0
    for i in range(n):
        for j in range(i + 1, n):
            mine = np.array([q for q in range(starts[i], starts[i + 1]) if beside[q] >> j & 1])
            theirs = np.array([q for q in range(starts[j], starts[j + 1]) if beside[q] >> i & 1])
            if len(mine) == 0 or len(theirs) == 0:
                continue
            window = need + widest[i] + widest[j] + moves[i] + moves[j]
            before = k
            coef, rhs, k = _pair_rows(
                pts[mine],
                centres[i],
                half[mine],
                pts[theirs],
                centres[j],
                half[theirs],
                window,
                need,
                max(upper[i], upper[j]),
                max(-lower[i], -lower[j]),
                shift,
                coef,
                rhs,
                k,
            )
            if k > before:
                pairs[groups, 0], pairs[groups, 1] = i, j
                groups += 1
                at[groups] = k
    return coef, rhs, k, at[: groups + 1].copy(), pairs[:groups].copy()


@_compiled
def _pair_rows(a, ca, ha, b, cb, hb, window, need, grow, shrink, shift, coef, rhs, k):
    """Add to ``coef`` and ``rhs`` (from row ``k`` on, doubling them when full) the bounds from
    the pairs of outline points (``a`` of one symbol, ``b`` of the other) closer than
    ``window``; the two and how many rows are filled. ``ca``, ``cb`` are the centres, ``ha``,
    ``hb`` each point's radius; t is between -``shrink`` and ``grow`` and each shift at most
    ``shift`` along x and y, so a bound whose left side can never reach its room is left out
    (about half of them).

    The points of ``b`` are sorted into square buckets of side ``window / 2``: a point of ``a``
    is measured only against those of the 25 buckets around it that come within the window
    (nine buckets of side ``window`` cover nearly three times the window's area). The
    rows are written in the same pass that finds them (counting them first, then filling them,
    measured every pair twice)."""
    w2 = window * window
    far2 = (window + 1e-6) ** 2  # a bucket this far is skipped: a hair more, against rounding
    side = window / 2
    x0, y0 = b[:, 0].min(), b[:, 1].min()
    nx = int((b[:, 0].max() - x0) / side) + 1
    ny = int((b[:, 1].max() - y0) / side) + 1
    key = np.empty(b.shape[0], np.int64)
    starts = np.zeros(nx * ny + 1, np.int64)
    for j in range(b.shape[0]):
        key[j] = int((b[j, 1] - y0) / side) * nx + int((b[j, 0] - x0) / side)
        starts[key[j] + 1] += 1
    for q in range(nx * ny):
        starts[q + 1] += starts[q]
    order = np.empty(b.shape[0], np.int64)
    fill = starts[:-1].copy()
    for j in range(b.shape[0]):
        order[fill[key[j]]] = j
        fill[key[j]] += 1
    for i in range(a.shape[0]):
        px, py = a[i, 0] - x0, a[i, 1] - y0
        gx, gy = int(np.floor(px / side)), int(np.floor(py / side))
        for cy in range(max(gy - 2, 0), min(gy + 3, ny)):
            ey = max(cy * side - py, py - (cy + 1) * side, 0.0)  # to the bucket's rows
            for cx in range(max(gx - 2, 0), min(gx + 3, nx)):
                ex = max(cx * side - px, px - (cx + 1) * side, 0.0)
                if ex * ex + ey * ey >= far2:  # no point of this bucket is within the window
                    continue
                cell = cy * nx + cx
                for m in range(starts[cell], starts[cell + 1]):
                    j = order[m]
                    dx, dy = a[i, 0] - b[j, 0], a[i, 1] - b[j, 1]
                    d2 = dx * dx + dy * dy
                    if d2 >= w2:
                        continue
                    d = max(np.sqrt(d2), 1e-12)
                    ux, uy = dx / d, dy / d
                    ta = ha[i] - (a[i, 0] - ca[0]) * ux - (a[i, 1] - ca[1]) * uy
                    tb = hb[j] + (b[j, 0] - cb[0]) * ux + (b[j, 1] - cb[1]) * uy
                    room = d - need - ha[i] - hb[j]
                    top = (
                        grow * (max(ta, 0.0) + max(tb, 0.0))
                        + shrink * (max(-ta, 0.0) + max(-tb, 0.0))
                        + 2 * shift * (abs(ux) + abs(uy))
                    )
                    if room >= top:
                        continue
                    if k == coef.shape[0]:
                        more, extra = np.empty((2 * k, 6)), np.empty(2 * k)
                        more[:k], extra[:k] = coef, rhs
                        coef, rhs = more, extra
                    coef[k, 0], coef[k, 1], coef[k, 2], coef[k, 3] = ta, tb, -ux, -uy
                    coef[k, 4], coef[k, 5], rhs[k] = ux, uy, room
                    k += 1
    return coef, rhs, k


@_compiled
def most_violated(coef, rhs, starts, xs):
    """For each group of rows ``starts[g]`` … ``starts[g + 1] - 1`` of the bounds coef·x ≤ rhs,
    with that group's unknowns ``xs[g]``: the row violated most and by how much (coef·x − rhs),
    in one pass over the rows (a card's tightening has tens of thousands)."""
    groups = xs.shape[0]
    row = np.empty(groups, np.int64)
    worst = np.empty(groups)
    for g in range(groups):
        best, at = -np.inf, starts[g]
        for r in range(starts[g], starts[g + 1]):
            over = -rhs[r]
            for k in range(coef.shape[1]):
                over += coef[r, k] * xs[g, k]
            if over > best:
                best, at = over, r
        row[g], worst[g] = at, best
    return row, worst


@_compiled
def outline_mm(ink, row0, col0, ppmm, radius):
    """(x, y) mm of the ink pixels on the edge of a card sample's ink, row by row as numpy's
    ``nonzero`` finds them (see :func:`metrics._outline`): an ink pixel is on the edge unless
    its four neighbours are ink. The sample's first pixel is at row ``row0`` and column ``col0``
    of the card's grid of ``ppmm`` pixels a mm, whose centre is ``radius`` mm from its corner.
    Written into rows for twice the sample's perimeter, doubled when full, as
    :func:`outline_boxes` is."""
    h, w = ink.shape
    out = np.empty((2 * (h + w), 2))
    n = 0
    for r in range(h):
        for c in range(w):
            if not ink[r, c] or _inner(ink, r, c):
                continue
            if n == out.shape[0]:
                out = _grown(out, n)
            out[n, 0] = (c + col0 + 0.5) / ppmm - radius
            out[n, 1] = (r + row0 + 0.5) / ppmm - radius
            n += 1
    return out[:n].copy()


@_compiled
def least_squared(a, b, least):
    """The smallest squared distance between a point of ``a`` and one of ``b`` (rows of x, y,
    mm), or ``least`` when none is smaller (see :func:`metrics._nearest`): every pair, at once,
    without the pairs' differences numpy stores for each chunk of points."""
    for i in range(a.shape[0]):
        ax, ay = a[i, 0], a[i, 1]
        for j in range(b.shape[0]):
            dx, dy = ax - b[j, 0], ay - b[j, 1]
            d = dx * dx + dy * dy
            if d < least:
                least = d
    return least
