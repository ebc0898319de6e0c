"""One picture file to RGBA pixels, whatever its kind: SVG by its suffix, anything else as a raster.

Symbols and card backs both load through :func:`load_picture`, so a back can be any picture a
symbol can (``.svgz`` included).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from dobble_print.errors import system_reason
from dobble_print.language import N_, Msg, reason
from dobble_print.symbols.formats import SVG_SUFFIXES
from dobble_print.symbols.raster import BadPicture, check_raster, load_raster
from dobble_print.symbols.svg.rasterise import check_svg, load_svg


def is_svg(path: Path) -> bool:
    """Whether ``path`` is drawn by the SVG loader (``.svg``, ``.svgz``, any case)."""
    return path.suffix.lower() in SVG_SUFFIXES


def load_picture(path: Path, *, max_px: int) -> np.ndarray:
    """RGBA pixels of the picture at ``path``: an SVG drawn so that its ink is about ``max_px`` on
    its longer side, a raster no larger than ``max_px`` (never enlarged).

    Raises:
        BadPicture: with the reason, when the file cannot be decoded, is unsafe or too large.
        OSError: when the file cannot be read.
    """
    if is_svg(path):
        return load_svg(path, max_px=max_px)
    return load_raster(path, max_px=max_px)


def picture_problem(path: Path) -> Msg | str:
    """Why ``path`` is not a picture, from a raster's header or an SVG's XML without decoding
    it; "" when it may well be one (a truncated JPEG passes, and fails only when decoded).
    """
    try:
        if is_svg(path):
            check_svg(path)
        else:
            check_raster(path)
    except BadPicture as exc:
        return reason(exc)
    except OSError as exc:
        return N_("cannot be opened ({why})", why=system_reason(exc))
    return ""
