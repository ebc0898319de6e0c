"""The whole pipeline in one call: sources → symbols → deck → layout → sheets → PDF (+ report).

The CLI parses options into a :class:`BuildOptions` and calls :func:`build`; nothing here prints.
What the sources make is worked out first by :mod:`planning` (``plan``, ``default_seed`` and the
others are re-exported here, the public API's home).
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from dobble_print.card import CardLayout
from dobble_print.deck import (
    Deck,
    Team,
    assign_teams,
    mix,
    shuffle_cards,
)
from dobble_print.errors import Interrupted, OptionError
from dobble_print.front_matter import page_counts, plan_front_matter, shows
from dobble_print.layout import (
    SmallSymbol,
    estimated_sizes,
    layout_deck,
    measuring,
    start_packers,
    too_small,
)
from dobble_print.matching import (
    Matching,
    faces_report,
    load_matching,
    plan_matching,
    refuse_faces,
)
from dobble_print.options import BuildOptions, Variant, check_budget
from dobble_print.output import refuse_inputs, refuse_special
from dobble_print.planning import (
    DeckPlan,
    Progress,
    choose_deck,
    crowded,
    default_seed,
    plan_deck,
    symbol_pixels,
    symbols_to_load,
)
from dobble_print.planning import plan as plan_sources
from dobble_print.printing import (
    SheetPlan,
    draw_card,
    draw_sheet,
    load_back,
    plan_sheets,
    render_pdf,
    save_png,
    write_card_pngs,
    write_shop,
)
from dobble_print.report import build_report, small_words
from dobble_print.shops import check_fits_shop, load_shop_profile
from dobble_print.staging import Staging
from dobble_print.symbols import (
    Ink,
    Symbol,
    SymbolCache,
    SymbolSet,
    faint_on_card,
    find_sources,
    load_symbols,
    measure_ink,
    refuse_too_few,
    refuse_unreadable,
    small_labels,
    with_labels,
)
from dobble_print.writing import check_outputs, refuse_overwrites

__all__ = [
    "BuildResult",
    "DeckPlan",
    "Progress",
    "build",
    "default_seed",
    "draw_preview",
    "plan",
    "plan_deck",
    "prepare",
    "symbol_pixels",
]


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
    matching: Matching | None = None  # a vocabulary file's deck: which face symbol is which row


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
    if options.seed < 0:  # numpy's generators take none; said before any work
        raise OptionError("seed", f"{options.seed} is negative; give a whole number from 0 up")
    check_budget(options)
    deck, why, loaded, ink, matching = _load(options, progress, packers=only is None, cache=cache)
    for number in options.reshuffle:
        if not 1 <= number <= len(deck.cards):
            raise OptionError(
                "reshuffle", f"{number} is out of range: this deck has cards 1 to {len(deck.cards)}"
            )
    symbols = loaded.symbols
    cover_pages, rules_pages, box_pages = page_counts(options, deck, symbols, matching)
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
        cover_pages=cover_pages,
        rules_pages=rules_pages,
        box_pages=box_pages,
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
        warnings=loaded.warnings
        + _faint(loaded, options.card_color, cache)
        + crowded(options, deck.symbols_per_card),
        notes=loaded.notes,
        teams=teams,
        matching=matching,
    )


def _faint(
    loaded: SymbolSet, card_color: tuple[float, float, float], cache: SymbolCache | None
) -> tuple[str, ...]:
    """The warnings about pictures nearly the card's colour (kept in ``cache`` when given)."""

    def find() -> tuple[str, ...]:
        return tuple(faint_on_card(loaded.symbols, card_color))

    return cache.derived(loaded, ("faint", card_color), find) if cache else find()


def _load(
    options: BuildOptions,
    progress: Progress | None,
    *,
    packers: bool = False,
    cache: SymbolCache | None = None,
) -> tuple[Deck, str, SymbolSet, Ink, Matching | None]:
    """Plan the deck on the sources found, then load just the symbols it needs; the deck comes
    back mixed (:func:`mixing.mix`) and shuffled, with how much of each symbol prints.

    With ``packers``, the packing workers start getting ready once the deck's size is known, while
    the pictures load (:func:`layout.start_packers`).

    Duplicates and skipped bad files can leave fewer symbols than planned: the deck is then
    planned again on what did load, and loaded again at that deck's symbol size (a rare path).
    """
    found = find_sources(options.sources)
    refuse_faces(options, found)
    if found.vocabulary is not None:  # a matching deck: the vocabulary's rows, by their faces
        return load_matching(options, found, _stage(progress, "load"), packers=packers)
    refuse_unreadable(found, skip_bad=options.symbol_options.skip_bad)
    where = ", ".join(map(str, options.sources))
    refuse_too_few(found, where)
    count = len(found.items)
    for _attempt in range(2):
        deck, why = choose_deck(options, count, where, found.noun)
        need = symbols_to_load(options, deck, count, where, found.noun)
        if packers:
            start_packers(len(deck.cards))
        px = symbol_pixels(options.card.size, options.symbol_margin, deck.symbols_per_card)
        loaded = (cache.load if cache else load_symbols)(
            found,
            need=need,
            max_px=px,
            options=options.symbol_loading,
            progress=_stage(progress, "load"),
        )
        if options.labels:  # each picture with its name under it, one shape
            loaded = _labelled(loaded, options, cache)
        if len(loaded.symbols) >= need:
            break
        count = len(loaded.symbols)
    known = len(loaded.symbols) + len(loaded.unused)  # skipped files and duplicates left out
    if known < count:  # the sentence counts the pictures the user has, as plan does
        again, again_why = choose_deck(options, known, where, found.noun)
        why = again_why if again == deck else why
    used = loaded.symbols[: deck.symbol_count]
    ink = (
        cache.derived(loaded, ("ink", len(used)), lambda: measure_ink([s.rgba for s in used]))
        if cache
        else measure_ink([s.rgba for s in used])
    )
    deck = shuffle_cards(mix(deck, ink.shares, options.seed), options.seed)
    if found.searched:  # pictures found below the folders given: say so, as plan does
        why = f"{why} ({found.searched})"
    return deck, why, loaded, ink, None


