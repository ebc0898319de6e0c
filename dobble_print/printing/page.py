"""What a page that is not a sheet of cards is made of — the cover, the rules, the box's net —
as geometry and words in mm on the page: lines of text, stroked rules, outlined squares and
pictured symbols. :mod:`dobble_print.printing.pdf` draws them.
"""

from __future__ import annotations

from dataclasses import dataclass

from dobble_print.printing.sheet import Segment


@dataclass(frozen=True)
class Text:
    """One line of text; ``x``/``y`` is the baseline start (or centre with ``center``).

    The PDF writer shrinks the font until the line fits ``max_width`` (mm) when one is given.
    """

    x: float
    y: float
    text: str
    size: float  # points
    bold: bool = False
    center: bool = False
    max_width: float | None = None


@dataclass(frozen=True)
class Rule:
    """A stroked line; ``width`` in points (the one print unit people quote for lines)."""

    segment: Segment
    width: float = 0.5


@dataclass(frozen=True)
class LegendCell:
    """One symbol of the answer key: its picture fits a ``box``-mm square centred at ``center``."""

    symbol: int
    center: tuple[float, float]
    box: float
    name: Text


@dataclass(frozen=True)
class CoverPage:
    """Everything drawn on one cover page."""

    texts: tuple[Text, ...]
    rules: tuple[Rule, ...]
    squares: tuple[tuple[float, float, float], ...]  # (x, y, side) of outlined squares, mm
    legend: tuple[LegendCell, ...]
