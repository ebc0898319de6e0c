"""Issue 45, item 3: Japanese set as its readers expect. The cover, rules and box pages set
Japanese in a face whose 。、！ are a full em wide and made for Japan (IPAGothic, not the
proportional IPAPGothic, nor Droid Sans Fallback's Chinese-drawn ideographs), and its headings
bold (no installed Japanese face has a bold weight: the glyphs are outlined as they are
filled)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from dobble_print.card import CardShape
from dobble_print.printing.cover import DeckFacts, cover_page_count, plan_cover
from dobble_print.printing.imposition import plan_sheets
from dobble_print.printing.paper import PAPERS
from dobble_print.printing.pdf.deck import render_pdf
from dobble_print.printing.pdf.text_fonts import page_fonts
from tests.printing.test_pdf import LAYOUTS, NAMES, SYMBOLS

RUNNING = "言いましょう！このゲームは、どの2枚をくらべても。"
# The Japanese fonts CI installs (fonts-ipafont-gothic): fixed-pitch kana and proportional
IPA = Path("/usr/share/fonts/opentype/ipafont-gothic")


@pytest.fixture
def japanese(installed):
    """IPAPGothic and IPAGothic installed (linked into the test's font folder), and Droid Sans
    Fallback when the machine has it."""
    faces = [IPA / "ipagp.ttf", IPA / "ipag.ttf", DROID]
    if not all(f.exists() for f in faces[:2]):
        pytest.skip("fonts-ipafont-gothic is not installed")
    for face in faces:
        if face.exists():
            (installed / face.name).symlink_to(face)
    return installed


DROID = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")


def test_japanese_pages_are_set_with_full_width_punctuation(japanese):
    fonts = [f for f in page_fonts([RUNNING]) if ord("。") in f.cmap]
    first = fonts[0]
    full_stop = first.advances[first.cmap[ord("。")]]
    assert full_stop >= 0.95 * first.units_per_em, first.path.name
    assert first.path.name == "ipag.ttf"


def _cover(tmp_path, lang: str):
    paper = PAPERS["a4"]
    plan = plan_sheets(len(LAYOUTS), paper=paper, card=CardShape(size=85.0),
                       cover_pages=cover_page_count(len(SYMBOLS), paper, 5.0))  # fmt: skip
    covers = plan_cover(NAMES, DeckFacts(3, 7, 7, 1234, lang=lang), plan)
    pdf = tmp_path / f"{lang}.pdf"
    render_pdf(pdf, symbols=SYMBOLS, layouts=LAYOUTS, plan=plan, cover=covers)
    with pikepdf.open(pdf) as doc:
        return doc.pages[0].Contents.read_bytes()


def test_a_japanese_heading_is_bold_and_an_english_one_keeps_vera_bold(tmp_path, japanese):
    assert b" 2 Tr" in _cover(tmp_path, "ja")
    assert b" Tr" not in _cover(tmp_path, "en")
