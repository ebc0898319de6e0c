"""The outline around each picture (``outline``, the access preset): black, about 3 % of the
picture's longer side, around its ink and under it; words untouched."""

from __future__ import annotations

import numpy as np

from dobble_print.symbols.contour import outlined, with_outlines
from dobble_print.symbols.symbol import Symbol, SymbolSet


def disc(side: int = 100, colour=(250, 220, 60)) -> np.ndarray:
    yy, xx = np.mgrid[0:side, 0:side] + 0.5 - side / 2
    rgba = np.zeros((side, side, 4), np.uint8)
    rgba[np.hypot(xx, yy) <= side / 2] = (*colour, 255)
    return rgba


def test_a_black_ring_of_three_percent_around_the_ink_and_the_picture_unchanged():
    picture = disc()
    out = outlined(picture)
    assert out.shape == (108, 108, 4)  # 3 px each side, and one for the soft edge
    centre = out[54, 54]
    assert tuple(centre) == (250, 220, 60, 255)  # the picture over its outline
    row = out[54]  # across the middle: transparent, black ring, the picture, black ring
    ring = np.flatnonzero((row[:, 3] == 255) & (row[:, :3].max(axis=1) == 0))
    assert list(ring) == [1, 2, 3, 104, 105, 106]
    assert row[0, 3] == 0 and row[-1, 3] == 0
    inner = out[4:104, 4:104]
    assert np.array_equal(inner[picture[..., 3] == 255], picture[picture[..., 3] == 255])


def test_words_keep_their_pixels_and_pictures_are_outlined():
    word = Symbol("cat", "words.txt:1", disc(40, (30, 30, 30)), "word")
    picture = Symbol("sun", "sun.png", disc())
    loaded = with_outlines(SymbolSet((word, picture), (), ()))
    assert loaded.symbols[0] is word
    assert loaded.symbols[1].rgba.shape == (108, 108, 4)
