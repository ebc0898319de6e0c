"""Paper sizes, and the resolution pictures are prepared at for print.

A table of data, as img2pdf's ``papersizes``: :mod:`dobble_print.units` turns what people type
into a :class:`Paper`, and the CLI's help lists the names.
"""

from __future__ import annotations

from dataclasses import dataclass

# Pixels per inch every picture is prepared for (symbols, backs): what print shops ask for; more is
# invisible on paper and only makes the PDF larger.
PRINT_DPI = 300


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
