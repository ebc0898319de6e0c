"""SVG pictures rasterised safely and sharply, by cairosvg where cairo loads, else by resvg.

Safety (both renderers): the XML is parsed without entities or external DTDs, nothing is fetched
from the network or read from another file (only inline ``data:`` pictures draw), and what the
drawing costs once every ``<use>`` is expanded is bounded before drawing (:mod:`svg_budget`).

Which renderer: cairosvg (the chosen dependency) needs the cairo system library, which Windows
and many Macs lack; there resvg, whose wheel carries its own engine, draws instead, silently
(``--verbose`` names it). ``DOBBLE_PRINT_SVG_RENDERER=cairosvg|resvg`` forces one. The two agree
to small antialiasing differences; a deck is byte-identical for a given renderer.

Sharpness: the picture is drawn once small to find its ink, then again so that the *ink* (not the
viewBox, which icon sets pad) gets the requested pixels.
"""

from __future__ import annotations

import functools
import os
import warnings
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dobble_print.errors import DobbleError
from dobble_print.language import N_, Msg
from dobble_print.symbols.raster import BadPicture, ink_box
from dobble_print.symbols.svg_budget import as_utf8, check_budget, parse_svg
from dobble_print.symbols.svg_size import drawing_size

RENDERER_VARIABLE = "DOBBLE_PRINT_SVG_RENDERER"

MAX_SVG_BYTES = 20_000_000  # after un-gzipping; hand-drawn icons are kilobytes
_PREVIEW_PX = 256
# A speck of ink in a vast viewBox must not make a gigantic raster.
_MAX_RENDER_PX = 4096


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
    from dobble_print.symbols.svg_cairo import cairosvg_version
    from dobble_print.symbols.svg_resvg import resvg_version

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


def _drawer(renderer: str, data: bytes, root) -> Callable[..., np.ndarray]:
    """``draw(width=…)`` or ``draw(height=…)`` for this SVG with this renderer."""
    if renderer == "cairosvg":
        from dobble_print.symbols.svg_cairo import render_cairosvg

        return functools.partial(render_cairosvg, data)
    from dobble_print.symbols.svg_resvg import prepare_resvg, render_resvg

    return functools.partial(render_resvg, prepare_resvg(root))


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
    in the drawing process (:mod:`svg_worker`), once its cost is checked.

    Raises:
        BadPicture: with the reason, when the SVG is unreadable, unsafe, too large, or takes
            too long or too much memory to draw.
        DobbleError: when no renderer can be used (see :func:`svg_renderer`).
    """
    from dobble_print.symbols.svg_worker import draw

    data = as_utf8(_read(path))
    check_budget(parse_svg(data))
    return draw(data, renderer=svg_renderer().name, max_px=max_px)


def draw_svg(data: bytes, *, renderer: str, max_px: int) -> np.ndarray:
    """Draw a checked SVG so that its ink is about ``max_px`` pixels on its longer side: once
    with its longer side :data:`_PREVIEW_PX` pixels, to find the ink, then at the size that
    gives the ink its pixels (at most :data:`_MAX_RENDER_PX` on the longer side).

    Raises:
        BadPicture: with the reason, when the renderer cannot draw it.
    """
    from PIL import Image

    root = parse_svg(data)
    size = drawing_size(root)
    try:
        with warnings.catch_warnings():
            # Inline data: images are decoded by Pillow; a bomb among them is an error too.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            draw = _drawer(renderer, data, root)
            tall = size is not None and size[1] > 1.5 * size[0]  # drawn 256 wide: too tall
            preview = draw(height=_PREVIEW_PX) if tall else draw(width=_PREVIEW_PX)
            ph, pw = preview.shape[:2]
            if ph > pw and not tall:
                preview = draw(height=_PREVIEW_PX)
                ph, pw = preview.shape[:2]
            box = ink_box(preview)
            if box is None:
                return preview  # no ink: the caller reports the empty picture
            ink_longest = max(box[2] - box[0], box[3] - box[1])
            scale = min(max_px / ink_longest * 1.02, _MAX_RENDER_PX / max(pw, ph))
            if pw >= ph:
                return draw(width=max(1, round(pw * scale)))
            return draw(height=max(1, round(ph * scale)))
    except BadPicture:
        raise
    except RecursionError:
        raise BadPicture(N_("nests too deeply to draw; refused")) from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise BadPicture(N_("holds an embedded picture over the pixel limit; refused")) from None
    except Exception as exc:  # the renderers report bad input as many exception types
        raise BadPicture(_not_drawn(exc)) from None


# The renderers' reasons (cairosvg's, cairo's, resvg's) in plain words; any other is said as
# "cannot be drawn", since theirs name Python's internals ("cannot convert float NaN to integer").
_SIZE_FAULTS = {
    "The SVG size is undefined": N_(
        "has no size to draw at (its width and height, or its viewBox, are missing or zero)"
    ),
    "SVG has an invalid size": N_("has a width or height of zero, below zero or too large"),
    "CAIRO_STATUS_INVALID_SIZE": N_("has a width or height of zero, below zero or too large"),
}


def _not_drawn(exc: Exception) -> Msg:
    """A renderer's error as a reason in plain words, without its class or its text."""
    reason = str(exc)
    said = next((v for k, v in _SIZE_FAULTS.items() if k in reason), N_("cannot be drawn"))
    return N_("{said}; open it in a drawing program and save it again", said=said)
