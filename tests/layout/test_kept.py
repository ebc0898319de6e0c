"""What the layout stage derives from a shape or a symbol is kept while that object lives, and
goes with it: a build holds no packing shape once its cards are laid out, and measuring keeps
no symbol alive after the build."""

from __future__ import annotations

import gc
import weakref

import numpy as np

from dobble_print.card import CardShape
from dobble_print.deck.plane import build_deck, take_cards
from dobble_print.layout import deck_layout, metrics
from dobble_print.layout.kept import per_object
from dobble_print.layout.metrics import card_metrics
from tests.layout.test_deck_layout import CARD, blob


class _Thing:
    pass


def test_a_result_is_made_once_per_object_and_arguments_and_goes_with_the_object():
    made = []

    @per_object
    def double(thing: _Thing, k: int) -> list[int]:
        made.append(k)
        return [2 * k]

    a, b = _Thing(), _Thing()
    assert double(a, 1) == [2] and double(a, 1) is double(a, 1)
    assert double(a, 2) == [4] and double(b, 1) == [2]
    assert made == [1, 2, 1]  # once for each (object, arguments)
    del a
    gc.collect()
    assert list(double.kept.values()) == [{(1,): [2]}]  # b's only
    del b
    gc.collect()
    assert len(double.kept) == 0


def test_no_packing_shape_outlives_the_layout_and_no_symbol_its_measuring(monkeypatch):
    """The shapes' outlines (tightening) and the symbols' ink codes (measuring) were kept by
    module-level caches, keyed by the shape or symbol itself: the shapes (their pyramids and
    summed-area tables, ~25 MB for the classic deck) stayed through writing the PDF, and up to
    1,024 symbols' pixels stayed after the build."""
    made: list[weakref.ref] = []
    real = deck_layout.shapes_of

    def shapes_of(symbols):
        shapes = real(symbols)
        made.extend(weakref.ref(shape) for shape in shapes)
        return shapes

    monkeypatch.setattr(deck_layout, "shapes_of", shapes_of)
    rng = np.random.default_rng(4)
    deck = take_cards(build_deck(4), 6)
    symbols = [blob(rng, 120) for _ in range(deck.symbol_count)]
    layouts = deck_layout.layout_deck(deck, symbols, card=CardShape(size=CARD), seed=3, workers=1)
    gc.collect()
    assert made and all(ref() is None for ref in made)
    card_metrics(layouts[0], symbols, shape=CardShape(size=CARD))
    measured = [s for s in symbols if s in metrics._ink_codes.kept]
    assert measured  # kept while the symbols live
    gone = [weakref.ref(s) for s in measured]
    del symbols, measured
    gc.collect()
    assert all(ref() is None for ref in gone)
