"""Card shapes: geometry, the packer's safe area, tiled sheets, drawing, report and golden pages.

Layouts use the real packer on the small hand-made deck of ``test_render`` (7 cards of 3), so
these stay fast; sheets are measured from the PDF's own drawings (PyMuPDF).
"""

from __future__ import annotations

import math

import numpy as np
import pymupdf
import pytest
from PIL import Image

from dobble_print.card import CardShape, ShapeKind
from dobble_print.deck.plane import build_deck
from dobble_print.layout.deck_layout import layout_deck
from dobble_print.layout.metrics import measure_deck
from dobble_print.layout.packing import SAFETY, make_board
from dobble_print.pipeline.report import build_report
from dobble_print.printing.imposition import plan_sheets
from dobble_print.printing.paper import PAPERS
from dobble_print.printing.pdf.deck import render_pdf
from dobble_print.printing.sheet import HAIRLINE, Duplex
from tests.printing.test_pdf import LAYOUTS, SYMBOLS, _back
from tests.support.goldens import GOLDEN, assert_golden

MM_PER_PT = 25.4 / 72.0
SHAPES = [ShapeKind.HEXAGON, ShapeKind.SQUARE, ShapeKind.ROUNDED]


def _polygon_area(points) -> float:
    x, y = np.array(points).T
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


# --- geometry -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "size", "half", "diameter", "area"),
    [
        (ShapeKind.CIRCLE, 85.0, (42.5, 42.5), 85.0, math.pi * 42.5**2),
        (ShapeKind.HEXAGON, 70.0, (35.0, 70 / math.sqrt(3)), 140 / math.sqrt(3), 4243.52),
        (ShapeKind.SQUARE, 60.0, (30.0, 30.0), 60 * math.sqrt(2), 3600.0),
        (ShapeKind.ROUNDED, 60.0, (30.0, 30.0), 60 * math.sqrt(2), 3600 - (4 - math.pi) * 4.8**2),
    ],
)
def test_shape_table(kind, size, half, diameter, area):
    shape = CardShape(kind, size)
    assert shape.half_extent == pytest.approx(half)
    assert shape.diameter == pytest.approx(diameter)
    assert shape.area() == pytest.approx(area, rel=1e-4)
    assert _polygon_area(shape.outline()) == pytest.approx(area, rel=2e-3)  # outline agrees
    assert shape.depth(0.0, 0.0) == pytest.approx(size / 2)


@pytest.mark.parametrize("kind", list(ShapeKind))
@pytest.mark.parametrize("inset", [0.0, 3.0, 5.0])
def test_depth_is_zero_on_the_shrunk_outline_and_the_area_matches(kind, inset):
    shape = CardShape(kind, 80.0)
    x, y = np.array(shape.outline(-inset)).T
    assert np.abs(shape.depth(x, y, inset)).max() < 0.02
    assert (shape.depth(1.01 * x, 1.01 * y, inset) < 0).all()
    assert _polygon_area(shape.outline(-inset)) == pytest.approx(shape.area(inset), rel=2e-3)


@pytest.mark.parametrize("kind", SHAPES)
def test_board_rim_is_the_outside_of_the_safe_area(kind):
    shape = CardShape(kind, 85.0)
    half = max(shape.half_extent) - 3.0
    board = make_board(half, 1.0, depth=lambda x, y: shape.depth(x, y, 3.0))
    edges = (np.arange(board.size + 1) - board.size / 2) * board.cell
    d = shape.depth(edges[None, :], edges[:, None], 3.0)
    free = ~board.rim
    for dr, dc in ((0, 0), (0, 1), (1, 0), (1, 1)):  # every corner of every free cell is inside
        corner = d[dr : dr + board.size, dc : dc + board.size]
        assert (corner[free] >= SAFETY - 1e-9).all()
    # and little is wasted: the free cells cover nearly the whole safe area
    assert free.sum() * board.cell**2 == pytest.approx(shape.area(3.0), rel=0.04)


