"""Lengths, paper sizes, colours and offsets as people type them, turned into mm and numbers.

The library works in mm only; these parsers are for the CLI edge (as vpype's ``UNITS``). Paper sizes
live in one table, :data:`dobble_print.printing.paper.PAPERS`, parsed beside it
(:func:`dobble_print.printing.paper.parse_paper`) with these units.
"""

from __future__ import annotations

import math
import re

from dobble_print.errors import DobbleError, OptionError
from dobble_print.language import N_, Msg

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}

_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(mm|cm|in|pt)?\s*$", re.IGNORECASE)


def _refused(option: str, problem: Msg) -> DobbleError:
    """The error for ``option``'s value: an option of the table is named by its key
    (``card_size``), which each shell words as its control; anything else (a shop profile's
    ``where: bleed``) by the words given."""
    if option.isidentifier():
        return OptionError(option, problem)
    return DobbleError((f"{option} ", problem))


def parse_length(text: str, *, option: str) -> float:
    """``"85mm"``, ``"8.5cm"``, ``"3.3in"``, ``"85"`` (mm) → millimetres.

    Raises:
        DobbleError: naming ``option`` when the text is not a length.
    """
    m = _LENGTH.match(text)
    if not m:
        raise _refused(
            option,
            N_("{text!r} is not a length; write a number with mm, cm or in, e.g. 85mm", text=text),
        )
    return float(m.group(1)) * MM_PER_UNIT[(m.group(2) or "mm").lower()]


# A card size typed without a unit is mm ("85"), unless it is this small: no card is 20 mm
# across, so "8.5" or "3.3" was meant in cm or inches.
BARE_CARD_MM = 20.0
_TYPICAL_CARD_MM = 85.0


def parse_card_size(text: str, *, option: str) -> float:
    """:func:`parse_length` for a card's size, refusing a small number without a unit.

    Raises:
        DobbleError: naming ``option`` when the text is not a length, or is a bare number up to
            :data:`BARE_CARD_MM`, with the unit it most likely meant (``8.5`` → ``8.5cm?``).
    """
    mm = parse_length(text, option=option)
    m = _LENGTH.match(text)
    assert m is not None  # parse_length matched it
    if m.group(2) is None and 0 < mm <= BARE_CARD_MM:
        number = m.group(1)
        # The unit giving the size nearest a common card (85 mm): 8.5 → cm, 3.3 → in.
        unit = min(
            ("cm", "in"), key=lambda u: abs(math.log(mm * MM_PER_UNIT[u] / _TYPICAL_CARD_MM))
        )
        raise _refused(
            option, N_("{number} has no unit — {number}{unit}?", number=number, unit=unit)
        )
    return mm


COLORS = {
    "white": "#ffffff",
    "cream": "#fff8e7",
    "ivory": "#fffff0",
    "yellow": "#fff3b0",
    "pink": "#ffe4ec",
    "blue": "#e3f0ff",
    "green": "#e6f7e6",
    "grey": "#eeeeee",
    "gray": "#eeeeee",
    "black": "#000000",
}


def parse_color(text: str, *, option: str) -> tuple[float, float, float]:
    """``white``, ``cream``…, ``#rgb`` or ``#rrggbb`` → RGB in [0, 1].

    Raises:
        DobbleError: naming ``option`` when the text is not a colour.
    """
    key = COLORS.get(text.strip().lower(), text.strip().lower())
    m = re.match(r"^#?([0-9a-f]{3}|[0-9a-f]{6})$", key)
    if not m:
        names = ", ".join(COLORS)
        raise _refused(
            option, N_("{text!r} is not a colour; use {names} or #rrggbb", text=text, names=names)
        )
    digits = m.group(1) if len(m.group(1)) == 6 else "".join(ch * 2 for ch in m.group(1))
    r, g, b = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def parse_offset(text: str, *, option: str) -> tuple[float, float]:
    """``"1.5,-0.5"`` (mm, or lengths with units like ``1mm,0.5mm``) → (x, y) in mm.

    Raises:
        DobbleError: naming ``option`` when the text is not two lengths.
    """
    parts = text.split(",")
    out = []
    for part in parts:
        sign = -1.0 if part.strip().startswith("-") else 1.0
        m = _LENGTH.match(part.strip().lstrip("+-"))
        if len(parts) != 2 or not m:
            raise _refused(
                option,
                N_("{text!r} is not an offset; write X,Y in mm, e.g. 1.5,-0.5", text=text),
            )
        out.append(sign * float(m.group(1)) * MM_PER_UNIT[(m.group(2) or "mm").lower()])
    return out[0], out[1]


CUT_GUIDES = ("circle", "ticks")


def parse_cut_guides(text: str) -> frozenset[str]:
    """``circle,ticks``, ``circle``, ``ticks`` or ``none`` → the set of guides to draw."""
    names = {part.strip().lower() for part in text.split(",") if part.strip()}
    if names == {"none"}:
        return frozenset()
    if not names or not names <= set(CUT_GUIDES):
        raise OptionError(
            "cut_guides",
            N_(
                "{text!r} is not a choice; use {listed}",
                text=text,
                listed="circle,ticks, circle, ticks or none",
            ),  # fmt: skip
        )
    return frozenset(names)
