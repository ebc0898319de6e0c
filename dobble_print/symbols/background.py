"""Backgrounds: plain paper around a drawing becomes transparent; photos keep theirs, cut to shape.

A picture with a plain background (clip art on white, a scanned drawing, a logo on a flat colour)
has a border of nearly one colour. The region of that colour *connected to the border* is made
transparent, so white inside the drawing (eyes, teeth, a cup's inside) stays. A picture whose
border is not plain is a photo: it stays a whole rectangle, optionally rounded or cut to a circle.
"""

from __future__ import annotations

from enum import StrEnum

import numpy as np

# Largest per-channel distance from the background colour that still counts as background:
# paper, JPEG noise and scanner grain stay within it, light-grey artwork does not.
TOLERANCE = 40
# Share of the border that must be that one colour for the background to count as plain.
PLAIN_SHARE = 0.90
# A picture whose border is already this transparent has its own background handling.
_OWN_ALPHA_SHARE = 0.5


class PhotoShape(StrEnum):
    """How a photo (a picture without a plain background) is cut."""

    RECT = "rect"
    ROUNDED = "rounded"
    CIRCLE = "circle"


def _border(a: np.ndarray) -> np.ndarray:
    return np.concatenate([a[0], a[-1], a[1:-1, 0], a[1:-1, -1]])


def has_own_transparency(rgba: np.ndarray) -> bool:
    """True when the picture's border is mostly transparent already (PNG cut-outs, SVG icons)."""
    return bool((_border(rgba[..., 3]) < 250).mean() >= _OWN_ALPHA_SHARE)


def plain_background(rgba: np.ndarray) -> tuple[int, int, int] | None:
    """The background colour when the border is plain, else None (a photo)."""
    border = _border(rgba[..., :3]).astype(np.int16)
    colour = np.median(border, axis=0)
    close = np.abs(border - colour).max(axis=1) <= TOLERANCE
    if close.mean() < PLAIN_SHARE:
        return None
    return tuple(int(c) for c in colour)  # type: ignore[return-value]


def remove_background(rgba: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    """Make the region of ``colour`` connected to the border transparent, with soft edges."""
    from scipy import ndimage

    dist = np.abs(rgba[..., :3].astype(np.int16) - np.array(colour, np.int16)).max(axis=2)
    near = dist <= TOLERANCE
    labels, _ = ndimage.label(near)
    touching = np.unique(_border(labels))
    background = np.isin(labels, touching[touching > 0])
    # Anti-aliased edge pixels are a mix of ink and paper: fade them by how far they are from
    # the paper colour, so the outline keeps its smoothness instead of a white fringe.
    # Near-paper pixels that are not connected to the border (white behind a thin outline) keep.
    edge = ndimage.binary_dilation(background, iterations=2) & ~near
    alpha = rgba[..., 3].astype(np.float32)
    alpha[background] = 0
    alpha[edge] *= np.clip((dist[edge] - TOLERANCE / 2) / (2.5 * TOLERANCE), 0.0, 1.0)
    out = rgba.copy()
    out[..., 3] = np.round(alpha).astype(np.uint8)
    return out


def shape_photo(rgba: np.ndarray, shape: PhotoShape) -> np.ndarray:
    """Cut a photo to ``shape``: rect keeps it, rounded rounds its corners, circle crops a disc."""
    if shape == PhotoShape.RECT:
        return rgba
    h, w = rgba.shape[:2]
    if shape == PhotoShape.CIRCLE:
        side = min(h, w)
        top, left = (h - side) // 2, (w - side) // 2
        rgba = rgba[top : top + side, left : left + side]
        h = w = side
        radius = side / 2
    else:
        radius = 0.12 * min(h, w)
    # Distance outside the rounded rectangle, sampled at pixel centres; 1 px of soft edge.
    y, x = np.mgrid[0:h, 0:w].astype(np.float32) + 0.5
    dx = np.maximum(np.abs(x - w / 2) - (w / 2 - radius), 0)
    dy = np.maximum(np.abs(y - h / 2) - (h / 2 - radius), 0)
    outside = np.hypot(dx, dy) - radius
    coverage = np.clip(0.5 - outside, 0.0, 1.0)
    out = rgba.copy()
    out[..., 3] = np.round(out[..., 3] * coverage).astype(np.uint8)
    return out
