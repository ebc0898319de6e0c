"""Symbols: the pictures (and later words) that go on the cards, loaded, normalised and trimmed.

Every symbol becomes an RGBA array trimmed to its ink, so the layout can pack its real shape (the
alpha channel is the shape) and the renderer can embed it once.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dobble_print.errors import DobbleError

RASTER_SUFFIXES = frozenset({".png", ".jpg", ".jpeg"})
SVG_SUFFIXES = frozenset({".svg"})
IMAGE_SUFFIXES = RASTER_SUFFIXES | SVG_SUFFIXES

# Alpha at or below this counts as empty when trimming: anti-aliasing fuzz is not ink.
INK_ALPHA = 8


@dataclass(frozen=True, eq=False)
class Symbol:
    """One symbol, ready to be placed and printed.

    Attributes:
        name: display name (file name without extension, ``_`` and ``-`` as spaces).
        source: the file it came from, as given.
        rgba: H×W×4 uint8 pixels, trimmed so that every edge touches ink.
    """

    name: str
    source: str
    rgba: np.ndarray

    @property
    def aspect(self) -> float:
        """Width / height of the trimmed picture."""
        h, w = self.rgba.shape[:2]
        return w / h

    @property
    def alpha(self) -> np.ndarray:
        """The shape used for packing: alpha as float in [0, 1]."""
        return self.rgba[..., 3].astype(np.float32) / 255.0


def display_name(path: Path) -> str:
    """``ice_cream.svg`` → ``ice cream``."""
    return path.stem.replace("_", " ").replace("-", " ").strip() or path.stem


def find_images(folder: Path) -> list[Path]:
    """Image files directly in ``folder``, sorted by name; hidden and other files are ignored."""
    if not folder.exists():
        raise DobbleError(f"{folder}: no such folder; give a folder of pictures")
    if not folder.is_dir():
        raise DobbleError(f"{folder}: not a folder; give a folder of pictures")
    files = [
        p
        for p in folder.iterdir()
        if p.is_file() and not p.name.startswith(".") and p.suffix.lower() in IMAGE_SUFFIXES
    ]
    return sorted(files, key=lambda p: p.name)


def trim(rgba: np.ndarray) -> np.ndarray | None:
    """Crop to the bounding box of the ink; None when there is no ink at all."""
    ink = rgba[..., 3] > INK_ALPHA
    rows = np.flatnonzero(ink.any(axis=1))
    cols = np.flatnonzero(ink.any(axis=0))
    if not len(rows):
        return None
    return np.ascontiguousarray(rgba[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1])


def _data_only_fetch(url: str, resource_type: str | None = None) -> bytes:
    """cairosvg URL fetcher: inline ``data:`` images only; nothing from the network or disk.

    Anything else becomes an empty picture, so an icon with a broken external link still draws.
    """
    if url.startswith("data:"):
        from cairosvg.url import fetch

        return fetch(url, resource_type)
    return b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'


def _svg_to_png(data: bytes, **size: int) -> bytes:
    from cairosvg.surface import PNGSurface  # heavy, and only SVG sources need it

    # unsafe stays False: entities and external DTDs are refused by the XML parser.
    return PNGSurface.convert(bytestring=data, url_fetcher=_data_only_fetch, unsafe=False, **size)


def load_svg(path: Path, *, max_px: int) -> np.ndarray:
    """Rasterise an SVG so that its longer side is ``max_px`` pixels."""
    from PIL import Image

    data = path.read_bytes()
    with Image.open(io.BytesIO(_svg_to_png(data, output_width=64))) as im:
        w, h = im.size
    size = {"output_width": max_px} if w >= h else {"output_height": max_px}
    with Image.open(io.BytesIO(_svg_to_png(data, **size))) as im:
        return np.asarray(im.convert("RGBA"))


def load_raster(path: Path, *, max_px: int) -> np.ndarray:
    """Decode a PNG or JPEG as RGBA, upright, no larger than ``max_px`` on its longer side."""
    from PIL import Image, ImageOps

    with Image.open(path) as im:
        im = ImageOps.exif_transpose(im)
        im = im.convert("RGBA")
        if max(im.size) > max_px:
            im.thumbnail((max_px, max_px), Image.Resampling.LANCZOS)
        return np.asarray(im)


def load_symbol(path: Path, *, max_px: int) -> Symbol:
    """Load one picture file as a trimmed symbol.

    Raises:
        DobbleError: when the file cannot be read as a picture or has no ink.
    """
    loader = load_svg if path.suffix.lower() in SVG_SUFFIXES else load_raster
    try:
        rgba = loader(path, max_px=max_px)
    except DobbleError:
        raise
    except Exception as exc:  # any decoder failure is the file's fault, not ours
        raise DobbleError(f"{path}: cannot be read as a picture ({exc}); fix or remove it") from exc
    trimmed = trim(rgba)
    if trimmed is None:
        raise DobbleError(f"{path}: the picture is empty (fully transparent); remove it")
    return Symbol(name=display_name(path), source=str(path), rgba=trimmed)


def load_symbols(
    files: Sequence[Path],
    *,
    max_px: int = 600,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Symbol, ...]:
    """Load every file, in order.

    Args:
        files: picture files, in the order their symbols get their numbers.
        max_px: longest side in pixels; enough for 300 dpi at the largest printed size.
        progress: called as ``progress(done, total)`` after each file.
    """
    out = []
    for i, path in enumerate(files):
        out.append(load_symbol(path, max_px=max_px))
        if progress:
            progress(i + 1, len(files))
    return tuple(out)
