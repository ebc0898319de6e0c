"""The PDF as printed: measured from its own vector drawings (PyMuPDF), checked by qpdf
(pikepdf), and compared page by page with stored pictures.

The fixture deck is hand-made (synthetic pictures, fixed placements) so that these tests do not
move when the layout packer changes. Re-store the golden pictures with ``DOBBLE_STORE_GOLDEN=1``
after a deliberate change, and look at them before committing.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import math
from pathlib import Path

import numpy as np
import pikepdf
import pymupdf
import pytest
from PIL import Image

from dobble_print.card import CardLayout, CardShape, Placement
from dobble_print.deck.plane import build_deck
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.printing.backs import default_back, load_back
from dobble_print.printing.cover import DeckFacts, cover_page_count, plan_cover
from dobble_print.printing.imposition import plan_sheets
from dobble_print.printing.paper import PAPERS
from dobble_print.printing.pdf.deck import render_pdf
from dobble_print.printing.sheet import Duplex
from dobble_print.symbols.loading import Symbol
from dobble_print.symbols.pixels import Pixels
from tests.conftest import ICONS
from tests.support.goldens import GOLDEN, assert_golden, page_pixels

MM_PER_PT = 25.4 / 72.0
NAMES = ["sun", "moon", "tree", "ring", "kite", "cross", "drop"]


def _picture(i: int) -> np.ndarray:
    """Seven distinct flat shapes, one colour each."""
    yy, xx = np.mgrid[0:96, 0:96] / 47.5 - 1.0
    r = np.hypot(xx, yy)
    shape = [
        r <= 1,
        (r <= 1) & (np.hypot(xx - 0.4, yy + 0.3) > 0.8),
        (yy > -0.9) & (np.abs(xx) < (yy + 0.9) / 1.9),
        (r <= 1) & (r >= 0.55),
        np.abs(xx) + np.abs(yy) <= 1,
        (np.abs(xx) < 0.3) | (np.abs(yy) < 0.3),
        (r <= 0.7) | ((yy < 0) & (np.abs(xx) < -yy * 0.6)),
    ][i]
    colours = [
        (230, 160, 0),
        (70, 70, 160),
        (40, 140, 60),
        (200, 40, 40),
        (150, 60, 170),
        (20, 150, 170),
        (30, 100, 220),
    ]
    rgba = np.zeros((96, 96, 4), np.uint8)
    rgba[shape] = (*colours[i], 255)
    return rgba


SYMBOLS = tuple(Symbol(NAMES[i], f"{NAMES[i]}.png", Pixels.of(_picture(i))) for i in range(7))
SLOTS = [((-15.0, 13.0), 0.0), ((15.0, 13.0), 25.0), ((0.0, -17.0), 60.0)]
LAYOUTS = tuple(
    CardLayout(
        tuple(Placement(s, xy, 26.0, 26.0, rot) for s, (xy, rot) in zip(card, SLOTS, strict=True))
    )
    for card in build_deck(3).cards
)


@functools.cache
def _back(card: float) -> np.ndarray:
    return load_back(default_back(), diameter=card + 4)


def render(tmp: Path, *, paper="a4", card=85.0, duplex=Duplex.LONG, cover=True, **kw) -> tuple:
    """The hand-made deck rendered straight from fixed placements; returns (pdf, plan)."""
    paper = PAPERS[paper]
    pages = cover_page_count(len(SYMBOLS), paper, 5.0) if cover else 0
    plan_kw = {k: kw.pop(k) for k in ("bleed", "cut_circle", "ticks", "back_offset") if k in kw}
    plan = plan_sheets(
        len(LAYOUTS),
        paper=paper,
        card=CardShape(size=card),
        duplex=duplex,
        cover_pages=pages,
        **plan_kw,
    )
    covers = plan_cover(NAMES, DeckFacts(3, 7, 7, 1234), plan) if cover else ()
    back = _back(card) if duplex else None
    pdf = tmp / f"deck-{paper.name}-{card:g}-{duplex and duplex.value}.pdf"
    render_pdf(pdf, symbols=SYMBOLS, layouts=LAYOUTS, plan=plan, cover=covers, back=back, **kw)
    return pdf, plan


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    return render(tmp_path_factory.mktemp("render"))


def _mm(page, x: float, y: float) -> tuple[float, float]:
    """PyMuPDF's top-left points → our bottom-left millimetres."""
    return x * MM_PER_PT, (page.rect.height - y) * MM_PER_PT


