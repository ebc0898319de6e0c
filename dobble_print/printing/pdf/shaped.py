"""Drawing sheets of cards that are not plain round ones: hexagons, squares, rounded squares, and
any card with a Connect team border. Called only by ``render``; may import reportlab.

Tiled cards share their edges, so a card's bleed runs over its neighbours. Each sheet is therefore
drawn in two passes: every card's colour grown by the bleed first, then every card's own colour
exactly inside its cut line, so each card ends at its own edge whatever was drawn next to it.
Backs likewise: the art grown by the back bleed, then clipped to the card.
"""

from __future__ import annotations

from collections.abc import Sequence

from dobble_print.card import CardShape
from dobble_print.deck.connect import BORDER_MM, Team
from dobble_print.printing.pdf.canvas import (
    CUT_GREY,
    CUT_LINE_PT,
    WHITE,
    _draw_placements,
    _pt,
    shape_path,
)
from dobble_print.printing.sheet import CardSlot, SheetPlan


def _fill(c, shape: CardShape, center, grow: float, rgb) -> None:
    c.setFillColorRGB(*rgb)
    c.drawPath(shape_path(c, shape, center, grow), stroke=0, fill=1)


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
            _fill(c, shape, slot.center, plan.bleed, team.rgb if team else card_color)
    for slot in slots:
        team = teams[slot.card] if teams else None
        if team:
            _fill(c, shape, slot.center, 0.0, team.rgb)
            _fill(c, shape, slot.center, -BORDER_MM, card_color)
        elif card_color != WHITE and plan.bleed:
            _fill(c, shape, slot.center, 0.0, card_color)
    for slot in slots:
        _draw_placements(c, slot, layouts[slot.card])
    c.setLineWidth(CUT_LINE_PT)
    c.setStrokeGray(CUT_GREY)
    if plan.cut_circle:
        for slot in slots:
            c.drawPath(shape_path(c, shape, slot.center), stroke=1, fill=0)
    for line in plan.cuts:
        c.line(*(_pt(v) for v in (*line.start, *line.end)))
    for slot in slots:
        for tick in slot.ticks:
            c.line(*(_pt(v) for v in (*tick.start, *tick.end)))


def draw_back_shaped(c, plan: SheetPlan, slots: Sequence[CardSlot], size, card_color) -> None:
    """One sheet of backs at their mirrored centres: the art over the back bleed, then again
    clipped to each card, so neighbours' bleeds end at the shared cut line; no cut guides."""
    shape = plan.card
    for grow in (plan.back_bleed, 0.0) if plan.back_bleed else (0.0,):
        for slot in slots:
            c.saveState()
            c.setFillColorRGB(*card_color)
            c.clipPath(shape_path(c, shape, slot.back_center, grow), stroke=0, fill=1)
            c.translate(
                _pt(slot.back_center[0] - size[0] / 2), _pt(slot.back_center[1] - size[1] / 2)
            )
            c.scale(_pt(size[0]), _pt(size[1]))
            c.doForm("back")
            c.restoreState()
