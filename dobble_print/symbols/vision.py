"""How the deck is seen where colour is lost: printed in black and white (a school's printer),
and by colour-blind players (protanopia, deuteranopia, tritanopia).

Each picture is reduced as :mod:`similar` reduces it (32 × 32 on white), then seen each way:
in grey by the luma a printer keeps (Rec. 601), and by each colour blindness through a
published simulation from ``daltonlens`` (Viénot, Brettel & Mollon 1999 for protanopia and
deuteranopia; Brettel, Viénot & Mollon 1997 for tritanopia, which the 1999 single plane cannot
model; as daltonlens itself chooses for full dichromacy). The looks are then compared with
:func:`similar.same_pairs`, the near-duplicate measure, at its own limits: two pictures flagged
for a vision are as alike there as a re-saved copy is to its original, while they are not in
full colour (pairs alike in full colour are left out as copies, with their own warning).

A picture whose ink is nearly the card's grey nearly vanishes in black and white; a word whose
colour stands out little from the card there, or to a colour-blind player, is hard to read.
Everything here is numbers first (:func:`confusions`, :func:`vanishing`, :func:`weak_colours`),
then warnings (:func:`vision_warnings`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dobble_print.errors import Notice, notice
from dobble_print.language import N_, Msg, Nn_
from dobble_print.symbols.colour_sample import ink_sample, thinned
from dobble_print.symbols.loading import FAINT_DIFFERENCE, FAINT_SHARE
from dobble_print.symbols.similar import (
    LUMA,
    MAX_SHAPE,
    SIDE,
    Looks,
    look_of,
    on_white,
    same_pairs,
)
from dobble_print.symbols.symbol import Symbol

# The visions checked; protanopia and deuteranopia are both "red-green" to a player.
VISIONS = ("grey", "protan", "deutan", "tritan")
LISTED = 3  # look-alike pairs warned about one by one; more make one line (each then a note)
# A word stands out from the card when a channel differs by this much (0–255): a quarter of the
# range; the default palette on white differs by 143 and more, in every vision.
STANDS_OUT = 64


def seen_each(rgb: np.ndarray) -> dict[str, np.ndarray]:
    """``rgb`` (… × 3 float, 0–255) as seen in each of :data:`VISIONS`: ``grey`` (a printer's
    luma) and each full colour blindness (``protan``, ``deutan``, ``tritan``), as float 0–255."""
    from daltonlens import simulate

    each = {"grey": np.repeat((rgb @ LUMA)[..., None], 3, axis=-1)}
    # each colour once, for the three simulations: pictures repeat few colours, and the
    # simulation is ~1 µs a pixel (finding the colours, a sort, took as long as simulating)
    rgb8 = np.clip(np.round(rgb), 0, 255).astype(np.uint32).reshape(-1, 3)
    colours, where = np.unique(
        rgb8 @ np.array([1 << 16, 1 << 8, 1], np.uint32), return_inverse=True
    )
    image = np.stack([colours >> 16, (colours >> 8) & 255, colours & 255], axis=-1)
    image = image.astype(np.uint8)[:, None]
    for vision, deficiency in (
        ("protan", simulate.Deficiency.PROTAN),
        ("deutan", simulate.Deficiency.DEUTAN),
        ("tritan", simulate.Deficiency.TRITAN),
    ):
        simulator = (
            simulate.Simulator_Brettel1997()
            if vision == "tritan"
            else simulate.Simulator_Vienot1999()
        )
        simulated = simulator.simulate_cvd(image, deficiency, 1.0)
        each[vision] = simulated[:, 0].astype(np.float32)[where.ravel()].reshape(rgb.shape)
    return each


@dataclass(frozen=True)
class Confusion:
    """Two pictures (indices into the symbols checked) alike in some visions, not in colour."""

    first: int
    second: int
    visions: tuple[str, ...]


def confusions(pictures: Sequence[np.ndarray]) -> list[Confusion]:
    """The pairs of RGBA ``pictures`` that look alike in some vision and not in full colour,
    with the visions they fail, in order of the pictures."""
    return _confusions([_reduced(p) for p in pictures])


def _reduced(rgba: np.ndarray) -> tuple[np.ndarray, float]:
    """What :func:`confusions` compares of a picture: its :data:`SIDE`² on white, its aspect."""
    return on_white(thinned(rgba)), rgba.shape[1] / rgba.shape[0]


def _confusions(pictures: Sequence[tuple[np.ndarray, float]]) -> list[Confusion]:
    """:func:`confusions` of the pictures :func:`_reduced`."""
    if len(pictures) < 2:
        return []
    reduced = np.stack([rgb for rgb, _ in pictures])  # N × SIDE × SIDE × 3
    aspects = [aspect for _, aspect in pictures]
    full = Looks.of([look_of(rgb, a) for rgb, a in zip(reduced, aspects, strict=True)])
    looks = {}
    for vision, all_seen in seen_each(reduced.reshape(-1, SIDE, 3)).items():
        each = zip(all_seen.reshape(reduced.shape), aspects, strict=True)
        looks[vision] = Looks.of([look_of(rgb, a) for rgb, a in each])
    # only pairs whose shapes are close in some vision can be alike there: found all at once,
    # then each pair compared as the near-duplicates are, all pairs at once (a deck of one
    # shape in many colours has every pair close: 1,596 pairs for 57 pictures, five times)
    near = np.zeros((len(pictures), len(pictures)), bool)
    for vision in VISIONS:
        shapes = looks[vision].shape
        near |= np.linalg.norm(shapes[:, None] - shapes[None], axis=2) <= MAX_SHAPE
    first, second = np.nonzero(np.triu(near, 1))  # row by row: the pairs in order
    apart = ~same_pairs(full, first, second)  # alike in colour too: copies, said as such
    first, second = first[apart], second[apart]
    failed = {vision: same_pairs(looks[vision], first, second) for vision in VISIONS}
    found = []
    for k, (i, j) in enumerate(zip(first.tolist(), second.tolist(), strict=True)):
        visions = tuple(v for v in VISIONS if failed[v][k])
        if visions:
            found.append(Confusion(i, j, visions))
    return found


def _faint_each(inks: np.ndarray, card: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Whether the ink of each picture (rows up to ``ends[k]`` of ``inks``, from the previous
    end) is nearly all ``card``'s colour: booleans, all pictures at once."""
    close = np.abs(inks[: ends[-1]] - card).max(axis=1) <= FAINT_DIFFERENCE
    counted = np.concatenate([[0], np.cumsum(close)])
    starts = np.concatenate([[0], ends[:-1]])
    sizes = np.maximum(ends - starts, 1)
    return (counted[ends] - counted[starts]) / sizes >= FAINT_SHARE


