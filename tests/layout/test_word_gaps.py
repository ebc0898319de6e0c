"""Words never read as one (issue 42): on every card of a word deck, two words on one line keep
at least a word space of the larger one's type between them, and no two neighbouring words share
a colour; the measure (:mod:`layout.word_gaps`) and the colouring (:mod:`layout.word_colours`)."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest

from dobble_print.card import CardLayout, CardShape, Placement
from dobble_print.deck.plane import build_deck
from dobble_print.layout.deck_layout import layout_deck
from dobble_print.layout.word_colours import colour_words
from dobble_print.layout.word_gaps import deck_word_gaps, word_gaps
from dobble_print.symbols import PALETTE, find_sources, load_symbols, space_width

DATA = Path(__file__).parents[1] / "data"
RED, BLUE = PALETTE[0], PALETTE[1]


@pytest.fixture(scope="module")
def words(tmp_path_factory):
    """ "hammer" and "dinosaur" in one colour, "owl" in another, drawn small (cheap)."""
    path = tmp_path_factory.mktemp("w") / "w.txt"
    path.write_text("hammer\ndinosaur\nowl\n", encoding="utf-8")
    symbols = load_symbols(find_sources([path]), max_px=200).symbols
    return [dataclasses.replace(s, color=RED if s.name != "owl" else BLUE) for s in symbols]


def _beside(words, gap: float, *, turn: float = 0.0, lift: float = 0.0) -> CardLayout:
    """ "hammer" 8 mm tall, and "dinosaur" as tall with its box's left edge ``gap`` mm right of
    hammer's box, turned ``turn`` degrees about the middle of that edge and raised ``lift`` mm."""
    hammer, dinosaur = words[0], words[1]
    height = 8.0
    wh = height * hammer.aspect
    wd = height * dinosaur.aspect
    t = math.radians(turn)
    centre = (gap + wd / 2 * math.cos(t), lift + wd / 2 * math.sin(t))
    return CardLayout(
        (
            Placement(0, (-wh / 2, 0.0), wh, height, 0.0),
            Placement(1, centre, wd, height, turn),
        )
    )


def test_two_words_a_letter_apart_on_one_line_are_found(words):
    """Boxes 1 mm apart ("hammerdinosaur"), the pair is under a word space; 6 mm apart, it is
    not (both print at the same size: a word space is the font's space advance at that size)."""
    space = max(  # each 8 mm tall: its font size is its line's share of its raster's height
        space_width(w.font) * w.lines[0].size * 8.0 / w.rgba.shape[0] for w in words[:2]
    )
    assert 1.0 < space < 6.0
    close = word_gaps(_beside(words, 1.0), words)
    assert [(p.first, p.second) for p in close.close] == [(0, 1)]
    pair = close.close[0]  # along the rows the two share: from hammer's "r" to dinosaur's "d"
    assert 1.0 <= pair.gap < 2.5 < pair.limit == pytest.approx(space, rel=0.02)
    assert close.same_colour and 1.0 <= close.same_colour[0].gap <= pair.gap
    apart = word_gaps(_beside(words, 6.0), words)
    assert apart.close == () and apart.least > 1.0


def test_words_not_on_one_line_are_not_along_it(words):
    """Raised above the line, or turned 40° from it, the other word is not read along it."""
    assert word_gaps(_beside(words, 1.0, lift=12.0), words).close == ()
    assert word_gaps(_beside(words, 1.0, turn=40.0), words).close == ()
    assert word_gaps(_beside(words, 1.0, turn=15.0), words).close != ()


def test_neighbours_of_one_colour_are_given_two(words):
    """The two red words side by side: one takes another colour of the palette; the measure
    then finds no neighbours of one colour."""
    layout = _beside(words, 1.0)
    colours = [s.color for s in words]
    ems = [max(line.size for line in s.lines) / s.rgba.shape[0] for s in words]
    coloured = colour_words(layout, colours, ems, PALETTE)
    first, second = coloured.placements
    assert first.color is None  # keeps its own
    assert second.color is not None and second.color != RED
    assert word_gaps(coloured, words).same_colour == ()


def test_more_words_than_colours_keep_neighbours_apart():
    """Twelve words of one colour in a row, more than the palette's ten: neighbours differ."""

    placements = tuple(Placement(0, (12.0 * k, 0.0), 10.0, 5.0, 0.0) for k in range(12))
    coloured = colour_words(CardLayout(placements), [RED], [1.0], PALETTE)
    got = [p.color or RED for p in coloured.placements]
    assert all(a != b for a, b in zip(got, got[1:], strict=False))


def test_a_word_deck_reads_word_by_word_on_every_card():
    """The 57 classroom words on the classic card (85 mm, 8 a card, seed 1). On main, with
    one colour per word and 0.06 em of room, 93 pairs on 49 cards sat closer than a word space
    along their line (the least 0.49 of one: "hammer" 2.7 mm from "tiger") and 83 pairs of one
    colour were neighbours on 47 cards; now none."""
    symbols = load_symbols(find_sources([DATA / "classroom57.txt"]), max_px=300).symbols
    layouts = layout_deck(build_deck(8), symbols, card=CardShape(85.0), seed=1)
    gaps = deck_word_gaps(layouts, symbols)
    assert len(gaps) == 57
    close = [
        (i + 1, symbols[p.first].name, symbols[p.second].name)
        for i, g in enumerate(gaps)
        for p in g.close
    ]
    same = [
        (i + 1, symbols[p.first].name, symbols[p.second].name)
        for i, g in enumerate(gaps)
        for p in g.same_colour
    ]
    assert close == [] and same == []
    assert min(g.least for g in gaps) >= 1.0
