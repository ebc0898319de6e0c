"""Imposition: which card goes where on which sheet, for any card shape.

:func:`plan_sheets` checks the bleed and margin, asks :mod:`round_sheets` or :mod:`tiled_sheets`
for one sheet's pattern, and fills as many sheets as the deck needs, with each back mirrored behind
its front.
"""

from __future__ import annotations

import math

from dobble_print.card import CardShape, ShapeKind
from dobble_print.errors import OptionError
from dobble_print.language import N_
from dobble_print.printing.paper import Paper
from dobble_print.printing.round_sheets import round_pattern
from dobble_print.printing.sheet import (
    CardSlot,
    Duplex,
    SheetPattern,
    SheetPlan,
    check_backs_on_paper,
    mirror,
    page_order,
)
from dobble_print.printing.tiled_sheets import tiled_pattern

BACK_BLEED = 2.0  # mm the back art runs past the cut line: duplex printers land 1-2 mm off
# The most printable margin, as a share of the paper's shorter side (52.5 mm on A4): more leaves
# too little paper for most cards; the option table states it for the page and the command line.
MARGIN_SHARE = 0.25
MAX_BLEED = 6.0  # mm; print shops ask for 3, home sheets fit about 2


# The card that does not fit, as the option's value reads: "300mm", "90mm hexagon".
_TOO_LARGE = {
    ShapeKind.CIRCLE: lambda size: N_("{size:g}mm", size=size),
    ShapeKind.HEXAGON: lambda size: N_("{size:g}mm hexagon", size=size),
    ShapeKind.SQUARE: lambda size: N_("{size:g}mm square", size=size),
    ShapeKind.ROUNDED: lambda size: N_("{size:g}mm rounded square", size=size),
}


def plan_sheets(
    card_count: int,
    *,
    paper: Paper,
    card: CardShape,
    margin: float = 5.0,
    bleed: float = 0.0,
    cut_circle: bool = True,
    ticks: bool = True,
    duplex: Duplex | None = None,
    back_offset: tuple[float, float] = (0.0, 0.0),
    cover_pages: int = 0,
    rules_pages: int = 0,
    box_pages: int = 0,
) -> SheetPlan:
    """Impose ``card_count`` cards on as few sheets as possible.

    Args:
        bleed: how far the card colour runs past the cut line, mm.
        cut_circle: draw each card's outline (square cards: straight cuts across the sheet).
        ticks: draw short cut guides outside the cards.
        duplex: print backs, mirrored for this flip edge; None for no backs.
        back_offset: (x, y) mm added to every back position to correct a printer.
        cover_pages: how many cover pages come first (they shift the page numbers).
        rules_pages: how many pages of rules follow the cover.
        box_pages: how many pages of tuck box follow the rules.

    Raises:
        DobbleError: when not even one card fits inside the printable area, or a back offset would
            push backs off the paper.
    """
    _check_bleed_and_margin(bleed, margin, paper)
    back_bleed = max(BACK_BLEED, bleed) if duplex else 0.0
    reach = max(bleed, back_bleed)  # ink beyond the cut line, front or back
    pattern = _pattern(card, paper, margin, bleed, reach, cut_circle, ticks)
    if not pattern.centres:
        raise OptionError(
            "card",
            N_(
                "{card} does not fit on {paper} paper inside a {margin:g} mm margin; choose a "
                "smaller card or larger paper",
                card=_TOO_LARGE[card.kind](float(card.size)),
                paper=paper.printed,
                margin=float(margin),
            ),
        )
    per = len(pattern.centres)
    slots = []
    for i in range(card_count):
        centre = pattern.centres[i % per]
        back = mirror(centre, paper, duplex, back_offset) if duplex else None
        slots.append(CardSlot(i, i // per, centre, back, pattern.ticks[i % per]))
    if duplex:
        check_backs_on_paper(slots, paper, max(card.half_extent) + back_bleed, back_offset)
    sheets = math.ceil(card_count / per)
    return SheetPlan(
        paper,
        card,
        margin,
        bleed,
        back_bleed,
        pattern.arrangement,
        per,
        sheets,
        tuple(slots),
        pattern.outline,
        duplex,
        page_order(
            sheets,
            cover_pages=cover_pages,
            backs=duplex is not None,
            rules_pages=rules_pages,
            box_pages=box_pages,
        ),
        pattern.cuts,
    )


def _check_bleed_and_margin(bleed: float, margin: float, paper: Paper) -> None:
    if not 0 <= bleed <= MAX_BLEED:
        raise OptionError(
            "bleed",
            N_(
                "{bleed:g}mm is out of range; use 0 to {most:g} mm (2 mm suits home printers)",
                bleed=float(bleed),
                most=float(MAX_BLEED),
            ),
        )
    if not 0 <= margin <= MARGIN_SHARE * min(paper.width, paper.height):
        raise OptionError(
            "margin",
            N_(
                "{margin:g}mm is out of range for {paper} paper; 5 mm suits most printers",
                margin=float(margin),
                paper=paper.printed,
            ),
        )


def _pattern(
    card: CardShape,
    paper: Paper,
    margin: float,
    bleed: float,
    reach: float,
    cut_circle: bool,
    ticks: bool,
) -> SheetPattern:
    """Round cards each with their own cut; other shapes tile the sheet edge to edge."""
    if card.kind is ShapeKind.CIRCLE:
        return round_pattern(
            card,
            paper,
            margin=margin,
            bleed=bleed,
            reach=reach,
            cut_circle=cut_circle,
            ticks=ticks,
        )
    return tiled_pattern(
        card, paper, margin=margin, reach=reach, cut_outline=cut_circle, ticks=ticks
    )
