"""The whole pipeline in one call: sources → symbols → deck → layout → sheets → PDF (+ report).

The CLI parses options into a :class:`BuildOptions` and calls :func:`build`; nothing here prints.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dobble_print.deck import Deck, build_deck, card_count, supported_sizes, take_cards
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


def choose_symbols_per_card(picture_count: int, source: Path) -> int:
    """The largest N whose full deck needs no more pictures than there are.

    Raises:
        DobbleError: with fewer than 3 pictures, the smallest deck's need.
    """
    fitting = [n for n in supported_sizes() if card_count(n) <= picture_count]
    if not fitting:
        raise DobbleError(
            f"{source}: found {picture_count} picture{'s' if picture_count != 1 else ''}; "
            "a deck needs at least 3 (3 cards of 2 symbols); add pictures"
        )
    return fitting[-1]


def plan_deck(options: BuildOptions, picture_count: int) -> Deck:
    """The deck to print: N chosen or checked against the pictures, cut to ``--cards``."""
    n = options.symbols_per_card or choose_symbols_per_card(picture_count, options.source)
    deck = build_deck(n)
    if options.cards is not None:
        deck = take_cards(deck, options.cards)
    if deck.symbol_count > picture_count:
        smaller = [s for s in supported_sizes() if card_count(s) <= picture_count]
        hint = f" or use -n {smaller[-1]}" if smaller else ""
        raise DobbleError(
            f"-n {n} with {len(deck.cards)} cards needs {deck.symbol_count} pictures but "
            f"{options.source} has {picture_count}; add {deck.symbol_count - picture_count} "
            f"pictures{hint}"
        )
    return deck


def symbol_pixels(card_diameter: float, safe_margin: float, symbols_per_card: int) -> int:
    """Longest side to load pictures at: 300 dpi at the largest size a symbol can take."""
    usable = card_diameter - 2 * safe_margin
    largest_mm = usable * min(1.0, 1.7 / symbols_per_card**0.5)
    return max(64, min(2400, round(largest_mm / 25.4 * PRINT_DPI)))


def build(options: BuildOptions, progress: Progress | None = None) -> BuildResult:
    """Build the deck PDF (and report) described by ``options``; write both atomically."""
    files = find_images(options.source)
    deck = plan_deck(options, len(files))
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
    return BuildResult(deck, symbols, layouts, plan, tuple(unused), report)
