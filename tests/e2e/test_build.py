"""End to end: a folder of pictures becomes a PDF, checked from the PDF itself."""

from __future__ import annotations

import hashlib
import itertools
import json
from pathlib import Path

import pymupdf
import pytest

from dobble_print.card import CardShape
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.printing.paper import PAPERS
from tests.conftest import ICONS
from tests.support.pdfread import images_per_card, stored_images


def _build(src: Path, out: Path, **kw) -> dict:
    report = out.with_suffix(".json")
    build(BuildOptions(sources=(src,), output=out, seed=kw.pop("seed", 7), report=report, **kw))
    return json.loads(report.read_text(encoding="utf-8"))


@pytest.fixture
def classic(classic_deck):
    return classic_deck  # built once per session (conftest)


def test_default_icons_are_57_svgs():
    assert len(list(ICONS.glob("*.svg"))) == 57


def test_classic_deck_from_default_icons(classic):
    pdf, report = classic
    doc = pymupdf.open(pdf)
    assert doc.page_count == 11  # the cover and 10 sheets
    assert report["symbols_per_card"] == 8
    assert len(report["cards"]) == 57
    per_card = images_per_card(pdf, report)
    assert all(len(set(v)) == len(v) == 8 for v in per_card.values())
    for a, b in itertools.combinations(per_card.values(), 2):
        assert len(set(a) & set(b)) == 1
    assert len(stored_images(pdf)) == 57  # each picture stored once


def test_report_shape(classic):
    _, report = classic
    assert report["version"] == 1 and report["seed"] == 1
    assert report["paper"] == {"name": "a4", "width_mm": 210.0, "height_mm": 297.0}
    assert report["card"] == {"shape": "circle", "diameter_mm": 85.0}
    assert report["symbols"][0]["name"] and report["symbols"][0]["source"].endswith(".svg")
    card = report["cards"][0]
    assert card["page"] == 2  # page 1 is the cover
    assert set(card["placements"][0]) == {
        "symbol",
        "center_mm",
        "width_mm",
        "height_mm",
        "rotation_deg",
    }
    assert sorted(p["symbol"] for p in card["placements"]) == card["symbols"]


def _assert_on_the_page(cards, paper: dict, radius: float) -> None:
    for x, y in cards:
        assert 5 <= x - radius and x + radius <= paper["width_mm"] - 5
        assert 5 <= y - radius and y + radius <= paper["height_mm"] - 5


def test_cards_stay_on_the_page_in_the_built_deck(classic):
    _, report = classic  # A4, built end to end
    _assert_on_the_page(
        [c["center_mm"] for c in report["cards"]],
        report["paper"],
        report["card"]["diameter_mm"] / 2,
    )
    assert max(c["page"] for c in report["cards"]) == 11  # a cover, then 10 sheets


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_stay_on_the_page(paper):
    # The imposition the build uses, without the layouts (the built A4 deck is checked above).
    from dobble_print.printing.cover import cover_page_count
    from dobble_print.printing.imposition import plan_sheets

    size = PAPERS[paper]
    plan = plan_sheets(
        57, paper=size, card=CardShape(size=85.0), cover_pages=cover_page_count(57, size, 5.0)
    )
    _assert_on_the_page(
        [slot.center for slot in plan.slots],
        {"width_mm": size.width, "height_mm": size.height},
        85.0 / 2,
    )
    assert len(plan.pages) == 11  # a cover, then 10 sheets


def test_same_seed_same_bytes(tmp_path, pictures):
    src = pictures(13)
    a, b, c = (tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.pdf")
    _build(src, a, seed=3)
    _build(src, b, seed=3)
    _build(src, c, seed=4)
    digest = [hashlib.sha256(p.read_bytes()).hexdigest() for p in (a, b, c)]
    assert digest[0] == digest[1]
    assert digest[0] != digest[2]


def test_pdf_metadata_and_version(classic):
    pdf, _ = classic
    doc = pymupdf.open(pdf)
    assert doc.metadata["format"] in {"PDF 1.4", "PDF 1.5", "PDF 1.6", "PDF 1.7"}
    assert doc.metadata["creator"] == "dobble-print"
    assert b"/PrintScaling /None" in pdf.read_bytes()
