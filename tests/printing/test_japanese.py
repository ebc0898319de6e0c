"""Issue 45, item 3: Japanese set as its readers expect. The cover, rules and box pages set
Japanese in a face whose 。、！ are a full em wide and made for Japan (IPAGothic, not the
proportional IPAPGothic, nor Droid Sans Fallback's Chinese-drawn ideographs), and its headings
bold (no installed Japanese face has a bold weight: the glyphs are outlined as they are
filled)."""

from __future__ import annotations

import itertools
import re
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


# What no Japanese line starts with (kinsoku): closing punctuation, prolonged sound, small kana
NO_LINE_START = set("、。，．・：；？！ー）」』】〕ゃゅょっァィゥェォャュョッ")
PARAGRAPH = (
    "いちばん先に見つけて、それを大きな声で言いましょう！このゲームは「井戸」です。だれも"
    "見つけられないときは、1枚ふやします。カードのまわりに3 mmの塗り足しがあります。"
) * 3


@pytest.mark.parametrize("width", [40.0, 63.0, 97.0])
def test_japanese_lines_break_between_phrases_by_the_kinsoku_rules(width):
    from dobble_print.printing.text_width import wrap

    lines = wrap(PARAGRAPH, 10.0, width)
    assert "".join(lines) == PARAGRAPH and len(lines) > 3
    assert not [line for line in lines if line[0] in NO_LINE_START]
    cuts = set(itertools.accumulate(len(line) for line in lines))
    for whole in ("いちばん", "小さい", "「井戸」です。", "1枚", "3 mm", "言いましょう！"):
        starts = [m.start() for m in re.finditer(re.escape(whole), PARAGRAPH)]
        assert not [s for s in starts if cuts & set(range(s + 1, s + len(whole)))], whole


def test_the_japanese_shop_readme_fits_80_columns_and_keeps_kinsoku():
    from dobble_print.printing.shop.card_printer import shop_readme
    from dobble_print.printing.shop.profiles import load_shop_profile
    from dobble_print.printing.text_width import columns

    profile = load_shop_profile("eu-3mm")
    text = shop_readme(profile, shape=CardShape(), cards=13, symbols_per_card=4,
                       files=["cards.pdf"], lang="ja")  # fmt: skip
    lines = text.splitlines()
    assert max(columns(line) for line in lines) <= 80
    assert not [line for line in lines if line and line[0] in NO_LINE_START]
    assert not [line for line in lines if line.endswith(("小", " 3", "3"))]
