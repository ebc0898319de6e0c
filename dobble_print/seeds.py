"""What ``--seed`` changes: the named random streams derived from it, in one table.

Every random choice in a build draws from one of these streams, each its own
:class:`numpy.random.Generator` seeded by ``(seed, *keys, tag)``, so streams never share state and
one stream's draws never shift another's. No global random state is used anywhere.

| stream | what it decides | keys |
|---|---|---|
| ``MIXING`` | which pictures share a card (the plane's points are renamed) | — |
| ``CARD_ORDER`` | the order the cards are printed in | — |
| ``SIZE_RANKS`` | which symbol is drawn large on which card | number of cards |
| ``INK_BALANCE`` | the swaps that keep pale pictures from being large together | number of cards |
| ``PACKING`` | where each card's symbols go, angles included | card index (and the retry) |
| ``RESHUFFLE`` | a card laid out again on request (``--reshuffle``) | card index, times, retry |
| ``FACES`` | which face of each symbol a card shows (vocabulary files) | number of faces |
| ``THEME`` | which bundled pictures a theme deck draws (``--theme``) | — |

Each card's packing has its own stream keyed by its index, so one card can be laid out alone (a
preview) and come out as in the whole deck, whatever the number of worker processes.

Example:
    >>> a = generator(7, Stream.PACKING, 3).random()
    >>> a == generator(7, Stream.PACKING, 3).random() != generator(7, Stream.PACKING, 4).random()
    True
"""

from __future__ import annotations

from enum import Enum

import numpy as np


class Stream(Enum):
    """A named random stream; its value is the tag appended to the seed (kept as first chosen, so
    the same seed gives the same deck as before the streams were named)."""

    MIXING = (0x5EED,)
    CARD_ORDER = (0xD0BB1E,)
    SIZE_RANKS = (1,)
    INK_BALANCE = (2,)
    PACKING = ()
    RESHUFFLE = (3,)
    FACES = (4,)  # new streams go last, with a tag of their own: the others keep their entropy
    THEME = (5,)


def generator(seed: int, stream: Stream, *keys: int) -> np.random.Generator:
    """The generator of ``stream`` for ``seed`` and ``keys`` (see the table above)."""
    return np.random.default_rng([seed, *keys, *stream.value])
