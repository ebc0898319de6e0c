"""Theme decks: a ready-made deck of the bundled pictures (``--theme animals``), no other input.

The theme's pictures become the sources, drawn by the seed: as many as the deck has symbols,
so the summary lists no picture left unused and a changed seed gives other animals. Without a
number of symbols per card the deck is the classic 57 cards of 8 where the theme has the
pictures, else the largest full deck it has them for (the 13 body parts: 13 cards of 4).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from dobble_print.deck import card_count, check_symbols_per_card, supported_sizes
from dobble_print.errors import OptionError
from dobble_print.language import N_
from dobble_print.options import BuildOptions
from dobble_print.seeds import Stream, generator
from dobble_print.symbols import library_file, library_pictures, themes

ALL = "all"  # every theme's pictures
CLASSIC = 8  # symbols per card of the shop game: a theme deck's size when it has the pictures


@dataclass(frozen=True)
class ThemeSize:
    """What one theme holds and the deck build makes of it.

    Attributes:
        id: ``animals``…, or ``all``.
        pictures: the pictures a theme deck draws from.
        symbols_per_card: the deck's, without ``symbols_per_card`` asked.
        cards: the full deck's cards (as many as its symbols).
    """

    id: str
    pictures: int
    symbols_per_card: int
    cards: int


def theme_keys(theme_id: str) -> tuple[str, ...]:
    """The bundled pictures a deck of ``theme_id`` draws from (``all``: every theme's).

    Raises:
        KeyError: no such theme.
    """
    if theme_id == ALL:
        wanted = {k for t in themes() for k in t.keys}
        return tuple(p.key for p in library_pictures() if p.key in wanted)
    for theme in themes():
        if theme.id == theme_id:
            return theme.keys
    raise KeyError(theme_id)


def theme_deck_size(pictures: int) -> int:
    """Symbols per card of a theme deck of ``pictures`` pictures: 8 (57 cards) when there are
    57, else the largest full deck (31 of 6, 21 of 5, 13 of 4…)."""
    fitting = [n for n in supported_sizes() if n <= CLASSIC and card_count(n) <= pictures]
    return fitting[-1] if fitting else supported_sizes()[0]


def theme_sizes() -> tuple[ThemeSize, ...]:
    """Every theme, ``all`` last, with its pictures and the deck it makes."""
    ids = [t.id for t in themes()] + [ALL]
    sizes = []
    for theme_id in ids:
        count = len(theme_keys(theme_id))
        n = theme_deck_size(count)
        sizes.append(ThemeSize(theme_id, count, n, card_count(n)))
    return tuple(sizes)


def theme_sources(options: BuildOptions) -> BuildOptions:
    """``options`` with its theme's pictures as its sources, drawn by its seed (and its theme
    then None, so that drawing twice changes nothing); ``options`` itself without a theme.

    Raises:
        OptionError: a theme with sources given too, or a theme the library has not.
    """
    if options.theme is None or options.seed < 0:  # a negative seed: refused by the build
        return options
    if options.sources:
        raise OptionError(
            "theme",
            N_("makes the whole deck from the bundled pictures; give no folders or files with it"),
        )
    try:
        keys = theme_keys(options.theme)
    except KeyError:
        raise OptionError(
            "theme", N_("{theme!r} is not a theme of the bundled pictures", theme=options.theme)
        ) from None
    n = options.symbols_per_card or theme_deck_size(len(keys))
    check_symbols_per_card(n)
    if card_count(n) > len(keys):  # a theme deck is a full deck
        raise OptionError(
            "symbols_per_card",
            N_(
                "{n} needs {needed} pictures and the {theme} theme has {count}; use {most} or "
                "fewer symbols a card",
                n=n,
                needed=card_count(n),
                theme=options.theme,
                count=len(keys),
                most=theme_deck_size(len(keys)),
            ),
        )
    count = card_count(n)
    rng = generator(options.seed, Stream.THEME)
    drawn = sorted(rng.choice(len(keys), size=count, replace=False).tolist())
    sources = tuple(library_file(keys[i]) for i in drawn)
    return dataclasses.replace(options, sources=sources, theme=None)
