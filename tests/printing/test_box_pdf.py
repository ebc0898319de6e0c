"""The rules sheet and the tuck box as printed: measured from the PDF's own drawings and text
(PyMuPDF), on the hand-made deck of :mod:`tests.printing.test_pdf`."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from dobble_print.card import CardShape, ShapeKind
from dobble_print.printing.box import box_inside
from dobble_print.printing.box_pages import plan_box
from dobble_print.printing.cover import DeckFacts, cover_page_count, plan_cover
from dobble_print.printing.imposition import plan_sheets
from dobble_print.printing.paper import PAPERS
from dobble_print.printing.pdf.deck import render_pdf
from dobble_print.printing.rules import RulesDeck, plan_rules, rules_blocks
from tests.printing.test_pdf import LAYOUTS, NAMES, SYMBOLS

MM_PER_PT = 25.4 / 72.0
TITLE = "Our zoo"
ROUND = CardShape()


def render(tmp: Path, *, paper="a4", card=ROUND, cards=57, thickness=0.3, rules=True):
    """The hand-made deck with a rules page and a box for ``cards`` cards; returns the PDF."""
    paper = PAPERS[paper]
    deck = RulesDeck(len(LAYOUTS), 3, len(SYMBOLS), title=TITLE)
    rule_pages = plan_rules(deck, paper, 5.0) if rules else ()
    box = plan_box(
        card, cards, thickness=thickness, paper=paper, margin=5.0, title=TITLE, facts="7 cards"
    )
    plan = plan_sheets(
        len(LAYOUTS),
        paper=paper,
        card=card,
        cover_pages=cover_page_count(len(SYMBOLS), paper, 5.0),
        rules_pages=len(rule_pages),
        box_pages=len(box),
    )
    cover = plan_cover(NAMES, DeckFacts(3, 7, 7, 1, title=TITLE), plan)
    pdf = tmp / f"box-{paper.name}-{card.kind.value}-{card.size:g}.pdf"
    render_pdf(
        pdf, symbols=SYMBOLS, layouts=LAYOUTS, plan=plan, cover=cover, rules=rule_pages, box=box
    )
    return pdf


def _mm(value: float) -> float:
    return value * MM_PER_PT


def _folds(page) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every dashed line on the page, mm (y down, as PyMuPDF has it)."""
    out = []
    for d in page.get_drawings():
        if d["type"] == "s" and d.get("dashes") not in (None, "[] 0"):
            for item in d["items"]:
                if item[0] == "l":
                    out.append(((_mm(item[1].x), _mm(item[1].y)), (_mm(item[2].x), _mm(item[2].y))))
    return out


def _positions(folds, axis: int) -> list[float]:
    """Distinct positions across ``axis`` of the folds running along the other axis."""
    found = sorted({round(a[axis], 2) for a, b in folds if abs(a[axis] - b[axis]) < 0.01})
    return found


def measured_inside(page) -> tuple[float, float, float]:
    """(width, height, depth) of the box, read from the folds alone: the walls' folds are the
    four parallel lines whose gaps are depth, width, depth; across them, the walls' top and
    bottom folds and the lid's far fold span height + depth."""
    folds = _folds(page)
    groups = [_positions(folds, 0), _positions(folds, 1)]
    walls = next(g for g in groups if len(g) == 4)
    ends = next(g for g in groups if len(g) == 3)
    gaps = [b - a for a, b in zip(walls, walls[1:], strict=False)]
    assert gaps[0] == pytest.approx(gaps[2], abs=0.05)
    depth, width = gaps[0], gaps[1]
    return width, ends[-1] - ends[0] - depth, depth


CASES = [
    ("a4", CardShape(ShapeKind.CIRCLE, 85.0), 57),
    ("letter", CardShape(ShapeKind.SQUARE, 80.0), 57),
    ("a4", CardShape(ShapeKind.HEXAGON, 70.0), 90),
    ("a4", CardShape(ShapeKind.ROUNDED, 65.0), 57),
]


@pytest.mark.parametrize(("paper", "card", "cards"), CASES, ids=lambda v: str(v)[:12])
def test_the_printed_net_has_the_inside_of_the_formula(tmp_path, paper, card, cards):
    doc = pymupdf.open(render(tmp_path, paper=paper, card=card, cards=cards))
    box = next(p for p in doc if "Tuck box" in p.get_text())
    width, height, depth = measured_inside(box)
    hx, hy = card.half_extent
    assert width == pytest.approx(2 * hx + 3.0, abs=0.2)  # the card and 3 mm of room
    assert height == pytest.approx(2 * hy + 3.0, abs=0.2)
    assert depth == pytest.approx(cards * 0.3 + 2.0, abs=0.2)  # the stack and 2 mm
    assert depth >= cards * 0.3 and width >= 2 * hx and height >= 2 * hy  # the cards go in


