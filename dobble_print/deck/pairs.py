"""Small decks for any number of symbols per card: every symbol on exactly two cards.

No projective plane is known with 7, 11, 13, 15 or 16 symbols a card (orders 6, 10, 12, 14, 15),
so no full deck of that size exists. But a deck needs only that any two cards share exactly one
symbol, and one family does that for every N: take N + 1 cards and give each *pair* of cards a
symbol of its own. Each card then meets each of the N others once, so it holds N symbols; the deck
has N + 1 cards and N(N + 1)/2 symbols, each on two cards (the edges of the complete graph on the
cards). It is a small deck — 8 cards of 7 for 28 pictures — for a young child or a quick round,
and the only deck there is for a size no plane has.

Examples:
    >>> build_pair_deck(3).cards
    ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5))
    >>> pair_symbol_count(7), len(build_pair_deck(7).cards)
    (28, 8)
"""

from __future__ import annotations

import itertools

import numpy as np

from dobble_print.deck.plane import Deck, incidence, verify_deck
from dobble_print.errors import DobbleError
from dobble_print.language import N_

MAX_PAIR_SIZE = 32  # as the largest plane: a card shows at most 32 symbols


def pair_symbol_count(symbols_per_card: int) -> int:
    """Symbols (pictures) the pair deck with N per card uses: N(N + 1)/2."""
    return symbols_per_card * (symbols_per_card + 1) // 2


def pair_card_count(symbols_per_card: int) -> int:
    """Cards in the pair deck with N per card: N + 1."""
    return symbols_per_card + 1


def build_pair_deck(symbols_per_card: int) -> Deck:
    """Build and verify the deck of N + 1 cards in which every symbol is on exactly two cards.

    Symbols are numbered in the order of the pairs of cards they join: (0, 1), (0, 2), …, (1, 2), …

    Raises:
        DobbleError: when N is under 2 or over :data:`MAX_PAIR_SIZE`.
    """
    n = symbols_per_card
    if not 2 <= n <= MAX_PAIR_SIZE:
        raise DobbleError(
            N_(
                "{n} symbols per card is out of range; a deck has 2 to {most} per card",
                n=n,
                most=MAX_PAIR_SIZE,
            )
        )
    on: list[list[int]] = [[] for _ in range(n + 1)]
    for symbol, (a, b) in enumerate(itertools.combinations(range(n + 1), 2)):
        on[a].append(symbol)
        on[b].append(symbol)
    deck = Deck(
        order=n - 1, cards=tuple(tuple(card) for card in on), symbol_count=pair_symbol_count(n)
    )
    verify_pair_deck(deck)
    return deck


def verify_pair_deck(deck: Deck) -> None:
    """The one-match rule over every pair of cards, and every symbol on exactly two cards.

    Raises:
        ValueError: on any violation (a bug: the deck is built, not given).
    """
    verify_deck(deck, full=False)
    per_symbol = incidence(deck).sum(axis=0)
    if len(per_symbol) != deck.symbol_count or np.any(per_symbol != 2):
        s = int(np.argmax(per_symbol != 2)) if len(per_symbol) else 0
        raise ValueError(f"symbol {s} is not on exactly 2 cards")
