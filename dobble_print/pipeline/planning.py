"""Planning a deck before building it: which deck the sources make and why, the seed drawn
when none is given, and the size pictures load at. :mod:`.building` builds what this plans; the
``plan`` command and the app show it (through :func:`.loading.plan`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dobble_print.deck import (
    MAX_PAIR_SIZE,
    MOST_BY_DEFAULT,
    Deck,
    DeckOption,
    best_partial_deck,
    beyond_default,
    build_deck,
    build_pair_deck,
    card_count,
    check_symbols_per_card,
    choose_option,
    counted,
    deck_options,
    more_give,
    next_option,
    pair_card_count,
    pair_phrase,
    pair_symbol_count,
    supported_sizes,
    take_cards,
)
from dobble_print.errors import Advice, DobbleError, Notice, OptionError, Setting, notice
from dobble_print.language import N_, Msg, Nn_
from dobble_print.options import BuildOptions, Shapes, Variant, shaping
from dobble_print.printing import PRINT_DPI
from dobble_print.symbols import (
    Sources,
    SymbolCache,
    SymbolSet,
    find_sources,
    illustrate_sources,
    load_symbols,
    refuse_too_few,
    refuse_unreadable,
    vision_warnings,
    with_outlines,
)

# progress(stage, done, total): stage is "load", "layout", "render", "png" or "shop".
Progress = Callable[[str, int, int], None]


def stage_progress(progress: Progress | None, stage: str) -> Callable[[int, int], None] | None:
    """``progress`` for one stage, as the stages' own ``progress(done, total)`` take it."""
    return (lambda done, total: progress(stage, done, total)) if progress else None


def sources_of(options: BuildOptions) -> Sources:
    """What ``options.sources`` hold (:func:`symbols.find_sources`); with ``illustrate``, each
    word drawn as a picture (:func:`symbols.illustrate_sources`, in the deck's language).

    Raises:
        DobbleError: about a source, or words no picture fits (unless ``skip_bad``).
    """
    found = find_sources(options.sources)
    if not options.illustrate:
        return found
    skip_bad = options.symbol_options.skip_bad
    return illustrate_sources(found, options.lang, skip_bad=skip_bad)


