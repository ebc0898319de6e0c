"""What the colour checks compare of a picture (:mod:`vision`: in black and white and to
colour-blind players; :func:`loading.faint_on_card`: on the card's colour), taken where the
picture is decoded.

The checks run beside the packing, the build's peak. Reading the pictures there decoded each
one whole again (~1.2 MB for a drawn icon, 57 of them one after another), and the holes those
left in the heap stayed resident: ~10 MB of the packing's peak. Sampled by the loading thread
that decoded the picture, what they compare is ~30 kB a picture, made once.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dobble_print.symbols.pixels import Pixels
from dobble_print.symbols.similar import SIDE, on_white

__all__ = ["FAINT_STRIDE", "INK_SAMPLE", "ColourSample", "colour_sample", "ink_sample", "thinned"]

FAINT_STRIDE = 3  # pixels between the ones sampled for the faint-ink check, each way
# Ink pixels simulated for the vanishing check: a share of the ink is the question, and each
# simulation of a 600 px picture's 40,000 took 7 ms (1.3 s for the default icons' 57).
INK_SAMPLE = 1024


@dataclass(frozen=True, eq=False)
class ColourSample:
    """A picture's colours as the checks compare them.

    Attributes:
        reduced: the picture at ``SIDE`` × ``SIDE`` on white (:func:`similar.on_white` of its
            :func:`thinned` pixels), float32: what look-alikes are told by.
        aspect: its width / height.
        ink: up to ``INK_SAMPLE`` of its ink pixels' colours (:func:`ink_sample`), K × 3 float32.
        faint: the colours of its ink pixels every ``FAINT_STRIDE`` each way (of all of them,
            when none of those is ink), K × 3 uint8, compressed as pixels are (a drawn icon's
            ~70 kB to ~2 kB).
    """

    reduced: np.ndarray
    aspect: float
    ink: np.ndarray
    faint: Pixels


def colour_sample(rgba: np.ndarray) -> ColourSample:
    """The :class:`ColourSample` of H × W × 4 uint8 pixels."""
    sample = rgba[::FAINT_STRIDE, ::FAINT_STRIDE]
    faint = sample[sample[..., 3] > 127][:, :3]
    if not len(faint):
        faint = rgba[rgba[..., 3] > 127][:, :3]
    return ColourSample(
        on_white(thinned(rgba)), rgba.shape[1] / rgba.shape[0], ink_sample(rgba), Pixels.of(faint)
    )


def thinned(rgba: np.ndarray) -> np.ndarray:
    """Every k-th pixel each way, k keeping at least 4 × SIDE of the shorter side: reducing a
    600 px picture whole took 4 ms (0.25 s for the default icons), its 32 × 32 the same to a
    level or two."""
    k = max(1, min(rgba.shape[:2]) // (4 * SIDE))
    return rgba[::k, ::k]


def ink_sample(rgba: np.ndarray) -> np.ndarray:
    """A sample of the picture's ink (of :func:`thinned`, at most :data:`INK_SAMPLE` pixels) as
    K × 3 float."""
    sample = thinned(rgba)
    ink = sample[sample[..., 3] > 127][:, :3]
    if not len(ink):
        ink = rgba[rgba[..., 3] > 127][:, :3]
    return ink[:: -(-len(ink) // INK_SAMPLE) or 1].astype(np.float32)
