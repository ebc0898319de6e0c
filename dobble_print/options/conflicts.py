"""The rules between options, in one place for both shells: an option that does nothing
without another is refused, never dropped; a card size the shop's die overrides is refused,
never changed behind the user's back.

A broken rule is a :class:`Conflict` record inside an :class:`OptionError`; each shell words it
with its own names for the options (the command line's flags, the page's labels).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dobble_print.errors import OptionError
from dobble_print.language import N_, Msg, Np_
from dobble_print.options.table import OPTIONS


@dataclass(frozen=True)
class Needs:
    """``option`` does nothing unless one of ``needs`` is on; ``purpose`` says what that one
    does. ``even_unasked``: refused even when a preset set it (a shop profile also sets the
    card, so a preset's one must not pass unseen)."""

    option: str
    needs: tuple[str, ...]
    purpose: Msg
    even_unasked: bool = False


RULES: tuple[Needs, ...] = (
    Needs("duplex", ("backs", "back_image"), N_("to print the backs")),
    Needs("back_offset", ("backs", "back_image"), N_("to print the backs")),
    Needs("card_thickness", ("box",), N_("to print a tuck box")),
    Needs("shop_profile", ("shop",), N_("for the shop's files"), even_unasked=True),
)
# The options a card printer's die replaces (the deck is laid out at the die's card): those that
# fill the card.
DIE_SETS = tuple(o.name for o in OPTIONS if o.fills == "card")


@dataclass(frozen=True)
class Conflict:
    """A broken rule, as data.

    Attributes:
        option: the option refused.
        needs: the options one of which it needs (empty for a die's card).
        purpose: what the needed option does, in words.
        asked: whether the user set it (False: a preset did).
        profile: for a card the die overrides: the shop profile's name, and the die's card in
            words (``88.9 mm circle``).
        die: see ``profile``.
        instead: the profile that keeps the deck's own card (print-and-cut).
    """

    option: str
    needs: tuple[str, ...] = ()
    purpose: str | Msg = ""
    asked: bool = True
    profile: str = ""
    die: str | Msg = ""
    instead: str = ""


# A die's card, by its shape, in the words of the sentence that names it ("cuts {die} cards"):
# in their own message context, as a card's own description (card.py) has the same English words
# and other words in French ("carrées": the cards, not the card).
DIES = {
    # TRANSLATORS: the cards a print shop's die cuts: "the … shop profile cuts {die} cards"
    "circle": lambda size: Np_("die", "{size:g} mm circle", size=size),
    "hexagon": lambda size: Np_("die", "{size:g} mm hexagonal", size=size),
    "square": lambda size: Np_("die", "{size:g} mm square", size=size),
    "rounded": lambda size: Np_("die", "{size:g} mm rounded-square", size=size),
}


class ConflictError(OptionError):
    """An :class:`OptionError` whose cause is a :class:`Conflict`; ``value`` is the option's
    value as given, for the shells to repeat."""

    def __init__(self, conflict: Conflict, value: str) -> None:
        if conflict.needs:
            problem = f"{value} does nothing without {' or '.join(conflict.needs)}"
        else:
            problem = f"{value}: the {conflict.profile} shop profile cuts {conflict.die} cards"
        super().__init__(conflict.option, problem)
        self.conflict = conflict
        self.value = value


def _on(read: Mapping[str, Any], name: str) -> bool:
    value = read.get(name)
    return bool(value) and value is not None


def _shown(value: object) -> str:
    """A value as given: the text typed, an enum's value, a shop profile's name."""
    if isinstance(value, str):
        return value
    return str(getattr(value, "value", None) or getattr(value, "name", None) or value)


def check_rules(
    read: Mapping[str, Any], given: frozenset[str], raw: Mapping[str, object] | None = None
) -> None:
    """Refuse the first broken rule among the options read (name → value as the engine takes
    it); ``given``: the options the user set; ``raw``: their values as given, for the words.

    Raises:
        ConflictError: naming the option refused.
    """
    raw = raw or {}
    for rule in RULES:
        if rule.option not in read or not all(name in read for name in rule.needs):
            continue  # a command that takes neither (preview has no backs)
        asked = rule.option in given
        if not (asked or (rule.even_unasked and _on(read, rule.option))):
            continue
        if not any(_on(read, name) for name in rule.needs):
            conflict = Conflict(rule.option, rule.needs, rule.purpose, asked)
            raise ConflictError(conflict, _shown(raw.get(rule.option, read[rule.option])))
    profile = read.get("shop_profile")
    die = getattr(profile, "card", None)
    if die is None:
        return
    from dobble_print.card import CardShape
    from dobble_print.printing import DEFAULT_PROFILE, same_card

    for name in DIE_SETS:
        if name in given and not same_card(die, CardShape(read["shape"], read["card_size"])):
            assert profile is not None  # it has a die
            words = DIES[die.kind.value](float(die.size))
            conflict = Conflict(name, profile=profile.name, die=words, instead=DEFAULT_PROFILE)
            raise ConflictError(conflict, _shown(raw.get(name, read[name])))
