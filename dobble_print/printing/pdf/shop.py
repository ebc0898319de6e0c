"""The print-shop PDFs that ``printing.shop.folder`` writes: one card, or one back, per page.

Each page's MediaBox and BleedBox are the card's bounding box grown by the shop bleed, its TrimBox
the card's bounding box. The card background (and a Connect border's colour) fills the
whole page, so a cut that wanders stays on colour. The cut path is stroked in a Separation colour
space named ``CutContour`` and set to overprint (/OP true, /OPM 1): contour cutters read the path
by that name, and overprinting keeps it from knocking a white line out of the artwork beneath.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from dobble_print.card import CardLayout, CardShape
from dobble_print.deck import BORDER_MM, Team
from dobble_print.printing.pdf.canvas import (
    define_back_form,
    define_symbol_forms,
    draw_back,
    draw_mark,
    draw_placements,
    open_canvas,
    pt,
    shape_path,
)
from dobble_print.symbols import Symbol

CUT_CONTOUR = "CutContour"
CUT_CONTOUR_PT = 0.25


def _canvas(path: Path, shape: CardShape, bleed: float, title: str):
    """A canvas whose pages are the bleed box, with TrimBox and BleedBox set for every page;
    returns it and the card's centre on the page (mm)."""
    hw, hh = shape.half_extent
    page = (2 * (hw + bleed), 2 * (hh + bleed))
    c, _ = open_canvas(path, size=page, title=title)
    c.setBleedBox((0, 0, pt(page[0]), pt(page[1])))
    c.setTrimBox((pt(bleed), pt(bleed), pt(bleed + 2 * hw), pt(bleed + 2 * hh)))
    return c, (bleed + hw, bleed + hh)


def _cut_contour(c, shape: CardShape, center: tuple[float, float]) -> None:
    from reportlab.lib.colors import CMYKColorSep

    c.saveState()
    c.setStrokeColor(CMYKColorSep(0, 1, 0, 0, spotName=CUT_CONTOUR))
    c.setStrokeOverprint(1)
    c.setOverprintMask(1)
    c.setLineWidth(CUT_CONTOUR_PT)
    c.drawPath(shape_path(c, shape, center), stroke=1, fill=0)
    c.restoreState()


def _background(c, shape: CardShape, center, card_color, team: Team | None) -> None:
    """The whole page in the card colour, or in the team colour with the card colour inside the
    border band."""
    c.setFillColorRGB(*(team.rgb if team else card_color))
    c.rect(0, 0, pt(2 * center[0]), pt(2 * center[1]), stroke=0, fill=1)
    if team:
        c.setFillColorRGB(*card_color)
        c.drawPath(shape_path(c, shape, center, -BORDER_MM), stroke=0, fill=1)
        draw_mark(c, shape, center, team)


def render_shop_cards(
    path: Path,
    *,
    symbols: Sequence[Symbol],
    layouts: Sequence[CardLayout],
    shape: CardShape,
    bleed: float,
    card_color: tuple[float, float, float],
    teams: Sequence[Team] | None = None,
    cut_path: bool = True,
) -> None:
    """Every card on its own page, in deck order, with its CutContour path (unless not
    ``cut_path``)."""
    c, center = _canvas(path, shape, bleed, "dobble-print deck: cards for a print shop")
    define_symbol_forms(c, symbols, layouts)
    for i, layout in enumerate(layouts):
        _background(c, shape, center, card_color, teams[i] if teams else None)
        draw_placements(c, center, layout)
        if cut_path:
            _cut_contour(c, shape, center)
        c.showPage()
    c.save()


def render_shop_pairs(
    path: Path,
    *,
    symbols: Sequence[Symbol],
    layouts: Sequence[CardLayout],
    shape: CardShape,
    bleed: float,
    card_color: tuple[float, float, float],
    back: np.ndarray,
    teams: Sequence[Team] | None = None,
) -> None:
    """Each card's front page followed by its back page, for a card printer: no cut path and no
    marks (the printer cuts by its own die), the colour to the page edge on both faces."""
    c, center = _canvas(path, shape, bleed, "dobble-print deck: cards for a card printer")
    define_symbol_forms(c, symbols, layouts)
    size = define_back_form(c, back, 2 * max(center))
    for i, layout in enumerate(layouts):
        _background(c, shape, center, card_color, teams[i] if teams else None)
        draw_placements(c, center, layout)
        c.showPage()
        c.setFillColorRGB(*card_color)
        c.rect(0, 0, pt(2 * center[0]), pt(2 * center[1]), stroke=0, fill=1)
        draw_back(c, center, size)
        c.showPage()
    c.save()


def render_shop_backs(
    path: Path,
    *,
    back: np.ndarray,
    count: int,
    shape: CardShape,
    bleed: float,
    card_color: tuple[float, float, float],
) -> None:
    """``count`` back pages, the back picture covering the whole bleed box (never squashed)."""
    c, center = _canvas(path, shape, bleed, "dobble-print deck: backs for a print shop")
    size = define_back_form(c, back, 2 * max(center))
    for _ in range(count):
        c.setFillColorRGB(*card_color)
        c.rect(0, 0, pt(2 * center[0]), pt(2 * center[1]), stroke=0, fill=1)
        draw_back(c, center, size)
        c.showPage()  # no cut path on backs: the shop cuts by the front
    c.save()
