"""What a print shop asks for, as one value: :class:`ShopProfile` (read from a small TOML file by
:mod:`dobble_print.printing.shop.profiles`).

Card printers and contour-cutting shops want opposite things: a card printer dies its own cuts and
wants a square full-bleed picture per card face with no cut line, the art well inside the cut;
a print-and-cut shop wants the cut path drawn, in a spot colour its cutter reads. A profile says
which, and at what size, bleed, safe zone and resolution, under which file names.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from dobble_print.card import CardShape


class FileKind(StrEnum):
    """How the cards are handed over."""

    PDF = "pdf"  # cards.pdf one card a page, backs.pdf one back a page, and 300 dpi PNGs
    PDF_PAIRS = "pdf-pairs"  # one PDF: each card's front page followed by its back page
    PNG = "png"  # one picture per card face and one back picture


@dataclass(frozen=True)
class ShopProfile:
    """A print shop's requirements.

    Attributes:
        name: what ``--shop-profile`` calls it (the file's name without ``.toml``).
        title: the shop, in words (for ``README.txt``).
        card: the card the shop's die cuts, or None when the deck's own card is used.
        bleed: how far the card colour runs past the cut line, mm.
        safe_margin: the least distance from the cut line to any symbol, mm (a larger
            ``safe_margin`` of the build wins).
        dpi: resolution of the pictures.
        files: how the cards are handed over.
        front: file name of the fronts: a PDF, or a pattern with ``{number}`` (from 1) for PNGs.
        back: file name of the backs (a PDF or one picture); "" when backs share ``front``.
        cut_path: draw the ``CutContour`` cut path.
        upload: what to upload where, in plain words (for ``README.txt``).
        order: how the shop sells decks (fixed sizes?), for ``README.txt``; "" when not known.
    """

    name: str
    title: str
    card: CardShape | None
    bleed: float
    safe_margin: float
    dpi: int
    files: FileKind
    front: str
    back: str
    cut_path: bool
    upload: str
    order: str = ""

    def front_name(self, number: int) -> str:
        """The file name of card ``number``'s front (from 1), for picture profiles."""
        return self.front.format(number=number)

    @property
    def card_printer(self) -> bool:
        """Whether the shop prints both faces of its own cards (and so always needs a back)."""
        return self.files is not FileKind.PDF

    def pixels(self, card: CardShape) -> tuple[int, int]:
        """Width and height in pixels of one face's picture: the card's box plus the bleed."""
        hw, hh = card.half_extent
        return (
            round(2 * (hw + self.bleed) / 25.4 * self.dpi),
            round(2 * (hh + self.bleed) / 25.4 * self.dpi),
        )
