"""Size ranks: every card has each rank once, every symbol each rank once over its cards, and
balancing them by the pictures' printed shares raises the palest cards without breaking that."""

from __future__ import annotations

import collections

import numpy as np
import pytest

from dobble_print.deck.plane import build_deck, supported_sizes, take_cards
from dobble_print.layout.ranks import _kempe, balance_ranks, rank_sizes, size_ranks


def expected_ink(cards, ranks, shares) -> np.ndarray:
    """Each card's Σ rank area × share, the areas of a card's ranks summing to 1."""
    out = []
    for card, card_ranks in zip(cards, ranks, strict=True):
        area = rank_sizes(len(card)) ** 2
        area = area / area.sum()
        out.append(sum(area[r] * shares[s] for s, r in zip(card, card_ranks, strict=True)))
    return np.array(out)


def ranks_by_symbol(cards, ranks) -> dict[int, list[int]]:
    per_symbol = collections.defaultdict(list)
    for card, card_ranks in zip(cards, ranks, strict=True):
        for s, r in zip(card, card_ranks, strict=True):
            per_symbol[s].append(r)
    return per_symbol


@pytest.mark.parametrize(
    ("count", "ratio", "expected"),
    [
        (1, 2.0, [1.0]),
        (2, 2.0, [1.0, 0.5]),
        (3, 4.0, [1.0, 0.5, 0.25]),
        (5, 16.0, [1.0, 0.5, 0.25, 0.125, 0.0625]),
    ],
)
def test_rank_sizes_step_geometrically(count, ratio, expected):
    assert rank_sizes(count, ratio) == pytest.approx(expected)


@pytest.mark.parametrize("n", supported_sizes()[1:])
def test_size_ranks_every_symbol_gets_every_rank_once(n):
    deck = build_deck(n)
    ranks = size_ranks(deck.cards, np.random.default_rng(n))
    per_symbol = collections.defaultdict(list)
    for card, card_ranks in zip(deck.cards, ranks, strict=True):
        assert sorted(card_ranks) == list(range(n))
        for s, r in zip(card, card_ranks, strict=True):
            per_symbol[s].append(r)
    assert all(sorted(r) == list(range(n)) for r in per_symbol.values())


def test_size_ranks_on_part_of_a_deck_are_distinct_per_symbol():
    deck = take_cards(build_deck(8), 20)
    ranks = size_ranks(deck.cards, np.random.default_rng(0))
    per_symbol = collections.defaultdict(list)
    for card, card_ranks in zip(deck.cards, ranks, strict=True):
        assert sorted(card_ranks) == list(range(8))
        for s, r in zip(card, card_ranks, strict=True):
            per_symbol[s].append(r)
    assert all(len(set(r)) == len(r) for r in per_symbol.values())


@pytest.mark.parametrize("n", supported_sizes()[1:])
def test_balanced_ranks_keep_every_rank_once_per_card_and_per_symbol(n):
    deck = build_deck(n)
    shares = np.random.default_rng(n).uniform(0.3, 1.0, deck.symbol_count)
    plain = size_ranks(deck.cards, np.random.default_rng(n))
    ranks = balance_ranks(deck.cards, plain, shares, np.random.default_rng(0))
    for card_ranks in ranks:
        assert sorted(card_ranks) == list(range(n))
    assert all(sorted(r) == list(range(n)) for r in ranks_by_symbol(deck.cards, ranks).values())
    # Each symbol keeps its ranks, so the deck's total expected ink cannot change: only its
    # spread over the cards, and the palest card rises.
    before = expected_ink(deck.cards, plain, shares)
    after = expected_ink(deck.cards, ranks, shares)
    assert after.sum() == pytest.approx(before.sum())
    if n > 3:  # the 7 cards of 3 may have no better colouring
        assert after.min() > before.min()


def test_balanced_ranks_on_part_of_a_deck_stay_distinct_per_symbol():
    deck = take_cards(build_deck(8), 20)
    shares = np.random.default_rng(1).uniform(0.3, 1.0, deck.symbol_count)
    plain = size_ranks(deck.cards, np.random.default_rng(0))
    ranks = balance_ranks(deck.cards, plain, shares, np.random.default_rng(0))
    for card_ranks in ranks:
        assert sorted(card_ranks) == list(range(8))
    assert all(len(set(r)) == len(r) for r in ranks_by_symbol(deck.cards, ranks).values())
    assert (
        expected_ink(deck.cards, ranks, shares).min()
        > expected_ink(deck.cards, plain, shares).min()
    )


def test_balancing_is_deterministic_and_leaves_equal_shares_alone():
    deck = build_deck(6)
    shares = np.random.default_rng(5).uniform(0.3, 1.0, deck.symbol_count)
    plain = size_ranks(deck.cards, np.random.default_rng(0))
    first = balance_ranks(deck.cards, plain, shares, np.random.default_rng(9))
    assert first == balance_ranks(deck.cards, plain, shares, np.random.default_rng(9))
    flat = np.full(deck.symbol_count, 0.7)
    assert balance_ranks(deck.cards, plain, flat, np.random.default_rng(9)) == plain


def kempe_by_search(cards, ranks, c, a, b) -> set[tuple[int, int, int]]:
    """The two-colour component of card ``c``'s rank-``a`` placement, by a plain search: the
    placements of ranks a and b, joined when they share a card or a symbol."""
    placed = {
        (ci, s, r)
        for ci, (card, rk) in enumerate(zip(cards, ranks, strict=True))
        for s, r in zip(card, rk, strict=True)
        if r in (a, b)
    }
    start = [p for p in placed if p[0] == c and p[2] == a]
    seen, todo = set(start), list(start)
    while todo:
        ci, s, _ = todo.pop()
        for p in placed - seen:
            if p[0] == ci or p[1] == s:
                seen.add(p)
                todo.append(p)
    return seen


@pytest.mark.parametrize("count", [57, 20])  # a full deck (cycles) and part of one (paths too)
def test_kempe_chain_is_the_whole_two_colour_component_each_placement_once(count):
    deck = take_cards(build_deck(8), count)
    ranks = size_ranks(deck.cards, np.random.default_rng(3))
    symbol_at = [[-1] * 8 for _ in deck.cards]
    card_at: dict[int, list[int]] = collections.defaultdict(lambda: [-1] * 8)
    for ci, (card, rk) in enumerate(zip(deck.cards, ranks, strict=True)):
        for s, r in zip(card, rk, strict=True):
            symbol_at[ci][r] = s
            card_at[s][r] = ci
    rng = np.random.default_rng(4)
    for _ in range(40):
        c = int(rng.integers(count))
        a, b = (int(x) for x in rng.choice(8, 2, replace=False))
        chain = _kempe(symbol_at, card_at, c, a, b)
        assert len(chain) == len(set(chain))
        assert set(chain) == kempe_by_search(deck.cards, ranks, c, a, b)
