"""Which decks a number of pictures can make, and the best deck for fewer than a plane needs.

A full deck with N symbols per card needs exactly N² − N + 1 pictures. With fewer, some symbols
must go, and every card showing a dropped symbol goes with it. Which symbols are dropped matters:
two symbols share exactly one card, so d symbols on one card (collinear points) remove
1 + d·(N − 1) cards, while d symbols no three of which share a card (an *arc*) remove only
d·N − d(d − 1)/2. The greedy rule below generalises this: drop next the symbol whose cards are
already most often removed, so each drop removes as few new cards as possible. From one start it
builds an arc while one exists; a few starts are tried and the best kept.

Examples:
    >>> opt = best_partial_deck(8, 50)
    >>> len(opt.cards), opt.symbol_count
    (22, 50)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dobble_print.deck.pairs import pair_card_count, pair_symbol_count
from dobble_print.deck.plane import (
    Deck,
    build_deck,
    card_count,
    incidence,
    prime_power,
    supported_sizes,
    verify_deck,
)
from dobble_print.errors import DobbleError
from dobble_print.language import N_, Msg, Nn_

# The most symbols a card gets unless asked for more: the largest deck people play (the retail
# game has 8; decks of 10 and 12 are made by hand). 2,000 words gave 993 cards of 32 symbols,
# their capitals 2 mm tall.
MOST_BY_DEFAULT = 12


@dataclass(frozen=True)
class DeckOption:
    """What ``pictures`` pictures give at one number of symbols per card.

    Attributes:
        symbols_per_card: N.
        cards: cards in the best deck found (the full deck when ``missing == 0``).
        full_cards: cards in the full deck.
        pictures_used: pictures that deck uses.
        missing: more pictures needed for the full deck (0 when it is full).
        pairs: a pair deck (:mod:`.pairs`): every symbol on two cards, for a size with no plane.
    """

    symbols_per_card: int
    cards: int
    full_cards: int
    pictures_used: int
    missing: int
    pairs: bool = False

    @property
    def full(self) -> bool:
        return self.missing == 0

    def describe(self, noun: str = "pictures", *, most: bool = False) -> str:
        """One phrase for summaries: ``8 per card gives 22 cards (7 more pictures give …)``.

        Args:
            noun: what the symbols are, plural: ``pictures``, ``words`` or ``symbols``.
            most: say within the phrase that this deck has the most cards.
        """
        return str(self.phrase(noun, most=most))

    def phrase(self, noun: str = "pictures", *, most: bool = False) -> Msg:
        """:meth:`describe` as a sentence to say in the user's language."""
        n, cards = self.symbols_per_card, self.cards
        if self.pairs:
            return pair_phrase(n, noun)
        if self.full:
            if most:
                return N_("{n} per card gives the full {cards}-card deck (the most cards)", n=n,
                          cards=cards)  # fmt: skip
            return N_("{n} per card gives the full {cards}-card deck", n=n, cards=cards)
        said = (
            Nn_("{n} per card gives {count} card, the most ({more} the full {full}-card deck)",
                "{n} per card gives {count} cards, the most ({more} the full {full}-card deck)",
                cards, n=n, more=more_give(self.missing, noun), full=self.full_cards)
            if most
            else Nn_("{n} per card gives {count} card ({more} the full {full}-card deck)",
                     "{n} per card gives {count} cards ({more} the full {full}-card deck)",
                     cards, n=n, more=more_give(self.missing, noun), full=self.full_cards)
        )  # fmt: skip
        return said


def pair_phrase(n: int, noun: str) -> Msg:
    """``7 per card gives a small 8-card deck, each picture on two cards``."""
    cards = pair_card_count(n)
    if noun == "words":
        return N_("{n} per card gives a small {cards}-card deck, each word on two cards", n=n,
                  cards=cards)  # fmt: skip
    if noun == "symbols":
        return N_("{n} per card gives a small {cards}-card deck, each symbol on two cards", n=n,
                  cards=cards)  # fmt: skip
    return N_("{n} per card gives a small {cards}-card deck, each picture on two cards", n=n,
              cards=cards)  # fmt: skip


