"""The deck: which symbols go on which card, as a finite projective plane.

A projective plane of order ``n`` has ``n² + n + 1`` points and as many lines; every line holds
``n + 1`` points, every point lies on ``n + 1`` lines, and any two lines meet in exactly one point.
Read lines as cards and points as symbols and you have a Spot it!/Dobble deck with ``N = n + 1``
symbols per card.

Notes:
    The plane is built from the field GF(n), which exists when ``n`` is a prime power. Affine points
    ``(x, y)`` are symbols ``x·n + y``; the ``n + 1`` points at infinity (one per slope, plus the
    vertical direction) are symbols ``n²`` … ``n² + n``. Cards are the lines ``y = m·x + b``
    (each with its slope's point at infinity), the verticals ``x = c``, and the line at infinity.
    When ``n`` is prime, GF(n) is plain arithmetic mod ``n``; for ``n = p^k`` with ``k > 1``
    (4, 8, 9, 16, 25, 27) mod-``n`` arithmetic is *not* a field and gives invalid decks, so the
    tables are galois's: made once by ``tools/field_tables.py`` and shipped
    (``data/fields/tables.json``), because importing galois and building a field cost every
    such build 2-2.5 s. Every deck is verified as it is built.

References:
    Dembowski, *Finite Geometries* (1968), §1.4; Bruck & Ryser (1949) for the orders that
    cannot exist.

Examples:
    >>> build_deck(3).cards
    ((4, 5, 6), (0, 2, 4), (1, 3, 4), (0, 3, 5), (1, 2, 5), (0, 1, 6), (2, 3, 6))
    >>> len(build_deck(8).cards), build_deck(8).symbol_count
    (57, 57)
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dobble_print.errors import DobbleError, OptionError
from dobble_print.language import N_, Msg, Nn_
from dobble_print.seeds import Stream, generator

MAX_ORDER = 31
# GF(pᵏ)'s tables for the orders 4, 8, 9, 16, 25, 27, from galois (tools/field_tables.py)
FIELDS = Path(__file__).resolve().parent.parent / "data" / "fields" / "tables.json"


@dataclass(frozen=True)
class Deck:
    """Cards as tuples of 0-based symbol indices.

    Attributes:
        order: the plane's order ``n`` (``symbols_per_card - 1``).
        cards: one tuple of symbol indices per card, each sorted.
        symbol_count: how many distinct symbols the cards use.
    """

    order: int
    cards: tuple[tuple[int, ...], ...]
    symbol_count: int

    @property
    def symbols_per_card(self) -> int:
        return self.order + 1


def prime_power(n: int) -> tuple[int, int] | None:
    """``(p, k)`` with ``n == p**k`` for a prime ``p``, else None.

    Trial division rather than ``galois.is_prime_power``: importing galois costs 1-2 s, and no
    build imports it (the fields' tables are shipped).
    """
    if n < 2:
        return None
    p = next(d for d in range(2, n + 1) if n % d == 0)
    k = 0
    while n % p == 0:
        n //= p
        k += 1
    return (p, k) if n == 1 else None


def supported_sizes() -> tuple[int, ...]:
    """Every supported number of symbols per card, smallest first (2, 3, 4, 5, 6, 8, …, 32)."""
    return (2,) + tuple(n + 1 for n in range(2, MAX_ORDER + 1) if prime_power(n))


def card_count(symbols_per_card: int) -> int:
    """Cards (and symbols) in the full deck with ``symbols_per_card`` symbols per card."""
    n = symbols_per_card - 1
    return n * n + n + 1


def _why_impossible(symbols_per_card: int) -> Msg:
    n = symbols_per_card - 1
    if n in (6, 10) or (n % 4 in (1, 2) and not _sum_of_two_squares(n)):
        # Bruck-Ryser, and Lam's search for n = 10: said of the cards the user asked for, not of
        # the plane's order (n = 6 for 7 per card), which no user typed
        return N_("it is proven that no such deck exists")
    return N_("no one knows how to make such a deck")


def _sum_of_two_squares(n: int) -> bool:
    return any(round((n - a * a) ** 0.5) ** 2 == n - a * a for a in range(int(n**0.5) + 1))


def check_symbols_per_card(symbols_per_card: int) -> None:
    """Raise DobbleError with the reason and the nearest sizes when no deck has this many symbols.

    Raises:
        DobbleError: e.g. ``7 symbols per card cannot be made (it is proven that no such deck
            exists); nearest: 6 per card (31 cards) or 8 per card (57 cards)``.
    """
    sizes = supported_sizes()
    if symbols_per_card in sizes:
        return
    if symbols_per_card < sizes[0]:
        raise DobbleError(
            Nn_(
                "{count} symbol per card is too few; a deck needs at least 2 per card",
                "{count} symbols per card is too few; a deck needs at least 2 per card",
                symbols_per_card,
            )
        )
    if symbols_per_card > sizes[-1]:
        raise DobbleError(
            N_(
                "{n} symbols per card is more than the largest supported size, {most} per card "
                "({cards} cards)",
                n=symbols_per_card,
                most=sizes[-1],
                cards=card_count(sizes[-1]),
            )
        )
    below = max(s for s in sizes if s < symbols_per_card)
    above = min(s for s in sizes if s > symbols_per_card)
    raise DobbleError(
        N_(
            "{n} symbols per card cannot be made ({why}); nearest: {below} per card ({below_cards} "
            "cards) or {above} per card ({above_cards} cards)",
            n=symbols_per_card,
            why=_why_impossible(symbols_per_card),
            below=below,
            below_cards=card_count(below),
            above=above,
            above_cards=card_count(above),
        )
    )


def _field_tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Addition and multiplication tables of GF(n) on the integers 0 … n-1."""
    p, k = prime_power(n) or (0, 0)
    if k == 1:
        e = np.arange(n)
        return (e[:, None] + e[None, :]) % n, (e[:, None] * e[None, :]) % n
    field = json.loads(FIELDS.read_text(encoding="utf-8"))["fields"][str(n)]
    return np.array(field["add"], np.int64), np.array(field["mul"], np.int64)


def build_deck(symbols_per_card: int) -> Deck:
    """Build and verify the full deck with ``symbols_per_card`` symbols on each card.

    Args:
        symbols_per_card: N, one of :func:`supported_sizes`.

    Returns:
        The verified deck of ``N² - N + 1`` cards.

    Raises:
        DobbleError: when no deck with N symbols per card can be built.
    """
    check_symbols_per_card(symbols_per_card)
    n = symbols_per_card - 1
    if n == 1:  # the degenerate plane: a triangle
        cards: tuple[tuple[int, ...], ...] = ((0, 1), (0, 2), (1, 2))
    else:
        add, mul = _field_tables(n)
        at_infinity = [n * n + m for m in range(n + 1)]  # slope m, then the vertical direction
        cards_list = [tuple(range(n * n, n * n + n + 1))]  # the line at infinity
        for m, b in itertools.product(range(n), range(n)):
            ys = add[mul[m], b]  # y = m·x + b for every x
            cards_list.append(tuple(x * n + int(ys[x]) for x in range(n)) + (at_infinity[m],))
        for c in range(n):
            cards_list.append(tuple(c * n + y for y in range(n)) + (at_infinity[n],))
        cards = tuple(tuple(sorted(card)) for card in cards_list)
    deck = Deck(order=n, cards=cards, symbol_count=n * n + n + 1)
    verify_deck(deck)
    return deck


def incidence(deck: Deck) -> np.ndarray:
    """Cards × symbols matrix of 0/1: row ``i`` marks the symbols on card ``i``."""
    m = np.zeros((len(deck.cards), deck.symbol_count), dtype=np.int32)
    for i, card in enumerate(deck.cards):
        m[i, list(card)] = 1
    return m


def verify_deck(deck: Deck, *, full: bool = True) -> None:
    """Check the one-match rule exhaustively, over every pair of cards.

    Args:
        deck: the deck to check.
        full: also require every symbol to be on exactly N cards (true of a whole plane, not of a
            deck cut down to fewer cards or symbols).

    Raises:
        ValueError: on any violation. This is a bug, not a user error: the deck is built, not given.
    """
    n_per = deck.symbols_per_card
    for i, card in enumerate(deck.cards):
        if len(card) != n_per or len(set(card)) != n_per:
            raise ValueError(f"card {i} has {len(set(card))} distinct symbols, expected {n_per}")
        if min(card) < 0 or max(card) >= deck.symbol_count:
            raise ValueError(f"card {i} uses a symbol outside 0..{deck.symbol_count - 1}")
    m = incidence(deck)
    f = m.astype(np.float32)  # float so that the product runs on BLAS; counts stay exact
    shared = (f @ f.T).astype(np.int32)
    np.fill_diagonal(shared, 1)
    bad = np.argwhere(shared != 1)
    if len(bad):
        a, b = bad[0]
        raise ValueError(f"cards {a} and {b} share {shared[a, b]} symbols, expected exactly 1")
    if full:
        per_symbol = m.sum(axis=0)
        if np.any(per_symbol != n_per):
            s = int(np.argmax(per_symbol != n_per))
            raise ValueError(f"symbol {s} is on {per_symbol[s]} cards, expected {n_per}")


def take_cards(deck: Deck, count: int) -> Deck:
    """The first ``count`` cards of ``deck``, with symbols renumbered densely in first-use order.

    Raises:
        DobbleError: when ``count`` is not between 1 and the deck's card count.
    """
    total = len(deck.cards)
    if not 1 <= count <= total:
        raise OptionError(
            "cards",
            N_(
                "{count} is out of range: a deck with {n} symbols per card has 1 to {total} cards",
                count=count,
                n=deck.symbols_per_card,
                total=total,
            ),
        )
    if count == total:
        return deck
    kept = deck.cards[:count]
    order = {s: i for i, s in enumerate(dict.fromkeys(s for card in kept for s in card))}
    cards = tuple(tuple(sorted(order[s] for s in card)) for card in kept)
    small = Deck(order=deck.order, cards=cards, symbol_count=len(order))
    verify_deck(small, full=False)
    return small


def shuffle_cards(deck: Deck, seed: int) -> Deck:
    """The same cards in an order drawn from ``seed``.

    The construction's natural order lists the n cards through one point at infinity side by
    side, so a printed first sheet would show one symbol on every card; a shuffled deck looks like
    a retail one. The one-match rule does not depend on order.
    """
    rng = generator(seed, Stream.CARD_ORDER)
    order = rng.permutation(len(deck.cards))
    return Deck(deck.order, tuple(deck.cards[i] for i in order), deck.symbol_count)
