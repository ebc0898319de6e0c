"""Size ranks: which symbol is drawn large and which small on each card, balanced over the deck.

On a card of N symbols the wanted sizes step geometrically from the largest to 1/``SIZE_RATIO``
of it (by √ink-area, what the eye reads as "how big"). Which symbol gets which rank is a proper
edge colouring of the card-symbol incidence graph with N colours: every card has each rank once
and, in a full deck where each symbol is on N cards, every symbol has each rank exactly once, so
each is sometimes the largest and sometimes the smallest. Bipartite graphs of maximum degree N
always have such a colouring (König); edges are coloured in random order, flipping an
alternating two-colour path when the two ends share no free colour.

**Balancing the ink.** Every such colouring keeps that promise, but they differ in what a card
looks like: a card whose largest symbols are the pictures that print least ink (a bicycle, a
white ball: see ``deck.mixing``) is left pale however well it is packed. Its expected
ink follows Σ rank area × printed share of its symbols (on the default icons that correlates
0.90 with the measured coverage, against 0.85 for the plain mean share). So
:func:`balance_ranks` swaps ranks along two-colour components (Kempe chains: every card and
symbol on one keeps its set of ranks, so the colouring stays proper and balanced), keeping swaps
that lower the soft minimum Σ exp(−SOFTNESS·ink/σ) of the cards' expected ink. On the default
icons the least expected ink of a card rises from ~0.66 to ~0.72 (the mean cannot change).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

SIZE_RATIO = 1.8  # largest / smallest symbol on a card, by √ink-area, like the retail game
SOFTNESS = 3.0  # of the soft minimum, as in mixing: higher looks only at the worst cards
TRIES = 12  # swaps tried per card: the least ink stops rising after about ten
STEPS = 60_000  # placements walked in all: a chain spans up to every card, so big decks try fewer


def size_ranks(
    cards: Sequence[Sequence[int]], rng: np.random.Generator
) -> tuple[tuple[int, ...], ...]:
    """A size rank (0 = largest) for each symbol on each card, in card order, balanced over a deck.

    Every card of N symbols gets ranks 0 … N-1 once each; a symbol gets a different rank on each of
    its cards (so each rank once when it is on N cards).

    Raises:
        ValueError: when a symbol is on more cards than the largest card has symbols.
    """
    n = max((len(c) for c in cards), default=0)
    by_card: list[dict[int, int]] = [{} for _ in cards]  # rank -> symbol
    by_symbol: dict[int, dict[int, int]] = {}  # symbol -> rank -> card
    edges = [(ci, s) for ci, card in enumerate(cards) for s in card]
    for k in rng.permutation(len(edges)):
        ci, s = edges[k]
        at_s = by_symbol.setdefault(s, {})
        free_c = [r for r in range(n) if r not in by_card[ci]]
        free_s = [r for r in range(n) if r not in at_s]
        if not free_s:
            raise ValueError(f"symbol {s} is on more than {n} cards")
        common = [r for r in free_c if r not in at_s]
        if common:
            a = common[int(rng.integers(len(common)))]
        else:  # free here, used there: flip an alternating path so that a frees up at s
            a = free_c[0]
            _flip(by_card, by_symbol, s, a, free_s[0])
        by_card[ci][a] = s
        at_s[a] = ci
    return tuple(
        tuple(next(r for r, x in by_card[ci].items() if x == s) for s in card)
        for ci, card in enumerate(cards)
    )


def _flip(by_card, by_symbol, s: int, a: int, b: int) -> None:
    """Swap ranks a and b along the alternating path from symbol ``s`` (which has a, lacks b)."""
    path = []
    node, on_symbol, colour = s, True, a
    while True:
        table = by_symbol[node] if on_symbol else by_card[node]
        if colour not in table:
            break
        nxt = table[colour]
        path.append((node, nxt, colour) if on_symbol else (nxt, node, colour))
        node, on_symbol, colour = nxt, not on_symbol, (b if colour == a else a)
    for sym, card, colour in path:
        del by_symbol[sym][colour]
        del by_card[card][colour]
    for sym, card, colour in path:
        other = b if colour == a else a
        by_symbol[sym][other] = card
        by_card[card][other] = sym


def rank_sizes(count: int, ratio: float = SIZE_RATIO) -> np.ndarray:
    """Relative √ink-area of ranks 0 … count-1: 1 down to 1/ratio, in equal logarithmic steps."""
    if count == 1:
        return np.ones(1)
    return ratio ** (-np.arange(count) / (count - 1))


def rank_areas(count: int) -> np.ndarray:
    """Share of a card's ink area each of ranks 0 … count-1 is wanted at (summing to 1)."""
    area = rank_sizes(count) ** 2
    return area / float(area.sum())


def expected_ink(card: Sequence[int], ranks: Sequence[int], shares: Sequence[float]) -> float:
    """A card's expected printed ink: Σ rank area × printed share of its symbols, the areas of
    its ranks summing to 1. Its coverage follows this (see the module docstring)."""
    area = rank_areas(len(card))
    return float(sum(area[r] * shares[s] for s, r in zip(card, ranks, strict=True)))


