"""Sheets of cards that are not plain round ones: hexagons, squares, rounded squares, and any card
with a Connect team border (drawn for :mod:`deck`).

Tiled cards share their edges, so a card's bleed runs over its neighbours. Each sheet is therefore
drawn in two passes: every card's colour grown by the bleed first, then every card's own colour
exactly inside its cut line, so each card ends at its own edge whatever was drawn next to it.
Backs likewise: the art grown by the back bleed, then clipped to the card.
"""

from __future__ import annotations

from collections.abc import Sequence

from dobble_print.deck import BORDER_MM, Team
from dobble_print.printing.pdf.canvas import (
    CUT_GREY,
    CUT_LINE_PT,
    WHITE,
    draw_back,
    draw_mark,
    draw_placements,
    fill_shape,
    pt,
    shape_path,
)
from dobble_print.printing.sheet import CardSlot, SheetPlan


def draw_front_shaped(
    c,
    plan: SheetPlan,
    slots: Sequence[CardSlot],
    layouts,
    card_color,
    teams: Sequence[Team] | None,
) -> None:
    """One sheet of fronts: colours (bleed, then each card's own), symbols, then cut guides."""
    shape = plan.card
    for slot in slots:
        team = teams[slot.card] if teams else None
        if team or card_color != WHITE:
            fill_shape(c, shape, slot.center, plan.bleed, team.rgb if team else card_color)
    for slot in slots:
        team = teams[slot.card] if teams else None
        if team:
            fill_shape(c, shape, slot.center, 0.0, team.rgb)
            fill_shape(c, shape, slot.center, -BORDER_MM, card_color)
            draw_mark(c, shape, slot.center, team)
        elif card_color != WHITE and plan.bleed:
            fill_shape(c, shape, slot.center, 0.0, card_color)
    for slot in slots:
        draw_placements(c, slot.center, layouts[slot.card])
    c.setLineWidth(CUT_LINE_PT)
    c.setStrokeGray(CUT_GREY)
    if plan.cut_circle:
        for slot in slots:
            c.drawPath(shape_path(c, shape, slot.center), stroke=1, fill=0)
    for line in plan.cuts:
        c.line(*(pt(v) for v in (*line.start, *line.end)))
    for slot in slots:
        for tick in slot.ticks:
            c.line(*(pt(v) for v in (*tick.start, *tick.end)))


def draw_back_shaped(c, plan: SheetPlan, slots: Sequence[CardSlot], size, card_color) -> None:
    """One sheet of backs at their mirrored centres: the art over the back bleed, then again
    clipped to each card, so neighbours' bleeds end at the shared cut line; no cut guides."""
    for grow in (plan.back_bleed, 0.0) if plan.back_bleed else (0.0,):
        for slot in slots:
            assert slot.back_center is not None  # a sheet of backs is planned with them
            outline = shape_path(c, plan.card, slot.back_center, grow)
            draw_back(c, slot.back_center, size, within=outline, rgb=card_color)
