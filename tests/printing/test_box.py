"""The tuck box's geometry, without a PDF: its inside, the net's cuts and folds, and where the
net goes on the paper."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from dobble_print.card import CardShape, ShapeKind
from dobble_print.errors import DobbleError, OptionError
from dobble_print.language import words
from dobble_print.printing.box import (
    PART_LEAST,
    PIECES,
    TUCK_INSET,
    box_inside,
    cut_and_fold,
    net_piece,
)
from dobble_print.printing.box_pages import plan_box
from dobble_print.printing.paper import PAPERS, Paper
from dobble_print.printing.text_width import text_width
from tests.support.messages import as_cli

SHAPES = [
    CardShape(ShapeKind.CIRCLE, 85.0),
    CardShape(ShapeKind.SQUARE, 80.0),
    CardShape(ShapeKind.HEXAGON, 70.0),
    CardShape(ShapeKind.ROUNDED, 65.0),
]


@pytest.mark.parametrize(
    ("card", "cards", "thickness", "inside"),
    [
        (CardShape(ShapeKind.CIRCLE, 85.0), 57, 0.3, (88.0, 88.0, 19.1)),
        (CardShape(ShapeKind.CIRCLE, 65.0), 55, 0.4, (68.0, 68.0, 24.0)),
        (CardShape(ShapeKind.SQUARE, 80.0), 31, 0.3, (83.0, 83.0, 11.3)),
        # a hexagon stands on a point: 70 mm across the flats, 80.83 corner to corner
        (CardShape(ShapeKind.HEXAGON, 70.0), 90, 0.3, (73.0, 83.83, 29.0)),
    ],
)
def test_the_inside_is_the_card_and_the_stack_with_room(card, cards, thickness, inside):
    got = box_inside(card, cards, thickness)
    assert (got.width, got.height, got.depth) == pytest.approx(inside, abs=0.01)


@pytest.mark.parametrize("card", SHAPES, ids=lambda c: c.kind.value)
def test_the_box_holds_57_cards(card):
    inside = box_inside(card, 57, 0.3)
    hx, hy = card.half_extent
    assert inside.depth >= 57 * 0.3 + 2.0  # the stack, and room to slide the last card in
    assert inside.width >= 2 * hx + 3.0 and inside.height >= 2 * hy + 3.0


@pytest.mark.parametrize(
    ("thickness", "problem"),
    [
        (0.0, "0mm is not the thickness of one card"),
        (-0.3, "-0.3mm is not the thickness of one card"),
        (2.5, "2.5mm is not the thickness of one card"),
    ],
)
def test_a_thickness_no_card_has_is_refused(thickness, problem):
    with pytest.raises(OptionError) as caught:
        box_inside(CardShape(), 57, thickness)
    assert as_cli(caught.value) == (
        f"--card-thickness {problem}; give it in mm, more than 0 and at most 2, "
        "e.g. 0.3mm (printed card) or 0.5mm (laminated)"
    )


ROUND = CardShape()


def _piece(card=ROUND, cards=57, count=1, k=0):
    return net_piece(PIECES[count][k], box_inside(card, cards, 0.3), title="T", facts="F")


def _positions(segments, vertical: bool) -> list[float]:
    """The distinct x of vertical (or y of horizontal) segments, in order."""
    axis = 0 if vertical else 1
    found = {round(s.start[axis], 6) for s in segments if abs(s.start[axis] - s.end[axis]) < 1e-9}
    return sorted(found)


@pytest.mark.parametrize("card", SHAPES, ids=lambda c: c.kind.value)
def test_the_folds_between_the_walls_are_the_inside(card):
    inside = box_inside(card, 57, 0.3)
    piece = _piece(card)
    w, h, d = inside.width, inside.height, inside.depth
    xs = _positions(piece.folds, vertical=True)
    assert [b - a for a, b in itertools_pairs(xs)] == pytest.approx([d, w, d])
    ys = _positions(piece.folds, vertical=False)
    assert [b - a for a, b in itertools_pairs(ys)] == pytest.approx([h, d])  # walls, then lid


def itertools_pairs(values):
    return list(zip(values, values[1:], strict=False))


@pytest.mark.parametrize("count", [1, 2])
def test_the_cut_line_goes_round_each_piece_once(count):
    """Every end of a cut meets exactly one other cut: the outline is closed, with no loose
    ends and no crossings; a fold ends on the outline or on another fold."""
    for k in range(count):
        piece = _piece(count=count, k=k)
        ends = Counter(p for s in piece.cuts for p in (s.start, s.end))
        assert set(ends.values()) == {2}
        on_lines = Counter(p for s in piece.cuts + piece.folds for p in (s.start, s.end))
        for fold in piece.folds:
            assert on_lines[fold.start] >= 2 and on_lines[fold.end] >= 2


def test_shared_edges_are_folds_and_partly_shared_ones_are_split():
    """A 10 mm square on top of a 20 mm one, 5 mm in: the shared 10 mm is a fold, the 5 mm
    either side of it and everything else a cut."""
    big = ((0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0))
    small = ((5.0, 20.0), (15.0, 20.0), (15.0, 30.0), (5.0, 30.0))
    cuts, folds = cut_and_fold([big, small])
    assert [(f.start, f.end) for f in folds] == [((5.0, 20.0), (15.0, 20.0))]
    assert sum(math.dist(c.start, c.end) for c in cuts) == pytest.approx(60 + 30 + 10)


def test_flaps_fold_flat_inside_the_box():
    """The tuck flap is narrower than the front it slides behind; the back's bottom flap is
    shallower than the floor it is glued under; the side flaps do not meet in the middle."""
    inside = box_inside(CardShape(), 57, 0.3)
    piece = _piece()
    ys = _positions(piece.folds, vertical=False)
    tuck_hinge = [f for f in piece.folds if f.start[1] == pytest.approx(ys[-1])][0]
    assert abs(tuck_hinge.end[0] - tuck_hinge.start[0]) == pytest.approx(
        inside.width - 2 * TUCK_INSET
    )
    for glue in piece.glue[:-1]:  # the bottom flaps (the last is the seam)
        across = max(p[0] for p in glue) - min(p[0] for p in glue)
        deep = max(p[1] for p in glue) - min(p[1] for p in glue)
        if across > inside.depth:  # the back's
            assert deep < inside.depth
        else:  # a side's
            assert deep < inside.width / 2


def _inside_paper(page, paper: Paper, margin: float) -> bool:
    points = [p for piece in page.pieces for s in piece.cuts for p in (s.start, s.end)]
    return all(
        margin - 1e-6 <= x <= paper.width - margin + 1e-6
        and margin - 1e-6 <= y <= paper.height - margin + 1e-6
        for x, y in points
    )


@pytest.mark.parametrize(
    ("paper", "card", "cards", "pages", "pieces"),
    [
        ("a4", CardShape(), 57, 1, 1),
        ("letter", CardShape(), 57, 1, 1),
        ("a4", CardShape(ShapeKind.HEXAGON, 70.0), 90, 1, 1),
        ("a4", CardShape(ShapeKind.SQUARE, 94.0), 31, 1, 1),
        ("a5", CardShape(), 57, 2, 1),  # two pieces, one a sheet
        ("a5", CardShape(ShapeKind.CIRCLE, 65.0), 57, 1, 1),
        ("a4", CardShape(ShapeKind.CIRCLE, 120.0), 57, 2, 1),
        ("long", CardShape(), 57, 1, 2),  # two pieces on one long sheet
    ],
)
def test_the_net_fits_the_paper_whole_when_it_can(paper, card, cards, pages, pieces):
    sheet = PAPERS.get(paper, Paper("long", 140.0, 330.0))
    got = plan_box(card, cards, thickness=0.3, paper=sheet, margin=5.0, title="T", facts="")
    assert (len(got), len(got[0].pieces)) == (pages, pieces)
    assert all(_inside_paper(page, sheet, 5.0) for page in got)


def test_two_pieces_make_the_same_box():
    """Cut in two, the folds are as long as the whole net's: the fold where the pieces part
    (side to front) becomes the second seam flap's fold."""
    whole = _piece(count=1)
    halves = [_piece(count=2, k=k) for k in (0, 1)]
    length = sum(math.dist(f.start, f.end) for f in whole.folds)
    assert sum(math.dist(f.start, f.end) for p in halves for f in p.folds) == pytest.approx(length)
    # the same glue flaps, and a second seam flap
    assert sum(len(p.glue) for p in halves) == len(whole.glue) + 1 == 5


