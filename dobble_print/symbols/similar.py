"""Near-duplicates: a resized, recompressed, re-saved or colour-filtered copy of a picture looks
the same as it.

Two symbols that look the same would make two cards seem to share two pictures, which breaks the
game, so :func:`symbols.load_symbols` uses such a copy once, as it does an exact duplicate.

A symbol's :class:`Look` is taken from its trimmed RGBA (after background treatment), reduced to
32 × 32 and composited on white, as it prints on a white card:

* its *shape*: the 8 × 8 lowest frequencies of its luminance's DCT, as a perceptual hash (pHash)
  takes them, less the constant one, scaled to length 1. Resizing and recompression barely
  change them. A pHash keeps only their signs against their median and counts the signs that
  differ; but a symmetric picture (a sun, a star, a snowflake) has many of them near zero,
  whose signs a one-pixel shift of the trimmed box flips: copies of the default icons differed
  in up to 28 of the 64 bits, two distinct photos (a stereo pair) in 4. Compared as numbers,
  the frequencies near zero weigh nothing;
* a 16 × 16 thumbnail of its colours, since the shape is luminance only: the same silhouette in
  another colour has the same shape. A photo app's warm or cool filter, or a brightness change,
  scales each channel by a few percent, so the thumbnails are compared after the one gain per
  channel (within :data:`MAX_GAIN`) that brings them closest; another hue needs far more;
* its aspect ratio, which the reduction to a square forgets.

Two symbols look the same when all three are close (:func:`looks_same`). The limits sit between
copies and distinct pictures measured on the photos in ``tests/data/similar`` and the default
icons, each loaded at 150, 300 and 600 px: see the constants.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

SIDE = 32  # pictures are reduced to SIDE × SIDE before their DCT
LOW = 8  # the LOW × LOW lowest frequencies make the shape
THUMB = 16  # the colour thumbnail is THUMB × THUMB


def _dct_matrix(n: int) -> np.ndarray:
    """The orthonormal DCT-II as an n × n matrix: ``M @ x`` is scipy's ``dct(x, norm="ortho")``.

    A 32-point transform is one small product; importing scipy.fft for it cost every build
    ~0.2 s and ~18 MB."""
    k, i = np.mgrid[0:n, 0:n]
    m = np.cos(np.pi * (2 * i + 1) * k / (2 * n)) * np.sqrt(2.0 / n)
    m[0] /= np.sqrt(2.0)
    return m


_DCT = _dct_matrix(SIDE).astype(np.float32)
# The length of the shape's frequencies (orthonormal DCT) when what they hold of the reduced
# luminance varies by one level (standard deviation): fainter shapes are scaled as if that
# strong, so that a plain picture's noise is not blown up into a shape.
FLAT = float(SIDE)
# Distance between two shapes (0: the same; √2: unrelated). Resized (50 %), recompressed (JPEG
# q60) and re-saved (PNG <-> JPEG) copies, and all of them at once, came within 0.12 (icons
# shrunk to 30 % at JPEG q50: 0.19); distinct photos 0.35 and more, even two views of one scene
# or a stereo pair; distinct icons 0.48 and more; views of a photo panned by 10 %, 0.21 and more.
MAX_SHAPE = 0.2
# Mean over the thumbnail's cells of the largest difference of a channel (0–255), once each
# channel of one is scaled by the gain (within MAX_GAIN) that fits the other best. The copies came
# within 9.5 (a saturated icon as a half-size JPEG q60: its green shifts; photos 6.0); copies
# with R × 1.10 and B × 0.90, or all × 0.92, or all + 12, within 11 (uncompensated: 22);
# distinct photos 10.6 and more (bricks and handwriting, shapes 0.5 apart; two views of a
# stormy sky 20), distinct icons 36 and more.
MAX_COLOUR = 12.0
# Largest gain of a channel a filter is taken to apply: a warm or cool filter moves a channel by
# a few percent; the same silhouette in another colour needs gains of 2 and more.
MAX_GAIN = 1.12
MAX_ASPECT = 1.05  # copies' widths / heights were within 3 %

LUMA = np.array([0.299, 0.587, 0.114], np.float32)  # Rec. 601, as printers and JPEG weigh them

T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Look:
    """What a picture looks like, coarsely: see the module's docstring.

    Attributes:
        shape: LOW² − 1 float32 of length 1 (less when faint, 0 when plain).
        colour: THUMB × THUMB × 3 float32, its colours composited on white (0–255).
        aspect: width / height.
    """

    shape: np.ndarray
    colour: np.ndarray
    aspect: float


def look(rgba: np.ndarray) -> Look:
    """The :class:`Look` of an H × W × 4 uint8 picture (a loaded symbol's trimmed RGBA)."""
    h, w = rgba.shape[:2]
    return look_of(on_white(rgba), w / h)


def on_white(rgba: np.ndarray) -> np.ndarray:
    """An H × W × 4 uint8 picture reduced to SIDE × SIDE and composited on white, as it prints on
    a white card: SIDE × SIDE × 3 float32 (0–255)."""
    from PIL import Image

    # Pillow resizes RGBA premultiplied: transparent pixels' hidden colours do not bleed in.
    small = Image.fromarray(np.ascontiguousarray(rgba), "RGBA").resize(
        (SIDE, SIDE), Image.Resampling.BOX
    )
    pixels = np.asarray(small, np.float32)
    alpha = pixels[..., 3:] / 255
    return pixels[..., :3] * alpha + 255 * (1 - alpha)


def look_of(rgb: np.ndarray, aspect: float) -> Look:
    """The :class:`Look` of a picture reduced by :func:`on_white` (or a simulation of how it is
    seen), whose width / height was ``aspect``."""
    freq = (_DCT @ (rgb @ LUMA) @ _DCT.T)[:LOW, :LOW]
    shape = freq.ravel()[1:]
    k = SIDE // THUMB
    return Look(
        shape / max(float(np.linalg.norm(shape)), FLAT),
        rgb.reshape(THUMB, k, THUMB, k, 3).mean(axis=(1, 3)),
        aspect,
    )


def colour_difference(a: np.ndarray, b: np.ndarray) -> float:
    """How far apart two colour thumbnails are, as :data:`MAX_COLOUR` measures it: ``b``'s
    channels first scaled by the least-squares gains that fit ``a``, each within
    :data:`MAX_GAIN`, so that a colour filter's tint or a brightness change counts for little."""
    return float(colour_differences(a[None], b[None])[0])


def colour_differences(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """:func:`colour_difference` of ``a[k]`` and ``b[k]`` for each k, at once (P × THUMB ×
    THUMB × 3 each): a deck's pictures are compared in pairs by the thousand, where numpy's
    few microseconds a call were most of the time."""
    x, y = a.reshape(len(a), -1, 3), b.reshape(len(b), -1, 3)
    gain = (x * y).sum(axis=1) / np.maximum((y * y).sum(axis=1), 1e-6)
    gain = np.clip(gain, 1 / MAX_GAIN, MAX_GAIN)
    return np.abs(x - y * gain[:, None]).max(axis=2).mean(axis=1)


def distance(a: Look, b: Look) -> tuple[float, float, float]:
    """How far apart two looks are: (shape distance, colour difference as :data:`MAX_COLOUR`
    measures it, ratio of the aspect ratios ≥ 1)."""
    return (
        float(np.linalg.norm((a.shape - b.shape)[None], axis=1)[0]),  # as same_pairs takes it
        colour_difference(a.colour, b.colour),
        max(a.aspect, b.aspect) / min(a.aspect, b.aspect),
    )


def looks_same(a: Look, b: Look) -> bool:
    """True when two pictures look the same: one is a resized, re-saved or colour-filtered copy
    of the other."""
    return bool(same_pairs(Looks.of([a, b]), np.array([0]), np.array([1]))[0])


@dataclass(frozen=True, eq=False)
class Looks:
    """Many looks, stacked, to compare pairs of them at once (:func:`same_pairs`).

    Attributes:
        shape: N × (LOW² − 1), each a :attr:`Look.shape`.
        colour: N × THUMB × THUMB × 3.
        aspect: N, float64.
    """

    shape: np.ndarray
    colour: np.ndarray
    aspect: np.ndarray

    @classmethod
    def of(cls, looks: Sequence[Look]) -> Looks:
        return cls(
            np.stack([look.shape for look in looks]),
            np.stack([look.colour for look in looks]),
            np.array([look.aspect for look in looks], np.float64),
        )


PAIRS_AT_ONCE = 1024  # pairs whose thumbnails are compared in one go (~3 KB each, twice)


def same_pairs(looks: Looks, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """:func:`looks_same` of ``looks`` ``first[k]`` and ``second[k]`` for each k (index arrays):
    booleans. Shapes and aspects first, all at once; the colours of the pairs they leave."""
    shape = np.linalg.norm(looks.shape[first] - looks.shape[second], axis=1)
    a, b = looks.aspect[first], looks.aspect[second]
    same = (shape <= MAX_SHAPE) & (np.maximum(a, b) / np.minimum(a, b) <= MAX_ASPECT)
    left = np.flatnonzero(same)
    for start in range(0, len(left), PAIRS_AT_ONCE):
        k = left[start : start + PAIRS_AT_ONCE]
        colour = colour_differences(looks.colour[first[k]], looks.colour[second[k]])
        same[k] = colour <= MAX_COLOUR
    return same


class Lookalikes(Generic[T]):
    """The pictures loaded so far, each with its look, to find the one a new picture copies."""

    def __init__(self) -> None:
        self._looks: list[Look] = []
        self._items: list[T] = []

    def twin(self, new: Look, item: T) -> T | None:
        """The first item seen whose picture looks the same as one of look ``new``
        (:func:`look`); else None, and ``item`` is remembered with it. Every picture seen is
        compared (a deck has at most ~200): the shapes all at once, then colour and aspect for
        the few whose shape is close."""
        if self._looks:
            shapes = np.stack([seen.shape for seen in self._looks])
            near = np.flatnonzero(np.linalg.norm(shapes - new.shape, axis=1) <= MAX_SHAPE)
            if len(near):
                both = Looks.of([new, *(self._looks[i] for i in near)])
                same = same_pairs(both, np.zeros(len(near), np.intp), np.arange(1, len(near) + 1))
                if same.any():
                    return self._items[near[int(np.argmax(same))]]
        self._looks.append(new)
        self._items.append(item)
        return None
