"""The values of :data:`~dobble_print.options.table.OPTIONS`, as either shell has them (text
typed or sent by the page; switches and paths already typed), read into
:class:`~dobble_print.options.BuildOptions` fields.

Both shells call :func:`read_options`, so a value means the same on the command line and on the
page, and a bad one is refused in the same words: an :class:`OptionError` naming the option,
which each shell words as its own control.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, cast

from dobble_print.card import CardShape
from dobble_print.errors import OptionError
from dobble_print.language import N_, PSEUDO, language_of_locale
from dobble_print.options.conflicts import check_rules
from dobble_print.options.table import BY_NAME, Kind, Option, options_for
from dobble_print.printing import parse_paper
from dobble_print.symbols import SymbolOptions
from dobble_print.units import (
    parse_card_size,
    parse_color,
    parse_cut_guides,
    parse_length,
    parse_offset,
)


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _choice(option: Option, text: str) -> str:
    names = list(option.choices)
    if text.lower() not in names:
        listed = N_("{some} or {last}", some=", ".join(names[:-1]), last=names[-1])
        raise OptionError(
            option.name, N_("{text!r} is not a choice; use {listed}", text=text, listed=listed)
        )
    return text.lower()


def _count(option: Option, text: str) -> int | None:
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise OptionError(option.name, N_("{text!r} is not a whole number", text=text)) from None


def _degrees(option: Option, text: str) -> float:
    try:
        degrees = float(text)
    except ValueError:
        raise OptionError(option.name, N_("{text!r} is not a number", text=text)) from None
    assert option.low is not None and option.high is not None  # a DEGREES option has a range
    if not option.low <= degrees <= option.high:
        raise OptionError(
            option.name,
            N_(
                "{degrees:g} is out of range; give {low:g} (upright) to {high:g} degrees",
                degrees=degrees,
                low=float(option.low),
                high=float(option.high),
            ),
        )
    return degrees


def _cards(option: Option, text: str) -> tuple[int, ...]:
    """``"5,12"`` → (5, 12); empty → ()."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        raise OptionError(
            option.name,
            N_("{text!r} is not a list of card numbers; write them from 1, e.g. 5,12", text=text),
        )
    return tuple(int(p) for p in parts)


def _signed_length(option: Option, text: str) -> float:
    """A length; a negative one is passed on, for the engine to refuse in its own words (a
    length cannot start with a minus)."""
    mm = parse_length(text.removeprefix("-"), option=option.name)
    return -mm if text.startswith("-") else mm


def check_length(option: Option, text: str) -> None:
    """Refuse a text longer than its option's ``longest``, counted as a reader sees it.

    Raises:
        OptionError: naming the option, its length and the most it takes.
    """
    if option.longest is None:
        return
    from dobble_print.symbols import shown_length  # words.py takes numpy: only when asked

    if (count := shown_length(text)) > option.longest:
        raise OptionError(
            option.name,
            N_(
                "has {count} characters; a box's front shows at most {most}; shorten it",
                count=count,
                most=option.longest,
            ),
        )


def _title(option: Option, value: object) -> str | None:
    if value is None:
        return None
    if not str(value).strip():
        raise OptionError(option.name, N_('is empty; give the deck a name, e.g. "Our animals"'))
    check_length(option, str(value).strip())
    return str(value).strip()


