"""The cover: how to print, a ruler and a square to check the scale, the deck's facts, and a legend
of every symbol with its name (the answer key). Geometry and words only, in mm on the page;
:mod:`dobble_print.printing.pdf.cover` draws what this computes.

A long legend continues on further cover pages, so that names stay readable for any deck size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from dobble_print.printing.page import CoverPage, LegendCell, Rule, Text
from dobble_print.printing.paper import Paper
from dobble_print.printing.sheet import Segment, SheetPlan

RULER_MM = 100.0
SQUARE_MM = 50.0
CELL_MIN = 16.0  # mm: the narrowest legend cell whose name is still readable at ~5 pt
CELL_MAX = 28.0
CELL_RATIO = 0.85  # cell height / width: the picture above, its name below


@dataclass(frozen=True)
class DeckFacts:
    """What the cover says about the deck."""

    symbols_per_card: int
    cards: int
    symbols: int
    seed: int
    notes: tuple[str, ...] = ()  # lines about the variant (Connect's teams), before the tips
    title: str | None = None  # the deck's own title (--title), heading the cover when given


_CUT = {
    "circle": "Cut along the grey circle; the short ticks mark its top, bottom and sides.",
    "hexagon": "Cut along the grey hexagons: neighbouring cards share an edge, one cut for two.",
    "square": "Cut along the grey lines from edge to edge: each straight cut serves two cards.",
    "rounded": "Cut straight along the edge guides, then round the corners along the grey arcs.",
}


# A round card with ticks and no circle (the punch presets): no line to cut along.
_PUNCH = "No line to cut along: centre the punch on each card by the ticks around it."
_NO_GUIDES = "No cut guides are printed: cut each card out around its pictures."


def _cutting(plan: SheetPlan) -> str:
    """How to cut, from the guides the sheets really have."""
    if plan.cut_circle or plan.card.kind.value != "circle":
        return _CUT[plan.card.kind.value]
    return _PUNCH if any(slot.ticks for slot in plan.slots) else _NO_GUIDES


def _instructions(plan: SheetPlan, first_card_page: int, notes=()) -> list[str]:
    last = len(plan.pages)
    pages = f"page {last}" if first_card_page == last else f"pages {first_card_page}–{last}"
    lines = ["Print at 100 % (“Actual size”), never “Fit to page”: check the ruler below."]
    if plan.duplex:
        edge = "long" if plan.duplex.value == "long" else "short"
        lines.append(
            f"Print {pages} two-sided, flip on {edge} edge: each sheet of fronts has its backs."
        )
        # printed: the same words whichever shell made the deck, so the setting, not a flag
        lines.append(
            "Backs off-centre? Measure how far and build again with that back offset (X,Y mm)."
        )
    else:
        lines.append(f"Print {pages} one-sided; this cover is for you, not for cutting.")
    lines.append(_cutting(plan))
    lines += notes
    lines.append("Thick paper (160–300 g/m²) or lamination makes cards that last.")
    return lines


def _scale_checks(left: float, top: float, width: float) -> tuple[list[Rule], list[Text], list]:
    """A 100 mm ruler with mm ticks and a 50 mm square beside it (below it on narrow paper)."""
    rules, texts = [], []
    base = top - 12.0
    rules.append(Rule(Segment((left, base), (left + RULER_MM, base)), 0.5))
    for mm in range(int(RULER_MM) + 1):
        tall = 5.0 if mm % 10 == 0 else 3.5 if mm % 5 == 0 else 2.0
        rules.append(Rule(Segment((left + mm, base), (left + mm, base + tall)), 0.35))
        if mm % 10 == 0:
            texts.append(Text(left + mm, base + 6.5, str(mm // 10), 6, center=True))
    texts.append(Text(left, base - 5.0, "100 mm ruler (cm marked)", 8))
    if width >= RULER_MM + 10 + SQUARE_MM:
        sx, sy = left + width - SQUARE_MM, top - SQUARE_MM
    else:
        sx, sy = left, base - 10.0 - SQUARE_MM
    squares = [(sx, sy, SQUARE_MM)]
    texts.append(Text(sx + SQUARE_MM / 2, sy + SQUARE_MM / 2, "50 × 50 mm", 9, center=True))
    return rules, texts, squares


def _legend_grid(count: int, width: float, height: float) -> tuple[float, int, int]:
    """Cell width, columns and rows: the largest cells that fit all on the first page, or the
    smallest readable ones (and more pages) when they cannot."""
    for tenth in range(int(CELL_MAX * 10), int(CELL_MIN * 10) - 1, -5):
        cell = tenth / 10
        cols = max(1, math.floor(width / cell))
        rows = math.floor(height / (cell * CELL_RATIO))
        if rows * cols >= count:
            return cell, cols, rows
    cols = max(1, math.floor(width / CELL_MIN))
    return CELL_MIN, cols, max(1, math.floor(height / (CELL_MIN * CELL_RATIO)))


def _legend_cells(names, start, count, left, top, cell, cols) -> list[LegendCell]:
    cells = []
    height = cell * CELL_RATIO
    for k in range(count):
        r, c = divmod(k, cols)
        cx = left + (c + 0.5) * cell
        y_top = top - r * height
        box = height * 0.62
        name = Text(cx, y_top - box - 3.2, names[start + k], 6, center=True, max_width=cell - 1.5)
        cells.append(LegendCell(start + k, (cx, y_top - 0.5 - box / 2), box, name))
    return cells


INSTRUCTION_LINES = 5  # room kept for them whatever they say, so page counts need no words


def _frame(paper: Paper, margin: float) -> tuple[float, float, float]:
    """Left edge, width and top baseline of the cover's content, mm."""
    return margin + 5.0, paper.width - 2 * margin - 10.0, paper.height - margin - 8.0


