"""Words among pictures: a photo is as large as the words beside it, and two words on a card are
clearly apart (issue 23, items 3 and 4). Measured on the placed pixels (layout.metrics)."""

from __future__ import annotations

import functools
import itertools
import math
import statistics
from pathlib import Path

import pytest

from dobble_print.card import CardShape
from dobble_print.deck.plane import build_deck
from dobble_print.layout.deck_layout import layout_deck
from dobble_print.layout.metrics import PPMM, _nearest, _outline, sample_placement
from dobble_print.symbols import find_sources, load_symbols

PHOTOS = Path(__file__).parents[1] / "data" / "photos"
WORDS = (
    "cat dog sun moon tree house fish bird car boat star frog snail dice ball kite cake lamp "
    "book shoe hat key bell rose apple pear plum ship bus owl horse lion bear"
).split()
CARD = CardShape(size=85.0)  # a circle (CardShape(85.0) made 85.0 its kind)
WORD_GAP = 2.5  # mm: the least room between two words, so that they never read as one


@functools.lru_cache(maxsize=2)
def _laid_out(tmp: Path, photos: bool):
    words = tmp / "words.txt"
    words.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    sources = [PHOTOS, words] if photos else [words]
    deck = build_deck(6)  # 31 cards of 6: with photos, 12 of them and 19 words
    symbols = load_symbols(find_sources(sources), need=31, max_px=300).symbols
    assert len(symbols) == 31
    return symbols, layout_deck(deck, symbols, card=CARD, seed=1)


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    return _laid_out(tmp_path_factory.mktemp("mixed"), True)


@pytest.fixture(scope="module")
def words_only(tmp_path_factory):
    return _laid_out(tmp_path_factory.mktemp("words"), False)


def _box(p) -> float:
    return math.sqrt(p.width * p.height)


def test_photos_are_at_least_as_large_as_the_words_beside_them(mixed):
    symbols, layouts = mixed
    ratios = []
    for layout in layouts:
        photos = [_box(p) for p in layout.placements if symbols[p.symbol].kind != "word"]
        words = [_box(p) for p in layout.placements if symbols[p.symbol].kind == "word"]
        if photos and words:
            ratios.append(statistics.median(photos) / statistics.median(words))
    assert len(ratios) > 10
    assert statistics.mean(ratios) >= 1.0, ratios
    assert sum(r >= 1.0 for r in ratios) >= 0.8 * len(ratios), ratios  # on most cards too


def _word_gaps(symbols, layouts) -> list[float]:
    radius = CARD.size / 2
    gaps = []
    for layout in layouts:
        words = [p for p in layout.placements if symbols[p.symbol].kind == "word"]
        outlines = [
            _outline(sample_placement(p, symbols[p.symbol], radius), radius, PPMM) for p in words
        ]
        least = math.inf
        for a, b in itertools.combinations(outlines, 2):
            least = _nearest(a, b, least)
        if math.isfinite(least):
            gaps.append(least)
    return gaps


@pytest.mark.parametrize("deck", ["mixed", "words_only"])
def test_two_words_on_a_card_are_clearly_apart(deck, request):
    symbols, layouts = request.getfixturevalue(deck)
    gaps = _word_gaps(symbols, layouts)
    assert gaps and min(gaps) >= WORD_GAP, sorted(gaps)[:5]