# --- layout into the shape --------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(ShapeKind))
def test_layout_keeps_ink_inside_the_safe_area_of_each_shape(kind):
    shape = CardShape(kind, 85.0)
    deck = build_deck(3)
    layouts = layout_deck(deck, SYMBOLS, card=shape, seed=2, workers=1)
    measured = measure_deck(layouts, SYMBOLS, shape=shape)
    assert measured.deck.edge >= 3.0 - 0.15  # safe margin, within the metric's 1/8 mm sampling
    assert measured.deck.clearance >= 1.0 - 0.2
    assert measured.deck.coverage_mean > 0.2


def test_square_layout_uses_the_corners():
    """Symbols reach past the circle inscribed in the square: the packer fills the corners."""
    shape = CardShape(ShapeKind.SQUARE, 85.0)
    layouts = layout_deck(build_deck(3), SYMBOLS, card=shape, seed=2, workers=1)
    reach = max(math.hypot(*p.center) + p.height / 2 for lay in layouts for p in lay.placements)
    assert reach > 42.5 - 3.0


# --- sheets -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "size", "paper", "per_sheet"),
    [
        (ShapeKind.SQUARE, 85.0, "a4", 6),
        (ShapeKind.SQUARE, 63.0, "a4", 12),
        (ShapeKind.SQUARE, 70.0, "letter", 6),
        (ShapeKind.ROUNDED, 85.0, "a4", 6),
        (ShapeKind.HEXAGON, 85.0, "a4", 5),
        (ShapeKind.HEXAGON, 70.0, "a4", 8),
        (ShapeKind.HEXAGON, 63.0, "letter", 10),
    ],
)
def test_tiles_per_sheet(kind, size, paper, per_sheet):
    plan = plan_sheets(57, paper=PAPERS[paper], card=CardShape(kind, size))
    assert plan.per_sheet == per_sheet
    assert plan.sheet_count == math.ceil(57 / per_sheet)


@pytest.mark.parametrize("kind", SHAPES)
@pytest.mark.parametrize("bleed", [0.0, 2.0])
def test_tiles_share_edges_never_overlap_and_stay_in_the_margin(kind, bleed):
    shape = CardShape(kind, 70.0)
    paper = PAPERS["a4"]
    plan = plan_sheets(8, paper=paper, card=shape, bleed=bleed, duplex=Duplex.LONG)
    centres = [s.center for s in plan.slots if s.sheet == 0]
    hw, hh = shape.half_extent
    reach = max(bleed, plan.back_bleed)
    for x, y in centres:
        assert 5 <= x - hw - reach and x + hw + reach <= paper.width - 5
        assert 5 <= y - hh - reach and y + hh + reach <= paper.height - 5
    nearest = [min(math.dist(a, b) for b in centres if b != a) for a in centres]
    assert min(nearest) == pytest.approx(70.0, abs=1e-6)  # neighbours touch, edge to edge
    for slot in plan.slots:  # backs mirrored for a long-edge flip
        assert slot.back_center == pytest.approx((paper.width - slot.center[0], slot.center[1]))


def _render(tmp_path, kind, *, paper="a4", size=85.0, **kw):
    shape = CardShape(kind, size)
    plan = plan_sheets(
        len(LAYOUTS),
        paper=PAPERS[paper],
        card=shape,
        duplex=Duplex.LONG,
        bleed=kw.pop("bleed", 0.0),
    )
    pdf = tmp_path / f"{kind.value}.pdf"
    render_pdf(pdf, symbols=SYMBOLS, layouts=LAYOUTS, plan=plan, back=_back(size), **kw)
    return pdf, plan


