"""Backgrounds: plain paper around a drawing becomes transparent; photos keep theirs, cut to shape.

A picture with a plain background (clip art on white, a scanned drawing, a logo on a flat colour)
has a border of nearly one colour. The region of that colour *connected to the border* is made
transparent, so white inside the drawing (eyes, teeth, a cup's inside) stays, when what is left is
a subject (:func:`judge_removal`): a night sky, a document on grey paper or a flat close-up has a
plain border too, and would fall apart into specks. A picture whose border is not plain, or whose
removal leaves no subject, is a photo: it stays a whole rectangle, optionally rounded or cut to a
circle.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from dobble_print.symbols.ink import INK_ALPHA

# Largest per-channel distance from the background colour that still counts as background:
# paper, JPEG noise and scanner grain stay within it, light-grey artwork does not.
TOLERANCE = 40
# Share of the border that must be that one colour for the background to count as plain.
PLAIN_SHARE = 0.90
# A picture whose border is already this transparent has its own background handling.
_OWN_ALPHA_SHARE = 0.5
# Ink along the cut ≥ this from the backdrop: art 133–255, photos 44–74; pastel art (~50) keeps.
CRISP_EDGE = 2.5 * TOLERANCE
# ≤ this many pieces hold MOST_INK: art 1–8, a night sky 62–333; art of many small parts keeps.
FEW_PIECES = 12
MOST_INK = 0.9
# One subject in at most this many pieces needs only a firm edge: clip art saved as JPEG blurs its
# edge to 62-98, while the photos of one or two pieces with a plain border reach at most 52.
ONE_SUBJECT = 3
FIRM_EDGE = 58


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
    r, g, b = (int(c) for c in colour)
    return r, g, b


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


@dataclass(frozen=True)
class Removal:
    """What removing a background left, as :func:`judge_removal` measures it.

    Attributes:
        edge: median colour distance from the backdrop (largest channel difference, 0–255) of
            the picture's pixels within 2 px inside the cut; 0 when nothing is left.
        pieces: connected pieces of ink (alpha ≥ 0.5) holding ``MOST_INK`` of it; 0 when none.
    """

    edge: float
    pieces: int

    @property
    def keeps_subject(self) -> bool:
        """True when what is left is a subject: crisp against its backdrop, in few pieces, or
        one firm-edged piece (clip art saved as JPEG)."""
        if not 0 < self.pieces <= FEW_PIECES:
            return False
        return self.edge >= (FIRM_EDGE if self.pieces <= ONE_SUBJECT else CRISP_EDGE)


def judge_removal(rgba: np.ndarray, removed: np.ndarray, colour: tuple[int, int, int]) -> Removal:
    """Measure what :func:`remove_background` left of ``rgba`` (``removed``), to tell a subject
    on a plain backdrop from a photo that merely has a plain-looking border.

    A plain border is not enough: a night sky, a document photographed on grey paper and a
    close-up of a flat surface have one, and removing it leaves specks spread over the whole
    picture, or thin wisps of its texture, that print as a scatter of tiny marks while the
    layout makes room for the whole picture. What separates them from drawn art is what the cut
    leaves:

    - *crispness*: the flood stops at the first pixel beyond ``TOLERANCE``. Around a drawing,
      a clip-art shape or a product on white, the picture jumps there from paper to ink (black
      outlines, saturated fills), so the pixels just inside the cut are far from the backdrop's
      colour. In a photo, the backdrop shades gradually into what it surrounds (grain, folds,
      blur, haze, uneven light), so the cut runs through pixels barely beyond the tolerance.
    - *pieces*: a subject is one or a few pieces of ink; stars, letters and speckle are many.
      Counting the pieces that hold most of the ink ignores dust and JPEG crumbs.

    Measured (``tests/data/photos``: 12 photos and 3 crops of each, 16 of them with a plain
    border; drawings, outline icons, clip art, a product shot, line art and scans on paper):
    the median distance along the cut is 44–74 for every photo and 133–255 for the art but for
    a pastel shape with no outline (50), which keeps its paper; the pieces holding 90 % of the
    ink are 1–8 for the art (a sun and its rays: 8), 62–333 for the night sky, 10–39 for the
    handwriting. The edge rule alone keeps all these photos whole (the pieces rule alone would
    cut 9 of them: the clock, the flat close-up, handwriting crops of 10–12 pieces); the
    pieces rule is there for sharp specks whose edge passes (a crisp star field, printed text).
    Clip art saved as JPEG (the default icons on white at quality 60-90) blurs its edge to
    62-98 but stays one or two pieces, so a subject of at most ``ONE_SUBJECT`` pieces needs only
    ``FIRM_EDGE``; the photos of so few pieces (the clock, the flat close-up) stay under 53.

    Thinness and the share of ink left are not used: open line art (a spiral, a stick figure,
    a pencil sketch) is as thin as handwriting and covers as little of its picture as stars do.
    Cheap enough for the loader: at most ~4 ms at 600 px (one labelling, one dilation), beside
    5–17 ms for the removal itself.
    """
    from scipy import ndimage

    ink = removed[..., 3] >= INK_ALPHA
    labels, count = ndimage.label(ink, structure=np.ones((3, 3), bool))
    if not count:
        return Removal(0.0, 0)
    sizes = np.sort(np.bincount(labels.ravel())[1:])[::-1]
    pieces = int(np.searchsorted(np.cumsum(sizes), MOST_INK * sizes.sum()) + 1)
    backdrop = removed[..., 3] == 0
    inside_cut = ndimage.binary_dilation(backdrop, iterations=2) & ~backdrop
    if not inside_cut.any():
        return Removal(0.0, pieces)
    diff = rgba[inside_cut][:, :3].astype(np.int16) - np.array(colour, np.int16)
    return Removal(float(np.median(np.abs(diff).max(axis=1))), pieces)


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
