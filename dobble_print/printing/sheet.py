"""What a plan of sheets is made of, for round and tiled cards alike (page mm, origin bottom-left).

Geometry only: :mod:`imposition` fills a :class:`SheetPlan` from the :class:`SheetPattern` that
:mod:`round_sheets` or :mod:`tiled_sheets` computes, and the PDF writer draws it. Back sheets hold
each card's back at the mirror image of its front, so that after a duplex flip the back lands
behind the front.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from dobble_print.card import CardShape
from dobble_print.errors import OptionError
from dobble_print.language import N_
from dobble_print.printing.paper import Paper

HAIRLINE = 0.1  # mm a cut guide keeps from the printable edge: its stroke is ~0.1 mm wide
TICK_OFFSET = 1.0  # mm between the bleed edge and the start of a cut guide, so cutting removes it
TICK_MIN = 1.0  # mm; a guide that cannot be this long is left out rather than drawn as a dot


class Arrangement(StrEnum):
    """How cards sit on a sheet."""

    GRID = "grid"
    STAGGERED_ROWS = "staggered rows"
    STAGGERED_COLUMNS = "staggered columns"


class Duplex(StrEnum):
    """Which edge the printer flips the sheet about for two-sided printing."""

    LONG = "long"
    SHORT = "short"


@dataclass(frozen=True)
class Segment:
    """A straight line from ``start`` to ``end``, mm on the page."""

    start: tuple[float, float]
    end: tuple[float, float]


@dataclass(frozen=True)
class SheetPattern:
    """Where the cards sit on one sheet, and its cut guides: the same on every sheet of a deck.

    Attributes:
        arrangement: how the cards are arranged.
        centres: card centres in the order cards fill them; empty when not one card fits.
        ticks: each centre's cut ticks (one tuple per centre, empty without ticks).
        cuts: straight cut lines, the same on every front sheet (square cards).
        outline: whether each card's own outline is drawn.
    """

    arrangement: Arrangement
    centres: tuple[tuple[float, float], ...]
    ticks: tuple[tuple[Segment, ...], ...]
    cuts: tuple[Segment, ...] = ()
    outline: bool = True


@dataclass(frozen=True)
class CardSlot:
    """One card on one sheet.

    Attributes:
        card: index of the card in the deck.
        sheet: 0-based sheet number.
        center: card centre on the front page, mm from the bottom-left corner.
        back_center: centre of the card's back on the back page, or None without backs.
        ticks: cut ticks at the card's compass points (empty when ticks are off).
    """

    card: int
    sheet: int
    center: tuple[float, float]
    back_center: tuple[float, float] | None = None
    ticks: tuple[Segment, ...] = ()


@dataclass(frozen=True)
class Page:
    """One page of the PDF: ``kind`` is ``cover``, ``rules``, ``box``, ``front`` or ``back``;
    ``sheet`` is 0-based (on a front or back)."""

    kind: str
    sheet: int | None = None


@dataclass(frozen=True)
class SheetPlan:
    """All card positions of a deck, sheet by sheet, and the order of the PDF's pages.

    Attributes:
        bleed: how far the card colour runs past the cut line on fronts, mm.
        back_bleed: how far the back art runs past the cut line, mm (0 without backs).
        cut_circle: whether to draw each card's outline.
        duplex: the flip edge when backs are printed, else None.
        pages: every page in order; front and back pages name their sheet.
        card: the card's shape and size (its outline is drawn when ``cut_circle`` is set).
        cuts: straight cut lines, the same on every front sheet (square cards).
    """

    paper: Paper
    card: CardShape
    margin: float
    bleed: float
    back_bleed: float
    arrangement: Arrangement
    per_sheet: int
    sheet_count: int
    slots: tuple[CardSlot, ...]
    cut_circle: bool = True
    duplex: Duplex | None = None
    pages: tuple[Page, ...] = ()
    cuts: tuple[Segment, ...] = ()

    def page_number(self, kind: str, sheet: int) -> int:
        """1-based PDF page of the front or back of ``sheet``."""
        return self.pages.index(Page(kind, sheet)) + 1


def mirror(
    point: tuple[float, float], paper: Paper, duplex: Duplex, offset: tuple[float, float]
) -> tuple[float, float]:
    """Where the back of a point lands on the back page: long-edge flip (W−x, y), short-edge
    flip (x, H−y), then moved by the user's ``offset`` to correct a printer."""
    x, y = point
    if duplex is Duplex.LONG:
        x = paper.width - x
    else:
        y = paper.height - y
    return (x + offset[0], y + offset[1])


def page_order(
    sheet_count: int, *, cover_pages: int, backs: bool, rules_pages: int = 0, box_pages: int = 0
) -> tuple[Page, ...]:
    """The PDF's pages: the cover, the rules and the box (never on a sheet of cards), then each
    front sheet followed by its back sheet."""
    pages = [Page("cover")] * cover_pages + [Page("rules")] * rules_pages
    pages += [Page("box")] * box_pages
    for s in range(sheet_count):
        pages.append(Page("front", s))
        if backs:
            pages.append(Page("back", s))
    return tuple(pages)


def check_backs_on_paper(
    slots: Sequence[CardSlot], paper: Paper, reach: float, offset: tuple[float, float]
) -> None:
    """Raises DobbleError when a back, ``reach`` mm around its centre, runs off the paper."""
    for slot in slots:
        assert slot.back_center is not None  # checked for duplex decks, whose cards have backs
        x, y = slot.back_center
        if x - reach < 0 or y - reach < 0 or x + reach > paper.width or y + reach > paper.height:
            raise OptionError(
                "back_offset",
                N_(
                    "{offset} moves card backs off the paper; use an offset of a few "
                    "millimetres at most",
                    offset=f"{offset[0]:g},{offset[1]:g}",
                ),
            )
