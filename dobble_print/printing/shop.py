"""Print-shop export (``--shop DIR``): the files a contour-cutting print service asks for.

``cards.pdf`` has one card per page: the page is the BleedBox (the card's bounding box plus
:data:`SHOP_BLEED` on every side), the TrimBox is the card's bounding box, the background runs to
the page edge, and the cut path is a ``CutContour`` spot-colour stroke set to overprint.
``backs.pdf`` (with backs) has one back per page with the same boxes. ``png/card_001.png`` … are
the cards at 300 dpi with the same bleed, for services that take pictures. Every file is written
atomically.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from dobble_print.card import CardLayout, CardShape
from dobble_print.deck import Team
from dobble_print.output import write_atomically
from dobble_print.printing.backs import load_back
from dobble_print.printing.paper import PRINT_DPI
from dobble_print.printing.preview import card_png_paths, write_card_pngs
from dobble_print.symbols import Symbol

SHOP_BLEED = 3.0  # mm: what print shops ask for
SHOP_DPI = PRINT_DPI


@dataclass(frozen=True)
class ShopFiles:
    """What the export wrote."""

    cards: Path
    backs: Path | None
    pngs: tuple[Path, ...]


def shop_paths(folder: Path, count: int, *, backs: bool) -> list[Path]:
    """Every file :func:`write_shop` writes for ``count`` cards (to refuse overwriting inputs)."""
    paths = [folder / "cards.pdf"] + ([folder / "backs.pdf"] if backs else [])
    return paths + card_png_paths(folder / "png", count)


def write_shop(
    folder: Path,
    *,
    symbols: Sequence[Symbol],
    layouts: Sequence[CardLayout],
    shape: CardShape,
    card_color: tuple[float, float, float] = (1.0, 1.0, 1.0),
    back: Path | None = None,
    teams: Sequence[Team] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ShopFiles:
    """Write the shop files for the deck's cards into ``folder``.

    Args:
        back: the back picture; None writes no ``backs.pdf``.
        teams: each card's Connect team (border colour), in deck order.
        progress: called as ``progress(done, total)`` as card PNGs are written.
    """
    from dobble_print.printing.pdf.shop import render_shop_backs, render_shop_cards

    cards = folder / "cards.pdf"
    write_atomically(
        cards,
        lambda tmp: render_shop_cards(
            tmp,
            symbols=symbols,
            layouts=layouts,
            shape=shape,
            bleed=SHOP_BLEED,
            card_color=card_color,
            teams=teams,
        ),
    )
    backs = None
    if back is not None:
        hw, hh = shape.half_extent
        pixels = load_back(back, diameter=2 * (max(hw, hh) + SHOP_BLEED))
        backs = folder / "backs.pdf"
        write_atomically(
            backs,
            lambda tmp: render_shop_backs(
                tmp,
                back=pixels,
                count=len(layouts),
                shape=shape,
                bleed=SHOP_BLEED,
                card_color=card_color,
            ),
        )
    pngs = write_card_pngs(
        folder / "png",
        layouts,
        symbols,
        shape=shape,
        dpi=SHOP_DPI,
        progress=progress,
        bleed=SHOP_BLEED,
        background=card_color,
        teams=teams,
    )
    return ShopFiles(cards, backs, tuple(pngs))
