"""The deck in shades of grey, for a black-and-white printer, converted so that its symbols stay
apart (``grey``).

A printer's own conversion takes each colour's luminance: a red and a green apple of one
brightness print as one grey, and so do two words in red and green. Here the deck's colours are
turned grey by one linear map chosen for them, the method of Lu, Xu and Jia, "Real-time
contrast preserving decolorization" (SIGGRAPH Asia 2012 Technical Briefs): among the 66 maps
``g = wr·R + wg·G + wb·B`` with weights in tenths summing to 1, the one whose grey differences
best match the colour differences (CIELAB ΔE) of pairs of the deck's colours, under their
bimodal energy ``-Σ ln(e^(-(Δg+δ)²/2σ²) + e^(-(Δg-δ)²/2σ²))``, σ = 0.05. The pairs are what a
player compares: each symbol's colours with each other's, with another symbol's, and with the
card's. Unlike the paper, only maps that keep every ink at least ``KEEP`` as far from the card's
grey as luminance does are candidates: alone, the energy chose the red channel for the bundled
icons, and the banana and the apple all but vanished. One map for the whole PDF: a colour prints
as the same grey on every page, white stays white and black black.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dobble_print.card import CardLayout
from dobble_print.deck import Team
from dobble_print.symbols import INK_ALPHA, PALETTE, Pixels, Symbol, colour_difference

SIGMA = 0.05  # Lu et al.'s σ, on greys from 0 to 1
# The luminance map (Rec. 601's 0.299, 0.587, 0.114 in tenths): what a printer does; each ink
# keeps at least KEEP of the contrast with the card it has there, so light ink never vanishes
# (the map that best kept the icons' differences alone, all red, printed the yellow banana and
# the red apple near white).
LUMA = (0.3, 0.6, 0.1)
KEEP = 0.8
SAMPLES = 96  # colours taken from each symbol's ink
OTHERS = 6  # other symbols each symbol's colours are paired with
# The candidate weights: tenths from 0 to 1 summing to 1 (66 of them), as in the paper.
WEIGHTS = np.array([(r / 10, g / 10, (10 - r - g) / 10) for r in range(11) for g in range(11 - r)])


@dataclass(frozen=True)
class GreyMap:
    """A linear map of colours to grey: ``g = wr·R + wg·G + wb·B``."""

    weights: tuple[float, float, float] = LUMA

    def grey(self, rgb: Sequence[float]) -> float:
        """The grey of one colour, on its own scale (0–1 or 0–255)."""
        return float(np.dot(self.weights, rgb))

    def rgb(self, rgb: tuple[int, int, int]) -> tuple[int, int, int]:
        """A colour of 0–255 as its grey, three equal channels."""
        g = min(255, max(0, round(self.grey(rgb))))
        return (g, g, g)

    def unit(self, rgb: tuple[float, float, float]) -> tuple[float, float, float]:
        """A colour of 0–1 as its grey, three equal channels."""
        g = min(1.0, max(0.0, self.grey(rgb)))
        return (g, g, g)

    def pixels(self, rgba: np.ndarray) -> np.ndarray:
        """RGBA (or RGB) pixels with their colour channels grey, alpha as it was."""
        g = np.clip(
            np.rint(rgba[..., :3].astype(np.float32) @ np.asarray(self.weights, np.float32)), 0, 255
        )
        out = rgba.copy()
        out[..., :3] = g.astype(np.uint8)[..., None]
        return out


@dataclass(frozen=True)
class DeckColours:
    """The colours a deck prints and which of them a player compares.

    Attributes:
        colours: N×3, 0–255; the card's first.
        pairs: M×2 indices of ``colours`` whose difference should stay in grey.
        inks: each symbol's (and each colour a word may take's) indices in ``colours``: how
            visible it stays on the card.
    """

    colours: np.ndarray
    pairs: np.ndarray
    inks: tuple[np.ndarray, ...]


def choose_grey(deck: DeckColours) -> GreyMap:
    """The map among ``WEIGHTS`` that best keeps the differences of the deck's pairs of colours
    in grey (Lu, Xu and Jia 2012, see the module docstring), among those that keep every ink at
    least ``KEEP`` as far from the card's grey as luminance does (``LUMA``, one of them, always
    qualifies). The first of equals wins."""
    colours, pairs = deck.colours, deck.pairs
    if not len(pairs):
        return GreyMap(LUMA)
    allowed = _keeping_inks(deck)
    a, b = colours[pairs[:, 0]].astype(float), colours[pairs[:, 1]].astype(float)
    delta = colour_difference(a, b) / 100.0  # L runs 0–100 as grey runs 0–1
    dg = ((a - b) / 255.0) @ WEIGHTS.T  # M × 66
    d = delta[:, None]
    two = 2 * SIGMA * SIGMA
    # ln(e^x + e^y) without overflow: the larger exponent taken out
    x, y = -((dg + d) ** 2) / two, -((dg - d) ** 2) / two
    top = np.maximum(x, y)
    energy = -(top + np.log(np.exp(x - top) + np.exp(y - top))).sum(axis=0)
    best = int(np.argmin(np.where(allowed, energy, np.inf)))
    r, g, b = (float(w) for w in WEIGHTS[best])
    return GreyMap((r, g, b))


def _keeping_inks(deck: DeckColours) -> np.ndarray:
    """Which of ``WEIGHTS`` keep every ink at least ``KEEP`` of its luminance's contrast with
    the card (its mean distance from the card's grey)."""
    away = (deck.colours.astype(float) - deck.colours[0].astype(float)) / 255.0  # N × 3
    greys = np.abs(away @ WEIGHTS.T)  # N × 66
    luma = np.abs(away @ np.array(LUMA))  # N
    ok = np.ones(len(WEIGHTS), bool)
    for ink in deck.inks:
        ok &= greys[ink].mean(axis=0) >= KEEP * luma[ink].mean() - 1e-9
    return ok


def deck_colours(
    symbols: Sequence[Symbol],
    card_color: tuple[float, float, float],
    teams: Sequence[Team] | None = None,
) -> DeckColours:
    """The deck's colours and the pairs of them a player compares: ``SAMPLES`` of each symbol's
    ink (a word's colour), each paired with the symbol's own others, with the same place of
    ``OTHERS`` other symbols, and with the card; with words, every colour a word may take on a
    card (:data:`symbols.PALETTE`) with each other and the card; the teams' colours likewise.
    Every choice is by place, not at random, and no card's layout counts: the same symbols give
    the same map, in a preview of one card as in the build."""
    card = tuple(round(v * 255) for v in card_color)
    per_symbol = [_samples(s) for s in symbols]
    groups = [np.array(PALETTE)] if any(s.kind == "word" for s in symbols) else []
    groups += [np.array([[round(v * 255) for v in t.rgb] for t in teams])] if teams else []
    colours: list[np.ndarray] = [np.array([card])]
    starts = []
    for found in per_symbol:
        starts.append(sum(len(c) for c in colours))
        colours.append(found)
    pairs = []
    n = len(per_symbol)
    for s, found in enumerate(per_symbol):
        k = np.arange(len(found))
        mine = starts[s] + k
        pairs.append(np.column_stack([mine, np.zeros_like(mine)]))  # against the card
        pairs.append(np.column_stack([mine, starts[s] + (k + len(found) // 2) % len(found)]))
        for j in range(1, min(OTHERS, n - 1) + 1):
            other = (s + j * max(1, n // (OTHERS + 1))) % n
            if other == s:
                continue
            theirs = per_symbol[other]
            pairs.append(np.column_stack([mine, starts[other] + k % len(theirs)]))
    inks = [starts[s] + np.arange(len(found)) for s, found in enumerate(per_symbol)]
    for group in groups:  # each with each, and with the card
        first = sum(len(c) for c in colours)
        colours.append(group)
        pairs.append(np.array([[first + i, first + j] for i, j in _pairs(len(group))]))
        pairs.append(np.array([[first + i, 0] for i in range(len(group))]))
        inks += [np.array([first + i]) for i in range(len(group))]
    return DeckColours(
        np.vstack(colours).astype(np.uint8), np.vstack(pairs).astype(np.int64), tuple(inks)
    )


def _pairs(n: int) -> list[tuple[int, int]]:
    return list(itertools.combinations(range(n), 2)) or [(0, 0)]


def _samples(symbol: Symbol) -> np.ndarray:
    """Up to ``SAMPLES`` colours of the symbol's ink, evenly spread over it (a word's colour)."""
    if symbol.kind == "word":
        return np.array([symbol.color])
    rgba = symbol.picture.array() if symbol.picture is not None else symbol.rgba
    ink = rgba[rgba[..., 3] >= INK_ALPHA][:, :3]
    if not len(ink):
        return np.array([[0, 0, 0]])
    return ink[np.linspace(0, len(ink) - 1, min(SAMPLES, len(ink))).astype(np.int64)]


@dataclass(frozen=True)
class GreyDeck:
    """What prints, in grey: the symbols, the cards' word colours, the back, card and teams."""

    symbols: tuple[Symbol, ...]
    layouts: tuple[CardLayout, ...]
    back: np.ndarray | None
    card_color: tuple[float, float, float]
    teams: tuple[Team, ...] | None
    grey: GreyMap | None  # the map used; None: in colour


def in_grey(
    symbols: Sequence[Symbol],
    layouts: Sequence[CardLayout],
    *,
    back: np.ndarray | None,
    card_color: tuple[float, float, float],
    teams: Sequence[Team] | None = None,
) -> GreyDeck:
    """Everything the deck prints turned grey by the map chosen for its colours
    (:func:`choose_grey`)."""
    grey = choose_grey(deck_colours(symbols, card_color, teams))
    greyed = tuple(_grey_symbol(s, grey) for s in symbols)
    cards = tuple(
        CardLayout(
            tuple(
                dataclasses.replace(p, color=grey.rgb(p.color)) if p.color else p
                for p in layout.placements
            )
        )
        for layout in layouts
    )
    return GreyDeck(
        greyed,
        cards,
        grey.pixels(back) if back is not None else None,
        grey.unit(card_color),
        tuple(dataclasses.replace(t, rgb=grey.unit(t.rgb)) for t in teams)
        if teams is not None
        else None,
        grey,
    )


def _grey_symbol(symbol: Symbol, grey: GreyMap) -> Symbol:
    picture = None
    if symbol.picture is not None:
        picture = Pixels.of(grey.pixels(symbol.picture.array()))
    return dataclasses.replace(
        symbol,
        pixels=Pixels.of(grey.pixels(symbol.rgba)),
        color=grey.rgb(symbol.color),
        picture=picture,
    )
