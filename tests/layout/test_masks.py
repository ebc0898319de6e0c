"""Packing shapes: the room a word, a labelled picture or a vocabulary's text face keeps."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import numpy as np
import pytest
from scipy import ndimage

from dobble_print.layout.masks import LABEL_MARGIN, WORD_MARGIN, _grown, shapes_of
from dobble_print.symbols import SymbolOptions, find_sources, load_symbols, with_labels

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"


def test_growing_by_distance_is_the_dilation_by_a_disc():
    rng = np.random.default_rng(2)
    ink = rng.random((60, 80)) > 0.97
    for margin in (1, 3, 8):
        y, x = np.ogrid[-margin : margin + 1, -margin : margin + 1]
        disc = x * x + y * y <= margin * margin
        expected = ndimage.binary_dilation(np.pad(ink, margin), structure=disc)
        assert (_grown(ink, margin) == expected).all()
    assert _grown(np.zeros((5, 5), bool), 40).shape == (85, 85)  # a large margin, no memory error


@pytest.fixture(scope="module")
def symbols(tmp_path_factory):
    folder = tmp_path_factory.mktemp("room")
    (folder / "w.txt").write_text("cat\n", encoding="utf-8")
    (folder / "cat.svg").write_bytes((ICONS / "cat.svg").read_bytes())
    word, picture = load_symbols(find_sources([folder / "w.txt", folder / "cat.svg"])).symbols
    labelled = with_labels(load_symbols(find_sources([folder / "cat.svg"])), SymbolOptions())
    return word, picture, labelled.symbols[0]


def test_each_kind_keeps_its_room(symbols):
    word, picture, labelled = symbols
    roomy = dataclasses.replace(word, room=0.25)
    shapes = shapes_of([word, picture, labelled, roomy])
    em = word.lines[0].size
    assert shapes[0].margin == math.ceil(WORD_MARGIN * em)
    assert shapes[1].margin == 0
    assert shapes[2].margin == math.ceil(LABEL_MARGIN * labelled.lines[0].size)
    assert shapes[3].margin == math.ceil(0.25 * em)