def read_value(option: Option, value: object) -> Any:
    """One option's value as the engine takes it (mm, RGB, an enum member, a tuple).

    Raises:
        OptionError: naming the option, when the value is not of its kind.
    """
    kind, text = option.kind, _text(value)
    if kind is Kind.SWITCH:
        return bool(value)
    if kind in (Kind.FILE, Kind.FOLDER):
        # the shells give a file's value as text or a path, and a list of files as a list of them
        return None if value is None or value == "" else Path(cast("str | os.PathLike[str]", value))
    if kind is Kind.FILES:
        return tuple(Path(v) for v in cast("Iterable[str | os.PathLike[str]]", value or ()))
    if kind is Kind.COUNT:
        return _count(option, text)
    if kind is Kind.DEGREES:
        return _degrees(option, text)
    if option.name == "lang" and not text:  # none given: the locale's language
        return language_of_locale(os.environ)
    if option.name == "lang" and text.lower() == PSEUDO:  # accepted, never offered: for tests
        return PSEUDO
    if kind is Kind.CHOICE and option.default is None and not text:  # --theme: none
        return None
    if kind is Kind.CHOICE:
        chosen = _choice(option, text)
        return option.enum(chosen) if option.enum else chosen
    if kind is Kind.LENGTH:
        if option.name == "card_size":
            return parse_card_size(text, option=option.name)
        return _signed_length(option, text)
    if kind is Kind.COLOUR:
        return parse_color(text, option=option.name)
    if kind is Kind.PAPER:
        return parse_paper(text)
    if kind is Kind.GUIDES:
        return parse_cut_guides(text)
    if kind is Kind.OFFSET:
        return parse_offset(text, option=option.name)
    if kind is Kind.CARDS:
        return _cards(option, text)
    if kind is Kind.PROFILE:
        return _profile(text)
    if option.name == "title":
        return _title(option, value)
    return tuple(f.strip() for f in text.split(",") if f.strip())  # faces


def _profile(text: str):
    from dobble_print.printing import load_shop_profile

    return load_shop_profile(text) if text else None


def read_options(
    values: Mapping[str, object],
    *,
    command: str = "build",
    given: frozenset[str] = frozenset(),
    preset: str = "",
) -> dict[str, Any]:
    """The :class:`BuildOptions` fields of ``values`` (option name → value; a missing one is
    its default) for the options ``command`` takes, after the rules between options
    (:func:`~dobble_print.options.conflicts.check_rules`) held.

    ``given`` names the options the user set (typed, or changed on the page): only those are
    refused for doing nothing; defaults and a preset's values give way. ``preset`` names the
    preset the values came from: it is kept (``preset``) when it chose the symbols per card.

    Raises:
        OptionError: the first value that is not of its kind, or a rule broken.
    """
    taken = options_for(command)
    raw = {o.name: values.get(o.name, o.default) for o in taken}
    read = {name: read_value(BY_NAME[name], value) for name, value in raw.items()}
    check_rules(read, given, raw)
    if read.get("ladder"):  # each deck of a ladder has its own size: a preset's gives way
        read.update({name: None for name in ("symbols_per_card", "cards") if name not in given})
    fields = _fields(read, command)
    if preset and read.get("symbols_per_card") is not None and "symbols_per_card" not in given:
        fields["preset"] = preset
    return fields


def _fields(read: dict[str, Any], command: str) -> dict[str, Any]:
    """The options read, as :class:`BuildOptions` fields: several options fill one field."""
    from dobble_print.printing import fit_to_shop

    fields = {name: value for name, value in read.items() if BY_NAME[name].field is None}
    card = CardShape(read["shape"], read["card_size"])
    safe_margin = read["safe_margin"]
    profile = read["shop_profile"]
    if profile is not None:
        card, safe_margin = fit_to_shop(profile, card, safe_margin)
    fields.update(
        card=card,
        safe_margin=safe_margin,
        shop_profile=profile,
        max_rotation=read["rotation"],
        symbol_options=SymbolOptions(
            read["background"], read["photo_shape"], read["font"], read["skip_bad"]
        ),
    )
    if command == "build":
        from dobble_print.printing import box_inside, default_back

        if read["box"]:  # the box's own check of one card's thickness, before any work is done
            box_inside(CardShape(), 1, read["card_thickness"])

        fields.update(
            backs=read["back_image"] or (default_back() if read["backs"] else None),
            cover=not read["no_cover"],
        )
    return fields
