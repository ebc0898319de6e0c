"""Which renderer draws SVGs: cairosvg where the cairo library loads, else resvg, unless
``DOBBLE_PRINT_SVG_RENDERER=cairosvg|resvg`` forces one.

The choice is made in the process that draws (:mod:`svg.worker`), not in the one that builds:
finding out whether cairo loads means importing cairocffi, which parses cairo's C declarations
(~0.2 s of CPU and ~14 MB, kept for the whole build and in every worker forked from it), and the
drawing process imports it anyway. The building process only reads the setting
(:func:`wanted_renderer`); it chooses itself only to name the renderer (``--verbose``).
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass

from dobble_print.errors import DobbleError
from dobble_print.language import N_, Msg

RENDERER_VARIABLE = "DOBBLE_PRINT_SVG_RENDERER"
RENDERERS = ("cairosvg", "resvg")


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


def wanted_renderer() -> str:
    """The renderer the environment forces (``cairosvg`` or ``resvg``), or ``""`` to choose.

    Raises:
        DobbleError: when the environment variable names no renderer.
    """
    wanted = os.environ.get(RENDERER_VARIABLE, "").strip().lower()
    if wanted not in ("", *RENDERERS):
        raise DobbleError(
            N_(
                "{variable}={wanted} names no SVG renderer; set it to cairosvg or resvg, or "
                "unset it to choose on its own",
                variable=RENDERER_VARIABLE,
                wanted=wanted,
            )
        )
    return wanted


def svg_renderer() -> SvgRenderer:
    """The renderer SVGs are drawn with (chosen once per process and setting), as the drawing
    process chooses it.

    Raises:
        DobbleError: when the environment variable names no renderer, or forces cairosvg where
            the cairo library does not load.
    """
    return chosen(wanted_renderer())


@functools.cache
def chosen(wanted: str) -> SvgRenderer:
    """The renderer for the setting ``wanted`` (:func:`wanted_renderer`), in this process.

    Raises:
        DobbleError: ``wanted`` is cairosvg and the cairo library does not load here.
    """
    from dobble_print.symbols.svg.by_cairosvg import cairosvg_version
    from dobble_print.symbols.svg.by_resvg import resvg_version

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
