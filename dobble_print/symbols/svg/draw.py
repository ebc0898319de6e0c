"""One checked SVG drawn sharp by cairosvg or resvg, in the drawing process (:mod:`svg.worker`).

Sharpness: the picture is drawn once small to find its ink, then again so that the *ink* (not the
viewBox, which icon sets pad) gets the requested pixels. Both drawings are bounded: the preview's
longer side is :data:`_PREVIEW_PX` pixels (the drawing's shape was checked, :mod:`svg.size`), the
picture's at most :data:`_MAX_RENDER_PX`.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING

from dobble_print.language import N_, Msg
from dobble_print.symbols.bad_picture import BadPicture
from dobble_print.symbols.svg.drawn import Drawn, ink_box
from dobble_print.symbols.svg.parsed import parse_svg
from dobble_print.symbols.svg.size import drawing_size

if TYPE_CHECKING:  # the drawing process draws without numpy (see svg.drawn)
    import numpy as np

_PREVIEW_PX = 256
# A speck of ink in a vast viewBox must not make a gigantic raster.
_MAX_RENDER_PX = 4096


def _drawer(renderer: str, data: bytes, root) -> Callable[..., Drawn]:
    """``draw(width=…)`` or ``draw(height=…)`` for this SVG with this renderer."""
    if renderer == "cairosvg":
        from dobble_print.symbols.svg.by_cairosvg import draw_cairosvg

        return functools.partial(draw_cairosvg, data)
    from dobble_print.symbols.svg.by_resvg import draw_resvg, prepare_resvg

    return functools.partial(draw_resvg, prepare_resvg(root))


def draw_svg(data: bytes, *, renderer: str, max_px: int) -> np.ndarray:
    """:func:`drawing`, as straight RGBA pixels (:func:`pixels.pixels`): where a picture is
    drawn in the process that uses it."""
    from dobble_print.symbols.svg.pixels import pixels

    return pixels(drawing(data, renderer=renderer, max_px=max_px))


def drawing(data: bytes, *, renderer: str, max_px: int) -> Drawn:
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
            # the preview: where the ink is
            side = "height" if tall else "width"
            preview = draw(**{side: _PREVIEW_PX})
            ph, pw = preview.height, preview.width
            if ph > pw and not tall:
                side = "height"
                preview = draw(height=_PREVIEW_PX)
                ph, pw = preview.height, preview.width
            box = ink_box(preview)
            if box is None:  # no ink: the caller reports the empty picture
                return preview
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
    except (KeyboardInterrupt, SystemExit):
        raise
    # The renderers report bad input as many exception types, and resvg's own faults as a
    # PanicException, which is no Exception (tiny-skia's "called `Option::unwrap()` on a `None`
    # value" on a drawing the fuzz test made).
    except BaseException as exc:  # noqa: BLE001
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


def _not_drawn(exc: BaseException) -> Msg:
    """A renderer's error as a reason in plain words, without its class or its text."""
    reason = str(exc)
    said = next((v for k, v in _SIZE_FAULTS.items() if k in reason), N_("cannot be drawn"))
    return N_("{said}; open it in a drawing program and save it again", said=said)
