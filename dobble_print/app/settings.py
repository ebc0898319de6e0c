"""The page's choices: the options of the one table (:data:`dobble_print.OPTIONS`) that have a
label, read by :func:`dobble_print.read_options` as the command line's are, and written back
out as the ``dobble-print build …`` command that makes the same PDF.

The page sends every value as the text the command line takes (``"94mm"``, ``"hexagon"``; a
switch ``"yes"`` or ``"no"``); a preset fills the values it names, exactly as ``--preset`` fills
the defaults of the command line's options. The command names the preset and then only what
differs from it, so it reads as the user chose. The page's menus (:func:`offered`) come from
the same table, so a new option with a label is on the page with no change here.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dobble_print import (
    BY_NAME,
    OPTIONS,
    BuildOptions,
    ConflictError,
    DobbleError,
    Kind,
    Msg,
    Option,
    OptionError,
    bundled_presets,
    load_preset,
    option_of,
    read_options,
    read_value,
    said,
)
from dobble_print.app.catalogue import N_, page_words
from dobble_print.app.wording import Labels, error_text

# The page's options, in the table's order; a preset may also set some the page does not show
# (a Connect deck's variant, a punch's cut guides), which the command then names.
PAGE = tuple(o for o in OPTIONS if o.on_page)
# The card backs: a switch and a file on the command line, one menu on the page (the file is
# uploaded).
BACKS = {
    "none": N_("No backs (one-sided)"),
    "bundled": N_("The bundled pattern"),
    "own": N_("My own picture"),
}
DEFAULT_SHOP = "print-and-cut"  # the shop files without --shop-profile
SHOP_FOLDER = "shop"  # where the shown command writes the shop files (--shop-profile needs it)
MAX_VALUE = 40  # characters: every real value is far shorter
# A text with a length of its own (the title: its table entry's ``longest``) is refused by the
# engine in the command line's words, under its control; past this it is no value a page sends.
MAX_TEXT = 1000


def page_default(option: Option) -> str:
    """An option's default as the page sends it."""
    if option.name == "backs":
        return "none"
    if option.name == "shop_profile":
        return DEFAULT_SHOP
    if option.name == "lang":  # the printed pages' language: the computer's, until one is chosen
        return read_value(option, "")
    if option.kind is Kind.SWITCH:
        return "yes" if option.default else "no"
    return "" if option.default is None else str(option.default)


def preset_keys() -> frozenset[str]:
    """The options the bundled presets set: choosing another preset resets these, and keeps
    every other choice as it is."""
    keys = set()
    for name in bundled_presets():
        keys |= set(load_preset(name, known=set(BY_NAME)))
    return frozenset(keys)


def preset_values(preset: str) -> dict[str, str]:
    """The page's defaults with ``preset``'s values over them, as text; a preset's switch is
    ``"yes"``/``"no"`` as the page sends it."""
    values = {o.name: page_default(o) for o in PAGE}
    values.update({name: page_default(BY_NAME[name]) for name in preset_keys()})
    if preset:
        for key, value in load_preset(preset, known=set(BY_NAME)).items():
            switch = BY_NAME[key].kind is Kind.SWITCH
            values[key] = ("yes" if value else "no") if switch else str(value)
    return values


DEFAULTS = preset_values("")


@dataclass(frozen=True)
class Choices:
    """What the page chose: a preset (or none), every value as text, which values the user
    set (``given``: those sent that differ from the preset's or the default), and a theme of
    the bundled pictures (``theme``: the deck is made of them, not of the session's files)."""

    preset: str
    values: Mapping[str, str]
    given: frozenset[str] = frozenset()
    theme: str = ""

    @classmethod
    def from_json(cls, data: object) -> Choices:
        """The page's JSON (``{"preset": …, "values": {…}}``), checked.

        Raises:
            DobbleError: an unknown preset or choice, or a value that is not short text.
        """
        data = data if isinstance(data, dict) else {}
        preset = str(data.get("preset") or "")
        if preset and preset not in bundled_presets():
            raise OptionError("preset", f"{preset!r} is not one of {', '.join(bundled_presets())}")
        theme = str(data.get("theme") or "")
        if theme and theme not in BY_NAME["theme"].choices:
            raise OptionError("theme", f"{theme[:MAX_VALUE]!r} is not a theme")
        sent = data.get("values") or {}
        if not isinstance(sent, dict):
            raise DobbleError("the choices must be an object of option values")
        base = preset_values(preset)
        values, given = dict(base), set()
        for key, value in sent.items():
            option = BY_NAME.get(key)
            if option is None or not option.on_page:
                raise DobbleError(f"{key!r} is not a choice the app offers")
            longest = MAX_TEXT if option.longest is not None else MAX_VALUE
            if not isinstance(value, str | int | float) or len(str(value)) > longest:
                raise OptionError(key, f"{str(value)[:MAX_VALUE]!r} is not a value")
            values[key] = str(value).strip()
            if not _same(key, values[key], base[key]):
                given.add(key)
        return cls(preset, values, frozenset(given), theme)


