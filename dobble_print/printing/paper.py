"""Paper sizes, and the resolution pictures are prepared at for print.

A table of data, as img2pdf's ``papersizes``: :func:`parse_paper` turns what people type into a
:class:`Paper` (with :mod:`dobble_print.units`' units), and the CLI's help lists the names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dobble_print.errors import OptionError
from dobble_print.language import N_
from dobble_print.units import MM_PER_UNIT

# Pixels per inch every picture is prepared for (symbols, backs): what print shops ask for; more is
# invisible on paper and only makes the PDF larger.
PRINT_DPI = 300


@dataclass(frozen=True)
class Paper:
    """A sheet, portrait, in mm."""

    name: str
    width: float
    height: float

    @property
    def printed(self) -> str:
        """The paper's name as packs of it print it (``A4``, ``US Letter``), for sentences;
        a size given in numbers keeps them (``210x297mm``)."""
        return PRINTED_NAMES.get(self.name, self.name)


# The names on packs of paper, the same in every language the tool speaks.
PRINTED_NAMES = {
    "a4": "A4",
    "letter": "US Letter",
    "a3": "A3",
    "a5": "A5",
    "a6": "A6",
    "legal": "US Legal",
    "tabloid": "Tabloid",
}

PAPERS = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
    "a3": Paper("a3", 297.0, 420.0),
    "a5": Paper("a5", 148.0, 210.0),
    "a6": Paper("a6", 105.0, 148.0),
    "legal": Paper("legal", 215.9, 355.6),  # US: 8.5 × 14 in
    "tabloid": Paper("tabloid", 279.4, 431.8),  # US: 11 × 17 in (ledger turned)
}


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
    raise OptionError(
        "paper",
        N_(
            "{text!r} is not a paper size; use {names} or WxH like 210x297mm",
            text=text,
            names=names,
        ),
    )