def vanishing(pictures: Sequence[np.ndarray], card_rgb: tuple[float, float, float]) -> list:
    """For each RGBA picture, the visions in which its ink is nearly all the card's colour as
    seen there (light ink on a light card), when it is not already so in full colour."""
    return _vanishing([ink_sample(rgba) for rgba in pictures], card_rgb)


def _vanishing(inks: Sequence[np.ndarray], card_rgb: tuple[float, float, float]) -> list:
    """:func:`vanishing` of the pictures' :func:`colour_sample.ink_sample`."""
    card = np.asarray(card_rgb, np.float32) * 255
    if not inks:
        return []
    ends = np.cumsum([len(ink) for ink in inks])
    every = np.concatenate([*inks, card[None]])  # all at once: one simulation a vision
    faint = {v: _faint_each(as_seen, as_seen[-1], ends) for v, as_seen in seen_each(every).items()}
    in_colour = _faint_each(every, card, ends)
    return [
        ()
        if not len(ink) or in_colour[k]  # faint in colour too: faint_on_card says so
        else tuple(v for v in VISIONS if faint[v][k])
        for k, ink in enumerate(inks)
    ]


def weak_colours(
    colours: Sequence[tuple[int, int, int]], card_rgb: tuple[float, float, float]
) -> list[tuple[str, ...]]:
    """For each word colour, the visions in which it stands out from the card by less than
    :data:`STANDS_OUT` while it does by more in full colour."""
    card = np.asarray(card_rgb, np.float32) * 255
    rgb = np.asarray(colours, np.float32).reshape(-1, 3)
    both = np.concatenate([rgb, card[None]])
    full = np.abs(rgb - card).max(axis=1)
    weak = {
        vision: np.abs(as_seen[:-1] - as_seen[-1]).max(axis=1) < STANDS_OUT
        for vision, as_seen in seen_each(both).items()
    }
    return [
        () if full[k] < STANDS_OUT else tuple(v for v in VISIONS if weak[v][k])
        for k in range(len(rgb))
    ]


