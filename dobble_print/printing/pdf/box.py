"""The tuck box page(s) that ``printing.box_pages`` computes, drawn on the deck's canvas (for
:mod:`deck`): glue areas tinted, cuts solid, folds dashed, the words, and one card on the front.
"""

from __future__ import annotations

from dobble_print.card import CardLayout, CardShape
from dobble_print.deck import BORDER_MM, Team
from dobble_print.printing.box import Label, Picture
from dobble_print.printing.box_pages import BoxPage
from dobble_print.printing.pdf.canvas import (
    CUT_GREY,
    CUT_LINE_PT,
    draw_placements,
    fill_shape,
    pt,
    shape_path,
)
from dobble_print.printing.pdf.cover import MIN_FONT
from dobble_print.printing.pdf.text_fonts import Fonts, draw_runs, fit_runs

CUT_PT = 0.6  # the net's cut lines: black and firm, they are the only lines to cut
FOLD_PT = 0.5
FOLD_GREY = 0.45
FOLD_DASH = (4.0, 2.5)  # points on, off: dashed means fold
GLUE_GREY = 0.86


def _line(c, segment) -> None:
    c.line(*(pt(v) for v in (*segment.start, *segment.end)))


def _label(c, label: Label, fonts: tuple[str, str], extra: Fonts) -> None:
    """A label centred on its point, along its angle."""
    font = fonts[1] if label.bold else fonts[0]
    width = pt(label.max_width) if label.max_width else None
    runs, size = fit_runs(label.text, font, label.size, width, least=MIN_FONT, extra=extra)
    c.saveState()
    c.translate(pt(label.x), pt(label.y))
    c.rotate(label.angle)
    c.setFillGray(label.grey)
    draw_runs(c, runs, 0, -0.35 * size, size, centred=True)
    c.restoreState()


def _picture(c, picture: Picture, card: CardShape, layout: CardLayout, card_color, team) -> None:
    """One card as it prints, scaled and turned, with a hairline round it."""
    c.saveState()
    c.translate(pt(picture.center[0]), pt(picture.center[1]))
    c.rotate(picture.angle)
    c.scale(picture.scale, picture.scale)
    if team is not None:
        fill_shape(c, card, (0.0, 0.0), 0.0, team.rgb)
        fill_shape(c, card, (0.0, 0.0), -BORDER_MM, card_color)
    else:
        fill_shape(c, card, (0.0, 0.0), 0.0, card_color)
    draw_placements(c, (0.0, 0.0), layout)
    c.setLineWidth(CUT_LINE_PT / picture.scale)
    c.setStrokeGray(CUT_GREY)
    c.drawPath(shape_path(c, card, (0.0, 0.0)), stroke=1, fill=0)
    c.restoreState()


def draw_box_page(
    c,
    page: BoxPage,
    fonts: tuple[str, str],
    *,
    card: CardShape,
    layout: CardLayout,
    card_color: tuple[float, float, float],
    team: Team | None = None,
    extra: Fonts = (),
) -> None:
    """The net: glue tints first, then the card, the words, the folds and the cuts on top."""
    for piece in page.pieces:
        c.setFillGray(GLUE_GREY)
        for poly in piece.glue:
            path = c.beginPath()
            path.moveTo(pt(poly[0][0]), pt(poly[0][1]))
            for x, y in poly[1:]:
                path.lineTo(pt(x), pt(y))
            path.close()
            c.drawPath(path, stroke=0, fill=1)
        if piece.picture is not None:
            _picture(c, piece.picture, card, layout, card_color, team)
        c.setFillGray(0)
        for label in piece.labels:
            _label(c, label, fonts, extra)
        c.setStrokeGray(FOLD_GREY)
        c.setLineWidth(FOLD_PT)
        c.setDash(*FOLD_DASH)
        for fold in piece.folds:
            _line(c, fold)
        c.setDash()
        c.setStrokeGray(0)
        c.setLineWidth(CUT_PT)
        for cut in piece.cuts:
            _line(c, cut)
    c.setFillGray(0)
    for text in page.texts:
        font = fonts[1] if text.bold else fonts[0]
        width = pt(text.max_width) if text.max_width else None
        runs, size = fit_runs(text.text, font, text.size, width, least=MIN_FONT, extra=extra)
        draw_runs(c, runs, pt(text.x), pt(text.y), size, centred=False)
