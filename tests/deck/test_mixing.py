"""Mixing: pictures are assigned to the plane's points so that no card draws only the pictures
that print little ink."""

from __future__ import annotations

import numpy as np
import pytest

from dobble_print.deck.choice import best_partial_deck
from dobble_print.deck.mixing import mix
from dobble_print.deck.plane import build_deck, supported_sizes, verify_deck


def card_sums(deck, w):
    return np.array([w[list(card)].sum() for card in deck.cards])


@pytest.mark.parametrize("n", [s for s in supported_sizes() if 3 <= s <= 14])
def test_a_mixed_full_deck_is_the_same_plane_relabelled(n):
    deck = build_deck(n)
    w = np.random.default_rng(n).uniform(0.3, 1.0, deck.symbol_count)
    mixed = mix(deck, w, seed=1)
    verify_deck(mixed)  # one match per pair, every symbol on n cards
    assert mixed.symbol_count == deck.symbol_count and len(mixed.cards) == len(deck.cards)
    # A relabelling of the points keeps the sum of squared card sums (each pair of points is on
    # exactly one card), so only how the sums are spread can change, and the worst one rises.
    before, after = card_sums(deck, w), card_sums(mixed, w)
    assert (after**2).sum() == pytest.approx((before**2).sum())
    assert after.min() > before.min()


def test_a_partial_deck_stays_valid_when_mixed():
    deck = best_partial_deck(8, 40)
    w = np.random.default_rng(0).uniform(0.3, 1.0, deck.symbol_count)
    mixed = mix(deck, w, seed=3)
    verify_deck(mixed, full=False)
    assert sorted({s for c in mixed.cards for s in c}) == list(range(deck.symbol_count))


def test_a_card_of_only_faint_pictures_is_broken_up():
    deck = build_deck(8)
    w = np.full(deck.symbol_count, 0.9)
    w[list(deck.cards[0])] = 0.3  # the first card draws all eight faint pictures
    mixed = mix(deck, w, seed=1)
    assert card_sums(deck, w).min() == pytest.approx(8 * 0.3)
    assert card_sums(mixed, w).min() >= 8 * 0.9 - 2 * 0.6  # no card keeps more than two


def test_mixing_is_deterministic_for_a_seed_and_even_weights_change_nothing():
    deck = build_deck(6)
    w = np.random.default_rng(5).uniform(0.3, 1.0, deck.symbol_count)
    assert mix(deck, w, seed=4) == mix(deck, w, seed=4)
    assert mix(deck, np.ones(deck.symbol_count), seed=4) == deck


def rgba(ink: np.ndarray, colour=(200, 30, 30)) -> np.ndarray:
    out = np.zeros((*ink.shape, 4), np.uint8)
    out[ink] = (*colour, 255)
    return out
