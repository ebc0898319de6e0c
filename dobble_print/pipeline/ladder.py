"""A difficulty ladder (``ladder``): the same pictures as three decks, 4, 5 and 6 symbols per
card (or the sizes the pictures allow), as the accessible edition's three levels.

Each rung is a whole build of its own (:func:`.building.build`), with its own cover, sheets,
checks and report, written beside the PDF asked for: ``deck-4.pdf``, ``deck-5.pdf`` and
``deck-6.pdf`` for ``deck.pdf``. Three PDFs rather than one: each is a deck to print, cut and
keep in its own box, every page of it checked as any deck is, its cover's key and summary its
own; one PDF of three decks would mix cards that must never meet.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from dobble_print.deck import card_count, counted
from dobble_print.errors import DobbleError, OptionError, Setting
from dobble_print.language import N_
from dobble_print.options import BuildOptions
from dobble_print.pipeline.building import BuildResult, build
from dobble_print.pipeline.loading import plan
from dobble_print.pipeline.planning import Progress
from dobble_print.symbols import SymbolCache

LADDER = (4, 5, 6)  # the rungs when the pictures allow: easy, middle, the junior deck's 6
SMALLEST = 3  # with fewer pictures the ladder starts lower: 3 a card (7 pictures) at least
RUNGS = 2  # a ladder has at least two rungs


def ladder_sizes(pictures: int) -> tuple[int, ...]:
    """The symbols per card of each rung for ``pictures`` pictures: the three largest sizes up
    to :data:`LADDER`'s whose full deck they fill (4, 5, 6 from 31 pictures; 3, 4, 5 from 21;
    3, 4 from 13); fewer than :data:`RUNGS` of them: none."""
    fits = [n for n in range(SMALLEST, LADDER[-1] + 1) if card_count(n) <= pictures]
    rungs = tuple(fits[-len(LADDER) :])
    return rungs if len(rungs) >= RUNGS else ()


def rung_path(path: Path, n: int) -> Path:
    """Where the rung of ``n`` a card goes: ``deck-4.pdf`` for ``deck.pdf``."""
    return path.with_name(f"{path.stem}-{n}{path.suffix}")


def _check(options: BuildOptions) -> None:
    """Refuse what a ladder cannot honour: a size or card count of its own, and the further
    files written once (card pictures, shop files)."""
    for field in ("symbols_per_card", "cards"):
        if getattr(options, field) is not None:
            raise OptionError(
                "ladder",
                (
                    N_("chooses the symbols per card of each deck itself; leave out "),
                    Setting(field),
                ),
            )
    for field in ("png_dir", "shop"):
        if getattr(options, field) is not None:
            raise OptionError(
                "ladder",
                (
                    N_("writes three decks, and only their PDFs; leave out "),
                    Setting(field),
                    N_(", or build each deck on its own"),
                ),
            )


def build_ladder(
    options: BuildOptions, progress: Progress | None = None
) -> tuple[BuildResult, ...]:
    """Build each rung of the ladder (:func:`ladder_sizes`) beside ``options.output``
    (:func:`rung_path`), its report and page to play too when asked for; the pictures are
    decoded once for all of them where their size allows.

    Raises:
        DobbleError: too few pictures for two rungs, an option a ladder cannot honour, or
            whatever :func:`.building.build` raises for a rung (the rungs before it stay).
    """
    _check(options)
    cache = SymbolCache()
    planned = plan(options, cache=cache)
    sizes = ladder_sizes(planned.usable)
    if not sizes:
        raise DobbleError(
            N_(
                "a difficulty ladder needs {least} or more, for two decks (of 3 and 4 per "
                "card); there are {count}",
                least=counted(card_count(SMALLEST + 1), planned.noun),
                count=planned.usable,
            ),
            file=tuple(options.sources),
        )
    built = []
    for n in sizes:
        rung = dataclasses.replace(
            options,
            symbols_per_card=n,
            output=rung_path(options.output, n),
            report=rung_path(options.report, n) if options.report else None,
            play=rung_path(options.play, n) if options.play else None,
        )
        built.append(build(rung, progress, cache=cache))
    return tuple(built)
