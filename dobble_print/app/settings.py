"""The page's choices, as the CLI's option values: parsed into :class:`BuildOptions`, and written
back out as the ``dobble-print build …`` command that makes the same PDF.

The page sends every choice as the text the CLI takes (``"94mm"``, ``"hexagon"``); a preset fills
the choices it names, exactly as ``--preset`` fills the defaults of the CLI's options. The command
names the preset and then only what differs from it, so it reads as the user chose.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from dobble_print.app.extras import (
    ADVICE,
    EXTRA_DEFAULTS,
    EXTRA_LABELS,
    MAX_TITLE,
    extra_args,
    extra_fields,
    fixes_card,
    shop_profiles,
)
from dobble_print.card import CardShape, ShapeKind
from dobble_print.errors import DobbleError, OptionError
from dobble_print.options import BuildOptions, Variant
from dobble_print.printing import PAPERS, Duplex, default_back, parse_paper
from dobble_print.symbols import (
    IMAGE_SUFFIXES,
    SYSTEM_FOLDERS,
    Background,
    PhotoShape,
    SymbolOptions,
    format_names,
)
from dobble_print.units import (
    COLORS,
    parse_color,
    parse_cut_guides,
    parse_length,
)

# Each choice the page offers, its CLI option, and the CLI's default (tests/app checks these
# defaults against the CLI's own, so the two cannot drift apart).
OPTIONS = {
    "symbols_per_card": "-n",
    "cards": "--cards",
    "paper": "--paper",
    "card_size": "--card-size",
    "shape": "--shape",
    "card_color": "--card-color",
    "rotation": "--rotation",
    "safe_margin": "--safe-margin",
    "variant": "--variant",
    "photo_shape": "--photo-shape",
    "duplex": "--duplex",
    "cut_guides": "--cut-guides",
}
DEFAULTS = {
    "symbols_per_card": "",
    "cards": "",
    "paper": "a4",
    "card_size": "85mm",
    "shape": "circle",
    "card_color": "white",
    "rotation": "180",
    "safe_margin": "3mm",
    "variant": "classic",
    "photo_shape": "rect",
    "duplex": "long",
    "backs": "none",  # none, bundled (--backs) or own (--back-image)
    "cut_guides": "circle,ticks",
    **EXTRA_DEFAULTS,  # rules, box, card thickness, title, labels, shop profile
}
PRESETS = ("classic", "junior", "toddler", "mini", "connect", "punch-2in", "punch-2.5in")
# The page's name for each value, as its label reads: messages name the control, not a flag.
LABELS = {
    "symbols_per_card": "Symbols per card",
    "cards": "Cards to print",
    "paper": "Paper",
    "card": "Card size",
    "card_size": "Card size",
    "shape": "Card shape",
    "card_color": "Card colour",
    "rotation": "Symbols",
    "max_rotation": "Symbols",
    "safe_margin": "Safe margin (from the preset)",
    "variant": "Deck variant (from the preset)",
    "photo_shape": "Photos cut as",
    "backs": "Card backs",
    "duplex": "Printer turns the paper",
    "reshuffle": "Shuffle this card",
    "cut_guides": "Cut guides (from the preset)",
    **EXTRA_LABELS,
}
MAX_VALUE = 40  # characters: every real value is far shorter


@dataclass(frozen=True)
class Choices:
    """What the page chose: a preset (or none) and every value, as the CLI's text."""

    preset: str
    values: Mapping[str, str]

    @classmethod
    def from_json(cls, data: object) -> Choices:
        """The page's JSON (``{"preset": …, "values": {…}}``), checked.

        Raises:
            DobbleError: an unknown preset or choice, or a value that is not short text.
        """
        data = data if isinstance(data, dict) else {}
        preset = str(data.get("preset") or "")
        if preset and preset not in PRESETS:
            raise DobbleError(f"preset {preset!r} is not one of {', '.join(PRESETS)}")
        given = data.get("values") or {}
        if not isinstance(given, dict):
            raise DobbleError("the choices must be an object of option values")
        values = dict(preset_values(preset))
        for key, value in given.items():
            if key not in DEFAULTS:
                raise DobbleError(f"{key!r} is not a choice the app offers")
            longest = MAX_TITLE if key == "title" else MAX_VALUE
            if not isinstance(value, str | int | float) or len(str(value)) > longest:
                raise DobbleError(f"{key}: {str(value)[:MAX_VALUE]!r} is not a value")
            values[key] = str(value).strip()
        return cls(preset, values)


def preset_values(preset: str) -> dict[str, str]:
    """The CLI's defaults with ``preset``'s values over them, as text."""
    values = dict(DEFAULTS)
    if preset:
        from dobble_print.pipeline import load_preset

        for key, value in load_preset(preset, known=set(OPTIONS)).items():
            values[key] = str(value)
    return values


def word(exc: DobbleError) -> str:
    """A user error as the page says it: an option's problem after the control's label."""
    if isinstance(exc, OptionError):
        problem = exc.problem
        for flags, words in ADVICE.items():
            problem = problem.replace(flags, words)
        return f"{LABELS.get(exc.field, exc.field.replace('_', ' '))}: {problem}"
    return str(exc)


def _count(text: str, option: str) -> int | None:
    if not text:
        return None
    try:
        number = int(text)
    except ValueError:
        raise DobbleError(f"{option}: {text!r} is not a whole number") from None
    if number < 1:
        raise DobbleError(f"{option}: {number} is out of range; give 1 or more")
    return number