def _lines(page):
    h = page.rect.height
    return [
        ((a.x * MM_PER_PT, (h - a.y) * MM_PER_PT), (b.x * MM_PER_PT, (h - b.y) * MM_PER_PT))
        for d in page.get_drawings()
        if d["type"] == "s"
        for item in d["items"]
        if item[0] == "l"
        for a, b in [item[1:3]]
    ]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_squares_give_continuous_cut_lines_across_the_sheet(tmp_path, paper):
    pdf, plan = _render(tmp_path, ShapeKind.SQUARE, paper=paper)
    page = pymupdf.open(pdf)[0]
    lines = _lines(page)
    w, h, m = plan.paper.width, plan.paper.height, plan.margin
    vertical = sorted(round(a[0], 2) for a, b in lines if abs(a[0] - b[0]) < 1e-6)
    horizontal = sorted(round(a[1], 2) for a, b in lines if abs(a[1] - b[1]) < 1e-6)
    assert len(vertical) + len(horizontal) == len(lines)
    for a, b in lines:  # each one stroke from printable edge to printable edge
        span = (abs(b[1] - a[1]), h) if abs(a[0] - b[0]) < 1e-6 else (abs(b[0] - a[0]), w)
        assert span[0] == pytest.approx(span[1] - 2 * (m + HAIRLINE), abs=0.01)
    xs = sorted({c[0] for s in plan.slots if s.sheet == 0 for c in [s.center]})
    ys = sorted({c[1] for s in plan.slots if s.sheet == 0 for c in [s.center]})
    assert len(vertical) == len(xs) + 1 and len(horizontal) == len(ys) + 1  # shared: n + 1 cuts
    for x in xs:  # every card edge is on a cut line
        assert min(abs(x - 42.5 - v) for v in vertical) < 0.01
        assert min(abs(x + 42.5 - v) for v in vertical) < 0.01


def test_hexagon_outlines_and_no_guides_on_backs(tmp_path):
    pdf, plan = _render(tmp_path, ShapeKind.HEXAGON, size=70.0)
    doc = pymupdf.open(pdf)
    strokes = [d for d in doc[0].get_drawings() if d["type"] == "s"]
    assert len(strokes) == len([s for s in plan.slots if s.sheet == 0]) == 7
    for d in strokes:
        assert [i[0] for i in d["items"]] == ["l"] * 6
        assert d["rect"].width * MM_PER_PT == pytest.approx(70.0, abs=0.05)
    assert not [d for d in doc[1].get_drawings() if d["type"] == "s"]


def test_report_names_the_shape_and_keeps_a_diameter():
    shape = CardShape(ShapeKind.HEXAGON, 70.0)
    plan = plan_sheets(7, paper=PAPERS["a4"], card=shape)
    report = build_report(seed=1, symbols_per_card=3, symbols=SYMBOLS, layouts=LAYOUTS, plan=plan)
    assert report["card"] == {"shape": "hexagon", "size_mm": 70.0, "diameter_mm": 80.829}
    round_plan = plan_sheets(7, paper=PAPERS["a4"], card=CardShape(size=85.0))
    assert build_report(
        seed=1, symbols_per_card=3, symbols=SYMBOLS, layouts=LAYOUTS, plan=round_plan
    )["card"] == {"shape": "circle", "diameter_mm": 85.0}


# --- golden pictures ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", SHAPES)
def test_golden_shape_sheets(tmp_path, kind):
    """Front and back of the first sheet, cream cards with 2 mm bleed, side by side."""
    pdf, _ = _render(tmp_path, kind, size=70.0, bleed=2.0, card_color=(1.0, 0.95, 0.82))
    doc = pymupdf.open(pdf)
    pages = []
    for n in (0, 1):
        pix = doc[n].get_pixmap(dpi=30)
        pages.append(np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n))
    got = np.concatenate([p[..., :3] for p in pages], axis=1)
    assert_golden(got, f"shape_{kind.value}.png")


