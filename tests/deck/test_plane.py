"""The deck: every supported size verified exhaustively against an independent oracle."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from dobble_print.deck.plane import (
    Deck,
    build_deck,
    card_count,
    check_symbols_per_card,
    supported_sizes,
    take_cards,
    verify_deck,
)
from dobble_print.errors import DobbleError
from tests.support.messages import as_cli

SUPPORTED = (2, 3, 4, 5, 6, 8, 9, 10, 12, 14, 17, 18, 20, 24, 26, 28, 30, 32)


def test_supported_sizes_are_prime_powers_plus_one():
    assert supported_sizes() == SUPPORTED


def _oracle(deck: Deck) -> None:
    """Independent of verify_deck: plain sets, every pair of cards."""
    n = deck.symbols_per_card
    sets = [set(c) for c in deck.cards]
    assert all(len(s) == n for s in sets)
    for a, b in itertools.combinations(sets, 2):
        assert len(a & b) == 1
    counts = [0] * deck.symbol_count
    for s in sets:
        for x in s:
            counts[x] += 1
    assert counts == [n] * deck.symbol_count


@pytest.mark.parametrize("n", SUPPORTED)
def test_every_supported_deck_is_a_projective_plane(n):
    deck = build_deck(n)
    assert len(deck.cards) == card_count(n) == n * n - n + 1
    assert deck.symbol_count == len(deck.cards)
    assert sorted({s for c in deck.cards for s in c}) == list(range(deck.symbol_count))
    _oracle(deck)


def test_mod_n_arithmetic_would_fail_for_order_4():
    """The reason galois is needed: lines y = m·x + b mod 4 do not form a plane."""
    n = 4
    cards = [
        tuple(sorted({x * n + (m * x + b) % n for x in range(n)} | {n * n + m}))
        for m in range(n)
        for b in range(n)
    ]
    with pytest.raises(ValueError):
        verify_deck(Deck(order=n, cards=tuple(cards), symbol_count=n * n + n + 1), full=False)


@pytest.mark.parametrize(
    ("n", "message"),
    [
        (
            7,
            "7 symbols per card cannot be made (it is proven that no such deck exists); "
            "nearest: "
            "6 per card (31 cards) or 8 per card (57 cards)",
        ),
        (
            11,
            "11 symbols per card cannot be made (it is proven that no such deck exists); "
            "nearest: "
            "10 per card (91 cards) or 12 per card (133 cards)",
        ),
        (
            13,
            "13 symbols per card cannot be made (no one knows how to make such a deck); "
            "nearest: 12 per card (133 cards) or 14 per card (183 cards)",
        ),
        (
            15,
            "15 symbols per card cannot be made (it is proven that no such deck exists); "
            "nearest: "
            "14 per card (183 cards) or 17 per card (273 cards)",
        ),
        (
            16,
            "16 symbols per card cannot be made (no one knows how to make such a deck); "
            "nearest: 14 per card (183 cards) or 17 per card (273 cards)",
        ),
        (
            19,
            "19 symbols per card cannot be made (no one knows how to make such a deck); "
            "nearest: 18 per card (307 cards) or 20 per card (381 cards)",
        ),
        (
            22,
            "22 symbols per card cannot be made (it is proven that no such deck exists); "
            "nearest: "
            "20 per card (381 cards) or 24 per card (553 cards)",
        ),
        (1, "1 symbol per card is too few; a deck needs at least 2 per card"),
        (0, "0 symbols per card is too few; a deck needs at least 2 per card"),
        (
            33,
            "33 symbols per card is more than the largest supported size, 32 per card (993 cards)",
        ),
    ],
)
def test_impossible_sizes_say_why_and_what_is_near(n, message):
    with pytest.raises(DobbleError) as err:
        check_symbols_per_card(n)
    assert str(err.value) == message


@pytest.mark.parametrize("n", [n for n in range(2, 34) if n not in SUPPORTED])
def test_every_unsupported_size_is_refused(n):
    with pytest.raises(DobbleError):
        build_deck(n)


@pytest.mark.parametrize("n", [3, 8, 10])
@pytest.mark.parametrize("keep", [1, 2, 5])
def test_take_cards_keeps_the_one_match_rule(n, keep):
    deck = build_deck(n)
    small = take_cards(deck, min(keep, len(deck.cards)))
    for a, b in itertools.combinations(small.cards, 2):
        assert len(set(a) & set(b)) == 1
    assert sorted({s for c in small.cards for s in c}) == list(range(small.symbol_count))


def test_take_55_cards_like_the_retail_game():
    small = take_cards(build_deck(8), 55)
    assert len(small.cards) == 55
    verify_deck(small, full=False)


@pytest.mark.parametrize("k", [0, -1, 58])
def test_take_cards_out_of_range(k):
    with pytest.raises(DobbleError) as err:
        take_cards(build_deck(8), k)
    assert as_cli(err.value) == (
        f"--cards {k} is out of range: a deck with 8 symbols per card has 1 to 57 cards"
    )


def test_verifier_catches_a_broken_deck():
    deck = build_deck(4)
    broken = Deck(deck.order, (deck.cards[1],) + deck.cards[1:], deck.symbol_count)
    with pytest.raises(ValueError, match="share 4 symbols"):
        verify_deck(broken)


def test_no_deck_imports_galois():
    """Importing galois and building its first field of a characteristic cost 2-2.5 s a build:
    a deck of 5 (25 photos) or 9 a card paid it every time. No size of deck imports it now."""
    import subprocess
    import sys

    code = (
        "import sys; from dobble_print.deck.plane import build_deck, supported_sizes; "
        "[build_deck(n) for n in supported_sizes()]; print('galois' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_shipped_field_tables_are_galoiss():
    """``data/fields/tables.json`` (``tools/field_tables.py``): for every order the decks need
    that is a prime power but not a prime, galois's own field, its addition and multiplication
    tables element for element, so the decks are those galois gave."""
    import json

    import galois

    from dobble_print.deck.plane import FIELDS, MAX_ORDER, prime_power

    shipped = json.loads(FIELDS.read_text(encoding="utf-8"))
    assert shipped["galois"] == galois.__version__
    orders = [q for q in range(2, MAX_ORDER + 1) if (prime_power(q) or (0, 0))[1] > 1]
    assert sorted(map(int, shipped["fields"])) == orders == [4, 8, 9, 16, 25, 27]
    for q in orders:
        field, table = galois.GF(q), shipped["fields"][str(q)]
        e = field.elements
        assert table["irreducible_poly"] == str(field.irreducible_poly)
        assert np.array_equal(table["add"], np.asarray(e[:, None] + e[None, :]))
        assert np.array_equal(table["mul"], np.asarray(e[:, None] * e[None, :]))


def test_shuffled_cards_are_the_same_cards_in_a_seeded_order():
    from dobble_print.deck.plane import shuffle_cards

    deck = build_deck(8)
    a, b, c = shuffle_cards(deck, 1), shuffle_cards(deck, 1), shuffle_cards(deck, 2)
    assert a == b and a.cards != c.cards and a.cards != deck.cards
    assert sorted(a.cards) == sorted(deck.cards)
    # the first six cards (one A4 sheet) no longer all show the same symbol
    assert len(set.intersection(*(set(card) for card in a.cards[:6]))) == 0
