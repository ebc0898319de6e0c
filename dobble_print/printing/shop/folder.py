"""Print-shop export (``--shop DIR``): the files a contour-cutting print service asks for.

``cards.pdf`` has one card per page: the page is the BleedBox (the card's bounding box plus
:data:`SHOP_BLEED` on every side), the TrimBox is the card's bounding box, the background runs to
the page edge, and the cut path is a ``CutContour`` spot-colour stroke set to overprint.
``backs.pdf`` (with backs) has one back per page with the same boxes. ``png/card_001.png`` … are
the cards at 300 dpi with the same bleed, for services that take pictures. Every file is written
atomically.

That is the ``print-and-cut`` shop profile, the default; a card printer's profile (no cut path,
full-bleed faces at its die's size) is written by :mod:`card_printer`. Either way ``README.txt``
says what to upload where.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from dobble_print.card import CardLayout, CardShape
from dobble_print.deck import Team
from dobble_print.files import write_atomically
from dobble_print.printing.backs import default_back, load_back
from dobble_print.printing.document import document_info
from dobble_print.printing.paper import PRINT_DPI
from dobble_print.printing.preview import card_png_paths, write_card_pngs
from dobble_print.printing.shop.card_printer import (
    README,
    card_printer_paths,
    shop_readme,
    write_card_printer,
)
from dobble_print.printing.shop.profile import FileKind, ShopProfile
from dobble_print.symbols import Symbol

SHOP_BLEED = 3.0  # mm: what print shops ask for
SHOP_DPI = PRINT_DPI


@dataclass(frozen=True)
class ShopFiles:
    """What the export wrote: the cards' PDF (None for a picture profile), the backs' PDF or
    picture (None when none, or when they are pages of ``cards``), the card pictures, and
    README.txt (None without a profile)."""

    cards: Path | None
    backs: Path | None
    pngs: tuple[Path, ...]
    readme: Path | None = None


def shop_paths(
    folder: Path, count: int, *, backs: bool, profile: ShopProfile | None = None
) -> list[Path]:
    """Every file :func:`write_shop` writes for ``count`` cards (to refuse overwriting inputs)."""
    if profile is not None and profile.card_printer:
        return card_printer_paths(folder, profile, count)
    cards, back = (profile.front, profile.back) if profile else ("cards.pdf", "backs.pdf")
    paths = [folder / cards] + ([folder / back] if backs else [])
    return paths + card_png_paths(folder / "png", count) + [folder / README]


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
    profile: ShopProfile | None = None,
    safe_margin: float | None = None,
    shows: tuple[str, str] = ("picture", "pictures"),
    title: str | None = None,
    lang: str = "en",
) -> ShopFiles:
    """Write the shop files for the deck's cards into ``folder``, and its README.txt.

    Args:
        back: the back picture; None writes no ``backs.pdf`` (a card printer's profile then
            prints the bundled design).
        teams: each card's Connect team (border colour), in deck order.
        progress: called as ``progress(done, total)`` as card PNGs are written.
        profile: the shop's requirements; None is print-and-cut with :data:`SHOP_BLEED`.
        safe_margin: how far inside the cut the layout kept the symbols, mm, for README.txt
            (None: the profile's).
        shows: what the cards show, one and several, for README.txt (``("word", "words")``).
        title: the deck's name, for README.txt.
        lang: the language README.txt is written in.
    """
    about = (safe_margin, shows, title, lang)
    if profile is not None and profile.card_printer:
        written = write_card_printer(
            folder,
            profile,
            symbols=symbols,
            layouts=layouts,
            shape=shape,
            back=back or default_back(),
            card_color=card_color,
            teams=teams,
            progress=progress,
            info=document_info("card printer", title=title, lang=lang),
        )
        readme = _readme(folder, profile, shape, layouts, written, about)
        if profile.files is FileKind.PNG:
            return ShopFiles(None, written[-1], tuple(written[:-1]), readme)
        return ShopFiles(written[0], None, (), readme)
    files = _print_and_cut(
        folder, profile, symbols, layouts, shape, card_color, back, teams, progress, (title, lang)
    )
    if profile is None:
        return files
    written = [files.cards, *([files.backs] if files.backs else []), *files.pngs]
    return replace(files, readme=_readme(folder, profile, shape, layouts, written, about))


def _readme(folder, profile, shape, layouts, written, about) -> Path:
    safe_margin, shows, title, lang = about
    text = shop_readme(
        profile,
        shape=shape,
        cards=len(layouts),
        symbols_per_card=len(layouts[0].placements) if layouts else 0,
        files=[p.relative_to(folder).as_posix() for p in written],
        safe_margin=safe_margin,
        shows=shows,
        title=title,
        lang=lang,
    )
    write_atomically(folder / README, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return folder / README


def _print_and_cut(
    folder, profile, symbols, layouts, shape, card_color, back, teams, progress, named
):
    """cards.pdf with its CutContour path, backs.pdf, and every card as a PNG; ``named`` is the
    deck's (title, language), for the PDFs' descriptions."""
    title, lang = named
    from dobble_print.printing.pdf.shop import render_shop_backs, render_shop_cards

    bleed = profile.bleed if profile else SHOP_BLEED
    dpi = profile.dpi if profile else SHOP_DPI
    cards = folder / (profile.front if profile else "cards.pdf")
    write_atomically(
        cards,
        lambda tmp: render_shop_cards(
            tmp,
            symbols=symbols,
            layouts=layouts,
            shape=shape,
            bleed=bleed,
            card_color=card_color,
            teams=teams,
            cut_path=profile.cut_path if profile else True,
            info=document_info("shop cards", title=title, lang=lang),
        ),
    )
    backs = None
    if back is not None:
        hw, hh = shape.half_extent
        pixels = load_back(back, diameter=2 * (max(hw, hh) + bleed))
        backs = folder / (profile.back if profile else "backs.pdf")
        write_atomically(
            backs,
            lambda tmp: render_shop_backs(
                tmp,
                back=pixels,
                count=len(layouts),
                shape=shape,
                bleed=bleed,
                card_color=card_color,
                info=document_info("shop backs", title=title, lang=lang),
            ),
        )
    pngs = write_card_pngs(
        folder / "png",
        layouts,
        symbols,
        shape=shape,
        dpi=dpi,
        progress=progress,
        bleed=bleed,
        background=card_color,
        teams=teams,
    )
    return ShopFiles(cards, backs, tuple(pngs))