def pair_options(pictures: int, most: int = MOST_BY_DEFAULT) -> tuple[DeckOption, ...]:
    """The pair decks (:mod:`.pairs`) ``pictures`` fill, for the sizes up to ``most`` that no
    plane has (7 and 11 per card): the only decks of those sizes."""
    planes = set(supported_sizes())
    return tuple(
        DeckOption(n, pair_card_count(n), pair_card_count(n), pair_symbol_count(n), 0, pairs=True)
        for n in range(3, most + 1)
        if n not in planes and pair_symbol_count(n) <= pictures
    )


def counted(count: int, noun: str) -> Msg:
    """``8 words``, ``1 picture``, in the user's language when said: ``noun`` is plural
    (``pictures``, ``words`` or ``symbols``)."""
    if noun == "words":
        return Nn_("{count} word", "{count} words", count)
    if noun == "symbols":
        return Nn_("{count} symbol", "{count} symbols", count)
    return Nn_("{count} picture", "{count} pictures", count)


def more_give(count: int, noun: str) -> Msg:
    """``3 more pictures give``, ``1 more picture gives``, in the user's language when said."""
    if noun == "words":
        return Nn_("{count} more word gives", "{count} more words give", count)
    if noun == "symbols":
        return Nn_("{count} more symbol gives", "{count} more symbols give", count)
    return Nn_("{count} more picture gives", "{count} more pictures give", count)


def _drop_order(m: np.ndarray, drops: int, rng: np.random.Generator) -> list[int]:
    """Greedy: the symbols to drop, each one lying on the most cards already removed.

    Ties are broken at random (from a seeded generator): always taking the lowest index can run
    into a complete arc too early (PG(2, 7) has complete 6-arcs), costing a card.
    """
    start = int(rng.integers(m.shape[1]))
    removed = m[:, start].astype(bool)
    dropped = [start]
    alive = np.ones(m.shape[1], dtype=bool)
    alive[start] = False
    for _ in range(drops - 1):
        score = removed.astype(np.int32) @ m  # for each symbol: its cards already removed
        score[~alive] = -1
        ties = np.flatnonzero(score == score.max())
        nxt = int(rng.choice(ties))
        dropped.append(nxt)
        alive[nxt] = False
        removed |= m[:, nxt].astype(bool)
    return dropped


def best_partial_deck(symbols_per_card: int, pictures: int, *, starts: int = 12) -> Deck:
    """The largest deck found with N symbols per card that uses at most ``pictures`` symbols.

    Every card keeps all N symbols, so any two still share exactly one; the result is verified.

    Raises:
        DobbleError: when the pictures cannot make even one card of N.
    """
    full = build_deck(symbols_per_card)
    drops = full.symbol_count - pictures
    if drops <= 0:
        return full
    if pictures < symbols_per_card:
        raise DobbleError(
            N_(
                "{pictures} pictures cannot fill one card of {n}; use fewer per card",
                pictures=pictures,
                n=symbols_per_card,
            )
        )
    m = incidence(full)
    best: np.ndarray | None = None
    rng = np.random.default_rng(0)  # fixed: the same pictures always give the same deck
    for _ in range(starts):
        dropped = _drop_order(m, drops, rng)
        keep = np.asarray(~m[:, dropped].any(axis=1))  # an array (numpy types it maybe a bool)
        if best is None or keep.sum() > best.sum():
            best = keep
    assert best is not None  # at least one start
    kept_cards = [card for card, k in zip(full.cards, best, strict=True) if k]
    used = sorted({s for card in kept_cards for s in card})
    renumber = {s: i for i, s in enumerate(used)}
    cards = tuple(tuple(renumber[s] for s in card) for card in kept_cards)
    deck = Deck(order=full.order, cards=cards, symbol_count=len(used))
    if cards:
        verify_deck(deck, full=False)
    return deck


