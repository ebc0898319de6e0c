"""Imposition, cut ticks, mirrored backs and page order: pure geometry, no PDF."""

from __future__ import annotations

import itertools
import math

import pytest

from dobble_print.card import CardShape
from dobble_print.errors import DobbleError
from dobble_print.printing.imposition import BACK_BLEED, plan_sheets
from dobble_print.printing.paper import PAPERS, Paper, parse_paper
from dobble_print.printing.round_sheets import CARD_GAP, compass_ticks
from dobble_print.printing.sheet import Arrangement, Duplex, Page, mirror, page_order
from tests.support.messages import as_cli

GRID, ROWS, COLS = Arrangement.GRID, Arrangement.STAGGERED_ROWS, Arrangement.STAGGERED_COLUMNS


@pytest.mark.parametrize(
    ("paper", "card", "margin", "bleed", "backs", "per_sheet", "arrangement"),
    [
        ("a4", 85, 5, 0, False, 6, GRID),  # 2 × 3, 57 cards on 10 sheets
        ("letter", 85, 5, 0, False, 6, GRID),
        ("a3", 85, 5, 0, False, 13, ROWS),
        ("a4", 75, 5, 0, False, 8, ROWS),  # a grid holds 6
        ("a4", 75, 5, 0, True, 8, ROWS),  # backs' bleed still fits
        ("a4", 78.3, 5, 0, False, 8, ROWS),  # PRINT.md: A4 holds 8 up to 78.3 mm
        ("a4", 78.9, 5, 0, False, 6, GRID),
        ("letter", 74, 5, 0, False, 9, COLS),  # PRINT.md: Letter holds 9 up to 74.0 mm
        ("a4", 94.3, 5, 0, False, 6, GRID),  # PRINT.md: 2 × 3 on A4 up to 94.3 mm
        ("a4", 95, 5, 0, False, 5, ROWS),
        ("letter", 88.4, 5, 0, False, 6, GRID),  # PRINT.md: 2 × 3 on Letter up to 88.4 mm
        ("a4", 63, 5, 0, False, 12, GRID),
        ("a4", 85, 20, 0, False, 4, COLS),  # a wide margin costs two cards
        ("a4", 85, 5, 2, False, 6, GRID),
        ("letter", 85, 5, 2.4, False, 6, GRID),  # the most bleed 2 × 3 Letter allows
        ("letter", 85, 5, 2.5, False, 5, ROWS),
        ("210x297mm", 85, 5, 0, False, 6, GRID),
        ("8.5x11in", 85, 5, 0, False, 6, GRID),
        ("100x150mm", 85, 5, 0, False, 1, GRID),
    ],
)
def test_cards_per_sheet(paper, card, margin, bleed, backs, per_sheet, arrangement):
    plan = plan_sheets(
        per_sheet * 3,
        paper=parse_paper(paper),
        card=CardShape(size=card),
        margin=margin,
        bleed=bleed,
        duplex=Duplex.LONG if backs else None,
    )
    assert (plan.per_sheet, plan.arrangement) == (per_sheet, arrangement)
    assert plan.sheet_count == 3


@pytest.mark.parametrize(
    ("paper", "card", "sheets"),
    [("a4", 85, 10), ("letter", 85, 10), ("a4", 75, 8), ("a3", 85, 5), ("letter", 74, 7)],
)
def test_sheet_counts_for_57_cards(paper, card, sheets):
    plan = plan_sheets(57, paper=PAPERS[paper], card=CardShape(size=card))
    assert plan.sheet_count == sheets
    assert [s.card for s in plan.slots] == list(range(57))
    assert all(s.sheet == s.card // plan.per_sheet for s in plan.slots)


CASES = [
    (paper, card, bleed, duplex)
    for paper in ("a4", "letter", "a3", "120x180mm")
    for card in (50, 63, 74, 75, 85, 94)
    for bleed in (0.0, 2.0)
    for duplex in (None, Duplex.LONG, Duplex.SHORT)
    if not (paper == "120x180mm" and card > 100)
]


def _plan(paper, card, bleed, duplex, margin=5.0):
    return plan_sheets(
        40,
        paper=parse_paper(paper),
        card=CardShape(size=card),
        margin=margin,
        bleed=bleed,
        duplex=duplex,
    )


def _sheet(plan, n=0):
    return [s for s in plan.slots if s.sheet == n]


def _inside(point, paper: Paper, margin: float, tol: float = 1e-9) -> bool:
    x, y = point
    return (
        margin - tol <= x <= paper.width - margin + tol
        and margin - tol <= y <= paper.height - margin + tol
    )


def _seg_point_distance(a, b, p) -> float:
    ax, ay = a
    bx, by = b
    t = ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)
    t = min(1.0, max(0.0, t))
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))


