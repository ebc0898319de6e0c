"""The pages printed before the card sheets (a printer's *front matter*): the cover with its
answer key, the rules sheet (``--rules``) and the tuck box (``--box``).

Each is planned here from the deck, its symbols and the options, as geometry and words in mm;
``printing/pdf`` draws them with the cards. Their page counts are known before the cards are
laid out, so that the sheets can be numbered; :func:`page_counts` and
:func:`plan_front_matter` read the same facts, so the counts are the pages printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dobble_print.deck import Deck, Team, class_set_lines, cover_lines
from dobble_print.errors import Notice, notice
from dobble_print.language import words
from dobble_print.options import BuildOptions, Variant
from dobble_print.pipeline.matching import Matching, key_faces
from dobble_print.printing import (
    BoxPage,
    CoverPage,
    DeckFacts,
    RulesDeck,
    SheetPlan,
    cover_page_count,
    plan_box,
    plan_cover,
    plan_rules,
)
from dobble_print.symbols import Symbol, is_library_file, key_name, picture_name, text_warning


@dataclass(frozen=True)
class FrontMatter:
    """The pages before the card sheets, each empty when not asked for."""

    cover: tuple[CoverPage, ...] = ()
    rules: tuple = ()
    box: tuple[BoxPage, ...] = ()
    warnings: tuple[Notice, ...] = ()  # a title no installed font can print


def page_counts(
    options: BuildOptions, deck: Deck, symbols: Sequence[Symbol], matching: Matching | None
) -> tuple[int, int, int]:
    """How many pages the cover, the rules and the box take."""
    cover = cover_page_count(_count(symbols, matching), options.paper, options.margin)
    return (
        cover if options.cover else 0,
        len(_rules(options, deck, symbols, matching)),
        len(_box(options, deck, symbols)),
    )


def _notes(options: BuildOptions, teams: tuple[Team, ...] | None) -> tuple[str, ...]:
    """The cover's line about the cards' rims: Connect's teams, or a class set's marks."""
    if not teams:
        return ()
    if options.marked:
        return class_set_lines(teams, split=options.split, lang=options.lang)
    return cover_lines(teams, options.lang)


def plan_front_matter(
    options: BuildOptions,
    deck: Deck,
    symbols: Sequence[Symbol],
    plan: SheetPlan,
    *,
    matching: Matching | None,
    teams: tuple[Team, ...] | None,
) -> FrontMatter:
    """The cover (its answer key lists a vocabulary's rows with all their faces), the rules and
    the box of the deck."""
    facts = DeckFacts(
        deck.symbols_per_card,
        len(deck.cards),
        _count(symbols, matching),
        options.seed,
        notes=_notes(options, teams),
        title=options.title,
        lang=options.lang,
        bundled=any(is_library_file(s.source) for s in symbols if s.kind != "word"),
        shows={"picture or word": "symbol"}.get(shown := shows(symbols)[0], shown),
    )
    cover: tuple[CoverPage, ...] = ()
    if options.cover:
        names = matching.key_names() if matching else [s.name for s in symbols]
        if matching is None:  # an emoji's code points (1f344.svg) by its name in the language
            names = [
                picture_name(n, s.source, s.kind, options.lang)
                for n, s in zip(names, symbols, strict=True)
            ]
        if options.labels:  # the key names what the cards name: no camera's counter
            names = [
                key_name(n, s.source, s.kind, options.lang)
                for n, s in zip(names, symbols, strict=True)
            ]
        cover = plan_cover(names, facts, plan)
        if matching is not None:
            cover = key_faces(cover, matching.key_symbols())
    return FrontMatter(
        cover,
        _rules(options, deck, symbols, matching),
        _box(options, deck, symbols),
        _title_warnings(options),
    )


def _title_warnings(options: BuildOptions) -> tuple[Notice, ...]:
    """One line when the title (on the cover, the rules or the box) has characters no TrueType
    font has: the pages print it all the same, those characters as boxes."""
    if not options.title or not (options.cover or options.rules or options.box):
        return ()
    said = text_warning(options.title)
    return (notice(said),) if said else ()


def _count(symbols: Sequence[Symbol], matching: Matching | None) -> int:
    """The symbols the deck is about: a vocabulary's rows, not each of their faces."""
    return matching.entries if matching else len(symbols)


def _rules(
    options: BuildOptions, deck: Deck, symbols: Sequence[Symbol], matching: Matching | None
) -> tuple:
    """The rules sheet's page(s), none without ``--rules``."""
    if not options.rules:
        return ()
    about = RulesDeck(
        len(deck.cards),
        deck.symbols_per_card,
        _count(symbols, matching),
        connect=options.variant is Variant.CONNECT,
        cover=options.cover,
        title=options.title,
        shows=shows(symbols),
        lang=options.lang,
    )
    return plan_rules(about, options.paper, options.margin)


def shows(symbols: Sequence[Symbol]) -> tuple[str, str]:
    """What the cards show, one and several, for the rules and the box: a word deck's rules
    speak of words."""
    words = sum(s.kind == "word" for s in symbols)
    if not words:
        return "picture", "pictures"
    return ("word", "words") if words == len(symbols) else ("picture or word", "pictures and words")


def _box(options: BuildOptions, deck: Deck, symbols: Sequence[Symbol]) -> tuple[BoxPage, ...]:
    """The tuck box's page(s), none without ``--box``."""
    if not options.box:
        return ()
    cards, n = len(deck.cards), deck.symbols_per_card
    t = words(options.lang)
    shown = {
        "picture": t.ngettext("{count} picture on each", "{count} pictures on each", n),
        "word": t.ngettext("{count} word on each", "{count} words on each", n),
        "picture or word": t.ngettext(
            "{count} picture or word on each", "{count} pictures and words on each", n
        ),
    }[shows(symbols)[0]]
    facts = t.ngettext(
        "{count} card, {shown}\nany two share exactly one",
        "{count} cards, {shown}\nany two share exactly one",
        cards,
    ).format(count=cards, shown=shown.format(count=n))
    return plan_box(
        options.card,
        cards,
        thickness=options.card_thickness,
        paper=options.paper,
        margin=options.margin,
        title=options.title or t.gettext("Spot it! deck"),
        facts=facts,
        lang=options.lang,
    )