def _circles(page, kind: str) -> list[tuple[float, float, float]]:
    """(x, y, diameter) mm of every drawn circle: ``s`` stroked, ``f`` filled."""
    out = []
    for d in page.get_drawings():
        if d["type"] == kind and [i[0] for i in d["items"]] == ["c"] * 4:
            r = d["rect"]
            assert r.width == pytest.approx(r.height, abs=1e-3)
            out.append((*_mm(page, (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2), r.width * MM_PER_PT))
    return out


def _lines(page) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [
        (_mm(page, *item[1]), _mm(page, *item[2]))
        for d in page.get_drawings()
        for item in d["items"]
        if item[0] == "l"
    ]


def _ink_boxes(page) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) mm of every drawing (with its line width), picture and text line."""
    boxes = []
    for d in page.get_drawings():
        r, half = d["rect"], (d.get("width") or 0) / 2
        boxes.append((r.x0 - half, r.y0 - half, r.x1 + half, r.y1 + half))
    boxes += [info["bbox"] for info in page.get_image_info()]
    for block in page.get_text("dict")["blocks"]:
        boxes += [line["bbox"] for line in block.get("lines", [])]
    out = []
    for x0, y0, x1, y1 in boxes:
        (a, b), (c, d) = _mm(page, x0, y1), _mm(page, x1, y0)
        out.append((a, b, c, d))
    return out


def _pages(doc, plan, kind):
    return [(doc[n], p.sheet) for n, p in enumerate(plan.pages) if p.kind == kind]


def _slots(plan, sheet):
    return [s for s in plan.slots if s.sheet == sheet]


# --- cut guides -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paper", "card"),
    [("a4", 85.0), ("letter", 85.0), ("a4", 75.0), ("letter", 63.0), ("a3", 85.0)],
)
def test_every_cut_circle_has_the_card_size_at_its_centre(tmp_path, paper, card):
    pdf, plan = render(tmp_path, paper=paper, card=card, duplex=None, cover=False)
    doc = pymupdf.open(pdf)
    for page, sheet in _pages(doc, plan, "front"):
        found = sorted(_circles(page, "s"))
        want = sorted(s.center for s in _slots(plan, sheet))
        assert len(found) == len(want)
        for (x, y, d), (cx, cy) in zip(found, want, strict=True):
            assert abs(d - card) <= 0.1 and math.dist((x, y), (cx, cy)) <= 0.1


def test_guides_are_grey_hairlines_with_ticks_at_the_compass_points(deck):
    pdf, plan = deck
    page = pymupdf.open(pdf)[plan.page_number("front", 0) - 1]
    strokes = [d for d in page.get_drawings() if d["type"] == "s"]
    assert strokes and all(0.25 <= d["width"] <= 0.4 for d in strokes)
    assert all(
        max(d["color"]) - min(d["color"]) < 0.01 and 0.3 < d["color"][0] < 0.7 for d in strokes
    )
    r = plan.card.size / 2
    for a, b in _lines(page):
        card = min(_slots(plan, 0), key=lambda s: math.dist(s.center, a))
        da, db = math.dist(a, card.center), math.dist(b, card.center)
        assert r < da < db <= r + 1 + 4 + 0.01  # outward, short
        dx, dy = a[0] - card.center[0], a[1] - card.center[1]
        assert min(abs(dx), abs(dy)) < 0.01  # at a compass point
    assert len(_lines(page)) == sum(len(s.ticks) for s in _slots(plan, 0)) >= 18


@pytest.mark.parametrize(("circle", "ticks"), [(True, False), (False, True), (False, False)])
def test_cut_guides_can_be_chosen(tmp_path, circle, ticks):
    pdf, plan = render(tmp_path, duplex=None, cover=False, cut_circle=circle, ticks=ticks)
    page = pymupdf.open(pdf)[0]
    assert bool(_circles(page, "s")) is circle
    assert bool(_lines(page)) is ticks


def test_no_card_touches_another_cards_cut_circle(deck):
    pdf, plan = deck
    doc = pymupdf.open(pdf)
    r = plan.card.size / 2
    for kind in ("front", "back"):
        for page, sheet in _pages(doc, plan, kind):
            centres = [s.center if kind == "front" else s.back_center for s in _slots(plan, sheet)]
            for x0, y0, x1, y1 in _ink_boxes(page):
                mid = ((x0 + x1) / 2, (y0 + y1) / 2)
                own = min(centres, key=lambda c: math.dist(c, mid))
                for other in centres:
                    if other is not own:  # the nearest point of the box to that centre
                        near = (min(max(other[0], x0), x1), min(max(other[1], y0), y1))
                        assert math.dist(near, other) > r + 0.5


# --- margins ----------------------------------------------------------------------------------


def test_all_ink_lies_inside_the_printable_margin(deck):
    pdf, plan = deck
    doc = pymupdf.open(pdf)
    w, h, m = plan.paper.width, plan.paper.height, plan.margin
    for n, page in enumerate(doc):
        for x0, y0, x1, y1 in _ink_boxes(page):
            if plan.pages[n].kind == "back" and page.get_image_info():
                pass  # back pictures are clipped to their disc; the disc is checked below
            else:
                assert m <= x0 and x1 <= w - m and m <= y0 and y1 <= h - m, (n, x0, y0, x1, y1)
        for x, y, d in _circles(page, "f") + _circles(page, "s"):
            assert m <= x - d / 2 and x + d / 2 <= w - m and m <= y - d / 2 and y + d / 2 <= h - m
        # and as printed: nothing but white in the margin band
        pix = page.get_pixmap(dpi=72, colorspace=pymupdf.csGRAY)
        img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width)
        band = math.floor(m / 25.4 * 72) - 1
        assert img[:band].min() == img[-band:].min() == 255
        assert img[:, :band].min() == img[:, -band:].min() == 255


# --- backs ----------------------------------------------------------------------------------


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
@pytest.mark.parametrize(("paper", "card"), [("a4", 85.0), ("a4", 75.0), ("letter", 85.0)])
def test_each_back_is_exactly_behind_its_front(tmp_path, duplex, paper, card):
    pdf, plan = render(tmp_path, paper=paper, card=card, duplex=duplex, cover=False)
    doc = pymupdf.open(pdf)
    w, h = plan.paper.width, plan.paper.height
    for page, sheet in _pages(doc, plan, "back"):
        front = doc[plan.page_number("front", sheet) - 1]
        fronts = sorted(_circles(front, "s"))
        backs = _circles(page, "f")
        assert len(backs) == len(fronts)
        for fx, fy, _ in fronts:
            want = (w - fx, fy) if duplex is Duplex.LONG else (fx, h - fy)
            x, y, d = min(backs, key=lambda b: math.dist(b[:2], want))
            assert math.dist((x, y), want) <= 0.05
            assert d >= card + 2 * 1.5  # runs at least 1.5 mm past the cut line
        assert not [d for d in page.get_drawings() if d["type"] != "f"]  # no guides on backs
        images = page.get_image_info()
        assert len(images) == len(backs)
        for info in images:  # each picture covers its disc, centred on it
            x0, y0, x1, y1 = info["bbox"]
            centre = _mm(page, (x0 + x1) / 2, (y0 + y1) / 2)
            assert min(math.dist(centre, b[:2]) for b in backs) <= 0.05


def test_back_offset_moves_every_back(tmp_path):
    pdf, plan = render(tmp_path, duplex=Duplex.LONG, cover=False, back_offset=(1.5, -1.0))
    page = pymupdf.open(pdf)[1]
    for slot in _slots(plan, 0):
        want = (210 - slot.center[0] + 1.5, slot.center[1] - 1.0)
        assert min(math.dist(b[:2], want) for b in _circles(page, "f")) <= 0.05


def test_card_colour_runs_into_the_bleed(tmp_path):
    pdf, plan = render(tmp_path, duplex=None, cover=False, bleed=2.0, card_color=(1.0, 0.9, 0.6))
    page = pymupdf.open(pdf)[0]
    fills = [d for d in page.get_drawings() if d["type"] == "f"]
    assert len(fills) == 6
    assert all(d["fill"] == pytest.approx((1.0, 0.9, 0.6), abs=0.01) for d in fills)
    assert all(abs(d["rect"].width * MM_PER_PT - 89.0) <= 0.1 for d in fills)


# --- the cover --------------------------------------------------------------------------------


def test_cover_ruler_square_and_words(deck):
    pdf, plan = deck
    page = pymupdf.open(pdf)[0]
    lines = _lines(page)
    longest = max(math.dist(a, b) for a, b in lines)
    assert longest == pytest.approx(100.0, abs=0.05)  # the ruler
    ticks = [ln for ln in lines if abs(ln[0][0] - ln[1][0]) < 1e-6]
    assert len(ticks) == 101
    rects = [d["rect"] for d in page.get_drawings() if d["items"][0][0] == "re"]
    assert [(round(r.width * MM_PER_PT, 2), round(r.height * MM_PER_PT, 2)) for r in rects] == [
        (50.0, 50.0)
    ]
    text = page.get_text()
    for words in (
        "100 %",
        "Actual size",
        "flip on long edge",
        "3 symbols per card",
        "7 cards",
        "7 symbols",
        "seed 1234",
        "Answer key",
        *NAMES,
    ):
        assert words in text
    assert len(page.get_image_info()) == 7  # the legend: every symbol once


def test_cover_without_backs_says_one_sided(tmp_path):
    pdf, _ = render(tmp_path, duplex=None)
    text = pymupdf.open(pdf)[0].get_text()
    assert "one-sided" in text and "flip" not in text


def test_the_german_cover_says_ihr_to_the_grown_up_who_prints():
    """The cover is read by the parent or teacher, so German says "Ihr" there as in every other
    adult-facing text; only the rules sheet says "du" to the children."""
    paper = PAPERS["a4"]
    plan = plan_sheets(
        len(LAYOUTS),
        paper=paper,
        card=CardShape(size=85.0),
        cover_pages=cover_page_count(len(SYMBOLS), paper, 5.0),
    )
    heading = plan_cover(NAMES, DeckFacts(3, 7, 7, 1234, lang="de"), plan)[0].texts[0]
    assert heading.text == "Ihr Dobble-Spiel"


# --- PDF hygiene ------------------------------------------------------------------------------


def test_pdf_is_clean_for_qpdf(deck):
    pdf, _ = deck
    with pikepdf.open(pdf) as doc:
        assert doc.check_pdf_syntax() == []
        for obj in doc.objects:
            if isinstance(obj, pikepdf.Stream):
                obj.read_bytes()  # every stream decodes
        assert doc.pdf_version >= "1.4"
        prefs = doc.Root.ViewerPreferences
        assert prefs.PrintScaling == pikepdf.Name("/None")
        assert prefs.Duplex == pikepdf.Name.DuplexFlipLongEdge
        info = doc.docinfo
        assert str(info.Title) and str(info.Subject) and str(info.Creator) == "dobble-print"


def test_every_font_is_embedded(deck):
    pdf, _ = deck
    doc = pymupdf.open(pdf)
    fonts = {f[:4] for page in doc for f in page.get_fonts(full=True)}
    assert fonts and all(ext != "n/a" for _, ext, _, _ in fonts)  # n/a: not embedded
    with pikepdf.open(pdf) as pk:
        for obj in pk.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.Font:
                if obj.get("/Subtype") == pikepdf.Name.Type0:
                    continue  # its descendant font carries the descriptor
                descriptor = obj.FontDescriptor
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_each_picture_is_stored_once(deck):
    pdf, _ = deck
    with pikepdf.open(pdf) as doc:
        images = [
            o
            for o in doc.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == pikepdf.Name.Image
        ]
        masks = {o.SMask.objgen for o in images if "/SMask" in o}
        pictures = [o for o in images if o.objgen not in masks]  # an opaque one has no mask
        assert len(pictures) == len(SYMBOLS) + 1  # the symbols and the back


def test_same_input_same_bytes(tmp_path):
    a, _ = render(tmp_path / "a" if (tmp_path / "a").mkdir() is None else tmp_path)
    b, _ = render(tmp_path / "b" if (tmp_path / "b").mkdir() is None else tmp_path)
    assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest()


# --- through the pipeline ---------------------------------------------------------------------


def test_report_pages_match_the_pdf(tmp_path, pictures):
    out, report_path = tmp_path / "d.pdf", tmp_path / "r.json"
    build(
        BuildOptions(
            sources=(pictures(13),),
            output=out,
            seed=3,
            paper=PAPERS["letter"],
            report=report_path,
            backs=default_back(),
            duplex=Duplex.SHORT,
        )
    )
    report = json.loads(report_path.read_text())
    assert report["pages"] == ["cover"] + ["front", "back"] * 3  # 13 cards, 6 a sheet
    doc = pymupdf.open(out)
    assert doc.page_count == 7
    for card in report["cards"]:
        front, back = doc[card["page"] - 1], doc[card["back_page"] - 1]
        assert report["pages"][card["page"] - 1] == "front"
        assert card["back_page"] == card["page"] + 1
        assert min(math.dist(c[:2], card["center_mm"]) for c in _circles(front, "s")) <= 0.05
        assert min(math.dist(c[:2], card["back_center_mm"]) for c in _circles(back, "f")) <= 0.05
        assert card["back_center_mm"][1] == pytest.approx(
            report["paper"]["height_mm"] - card["center_mm"][1], abs=0.002
        )


# --- golden pictures --------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["cover", "front", "back"])
def test_golden_pages(deck, kind):
    pdf, plan = deck
    n = [p.kind for p in plan.pages].index(kind)
    assert_golden(page_pixels(pymupdf.open(pdf)[n], dpi=40), f"{kind}.png")


def test_golden_comparison_can_fail(deck):
    pdf, plan = deck
    pix = pymupdf.open(pdf)[plan.page_number("back", 0) - 1].get_pixmap(dpi=40)
    got = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)[..., :3]
    front = np.asarray(Image.open(GOLDEN / "front.png").convert("RGB"))
    diff = np.abs(front.astype(np.int16) - got.astype(np.int16)).max(axis=2)
    assert diff.mean() >= 1.5 or (diff > 64).mean() >= 0.002


def test_pages_are_in_order(deck):
    _, plan = deck
    assert [p.kind for p in plan.pages] == ["cover", "front", "back", "front", "back"]
    assert list(itertools.chain.from_iterable([s.card] for s in plan.slots)) == list(range(7))


def test_an_opaque_picture_is_drawn_without_a_soft_mask():
    """A photo cut as a rectangle has alpha 255 everywhere: it is written as RGB (no soft mask to
    store, three channels to resample), with the same pixels to within rounding; one
    transparent pixel keeps the alpha."""
    from dobble_print.printing.pdf.canvas import _print_image

    rng = np.random.default_rng(9)
    rgba = rng.integers(0, 256, (300, 400, 4), dtype=np.uint8)
    rgba[..., 3] = 255
    opaque = _print_image(rgba, 200)
    assert (opaque.mode, opaque.size) == ("RGB", (200, 150))
    from PIL import Image

    want = Image.fromarray(rgba, "RGBA").resize((200, 150), Image.Resampling.BICUBIC)
    diff = np.abs(np.asarray(opaque, int) - np.asarray(want, int)[..., :3])
    assert diff.max() <= 1
    rgba[0, 0, 3] = 0
    assert _print_image(rgba, 200).mode == "RGBA"


def test_photographic_colour_is_stored_as_jpeg_and_drawn_art_losslessly(tmp_path):
    """A noisy photo-like picture (Flate cannot shrink it) is embedded as JPEG, close to its
    pixels; flat drawn art stays Flate, exact; every soft mask stays Flate."""
    rng = np.random.default_rng(5)
    yy, xx = np.mgrid[0:300, 0:400]
    photo = np.zeros((300, 400, 4), np.uint8)
    photo[..., :3] = np.stack([(xx / 2 + 40 * k) % 256 for k in range(3)], -1)
    photo[..., :3] = np.clip(photo[..., :3] + rng.normal(0, 3, (300, 400, 3)), 0, 255)
    photo[..., 3] = 255
    photo[:20, :20, 3] = 0  # a transparent corner: it keeps a soft mask
    symbols = (Symbol("photo", "photo.jpg", photo), *SYMBOLS[1:])
    plan = plan_sheets(7, paper=PAPERS["a4"], card=CardShape(size=85.0))
    pdf = tmp_path / "p.pdf"
    render_pdf(pdf, symbols=symbols, layouts=LAYOUTS, plan=plan)
    with pikepdf.open(pdf) as doc:
        images = [
            o
            for o in doc.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == pikepdf.Name.Image
        ]
        masks = {o.SMask.objgen for o in images if "/SMask" in o}
        filters = {o.objgen: list(o.Filter) for o in images}  # written as an array
        colour = [o for o in images if o.objgen not in masks]
        jpeg = [o for o in colour if filters[o.objgen] == [pikepdf.Name.DCTDecode]]
        assert len(colour) == 7 and len(jpeg) == 1  # the photo alone
        assert all(filters[m] == [pikepdf.Name.FlateDecode] for m in masks)
        (picture,) = jpeg
        got = np.asarray(pikepdf.PdfImage(picture).as_pil_image().convert("RGB"), int)
        drawn = [o for o in colour if o.objgen != picture.objgen]
        assert all(filters[o.objgen] == [pikepdf.Name.FlateDecode] for o in drawn)
    # The photo was downscaled for print: compare with the same downscale of the source.
    want = Image.fromarray(photo).resize(got.shape[1::-1], Image.Resampling.BICUBIC)
    diff = np.abs(got - np.asarray(want.convert("RGB"), int))
    assert diff.mean() < 3.0


def test_a_turned_letter_drawn_as_outlines_keeps_its_bar(tmp_path):
    """A 9 in a CFF font prints as outlines; its bar (the lowest ink of the raster) prints
    too, as it does under text."""
    from reportlab.pdfgen import canvas as rl_canvas

    from dobble_print.printing.pdf.canvas import _draw_word
    from dobble_print.symbols import SymbolOptions, find_sources, load_symbols
    from tests.support.fonts import make_font

    cff = make_font(tmp_path / "cff.otf", "69", "TestCFFLetters", cff=True)
    path = tmp_path / "letters.txt"
    path.write_text("9\n", encoding="utf-8")
    options = SymbolOptions(fonts=(cff,))
    [nine] = load_symbols(find_sources([path]), max_px=300, options=options).symbols
    assert nine.outline and nine.bars
    h, w = nine.rgba.shape[:2]
    pad = 20
    pdf = tmp_path / "nine.pdf"
    c = rl_canvas.Canvas(str(pdf), pagesize=(w + 2 * pad, h + 2 * pad))
    c.translate(pad, pad)  # _draw_word draws in the raster's pixels
    _draw_word(c, nine)
    c.save()
    pix = pymupdf.open(pdf)[0].get_pixmap(dpi=72, alpha=False)
    grey = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, 3).min(axis=2)
    left, top, right, bottom = nine.bars[0]
    bar = grey[pad + top : pad + bottom, pad + left : pad + right]
    assert (bar < 128).all(axis=1).any()  # the bar's rows print solid
    assert np.nonzero(grey < 200)[0].max() + 1 - pad == pytest.approx(h, abs=2)


def test_an_encoded_picture_is_kept_while_its_pixels_live_and_no_longer():
    """Writing a deck again (the app does after each change) reuses each picture's encoded
    stream; the cache holds the pixels' stream, not the pixels: once they go, so does it (it held
    up to 400 pictures' pixels in the app's server after their sessions let them go)."""
    import gc
    import weakref

    from dobble_print.printing.pdf import canvas

    rgba = np.zeros((40, 30, 4), np.uint8)
    rgba[5:35, 5:25] = (200, 30, 30, 255)
    first = canvas.encode_all([(rgba, 40), (rgba, 20)])
    again = canvas.encode_all([(rgba, 40), (rgba, 20)])
    assert [a is b for a, b in zip(first, again, strict=True)] == [True, True]  # kept
    keys = [k for k in canvas._ENCODED if k[0] == id(rgba)]
    assert len(keys) == 2
    gone = weakref.ref(rgba)
    del rgba
    gc.collect()
    assert gone() is None  # the cache did not hold the pixels
    assert not any(k in canvas._ENCODED for k in keys)


def test_the_pdfs_fonts_are_registered_by_their_paths_without_a_url_opener():
    """reportlab's Vera Bold was named by its file name alone: reportlab tried it as a URL
    first (importing urllib.request, ssl and http.client, ~16 ms of every build) and then
    walked its font folders. It is the same file, so the same PDF."""
    import subprocess
    import sys

    code = (
        "import sys; from dobble_print.printing.pdf.canvas import register_fonts; "
        "print(register_fonts(), 'urllib.request' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "('DejaVuSans', 'VeraBd') False", done.stderr


ACCELERATED = """
import sys
sys.modules["_rl_accel"] = None  # as without rl_accel: reportlab's Python versions
from pathlib import Path
from dobble_print import BuildOptions, build
build(BuildOptions(sources=(Path(sys.argv[1]),), output=Path(sys.argv[2]), seed=3, labels=True))
from reportlab.lib import rl_accel
print(sorted(rl_accel._c_funcs) != [])
"""


def test_reportlabs_c_accelerators_write_the_same_pdf_as_its_python(tmp_path):
    """rl_accel (pinned) gives reportlab its C number formatting, font checksums and escaping
    (~0.1 s of the classic deck's CPU); its Python versions, used without it, write the same
    bytes. A deck with labels: text, a subset font and every kind of number. This process
    builds it with rl_accel; a new one, where reportlab cannot import it, without."""
    import shutil
    import subprocess
    import sys

    from reportlab.lib import rl_accel

    (tmp_path / "icons").mkdir()
    for icon in sorted(ICONS.glob("*.svg"))[:3]:
        shutil.copy(icon, tmp_path / "icons")
    build(
        BuildOptions(sources=(tmp_path / "icons",), output=tmp_path / "c.pdf", seed=3, labels=True)
    )
    assert sorted(rl_accel._c_funcs) != []
    done = subprocess.run(
        [sys.executable, "-c", ACCELERATED, str(tmp_path / "icons"), str(tmp_path / "python.pdf")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "False"
    assert (tmp_path / "c.pdf").read_bytes() == (tmp_path / "python.pdf").read_bytes()