def _enum(kind: type, text: str, option: str):
    try:
        return kind(text.lower())
    except ValueError:
        names = ", ".join(member.value for member in kind)
        raise DobbleError(f"{option}: {text!r} is not a choice; use {names}") from None


def _cut_guides(text: str) -> frozenset[str]:
    try:
        return parse_cut_guides(text)
    except DobbleError:
        raise DobbleError(
            f"{LABELS['cut_guides']}: {text!r} is not a choice; use circle,ticks, circle, ticks "
            "or none"
        ) from None


def _rotation(text: str) -> float:
    try:
        degrees = float(text)
    except ValueError:
        degrees = -1.0
    if not 0 <= degrees <= 180:
        raise DobbleError(f"{LABELS['rotation']}: {text!r} is out of range; give 0 to 180 degrees")
    return degrees


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
        DobbleError: a value that does not parse, naming the page's control.
    """
    v = choices.values
    backs = v["backs"]
    if backs not in {"none", "bundled", "own"}:
        raise DobbleError(f"{LABELS['backs']}: {backs!r} is not a choice; use none, bundled or own")
    if backs == "own" and back is None:
        raise DobbleError(
            f"{LABELS['backs']}: add your back picture first, or choose the bundled pattern"
        )
    fields = dict(
        sources=sources,
        output=output,
        seed=seed,
        symbols_per_card=_count(v["symbols_per_card"], LABELS["symbols_per_card"]),
        cards=_count(v["cards"], LABELS["cards"]),
        paper=parse_paper(v["paper"]),
        card=CardShape(
            _enum(ShapeKind, v["shape"], LABELS["shape"]),
            parse_length(v["card_size"], option=LABELS["card_size"]),
        ),
        card_color=parse_color(v["card_color"], option=LABELS["card_color"]),
        max_rotation=_rotation(v["rotation"]),
        safe_margin=parse_length(v["safe_margin"], option=LABELS["safe_margin"]),
        variant=_enum(Variant, v["variant"], LABELS["variant"]),
        cut_guides=_cut_guides(v["cut_guides"]),
        symbol_options=SymbolOptions(
            Background.REMOVE,
            _enum(PhotoShape, v["photo_shape"], LABELS["photo_shape"]),
            (),  # no --font: the bundled and installed fonts
            True,
        ),
        backs={"none": None, "bundled": default_back(), "own": back}[backs],
        # without backs the duplex choice changes nothing; the command leaves it out
        duplex=_enum(
            Duplex, v["duplex"] if backs != "none" else DEFAULTS["duplex"], LABELS["duplex"]
        ),
    )
    fields.update(extra_fields(v, fields["card"], fields["safe_margin"]))
    if reshuffle:
        fields["reshuffle"] = tuple(reshuffle)
    return BuildOptions(**fields)


def _same(key: str, a: str, b: str) -> bool:
    """Whether two texts of one option mean the same value (``94mm`` and ``94.0``)."""
    if a == b:
        return True
    try:
        if key in {"card_size", "safe_margin"}:
            return parse_length(a, option=key) == parse_length(b, option=key)
        if key == "rotation":
            return float(a) == float(b)
        if key == "card_color":
            return parse_color(a, option=key) == parse_color(b, option=key)
        if key == "paper":
            return parse_paper(a) == parse_paper(b)
    except (DobbleError, ValueError):
        return False
    return a.lower() == b.lower()


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
    keeps_preset = bool(choices.preset) and all(v[k] or not base[k] for k in OPTIONS)
    if not keeps_preset:
        base = dict(DEFAULTS)
    args = ["dobble-print", "build", *sources, "-o", output, "--seed", str(seed)]
    if keeps_preset:
        args += ["--preset", choices.preset]
    for key, option in OPTIONS.items():
        if key == "duplex" and v["backs"] == "none":
            continue
        if key in {"card_size", "shape"} and fixes_card(v):  # the shop's die; the CLI refuses one
            continue
        if not _same(key, v[key], base[key]):
            args += [option, v[key]]
    if v["backs"] == "bundled":
        args.append("--backs")
    elif v["backs"] == "own" and back:
        args += ["--back-image", back]
    args += extra_args(v, lambda a, b: _same("card_size", a, b))
    if reshuffle:
        args += ["--reshuffle", ",".join(map(str, reshuffle))]
    if skip_bad:
        args.append("--skip-bad")
    return shlex.join(args)


def offered() -> dict[str, object]:
    """What the page's menus offer: presets' values, papers, shapes, colours and so on."""
    return {
        "defaults": DEFAULTS,
        "presets": {name: preset_values(name) for name in PRESETS},
        "papers": list(PAPERS),
        "shapes": [s.value for s in ShapeKind],
        "colors": [c for c in COLORS if c != "gray"],
        "photo_shapes": [s.value for s in PhotoShape],
        "duplex": [d.value for d in Duplex],
        "shop_profiles": shop_profiles(),
        "names": LABELS,  # each control's name, as messages begin
        # the pictures the command line reads, and the folders it does not search
        "pictures": {"suffixes": sorted(IMAGE_SUFFIXES), "kinds": format_names()},
        "system_folders": sorted(SYSTEM_FOLDERS),
    }