def balance_ranks(
    cards: Sequence[Sequence[int]],
    ranks: Sequence[Sequence[int]],
    shares: Sequence[float],
    rng: np.random.Generator,
    tries: int = TRIES,
) -> tuple[tuple[int, ...], ...]:
    """``ranks`` (from :func:`size_ranks`) re-coloured so that the cards expected to print the
    least ink get more, each symbol keeping the set of ranks it had (see the module docstring).

    Args:
        cards: the cards, as symbol indices.
        ranks: a rank for each symbol on each card, in card order.
        shares: each symbol's printed share (:func:`ink.printed_share`), by symbol index.
        rng: the deck's generator for this step.
        tries: swaps tried per card, at most ``STEPS`` / cards in all (a chain through every
            card of a 993-card deck is 2,000 placements long).
    """
    n = max((len(c) for c in cards), default=0)
    if n < 2 or len(cards) < 3:
        return tuple(tuple(r) for r in ranks)
    area = rank_areas(n).tolist()  # Python floats: numpy scalars are slower one at a time
    # Lists rather than dicts, -1 where a rank is free: the walks below read them ~40,000 times.
    symbol_at = [[-1] * n for _ in cards]  # card -> rank -> symbol
    card_at: dict[int, list[int]] = {}  # symbol -> rank -> card
    for ci, (card, rk) in enumerate(zip(cards, ranks, strict=True)):
        for s, r in zip(card, rk, strict=True):
            symbol_at[ci][r] = s
            card_at.setdefault(s, [-1] * n)[r] = ci
    ink = [
        sum(area[r] * shares[s] for s, r in zip(c, rk, strict=True))
        for c, rk in zip(cards, ranks, strict=True)
    ]
    spread = float(np.std(ink))
    if spread == 0:
        return tuple(tuple(r) for r in ranks)
    beta = SOFTNESS / spread
    for c, a, b in _moves(rng, len(cards), n, min(tries * len(cards), STEPS // len(cards))):
        chain = _kempe(symbol_at, card_at, c, a, b)
        if not chain:
            continue
        gain = area[b] - area[a]  # what a symbol moving from rank a to b adds per unit of share
        change: dict[int, float] = {}
        for ci, s, r in chain:  # s moves from rank r to the other one on card ci
            d = gain * shares[s] if r == a else -gain * shares[s]
            change[ci] = change.get(ci, 0.0) + d
        low = min(ink[ci] for ci in change)
        before = after = 0.0
        for ci, d in change.items():
            before += math.exp(-beta * (ink[ci] - low))
            after += math.exp(-beta * (ink[ci] + d - low))
        if after >= before * (1 - 1e-9):
            continue
        # The chain is a whole two-colour component: on each of its cards and symbols, ranks a
        # and b trade places.
        rows = [symbol_at[ci] for ci in change] + [card_at[s] for s in {x[1] for x in chain}]
        for row in rows:
            row[a], row[b] = row[b], row[a]
        for ci, d in change.items():
            ink[ci] += d
    return tuple(tuple(symbol_at[ci].index(s) for s in card) for ci, card in enumerate(cards))


def _moves(rng: np.random.Generator, cards: int, n: int, tries: int):
    """(card, rank a, rank b) of each of ``tries`` swaps to try."""
    picks = rng.integers(0, cards, tries).tolist()
    pairs = rng.integers(0, n, (tries, 2)).tolist()
    for c, (a, b) in zip(picks, pairs, strict=True):
        if a != b:
            yield c, a, b


def _kempe(symbol_at, card_at, c: int, a: int, b: int) -> list[tuple[int, int, int]]:
    """The (card, symbol, rank) of every placement in the component of card ``c``'s rank-``a``
    placement among the placements of ranks ``a`` and ``b`` (a cycle or a path), each once.

    Each placement has at most two neighbours: its symbol's placement of the other rank and its
    card's. The walk goes first by the symbol, then by the card, and so on, until the path ends
    or the cycle comes back to card ``c``; then, for a path, from card ``c``'s rank-``b``
    placement the other way.
    """
    if symbol_at[c][a] < 0:
        return []
    out: list[tuple[int, int, int]] = []
    if not _walk(symbol_at, card_at, c, a, b, out):  # a path: the other way too
        _walk(symbol_at, card_at, c, b, a, out)
    return out


def _walk(symbol_at, card_at, c: int, a: int, b: int, out: list) -> bool:
    """Append the placements from card ``c``'s rank-``a`` one on: by its symbol to that
    symbol's rank ``b``, by that card to its rank ``a``, and so on; True when the walk came
    round to card ``c`` again (a cycle, every placement of it appended)."""
    ci = c
    while symbol_at[ci][a] >= 0:
        s = symbol_at[ci][a]
        out.append((ci, s, a))
        ci = card_at[s][b]
        if ci < 0:
            return False
        out.append((ci, s, b))
        if ci == c:
            return True
    return False
