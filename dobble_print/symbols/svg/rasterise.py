"""SVG pictures rasterised safely and sharply, by cairosvg where cairo loads, else by resvg.

Safety (both renderers): the XML is parsed without entities or external DTDs, nothing is fetched
from the network or read from another file (only inline ``data:`` pictures draw), and what the
drawing costs once every ``<use>`` is expanded is bounded before drawing (:mod:`svg.budget`).

Which renderer: cairosvg (the chosen dependency) needs the cairo system library, which Windows
and many Macs lack; there resvg, whose wheel carries its own engine, draws instead, silently
(``--verbose`` names it). ``DOBBLE_PRINT_SVG_RENDERER=cairosvg|resvg`` forces one. The two agree
to small antialiasing differences; a deck is byte-identical for a given renderer.

Each SVG is drawn in a process of its own, within a time and memory limit (:mod:`svg.worker`),
by :func:`svg_draw.draw_svg`.
"""

from __future__ import annotations

import functools
import os
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dobble_print.errors import DobbleError
from dobble_print.language import N_, Msg
from dobble_print.symbols.raster import BadPicture
from dobble_print.symbols.svg.budget import check_budget
from dobble_print.symbols.svg.parsed import as_utf8, parse_svg
from dobble_print.symbols.svg.worker import draw

RENDERER_VARIABLE = "DOBBLE_PRINT_SVG_RENDERER"

MAX_SVG_BYTES = 20_000_000  # after un-gzipping; hand-drawn icons are kilobytes


@dataclass(frozen=True)
class SvgRenderer:
    """The renderer this process draws SVGs with, and why it is that one.

    Attributes:
        name: ``cairosvg`` or ``resvg``.
        version: its version.
        why: in plain words, e.g. ``the cairo library was not found``.
    """

    name: str
    version: str
    why: str | Msg


def svg_renderer() -> SvgRenderer:
    """The renderer SVGs are drawn with here (it is chosen once per process and setting).

    Raises:
        DobbleError: when the environment variable names no renderer, or forces cairosvg where
            the cairo library does not load.
    """
    return _choose(os.environ.get(RENDERER_VARIABLE, "").strip().lower())


@functools.cache
def _choose(wanted: str) -> SvgRenderer:
    from dobble_print.symbols.svg.by_cairosvg import cairosvg_version
    from dobble_print.symbols.svg.by_resvg import resvg_version

    if wanted not in ("", "cairosvg", "resvg"):
        raise DobbleError(
            N_(
                "{variable}={wanted} names no SVG renderer; set it to cairosvg or resvg, or "
                "unset it to choose on its own",
                variable=RENDERER_VARIABLE,
                wanted=wanted,
            )
        )
    if wanted == "resvg":
        return SvgRenderer("resvg", resvg_version(), f"{RENDERER_VARIABLE}=resvg")
    try:
        version = cairosvg_version()
    except (OSError, ImportError) as exc:
        if wanted:
            raise DobbleError(
                N_(
                    "{variable}=cairosvg, but the cairo library does not load ({why}); install "
                    "cairo, or unset it to draw SVGs with resvg",
                    variable=RENDERER_VARIABLE,
                    why=str(exc),
                )
            ) from None
        return SvgRenderer("resvg", resvg_version(), N_("the cairo library was not found"))
    why = f"{RENDERER_VARIABLE}=cairosvg" if wanted else N_("the cairo library loads")
    return SvgRenderer("cairosvg", version, why)


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
    check_budget(parse_svg(_read(path)))


def load_svg(path: Path, *, max_px: int) -> np.ndarray:
    """Rasterise an SVG so that its drawn ink is about ``max_px`` pixels on its longer side,
    in the drawing process (:mod:`svg.worker`), once its cost is checked.

    Raises:
        BadPicture: with the reason, when the SVG is unreadable, unsafe, too large, or takes
            too long or too much memory to draw.
        DobbleError: when no renderer can be used (see :func:`svg_renderer`).
    """
    data = as_utf8(_read(path))
    check_budget(parse_svg(data))
    return draw(data, renderer=svg_renderer().name, max_px=max_px)
