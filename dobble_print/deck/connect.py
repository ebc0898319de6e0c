"""The Connect variant: starting cards and four teams, told apart by the colour of a card's border.

Dobble Connect plays on hexagonal cards of the order-9 plane (10 symbols a card): 10 starting cards
with a black border are laid out first, and each of four teams plays its own 20 cards, bordered in
its colour. Any two cards still share exactly one symbol, so which card joins which team does not
matter; the deck is shuffled by seed before the borders are handed out in order.

Example:
    >>> [team.name for team in assign_teams(90)[9:11]]
    ['start', 'pink']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dobble_print.errors import OptionError
from dobble_print.language import N_, words

BORDER_MM = 3.0  # band inside the cut line; the preset's safe margin keeps symbols off it
STARTING_CARDS = 10


@dataclass(frozen=True)
class Team:
    """A group of cards with one border colour (``rgb`` in [0, 1]), and the letter printed on the
    border (a class set's copy: :mod:`.copies`; none for Connect's teams)."""

    name: str
    rgb: tuple[float, float, float]
    letter: str = ""


START = Team("start", (0.0, 0.0, 0.0))
TEAMS = (
    Team("pink", (0.93, 0.30, 0.62)),
    Team("orange", (0.98, 0.55, 0.10)),
    Team("green", (0.18, 0.66, 0.30)),
    Team("blue", (0.16, 0.42, 0.86)),
)


def assign_teams(card_count: int) -> tuple[Team, ...]:
    """The team of each card in deck order: 10 starting cards, then the teams in turn, 20 each.

    A deck with fewer than 90 cards (fewer pictures than the full deck needs) keeps its 10
    starting cards and shares the rest out as evenly as it can, earlier teams first; cards beyond
    90 (the 91st of the plane) are left out by the preset's ``cards = 90``.

    Raises:
        DobbleError: when there are not even enough cards for the starting ones and one per team.
    """
    if card_count < STARTING_CARDS + len(TEAMS):
        raise OptionError(
            "variant",
            N_(
                "connect needs at least {least} cards, this deck has {count}; add pictures (the "
                "full Connect deck needs 91)",
                least=STARTING_CARDS + len(TEAMS),
                count=card_count,
            ),
        )
    rest = card_count - STARTING_CARDS
    per, extra = divmod(rest, len(TEAMS))
    out = [START] * STARTING_CARDS
    for i, team in enumerate(TEAMS):
        out += [team] * (per + (i < extra))
    return tuple(out)


def cover_lines(teams: Sequence[Team], lang: str = "en") -> tuple[str, ...]:
    """What the cover says about the deck's ``teams`` (one line, short enough to print at full
    size), in ``lang``."""
    _ = words(lang).gettext
    said = {"pink": _("pink"), "orange": _("orange"), "green": _("green"), "blue": _("blue")}
    names = _(", ").join(said[t.name] for t in TEAMS)
    sizes = sorted({sum(1 for x in teams if x == t) for t in TEAMS})
    each = (
        f"{sizes[0]}" if len(sizes) == 1 else _("{low}–{high}").format(low=sizes[0], high=sizes[-1])
    )
    starting = sum(1 for x in teams if x == START)
    line = _(
        "Connect: lay out the {starting} black-bordered cards; four teams of {each} ({names})."
    )
    return (line.format(starting=starting, each=each, names=names),)
