"""Pictures as a black-and-white printer prints them and as colour-blind players see them
(issue 42): pairs that only their colours tell apart are named, for the visions they fail;
light ink that vanishes in grey too; distinct shapes never.

The pictures are made here: one seeded random silhouette drawn in two colours picked on a
confusion line of the simulation (the colours printed beside each pair below).
"""

from __future__ import annotations

import pytest

from dobble_print.symbols import find_sources, load_symbols
from dobble_print.symbols.vision import confusions, vanishing, vision_warnings, weak_colours
from tests.conftest import ICONS
from tests.support.colour_pictures import (
    BLUE_TEAL,
    LIGHT_YELLOW,
    RED_BLUE,
    RED_GREEN,
    SIDE,
    rgba,
    save,
)
from tests.support.messages import cli_lines

WHITE = (1.0, 1.0, 1.0)


@pytest.mark.parametrize(
    ("colours", "visions"),
    [
        (RED_GREEN, ("protan",)),
        (BLUE_TEAL, ("grey", "tritan")),
        (RED_BLUE, ("grey",)),
    ],
    ids=["red-green", "blue-yellow", "grey"],
)
def test_one_shape_in_two_colours_fails_the_visions_that_confuse_them(colours, visions):
    [found] = confusions([rgba(3, colours[0]), rgba(3, colours[1])])
    assert (found.first, found.second, found.visions) == (0, 1, visions)


def test_distinct_shapes_of_one_colour_are_never_alike():
    pictures = [rgba(seed, (30, 30, 30)) for seed in range(12)]
    assert confusions(pictures) == []


def test_shapes_far_apart_in_colour_and_light_are_not_alike():
    """Red and dark blue: 35 luma levels apart and far apart to every colour blindness."""
    assert confusions([rgba(3, (210, 40, 40)), rgba(3, (20, 20, 120))]) == []


def test_light_yellow_on_white_vanishes_in_grey_only_where_it_still_shows_in_colour():
    faint = rgba(5, (250, 250, 240))  # faint in colour too: faint_on_card's warning
    assert vanishing([rgba(5, LIGHT_YELLOW), faint, rgba(5, (30, 30, 30))], WHITE) == [
        ("grey", "tritan"),
        (),
        (),
    ]


def test_word_colours_that_lose_contrast_on_a_red_card():
    """On a red card a green word stands out in colour, not in grey; white does everywhere, and
    a word the card's colour is not said here (it does not stand out in colour either)."""
    card = (192 / 255, 57 / 255, 43 / 255)
    got = weak_colours([(30, 132, 73), (255, 255, 255), (192, 57, 43)], card)
    assert got == [("grey", "protan", "deutan"), (), ()]


def test_the_exact_warnings(tmp_path):
    save(tmp_path, "apple-red", 3, RED_GREEN[0])
    save(tmp_path, "apple-green", 3, RED_GREEN[1])
    save(tmp_path, "lemon", 4, LIGHT_YELLOW)
    save(tmp_path, "star", 6, (30, 30, 30))
    symbols = load_symbols(find_sources([tmp_path]), max_px=SIDE).symbols
    warnings, notes = vision_warnings(symbols, WHITE)
    folder = str(tmp_path)
    assert cli_lines(warnings) == (
        f"{folder}/apple-green.png and {folder}/apple-red.png look alike to red-green "
        "colour-blind players: only their colours tell them apart; make one lighter or darker, "
        "or leave one out",
        f"{folder}/lemon.png: nearly vanishes in black and white and to blue-yellow colour-blind "
        "players: its ink is nearly the card's colour there; darken it or give it an outline",
    )
    assert notes == ()


def test_thirty_one_pictures_with_three_pairs_that_differ_only_by_hue(tmp_path):
    """The issue's folder: 25 distinct shapes in assorted colours, and three shapes each in two
    colours: exactly those three pairs, each for the visions it fails."""
    assorted = [(30, 30, 30), (200, 40, 40), (40, 90, 200), (30, 130, 70), (125, 60, 152)]
    for seed in range(25):
        save(tmp_path, f"shape-{seed:02}", 100 + seed, assorted[seed % len(assorted)])
    for name, seed, (a, b) in (
        ("fox", 3, RED_GREEN),
        ("fish", 4, BLUE_TEAL),
        ("kite", 6, RED_BLUE),
    ):
        save(tmp_path, f"{name}-a", seed, a)
        save(tmp_path, f"{name}-b", seed, b)
    symbols = load_symbols(find_sources([tmp_path]), max_px=SIDE).symbols
    assert len(symbols) == 31
    pictures = [s.rgba for s in symbols]
    named = [
        ({symbols[c.first].name, symbols[c.second].name}, c.visions) for c in confusions(pictures)
    ]
    assert named == [
        ({"fish a", "fish b"}, ("grey", "tritan")),
        ({"fox a", "fox b"}, ("protan",)),
        ({"kite a", "kite b"}, ("grey",)),
    ]
    assert vanishing(pictures, WHITE) == [()] * 31


def test_more_than_three_pairs_make_one_warning_and_a_note_each(tmp_path):
    for seed in range(4):
        save(tmp_path, f"{seed}-red", 10 + seed, RED_BLUE[0])
        save(tmp_path, f"{seed}-blue", 10 + seed, RED_BLUE[1])
    symbols = load_symbols(find_sources([tmp_path]), max_px=SIDE).symbols
    warnings, notes = vision_warnings(symbols, WHITE)
    folder = str(tmp_path)
    assert cli_lines(warnings) == (
        f"4 pairs of pictures look alike in black and white or to colour-blind players: "
        f"{folder}/0-blue.png and {folder}/0-red.png in black and white, and 3 more; make one of "
        "each lighter or darker, or leave one out",
    )
    assert len(notes) == 4


def test_the_bundled_icons_have_no_pair_alike_in_any_vision():
    symbols = load_symbols(find_sources([ICONS]), max_px=128).symbols
    assert len(symbols) == 57
    assert vision_warnings(symbols, WHITE) == ((), ())


def test_plan_and_build_warn_about_the_deck_and_its_tiles_only(tmp_path):
    """Plan and build say the pair of the deck; a picture the deck leaves out is not checked
    (7 pictures make the 7-card deck of 3; the 8th is left out)."""
    from dobble_print import BuildOptions, build, plan

    pictures = tmp_path / "p"
    pictures.mkdir()
    save(pictures, "a-red", 3, RED_BLUE[0])
    save(pictures, "b-blue", 3, RED_BLUE[1])
    for seed in range(5):
        save(pictures, f"c-{seed}", 100 + seed, (30, 30, 30))
    save(pictures, "z-green", 3, (30, 130, 70))  # grey as a-red, but left out: the deck needs 7
    options = BuildOptions(sources=(pictures,), output=tmp_path / "deck.pdf", seed=5, cover=False)
    expected = (
        f"{pictures}/a-red.png and {pictures}/b-blue.png look alike in black and white: only "
        "their colours tell them apart; make one lighter or darker, or leave one out",
    )
    assert cli_lines(plan(options).warnings) == expected
    assert cli_lines(build(options).warnings) == expected
