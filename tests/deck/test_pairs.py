"""Small decks for any size: every symbol on two cards, checked exhaustively for 3 … 20 per card,
and planned where no plane exists (7, 11, … per card)."""

from __future__ import annotations

import itertools

import pytest

from dobble_print.deck import deck_options
from dobble_print.deck.pairs import build_pair_deck, pair_card_count, pair_symbol_count
from dobble_print.errors import DobbleError
from dobble_print.pipeline.planning import plan_deck
from tests.support.messages import as_cli


@pytest.mark.parametrize("n", range(3, 21))
def test_every_two_cards_share_exactly_one_symbol(n):
    deck = build_pair_deck(n)
    sets = [set(card) for card in deck.cards]  # plain sets: independent of verify_deck
    assert len(sets) == n + 1 == pair_card_count(n)
    assert all(len(s) == n for s in sets)
    assert all(len(a & b) == 1 for a, b in itertools.combinations(sets, 2))
    on = [sum(x in s for s in sets) for x in range(deck.symbol_count)]
    assert on == [2] * (n * (n + 1) // 2) and deck.symbol_count == pair_symbol_count(n)
    assert deck.symbols_per_card == n


def test_seven_per_card_on_28_pictures_is_an_eight_card_deck():
    deck, why = plan_deck(7, None, 28)  # on the old code: "7 symbols per card is impossible"
    assert (len(deck.cards), deck.symbol_count, deck.symbols_per_card) == (8, 28, 7)
    assert str(why) == (
        "28 pictures, 7 per card gives a small 8-card deck, each picture on two cards (no full "
        "deck has 7 per card)"
    )


def test_a_pair_deck_can_be_cut_to_fewer_cards():
    deck, why = plan_deck(11, 5, 70)
    assert len(deck.cards) == 5 and all(len(card) == 11 for card in deck.cards)
    assert str(why).endswith("; 5 of the 12 cards printed")


def test_too_few_pictures_for_a_pair_deck_say_how_many_it_needs():
    with pytest.raises(DobbleError) as err:
        plan_deck(7, None, 20)
    assert as_cli(err.value) == (
        "sources: -n 7 needs more pictures: no full deck has 7 per card, and the small deck of 8 "
        "cards with each on two cards needs 28 pictures; 20 pictures give no card; add 8 "
        "pictures or use -n 5"  # the tool's own choice, 16 cards (was -n 4: 13)
    )


def test_plan_lists_pair_decks_beside_the_planes():
    said = [o.describe() for o in deck_options(70, larger=0)]
    assert said == [
        "2 per card gives the full 3-card deck",
        "3 per card gives the full 7-card deck",
        "4 per card gives the full 13-card deck",
        "5 per card gives the full 21-card deck",
        "6 per card gives the full 31-card deck",
        "7 per card gives a small 8-card deck, each picture on two cards",
        "8 per card gives the full 57-card deck",
        "11 per card gives a small 12-card deck, each picture on two cards",
    ]
