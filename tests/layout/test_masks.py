"""Packing shapes: the room a word, a labelled picture or a vocabulary's text face keeps."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import numpy as np
import pytest
from scipy import ndimage

from dobble_print.layout.masks import (
    LABEL_ROOM,
    WORD_MARGIN,
    WORD_ROOM_TALL,
    WORD_SPACE_SHARE,
    _grown,
    shapes_of,
)
from dobble_print.symbols import (
    SymbolOptions,
    find_sources,
    load_symbols,
    space_width,
    with_labels,
)

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
    assert shapes[0].margin == math.ceil(WORD_SPACE_SHARE * space_width(word.font) * em)
    assert shapes[1].margin == 0
    assert shapes[2].margin == math.ceil(LABEL_ROOM * labelled.lines[0].size)
    assert shapes[3].margin == math.ceil(0.25 * em)


def test_a_words_room_is_less_tall_than_wide(symbols):
    """Issue 31, item 7: a vocabulary's face keeps a quarter of its font size beside it (so
    "14" and "18" do not read as "1418") but less above and below, where the gaps as tall as
    the words left maths decks a third empty."""
    word = dataclasses.replace(symbols[0], room=0.25)
    [shape] = shapes_of([word])
    ink = word.rgba[..., 3] >= 128
    rows, cols = np.nonzero(shape.finest)
    m = shape.margin
    beside = (m - cols.min(), cols.max() - (m + ink.shape[1] - 1))
    above = (m - rows.min(), rows.max() - (m + ink.shape[0] - 1))
    assert shape.factor == 1 and min(beside) >= m - 1
    assert max(above) <= WORD_ROOM_TALL * m + 1


def test_a_plain_words_room_beside_it_is_most_of_a_word_space(symbols):
    """Issue 42: "hammer" and "dinosaur" packed 0.06 em apart read "hammerdinosaur". Beside its
    ink a word keeps ``WORD_SPACE_SHARE`` of its word space, so two side by side keep a word
    space of the larger between them; above and below still ``WORD_MARGIN`` of its font size."""
    word = symbols[0]
    [shape] = shapes_of([word])
    ink = word.rgba[..., 3] >= 128
    rows, cols = np.nonzero(shape.finest)
    m, em = shape.margin, word.lines[0].size
    beside = (m - cols.min(), cols.max() - (m + ink.shape[1] - 1))
    above = (m - rows.min(), rows.max() - (m + ink.shape[0] - 1))
    assert shape.factor == 1 and min(beside) >= WORD_SPACE_SHARE * 0.318 * em - 1
    assert max(above) <= WORD_MARGIN * em + 1


def test_a_labels_room_is_wider_than_its_gap_to_its_picture(symbols):
    """Issue 31, item 7: in a picture+word vocabulary deck the label "rocket" sat nearer the
    word "koala" than its rocket. Every pixel as near the label's ink as its picture's ink is
    lies in the packing shape, so another symbol's ink (clearance aside) stays further away."""
    labelled = symbols[2]
    [shape] = shapes_of([labelled])
    ink = labelled.rgba[..., 3] >= 128
    top = labelled.picture.shape[0]
    rows = np.nonzero(ink.any(axis=1))[0]
    gap = rows[rows >= top].min() - rows[rows < top].max()  # picture to label, pixels
    label = np.pad(ink & (np.arange(ink.shape[0]) >= top)[:, None], shape.margin)
    near = ndimage.distance_transform_edt(~label) <= gap + 1
    assert shape.factor == 1 and gap > 2
    assert shape.finest[near].all(), (gap, shape.margin)


def test_a_shape_keeps_its_finest_level_as_bits_and_no_level_once_its_tables_are_made():
    """Through the packing a shape holds its tables and its finest level packed eight pixels a
    byte, no bool level (the classic deck's 57 pyramids were ~24 MB beside their tables): each
    level is made again when asked, the max-pooling of the one before, and its table is the
    summed-area table of it."""
    from dobble_print.layout.masks import _pool, shape_of

    rng = np.random.default_rng(3)
    rgba = np.zeros((301, 207, 4), np.uint8)
    rgba[..., 3] = (rng.random((301, 207)) < 0.3) * 255
    shape = shape_of(rgba)
    shape.make_tables()
    rows, cols = shape.size
    assert shape.bits.dtype == np.uint8 and shape.bits.size == math.ceil(rows * cols / 8)
    held = [v for v in vars(shape).values() if isinstance(v, np.ndarray) and v.dtype == bool]
    assert held == []
    assert np.array_equal(shape.finest, rgba[..., 3] >= 128)
    ink = rgba[..., 3] >= 128
    for level, size in enumerate(shape.level_sizes):
        if level:
            ink = _pool(ink)
        assert shape.level(level).shape == size and np.array_equal(shape.level(level), ink)
        table = shape.table(level)
        assert table[-1, -1] == np.count_nonzero(ink) % 65536
        assert np.array_equal(table[1:, 1:], ink.cumsum(0).cumsum(1) % 65536)
