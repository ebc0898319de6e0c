"""The cover: how to print, a ruler and a square to check the scale, the deck's facts, and a legend
of every symbol with its name (the answer key). Geometry and words only, in mm on the page;
:mod:`dobble_print.printing.pdf.cover` draws what this computes.

A long legend continues on further cover pages, so that names stay readable for any deck size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from dobble_print.card import CardShape, ShapeKind
from dobble_print.language import Nn_, number, said, words
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
    lang: str = "en"  # the language the cover is printed in
    bundled: bool = False  # some pictures are the bundled library's: the cover credits it
    # what the cards show, as the rules and the box name it: "picture", "word", or "symbol"
    # (pictures and words, a vocabulary's faces)
    shows: str = "symbol"


def _cutting(plan: SheetPlan, lang: str) -> str:
    """How to cut, from the guides the sheets really have."""
    _ = words(lang).gettext
    kind = plan.card.kind.value
    if kind == "circle" and plan.cut_circle:
        return _("Cut along the grey circle; the short ticks mark its top, bottom and sides.")
    if kind == "hexagon":
        return _("Cut along the grey hexagons: neighbouring cards share an edge, one cut for two.")
    if kind == "square":
        return _("Cut along the grey lines from edge to edge: each straight cut serves two cards.")
    if kind == "rounded":
        return _("Cut straight along the edge guides, then round the corners along the grey arcs.")
    if any(slot.ticks for slot in plan.slots):  # a round card with ticks only: the punch presets
        return _("No line to cut along: centre the punch on each card by the ticks around it.")
    return _("No cut guides are printed: cut each card out around its pictures.")


def _instructions(plan: SheetPlan, first_card_page: int, notes=(), lang: str = "en") -> list[str]:
    _ = words(lang).gettext
    last = len(plan.pages)
    if first_card_page == last:
        pages = _("page {last}").format(last=last)
    else:
        pages = _("pages {first}–{last}").format(first=first_card_page, last=last)
    lines = [_("Print at 100 % (“Actual size”), never “Fit to page”: check the ruler below.")]
    if plan.duplex:
        if plan.duplex.value == "long":
            both = _(
                "Print {pages} two-sided, flip on long edge: each sheet of fronts has its backs."
            )
        else:
            both = _(
                "Print {pages} two-sided, flip on short edge: each sheet of fronts has its backs."
            )
        lines.append(both.format(pages=pages))
        # printed: the same words whichever shell made the deck, so the setting, not a flag
        lines.append(
            _("Backs off-centre? Measure how far and build again with that back offset (X,Y mm).")
        )
    else:
        lines.append(
            _("Print {pages} one-sided; this cover is for you, not for cutting.").format(
                pages=pages
            )
        )
    lines.append(_cutting(plan, lang))
    lines += notes
    lines.append(_("Thick paper (160–300 g/m²) or lamination makes cards that last."))
    return lines


# The cover's words for what the cards show, one and several, as the rules and the box say it.
_PER_CARD = {
    "picture": lambda n: Nn_("{count} picture per card", "{count} pictures per card", n),
    "word": lambda n: Nn_("{count} word per card", "{count} words per card", n),
    "symbol": lambda n: Nn_("{count} symbol per card", "{count} symbols per card", n),
}
_COUNTED = {
    "picture": lambda n: Nn_("{count} picture", "{count} pictures", n),
    "word": lambda n: Nn_("{count} word", "{count} words", n),
    "symbol": lambda n: Nn_("{count} symbol", "{count} symbols", n),
}
_KEY = {
    "picture": lambda n: Nn_("Answer key: {count} picture", "Answer key: all {count} pictures", n),
    "word": lambda n: Nn_("Answer key: {count} word", "Answer key: all {count} words", n),
    "symbol": lambda n: Nn_("Answer key: {count} symbol", "Answer key: all {count} symbols", n),
}


def _facts_line(facts: DeckFacts, plan: SheetPlan) -> str:
    """The deck's numbers in one line: cards, symbols, seed, the card and how many a sheet."""
    lang = facts.lang
    t = words(lang)
    return " · ".join(
        (
            t.ngettext("{count} card", "{count} cards", facts.cards).format(count=facts.cards),
            said(_PER_CARD[facts.shows](facts.symbols_per_card), lang),
            said(_COUNTED[facts.shows](facts.symbols), lang),
            t.gettext("seed {seed}").format(seed=facts.seed),
            _sheet_words(plan.card, plan.per_sheet, lang),
        )
    )


