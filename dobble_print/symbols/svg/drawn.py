"""An SVG as its renderer drew it, before it is an array: what the drawing process sends back.

The drawing process (:mod:`svg.worker`) draws and finds the ink with Pillow alone and leaves the
pixels as the renderer gave them; :mod:`svg.pixels` makes them straight RGBA in the process that
uses them, which has numpy already. numpy cost each drawing process ~60 ms of CPU time and ~16 MB
of resident memory as it started (two a build on two cores), for one conversion a picture that
takes as long wherever it runs.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from dobble_print.symbols.bad_picture import TRIM_ALPHA


@dataclass(frozen=True)
class Drawn:
    """A drawing as its renderer made it.

    Attributes:
        width, height: its pixels.
        data: with a ``stride``, cairo's image: each pixel one native 32-bit word, premultiplied
            A, R, G, B from the top byte down, rows ``stride`` bytes apart; without, a PNG file
            (resvg's).
        stride: bytes from one of cairo's rows to the next; 0 for a PNG.
    """

    width: int
    height: int
    data: bytes
    stride: int = 0


def alpha_image(drawn: Drawn):
    """Its alpha channel as a Pillow image (mode ``L``)."""
    from PIL import Image

    if not drawn.stride:
        import io

        with Image.open(io.BytesIO(drawn.data)) as im:
            return im.convert("RGBA").getchannel("A")
    # the native word's top byte: the fourth in memory where the machine is little-endian
    order = "BGRA" if sys.byteorder == "little" else "ARGB"
    size = (drawn.width, drawn.height)
    image = Image.frombuffer("RGBA", size, drawn.data, "raw", order, drawn.stride, 1)
    return image.getchannel("A")


def ink_box(drawn: Drawn) -> tuple[int, int, int, int] | None:
    """(left, top, right, bottom) of its pixels whose alpha is above :data:`TRIM_ALPHA` (as
    :func:`raster.ink_box` finds them in an array); None if there are none."""
    ink = alpha_image(drawn).point([255 if a > TRIM_ALPHA else 0 for a in range(256)])
    return ink.getbbox()