@pytest.mark.parametrize(("paper", "card", "bleed", "duplex"), CASES)
def test_every_plan_keeps_its_promises(paper, card, bleed, duplex):
    try:
        plan = _plan(paper, card, bleed, duplex)
    except DobbleError:
        assert card > 100 or paper == "120x180mm"
        return
    p, r, m = plan.paper, card / 2, 5.0
    reach = r + max(bleed, plan.back_bleed)
    slots = _sheet(plan)
    xs = [s.center[0] for s in slots]
    ys = [s.center[1] for s in slots]
    # centred on the sheet
    assert (min(xs) + max(xs)) / 2 == pytest.approx(p.width / 2)
    assert (min(ys) + max(ys)) / 2 == pytest.approx(p.height / 2)
    for s in slots:
        # the card, its bleed and its back's bleed inside the printable area
        for dx, dy in ((reach, 0), (-reach, 0), (0, reach), (0, -reach)):
            assert _inside((s.center[0] + dx, s.center[1] + dy), p, m)
        # every tick inside the printable area, outside its own bleed, clear of other cards
        for tick in s.ticks:
            assert _inside(tick.start, p, m) and _inside(tick.end, p, m)
            assert math.dist(tick.start, s.center) >= r + bleed + 1 - 1e-9
            for other in slots:
                if other is not s:
                    gap = _seg_point_distance(tick.start, tick.end, other.center)
                    assert gap >= r + bleed + CARD_GAP / 4
                    for t2 in other.ticks:
                        assert math.dist(tick.end, t2.end) > 0.9
        if duplex:
            assert s.back_center == pytest.approx(mirror(s.center, p, duplex, (0, 0)))
            assert plan.back_bleed >= 1.5
            bx, by = s.back_center
            for dx, dy in ((reach, 0), (-reach, 0), (0, reach), (0, -reach)):
                assert _inside((bx + dx, by + dy), p, m)
        else:
            assert s.back_center is None
    for a, b in itertools.combinations(slots, 2):
        # nothing of one card (bleed, back bleed) reaches another's cut circle
        assert math.dist(a.center, b.center) >= r + reach + 1e-9
        assert math.dist(a.center, b.center) >= card + CARD_GAP - 1e-9
        if duplex:
            assert math.dist(a.back_center, b.back_center) >= r + reach + 1e-9


def test_ticks_on_a_roomy_sheet_are_four_long_ticks():
    plan = plan_sheets(6, paper=PAPERS["a4"], card=CardShape(size=85))
    for slot in plan.slots:
        assert len(slot.ticks) == 4
        assert all(3.0 - 1e-9 <= math.dist(t.start, t.end) <= 4.0 + 1e-9 for t in slot.ticks)
        assert sorted(round(math.dist(t.start, slot.center), 6) for t in slot.ticks) == [43.5] * 4


def test_a_tick_facing_a_near_card_is_left_out():
    paper = PAPERS["a4"]
    ticks = compass_ticks((50, 100), [(137, 100)], paper=paper, radius=42.5, bleed=0, margin=5)
    ends = {(round(t.end[0] - 50), round(t.end[1] - 100)) for t in ticks}
    assert (48, 0) not in ends  # east: only 2 mm to the neighbour
    assert (0, 48) in ends and (0, -48) in ends


