"""What the sources make, one entry for every kind of deck: :func:`plan` says it without laying
anything out, :func:`load_deck` loads it for the build. A folder of pictures, a list of words or
both go one way (:mod:`.planning`); a vocabulary file's rows, each shown by one of its faces, go
the other (:mod:`.matching`); both come back as the same named values.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dobble_print.deck import Deck, assign_faces, mix, shuffle_cards
from dobble_print.errors import Notice
from dobble_print.layout import start_packers
from dobble_print.options import BuildOptions, check_budget
from dobble_print.pipeline.matching import (
    Matching,
    load_rows,
    plan_matching,
    refuse_faces,
)
from dobble_print.pipeline.planning import (
    DeckPlan,
    Progress,
    choose_deck,
    left_out,
    outline_pictures,
    plan_sources,
    sources_of,
    stage_progress,
    symbol_pixels,
    symbols_to_load,
)
from dobble_print.pipeline.themes import theme_sources
from dobble_print.pipeline.writing import check_fits_shop, sheets_for
from dobble_print.symbols import (
    Ink,
    Sources,
    SymbolCache,
    SymbolSet,
    load_symbols,
    refuse_too_few,
    refuse_unreadable,
    symbols_ink,
    with_labels,
)


@dataclass(frozen=True)
class LoadedDeck:
    """A deck and the symbols it prints, loaded, before any card is laid out.

    Attributes:
        deck: the cards as symbol indices, mixed and shuffled (a matching deck's as face
            symbols).
        why: the sentence the summary prints about this deck.
        loaded: the symbols loaded, with what was left out and the warnings about them.
        ink: how much of each of the deck's symbols prints.
        matching: which face symbol is which row, for a vocabulary file's deck; None otherwise.
        unused: the sources the deck does not print (:func:`planning.left_out`); a vocabulary
            file's rows it leaves out.
        unused_files: the picture files among them (a vocabulary file's: those of its rows
            left out).
    """

    deck: Deck
    why: Notice
    loaded: SymbolSet
    ink: Ink
    matching: Matching | None = None
    unused: tuple[str, ...] = ()
    unused_files: tuple[Path, ...] = ()


def plan(
    options: BuildOptions, progress: Progress | None = None, *, cache: SymbolCache | None = None
) -> DeckPlan:
    """The deck :func:`build` would make with ``options`` (:func:`planning.plan_sources`), a
    vocabulary file's included, its cards checked against the paper and the shop as build
    checks them.

    Raises:
        DobbleError: as :func:`build` would, about the sources, the deck's size, the card on
            its paper or the shop's card.
    """
    check_budget(options)
    check_given_files(options)
    options = theme_sources(options)
    found = sources_of(options)
    refuse_faces(options, found)
    if found.vocabulary is not None:
        planned = plan_matching(options, found, progress, cache=cache)
    else:
        planned = plan_sources(options, progress, cache=cache)
    _check_sheets(options, len(planned.deck.cards))
    return planned


def check_given_files(options: BuildOptions) -> None:
    """The files options name (``--font``, ``--back-image``) checked before any picture is
    loaded: a folder, a pipe, a file that is not a font or a blank back is said at once, not
    after every picture has loaded (17 to 29 s of a large folder).

    Raises:
        OptionError: about ``font`` or ``backs``.
    """
    from dobble_print.printing import check_back
    from dobble_print.symbols import check_fonts

    check_fonts(options.symbol_options.fonts)
    if options.backs is not None:
        check_back(options.backs)


def _check_sheets(options: BuildOptions, cards: int) -> None:
    """Refuse what build would refuse once the cards are laid out: a card the shop does not
    cut, or one the paper cannot take (sheets planned without the cover's pages, which only
    move the page numbers). A shell's plan then answers for every option before the build."""
    check_fits_shop(options)
    sheets_for(options, cards)


