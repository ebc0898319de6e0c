"""Presets: TOML files of option values, bundled in ``templates/presets`` or the user's own.

A preset fills in options the command line did not give; keys are option names without the
leading dashes (``symbols-per-card = 8``, ``card-size = "94mm"``). It may not name the files a
build reads or writes (:data:`PLACES`).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from dobble_print.errors import DobbleError, OptionError
from dobble_print.files import given_file
from dobble_print.language import N_
from dobble_print.resources import templates_dir

# Options naming files a build reads or writes: a preset someone shares sets how a deck looks,
# never where files go (one wrote a report over notes.txt) nor what is read into the deck.
PLACES = {
    "output": N_("where the PDF goes"),
    "report": N_("where the report goes"),
    "png_dir": N_("where the card pictures go"),
    "play": N_("where the page to play goes"),
    "shop": N_("where the shop files go"),
    "sources": N_("what is read"),
    "back_image": N_("what is read"),
    "preset": N_("what is read"),
}

# Options of the command line alone: what one run prints or draws, not how a deck looks. The
# seed is drawn from the pictures when none is given, so one preset serves any pictures.
RUN_ONLY = {
    "seed": N_("the random seed of one layout"),
    "quiet": N_("what one run prints"),
    "verbose": N_("what one run prints"),
    "card": N_("what one preview draws"),
    "sheet": N_("what one preview draws"),
    "dpi": N_("what one preview draws"),
}


ABOUT = "about"  # a preset's few words for menus (the page's "Ready-made deck"); no option


def preset_about(name: str) -> str:
    """A bundled preset's ``about`` words, or its name when it has none."""
    data = tomllib.loads(bundled_presets()[name].read_text(encoding="utf-8"))
    about = data.get(ABOUT)
    return about if isinstance(about, str) else name


def bundled_shops() -> tuple[str, ...]:
    """The bundled shop profiles' names, the default one (print-and-cut) first: what both
    shells offer for ``shop_profile``."""
    from dobble_print.printing import DEFAULT_PROFILE, bundled_shop_profiles

    return tuple(sorted(bundled_shop_profiles(), key=lambda name: name != DEFAULT_PROFILE))


def bundled_presets() -> dict[str, Path]:
    """Preset name → file, for the presets that ship with the tool."""
    folder = templates_dir() / "presets"
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}


def load_preset(name_or_file: str, *, known: set[str]) -> dict[str, object]:
    """Read a preset into ``{option_name: value}`` with names in Python form (``card_size``).

    Args:
        name_or_file: a bundled preset's name or a path to a ``.toml`` file.
        known: the option names (Python form) the preset may set.

    Raises:
        OptionError: naming ``preset``: unknown preset, unreadable TOML, or a key that is not
            an option.
    """
    try:
        return _read_preset(name_or_file, known)
    except DobbleError as exc:
        raise OptionError("preset", exc.parts) from None


def _read_preset(name_or_file: str, known: set[str]) -> dict[str, object]:
    """:func:`load_preset`'s work; its errors name the preset or its file first."""
    bundled = bundled_presets()
    path = bundled.get(name_or_file) or given_file(name_or_file)
    if not path.is_file():
        names = ", ".join(bundled)
        raise DobbleError(
            N_(
                "{name}: no such preset or file; use one of {names} or a .toml file",
                name=name_or_file,
                names=names,
            )
        )
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        why = _unquoted(text, exc) or f"not a readable TOML file ({exc})"
        raise DobbleError(f"{path}: {why}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DobbleError(
            (path, ": ", N_("not a readable TOML file ({why})", why=str(exc)))
        ) from exc
    except RecursionError:  # tomllib recurses once per level of [[…]] or {…}
        raise DobbleError(
            (
                path,
                ": ",
                N_(
                    "its values are nested too deeply; a preset holds plain values such as "
                    'card-size = "94mm"'
                ),
            )
        ) from None
    values = {}
    for key, value in data.items():
        name = key.replace("-", "_")
        if name == ABOUT:
            continue
        if name in PLACES:
            raise DobbleError(
                (
                    path,
                    ": ",
                    N_(
                        "{key!r} says {what}, which a preset may not set (it sets how a deck "
                        "looks); take it out and give it on the command line",
                        key=key,
                        what=PLACES[name],
                    ),
                )
            )
        if name in RUN_ONLY:
            raise DobbleError(
                (
                    path,
                    ": ",
                    N_(
                        "{key!r} sets {what}, which a preset may not set (it sets how a deck "
                        "looks, for any pictures); take it out and give it on the command line",
                        key=key,
                        what=RUN_ONLY[name],
                    ),
                )
            )
        if name not in known:
            raise DobbleError(
                (
                    path,
                    ": ",
                    N_(
                        "{key!r} is not an option of build; use option names without dashes, "
                        "e.g. card-size",
                        key=key,
                    ),
                )
            )
        values[name] = value
    return values


_AT_LINE = re.compile(r"\(at line (\d+), column \d+\)")
_SETTING = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=\s*(.*?)\s*$")


def _unquoted(text: str, exc: tomllib.TOMLDecodeError) -> str:
    """For a line like ``card-size = 80mm`` (TOML wants text in quotes): where it is, and the line
    as it should be; "" for any other mistake."""
    where = _AT_LINE.search(str(exc))
    lines = text.splitlines()
    if not where or not 1 <= int(where.group(1)) <= len(lines):
        return ""
    line = int(where.group(1))
    setting = _SETTING.match(lines[line - 1])
    if not setting or not setting.group(2) or setting.group(2)[0] in "\"'[{":
        return ""
    key, value = setting.group(1), re.split(r"\s+#", setting.group(2))[0]
    try:
        tomllib.loads(f"v = {value}")
        return ""  # a valid value: the mistake is elsewhere
    except tomllib.TOMLDecodeError:
        pass
    return f'line {line}: put the value in quotes: {key} = "{value}"'
