"""Sheets: where each card goes on which page, in page coordinates (mm, origin bottom-left, y up).

Geometry only; the renderer draws what this computes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dobble_print.errors import DobbleError
from dobble_print.units import Paper

CARD_GAP = 2.0  # mm between neighbouring cut circles: room for scissors


@dataclass(frozen=True)
class CardSlot:
    """One card on one sheet.

    Attributes:
        card: index of the card in the deck.
        sheet: 0-based sheet number.
        center: card centre on the page, mm from the bottom-left corner.
    """

    card: int
    sheet: int
    center: tuple[float, float]


@dataclass(frozen=True)
class SheetPlan:
    """All card positions of a deck, sheet by sheet."""

    paper: Paper
    card_diameter: float
    per_sheet: int
    sheet_count: int
    slots: tuple[CardSlot, ...]


def _grid(paper: Paper, diameter: float, margin: float) -> list[tuple[float, float]]:
    """Centres of a square grid of cards, centred on the sheet, filled row by row from the top."""
    pitch = diameter + CARD_GAP
    cols = math.floor((paper.width - 2 * margin + CARD_GAP) / pitch)
    rows = math.floor((paper.height - 2 * margin + CARD_GAP) / pitch)
    x0 = (paper.width - (cols - 1) * pitch) / 2
    y_top = (paper.height + (rows - 1) * pitch) / 2
    return [(x0 + c * pitch, y_top - r * pitch) for r in range(rows) for c in range(cols)]


def plan_sheets(
    card_count: int, *, paper: Paper, card_diameter: float, margin: float = 5.0
) -> SheetPlan:
    """Impose ``card_count`` round cards on as few sheets as the grid allows.

    Raises:
        DobbleError: when not even one card fits inside the printable area.
    """
    centres = _grid(paper, card_diameter, margin)
    if not centres:
        raise DobbleError(
            f"--card-size {card_diameter:g}mm does not fit on {paper.name} paper inside a "
            f"{margin:g} mm margin; choose a smaller card or larger paper"
        )
    per = len(centres)
    slots = tuple(CardSlot(i, i // per, centres[i % per]) for i in range(card_count))
    return SheetPlan(paper, card_diameter, per, math.ceil(card_count / per), slots)