def test_a_box_too_big_for_the_paper_is_refused():
    with pytest.raises(DobbleError) as caught:
        plan_box(CardShape(), 57, thickness=0.3, paper=PAPERS["a6"], margin=5.0, title="", facts="")
    assert as_cli(caught.value) == (
        "--box does not fit on A6 paper for 85 mm cards, even in two pieces; "
        "choose larger paper (--paper), or leave --box out"
    )


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es", "it", "ja"])
@pytest.mark.parametrize("cards", [7, 57])
def test_every_part_name_prints_whole_and_the_walls_at_full_size(lang, cards):
    """No part's name is cut short with "…" (German "Seite" on the 4 mm side of a 7-card box
    printed "S…"), and the walls' corner names ("Vorderseite") are not shrunk."""
    said = {part: words(lang).pgettext("box", part) for part in ("front", "back", "side")}
    (page,) = plan_box(CardShape(), cards, thickness=0.3, paper=PAPERS["a4"], margin=5.0,
                       title="T", facts="", lang=lang)  # fmt: skip
    labels = [label for piece in page.pieces for label in piece.labels]
    parts = [label for label in labels if label.grey and label.max_width]
    assert parts and all(text_width(p.text, PART_LEAST) <= p.max_width for p in parts)
    corners = [label for label in parts if label.text in (said["front"], said["back"])]
    assert len(corners) == 2
    assert all(text_width(c.text, c.size) <= c.max_width for c in corners)
