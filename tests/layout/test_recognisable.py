"""The recognisable size (issue 23, item 2): the floor, the cards packed again for it, and the
cards still under it named with their picture and the fix."""

from __future__ import annotations

import collections
import math
from dataclasses import dataclass

import numpy as np
import pytest

from dobble_print.card import CardLayout, CardShape, Placement, ShapeKind
from dobble_print.deck.plane import build_deck, take_cards
from dobble_print.layout import Remedy, SmallSymbol, estimated_sizes, recognisable_size, too_small
from dobble_print.layout import deck_layout as layout
from dobble_print.layout.deck_layout import layout_deck
from dobble_print.layout.masks import shapes_of
from dobble_print.layout.metrics import card_metrics
from dobble_print.symbols.ink import measure_ink
from tests.layout.test_deck_layout import CARD, Pic, assert_well_placed, pic, symbols_for

# 1. The floor ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "per_card", "floor"),
    [
        (CardShape(), 8, 9.0),  # the retail game's card: 9 mm
        (CardShape(size=85.0), 6, 10.392),  # 9 × √(8/6)
        (CardShape(size=85.0), 12, 7.348),  # 9 × √(8/12)
        (CardShape(size=94.0), 8, 9.953),  # 9 × 94/85
        (CardShape(size=50.0), 12, 4.323),  # 9 × 50/85 × √(8/12)
        (CardShape(size=70.0), 10, 6.629),  # 9 × 70/85 × √(8/10)
        # other shapes by their area: a square of side 85 is 4/π of the 85 mm circle
        (CardShape(ShapeKind.SQUARE, 85.0), 8, 10.155),  # 9 × 2/√π
        (CardShape(ShapeKind.SQUARE, 85.0), 4, 14.362),
        # a hexagon 70 mm across the flats: 2√3 × 35² = 4243.5 mm²
        (CardShape(ShapeKind.HEXAGON, 70.0), 10, 6.961),  # 9 × √(4243.5 / 5674.5 × 0.8)
    ],
)
def test_the_floor_scales_with_the_room_each_symbol_has(card, per_card, floor):
    assert recognisable_size(card, per_card) == pytest.approx(floor, abs=5e-4)


# 2. Packed again ---------------------------------------------------------------------------------


def _smallest(shapes, lay: CardLayout) -> float:
    """The packer's own estimate of a card's smallest picture, mm."""
    return min(
        math.sqrt(p.width * p.height * shapes[p.symbol].ink_fraction) for p in lay.placements
    )


@pytest.mark.parametrize("with_ink", [False, True])
def test_a_card_whose_smallest_picture_is_under_the_floor_is_packed_again(monkeypatch, with_ink):
    """A card whose smallest picture is under the recognisable size is packed again from its own
    streams, ink known or not: the first packing to reach it is kept, else the one with the
    largest smallest picture after ``RECOGNISABLE_ATTEMPTS``; a card over it keeps its first
    packing, and a preview of a card is the build's card."""
    deck = take_cards(build_deck(6), 8)
    symbols = symbols_for("blob", 31, seed=4)
    shapes = shapes_of(symbols)
    ink = measure_ink([s.rgba for s in symbols]) if with_ink else None
    monkeypatch.setattr(layout, "RETRY_BELOW", 0.0)  # no card is packed again for its ink
    monkeypatch.setattr(layout, "SMALLEST_FILL", 1.0)  # nor for the relative size floor
    attempt, tries = layout._attempt, collections.defaultdict(list)

    def counted(index, job, rng):
        tries[index].append(attempt(index, job, rng))
        return tries[index][-1]

    monkeypatch.setattr(layout, "_attempt", counted)
    kw = {"card": CardShape(size=CARD), "seed": 3, "workers": 1, "ink": ink}
    monkeypatch.setattr(layout, "recognisable_size", lambda card, n: 0.0)
    plain = layout_deck(deck, symbols, **kw)
    assert all(len(t) == 1 for t in tries.values())
    floor = 18.0  # mm: blobs' smallest, 15-20 mm here, reach it on some packings, not on all
    monkeypatch.setattr(layout, "recognisable_size", lambda card, n: floor)
    tries.clear()
    again = layout_deck(deck, symbols, **kw)
    under = [i for i, lay in enumerate(plain) if _smallest(shapes, lay) < floor * (1 - 1e-6)]
    assert 0 < len(under) < len(plain)
    for i, packings in tries.items():
        sizes = [_smallest(shapes, lay) for lay in packings]
        assert packings[0] == plain[i]
        if i not in under:
            assert again[i] == plain[i] and len(packings) == 1
            continue
        reached = [k for k, size in enumerate(sizes) if size >= floor * (1 - 1e-6)]
        if reached:  # the first to reach it is kept, and no more are packed
            assert again[i] == packings[reached[0]] and len(packings) == reached[0] + 1
        else:
            assert len(packings) == layout.RECOGNISABLE_ATTEMPTS
            assert again[i] == packings[int(np.argmax(sizes))]
    assert any(_smallest(shapes, again[i]) >= floor * (1 - 1e-6) for i in under)
    assert_well_placed(again, symbols)
    assert layout_deck(deck, symbols, **kw, only=under[:1]) == (again[under[0]],)


