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
    "a5": Paper("a5", 148.0, 210.0),
    "a6": Paper("a6", 105.0, 148.0),
    "legal": Paper("legal", 215.9, 355.6),  # US: 8.5 × 14 in
    "tabloid": Paper("tabloid", 279.4, 431.8),  # US: 11 × 17 in (ledger turned)
}