def _labelled(loaded: SymbolSet, options: BuildOptions, cache: SymbolCache | None) -> SymbolSet:
    """``loaded`` with every picture labelled (kept in ``cache`` when given)."""

    def label() -> SymbolSet:
        return with_labels(loaded, options.symbol_options)

    return (
        cache.derived(loaded, ("labels", options.symbol_options.fonts), label) if cache else label()
    )


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
    check_budget(options)
    inputs = [*find_sources(options.sources).files, *options.symbol_options.fonts, options.backs]
    inputs = [p for p in inputs if p is not None]
    outputs = check_outputs(options, inputs)
    check_fits_shop(options)
    # the shop files are print-and-cut's unless a profile says otherwise; README.txt says which
    profile = (options.shop_profile or load_shop_profile()) if options.shop else None
    prepared = prepare(options, progress, cache=cache)
    refuse_overwrites(
        outputs,
        inputs,
        count=len(prepared.layouts),
        backs=options.backs is not None,
        profile=profile,
    )
    symbols, layouts, plan = prepared.symbols, prepared.layouts, prepared.plan
    disc = 2 * (max(options.card.half_extent) + plan.back_bleed)
    back = load_back(options.backs, diameter=disc) if options.backs else None
    front = plan_front_matter(
        options, prepared.deck, symbols, plan, matching=prepared.matching, teams=prepared.teams
    )
    prepared = dataclasses.replace(prepared, warnings=prepared.warnings + front.warnings)

    def write(tmp: Path) -> None:
        render_pdf(
            tmp,
            symbols=symbols,
            layouts=layouts,
            plan=plan,
            cover=front.cover,
            back=back,
            card_color=options.card_color,
            progress=_stage(progress, "render"),
            teams=prepared.teams,
            rules=front.rules,
            box=front.box,
        )

    with Staging() as staging:  # nothing is in place until every output is finished
        metrics = None
        if measure:  # the cards are measured while the PDF is written
            with measuring(layouts, symbols, shape=options.card) as measured:
                staging.file(options.output, write)
                metrics = measured()
        else:
            staging.file(options.output, write)
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
        if prepared.matching is not None:
            report = faces_report(report, prepared.matching)
        if options.report is not None:
            text = json.dumps(report, indent=1, ensure_ascii=False) + "\n"
            # a file name that is not UTF-8 is kept as JSON's \\udcXX escapes: still valid JSON
            text = text.encode("utf-8", "backslashreplace").decode("utf-8")
            staging.file(options.report, lambda tmp: tmp.write_text(text, encoding="utf-8"))
        if options.png_dir is not None:
            write_card_pngs(
                staging.folder(outputs.png_dir),
                layouts,
                symbols,
                shape=options.card,
                progress=_stage(progress, "png"),
                teams=prepared.teams,
                card_color=options.card_color,
            )
        if options.shop is not None:
            write_shop(
                staging.folder(outputs.shop),
                symbols=symbols,
                layouts=layouts,
                shape=options.card,
                card_color=options.card_color,
                back=options.backs,
                teams=prepared.teams,
                progress=_stage(progress, "shop"),
                profile=profile,
                safe_margin=options.symbol_margin,
                shows=shows(symbols),
                title=options.title,
            )
        words_note = small_words(report)
        warnings = (
            prepared.warnings
            + tuple(map(str, small))
            + tuple(small_labels(layouts, symbols))
            + ((words_note,) if words_note else ())
        )
        built = dataclasses.replace(prepared, report=report, warnings=warnings, small=small)
        # all at once, and nothing after it: an interrupted build leaves the earlier set, and
        # Ctrl-C once it is done (held back meanwhile) is said as such
        try:
            staging.commit()
        except KeyboardInterrupt:
            if staging.committed:
                raise Interrupted(written=True) from None
            raise
    return built


def plan(
    options: BuildOptions, progress: Progress | None = None, *, cache: SymbolCache | None = None
) -> DeckPlan:
    """The deck :func:`build` would make with ``options`` (:func:`planning.plan`), a vocabulary
    file's included, its cards checked against the paper and the shop as build checks them.

    Raises:
        DobbleError: as :func:`build` would, about the sources, the deck's size, the card on
            its paper or the shop's card.
    """
    check_budget(options)
    found = find_sources(options.sources)
    refuse_faces(options, found)
    if found.vocabulary is not None:
        planned = plan_matching(options, found, progress)
    else:
        planned = plan_sources(options, progress, cache=cache)
    _check_sheets(options, len(planned.deck.cards))
    return planned


def _check_sheets(options: BuildOptions, cards: int) -> None:
    """Refuse what build would refuse once the cards are laid out: a card the shop does not
    cut, or one the paper cannot take (sheets planned without the cover's pages, which only
    move the page numbers). A shell's plan then answers for every option before the build."""
    check_fits_shop(options)
    plan_sheets(
        cards,
        paper=options.paper,
        card=options.card,
        margin=options.margin,
        bleed=options.bleed,
        cut_circle="circle" in options.cut_guides,
        ticks="ticks" in options.cut_guides,
        duplex=options.duplex if options.backs else None,
        back_offset=options.back_offset,
    )


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
    refuse_special(options.output, "output")
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
