"""SVG pictures rasterised with cairosvg (the only module that imports it), safely and sharply.

Safety: the XML parser refuses entities and external DTDs (cairosvg's ``unsafe=False``), every URL
the picture names (images, ``<use>`` of other files, CSS imports) goes through
:func:`_data_only_fetch`, which serves inline ``data:`` URLs only, and ``<use>`` chains that would
expand into millions of elements are refused before drawing. Scripts are never run: cairosvg has
no script engine.

Sharpness: the picture is drawn once small to find its ink, then again so that the *ink* (not the
viewBox, which icon sets pad) gets the requested pixels.
"""

from __future__ import annotations

import ctypes.util
import functools
import sys
import warnings
import zlib
from pathlib import Path

import numpy as np

from dobble_print.symbols.raster import BadPicture, ink_box

MAX_SVG_BYTES = 20_000_000  # after un-gzipping; hand-drawn icons are kilobytes
MAX_ELEMENTS = 200_000  # drawn elements once every <use> is expanded
_PREVIEW_PX = 256
# A speck of ink in a vast viewBox must not make a gigantic raster.
_MAX_RENDER_PX = 4096


def _data_only_fetch(url: str, resource_type: str | None = None) -> bytes:
    """cairosvg URL fetcher: inline ``data:`` images only; nothing from the network or disk.

    Anything else becomes an empty picture, so an icon with a broken external link still draws.
    """
    if url.startswith("data:"):
        from cairosvg.url import fetch

        return fetch(url, resource_type)
    return b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'


def _read(path: Path) -> bytes:
    """The SVG's bytes, un-gzipped for ``.svgz`` with a cap (cairosvg's own gunzip has none)."""
    with path.open("rb") as f:
        data = f.read(MAX_SVG_BYTES + 1)
    if not data:
        raise BadPicture("empty file (0 bytes)")
    if data.startswith(b"\x1f\x8b"):
        try:
            d = zlib.decompressobj(wbits=31)
            data = d.decompress(data, MAX_SVG_BYTES + 1)
        except zlib.error as exc:
            raise BadPicture(f"damaged gzip data ({exc})") from None
    if len(data) > MAX_SVG_BYTES:
        raise BadPicture(f"too large (over {MAX_SVG_BYTES // 1_000_000} MB of SVG); simplify it")
    return data


