"""SVG drawn by cairosvg, where the cairo system library loads (the only module importing it).

Safety: the XML parser refuses entities and external DTDs (cairosvg's ``unsafe=False``), and every
URL the picture names (images, ``<use>`` of other files, CSS imports) goes through
:func:`_data_only_fetch`, which serves inline ``data:`` URLs only. Scripts are never run: cairosvg
has no script engine.
"""

from __future__ import annotations

import ctypes.util
import functools
import sys

import numpy as np

from dobble_print.symbols.svg.cairo_ffi import install

_EMPTY = b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'


def _data_only_fetch(url: str, resource_type: str | None = None) -> bytes:
    """cairosvg URL fetcher: inline ``data:`` images only; nothing from the network or disk.

    Anything else becomes an empty picture, so an icon with a broken external link still draws;
    so does a gzipped inline picture, as with resvg.
    """
    if url.startswith("data:"):
        from cairosvg.url import fetch

        from dobble_print.symbols.svg.parsed import as_utf8

        data = fetch(url, resource_type)
        if not data.startswith(b"\x1f\x8b"):  # gzipped: unpacked without a limit, left out
            return as_utf8(data)  # as the file itself is read (UTF-16 whatever it declares)
    return _EMPTY


@functools.cache
def _load_cairo() -> None:
    """Load cairo for cairosvg without the library search that costs every run 0.3 s on Linux.

    cairocffi looks for libcairo with ``ctypes.util.find_library``, which on Linux runs
    ``ldconfig``, then ``gcc`` and ``ld``, for each of three names, before trying the library's
    usual file name, ``libcairo.so.2``, which then loads. So the search is skipped, and kept only
    for a system where that name does not load. Its C declarations, which it would parse, are
    given to it read ahead of time where they match (:mod:`cairo_ffi`).
    """
    if "cairocffi" in sys.modules:
        return
    install()
    if not sys.platform.startswith("linux"):
        return
    search = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None
    try:
        import cairocffi
    except (OSError, ImportError):  # no libcairo.so.2: search after all, on the next import
        for name in [m for m in sys.modules if m.split(".")[0] == "cairocffi"]:
            del sys.modules[name]
    else:
        cairocffi.find_library = search  # it keeps its own reference, for other libraries
    finally:
        ctypes.util.find_library = search


def cairosvg_version() -> str:
    """cairosvg's version once cairo is loaded.

    Raises:
        OSError: when the cairo library is not on this computer (cairocffi's own words).
        ImportError: when cairocffi or cairosvg cannot be imported at all.
    """
    _load_cairo()
    import cairosvg
    import cairosvg.surface  # noqa: F401  (this import is the one that loads the library)

    return cairosvg.__version__


def render_cairosvg(
    data: bytes, *, width: int | None = None, height: int | None = None, alpha: bool = False
) -> np.ndarray:
    """Draw straight into a cairo image (no PNG round trip) and return straight RGBA (with
    ``alpha``, its alpha channel alone: all a preview that finds the ink needs).

    Cairo stores each pixel as one native 32-bit word, premultiplied A, R, G, B from the top
    byte down. The channels are put in R, G, B, A order by three operations on those words
    (1.3 ms a 561-pixel picture, where Pillow's conversion and copies into numpy took 2.2 ms),
    and only the partly covered pixels are divided by their alpha, rounded (Pillow's own
    ``BGRa`` divides too, but truncates). Alpha is the same premultiplied or not.
    """
    _load_cairo()
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    # unsafe stays False: entities and external DTDs are refused by the XML parser.
    tree = Tree(bytestring=data, url_fetcher=_data_only_fetch, unsafe=False)
    surface = PNGSurface(tree, None, 96, output_width=width, output_height=height)
    image = surface.cairo
    image.flush()
    w, h, stride = image.get_width(), image.get_height(), image.get_stride()
    words = np.frombuffer(image.get_data(), np.uint32).reshape(h, stride // 4)[:, :w]
    if alpha:
        out = (words >> 24).astype(np.uint8)
        surface.finish()
        return out
    ordered = words & np.uint32(0xFF00FF00)  # alpha and green stay where they are
    ordered |= (words >> 16) & np.uint32(0xFF)  # red to the lowest byte
    ordered |= (words & np.uint32(0xFF)) << 16  # blue to the third
    surface.finish()
    # R, G, B, A in memory order is that word read little-endian
    out = ordered.astype("<u4", copy=False).view(np.uint8).reshape(h, w, 4)
    alpha_channel = out[..., 3]
    edge = np.nonzero(alpha_channel - np.uint8(1) < 254)  # alpha 1 to 254 (0 wraps to 255)
    a = alpha_channel[edge].astype(np.uint32)[:, None]
    rgb = out[..., :3][edge].astype(np.uint32)
    out[..., :3][edge] = np.minimum((rgb * 255 + a // 2) // a, 255)
    return out