def plan_deck(
    symbols_per_card: int | None,
    cards: int | None,
    pictures: int,
    *,
    where: Path | tuple[Path, ...] = Path("sources"),
    noun: str = "pictures",
    preset: str = "",
) -> tuple[Deck, Notice]:
    """The deck to print for ``pictures`` pictures, and one sentence saying why this one.

    Without N, the deck with the most cards is chosen (:func:`choice.choose_option`). With fewer
    pictures than N's full deck needs, the best partial deck is built: every card still has N
    symbols and any two share exactly one.

    Args:
        noun: what the sources hold, plural, for the sentences: ``pictures``, ``words`` or
            ``symbols`` (both).
        preset: the preset that chose N (the user did not): fewer pictures than its full deck
            are refused in its name, with what the pictures make without it.

    Raises:
        DobbleError: too few pictures for any deck (or for N, or for a preset's full deck), or
            ``cards`` out of range; the error's ``files`` are ``where`` (the sources) when it is
            about the pictures.
    """
    some = counted(pictures, noun)  # "8 words", "1 picture"
    if symbols_per_card is None:
        try:
            option = choose_option(pictures, noun)
        except DobbleError as exc:
            raise DobbleError(exc.parts, file=where) from None
        n = option.symbols_per_card
        other = next_option(pictures, option, noun)
        why = notice(
            N_("{some}: {choice}", some=some, choice=option.phrase(noun, most=other is not None))
        )
        if other is not None:
            why = why.then(N_("; {other}", other=other))
        if larger := beyond_default(pictures):
            ask = Setting(
                "symbols_per_card", (larger[0], larger[-1]) if len(larger) > 1 else larger[0]
            )
            why = why.then(
                Nn_(  # the count is the sizes named: "-n 14 asks", "-n 9 to -n 14 ask"
                    "; {most} per card is the largest deck people play, {ask} asks for more (up "
                    "to {cards} cards)",
                    "; {most} per card is the largest deck people play, {ask} ask for more (up "
                    "to {cards} cards)",
                    len(larger),
                    most=MOST_BY_DEFAULT,
                    ask=ask,
                    cards=card_count(larger[-1]),
                )
            )
    elif symbols_per_card not in supported_sizes() and 2 < symbols_per_card <= MAX_PAIR_SIZE:
        return _plan_pairs(symbols_per_card, cards, pictures, where=where, noun=noun)
    else:
        check_symbols_per_card(symbols_per_card)
        n = symbols_per_card
        # "8 per card", not "-n 8": a preset may have set it (and the app has no -n)
        why = notice(
            N_(
                "{some}, {n} per card: the full {cards}-card deck",
                some=some,
                n=n,
                cards=card_count(n),
            )
        )
    if preset and card_count(n) > pictures:
        raise _preset_shortfall(preset, n, pictures, where=where, noun=noun)
    if card_count(n) <= pictures:
        deck = build_deck(n)
    elif pictures >= n:
        deck = best_partial_deck(n, pictures)
    else:  # not even one card
        deck = Deck(order=n - 1, cards=(), symbol_count=0)
    if len(deck.cards) < 3:
        hint = _default_hint(pictures, noun, n)
        made = len(deck.cards)
        raise DobbleError(
            (
                Setting("symbols_per_card", n),
                N_(
                    " needs {wanted}: {some} give {made}; add {more}",
                    wanted=_MORE.get(noun, noun),
                    some=some,
                    made=Nn_("only {count} card", "only {count} cards", made),
                    more=counted(card_count(n) - pictures, noun),
                )
                if made
                else N_(  # a sentence of its own: French and Spanish say "ne … aucune"
                    " needs {wanted}: {some} give no card; add {more}",
                    wanted=_MORE.get(noun, noun),
                    some=some,
                    more=counted(card_count(n) - pictures, noun),
                ),
            ),
            advice=hint,
            file=where,
        )
    if len(deck.cards) < card_count(n) and symbols_per_card is not None:
        why = notice(
            N_(
                "{some}, {n} per card: {cards} of {full} cards ({more} the full deck)",
                some=some,
                n=n,
                cards=len(deck.cards),
                full=card_count(n),
                more=more_give(card_count(n) - pictures, noun),
            )
        )
    if cards is not None:
        if not 1 <= cards <= len(deck.cards) and len(deck.cards) < card_count(n):
            more = (
                N_(
                    "; {more} all {full}",
                    more=more_give(card_count(n) - pictures, noun),
                    full=card_count(n),
                )
                if cards <= card_count(n)
                else ""
            )
            _refuse_cards(cards, some, len(deck.cards), n, more)
        deck, why = _print_only(deck, why, cards)
    return deck, why


def _refuse_cards(cards: int, some: Msg, made: int, n: int, more: Msg | str) -> None:
    """``--cards`` beyond what the pictures make.

    Raises:
        OptionError: always, naming the range the pictures allow.
    """
    raise OptionError(
        "cards",
        N_(
            "{cards} is out of range: {some} give 1 to {made} cards of {n} symbols{more}",
            cards=cards,
            some=some,
            made=made,
            n=n,
            more=more,
        ),
    )


def _print_only(deck: Deck, why: Notice, cards: int) -> tuple[Deck, Notice]:
    """The first ``cards`` cards of ``deck``, and ``why`` saying so when they are fewer (what
    is printed, not only what the pictures allow)."""
    if cards < len(deck.cards):
        why = why.then(
            N_("; {cards} of the {made} cards printed", cards=cards, made=len(deck.cards))
        )
    return take_cards(deck, cards), why


def _default_hint(pictures: int, noun: str, n: int) -> tuple[Advice, ...]:
    """ "or use -n K" for the deck the tool chooses by itself (never a smaller one: 6 pictures
    advise 3 per card, 4 cards, not 2 per card, 3); none when there is no deck or it is N's."""
    try:
        default = choose_option(pictures, noun).symbols_per_card
    except DobbleError:
        return ()
    return () if default == n else (Advice("set", "symbols_per_card", default, lead=N_(" or ")),)


