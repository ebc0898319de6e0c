"""Faces: which face of each symbol each card shows, in a deck whose symbols have several (a
picture, its word, its translation), so that players match meaning rather than pixels.

Every symbol shows each face on as equal a share of its cards as the deck allows (on 6 cards with
2 faces: 3 and 3; with 4 faces: 2, 2, 1, 1), and then, as far as that allows, every card shows each
face about as often as the others (a card of 6: 3 pictures and 3 words rather than 6 pictures).

Example:
    >>> from dobble_print.deck import build_deck
    >>> deck = build_deck(3)
    >>> shown = assign_faces(deck.cards, 2, seed=1)
    >>> sorted(sum(1 for card, faces in zip(deck.cards, shown) for s, f in zip(card, faces)
    ...            if s == 0 and f == face) for face in (0, 1))
    [1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from dobble_print.seeds import Stream, generator

PASSES = 8  # rounds of swaps evening out the cards: later rounds found nothing on decks up to 183


def assign_faces(
    cards: Sequence[Sequence[int]], faces: int, *, seed: int
) -> tuple[tuple[int, ...], ...]:
    """For each card, the face (0 to ``faces`` - 1) each of its symbols shows, in its order.

    Deterministic for ``seed`` (the ``FACES`` stream). Each symbol's faces are dealt evenly over
    its cards, the faces that get one card more chosen at random; then pairs of a symbol's cards
    swap its faces where that evens out the two cards' faces, which keeps every symbol's shares.
    """
    if faces < 1:
        raise ValueError(f"faces must be at least 1, not {faces}")
    rng = generator(seed, Stream.FACES, faces)
    shown = [[0] * len(card) for card in cards]
    where: dict[int, list[tuple[int, int]]] = {}
    for c, card in enumerate(cards):
        for k, s in enumerate(card):
            where.setdefault(s, []).append((c, k))
    for s in sorted(where):
        spots = where[s]
        dealt = np.resize(rng.permutation(faces), len(spots))
        for (c, k), f in zip(spots, rng.permutation(dealt), strict=True):
            shown[c][k] = int(f)
    counts = np.zeros((len(cards), faces), int)
    for c, row in enumerate(shown):
        for f in row:
            counts[c, f] += 1
    for _ in range(PASSES):
        if not _even_out(cards, shown, counts, where, rng):
            break
    return tuple(tuple(row) for row in shown)


def _even_out(cards, shown, counts, where, rng) -> bool:
    """One round of swaps; True when any swap evened the cards out."""
    swapped = False
    for s in rng.permutation(sorted(where)):
        spots = where[int(s)]
        for i in range(len(spots)):
            for j in range(i + 1, len(spots)):
                (a, ka), (b, kb) = spots[i], spots[j]
                fa, fb = shown[a][ka], shown[b][kb]
                if fa == fb:
                    continue
                # a gives face fa, takes fb; b the other way round: better when it lowers Σ count²
                gain = (counts[a, fa] - counts[a, fb] - 1) + (counts[b, fb] - counts[b, fa] - 1)
                if gain > 0:
                    shown[a][ka], shown[b][kb] = fb, fa
                    counts[a, fa] -= 1
                    counts[a, fb] += 1
                    counts[b, fb] -= 1
                    counts[b, fa] += 1
                    swapped = True
    return swapped
