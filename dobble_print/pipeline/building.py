"""The build: the deck loaded (:mod:`.loading`), its cards laid out and the sheets planned
(:func:`prepare`), then the PDF, the report and the other outputs written together (:func:`build`).

The CLI parses options into a :class:`BuildOptions` and calls :func:`build`; nothing here prints.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from dobble_print.card import CardLayout
from dobble_print.deck import (
    MAX_COPIES,
    Deck,
    Team,
    assign_teams,
    copy_marks,
    split_marks,
)
from dobble_print.errors import Interrupted, Notice, OptionError, notice
from dobble_print.files import Staging
from dobble_print.language import N_
from dobble_print.layout import (
    SmallSymbol,
    estimated_sizes,
    layout_deck,
    measuring,
    too_small,
)
from dobble_print.options import BuildOptions, Shapes, Variant, check_budget, shaping
from dobble_print.parallel import Beside, can_fork, give_back
from dobble_print.pipeline.front_matter import page_counts, plan_front_matter, shows
from dobble_print.pipeline.loading import check_given_files, load_deck
from dobble_print.pipeline.matching import Matching, faces_report
from dobble_print.pipeline.planning import Progress, crowded, seen_warnings, stage_progress
from dobble_print.pipeline.report import build_report, small_words
from dobble_print.pipeline.themes import theme_sources
from dobble_print.pipeline.writing import (
    check_fits_shop,
    check_outputs,
    refuse_overwrites,
    sheets_for,
)
from dobble_print.printing import (
    GreyDeck,
    SheetPlan,
    document_info,
    encode_pictures,
    in_grey,
    load_back,
    load_shop_profile,
    play_page,
    render_pdf,
    write_card_pngs,
    write_shop,
)
from dobble_print.symbols import (
    Symbol,
    SymbolCache,
    SymbolSet,
    end_drawers,
    end_untaken_drawers,
    faint_on_card,
    find_sources,
    small_labels,
)

# The fields a card's kept layout is keyed by (besides the deck's cards, the seed and the
# symbols): every option's that shapes a layout (the symbols' margin is made of them), but
# reshuffle's, which is kept card by card.
_SHAPED_BY = shaping(Shapes.SEED, Shapes.DECK, Shapes.CARDS)


@dataclass(frozen=True)
class BuildResult:
    """What was built, for the summary."""

    deck: Deck
    symbols: tuple[Symbol, ...]
    layouts: tuple[CardLayout, ...]
    plan: SheetPlan
    unused: tuple[str, ...]  # the sources the deck does not print (:func:`planning.left_out`)
    report: dict
    choice: Notice | None = None
    # about the symbols: duplicates, bad files skipped, glyphs; and pictures too small to spot
    warnings: tuple[Notice, ...] = ()
    notes: tuple[Notice, ...] = ()  # files passed over, for --verbose
    teams: tuple[Team, ...] | None = None  # each card's Connect team, in deck order
    # the cards whose smallest picture prints under the recognisable size, each also a warning
    small: tuple[SmallSymbol, ...] = ()
    matching: Matching | None = None  # a vocabulary file's deck: which face symbol is which row
    unused_files: tuple[Path, ...] = ()  # the picture files among ``unused``


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
        raise OptionError(
            "seed", N_("{seed} is negative; give a whole number from 0 up", seed=options.seed)
        )
    check_budget(options)
    check_given_files(options)
    check_marks(options)
    loaded_deck = load_deck(options, progress, packers=only is None, cache=cache)
    if cache is None and not can_fork():
        # the SVGs are drawn: where the stages run on threads, this process's drawing processes
        # would stay through the packing, its peak (forked loading workers end theirs; the app
        # keeps its own for the next build, and so does a process building many decks)
        end_drawers()
    end_untaken_drawers()  # started with the command, for pictures it did not draw
    deck, loaded, matching = loaded_deck.deck, loaded_deck.loaded, loaded_deck.matching
    copies = options.copies or 1  # a class set prints the deck's cards this many times
    printed = len(deck.cards) * copies
    for number in options.reshuffle:
        if not 1 <= number <= printed:
            raise OptionError(
                "reshuffle",
                N_(
                    "{card} is out of range: this deck has cards 1 to {count}",
                    card=number,
                    count=printed,
                ),
            )
    symbols = loaded.symbols
    cover_pages, rules_pages, box_pages = page_counts(options, deck, symbols, matching)
    plan = sheets_for(
        options,
        printed,
        cover_pages=cover_pages,
        rules_pages=rules_pages,
        box_pages=box_pages,
    )
    base = len(deck.cards)  # a copy's card i is the deck's card i % base
    todo = range(base) if only is None else sorted({i % base for i in only(plan)})
    reshuffles = Counter((number - 1) % base for number in options.reshuffle)
    # A card's layout depends only on the deck, the symbols, the options that shape a layout
    # (the table's) and its own index (and how often it was reshuffled), so a cache keeps it for
    # the next build that asks.
    shaped_by = (deck.cards, options.seed, *(getattr(options, name) for name in _SHAPED_BY))
    kept = cache.kept_layouts(loaded, shaped_by) if cache else {}
    missing = [i for i in todo if (i, reshuffles[i]) not in kept]

    # What colour hides (in grey, to colour-blind players, on the card's colour) depends on the
    # symbols alone: found beside the packing (~0.25 s of the classic deck), once its workers
    # are running (started by the first card done: they are forked before it).
    def colour_checks() -> tuple[tuple[tuple[Notice, ...], tuple[Notice, ...]], tuple[Notice, ...]]:
        found = (
            seen_warnings(loaded, deck.symbol_count, options.card_color, cache),
            _faint(loaded, options.card_color, cache),
        )
        give_back()  # what they freed stayed with their thread's arena, through the packing
        return found

    beside = Beside(colour_checks)
    if missing:
        packing = stage_progress(progress, "layout")

        def packed(done: int, total: int) -> None:
            beside.start()
            if packing:
                packing(done, total)

        laid = layout_deck(
            deck,
            symbols,
            card=options.card,
            safe_margin=options.symbol_margin,
            clearance=options.clearance,
            max_rotation=options.max_rotation,
            seed=options.seed,
            progress=packed,
            only=None if len(missing) == len(deck.cards) else missing,
            ink=loaded_deck.ink,
            reshuffles=reshuffles,
            same_size=options.same_size,
        )
        kept.update({(i, reshuffles[i]): layout for i, layout in zip(missing, laid, strict=True)})
        give_back()  # the packing shapes are gone; the measuring workers forked next share
    layouts = tuple(kept.get((i, reshuffles[i]), CardLayout(())) for i in range(base)) * copies
    teams = assign_teams(base) if options.variant is Variant.CONNECT else None
    (seen, seen_notes), faint = beside.result()
    if copies > 1:
        teams = copy_marks(base, copies)
        deck = Deck(deck.order, deck.cards * copies, deck.symbol_count)
    elif options.split:
        teams = split_marks(base)
    return BuildResult(
        deck,
        symbols,
        layouts,
        plan,
        loaded_deck.unused,
        {},
        choice=loaded_deck.why,
        warnings=loaded.warnings + faint + seen + crowded(options, deck.symbols_per_card),
        notes=loaded.notes + seen_notes,
        teams=teams,
        matching=matching,
        unused_files=loaded_deck.unused_files,
    )


def check_marks(options: BuildOptions) -> None:
    """Refuse a class set's marks where they cannot go: more copies than letters, beside
    Connect's team borders, or copies and halves at once (a card shows one letter).

    Raises:
        OptionError: about ``copies`` or ``split``.
    """
    if options.copies is not None and not 1 <= options.copies <= MAX_COPIES:
        raise OptionError(
            "copies",
            N_(
                "{copies} is out of range; a class set has 1 to {most} copies",
                copies=options.copies,
                most=MAX_COPIES,
            ),
        )
    if options.marked and options.variant is Variant.CONNECT:
        field = "split" if options.split else "copies"
        raise OptionError(
            field,
            N_(
                "cannot go with the Connect game, whose coloured borders mark its teams; print "
                "one or the other"
            ),
        )
    if options.split and (options.copies or 1) > 1:
        raise OptionError(
            "split",
            N_("cannot go with several copies (a card shows one letter); print one or the other"),
        )


def _play(options: BuildOptions, prepared: BuildResult) -> str:
    """The page that plays the deck: its cards once (a class set's first copy, marks and all)."""
    base = len(prepared.layouts) // (options.copies or 1)
    return play_page(
        prepared.symbols,
        prepared.layouts[:base],
        shape=options.card,
        card_color=options.card_color,
        teams=prepared.teams[:base] if prepared.teams else None,
        lang=options.lang,
        title=options.title,
    )


def _faint(
    loaded: SymbolSet, card_color: tuple[float, float, float], cache: SymbolCache | None
) -> tuple[Notice, ...]:
    """The warnings about pictures nearly the card's colour (kept in ``cache`` when given)."""

    def find() -> tuple[Notice, ...]:
        return tuple(faint_on_card(loaded.symbols, card_color))

    return cache.derived(loaded, ("faint", card_color), find) if cache else find()


def _printed(options: BuildOptions, symbols, layouts, back, teams) -> GreyDeck:
    """The symbols, cards, back, card colour and teams as they print: in grey with ``grey``
    (:func:`printing.in_grey`), else as they are."""
    if options.grey:
        return in_grey(symbols, layouts, back=back, card_color=options.card_color, teams=teams)
    return GreyDeck(tuple(symbols), tuple(layouts), back, options.card_color, teams, None)


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
    options = theme_sources(options)
    given = [*find_sources(options.sources).files, *options.symbol_options.fonts, options.backs]
    inputs = [p for p in given if p is not None]
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
    # what prints: in grey for a black-and-white printer (the report measures the colours)
    look = _printed(options, symbols, layouts, back, prepared.teams)

    def write(tmp: Path) -> None:
        render_pdf(
            tmp,
            symbols=look.symbols,
            layouts=look.layouts,
            plan=plan,
            cover=front.cover,
            back=look.back,
            card_color=look.card_color,
            progress=stage_progress(progress, "render"),
            teams=look.teams,
            rules=front.rules,
            box=front.box,
            grey=options.grey,
            info=document_info("deck", title=options.title, lang=options.lang),
        )

    with Staging() as staging:  # nothing is in place until every output is finished
        metrics = None
        if measure:  # the cards are measured while the PDF is written
            if not options.grey:  # its pictures first, and what that freed given back
                encode_pictures(look.symbols, look.layouts)
                give_back()
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
        if options.play is not None:
            page = _play(options, prepared)
            staging.file(options.play, lambda tmp: tmp.write_text(page, encoding="utf-8"))
        if options.png_dir is not None:
            assert outputs.png_dir is not None  # checked with the option
            write_card_pngs(
                staging.folder(outputs.png_dir),
                look.layouts,
                look.symbols,
                shape=options.card,
                progress=stage_progress(progress, "png"),
                teams=look.teams,
                card_color=look.card_color,
            )
        if options.shop is not None:
            assert outputs.shop is not None  # checked with the option
            write_shop(
                staging.folder(outputs.shop),
                symbols=symbols,
                layouts=layouts,
                shape=options.card,
                card_color=options.card_color,
                back=options.backs,
                teams=prepared.teams,
                progress=stage_progress(progress, "shop"),
                profile=profile,
                safe_margin=options.symbol_margin,
                shows=shows(symbols),
                title=options.title,
                lang=options.lang,
            )
        words_note = small_words(report)
        warnings = (
            prepared.warnings
            + tuple(_small_notice(s, symbols) for s in small)
            + tuple(small_labels(layouts, symbols))
            + ((notice(words_note),) if words_note else ())
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


def _small_notice(small: SmallSymbol, symbols: Sequence[Symbol]) -> Notice:
    """The warning about a picture too small to spot on a card, about that picture's file (the
    page shows it on its tile); a word's is about no file."""
    symbol = symbols[small.symbol]
    file = None if symbol.kind == "word" else Path(symbol.source)
    return Notice((small.said(),), file, "note")
