"""The whole pipeline in one call: sources → symbols → deck → layout → sheets → PDF (+ report).

The CLI parses options into a :class:`BuildOptions` and calls :func:`build`; nothing here prints.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dobble_print.choice import best_partial_deck, choose_option, deck_options
from dobble_print.deck import (
    Deck,
    build_deck,
    card_count,
    check_symbols_per_card,
    supported_sizes,
    take_cards,
)
from dobble_print.errors import DobbleError
from dobble_print.layout import CardLayout, layout_deck
from dobble_print.output import write_atomically
from dobble_print.render import render_pdf
from dobble_print.report import build_report
from dobble_print.sheet import SheetPlan, plan_sheets
from dobble_print.symbols import Symbol, find_images, load_symbols
from dobble_print.units import PAPERS, Paper

PRINT_DPI = 300

# progress(stage, done, total): stage is "load", "layout" or "render".
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class BuildOptions:
    """Everything a build needs, already parsed and in mm."""

    source: Path
    output: Path
    seed: int
    symbols_per_card: int | None = None
    cards: int | None = None
    paper: Paper = PAPERS["a4"]
    card_diameter: float = 85.0
    margin: float = 5.0
    safe_margin: float = 3.0
    report: Path | None = None


@dataclass(frozen=True)
class BuildResult:
    """What was built, for the summary."""

    deck: Deck
    symbols: tuple[Symbol, ...]
    layouts: tuple[CardLayout, ...]
    plan: SheetPlan
    unused: tuple[Path, ...]
    report: dict
    choice: str = ""


def plan_deck(
    symbols_per_card: int | None, cards: int | None, pictures: int, *, where: str = "sources"
) -> tuple[Deck, str]:
    """The deck to print for ``pictures`` pictures, and one sentence saying why this one.

    Without N, the deck with the most cards is chosen (:func:`choice.choose_option`). With fewer
    pictures than N's full deck needs, the best partial deck is built: every card still has N
    symbols and any two share exactly one.

    Raises:
        DobbleError: too few pictures for any deck (or for N), or ``cards`` out of range; the
            message starts with ``where`` (the source folder) when it is about the pictures.
    """
    if symbols_per_card is None:
        try:
            option = choose_option(pictures)
        except DobbleError as exc:
            raise DobbleError(f"{where}: {exc}") from None
        n = option.symbols_per_card
        why = f"{pictures} pictures: {option.describe()}"
        alternatives = [o for o in deck_options(pictures) if o.symbols_per_card != n][-1:]
        if alternatives and alternatives[0].cards <= option.cards:
            why += f" (the most cards); {alternatives[0].describe()}"
    else:
        check_symbols_per_card(symbols_per_card)
        n = symbols_per_card
        why = f"{pictures} pictures, -n {n}: the full {card_count(n)}-card deck"
    deck = best_partial_deck(n, pictures) if card_count(n) > pictures else build_deck(n)
    if len(deck.cards) < 3:
        fitting = [s for s in supported_sizes() if card_count(s) <= pictures]
        hint = f" or use -n {fitting[-1]}" if fitting else ""
        raise DobbleError(
            f"{where}: -n {n} needs more pictures: {pictures} pictures give only "
            f"{len(deck.cards)} card"
            f"{'s' if len(deck.cards) != 1 else ''}; add {card_count(n) - pictures} pictures{hint}"
        )
    if len(deck.cards) < card_count(n) and symbols_per_card is not None:
        why = f"{pictures} pictures, -n {n}: {len(deck.cards)} of {card_count(n)} cards ({card_count(n) - pictures} more "
        why += "pictures give the full deck)"
    if cards is not None:
        if not 1 <= cards <= len(deck.cards) and len(deck.cards) < card_count(n):
            raise DobbleError(
                f"--cards {cards} is out of range: {pictures} pictures give 1 to "
                f"{len(deck.cards)} cards of {n} symbols"
            )
        deck = take_cards(deck, cards)
    return deck, why


def symbol_pixels(card_diameter: float, safe_margin: float, symbols_per_card: int) -> int:
    """Longest side to load pictures at: 300 dpi at the largest size a symbol can take."""
    usable = card_diameter - 2 * safe_margin
    largest_mm = usable * min(1.0, 1.7 / symbols_per_card**0.5)
    return max(64, min(2400, round(largest_mm / 25.4 * PRINT_DPI)))


def build(options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    """Build the deck PDF (and report) described by ``options``; write both atomically."""
    files = find_images(options.source)
    deck, why = plan_deck(
        options.symbols_per_card, options.cards, len(files), where=str(options.source)
    )
    used, unused = files[: deck.symbol_count], files[deck.symbol_count :]
    px = symbol_pixels(options.card_diameter, options.safe_margin, deck.symbols_per_card)
    symbols = load_symbols(
        used, max_px=px, progress=(lambda d, t: progress("load", d, t)) if progress else None
    )
    layouts = layout_deck(
        deck,
        symbols,
        card_diameter=options.card_diameter,
        safe_margin=options.safe_margin,
        seed=options.seed,
        progress=(lambda d, t: progress("layout", d, t)) if progress else None,
    )
    plan = plan_sheets(
        len(deck.cards),
        paper=options.paper,
        card_diameter=options.card_diameter,
        margin=options.margin,
    )
    if options.output.resolve() in {f.resolve() for f in files}:
        raise DobbleError(f"-o {options.output}: that is one of the input pictures; choose a new file")
    write_atomically(
        options.output,
        lambda tmp: render_pdf(
            tmp,
            symbols=symbols,
            layouts=layouts,
            plan=plan,
            progress=(lambda d, t: progress("render", d, t)) if progress else None,
        ),
    )
    report = build_report(
        seed=options.seed,
        symbols_per_card=deck.symbols_per_card,
        symbols=symbols,
        layouts=layouts,
        plan=plan,
    )
    if options.report is not None:
        text = json.dumps(report, indent=1, ensure_ascii=False) + "\n"
        write_atomically(options.report, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return BuildResult(deck, symbols, layouts, plan, tuple(unused), report, choice=why)
