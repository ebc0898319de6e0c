"""Which face each card shows: every symbol's faces dealt as evenly as its cards allow, cards
evened out, the same for a seed."""

from __future__ import annotations

from collections import Counter

import pytest

from dobble_print.deck import assign_faces, build_deck, take_cards


def _counts(cards, shown):
    per_symbol: dict[int, Counter] = {}
    for card, faces in zip(cards, shown, strict=True):
        for s, f in zip(card, faces, strict=True):
            per_symbol.setdefault(s, Counter())[f] += 1
    return per_symbol


@pytest.mark.parametrize("n", [3, 4, 5, 6, 8])
@pytest.mark.parametrize("faces", [1, 2, 3, 4])
def test_every_symbol_shows_each_face_on_an_equal_share(n, faces):
    deck = build_deck(n)
    shown = assign_faces(deck.cards, faces, seed=3)
    for s, count in _counts(deck.cards, shown).items():
        on = sum(1 for card in deck.cards if s in card)
        got = [count[f] for f in range(faces)]
        assert sum(got) == on
        assert max(got) - min(got) <= 1, (s, got)


@pytest.mark.parametrize(("n", "faces"), [(6, 2), (8, 2), (5, 3), (8, 4)])
def test_cards_are_evened_out(n, faces):
    """A card of 6 with two faces shows 3 and 3, or 4 and 2 where the symbols' shares force it."""
    deck = build_deck(n)
    shown = assign_faces(deck.cards, faces, seed=1)
    worst = max(max(Counter(row).get(f, 0) for f in range(faces)) for row in shown)
    assert worst <= -(-n // faces) + 1


def test_a_partial_deck_too():
    deck = take_cards(build_deck(8), 20)
    shown = assign_faces(deck.cards, 2, seed=5)
    for count in _counts(deck.cards, shown).values():
        assert abs(count[0] - count[1]) <= 1


def test_the_same_seed_gives_the_same_faces_and_another_seed_others():
    cards = build_deck(6).cards
    assert assign_faces(cards, 2, seed=7) == assign_faces(cards, 2, seed=7)
    assert assign_faces(cards, 2, seed=7) != assign_faces(cards, 2, seed=8)


def test_no_faces_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        assign_faces(build_deck(3).cards, 0, seed=1)
