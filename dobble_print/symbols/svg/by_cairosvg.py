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
from typing import TYPE_CHECKING

from dobble_print.symbols.svg.cairo_ffi import install
from dobble_print.symbols.svg.drawn import Drawn

if TYPE_CHECKING:  # numpy is imported where the pixels are made (svg.pixels), not by drawers
    import numpy as np

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


def draw_cairosvg(data: bytes, *, width: int | None = None, height: int | None = None) -> Drawn:
    """Draw straight into a cairo image (no PNG round trip), its pixels left as cairo keeps them
    (:class:`drawn.Drawn`)."""
    _load_cairo()
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    # unsafe stays False: entities and external DTDs are refused by the XML parser.
    tree = Tree(bytestring=data, url_fetcher=_data_only_fetch, unsafe=False)
    surface = PNGSurface(tree, None, 96, output_width=width, output_height=height)
    image = surface.cairo
    image.flush()
    drawn = Drawn(
        image.get_width(), image.get_height(), bytes(image.get_data()), image.get_stride()
    )
    surface.finish()
    return drawn


def render_cairosvg(
    data: bytes, *, width: int | None = None, height: int | None = None
) -> np.ndarray:
    """:func:`draw_cairosvg`'s drawing as straight RGBA, in this process (:func:`pixels.pixels`)."""
    from dobble_print.symbols.svg.pixels import pixels

    return pixels(draw_cairosvg(data, width=width, height=height))