def _switch(name: str, text: str) -> bool:
    if text not in {"yes", "no"}:
        raise OptionError(name, f"{text!r} is not a choice; use yes or no")
    return text == "yes"


def _backs(text: str, back: Path | None) -> dict[str, Any]:
    if text not in BACKS:
        raise OptionError("backs", f"{text!r} is not a choice; use none, bundled or own")
    if text == "own" and back is None:
        raise OptionError("backs", "add your back picture first, or choose the bundled pattern")
    return {"backs": text == "bundled", "back_image": back if text == "own" else None}


def _bundled_shop(name: str) -> None:
    """The page offers the bundled shop profiles only (a path would read a file of the server's
    choosing)."""
    from dobble_print.printing import bundled_shop_profiles

    if name not in bundled_shop_profiles():
        names = ", ".join(bundled_shop_profiles())
        raise OptionError("shop_profile", f"{name!r} is not a choice; use {names}")


def engine_values(choices: Choices, back: Path | None = None) -> dict[str, object]:
    """The choices as :func:`read_options` takes them: a switch true or false, the backs as the
    switch and the file, the print-and-cut shop as no profile, and the page's shop download as
    the shop folder a profile needs (the build itself writes no shop files)."""
    values: dict[str, object] = {}
    for key, text in choices.values.items():
        option = BY_NAME[key]
        if key == "backs":
            values.update(_backs(text, back))
        elif key == "shop_profile":
            _bundled_shop(text)
            values[key] = None if text == DEFAULT_SHOP else text
            values["shop"] = SHOP_FOLDER if text != DEFAULT_SHOP else None
        elif option.kind is Kind.SWITCH:
            values[key] = _switch(key, text)
        else:
            values[key] = (text or None) if option.default is None else text
    return values


def build_options(
    choices: Choices,
    *,
    sources: tuple[Path, ...],
    output: Path,
    seed: int,
    back: Path | None = None,
    reshuffle: Sequence[int] = (),
) -> BuildOptions:
    """The :class:`BuildOptions` the CLI would make of the same option values.

    Bad files are always skipped (the page shows each one's reason); ``back`` is the uploaded
    back picture, used when the backs choice is ``own``.

    Raises:
        OptionError: a value that does not read or a rule between options broken, naming the
            option (:func:`word` says it as the page's control).
    """
    values = {**engine_values(choices, back), "skip_bad": True}
    given = choices.given | ({"back_image"} if choices.values.get("backs") == "own" else set())
    if choices.theme:  # the deck is the theme's pictures: the session's files are not used
        values["theme"], sources = choices.theme, ()
    fields = read_options(values, command="build", given=frozenset(given), preset=choices.preset)
    fields.update(sources=sources, output=output, seed=seed, shop=None)
    if reshuffle:
        fields["reshuffle"] = tuple(reshuffle)
    return BuildOptions(**fields)


def _same(key: str, a: str, b: str) -> bool:
    """Whether two texts of one option mean the same value (``94mm`` and ``94.0``)."""
    if a == b:
        return True
    option = BY_NAME[key]
    if option.kind in (Kind.SWITCH, Kind.PROFILE) or key == "backs":
        return False
    try:
        return read_value(option, a) == read_value(option, b)
    except (DobbleError, ValueError):
        return False


def _fixes_card(values: Mapping[str, str]) -> bool:
    """Whether the chosen shop profile cuts its own card (the command then names no card)."""
    name = values.get("shop_profile", DEFAULT_SHOP)
    if name == DEFAULT_SHOP:
        return False
    return read_value(BY_NAME["shop_profile"], name).card is not None