def deck_options(pictures: int, *, larger: int = 1, pairs: bool = True) -> tuple[DeckOption, ...]:
    """The decks worth offering for ``pictures`` pictures, fewest symbols per card first.

    Every size whose full deck fits is listed (no construction needed to count it), then the
    ``larger`` next sizes as the best partial deck found, while that deck has at least 3 cards;
    with ``pairs``, the pair decks of the sizes no plane has (:func:`pair_options`) among them.
    """
    options = []
    for n in supported_sizes():
        total = card_count(n)
        if total <= pictures:
            options.append(DeckOption(n, total, total, total, 0))
            continue
        if larger <= 0 or pictures < n:
            break
        larger -= 1
        deck = best_partial_deck(n, pictures)
        if len(deck.cards) < 3:
            break
        options.append(DeckOption(n, len(deck.cards), total, deck.symbol_count, total - pictures))
    if pairs:
        options += pair_options(pictures)
    return tuple(sorted(options, key=lambda o: o.symbols_per_card))


def card_bound(symbols_per_card: int, pictures: int) -> int:
    """An upper bound on the cards any deck of N per card can have with ``pictures`` symbols.

    Two bounds, both cheap: d dropped symbols hit at least d·N − d(d−1)/2 cards (equality for an
    arc); and every kept card holds N(N−1)/2 pairs of kept symbols, each pair on one card only.
    """
    n = symbols_per_card
    total = card_count(n)
    d = max(0, total - pictures)
    by_drops = total - max(n if d else 0, d * n - d * (d - 1) // 2)
    by_pairs = (pictures * (pictures - 1) // 2) // (n * (n - 1) // 2)
    return max(0, min(total, by_drops, by_pairs))


def choose_option(pictures: int, noun: str = "pictures") -> DeckOption:
    """The deck a user most likely wants: the most cards of at most :data:`MOST_BY_DEFAULT`
    symbols; among equals, more symbols per card.

    A partial deck one size up is built only when :func:`card_bound` says it could win, so a
    folder of 57 pictures never pays for building the order-8 plane.

    Raises:
        DobbleError: with fewer than 3 pictures (``noun``: ``pictures``, ``words``…).
    """
    full = [
        o
        for o in deck_options(pictures, larger=0, pairs=False)
        if o.symbols_per_card <= MOST_BY_DEFAULT
    ]
    if not full:
        raise DobbleError(
            N_(
                "{some} cannot make a deck; the smallest deck needs {three} (3 cards of 2 symbols)",
                some=counted(pictures, noun),
                three=counted(3, noun),
            )
        )
    best = max(full, key=lambda o: (o.cards, o.symbols_per_card))
    bigger = [n for n in supported_sizes() if card_count(n) > pictures and n <= MOST_BY_DEFAULT][:1]
    for n in bigger:
        if card_bound(n, pictures) >= best.cards and pictures >= n:
            deck = best_partial_deck(n, pictures)
            total = card_count(n)
            option = DeckOption(n, len(deck.cards), total, deck.symbol_count, total - pictures)
            best = max(best, option, key=lambda o: (o.cards, o.symbols_per_card))
    return best


def beyond_default(pictures: int) -> tuple[int, ...]:
    """The sizes over :data:`MOST_BY_DEFAULT` whose full deck ``pictures`` fill: what only
    asking for N gives."""
    return tuple(n for n in supported_sizes() if n > MOST_BY_DEFAULT and card_count(n) <= pictures)


def next_option(pictures: int, chosen: DeckOption, noun: str = "pictures") -> Msg | None:
    """What the next larger size would give, as a phrase, or None when there is none (up to
    :data:`MOST_BY_DEFAULT`; :func:`beyond_default` says what lies further).

    Built only for a prime order (plain arithmetic mod n); otherwise, or when it would
    give fewer than the 3 cards a deck needs, only the number of pictures its full deck needs is
    given, which needs no construction.
    """
    larger = [n for n in supported_sizes() if chosen.symbols_per_card < n <= MOST_BY_DEFAULT]
    if not larger or pictures < larger[0]:
        return None
    n = larger[0]
    total = card_count(n)
    if (prime_power(n - 1) or (0, 0))[1] == 1:
        deck = best_partial_deck(n, pictures)
        if len(deck.cards) >= 3:  # fewer is no deck: build refuses it
            option = DeckOption(n, len(deck.cards), total, deck.symbol_count, total - pictures)
            return option.phrase(noun)
    return N_(
        "{n} per card needs {some} for its full {total}-card deck",
        n=n,
        some=counted(total, noun),
        total=total,
    )