def _check_expansion(data: bytes) -> None:
    """Refuse ``<use>`` chains that expand exponentially (the SVG form of "billion laughs")."""
    from defusedxml import ElementTree
    from defusedxml.common import DefusedXmlException

    try:
        root = ElementTree.fromstring(data, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:  # its repr names a Python class: say the entity only
        name = getattr(exc, "name", None) if type(exc).__name__ == "EntitiesForbidden" else None
        which = f" (the entity {name!r})" if isinstance(name, str) else ""
        raise BadPicture(f"uses XML entities or external DTDs, refused for safety{which}") from None
    except ElementTree.ParseError as exc:
        raise BadPicture(f"not valid SVG/XML ({exc})") from None
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    memo: dict[int, int] = {}

    def size(el, depth: int) -> int:
        key = id(el)
        if key in memo:
            return memo[key]
        if depth > 64:  # a <use> cycle, or absurd nesting
            raise BadPicture("has <use> references that loop or nest too deeply; refused")
        total = 1 + sum(size(child, depth + 1) for child in el)
        if el.tag.rsplit("}", 1)[-1] == "use":
            href = el.get("href") or el.get("{http://www.w3.org/1999/xlink}href") or ""
            target = by_id.get(href[1:]) if href.startswith("#") else None
            if target is not None:
                total += size(target, depth + 1)
        memo[key] = min(total, MAX_ELEMENTS + 1)
        return memo[key]

    if size(root, 0) > MAX_ELEMENTS:
        raise BadPicture(f"expands to over {MAX_ELEMENTS} elements through <use>; refused")


@functools.cache
def _load_cairo() -> None:
    """Load cairo for cairosvg without the library search that costs every run 0.3 s on Linux.

    cairocffi looks for libcairo with ``ctypes.util.find_library``, which on Linux runs
    ``ldconfig``, then ``gcc`` and ``ld``, for each of three names, before trying the library's
    usual file name, ``libcairo.so.2``, which then loads. So the search is skipped, and kept only
    for a system where that name does not load.
    """
    if not sys.platform.startswith("linux") or "cairocffi" in sys.modules:
        return
    search = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None
    try:
        import cairocffi
    except OSError:  # no libcairo.so.2: search after all, on the import that follows
        for name in [m for m in sys.modules if m.split(".")[0] == "cairocffi"]:
            del sys.modules[name]
    else:
        cairocffi.find_library = search  # it keeps its own reference, for other libraries
    finally:
        ctypes.util.find_library = search


def _render(data: bytes, *, width: int | None = None, height: int | None = None) -> np.ndarray:
    """Draw straight into a cairo image (no PNG round trip) and return straight RGBA."""
    _load_cairo()
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    # unsafe stays False: entities and external DTDs are refused by the XML parser.
    tree = Tree(bytestring=data, url_fetcher=_data_only_fetch, unsafe=False)
    surface = PNGSurface(tree, None, 96, output_width=width, output_height=height)
    image = surface.cairo
    image.flush()
    h, w, stride = image.get_height(), image.get_width(), image.get_stride()
    bgra = np.frombuffer(image.get_data(), np.uint8).reshape(h, stride // 4, 4)[:, :w]
    out = np.empty((h, w, 4), np.uint8)
    out[..., :3] = bgra[..., 2::-1]  # cairo stores premultiplied B, G, R, A
    out[..., 3] = bgra[..., 3]
    surface.finish()
    edge = (out[..., 3] > 0) & (out[..., 3] < 255)  # only partly covered pixels need dividing
    a = out[..., 3][edge].astype(np.uint32)[:, None]
    rgb = out[..., :3][edge].astype(np.uint32)
    out[..., :3][edge] = np.minimum((rgb * 255 + a // 2) // a, 255)
    return out


def check_svg(path: Path) -> None:
    """Parse the XML without drawing, as a cheap check of a picture that is not decoded.

    Raises:
        BadPicture: when the file is not well-formed SVG/XML, unsafe or too large.
        OSError: when the file cannot be read.
    """
    _check_expansion(_read(path))


def load_svg(path: Path, *, max_px: int) -> np.ndarray:
    """Rasterise an SVG so that its drawn ink is about ``max_px`` pixels on its longer side.

    Raises:
        BadPicture: with the reason, when the SVG is unreadable, unsafe or too large.
    """
    from PIL import Image

    data = _read(path)
    _check_expansion(data)
    try:
        with warnings.catch_warnings():
            # Inline data: images are decoded by Pillow; a bomb among them is an error too.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            preview = _render(data, width=_PREVIEW_PX)
            ph, pw = preview.shape[:2]
            if ph > pw:
                preview = _render(data, height=_PREVIEW_PX)
                ph, pw = preview.shape[:2]
            box = ink_box(preview)
            if box is None:
                return preview  # no ink: the caller reports the empty picture
            ink_longest = max(box[2] - box[0], box[3] - box[1])
            scale = min(max_px / ink_longest * 1.02, _MAX_RENDER_PX / max(pw, ph))
            if pw >= ph:
                return _render(data, width=max(1, round(pw * scale)))
            return _render(data, height=max(1, round(ph * scale)))
    except BadPicture:
        raise
    except RecursionError:
        raise BadPicture("nests too deeply to draw; refused") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise BadPicture("holds an embedded picture over the pixel limit; refused") from None
    except Exception as exc:  # cairosvg reports bad input as many exception types
        raise BadPicture(f"cannot be drawn ({type(exc).__name__}: {exc})") from None