def test_the_front_shows_one_card_and_the_title(tmp_path):
    doc = pymupdf.open(render(tmp_path))
    page = next(p for p in doc if "Tuck box" in p.get_text())
    walls = _positions(_folds(page), 1)  # the A4 net is turned: walls stacked down the page
    front = (walls[1], walls[2])
    centres = []
    for info in page.get_image_info():
        x0, y0, x1, y1 = (_mm(v) for v in info["bbox"])
        centres.append((y0 + y1) / 2)
    assert len(centres) == 3  # the first card's three symbols
    assert all(front[0] < y < front[1] for y in centres)
    assert TITLE in page.get_text()
    assert box_inside(CardShape(), 57, 0.3).depth == pytest.approx(walls[1] - walls[0])


def test_same_input_same_bytes(tmp_path):
    for name in ("1", "2"):
        (tmp_path / name).mkdir()
    first, second = render(tmp_path / "1"), render(tmp_path / "2")
    assert first.read_bytes() == second.read_bytes()


def test_a_small_sheet_gets_the_box_in_two_pieces(tmp_path):
    doc = pymupdf.open(render(tmp_path, paper="a5", rules=False))
    boxes = [p for p in doc if "Tuck box, in two pieces" in p.get_text()]
    assert len(boxes) == 2
    for page in boxes:  # each piece: two walls and a seam flap; the walls are width and depth
        walls = _positions(_folds(page), 0) or _positions(_folds(page), 1)
        assert len(walls) >= 2


def _page_kinds(doc) -> list[str]:
    kinds = []
    for page in doc:
        text = page.get_text()
        kinds.append(
            "rules"
            if "how to play" in text
            else "box"
            if "Tuck box" in text
            else "cover"
            if "Answer key" in text
            else "cards"
        )
    return kinds


def test_rules_and_box_come_after_the_cover_never_on_the_card_sheets(tmp_path):
    doc = pymupdf.open(render(tmp_path))
    assert _page_kinds(doc) == ["cover", "rules", "box", "cards", "cards"]
    assert doc[0].get_text().startswith(TITLE)  # the title heads the cover
    assert "Print pages 4–5 one-sided" in doc[0].get_text()  # the card pages, not the box


def test_the_rules_page_says_every_game_at_one_size_inside_the_margins(tmp_path):
    doc = pymupdf.open(render(tmp_path))
    page = doc[1]
    text = " ".join(page.get_text().split())
    for heading, _ in rules_blocks(RulesDeck(7, 3, 7)):
        assert heading is None or heading in text
    assert "Connect" not in text  # a classic deck
    sizes = set()
    right = 0.0
    for block in page.get_text("dict")["blocks"]:
        for line in block["lines"]:
            for span in line["spans"]:
                if "Bold" not in span["font"]:
                    sizes.add(round(span["size"], 2))
                right = max(right, _mm(span["bbox"][2]))
    assert sizes == {11.0}  # no line had to be shrunk: the wrapping measured right
    assert right <= 210 - 10 + 0.2


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
@pytest.mark.parametrize("connect", [False, True])
def test_the_rules_fit_one_page_at_a_readable_size(paper, connect):
    pages = plan_rules(RulesDeck(90, 10, 91, connect=connect), PAPERS[paper], 5.0)
    body = [t.size for t in pages[0].texts if not t.bold]
    if paper == "a5" and connect:
        assert len(pages) == 2 and min(body) == 8.0  # small paper: more pages, never tinier
    else:
        assert len(pages) == 1 and min(body) >= 8.5


def test_connect_has_its_own_rules_first():
    blocks = rules_blocks(RulesDeck(90, 10, 91, connect=True))
    assert blocks[1][0].startswith("Connect")
    assert "starting card" in blocks[1][1]


def test_the_rules_are_short_sentences():
    """Readable by a ten-year-old: short sentences, none long."""
    import re

    text = " ".join(p for _, p in rules_blocks(RulesDeck(57, 8, 57, connect=True)))
    sentences = [s for s in re.split(r"[.!?:;]\s+", text) if s]
    lengths = [len(s.split()) for s in sentences]
    assert max(lengths) <= 25  # the longest is 25 words
    assert sum(lengths) / len(lengths) <= 14
