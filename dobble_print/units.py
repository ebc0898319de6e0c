"""Lengths and paper sizes as people type them, turned into millimetres.

The library works in mm only; these parsers are for the CLI edge (as vpype's ``UNITS`` and img2pdf's
``papersizes``). The paper table is the one place paper sizes live; help text is built from it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dobble_print.errors import DobbleError

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}


@dataclass(frozen=True)
class Paper:
    """A sheet, portrait, in mm."""

    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
    "a3": Paper("a3", 297.0, 420.0),
}

_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(mm|cm|in|pt)?\s*$", re.IGNORECASE)


def parse_length(text: str, *, option: str) -> float:
    """``"85mm"``, ``"8.5cm"``, ``"3.3in"``, ``"85"`` (mm) → millimetres.

    Raises:
        DobbleError: naming ``option`` when the text is not a length.
    """
    m = _LENGTH.match(text)
    if not m:
        raise DobbleError(
            f"{option} {text!r} is not a length; write a number with mm, cm or in, e.g. 85mm"
        )
    return float(m.group(1)) * MM_PER_UNIT[(m.group(2) or "mm").lower()]


def parse_paper(text: str) -> Paper:
    """``a4``, ``letter``, ``a3`` or ``WxH`` with a unit (``210x297mm``) → :class:`Paper`."""
    key = text.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    m = re.match(r"^([0-9.]+)\s*x\s*([0-9.]+)\s*(mm|cm|in)?$", key)
    if m:
        unit = MM_PER_UNIT[m.group(3) or "mm"]
        try:
            w, h = float(m.group(1)) * unit, float(m.group(2)) * unit
        except ValueError:
            w = h = 0.0
        if w > 0 and h > 0:
            return Paper(key, min(w, h), max(w, h))
    names = ", ".join(PAPERS)
    raise DobbleError(f"--paper {text!r} is not a paper size; use {names} or WxH like 210x297mm")
