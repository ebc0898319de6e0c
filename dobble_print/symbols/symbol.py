"""A symbol: one picture or word as it goes on the cards — RGBA pixels trimmed to its ink (the
alpha channel is the shape the layout packs), kept compressed (:mod:`.pixels`), with a word's
text lines for the PDF — and the options and set it is loaded with (:mod:`.loading` loads them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TypeVar

import numpy as np

from dobble_print.errors import Notice
from dobble_print.symbols.background import PhotoShape
from dobble_print.symbols.colour_sample import ColourSample, colour_sample
from dobble_print.symbols.fonts.outlines import PathOp
from dobble_print.symbols.ink import figures
from dobble_print.symbols.pixels import Pixels
from dobble_print.symbols.words.typeset import TextLine

__all__ = ["Background", "Symbol", "SymbolOptions", "SymbolSet"]

T = TypeVar("T")


class Background(StrEnum):
    """What happens to a plain background around a picture."""

    REMOVE = "remove"
    KEEP = "keep"


@dataclass(frozen=True, eq=False)
class Symbol:
    """One symbol, ready to be placed and printed.

    Attributes:
        name: display name: the word, or the file name without extension, ``_``/``-`` as spaces.
        source: the file it came from, as given (``words.txt:3`` for a word on line 3).
        pixels: H×W×4 uint8 pixels, trimmed so that every edge touches ink, kept compressed
            (given as an array, they are compressed): :attr:`rgba` decodes them, ``pixels.shape``
            is their size. For a word, the text rasterised in its colour: the shape the layout
            packs.
        kind: ``"image"``, ``"word"`` or ``"labelled"`` (a picture with its name under it).
        lines: for a word, its lines in ``rgba``'s pixel coordinates, to print as vector text.
        font: for a word, the font file to print it in (for an emoji line, its colour font).
        font_index: the font's face number in a collection (``.ttc``), else 0.
        outline: for a word in a font the PDF cannot embed (CFF), its glyphs' outlines in
            ``rgba``'s pixels, printed as filled paths instead of text.
        color: for a word, its RGB colour (0–255).
        bars: for a letter that reads as another turned, its bar (left, top, right, bottom in
            ``rgba``'s pixels), a rectangle printed in its colour.
        background_removed: a picture whose plain background was made transparent.
        picture: for a labelled picture (``kind`` ``"labelled"``), the picture alone (its
            pixels, compressed as ``pixels`` are); ``rgba`` is then the picture with its label
            under it, and ``lines`` the label.
        picture_at: where ``picture`` sits in ``rgba``: (left, top) in pixels.
        room: packing room around a word or label, a share of its font size; 0 leaves it to
            the layout (a word's usual room).
        photo: a picture printed whole with its background (no transparency of its own, no
            plain backdrop removed): it has an up, and turns no more than a word.
        label: what its label reads (``--labels``) when not its file's name: for a word drawn
            as a bundled picture (``--illustrate``), the word.
    """

    name: str
    source: str
    pixels: Pixels
    kind: str = "image"
    lines: tuple[TextLine, ...] = ()
    font: str = ""
    color: tuple[int, int, int] = (0, 0, 0)
    background_removed: bool = False
    font_index: int = 0
    outline: tuple[PathOp, ...] = ()
    bars: tuple[tuple[int, int, int, int], ...] = ()
    picture: Pixels | None = None
    picture_at: tuple[int, int] = (0, 0)
    room: float = 0.0
    photo: bool = False
    label: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.pixels, np.ndarray):  # made here from the array given
            object.__setattr__(self, "pixels", Pixels.of(self.pixels))
        if isinstance(self.picture, np.ndarray):
            object.__setattr__(self, "picture", Pixels.of(self.picture))

    @property
    def rgba(self) -> np.ndarray:
        """The pixels, decoded (:meth:`Pixels.array`: anew, unless another reader holds them):
        a reader keeps them only while it reads them."""
        return self.pixels.array()

    @property
    def ink_figures(self) -> tuple[float, float]:
        """Its printed share and printed fraction (:func:`ink.figures`), measured once: by the
        loading thread that decoded it, beside the others, where threads load the pictures."""
        return self._measure("ink_figures", lambda: figures(self.rgba))

    @property
    def colour_sample(self) -> ColourSample:
        """What the colour checks compare of its picture (a labelled symbol's picture alone),
        sampled once: by the loading thread that decoded it, where threads load the pictures."""
        picture = self.picture
        return self._measure(
            "colour_sample",
            lambda: colour_sample(self.rgba if picture is None else picture.array()),
        )

    def _measure(self, name: str, make: Callable[[], T]) -> T:
        """What ``make`` measures of the pixels, kept as ``_measured[name]``. Not
        ``functools.cached_property``: on Python 3.11 it holds one lock for every instance, and
        the loading threads measured their pictures one at a time. Two threads asking at once
        may both measure (the same)."""
        kept = self.__dict__.setdefault("_measured", {})
        if name not in kept:
            kept[name] = make()
        return kept[name]

    def renamed(self, name: str) -> Symbol:
        """The same symbol under another ``name``, with what was measured of its pixels."""
        return dataclasses.replace(self, name=name).keeping(self, "ink_figures", "colour_sample")

    def keeping(self, other: Symbol, *names: str) -> Symbol:
        """This symbol, with what was measured of ``other`` under ``names`` (those measured):
        for what was measured of the same pixels (a labelled symbol's ``colour_sample`` is its
        picture's, measured where the picture was decoded)."""
        kept = other.__dict__.get("_measured", {})
        mine = self.__dict__.setdefault("_measured", {})
        mine.update({name: kept[name] for name in names if name in kept})
        return self

    @property
    def aspect(self) -> float:
        """Width / height of the trimmed picture."""
        return self.pixels.width / self.pixels.height


@dataclass(frozen=True)
class SymbolOptions:
    """How pictures and words are turned into symbols."""

    background: Background = Background.REMOVE
    photo_shape: PhotoShape = PhotoShape.RECT
    fonts: tuple[Path, ...] = ()  # --font files, in front of the bundled and installed ones
    skip_bad: bool = False
    # how far symbols may turn, degrees: past 90° the letters that read as others turned get a
    # bar. Out of the repr, which default seeds are drawn from (BuildOptions.max_rotation is).
    max_rotation: float = field(default=180.0, repr=False)


@dataclass(frozen=True)
class SymbolSet:
    """The loaded symbols and everything worth telling the user about them.

    Attributes:
        symbols: loaded, trimmed, unique; in source order.
        unused: sources not needed for the deck (never decoded), as the summary names them:
            a picture by its file name, a word by itself, a vocabulary file's row by its name.
        warnings: always worth showing: duplicates, missing glyphs, bad files skipped.
        notes: only for ``--verbose``: files passed over.
        unused_files: the picture files among ``unused`` (a vocabulary file's: those of its
            rows left out that no row kept shows).
    """

    symbols: tuple[Symbol, ...]
    unused: tuple[str, ...] = ()
    warnings: tuple[Notice, ...] = ()
    notes: tuple[Notice, ...] = ()
    unused_files: tuple[Path, ...] = ()