def speck(rng: np.random.Generator, side: int = 300, dots: int = 30) -> Pic:
    """Scattered stars on transparency: too little ink to print large on any card."""
    ink = np.zeros((side, side), bool)
    yy, xx = np.mgrid[0:side, 0:side]
    for x, y in rng.uniform(0, side, (dots, 2)):
        ink |= np.hypot(xx - x, yy - y) < 2.5
    return pic(ink, rng)


def test_a_picture_that_could_not_reach_it_alone_on_the_card_is_not_waited_for(monkeypatch):
    """Scattered specks under the floor on every card they are on: no card is packed the
    ``RECOGNISABLE_ATTEMPTS`` times waiting for them (they could not print at the floor alone on
    the card, so no packing would reach it), and each card is named with them. (Their other
    symbols, kept within ``SPREAD`` of them, come close to the floor: those are packed again.)"""
    rng = np.random.default_rng(5)
    symbols = [speck(rng), *symbols_for("blob", 30, seed=4)]
    deck = take_cards(build_deck(6), 8)
    attempt, tries = layout._attempt, collections.Counter()

    def counted(index, job, rng):
        tries[index] += 1
        return attempt(index, job, rng)

    monkeypatch.setattr(layout, "_attempt", counted)
    laid = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=3, workers=1)
    with_speck = [i for i, card in enumerate(deck.cards) if 0 in card]
    assert with_speck and max(tries.values()) < layout.RECOGNISABLE_ATTEMPTS
    small = too_small(
        estimated_sizes(laid, symbols), laid, symbols, card=CardShape(size=CARD), safe_margin=3.0
    )
    assert [s.card for s in small] == with_speck
    assert {(s.symbol, s.remedy) for s in small} == {(0, Remedy.BOLDER_PICTURE)}


# 3. Named after the build ------------------------------------------------------------------------


def solid(side: int = 100) -> np.ndarray:
    rgba = np.zeros((side, side, 4), np.uint8)
    rgba[..., 3] = 255
    return rgba


def cut_out(paper: tuple[int, int, int]) -> np.ndarray:
    """A solid disc whose background, ``paper``, was removed: transparent, colours kept."""
    yy, xx = np.mgrid[0:100, 0:100] - 49.5
    rgba = np.zeros((100, 100, 4), np.uint8)
    rgba[..., :3] = paper
    disc = np.hypot(xx, yy) < 50
    rgba[disc] = (200, 40, 40, 255)
    return rgba


def sparse() -> np.ndarray:
    """100 dots on white (transparent) paper: 1/1600 of the box is ink."""
    rgba = np.full((400, 400, 4), 255, np.uint8)
    rgba[..., 3] = 0
    rgba[::40, ::40] = (0, 0, 0, 255)
    return rgba


@dataclass(frozen=True, eq=False)
class Photo(Pic):
    """A picture whose background may have been removed."""

    background_removed: bool = False


