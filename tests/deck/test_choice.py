"""Any number of pictures: the decks they can make, verified."""

from __future__ import annotations

import itertools

import pytest

from dobble_print.deck.choice import best_partial_deck, card_bound, choose_option, deck_options
from dobble_print.deck.plane import card_count
from dobble_print.errors import DobbleError
from dobble_print.pipeline.planning import plan_deck
from tests.support.messages import as_cli


def _one_match(deck) -> bool:
    return all(len(set(a) & set(b)) == 1 for a, b in itertools.combinations(deck.cards, 2))


@pytest.mark.parametrize(
    ("pictures", "n", "cards"),
    [(7, 3, 7), (50, 6, 31), (56, 8, 49), (57, 8, 57), (100, 10, 91), (20, 5, 16), (3, 2, 3)],
)
def test_choice_takes_the_most_cards(pictures, n, cards):
    option = choose_option(pictures)
    assert (option.symbols_per_card, option.cards) == (n, cards)


@pytest.mark.parametrize("pictures", [7, 50, 56, 100])
def test_planned_decks_are_valid(pictures):
    deck, why = plan_deck(None, None, pictures)
    assert deck.symbol_count <= pictures
    assert all(len(c) == deck.symbols_per_card for c in deck.cards)
    assert _one_match(deck)
    assert str(why).startswith(f"{pictures} pictures: ")


def test_fifty_pictures_summary_is_honest():
    _, why = plan_deck(None, None, 50)
    assert str(why) == (
        "50 pictures: 6 per card gives the full 31-card deck (the most cards); "
        "8 per card gives 22 cards (7 more pictures give the full 57-card deck)"
    )


@pytest.mark.parametrize("pictures", [56, 53, 50, 49])
def test_partial_classic_deck_reaches_the_arc_bound(pictures):
    """Dropping d ≤ 8 symbols of the order-7 plane as an arc keeps 57 − (8d − d(d−1)/2) cards."""
    deck = best_partial_deck(8, pictures)
    d = 57 - pictures
    assert len(deck.cards) == 57 - (8 * d - d * (d - 1) // 2) == card_bound(8, pictures)
    assert _one_match(deck)


@pytest.mark.parametrize("pictures", range(3, 40))
def test_every_small_count_gives_a_verified_deck(pictures):
    option = choose_option(pictures)
    deck, _ = plan_deck(None, None, pictures)
    assert len(deck.cards) == option.cards >= 3
    assert deck.symbol_count <= pictures
    assert _one_match(deck)
    assert len(deck.cards) <= card_bound(deck.symbols_per_card, pictures)


def test_explicit_n_with_too_few_pictures_builds_a_partial_deck():
    deck, why = plan_deck(8, None, 50)
    assert len(deck.cards) == 22
    assert (
        str(why) == "50 pictures, 8 per card: 22 of 57 cards (7 more pictures give the full deck)"
    )


def test_retail_55_cards():
    deck, _ = plan_deck(8, 55, 57)
    assert len(deck.cards) == 55 and _one_match(deck)


@pytest.mark.parametrize("pictures", [0, 1, 2])
def test_too_few_pictures(pictures):
    with pytest.raises(DobbleError) as err:
        plan_deck(None, None, pictures, where="pics")
    noun = "picture" if pictures == 1 else "pictures"
    assert as_cli(err.value) == (
        f"pics: {pictures} {noun} cannot make a deck; the smallest deck needs 3 pictures "
        "(3 cards of 2 symbols)"
    )


def test_options_list_full_decks_then_one_partial():
    options = deck_options(50, pairs=False)  # pair decks: tests/deck/test_pairs.py
    assert [o.symbols_per_card for o in options] == [2, 3, 4, 5, 6, 8]
    assert all(o.full for o in options[:-1]) and not options[-1].full
    assert (
        options[-1].describe() == "8 per card gives 22 cards (7 more pictures give the full "
        "57-card deck)"
    )
    assert card_count(8) == 57


def test_cards_beyond_a_partial_deck_say_how_many_pictures_more():
    with pytest.raises(DobbleError) as err:
        plan_deck(10, 90, 57)
    assert as_cli(err.value) == (
        "--cards 90 is out of range: 57 pictures give 1 to 9 cards of 10 symbols; "
        "34 more pictures give all 91"
    )
