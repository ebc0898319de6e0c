"""A black outline around each picture (``outline``, the accessible edition's look): the picture
stands out from the card in any light, printed in black and white, and to colour-blind players.

The outline is part of the symbol's pixels, so the layout packs it and the clearance is kept
from it, as from any ink: the picture's ink grown by :data:`WIDTH` of its longer side (by
Euclidean distance), black under the picture. Words are left as they are: they print as vector
text in strong colours.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from dobble_print.symbols.pixels import Pixels
from dobble_print.symbols.symbol import SymbolSet

WIDTH = 0.03  # the outline's width, a share of the picture's longer side (2.4 mm on 80 mm)
INK = (0, 0, 0)  # black: the strongest contrast on a pale card, and in black and white


def _grown(alpha: np.ndarray, width: float) -> np.ndarray:
    """Coverage (0–1) of ``alpha``'s ink grown by ``width`` pixels: a disc's reach, its edge
    antialiased over one pixel. A pixel ``d`` from the nearest ink pixel (centre to centre)
    spans d − 1 to d from the ink's edge, half a pixel outside that ink pixel's centre."""
    from scipy import ndimage  # only for outlines: importing it costs every build ~0.2 s

    distance = ndimage.distance_transform_edt(alpha < 128)
    return np.clip(width + 1.0 - distance, 0.0, 1.0).astype(np.float32)


def outlined(rgba: np.ndarray) -> np.ndarray:
    """An H × W × 4 uint8 picture with a black outline around its ink, on a canvas grown to
    hold it."""
    width = max(1.0, WIDTH * max(rgba.shape[:2]))
    pad = int(np.ceil(width)) + 1
    picture = np.pad(rgba, ((pad, pad), (pad, pad), (0, 0)))
    line = np.maximum(_grown(picture[..., 3], width), picture[..., 3] / 255)
    a = picture[..., 3:].astype(np.float32) / 255
    alpha = a + line[..., None] * (1 - a)  # the picture over its outline
    rgb = picture[..., :3] * a + np.asarray(INK, np.float32) * line[..., None] * (1 - a)
    rgb = rgb / np.maximum(alpha, 1e-6)
    return np.dstack([np.round(rgb), np.round(alpha * 255)]).astype(np.uint8)


def with_outlines(loaded: SymbolSet) -> SymbolSet:
    """``loaded`` with every picture outlined (:func:`outlined`); words as they are."""
    symbols = tuple(
        dataclasses.replace(s, pixels=Pixels.of(outlined(s.rgba))) if s.kind == "image" else s
        for s in loaded.symbols
    )
    return dataclasses.replace(loaded, symbols=symbols)