def how(visions: Sequence[str]) -> Msg:
    """Where something is lost, in words: "in black and white and to red-green colour-blind
    players"."""
    said = []
    if "grey" in visions:
        said.append(N_("in black and white"))
    if "protan" in visions or "deutan" in visions:
        said.append(N_("to red-green colour-blind players"))
    if "tritan" in visions:
        said.append(N_("to blue-yellow colour-blind players"))
    if len(said) == 1:
        return said[0]
    if len(said) == 2:
        return N_("{first} and {second}", first=said[0], second=said[1])
    return N_("{first}, {second} and {third}", first=said[0], second=said[1], third=said[2])


def vision_warnings(
    symbols: Sequence[Symbol], card_rgb: tuple[float, float, float]
) -> tuple[tuple[Notice, ...], tuple[Notice, ...]]:
    """The warnings about ``symbols`` where colour is lost, and notes (each look-alike pair
    when there are more than :data:`LISTED`, for ``--verbose``)."""
    pictures = [s for s in symbols if s.kind != "word"]
    samples = [s.colour_sample for s in pictures]  # taken where each was decoded
    warnings, notes = _pairs_said(pictures, _confusions([(c.reduced, c.aspect) for c in samples]))
    for symbol, visions in zip(
        pictures, _vanishing([c.ink for c in samples], card_rgb), strict=True
    ):
        if visions:
            warnings.append(
                notice(
                    N_(
                        "nearly vanishes {how}: its ink is nearly the card's colour there; "
                        "darken it or give it an outline",
                        how=how(visions),
                    ),
                    file=Path(symbol.source),
                )
            )
    words = [s for s in symbols if s.kind == "word"]
    colours = sorted({s.color for s in words})
    for colour, visions in zip(
        colours, weak_colours(colours, card_rgb) if words else (), strict=True
    ):
        if visions:
            inked = [s for s in words if s.color == colour]
            warnings.append(
                notice(
                    Nn_(
                        "{count} word in {colour} ({word}) stands out little from the card "
                        "{how}; choose another card colour",
                        "{count} words in {colour} (such as {word}) stand out little from the "
                        "card {how}; choose another card colour",
                        len(inked),
                        colour="#" + "".join(f"{c:02x}" for c in colour),
                        word=inked[0].name,
                        how=how(visions),
                    )
                )
            )
    return tuple(warnings), notes


def _pair(pictures: Sequence[Symbol], found: Confusion) -> Notice:
    first, second = Path(pictures[found.first].source), Path(pictures[found.second].source)
    return Notice(
        (
            N_(
                "{first} and {second} look alike {how}: only their colours tell them apart; "
                "make one lighter or darker, or leave one out",
                first=first,
                second=second,
                how=how(found.visions),
            ),
        ),
        first,
    )


def _pairs_said(
    pictures: Sequence[Symbol], found: Sequence[Confusion]
) -> tuple[list[Notice], tuple[Notice, ...]]:
    """One warning a pair; more than :data:`LISTED` pairs in one warning that counts them, each
    then a note."""
    lines = [_pair(pictures, c) for c in found]
    if len(lines) <= LISTED:
        return lines, ()
    top = found[0]
    said = Notice(
        (
            N_(
                "{count} pairs of pictures look alike in black and white or to colour-blind "
                "players: {first} and {second} {how}, and {more} more; make one of each "
                "lighter or darker, or leave one out",
                count=len(found),
                first=Path(pictures[top.first].source),
                second=Path(pictures[top.second].source),
                how=how(top.visions),
                more=len(found) - 1,
            ),
        )
    )
    return [said], tuple(dataclasses.replace(line, kind="quiet") for line in lines)