def _legend_top(paper: Paper, margin: float) -> float:
    """Where the legend heading sits on the first page: below the text and the scale checks."""
    left, width, top = _frame(paper, margin)
    _, _, squares = _scale_checks(left, top - 27 - 5.5 * INSTRUCTION_LINES - 4, width)
    return min(sq[1] for sq in squares) - 12


def _legend_pages(count: int, paper: Paper, margin: float) -> list[tuple[int, int, int, float]]:
    """(first symbol, how many, columns, cell width) for each page of the legend."""
    left, width, top = _frame(paper, margin)
    bottom = margin + 3.0
    legend_top = _legend_top(paper, margin) - 4
    cell, cols, rows = _legend_grid(count, width, legend_top - bottom)
    pages = [(0, min(count, cols * rows), cols, cell)]
    more_rows = max(1, math.floor((top - 6 - bottom) / (cell * CELL_RATIO)))
    done = pages[0][1]
    while done < count:
        pages.append((done, min(count - done, cols * more_rows), cols, cell))
        done += pages[-1][1]
    return pages


def cover_page_count(symbol_count: int, paper: Paper, margin: float) -> int:
    """How many cover pages a deck of ``symbol_count`` symbols needs (the legend may continue)."""
    return len(_legend_pages(symbol_count, paper, margin))


def plan_cover(names: Sequence[str], facts: DeckFacts, plan: SheetPlan) -> tuple[CoverPage, ...]:
    """The cover page(s) for a deck whose symbols are called ``names``, on ``plan``'s paper.

    ``plan`` must have been made with ``cover_pages=cover_page_count(...)`` for the same deck.
    """
    paper, margin = plan.paper, plan.margin
    left, width, top = _frame(paper, margin)
    heading = facts.title or "Your Spot it! card deck"
    texts = [Text(left, top, heading, 20, bold=True, max_width=width)]
    texts.append(
        Text(
            left,
            top - 9,
            f"{facts.cards} cards · {facts.symbols_per_card} symbols per card · "
            f"{facts.symbols} symbols · seed {facts.seed} · "
            f"{plan.card.describe()} cards, "
            f"{plan.per_sheet} per sheet",
            10,
            max_width=width,
        )
    )
    texts.append(Text(left, top - 20, "How to print", 13, bold=True))
    first_card_page = sum(1 for p in plan.pages if p.kind in ("cover", "rules", "box")) + 1
    lines = _instructions(plan, first_card_page, facts.notes)[:INSTRUCTION_LINES]
    for i, line in enumerate(lines, 1):
        texts.append(Text(left, top - 27 - 5.5 * (i - 1), f"{i}.  {line}", 9.5, max_width=width))
    rules, scale_texts, squares = _scale_checks(left, top - 27 - 5.5 * INSTRUCTION_LINES - 4, width)
    texts += scale_texts
    legend_top = _legend_top(paper, margin)
    texts.append(Text(left, legend_top, f"Answer key: all {len(names)} symbols", 13, bold=True))
    pages = []
    for n, (start, count, cols, cell) in enumerate(_legend_pages(len(names), paper, margin)):
        if n == 0:
            cells = _legend_cells(names, start, count, left, legend_top - 4, cell, cols)
            pages.append(CoverPage(tuple(texts), tuple(rules), tuple(squares), tuple(cells)))
        else:
            head = Text(
                left, top, f"Answer key, continued ({start + 1}–{start + count})", 13, bold=True
            )
            cells = _legend_cells(names, start, count, left, top - 6, cell, cols)
            pages.append(CoverPage((head,), (), (), tuple(cells)))
    return tuple(pages)
