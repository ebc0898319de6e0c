"""The whole pipeline in one call: sources → symbols → deck → layout → sheets → PDF (+ report).

The CLI parses options into a :class:`BuildOptions` and calls :func:`build`; nothing here prints.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from dobble_print.card import CardLayout
from dobble_print.deck import (
    Deck,
    DeckOption,
    Team,
    assign_teams,
    best_partial_deck,
    build_deck,
    card_count,
    check_symbols_per_card,
    choose_option,
    cover_lines,
    deck_options,
    mix,
    next_option,
    shuffle_cards,
    supported_sizes,
    take_cards,
)
from dobble_print.errors import DobbleError, OptionError
from dobble_print.layout import (
    SmallSymbol,
    estimated_sizes,
    layout_deck,
    measuring,
    start_packers,
    too_small,
)
from dobble_print.options import BuildOptions, Variant
from dobble_print.output import check_writable, refuse_inputs, write_atomically
from dobble_print.printing import (
    PRINT_DPI,
    DeckFacts,
    SheetPlan,
    card_png_paths,
    cover_page_count,
    draw_card,
    draw_sheet,
    load_back,
    plan_cover,
    plan_sheets,
    render_pdf,
    save_png,
    shop_paths,
    write_card_pngs,
    write_shop,
)
from dobble_print.report import build_report
from dobble_print.symbols import (
    Ink,
    Symbol,
    SymbolCache,
    SymbolSet,
    faint_on_card,
    find_sources,
    load_symbols,
    measure_ink,
    refuse_unreadable,
)

# progress(stage, done, total): stage is "load", "layout" or "render".
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class BuildResult:
    """What was built, for the summary."""

    deck: Deck
    symbols: tuple[Symbol, ...]
    layouts: tuple[CardLayout, ...]
    plan: SheetPlan
    unused: tuple[str, ...]
    report: dict
    choice: str = ""
    # about the symbols: duplicates, bad files skipped, glyphs; and pictures too small to spot
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # files passed over, for --verbose
    teams: tuple[Team, ...] | None = None  # each card's Connect team, in deck order
    # the cards whose smallest picture prints under the recognisable size, each also a warning
    small: tuple[SmallSymbol, ...] = ()


def plan_deck(
    symbols_per_card: int | None,
    cards: int | None,
    pictures: int,
    *,
    where: str = "sources",
    noun: str = "pictures",
) -> tuple[Deck, str]:
    """The deck to print for ``pictures`` pictures, and one sentence saying why this one.

    Without N, the deck with the most cards is chosen (:func:`choice.choose_option`). With fewer
    pictures than N's full deck needs, the best partial deck is built: every card still has N
    symbols and any two share exactly one.

    Args:
        noun: what the sources hold, plural, for the sentences: ``pictures``, ``words`` or
            ``symbols`` (both).

    Raises:
        DobbleError: too few pictures for any deck (or for N), or ``cards`` out of range; the
            message starts with ``where`` (the source folder) when it is about the pictures.
    """
    some = _number(pictures, noun)  # "8 words", "1 picture"
    if symbols_per_card is None:
        try:
            option = choose_option(pictures, noun)
        except DobbleError as exc:
            raise DobbleError(f"{where}: {exc}") from None
        n = option.symbols_per_card
        other = next_option(pictures, option, noun)
        why = f"{some}: {option.describe(noun, most=other is not None)}"
        if other is not None:
            why += f"; {other}"
    else:
        check_symbols_per_card(symbols_per_card)
        n = symbols_per_card
        why = f"{some}, -n {n}: the full {card_count(n)}-card deck"
    if card_count(n) <= pictures:
        deck = build_deck(n)
    elif pictures >= n:
        deck = best_partial_deck(n, pictures)
    else:  # not even one card
        deck = Deck(order=n - 1, cards=(), symbol_count=0)
    if len(deck.cards) < 3:
        fitting = [s for s in supported_sizes() if card_count(s) <= pictures]
        hint = f" or use -n {fitting[-1]}" if fitting else ""
        made = len(deck.cards)
        raise DobbleError(
            f"{where}: -n {n} needs more {noun}: {some} give "
            f"{f'only {made} card' + ('s' if made != 1 else '') if made else 'no card'}; "
            f"add {_number(card_count(n) - pictures, noun)}{hint}"
        )
    if len(deck.cards) < card_count(n) and symbols_per_card is not None:
        why = (
            f"{some}, -n {n}: {len(deck.cards)} of {card_count(n)} cards "
            f"({_more(card_count(n) - pictures, noun)} the full deck)"
        )
    if cards is not None:
        if not 1 <= cards <= len(deck.cards) and len(deck.cards) < card_count(n):
            more = (
                f"; {_more(card_count(n) - pictures, noun)} all {card_count(n)}"
                if cards <= card_count(n)
                else ""
            )
            raise OptionError(
                "cards",
                f"{cards} is out of range: {some} give 1 to "
                f"{len(deck.cards)} cards of {n} symbols{more}",
            )
        deck = take_cards(deck, cards)
    return deck, why


def _number(count: int, noun: str) -> str:
    """``8 words``, ``1 picture``: ``noun`` is plural."""
    return f"{count} {noun if count != 1 else noun[:-1]}"


def _more(count: int, noun: str) -> str:
    """``3 more pictures give``, ``1 more picture gives``."""
    return f"{count} more {noun} give" if count != 1 else f"1 more {noun[:-1]} gives"


@dataclass(frozen=True)
class DeckPlan:
    """What :func:`build` would make from the options' sources, found without laying anything out.

    Attributes:
        deck: the deck build makes (cards as symbol indices, before mixing and shuffling).
        why: the sentence build prints about its choice.
        found: the sources found (pictures and words).
        usable: the symbols left after the loading checks (duplicates, and broken files skipped
            with ``skip_bad``): what the decks below are counted from.
        choices: every deck that many symbols can make, fewest symbols per card first.
        warnings: what loading found (duplicates, bad files skipped, missing glyphs).
    """

    deck: Deck
    why: str
    found: int
    usable: int
    choices: tuple[DeckOption, ...]
    warnings: tuple[str, ...] = ()


def plan(
    options: BuildOptions, progress: Progress | None = None, *, cache: SymbolCache | None = None
) -> DeckPlan:
    """The deck :func:`build` would make with ``options``, after the same loading checks.

    Every source is decoded (at the size build would use), so duplicates and broken files are
    counted as build counts them; build itself stops decoding once its deck has its symbols.

    Raises:
        DobbleError: as :func:`build` would, about the sources or the deck's size.
    """
    found = find_sources(options.sources)
    refuse_unreadable(found, skip_bad=options.symbol_options.skip_bad)
    where = ", ".join(map(str, options.sources))
    first, why = _plan(options, len(found.items), where, found.noun)
    loaded = (cache.load if cache else load_symbols)(
        found,
        need=None,
        max_px=symbol_pixels(options.card.size, options.symbol_margin, first.symbols_per_card),
        options=options.symbol_options,
        progress=_stage(progress, "load"),
    )
    usable = len(loaded.symbols)
    deck, why = (
        (first, why) if usable >= first.symbol_count else _plan(options, usable, where, found.noun)
    )
    choices = deck_options(usable, larger=2) if usable >= 3 else ()
    return DeckPlan(deck, why, len(found.items), usable, choices, loaded.warnings)


# The options that change which cards there are and how they are laid out: the seed a user did
# not choose is drawn from these and the sources, so the same pictures give the same deck on any
# paper, with or without backs, in build and in preview alike. (Reshuffled cards keep the seed.)
_LAYOUT_FIELDS = (
    "symbols_per_card",
    "cards",
    "card",
    "variant",
    "safe_margin",
    "clearance",
    "max_rotation",
    "symbol_options",
)
SEEDS = 1_000_000  # a seed a person can read back and type


def default_seed(options: BuildOptions) -> int:
    """The seed for a build given none: drawn from what the sources hold (every file's name and
    bytes, every word) and the options that shape the deck, so build and preview of the same
    pictures agree without ``--seed``, and a changed picture gives another deck.

    Raises:
        DobbleError: about the sources, as :func:`build` would.
    """
    digest = hashlib.blake2b(digest_size=8)
    for source in find_sources(options.sources).items:
        if source.word:
            digest.update(b"word:" + source.word.encode())
            continue
        digest.update(b"file:" + source.path.name.encode())
        try:
            digest.update(hashlib.blake2b(source.path.read_bytes(), digest_size=16).digest())
        except OSError:
            digest.update(b"unreadable")  # the build will say so
    shaping = tuple((name, getattr(options, name)) for name in _LAYOUT_FIELDS)
    digest.update(repr(shaping).encode())
    return int.from_bytes(digest.digest(), "big") % SEEDS


def symbol_pixels(card_diameter: float, safe_margin: float, symbols_per_card: int) -> int:
    """Longest side to load pictures at: 300 dpi at the largest size a symbol can take."""
    usable = card_diameter - 2 * safe_margin
    largest_mm = usable * min(1.0, 1.7 / symbols_per_card**0.5)
    return max(64, min(2400, round(largest_mm / 25.4 * PRINT_DPI)))


def _stage(progress: Progress | None, stage: str) -> Callable[[int, int], None] | None:
    return (lambda done, total: progress(stage, done, total)) if progress else None


def prepare(
    options: BuildOptions,
    progress: Progress | None = None,
    only: Callable[[SheetPlan], Collection[int]] | None = None,
    *,
    cache: SymbolCache | None = None,
) -> BuildResult:
    """Everything up to the sheets, computed and nothing written (``report`` is left empty).

    ``build`` writes what this computes; ``preview`` draws one card or one sheet of it.

    Args:
        options: the build's options.
        progress: called as ``progress(stage, done, total)``.
        only: picks the cards (0-based) to lay out once the sheets are planned; the others get
            empty layouts. A preview of one card then lays out one card, not the whole deck.
        cache: symbols decoded by earlier builds, kept for the next (the app's sessions).

    Raises:
        DobbleError: about the sources, the deck's size or an option's value.
    """
    deck, why, loaded, ink = _load(options, progress, packers=only is None, cache=cache)
    for number in options.reshuffle:
        if not 1 <= number <= len(deck.cards):
            raise OptionError(
                "reshuffle", f"{number} is out of range: this deck has cards 1 to {len(deck.cards)}"
            )
    symbols = loaded.symbols
    plan = plan_sheets(
        len(deck.cards),
        paper=options.paper,
        card=options.card,
        margin=options.margin,
        bleed=options.bleed,
        cut_circle="circle" in options.cut_guides,
        ticks="ticks" in options.cut_guides,
        duplex=options.duplex if options.backs else None,
        back_offset=options.back_offset,
        cover_pages=(
            cover_page_count(len(symbols), options.paper, options.margin) if options.cover else 0
        ),
    )
    todo = range(len(deck.cards)) if only is None else sorted(set(only(plan)))
    reshuffles = Counter(number - 1 for number in options.reshuffle)
    # A card's layout depends only on the deck, the symbols, these options and its own index
    # (and how often it was reshuffled), so a cache keeps it for the next build that asks.
    shaped_by = (
        deck.cards,
        options.card,
        options.symbol_margin,
        options.clearance,
        options.max_rotation,
        options.seed,
    )
    kept = cache.kept_layouts(loaded, shaped_by) if cache else {}
    missing = [i for i in todo if (i, reshuffles[i]) not in kept]
    if missing:
        laid = layout_deck(
            deck,
            symbols,
            card=options.card,
            safe_margin=options.symbol_margin,
            clearance=options.clearance,
            max_rotation=options.max_rotation,
            seed=options.seed,
            progress=_stage(progress, "layout"),
            only=None if len(missing) == len(deck.cards) else missing,
            ink=ink,
            reshuffles=reshuffles,
        )
        kept.update({(i, reshuffles[i]): layout for i, layout in zip(missing, laid, strict=True)})
    layouts = tuple(kept.get((i, reshuffles[i]), CardLayout(())) for i in range(len(deck.cards)))
    teams = assign_teams(len(deck.cards)) if options.variant is Variant.CONNECT else None
    return BuildResult(
        deck,
        symbols,
        layouts,
        plan,
        loaded.unused,
        {},
        choice=why,
        warnings=loaded.warnings + _faint(loaded, options.card_color, cache),
        notes=loaded.notes,
        teams=teams,
    )


def _faint(
    loaded: SymbolSet, card_color: tuple[float, float, float], cache: SymbolCache | None
) -> tuple[str, ...]:
    """The warnings about pictures nearly the card's colour (kept in ``cache`` when given)."""

    def find() -> tuple[str, ...]:
        return tuple(faint_on_card(loaded.symbols, card_color))

    return cache.derived(loaded, ("faint", card_color), find) if cache else find()


def _plan(options: BuildOptions, count: int, where: str, noun: str) -> tuple[Deck, str]:
    """:func:`plan_deck`, with the Connect variant's own reason when there are too few pictures
    for its cards: its preset sets ``--cards 90``, which the user never typed, and 90 cards of a
    plane still hold every one of its pictures."""
    n = options.symbols_per_card
    if options.variant is Variant.CONNECT and n is not None and count < card_count(n):
        cards = options.cards or card_count(n)
        if cards >= card_count(n) - 1:
            raise DobbleError(
                f"{where}: the Connect variant needs {card_count(n)} {noun} for its {cards} "
                f"cards of {n} symbols and there are {count}; add {card_count(n) - count} {noun}"
            )
    return plan_deck(n, options.cards, count, where=where, noun=noun)


def _load(
    options: BuildOptions,
    progress: Progress | None,
    *,
    packers: bool = False,
    cache: SymbolCache | None = None,
) -> tuple[Deck, str, SymbolSet, Ink]:
    """Plan the deck on the sources found, then load just the symbols it needs; the deck comes
    back mixed (:func:`mixing.mix`) and shuffled, with how much of each symbol prints.

    With ``packers``, the packing workers start getting ready once the deck's size is known, while
    the pictures load (:func:`layout.start_packers`).

    Duplicates and skipped bad files can leave fewer symbols than planned: the deck is then
    planned again on what did load, and loaded again at that deck's symbol size (a rare path).
    """
    found = find_sources(options.sources)
    refuse_unreadable(found, skip_bad=options.symbol_options.skip_bad)
    where = ", ".join(map(str, options.sources))
    count = len(found.items)
    for _attempt in range(2):
        deck, why = _plan(options, count, where, found.noun)
        if packers:
            start_packers(len(deck.cards))
        px = symbol_pixels(options.card.size, options.symbol_margin, deck.symbols_per_card)
        loaded = (cache.load if cache else load_symbols)(
            found,
            need=deck.symbol_count,
            max_px=px,
            options=options.symbol_options,
            progress=_stage(progress, "load"),
        )
        if len(loaded.symbols) >= deck.symbol_count:
            break
        count = len(loaded.symbols)
    used = loaded.symbols[: deck.symbol_count]
    ink = (
        cache.derived(loaded, ("ink", len(used)), lambda: measure_ink([s.rgba for s in used]))
        if cache
        else measure_ink([s.rgba for s in used])
    )
    return shuffle_cards(mix(deck, ink.shares, options.seed), options.seed), why, loaded, ink


def build(
    options: BuildOptions,
    progress: Progress | None = None,
    *,
    cache: SymbolCache | None = None,
    measure: bool = True,
) -> BuildResult:
    """Build the deck PDF (and report) described by ``options``; write both atomically.

    ``progress(stage, done, total)`` is called as the stages go (load, layout, render, png, shop);
    ``cache`` keeps decoded symbols and laid-out cards for the next build from the same sources;
    without ``measure`` the cards are not measured (the report then has no metrics), which a
    shell that shows no figures (the app) need not wait for.
    """
    inputs = [*find_sources(options.sources).files, options.symbol_options.font, options.backs]
    inputs = [p for p in inputs if p is not None]
    refuse_inputs(
        {"output": [options.output], "report": [options.report] if options.report else []}, inputs
    )
    for path in (options.output, options.report):
        if path is not None:
            check_writable(path)  # a bad output path fails now, not after minutes of layout
    prepared = prepare(options, progress, cache=cache)
    if options.png_dir is not None:
        refuse_inputs({"png_dir": card_png_paths(options.png_dir, len(prepared.layouts))}, inputs)
    if options.shop is not None:
        refuse_inputs(
            {
                "shop": shop_paths(
                    options.shop, len(prepared.layouts), backs=options.backs is not None
                )
            },
            inputs,
        )
    symbols, layouts, plan = prepared.symbols, prepared.layouts, prepared.plan
    disc = 2 * (max(options.card.half_extent) + plan.back_bleed)
    back = load_back(options.backs, diameter=disc) if options.backs else None
    facts = DeckFacts(
        prepared.deck.symbols_per_card,
        len(prepared.deck.cards),
        len(symbols),
        options.seed,
        notes=cover_lines(prepared.teams) if prepared.teams else (),
    )
    cover = plan_cover([s.name for s in symbols], facts, plan) if options.cover else ()

    def write(tmp: Path) -> None:
        render_pdf(
            tmp,
            symbols=symbols,
            layouts=layouts,
            plan=plan,
            cover=cover,
            back=back,
            card_color=options.card_color,
            progress=_stage(progress, "render"),
            teams=prepared.teams,
        )

    metrics = None
    if measure:  # the cards are measured while the PDF is written
        with measuring(layouts, symbols, shape=options.card) as measured:
            write_atomically(options.output, write)
            metrics = measured()
    else:
        write_atomically(options.output, write)
    # pictures too small to spot, as printed (or as placed, when the cards were not measured)
    small = too_small(
        [m.sizes for m in metrics.cards] if metrics else estimated_sizes(layouts, symbols),
        layouts,
        symbols,
        card=options.card,
        safe_margin=options.symbol_margin,
    )
    report = build_report(
        seed=options.seed,
        symbols_per_card=prepared.deck.symbols_per_card,
        symbols=symbols,
        layouts=layouts,
        plan=plan,
        metrics=metrics,
        teams=prepared.teams,
    )
    if options.report is not None:
        text = json.dumps(report, indent=1, ensure_ascii=False) + "\n"
        write_atomically(options.report, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    if options.png_dir is not None:
        write_card_pngs(
            options.png_dir,
            layouts,
            symbols,
            shape=options.card,
            progress=_stage(progress, "png"),
            teams=prepared.teams,
            card_color=options.card_color,
        )
    if options.shop is not None:
        write_shop(
            options.shop,
            symbols=symbols,
            layouts=layouts,
            shape=options.card,
            card_color=options.card_color,
            back=options.backs,
            teams=prepared.teams,
            progress=_stage(progress, "shop"),
        )
    warnings = prepared.warnings + tuple(map(str, small))
    return dataclasses.replace(prepared, report=report, warnings=warnings, small=small)


def draw_preview(
    options: BuildOptions,
    *,
    card: int | None = 1,
    sheet: int | None = None,
    dpi: int = 150,
    cache: SymbolCache | None = None,
) -> None:
    """Draw one card (1-based ``card``) or one whole front ``sheet`` as a PNG at ``options.output``.

    Only the cards drawn are laid out; each is the card the full build prints with the same
    options and seed.

    Raises:
        DobbleError: ``card``, ``sheet`` or ``dpi`` out of range, or the output would overwrite a
            source.
    """
    refuse_inputs({"output": [options.output]}, find_sources(options.sources).files)
    if not 30 <= dpi <= 1200:
        raise OptionError("dpi", f"{dpi} is out of range; use 30 to 1200")

    def wanted(plan: SheetPlan) -> list[int]:  # only what is drawn; the range errors come next
        if sheet is not None:
            return [slot.card for slot in plan.slots if slot.sheet == sheet - 1]
        return [card - 1] if 1 <= card <= len(plan.slots) else []

    prepared = prepare(options, only=wanted, cache=cache)
    if sheet is not None:
        sheets = prepared.plan.sheet_count
        if not 1 <= sheet <= sheets:
            raise OptionError(
                "sheet", f"{sheet} is out of range: this deck has sheets 1 to {sheets}"
            )
        image = draw_sheet(
            prepared.plan,
            prepared.layouts,
            prepared.symbols,
            sheet - 1,
            dpi=dpi,
            card_color=options.card_color,
            teams=prepared.teams,
        )
    else:
        count = len(prepared.layouts)
        if not 1 <= card <= count:
            raise OptionError(
                "preview_card", f"{card} is out of range: this deck has cards 1 to {count}"
            )
        image = draw_card(
            prepared.layouts[card - 1],
            prepared.symbols,
            shape=options.card,
            dpi=dpi,
            card_color=options.card_color,
            team=prepared.teams[card - 1] if prepared.teams else None,
        )
    save_png(image, options.output, dpi=dpi)