def _preset_shortfall(
    preset: str, n: int, pictures: int, *, where: Path | tuple[Path, ...], noun: str
) -> DobbleError:
    """A preset's deck the pictures cannot make whole, said in the preset's name (the user
    typed no -n), with what the same pictures make without it."""
    instead: Msg | str
    try:
        instead = N_(
            "; without the preset, {choice}", choice=choose_option(pictures, noun).phrase(noun)
        )
    except DobbleError:  # too few for any deck
        instead = ""
    return DobbleError(
        N_(
            "the {preset} preset makes cards of {n} symbols, whose deck of {full} cards needs "
            "{needed}, and there are {count}; add {more}{instead}",
            preset=preset,
            full=card_count(n),
            n=n,
            needed=counted(card_count(n), noun),
            count=pictures,
            more=counted(card_count(n) - pictures, noun),
            instead=instead,
        ),
        file=where,
    )


def _plan_pairs(
    n: int, cards: int | None, pictures: int, *, where: Path | tuple[Path, ...], noun: str
) -> tuple[Deck, Notice]:
    """The pair deck (every symbol on two cards) for ``n`` per card, a size no plane has.

    Raises:
        DobbleError: with fewer pictures than its N(N + 1)/2, or ``cards`` out of range.
    """
    some = counted(pictures, noun)
    need = pair_symbol_count(n)
    if pictures < need:
        hint = _default_hint(pictures, noun, n)
        raise DobbleError(
            (
                Setting("symbols_per_card", n),
                N_(
                    " needs {wanted}: no full deck has {n} per card, and the small deck of "
                    "{cards} cards with each on two cards needs {need}; {some} give no card; add "
                    "{more}",
                    wanted=_MORE.get(noun, noun),
                    n=n,
                    cards=pair_card_count(n),
                    need=counted(need, noun),
                    some=some,
                    more=counted(need - pictures, noun),
                ),
            ),
            advice=hint,
            file=where,
        )
    deck = build_pair_deck(n)
    why = notice(
        N_(
            "{some}, {deck} (no full deck has {n} per card)",
            some=some,
            deck=pair_phrase(n, noun),
            n=n,
        )
    )
    if cards is not None:
        if not 1 <= cards <= len(deck.cards):
            _refuse_cards(cards, some, len(deck.cards), n, "")
        deck, why = _print_only(deck, why, cards)
    return deck, why


def crowded(options: BuildOptions, symbols_per_card: int) -> tuple[Notice, ...]:
    """The warning for a deck of more symbols a card than :data:`MOST_BY_DEFAULT`: how small
    its pictures may print (:func:`layout.recognisable_size`), as one line; none otherwise."""
    if symbols_per_card <= MOST_BY_DEFAULT:
        return ()
    from dobble_print.layout import recognisable_size

    size = recognisable_size(options.card, symbols_per_card)
    return (
        notice(
            N_(
                "{n} per card is more than the {most} of the largest deck people play: its "
                "pictures may print as small as {size:.1f} mm across on these cards (9 mm on the "
                "game's 85 mm card of 8)",
                n=symbols_per_card,
                most=MOST_BY_DEFAULT,
                size=float(size),
            )
        ),
    )


def outline_pictures(loaded: SymbolSet, cache: SymbolCache | None) -> SymbolSet:
    """``loaded`` with a black outline around every picture (kept in ``cache`` when given)."""

    def outline() -> SymbolSet:
        return with_outlines(loaded)

    return cache.derived(loaded, ("outline",), outline) if cache else outline()


def seen_warnings(
    loaded: SymbolSet,
    count: int,
    card_color: tuple[float, float, float],
    cache: SymbolCache | None = None,
) -> tuple[tuple[Notice, ...], tuple[Notice, ...]]:
    """The warnings about the deck's ``count`` first symbols where colour is lost: printed in
    black and white, or seen by colour-blind players (kept in ``cache`` when given); and notes
    (each look-alike pair, when there are many)."""

    def find() -> tuple[tuple[Notice, ...], tuple[Notice, ...]]:
        return vision_warnings(loaded.symbols[:count], card_color)

    return cache.derived(loaded, ("seen", count, card_color), find) if cache else find()