def test_ticks_can_be_turned_off():
    plan = plan_sheets(
        6, paper=PAPERS["a4"], card=CardShape(size=85), ticks=False, cut_circle=False
    )
    assert all(s.ticks == () for s in plan.slots)
    assert plan.cut_circle is False


@pytest.mark.parametrize(
    ("duplex", "offset", "expected"),
    [
        (Duplex.LONG, (0, 0), (160.0, 50.0)),
        (Duplex.SHORT, (0, 0), (50.0, 247.0)),
        (Duplex.LONG, (1.5, -0.5), (161.5, 49.5)),
        (Duplex.SHORT, (-1, 2), (49.0, 249.0)),
    ],
)
def test_mirror(duplex, offset, expected):
    assert mirror((50.0, 50.0), PAPERS["a4"], duplex, offset) == pytest.approx(expected)


def test_staggered_backs_are_true_mirrors_not_slots():
    plan = plan_sheets(8, paper=PAPERS["a4"], card=CardShape(size=75), duplex=Duplex.LONG)
    assert plan.arrangement is ROWS
    fronts = {(round(s.center[0], 6), round(s.center[1], 6)) for s in plan.slots}
    backs = {(round(s.back_center[0], 6), round(s.back_center[1], 6)) for s in plan.slots}
    assert backs != fronts  # the shifted rows swap sides
    assert backs == {(round(210 - x, 6), y) for x, y in fronts}


def test_back_bleed_follows_a_bigger_front_bleed():
    assert (
        plan_sheets(1, paper=PAPERS["a4"], card=CardShape(size=85), duplex=Duplex.LONG).back_bleed
        == BACK_BLEED
    )
    assert (
        plan_sheets(
            1, paper=PAPERS["a4"], card=CardShape(size=85), bleed=3, duplex=Duplex.LONG
        ).back_bleed
        == 3
    )


@pytest.mark.parametrize(
    ("cover", "backs", "kinds"),
    [
        (1, True, ["cover", "front", "back", "front", "back"]),
        (1, False, ["cover", "front", "front"]),
        (0, True, ["front", "back", "front", "back"]),
        (2, False, ["cover", "cover", "front", "front"]),
    ],
)
def test_page_order(cover, backs, kinds):
    pages = page_order(2, cover_pages=cover, backs=backs)
    assert [p.kind for p in pages] == kinds
    assert [p.sheet for p in pages if p.kind == "front"] == [0, 1]


def test_page_numbers_count_the_cover_and_backs():
    plan = plan_sheets(
        12, paper=PAPERS["a4"], card=CardShape(size=85), duplex=Duplex.LONG, cover_pages=1
    )
    assert plan.pages[:3] == (Page("cover"), Page("front", 0), Page("back", 0))
    assert [plan.page_number("front", s) for s in (0, 1)] == [2, 4]
    assert [plan.page_number("back", s) for s in (0, 1)] == [3, 5]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"card": CardShape(size=300)},
            "--card-size 300mm does not fit on A4 paper inside a 5 mm "
            "margin; choose a smaller card or larger paper",
        ),
        ({"bleed": 7}, "--bleed 7mm is out of range; use 0 to 6 mm (2 mm suits home printers)"),
        ({"bleed": -1}, "--bleed -1mm is out of range; use 0 to 6 mm (2 mm suits home printers)"),
        ({"margin": 80}, "--margin 80mm is out of range for A4 paper; 5 mm suits most printers"),
        (
            {"duplex": Duplex.LONG, "back_offset": (40, 0)},
            "--back-offset 40,0 moves card backs off the paper; use an offset of a few millimetres "
            "at most",
        ),
    ],
)
def test_plan_errors_name_the_option(kwargs, message):
    options = {"paper": PAPERS["a4"], "card": CardShape(size=85)} | kwargs
    with pytest.raises(DobbleError) as err:
        plan_sheets(6, **options)
    assert as_cli(err.value) == message