def load_deck(
    options: BuildOptions,
    progress: Progress | None,
    *,
    packers: bool = False,
    cache: SymbolCache | None = None,
) -> LoadedDeck:
    """Plan the deck on the sources found, then load just the symbols it needs; the deck comes
    back mixed (:func:`mixing.mix`) and shuffled, with how much of each symbol prints.

    With ``packers``, the packing workers start getting ready once the deck's size is known, while
    the pictures load (:func:`layout.start_packers`).

    Duplicates and skipped bad files can leave fewer symbols than planned: the deck is then
    planned again on what did load, and loaded again at that deck's symbol size (a rare path).
    """
    options = theme_sources(options)
    found = sources_of(options)
    refuse_faces(options, found)
    if found.vocabulary is not None:  # a matching deck: the vocabulary's rows, by their faces
        return _load_matching(options, found, progress, packers=packers, cache=cache)
    refuse_unreadable(found, skip_bad=options.symbol_options.skip_bad)
    where = tuple(options.sources)
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
            progress=stage_progress(progress, "load"),
        )
        if options.labels:  # each picture with its name under it, one shape
            loaded = _labelled(loaded, options, cache)
        if options.outline:
            loaded = outline_pictures(loaded, cache)
        if len(loaded.symbols) >= need:
            break
        count = len(loaded.symbols)
    known = len(loaded.symbols) + len(loaded.unused)  # skipped files and duplicates left out
    if known < count:  # the sentence counts the pictures the user has, as plan does
        again, again_why = choose_deck(options, known, where, found.noun)
        why = again_why if again == deck else why
    used = loaded.symbols[: deck.symbol_count]
    ink = (
        cache.derived(loaded, ("ink", len(used)), lambda: symbols_ink(used))
        if cache
        else symbols_ink(used)
    )
    deck = shuffle_cards(mix(deck, ink.shares, options.seed), options.seed)
    if found.searched:  # pictures found below the folders given: say so, as plan does
        why = why.then(" (", found.searched, ")")
    unused, files = left_out(found, loaded, deck.symbol_count)
    return LoadedDeck(deck, why, loaded, ink, unused=unused, unused_files=files)


def _load_matching(
    options: BuildOptions,
    found: Sources,
    progress: Progress | None,
    *,
    packers: bool,
    cache: SymbolCache | None,
) -> LoadedDeck:
    """The matching deck of ``found``'s vocabulary: its cards as face symbols (face ``f`` of row
    ``e`` is symbol ``e·F + f``), mixed and shuffled by rows, then each card's faces chosen
    (:func:`deck.assign_faces`)."""
    assert found.vocabulary is not None  # loaded as a vocabulary file's deck only when it has one
    faces, deck, why, loaded = load_rows(
        options, found.vocabulary, stage_progress(progress, "load"), packers=packers, cache=cache
    )
    ink = (
        cache.derived(loaded, ("ink",), lambda: symbols_ink(loaded.symbols))
        if cache
        else symbols_ink(loaded.symbols)
    )
    count = len(faces)
    shares = [
        sum(ink.shares[e * count : (e + 1) * count]) / count for e in range(deck.symbol_count)
    ]
    rows = shuffle_cards(mix(deck, shares, options.seed), options.seed)
    shown = assign_faces(rows.cards, count, seed=options.seed)
    cards = tuple(
        tuple(sorted(e * count + f for e, f in zip(card, card_faces, strict=True)))
        for card, card_faces in zip(rows.cards, shown, strict=True)
    )
    faced = Deck(order=deck.order, cards=cards, symbol_count=deck.symbol_count * count)
    matching = Matching(found.vocabulary, faces, deck.symbol_count)
    return LoadedDeck(faced, why, loaded, ink, matching, loaded.unused, loaded.unused_files)


def _labelled(loaded: SymbolSet, options: BuildOptions, cache: SymbolCache | None) -> SymbolSet:
    """``loaded`` with every picture labelled (kept in ``cache`` when given)."""

    def label() -> SymbolSet:
        return with_labels(loaded, options.symbol_options, options.lang)

    key = ("labels", options.symbol_options.fonts, options.lang)
    return cache.derived(loaded, key, label) if cache else label()