def test_golden_shape_comparison_can_fail(tmp_path):
    pdf, _ = _render(tmp_path, ShapeKind.SQUARE, size=70.0, bleed=2.0, card_color=(1.0, 0.95, 0.82))
    pix = pymupdf.open(pdf)[0].get_pixmap(dpi=30)
    got = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)[..., :3]
    hexagon = np.asarray(Image.open(GOLDEN / "shape_hexagon.png").convert("RGB"))[:, : pix.width]
    diff = np.abs(hexagon.astype(np.int16) - got.astype(np.int16)).max(axis=2)
    assert diff.mean() >= 1.5 or (diff > 64).mean() >= 0.002


# --- packing shapes through pickle --------------------------------------------------------------


def _blob_rgba(w: int, h: int, seed: int) -> np.ndarray:
    """A w×h picture: an ellipse with a hole, ragged alpha and a stray speck (seeded)."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:h, 0:w]
    r = ((xx - w / 2) / (w / 2.2)) ** 2 + ((yy - h / 2) / (h / 2.4)) ** 2
    rgba = rng.integers(0, 256, (h, w, 4), dtype=np.uint8)
    rgba[..., 3] = np.where((r <= 1) & (r >= 0.15), 255, rng.integers(0, 128, (h, w)))
    rgba[h // 5, w - 2, 3] = 200  # ink outside the ellipse, near the edge
    return rgba


PICKLE_CASES = {
    "odd 37x53": (_blob_rgba(37, 53, 1), "image"),
    "wide 2100x300 (k=3)": (_blob_rgba(2100, 300, 2), "image"),
    "tall 301x1777 (k=2)": (_blob_rgba(301, 1777, 3), "image"),
    "1x1": (_blob_rgba(1, 1, 4), "image"),
    "all transparent 20x9": (np.zeros((9, 20, 4), np.uint8), "image"),
    "faint only 40x41": (_blob_rgba(40, 41, 5) // 2, "image"),  # alpha < 128 everywhere
    "word 215x61": (_blob_rgba(215, 61, 6), "word"),
}


@pytest.mark.parametrize("name", list(PICKLE_CASES))
def test_packing_shape_survives_pickle_field_by_field(name):
    """Packing workers receive shapes by pickle, which sends only the finest level's bits and
    rebuilds the rest: every level, table, factor and figure must come back identical, or a
    worker would pack against a different shape than the one the main process measured."""
    import pickle

    from dobble_print.layout.masks import PYRAMID_PX, shape_of

    rgba, kind = PICKLE_CASES[name]
    shape = shape_of(rgba, kind)
    h, w = rgba.shape[:2]
    assert shape.factors[0] == math.ceil(max(w, h) / PYRAMID_PX)  # the cases cover k = 1, 2, 3
    back = pickle.loads(pickle.dumps(shape))
    assert type(back) is type(shape)
    assert back.level_sizes == shape.level_sizes
    levels = range(len(shape.level_sizes))
    back_arrays = [back.level(i) for i in levels] + [back.table(i) for i in levels]
    arrays = [shape.level(i) for i in levels] + [shape.table(i) for i in levels]
    for got, want in zip(back_arrays, arrays, strict=True):
        assert got.dtype == want.dtype and got.shape == want.shape
        assert np.array_equal(got, want)
    assert back.factors == shape.factors
    assert back.pixels == shape.pixels == (w, h)
    assert back.ink_fraction == shape.ink_fraction  # exactly, not approximately
    assert back.kind == shape.kind == kind


def test_packing_shape_pickles_small():
    """Pickling as packed bits is the point of ``Shape.__reduce__`` (28 MB -> 0.5 MB for a deck):
    a shape must pickle to well under an eighth of its arrays' bytes."""
    import pickle

    from dobble_print.layout.masks import shape_of

    for rgba, kind in PICKLE_CASES.values():
        shape = shape_of(rgba, kind)
        levels = range(len(shape.level_sizes))
        arrays = sum(shape.level(i).nbytes + shape.table(i).nbytes for i in levels)
        if arrays < 4096:
            continue  # tiny pictures: pickle's fixed overhead dominates
        assert len(pickle.dumps(shape)) < arrays / 8, shape.pixels