# What the sources hold, plural, as the sentences name them.
# "more pictures" as one phrase, so each language writes its own article: "plus d’images"
_MORE = {
    "pictures": N_("more pictures"),
    "words": N_("more words"),
    "symbols": N_("more symbols"),
}


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
        noun: what the symbols are, plural, for sentences: ``pictures``, ``words`` or
            ``symbols`` (both, or a vocabulary file's rows).
        searched: how many subfolders were searched too, as a phrase; "" for none.
        unused: the sources the deck leaves out, named as the build's summary names them
            (:func:`left_out`).
        unused_files: the picture files the deck leaves out (a vocabulary file's: those of
            its rows left out).
        drawn: with ``illustrate``, each word and the bundled picture drawing it, with the
            others that fit (:attr:`symbols.Sources.drawn`).
    """

    deck: Deck
    why: Notice
    found: int
    usable: int
    choices: tuple[DeckOption, ...]
    warnings: tuple[Notice, ...] = ()
    noun: str = "pictures"
    searched: str | Msg = ""  # "3 subfolders searched too", when pictures were looked for below
    unused: tuple[str, ...] = ()
    unused_files: tuple[Path, ...] = ()
    drawn: tuple[tuple[str, str, tuple[str, ...]], ...] = ()


def plan_sources(
    options: BuildOptions, progress: Progress | None = None, *, cache: SymbolCache | None = None
) -> DeckPlan:
    """The deck :func:`build` would make with ``options`` from pictures and words (a vocabulary
    file's: :func:`.matching.plan_matching`), after the same loading checks.

    Every source is decoded (at the size build would use), so duplicates and broken files are
    counted as build counts them; build itself stops decoding once its deck has its symbols.

    Raises:
        DobbleError: as :func:`build` would, about the sources or the deck's size.
    """
    found = sources_of(options)
    refuse_unreadable(found, skip_bad=options.symbol_options.skip_bad)
    where = tuple(options.sources)
    refuse_too_few(found, where)
    first, why = choose_deck(options, len(found.items), where, found.noun)
    # Words are told apart without drawing them, and draw (nearly) always: only the deck's are
    # drawn. 100,000 words were all drawn before one was chosen (204 s, 5.8 GB).
    words = found.noun == "words"
    loaded = (cache.load if cache else load_symbols)(
        found,
        need=first.symbol_count if words else None,
        max_px=symbol_pixels(options.card.size, options.symbol_margin, first.symbols_per_card),
        options=options.symbol_loading,
        progress=stage_progress(progress, "load"),
    )
    usable = len(loaded.symbols) + (len(loaded.unused) if words else 0)
    deck = first
    if usable < len(found.items):  # the sentence counts what can be used, not the broken files
        again, again_why = choose_deck(options, usable, where, found.noun)
        if again == first or usable < first.symbol_count or options.cards is not None:
            deck, why = again, again_why
    choices = deck_options(usable, larger=2) if usable >= 3 else ()
    if options.outline:  # as build prints them: an outlined picture never vanishes
        loaded = outline_pictures(loaded, cache)
    seen, _ = seen_warnings(loaded, deck.symbol_count, options.card_color, cache)
    warnings = loaded.warnings + seen + crowded(options, deck.symbols_per_card)
    return DeckPlan(
        deck,
        why,
        len(found.items),
        usable,
        choices,
        warnings,
        found.noun,
        found.searched,
        *left_out(found, loaded, deck.symbol_count),
        found.drawn,
    )


def left_out(
    found: Sources, loaded: SymbolSet, symbol_count: int
) -> tuple[tuple[str, ...], tuple[Path, ...]]:
    """The sources a deck of ``symbol_count`` symbols does not print, in source order: those
    loaded beyond the deck's symbols (a plan decodes every picture; a deck of fewer cards loads
    the whole deck's), then those never decoded. As (names, as ``loaded.unused`` names them: a
    picture by its file name, a word by itself; the picture files among them). Duplicates and
    skipped files are not here: their warnings say so."""
    sources = {source.label: source for source in found.items}
    beyond = [sources[s.source] for s in loaded.symbols[symbol_count:] if s.source in sources]
    names = tuple(s.word or s.path.name for s in beyond) + loaded.unused
    return names, tuple(s.path for s in beyond if not s.word) + loaded.unused_files


def symbols_to_load(
    options: BuildOptions, deck: Deck, count: int, where: tuple[Path, ...], noun: str
) -> int:
    """How many symbols to load for ``deck`` (planned on ``count`` sources): its own, or with
    ``cards`` and no N, those of the whole deck it was taken from, so that look-alikes found
    among them size the deck (400 pictures, many alike, made 6 cards of 20)."""
    if options.cards is None or options.symbols_per_card is not None:
        return deck.symbol_count
    whole, _ = plan_deck(None, None, count, where=where, noun=noun)
    return max(deck.symbol_count, whole.symbol_count)


def choose_deck(
    options: BuildOptions, count: int, where: Path | tuple[Path, ...], noun: str
) -> tuple[Deck, Notice]:
    """:func:`plan_deck` for ``count`` sources, with the Connect variant's own reason when there
    are too few pictures for its cards: its preset sets ``--cards 90``, which the user never typed,
    and 90 cards of a plane still hold every one of its pictures."""
    n = options.symbols_per_card
    if options.variant is Variant.CONNECT and n is not None and count < card_count(n):
        cards = options.cards or card_count(n)
        if cards >= card_count(n) - 1:
            raise DobbleError(
                N_(
                    "the Connect variant needs {needed} for its {cards} cards of {n} symbols "
                    "and there are {count}; add {more}",
                    needed=counted(card_count(n), noun),
                    cards=cards,
                    n=n,
                    count=count,
                    more=counted(card_count(n) - count, noun),
                ),
                file=where,
            )
    preset = "" if options.variant is Variant.CONNECT else options.preset  # its own reason above
    return plan_deck(n, options.cards, count, where=where, noun=noun, preset=preset)


# The seed a user did not choose is drawn from the sources and the options that change which
# cards there are and how they are laid out (the table's Shapes.SEED and Shapes.DECK), so the
# same pictures give the same deck on any paper, with or without backs, in build and in preview
# alike. (Reshuffled cards keep the seed.)
_SEEDED = shaping(Shapes.SEED)
# The options a seed took in after the first, in the words it took them in, each only when set so
# that every other deck kept its seed; an option marked Shapes.DECK since is taken in as its
# field and value, when not its default.
_FIRST_WORDS = frozenset({"labels", "faces", "illustrate", "theme", "same_size", "outline"})
_DEFAULTS = {f.name: f.default for f in dataclasses.fields(BuildOptions)}
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
        digest.update(b"file:" + os.fsencode(source.path.name))  # a name need not be UTF-8
        try:
            digest.update(_file_digest(source.path))
        except OSError:
            digest.update(b"unreadable")  # the build will say so
    shaped = tuple((name, getattr(options, name)) for name in _SEEDED)
    digest.update(repr(shaped).encode())
    _seed_when_set(options, digest)
    return int.from_bytes(digest.digest(), "big") % SEEDS


def _seed_when_set(options: BuildOptions, digest) -> None:
    """Take the options marked :attr:`Shapes.DECK` into the seed, each only when set."""
    for name in shaping(Shapes.DECK):
        value = getattr(options, name)
        if name not in _FIRST_WORDS and value != _DEFAULTS[name]:
            digest.update(repr((name, value)).encode())
    if options.labels or options.faces:  # only then, so that other decks keep their seeds
        digest.update(repr((options.labels, options.faces)).encode())
    if options.illustrate:
        digest.update(b"illustrate")
    if options.theme:  # its pictures are drawn by the seed: the theme, not them, draws it
        digest.update(b"theme:" + options.theme.encode())
    if options.same_size or options.outline:  # the same: other decks keep their seeds
        digest.update(repr(("access", options.same_size, options.outline)).encode())


CHUNK = 1 << 20  # bytes hashed at a time: a 3 GB file read whole took 3.1 GB before any check


def _file_digest(path: Path) -> bytes:
    """The file's BLAKE2b-128, read a chunk at a time (the same digest as read whole)."""
    file = hashlib.blake2b(digest_size=16)
    with path.open("rb") as f:
        while chunk := f.read(CHUNK):
            file.update(chunk)
    return file.digest()


def symbol_pixels(card_diameter: float, safe_margin: float, symbols_per_card: int) -> int:
    """Longest side to load pictures at: 300 dpi at the largest size a symbol can take."""
    usable = card_diameter - 2 * safe_margin
    largest_mm = usable * min(1.0, 1.7 / symbols_per_card**0.5)
    return max(64, min(2400, round(largest_mm / 25.4 * PRINT_DPI)))
