"""Card backs: the bundled design or the user's picture, loaded as pixels for the PDF writer.

The bundled design lives in ``templates/backs/`` (shipped in the wheel); any picture a symbol can
be (PNG, JPEG, WebP, GIF, SVG, SVGZ, …) can be a back. It is printed to cover each card's back.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from dobble_print.errors import OptionError, not_a_file
from dobble_print.language import N_, Msg, reason
from dobble_print.printing.paper import PRINT_DPI
from dobble_print.resources import templates_dir
from dobble_print.symbols import BadPicture, format_names, is_svg, load_picture


# What a back picture can be, for the messages: every kind build takes as a symbol.
def _give() -> Msg:
    """What to give instead, the picture kinds read named."""
    return N_("give a picture ({kinds})", kinds=format_names())


def default_back() -> Path:
    """The bundled back design (an SVG, own work, CC0)."""
    return templates_dir() / "backs" / "default.svg"


# The size a back is first drawn at to check it, before any symbol is loaded: enough to see
# that it prints something (an ink speck lost at this size is looked for again in full).
CHECK_PX = 256


def check_back(path: Path) -> None:
    """What :func:`load_back` would refuse, said before any symbol is loaded (a folder, a
    pipe, a file that is no picture, a fully transparent one) rather than after all of them.

    Raises:
        OptionError: about ``backs``, as :func:`load_back`.
    """
    try:
        _back_pixels(path, CHECK_PX)
    except OptionError:
        if not path.is_file() or is_svg(path):
            raise
        _back_pixels(path, 4000)  # the transparent picture, at its full size


def load_back(path: Path, *, diameter: float) -> np.ndarray:
    """RGBA pixels of the back picture, enough for 300 dpi over a disc of ``diameter`` mm
    (the card plus the back's bleed).

    Raises:
        OptionError: about ``backs`` when the file is missing or not a picture.
    """
    px = math.ceil(diameter / 25.4 * PRINT_DPI)
    if not is_svg(path):
        # A wide photo is cropped to the disc, so its long side needs more pixels than the disc;
        # a raster is never enlarged, so asking for more costs nothing on small pictures.
        px = min(4000, 2 * px)
    return _back_pixels(path, px)


def _back_pixels(path: Path, px: int) -> np.ndarray:
    """:func:`load_back`'s pixels, ``px`` on the longer side, and its refusals."""
    if not path.is_file():
        raise OptionError(
            "backs", (path, N_(": {why}; {give}", why=not_a_file(path), give=_give()))
        )
    try:
        pixels = load_picture(path, max_px=px)
    except (BadPicture, OSError) as exc:
        raise OptionError(
            "backs", (path, N_(": {why}; {give}", why=reason(exc), give=_give()))
        ) from None
    if not pixels[..., 3].any():  # every back would print blank, with no word said
        raise OptionError(
            "backs",
            (
                path,
                N_(
                    ": the picture is empty (fully transparent); give a picture with something "
                    "to print"
                ),
            ),
        )
    return pixels
