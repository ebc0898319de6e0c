"""What a build is asked to do, already parsed: :class:`BuildOptions`, in mm and enums, and the
sizes refused before anything is loaded (:func:`check_budget`).

The public Python API and both shells (the CLI and the app) fill one of these; the pipeline reads
it. Values here are plain numbers and enums: text such as ``"85mm"`` is parsed at the edge
(:mod:`dobble_print.units`).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path

from dobble_print.card import CardShape
from dobble_print.deck import BORDER_MM
from dobble_print.errors import OptionError
from dobble_print.language import N_
from dobble_print.options.table import BY_NAME as _BY_NAME
from dobble_print.options.table import Variant
from dobble_print.printing import PAPERS, Duplex, Paper, ShopProfile
from dobble_print.symbols import SymbolOptions

DEFAULT_TITLE = "Spot it! deck"  # on the box when the deck has no --title
CONNECT_GAP = 2.0  # mm between a Connect card's border and its symbols (the preset's 5 mm margin)


@dataclass(frozen=True)
class BuildOptions:
    """Everything a build needs, already parsed and in mm."""

    sources: tuple[Path, ...]
    output: Path
    seed: int
    symbols_per_card: int | None = None
    cards: int | None = None
    paper: Paper = PAPERS["a4"]
    card: CardShape = CardShape()  # the card's shape and size (diameter, side, or across the flats)
    margin: float = 5.0
    safe_margin: float = 3.0
    clearance: float = 1.0  # least distance between two symbols' inks
    max_rotation: float = 180.0  # largest tilt of any symbol either way, degrees; 0 = upright
    report: Path | None = None
    png_dir: Path | None = None
    play: Path | None = None  # the deck as one web page to play (printing/play.py)
    symbol_options: SymbolOptions = SymbolOptions()
    bleed: float = 0.0
    cut_guides: frozenset[str] = frozenset({"circle", "ticks"})
    card_color: tuple[float, float, float] = (1.0, 1.0, 1.0)
    grey: bool = False  # every page in shades of grey that keep the symbols apart
    backs: Path | None = None  # the picture printed on the backs; None prints no backs
    duplex: Duplex = Duplex.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    cover: bool = True
    shop: Path | None = None  # folder for the print-shop files (one card per page, PNGs)
    # what the shop asks for (None: print-and-cut); its card and safe margin must be the deck's
    # (fit_to_shop in dobble_print.printing.shop makes them so)
    shop_profile: ShopProfile | None = None
    variant: Variant = Variant.CLASSIC
    reshuffle: tuple[int, ...] = ()  # cards (from 1) laid out again; one listed twice, twice
    rules: bool = False  # a page of rules after the cover
    box: bool = False  # a tuck box to print, cut and fold, after the rules
    card_thickness: float = 0.3  # mm, one printed card: the box's depth is the stack's
    title: str | None = None  # the deck's name: on the box, the cover and the rules
    lang: str = "en"  # the language of the printed pages (dobble_print.language.LANGUAGES)

    @property
    def box_title(self) -> str:
        """What the box's front says: the deck's title, or a plain name."""
        return self.title or DEFAULT_TITLE

    copies: int | None = None  # a class set: this many copies, each card marked (deck/copies.py)
    split: bool = False  # two half decks, A and B, each card marked
    labels: bool = False  # each picture printed with its name under it
    illustrate: bool = False  # each word drawn as the bundled picture of that name
    same_size: bool = False  # every symbol on a card at one size (by √ink-area)
    outline: bool = False  # a black outline around each picture
    ladder: bool = False  # build writes three decks of 4, 5 and 6 a card beside ``output``
    faces: tuple[str, ...] = ()  # a vocabulary file's faces shown (columns; "picture+word")
    # a ready-made deck of the bundled pictures of this theme ("animals"; "all": every theme),
    # with no sources; the pipeline puts the pictures it draws in ``sources`` (pipeline.themes)
    theme: str | None = None
    # the preset that chose the symbols per card, the user not: its deck is the full one, and a
    # shortfall is refused in its name rather than printed as a few cards (pipeline.planning)
    preset: str = ""

    @property
    def symbol_margin(self) -> float:
        """How far inside the cut line the symbols stay, mm: ``safe_margin``, but on a Connect
        card or a class set's marked card at least 2 mm clear of its coloured border."""
        if self.variant is Variant.CONNECT or self.marked:
            return max(self.safe_margin, BORDER_MM + CONNECT_GAP)
        return self.safe_margin

    @property
    def marked(self) -> bool:
        """Whether each card carries a class set's mark: its copy's or its half's letter and
        rim (:mod:`dobble_print.deck.copies`)."""
        return self.split or (self.copies or 1) > 1

    @property
    def symbol_loading(self) -> SymbolOptions:
        """``symbol_options`` with how far symbols may turn (past 90° some letters get a bar)."""
        return dataclasses.replace(self.symbol_options, max_rotation=self.max_rotation)


# What a printer takes: the card's range is its option's (the table says why); paper up to A0's
# long side (1,189 mm, a plotter's); 100 m paper never finished planning.
_CARD = _BY_NAME["card_size"]
assert _CARD.low is not None and _CARD.high is not None  # the card's size has its range
CARD_MM = (float(_CARD.low), float(_CARD.high))
PAPER_MM = (25.0, 1200.0)
# mm: the short side of the smallest sheet people print cards on (a 3x5 in index card), for
# sizes typed without a unit and read in inches ("8.5x11"; "1x1" is no paper in either)
SMALLEST_SHEET = 75.0


def check_budget(options: BuildOptions) -> None:
    """Refuse, before anything is loaded, the sizes no printer takes and a title no box shows.

    Raises:
        OptionError: naming the field and the range it takes.
    """
    low, high = CARD_MM
    if not low <= options.card.size <= high:
        raise OptionError(
            "card",
            N_(
                "{size:g} mm is out of range; printers take {low:g} to {high:g} mm",
                size=float(options.card.size),
                low=float(low),
                high=float(high),
            ),
        )
    low, high = PAPER_MM
    paper = options.paper
    typed = re.fullmatch(r"([0-9.]+)\s*x\s*([0-9.]+)", paper.name)  # no unit: mm
    if (
        typed
        and max(paper.width, paper.height) < low
        and min(paper.width, paper.height) * 25.4 >= SMALLEST_SHEET
    ):
        # "8.5x11": US Letter in inches, or a photo's 10x15 in cm, typed without the unit
        raise OptionError(
            "paper",
            N_(
                "{width:g}x{height:g} mm is too small for paper; write its unit: {inches} or "
                "{centimetres}",
                width=float(paper.width),
                height=float(paper.height),
                inches=f"{typed[1]}x{typed[2]}in",  # as typed: a point, not a comma
                centimetres=f"{typed[1]}x{typed[2]}cm",
            ),
        )
    if not (low <= paper.width <= high and low <= paper.height <= high):
        raise OptionError(
            "paper",
            N_(
                "{width:g}x{height:g} mm is out of range; printers take sides of {low:g} to "
                "{high:g} mm",
                width=float(paper.width),
                height=float(paper.height),
                low=float(low),
                high=float(high),
            ),
        )
    if options.title is not None:
        from dobble_print.options.reading import check_length

        check_length(_BY_NAME["title"], options.title)