def _words(option: Option, text: str, back: str | None) -> list[str]:
    """The command's words for one option's value that differs from the base."""
    if option.name == "backs":
        return {"bundled": ["--backs"], "own": ["--back-image", back] if back else []}.get(text, [])
    if option.name == "shop_profile":
        return ["--shop", SHOP_FOLDER, option.flag, text]
    if option.kind is Kind.SWITCH:
        return [option.flag] if text == "yes" else []
    return [option.flag, text]


def command(
    choices: Choices,
    *,
    sources: Sequence[str],
    seed: int,
    back: str | None = None,
    reshuffle: Sequence[int] = (),
    skip_bad: bool = False,
    output: str = "deck.pdf",
) -> str:
    """The ``dobble-print build …`` command that makes the same PDF from the same files.

    ``sources`` and ``back`` are the paths as the user's folder holds them. The preset is named
    when every value it sets is still set (the CLI cannot unset a preset's ``-n``); otherwise
    each value that differs from the CLI's defaults is written out.
    """
    v = choices.values
    base = preset_values(choices.preset)
    keeps_preset = bool(choices.preset) and all(v[k] or not base[k] for k in v)
    if not keeps_preset:
        base = dict(DEFAULTS)
    args = ["dobble-print", "build", *sources, "-o", output, "--seed", str(seed)]
    if "lang" in v:  # always: without it the CLI prints in its own computer's language
        args += [BY_NAME["lang"].flag, read_value(BY_NAME["lang"], v["lang"])]
    if choices.theme:
        args += [BY_NAME["theme"].flag, choices.theme]
    if keeps_preset:
        args += ["--preset", choices.preset]
    for key in (o.name for o in OPTIONS if o.name in v):
        option = BY_NAME[key]
        if option.under and v.get(option.under, "no") in ("no", "none"):
            continue  # sent only while its switch is on; the CLI refuses it alone
        if option.fills == "card" and _fixes_card(v):  # the shop's die sets the card
            continue
        if key == "title":
            if v[key].strip():
                args += [option.flag, v[key].strip()]
            continue
        if key == "lang":  # named after the seed
            continue
        if not _same(key, v[key], base[key]):
            args += _words(option, v[key], back)
    if reshuffle:
        args += ["--reshuffle", ",".join(map(str, reshuffle))]
    if skip_bad:
        args.append("--skip-bad")
    return shlex.join(args)


# ---- what the page shows ----------------------------------------------------------------------


def page_label(field: str, lang: str = "en") -> str | None:
    """The page's name of ``field``'s control in ``lang``; None when the page offers none."""
    _ = page_words(lang).gettext
    if field == "preset":
        return _("Ready-made deck")
    option = option_of(field)
    if field == "lang" or (option and option.name == "lang"):
        return _("Language")  # the page's one language menu, in its header
    return _(option.label) if option and option.label else None


def labels(lang: str) -> Labels:
    """:func:`page_label` in ``lang``, as :mod:`.words` takes it."""
    return lambda field: page_label(field, lang)


def word(exc: DobbleError, name=lambda path: path.name, lang: str = "en") -> str:
    """A user error as the page says it in ``lang`` (:mod:`.words`): an option's problem
    after its control's label, files by ``name``."""
    if isinstance(exc, ConflictError):
        return conflict_words(exc, lang)
    return error_text(exc, name, labels(lang), lang)


def conflict_words(exc: ConflictError, lang: str = "en") -> str:
    """A broken rule between options in the page's words (``lang``'s): the controls by their
    labels."""
    _ = page_words(lang).gettext
    rule = exc.conflict
    own = BY_NAME[rule.option]
    if not rule.needs:
        return _(
            "{label}: the {profile} shop cuts {die} cards; choose “{shops}: {instead}” to set "
            "your own"
        ).format(
            label=_(own.label) if own.label else own.name,
            profile=rule.profile,
            die=said(rule.die, lang) if isinstance(rule.die, Msg) else rule.die,
            shops=page_label("shop_profile", lang),
            instead=_(BACKS[rule.instead]) if rule.instead in BACKS else rule.instead,
        )
    needed = next((BY_NAME[n] for n in rule.needs if BY_NAME[n].on_page), BY_NAME[rule.needs[0]])
    value = own.choices.get(exc.value)
    return _(
        "{label}: “{value}” does nothing without “{needed}”; choose them {purpose}, or set "
        "{label} back"
    ).format(
        label=_(own.label) if own.label else own.name,
        value=_(value) if value else exc.value,
        needed=_(needed.label) if needed.label else needed.name,
        purpose=rule.purpose,
    )
