"""An SVG's own size and the sizes inside it, read from its XML before either renderer draws it.

The renderers trust these numbers: resvg allocates a picture of the size it is asked for, so a
130-byte file declaring ``width="1" height="1e9"`` asked for 4 TB and ended the process, and a
``<pattern>`` ten million units wide did the same; cairosvg refuses both, as a cairo error. Here
both renderers are spared them, in the same words: the drawing's shape (its longer side at most
:data:`MAX_ASPECT` times its shorter) and every pattern, filter, mask, marker, clip path, image
or nested drawing at most :data:`MAX_INNER` times the drawing's own size. Transforms are not
followed: what they scale up is stopped by the drawing process's memory limit
(:mod:`svg.worker`).
"""

from __future__ import annotations

import math
import re
from xml.etree.ElementTree import Element

from dobble_print.language import N_
from dobble_print.symbols.bad_picture import BadPicture

MAX_ASPECT = 100  # a picture a hundred times longer than wide is a line on a card
MAX_INNER = 4  # an inner picture (pattern tile, filter region…) over 4 drawings wide is no icon

# CSS pixels per unit, as both renderers count them (96 dpi)
_UNITS: dict[str, float | None] = {
    "": 1.0,
    "px": 1.0,
    "pt": 4 / 3,
    "pc": 16.0,
    "mm": 96 / 25.4,
    "cm": 96 / 2.54,
}
_UNITS |= {"in": 96.0, "em": 16.0, "ex": 8.0, "%": None}
_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([a-zA-Z%]*)\s*$")
_SEPARATORS = re.compile(r"[\s,]+")
# The elements whose width and height a renderer makes a picture of, and their size attributes.
_INNER = {
    "pattern": ("width", "height"),
    "filter": ("width", "height"),
    "mask": ("width", "height"),
    "marker": ("markerWidth", "markerHeight"),
    "image": ("width", "height"),
    "svg": ("width", "height"),
    "symbol": ("width", "height"),
    "use": ("width", "height"),
    "foreignObject": ("width", "height"),
}
# Their attribute saying the sizes are fractions of the shape they apply to.
_FRACTIONS = {"pattern": "patternUnits", "filter": "filterUnits", "mask": "maskUnits"}


def length(text: str | None) -> float | None:
    """A length in CSS pixels (``2mm``, ``1e9``, ``12pt``); None when absent, a percentage or
    not a length."""
    m = _LENGTH.match(text or "")
    if not m or m.group(2).lower() not in _UNITS:
        return None
    factor = _UNITS[m.group(2).lower()]
    return None if factor is None else float(m.group(1)) * factor


def view_box(root: Element) -> tuple[float, float] | None:
    """The viewBox's width and height, when it has four numbers."""
    parts = _SEPARATORS.split((root.get("viewBox") or "").strip())
    if len(parts) != 4:
        return None
    try:
        return float(parts[2]), float(parts[3])
    except ValueError:
        return None


def drawing_size(root: Element) -> tuple[float, float] | None:
    """The drawing's width and height as the renderers take them (its width and height, or
    its viewBox's, keeping the viewBox's shape when one is missing); None when not known here.

    Raises:
        BadPicture: a side is zero, below zero or not a number a renderer can draw at.
    """
    box = view_box(root)
    w, h = length(root.get("width")), length(root.get("height"))
    for side in (w, h, *(box or ())):
        if side is not None and not (math.isfinite(side) and side > 0):
            raise BadPicture(
                N_(
                    "{said}; open it in a drawing program and save it again",
                    said=N_("has a width or height of zero, below zero or too large"),
                )
            )
    if w is None and h is None:
        return box
    if w is not None and h is not None:
        return w, h
    if box is None:
        return None
    if w is not None:
        return w, w * box[1] / box[0]
    assert h is not None  # both None returned above
    return h * box[0] / box[1], h


def _number(value: float) -> str:
    return f"{value:g}"


def _written(text: str | None) -> str:
    """A size as the file writes it (``1e9``, ``2mm``), cut short if long."""
    text = (text or "").strip()
    return text if len(text) <= 24 else text[:23] + "…"


def check_sizes(root: Element) -> tuple[float, float] | None:
    """Refuse a drawing of an extreme shape, or holding an inner picture many times its size.

    Returns:
        The drawing's size (:func:`drawing_size`).

    Raises:
        BadPicture: naming the sizes and the limit.
    """
    size = drawing_size(root)
    if size is not None and max(size) > MAX_ASPECT * min(size):
        written = (root.get("width"), root.get("height"))
        if not all(written) or length(written[0]) is None or length(written[1]) is None:
            written = (_number(size[0]), _number(size[1]))
        raise BadPicture(
            N_(
                "is {width} by {height}, one side over {most} times the other; no card shows "
                "that; crop it, or correct its width and height",
                width=_written(written[0]),
                height=_written(written[1]),
                most=MAX_ASPECT,
            )
        )
    space = view_box(root) or size
    if space is None or not all(math.isfinite(s) and s > 0 for s in space):
        return size
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1] if isinstance(el.tag, str) else ""
        if tag not in _INNER or el is root:
            continue
        fractions = tag in _FRACTIONS and el.get(_FRACTIONS[tag]) != "userSpaceOnUse"
        for name, own in zip(_INNER[tag], space, strict=True):
            value = length(el.get(name))
            if value is None:
                continue
            most = MAX_INNER if fractions else MAX_INNER * own
            if not math.isfinite(value) or abs(value) > most:
                raise BadPicture(
                    N_(
                        "has a <{tag}> {size} units across, over {most} times the drawing's "
                        "own size; correct its size in a drawing program",
                        tag=tag,
                        size=_written(el.get(name)),
                        most=MAX_INNER,
                    )
                )
    return size