def _card(*symbols: int) -> CardLayout:
    return CardLayout(tuple(Placement(s, (0.0, 0.0), 10.0, 10.0, 0.0) for s in symbols))


def test_each_card_under_the_floor_names_its_smallest_picture_and_the_fix():
    """One line per card under the floor, naming the card (from 1), the picture's file name, how
    small it prints and the fix for why: a removed background, too thin or scattered ink, or too
    little room. Words and cards at the floor are not named."""
    symbols = [
        Pic(solid(), source="pics/cat.png"),
        Pic(sparse(), source="/home/me/stars.png"),
        Photo(cut_out((20, 30, 90)), source="photos/beach.jpg", background_removed=True),
        Pic(solid(), kind="word", source="words.txt:3"),
        Pic(solid(), source="pics/dog.png"),
    ]
    layouts = [_card(0, 4), _card(1, 0), _card(2, 0), _card(3, 0), _card(0, 4)]
    sizes = [[4.0, 12.0], [5.2, 12.0], [6.0, 12.0], [3.0, 12.0], [9.0, 12.0]]
    small = too_small(sizes, layouts, symbols, card=CardShape(size=85.0 / 2), safe_margin=3.0)
    # two symbols per card: the floor is 9 × 1/2 × √(8/2) = 9 mm
    assert [str(s) for s in small] == [
        'card 1: "cat.png" is too small to spot: its ink would fill only a 4 mm square (under '
        "9 mm); give the symbols more room: larger cards or a smaller safe margin",
        'card 2: "stars.png" is too small to spot: its ink would fill only a 5 mm square (under '
        "9 mm); it is too thin or scattered to print larger: use a bolder picture or leave it out",
        'card 3: "beach.jpg" is too small to spot: its ink would fill only a 6 mm square (under '
        "9 mm); its background was removed: keep the pictures' backgrounds",
    ]
    assert small[0] == SmallSymbol(0, 0, "cat.png", 4.0, 9.0, Remedy.MORE_ROOM)
    close = too_small([[8.6, 12.0]], layouts[:1], symbols, card=CardShape(size=42.5), safe_margin=3)
    assert "only a 8.6 mm square (under 9.0 mm)" in str(close[0])  # not "9 mm (under 9 mm)"


@pytest.mark.parametrize(
    ("symbol", "remedy"),
    [
        (Photo(cut_out((20, 30, 90)), background_removed=True), Remedy.KEEP_BACKGROUND),
        (Photo(cut_out((140, 140, 140)), background_removed=True), Remedy.KEEP_BACKGROUND),
        # white paper kept would print nothing more: the card is crowded
        (Photo(cut_out((250, 250, 250)), background_removed=True), Remedy.MORE_ROOM),
        (Photo(sparse(), background_removed=True), Remedy.BOLDER_PICTURE),
        (Pic(sparse()), Remedy.BOLDER_PICTURE),
        (Pic(solid()), Remedy.MORE_ROOM),
        (Pic(solid()[:4]), Remedy.BOLDER_PICTURE),  # a bar 25 times as long as it is thick
    ],
)
def test_the_fix_follows_why_the_picture_is_small(symbol, remedy):
    """A removed background that would print is the fix; else a picture that alone on the card
    could not print at twice the floor (here 12.7 mm) is too thin or scattered; else the card is
    crowded."""
    [small] = too_small([[4.0]], [_card(0)], [symbol], card=CardShape(size=42.5), safe_margin=3.0)
    assert small.remedy is remedy


def test_the_estimated_sizes_are_the_measured_ones_within_sampling():
    """What the app judges by when it does not measure the cards: within 3 % of the measured."""
    deck = take_cards(build_deck(6), 4)
    symbols = symbols_for("mix", 31, seed=2)
    laid = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=1, workers=1)
    for lay, estimated in zip(laid, estimated_sizes(laid, symbols), strict=True):
        measured = card_metrics(lay, symbols, shape=CardShape(size=CARD)).sizes
        assert np.allclose(estimated, measured, rtol=0.03), (estimated, measured)
