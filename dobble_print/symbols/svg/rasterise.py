"""SVG pictures rasterised safely and sharply, by cairosvg where cairo loads, else by resvg.

Safety (both renderers): the XML is parsed without entities or external DTDs, nothing is fetched
from the network or read from another file (only inline ``data:`` pictures draw), and what the
drawing costs once every ``<use>`` is expanded is bounded before drawing (:mod:`svg.budget`).

Which renderer: cairosvg (the chosen dependency) needs the cairo system library, which Windows
and many Macs lack; there resvg, whose wheel carries its own engine, draws instead, silently
(``--verbose`` names it). ``DOBBLE_PRINT_SVG_RENDERER=cairosvg|resvg`` forces one. The two agree
to small antialiasing differences; a deck is byte-identical for a given renderer.

Each SVG is drawn in a process of its own, within a time and memory limit (:mod:`svg.worker`),
by :func:`draw.drawing`, and made pixels here (:func:`pixels.pixels`).
"""

from __future__ import annotations

import zlib
from pathlib import Path

import numpy as np

from dobble_print.language import N_
from dobble_print.symbols.bad_picture import BadPicture
from dobble_print.symbols.svg.budget import check_budget, check_elements
from dobble_print.symbols.svg.choice import wanted_renderer
from dobble_print.symbols.svg.parsed import as_utf8, href_of, parse_svg
from dobble_print.symbols.svg.worker import draw

MAX_SVG_BYTES = 20_000_000  # after un-gzipping; hand-drawn icons are kilobytes


def _read(path: Path) -> bytes:
    """The SVG's bytes, un-gzipped for ``.svgz`` with a cap (cairosvg's own gunzip has none)."""
    with path.open("rb") as f:
        data = f.read(MAX_SVG_BYTES + 1)
    if not data:
        raise BadPicture(N_("empty file (0 bytes)"))
    if data.startswith(b"\x1f\x8b"):
        try:
            d = zlib.decompressobj(wbits=31)
            data = d.decompress(data, MAX_SVG_BYTES + 1)
        except zlib.error:
            raise BadPicture(
                N_(
                    "damaged: its gzip packing cannot be undone; copy it again, or save it as a "
                    "plain .svg"
                )
            ) from None
    if len(data) > MAX_SVG_BYTES:
        raise BadPicture(
            N_("too large (over {mb} MB of SVG); simplify it", mb=MAX_SVG_BYTES // 1_000_000)
        )
    return data


def check_svg(path: Path) -> None:
    """Parse the XML and count its cost without drawing, as a cheap check of a picture that is
    not decoded.

    Raises:
        BadPicture: when the file is not well-formed SVG/XML, unsafe or too large.
        OSError: when the file cannot be read.
    """
    data = _read(path)
    check_elements(data)
    check_budget(parse_svg(data))


def linked_picture(path: Path) -> str | None:
    """The first picture file the SVG shows by linking to it (``<image href="photo.jpg">``,
    Inkscape's default when a photo is dropped in), which is never read: only inline ``data:``
    pictures draw (see the module's docstring). None when there is none, or the file cannot be
    read or parsed (said elsewhere)."""
    try:
        root = parse_svg(_read(path))
    except (BadPicture, OSError):
        return None
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1] if isinstance(el.tag, str) else ""
        if tag != "image":
            continue
        href = href_of(el)
        if href and not href.lower().startswith("data:") and not href.startswith("#"):
            return href
    return None


def load_svg(path: Path, *, max_px: int) -> np.ndarray:
    """Rasterise an SVG so that its drawn ink is about ``max_px`` pixels on its longer side,
    in the drawing process (:mod:`svg.worker`), once its cost is checked.

    Raises:
        BadPicture: with the reason, when the SVG is unreadable, unsafe, too large, or takes
            too long or too much memory to draw.
        DobbleError: when no renderer can be used (see :func:`choice.svg_renderer`).
    """
    data = as_utf8(_read(path))
    check_elements(data)
    check_budget(parse_svg(data))
    return draw(data, wanted=wanted_renderer(), max_px=max_px)
