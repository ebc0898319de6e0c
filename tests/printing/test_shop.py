"""Print-shop export: page boxes, the CutContour separation and its overprint, embedded fonts,
backs and PNGs, all read back from the files (PyMuPDF and pikepdf), not from the code's numbers."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pikepdf
import pymupdf
import pytest
from PIL import Image

from dobble_print.card import CardShape, ShapeKind
from dobble_print.deck.connect import assign_teams
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.printing.backs import default_back
from dobble_print.printing.shop.folder import SHOP_BLEED, write_shop
from tests.printing.test_pdf import LAYOUTS, SYMBOLS

MM_PER_PT = 25.4 / 72.0
CREAM = (1.0, 0.94, 0.8)


@pytest.fixture(scope="module")
def round_shop(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shop") / "round"
    return write_shop(
        folder,
        symbols=SYMBOLS,
        layouts=LAYOUTS,
        shape=CardShape(),
        card_color=CREAM,
        back=default_back(),
    )


def _mm(box) -> tuple[float, ...]:
    return tuple(round(float(v) * MM_PER_PT, 2) for v in box)


def _boxes(pdf: Path) -> list[tuple[tuple, tuple, tuple]]:
    """(MediaBox, BleedBox, TrimBox) of every page in mm, as written in the file (pikepdf)."""
    with pikepdf.open(pdf) as doc:
        return [(_mm(p.obj.MediaBox), _mm(p.obj.BleedBox), _mm(p.obj.TrimBox)) for p in doc.pages]


@pytest.mark.parametrize("which", ["cards", "backs"])
def test_every_page_is_the_bleed_box_around_the_trimmed_card(round_shop, which):
    pdf = getattr(round_shop, which)
    b = SHOP_BLEED
    want = ((0, 0, 85 + 2 * b, 85 + 2 * b), (0, 0, 85 + 2 * b, 85 + 2 * b), (b, b, 85 + b, 85 + b))
    assert _boxes(pdf) == [want] * len(LAYOUTS)
    for page in pymupdf.open(pdf):  # and as a reader sees them
        assert page.trimbox.width * MM_PER_PT == pytest.approx(85.0, abs=0.01)
        assert page.bleedbox.width * MM_PER_PT == pytest.approx(91.0, abs=0.01)


def _ops(page: pikepdf.Page):
    return [(list(i.operands), str(i.operator)) for i in pikepdf.parse_content_stream(page)]


def test_cut_path_is_stroked_in_the_cutcontour_separation_set_to_overprint(round_shop):
    with pikepdf.open(round_shop.cards) as doc:
        for page in doc.pages:
            res = page.obj.Resources
            spaces = {str(k): v for k, v in res.ColorSpace.items()}
            seps = [k for k, v in spaces.items() if str(v[0]) == "/Separation"]
            assert len(seps) == 1 and str(spaces[seps[0]][1]) == "/CutContour"
            assert str(spaces[seps[0]][2]) == "/DeviceCMYK"
            state: dict = {}
            strokes = []
            for operands, op in _ops(page):
                if op == "CS":
                    state["cs"] = str(operands[0])
                elif op == "gs":
                    gs = res.ExtGState[str(operands[0])]
                    state.update({str(k): v for k, v in gs.items()})
                elif op == "Q":
                    state = {}
                elif op == "S":
                    strokes.append(dict(state))
            assert len(strokes) == 1  # the cut path and nothing else
            assert strokes[0]["cs"] == seps[0]
            assert bool(strokes[0]["/OP"]) is True and int(strokes[0]["/OPM"]) == 1


def test_cut_path_runs_along_the_trim_box(round_shop):
    for page in pymupdf.open(round_shop.cards):
        strokes = [d for d in page.get_drawings() if d["type"] == "s"]
        assert len(strokes) == 1
        r, t = strokes[0]["rect"], page.trimbox
        assert max(abs(r.x0 - t.x0), abs(r.y0 - t.y0), abs(r.x1 - t.x1), abs(r.y1 - t.y1)) < 0.3


def test_card_background_runs_to_the_page_edge(round_shop):
    doc = pymupdf.open(round_shop.cards)
    pix = doc[0].get_pixmap(dpi=50)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)
    for corner in (img[1, 1], img[1, -2], img[-2, 1], img[-2, -2]):
        assert np.abs(corner[:3].astype(int) - [255, 240, 204]).max() <= 3


def test_backs_have_no_cut_path_and_cover_the_page(round_shop):
    doc = pymupdf.open(round_shop.backs)
    assert len(doc) == len(LAYOUTS)
    page = doc[0]
    assert not [d for d in page.get_drawings() if d["type"] == "s"]
    (info,) = page.get_image_info()
    x0, y0, x1, y1 = info["bbox"]
    assert x0 <= 0.01 and y0 <= 0.01
    assert x1 >= page.rect.width - 0.01 and y1 >= page.rect.height - 0.01


def test_pngs_are_300_dpi_with_bleed_and_background(round_shop):
    assert len(round_shop.pngs) == len(LAYOUTS)
    with Image.open(round_shop.pngs[0]) as im:
        assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        side = (85 + 2 * SHOP_BLEED) / 25.4 * 300
        assert abs(im.width - side) <= 3 and abs(im.height - side) <= 3
        assert np.abs(np.asarray(im.convert("RGB"))[0, 0].astype(int) - [255, 240, 204]).max() <= 1


def test_hexagon_shop_pages_and_team_borders(tmp_path):
    hexagon = CardShape(ShapeKind.HEXAGON, 60.0)
    teams = assign_teams(90)[10:17]  # pink team cards
    files = write_shop(
        tmp_path,
        symbols=SYMBOLS,
        layouts=LAYOUTS,
        shape=hexagon,
        card_color=(1.0, 1.0, 1.0),
        teams=teams,
    )
    b = SHOP_BLEED
    h = 60 * 2 / math.sqrt(3)
    want = ((0, 0, 60 + 2 * b, round(h + 2 * b, 2)),) * 2 + ((b, b, 60 + b, round(h + b, 2)),)
    for got in _boxes(files.cards):
        assert np.allclose(got, want, atol=0.02)
    page = pymupdf.open(files.cards)[0]
    (cut,) = [d for d in page.get_drawings() if d["type"] == "s"]
    assert [item[0] for item in cut["items"]] == ["l"] * 6  # a hexagon
    pix = page.get_pixmap(dpi=50)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)
    want_rgb = np.array([round(v * 255) for v in teams[0].rgb])
    assert np.abs(img[1, 1, :3].astype(int) - want_rgb).max() <= 3  # the team colour in the bleed
    assert files.backs is None


def test_build_with_shop_embeds_every_font(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text(
        "\n".join(["sun", "moon", "tree", "ring", "kite", "Γάτα", "кошка"]) + "\n", encoding="utf-8"
    )
    build(
        BuildOptions(
            sources=(words,),
            output=tmp_path / "deck.pdf",
            seed=3,
            symbols_per_card=3,
            shop=tmp_path / "shop",
            cover=False,
        )
    )
    with pikepdf.open(tmp_path / "shop" / "cards.pdf") as doc:
        fonts = [
            o
            for o in doc.objects
            if isinstance(o, pikepdf.Dictionary)
            and o.get("/Type") == "/Font"
            and o.get("/Subtype") != "/Type0"
        ]
        assert fonts
        for font in fonts:
            descriptor = font.get("/FontDescriptor")
            assert descriptor is not None, font.get("/BaseFont")
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    assert len(list((tmp_path / "shop" / "png").glob("card_*.png"))) == 7
    assert not (tmp_path / "shop" / "backs.pdf").exists()