def _sheet_words(card: CardShape, per_sheet: int, lang: str) -> str:
    """``85 mm cards, 6 per sheet``: the card's size and shape, and how many a sheet holds."""
    _ = words(lang).gettext
    said = {
        ShapeKind.CIRCLE: _("{size} mm cards, {count} per sheet"),
        ShapeKind.HEXAGON: _("{size} mm hexagonal cards, {count} per sheet"),
        ShapeKind.SQUARE: _("{size} mm square cards, {count} per sheet"),
        ShapeKind.ROUNDED: _("{size} mm rounded-square cards, {count} per sheet"),
    }[card.kind]
    return said.format(size=number(card.size, lang), count=per_sheet)


def _scale_checks(
    left: float, top: float, width: float, lang: str = "en"
) -> tuple[list[Rule], list[Text], list]:
    """A 100 mm ruler with mm ticks and a 50 mm square beside it (below it on narrow paper)."""
    _ = words(lang).gettext
    rules, texts = [], []
    base = top - 12.0
    rules.append(Rule(Segment((left, base), (left + RULER_MM, base)), 0.5))
    for mm in range(int(RULER_MM) + 1):
        tall = 5.0 if mm % 10 == 0 else 3.5 if mm % 5 == 0 else 2.0
        rules.append(Rule(Segment((left + mm, base), (left + mm, base + tall)), 0.35))
        if mm % 10 == 0:
            texts.append(Text(left + mm, base + 6.5, str(mm // 10), 6, center=True))
    texts.append(Text(left, base - 5.0, _("100 mm ruler (cm marked)"), 8))
    if width >= RULER_MM + 10 + SQUARE_MM:
        sx, sy = left + width - SQUARE_MM, top - SQUARE_MM
    else:
        sx, sy = left, base - 10.0 - SQUARE_MM
    squares = [(sx, sy, SQUARE_MM)]
    texts.append(Text(sx + SQUARE_MM / 2, sy + SQUARE_MM / 2, _("50 × 50 mm"), 9, center=True))
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
    t = words(facts.lang)
    heading = facts.title or t.gettext("Your Spot it! card deck")
    texts = [Text(left, top, heading, 20, bold=True, max_width=width)]
    texts.append(Text(left, top - 9, _facts_line(facts, plan), 10, max_width=width))
    texts.append(Text(left, top - 20, t.gettext("How to print"), 13, bold=True))
    first_card_page = sum(1 for p in plan.pages if p.kind in ("cover", "rules", "box")) + 1
    lines = _instructions(plan, first_card_page, facts.notes, facts.lang)[:INSTRUCTION_LINES]
    for i, line in enumerate(lines, 1):
        texts.append(Text(left, top - 27 - 5.5 * (i - 1), f"{i}.  {line}", 9.5, max_width=width))
    rules, scale_texts, squares = _scale_checks(
        left, top - 27 - 5.5 * INSTRUCTION_LINES - 4, width, facts.lang
    )
    texts += scale_texts
    legend_top = _legend_top(paper, margin)
    key = said(_KEY[facts.shows](len(names)), facts.lang)
    texts.append(Text(left, legend_top, key, 13, bold=True))
    if facts.bundled:  # below the key, clear of its last row's names (≥ 2 mm above its cells)
        credit = t.gettext(
            "Pictures: Fluent Emoji by Microsoft (MIT licence); their names: Unicode CLDR."
        )
        texts.append(Text(left, margin + 1.2, credit, 6, max_width=width))
    pages = []
    for n, (start, count, cols, cell) in enumerate(_legend_pages(len(names), paper, margin)):
        if n == 0:
            cells = _legend_cells(names, start, count, left, legend_top - 4, cell, cols)
            pages.append(CoverPage(tuple(texts), tuple(rules), tuple(squares), tuple(cells)))
        else:
            more = t.gettext("Answer key, continued ({first}–{last})")
            head = Text(left, top, more.format(first=start + 1, last=start + count), 13, bold=True)
            cells = _legend_cells(names, start, count, left, top - 6, cell, cols)
            pages.append(CoverPage((head,), (), (), tuple(cells)))
    return tuple(pages)
