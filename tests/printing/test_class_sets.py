"""Class sets: --copies N prints N marked copies of the deck, --split two halves that each play on
their own; each card's copy is told by its letter and rim colour, in colour and in grey."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from dobble_print.card import CardShape
from dobble_print.deck import RIMS, copy_marks, letter_ink, split_marks
from dobble_print.errors import DobbleError
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build, prepare
from dobble_print.printing.marks import mark_place
from tests.conftest import make_pictures
from tests.support.messages import as_cli


def _lightness(rgb) -> float:
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return 116 * y ** (1 / 3) - 16


def test_the_first_four_rims_stay_apart_in_black_and_white():
    grey = sorted(_lightness(t.rgb) for t in RIMS[:4])
    assert min(b - a for a, b in itertools.pairwise(grey)) >= 15
    assert [t.letter for t in RIMS] == list("ABCDEF")
    assert letter_ink(RIMS[0].rgb) == (1.0, 1.0, 1.0) and letter_ink(RIMS[3].rgb) == (0, 0, 0)


def test_marks_follow_the_printed_order():
    assert [m.letter for m in copy_marks(3, 2)] == list("AAABBB")
    assert [m.letter for m in split_marks(7)] == list("AAAABBB")


def _options(tmp_path, **kw) -> BuildOptions:
    return BuildOptions(
        sources=(tmp_path / "p",), output=tmp_path / "deck.pdf", seed=3, symbols_per_card=3, **kw
    )


@pytest.fixture
def folder(tmp_path):
    make_pictures(tmp_path / "p", 7)
    return tmp_path


def test_three_copies_repeat_the_deck_and_each_plays_alone(folder):
    # on the old code: BuildOptions has no field 'copies'
    built = build(_options(folder, copies=3, report=folder / "deck.json"))
    cards = json.loads((folder / "deck.json").read_text())["cards"]
    assert len(cards) == 21
    by_copy = {}
    for card in cards:
        by_copy.setdefault(card["team"], []).append(frozenset(card["symbols"]))
    assert sorted(by_copy) == ["A", "B", "C"]
    assert by_copy["A"] == by_copy["B"] == by_copy["C"]  # the same deck three times
    for copy in by_copy.values():
        assert all(len(a & b) == 1 for a, b in itertools.combinations(copy, 2))
    assert built.layouts[:7] == built.layouts[7:14] == built.layouts[14:]


def test_each_copy_prints_its_rim_and_letter(folder):
    import pypdfium2

    build(_options(folder, copies=2, report=folder / "deck.json"))
    report = json.loads((folder / "deck.json").read_text())
    doc = pypdfium2.PdfDocument(folder / "deck.pdf")
    scale = 4.0  # px per mm
    for card in (report["cards"][0], report["cards"][7]):
        page = doc[card["page"] - 1]
        image = np.asarray(page.render(scale=scale * 25.4 / 72).to_pil().convert("RGB"))
        height = image.shape[0]
        x, y = card["center_mm"]
        rim = RIMS[0] if card["team"] == "A" else RIMS[1]
        # on the rim, left of the letter: the copy's colour
        mx, my, _ = mark_place(CardShape())
        px, py = round((x + mx - 6) * scale), round(height - (y + my) * scale)
        assert np.abs(image[py, px] / 255 - np.array(rim.rgb)).max() < 0.08
        # the letter: its ink (white on navy, black on orange) where the letter stands
        lx, ly = round((x + mx) * scale), round(height - (y + my) * scale)
        box = image[ly - 4 : ly + 5, lx - 4 : lx + 5] / 255
        ink = np.array(letter_ink(rim.rgb))
        assert (np.abs(box - ink).max(axis=2) < 0.2).sum() >= 6
    doc.close()


def test_split_halves_each_play_alone_and_the_cover_says_so(folder):
    build(_options(folder, split=True, report=folder / "deck.json", lang="fr"))
    cards = json.loads((folder / "deck.json").read_text())["cards"]
    assert [c["team"] for c in cards] == list("AAAABBB")
    import pypdfium2

    doc = pypdfium2.PdfDocument(folder / "deck.pdf")
    cover = doc[0].get_textpage().get_text_range()
    doc.close()
    assert "Deux demi-jeux, A (4 cartes) et B (3 cartes)" in " ".join(cover.split())


@pytest.mark.parametrize(
    ("kw", "line"),
    [
        ({"copies": 7}, "--copies 7 is out of range; a class set has 1 to 6 copies"),
        (
            {"copies": 2, "split": True},
            "--split cannot go with several copies (a card shows one letter); print one or the "
            "other",
        ),
    ],
)
def test_class_sets_that_cannot_be_are_refused(folder, kw, line):
    with pytest.raises(DobbleError) as caught:
        prepare(_options(folder, **kw))
    assert as_cli(caught.value) == line
