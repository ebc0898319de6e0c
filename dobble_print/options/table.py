"""Every option of a deck, declared once: the command line's options and the page's controls are
made from :data:`OPTIONS`, and :mod:`dobble_print.options.reading` turns the values of either
into :class:`~dobble_print.options.BuildOptions` fields.

An entry holds what the option is (its kind, default, range, choices) and the words both shells
show for it: ``help`` is the command line's, ``label`` and ``hint`` the page's (no label: the page
does not offer it). Text that names another option writes it as ``{card_size}``, and each shell
puts its own name there (``--card-size``, “Card size”), so no sentence here names a flag.
An entry is the whole truth about its option: its range (``low``, ``high``, or a share of the
paper), its length (``longest``) and whether it shapes the cards' layout (``shapes``) are said
here once, and the engine, the command line and the page read them from here.
Adding an option is one entry here, its engine code and its tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as _field
from enum import StrEnum
from types import MappingProxyType

from dobble_print.card import ShapeKind
from dobble_print.deck import MAX_COPIES
from dobble_print.language import LANGUAGES
from dobble_print.printing import MARGIN_SHARE, MAX_THICKNESS, Duplex
from dobble_print.symbols import Background, PhotoShape


class Variant(StrEnum):
    """The game: the classic deck, or Connect (starting cards and four teams, by border colour)."""

    CLASSIC = "classic"
    CONNECT = "connect"


class Kind(StrEnum):
    """What an option's value is, which says how it is typed, read and shown."""

    COUNT = "count"  # a whole number from 1; empty: none
    LENGTH = "length"  # 85mm, 8.5cm, 3.3in; a bare number is mm
    DEGREES = "degrees"  # a number of degrees
    CHOICE = "choice"  # one of ``choices``
    SWITCH = "switch"  # on or off
    TEXT = "text"
    COLOUR = "colour"  # a colour's name or #rrggbb
    PAPER = "paper"  # a paper's name or WxH
    GUIDES = "guides"  # the cut guides: circle,ticks
    OFFSET = "offset"  # X,Y in mm
    CARDS = "cards"  # card numbers from 1: 5,12
    PROFILE = "profile"  # a shop profile's name or a .toml file
    FILE = "file"  # a file read (the command line only: the page uploads)
    FILES = "files"  # files read, the option repeated
    FOLDER = "folder"  # a file or folder written


class Group(StrEnum):
    """Where an option belongs, which says which commands list it."""

    DECK = "deck"  # which symbols and how many: every command
    CARD = "card"  # the card's size and shape: every command
    LOOK = "look"  # how symbols lie on a card: build and preview
    PRINT = "print"  # paper and ink: build and preview
    EXTRAS = "extras"  # what else the PDF holds: build only
    FILES = "files"  # further files written: build only


class Shapes(StrEnum):
    """How an option bears on the cards' layout (which symbols a card holds, where they lie):
    the seed a user did not choose is drawn from the first two, and an app session keeps a
    deck's layouts until an option of the first three changes (pipeline.planning,
    pipeline.building)."""

    # which deck the sources make and how it lies, in every deck's default seed. A new option
    # takes DECK instead: one more SEED option would give every deck another seed.
    SEED = "seed"
    DECK = "deck"  # the same, in the default seed only when set, so other decks keep theirs
    CARDS = "cards"  # how the cards lie, not which deck: the same seed, other layouts
    EACH = "each"  # the cards it names, each kept by how often it was asked (reshuffle)


ALL = frozenset({"build", "preview", "plan"})
SHOWN = frozenset({"build", "preview"})
BUILD = frozenset({"build"})


@dataclass(frozen=True)
class Option:
    """One option, as both shells show it and the engine takes it.

    Attributes:
        name: the option's key: the command line's ``--card-size`` and the page's value key.
        kind: what its value is.
        default: the value when none is given, as the command line takes it (None: none).
        help: the command line's help sentence.
        group: where it belongs (:class:`Group`).
        commands: the commands that take it; plan takes build's options and lists fewer
            (:data:`PLAN_LISTED`).
        short: a one-letter alias on the command line (``n``: ``-n``).
        metavar: the command line's word for the value.
        field: the :class:`BuildOptions` field it fills, when not ``name`` (errors about the
            field are shown at this option).
        label: the page's control; None when the page does not offer it.
        hint: the page's line under the control.
        choices: the values a choice takes, with the page's words for each.
        enum: the enum a choice is read into (its values are ``choices``); None: the text.
        low, high: the range of a number (the page's control and the engine both hold it).
        paper_share: the highest value as a share of the paper's shorter side, when it depends
            on the paper (``high`` is then None): the margin, a quarter.
        step: the page's step for a number.
        longest: the most characters a text takes, as a reader counts them (an accented letter
            or an emoji is one); both shells refuse a longer one in the engine's words.
        under: the switch this option belongs to: the page sends it only while that is on.
        shapes: how it bears on the cards' layout (:class:`Shapes`); None: not at all.
    """

    name: str
    kind: Kind
    default: str | bool | None
    help: str
    group: Group
    commands: frozenset[str] = ALL
    short: str | None = None
    metavar: str | None = None
    field: str | None = None
    label: str | None = None
    hint: str | None = None
    choices: Mapping[str, str] = _field(default_factory=lambda: MappingProxyType({}))
    enum: type[StrEnum] | None = None
    low: float | None = None
    high: float | None = None
    paper_share: float | None = None
    step: float | None = None
    longest: int | None = None
    under: str | None = None
    shapes: Shapes | None = None

    def highest(self, paper_sides: tuple[float, float] | None = None) -> float | None:
        """The highest value this option takes (on paper of these sides, mm, for one whose
        range depends on the paper); None when there is no limit or no paper to ask of."""
        if self.paper_share is None:
            return self.high
        return None if paper_sides is None else self.paper_share * min(paper_sides)

    @property
    def fills(self) -> str:
        """The :class:`BuildOptions` field this option fills."""
        return self.field or self.name

    @property
    def flags(self) -> tuple[str, ...]:
        """The command line's flags: its one-letter alias (``-n``), then its long name made of
        ``name`` (``--symbols-per-card``)."""
        long = "--" + self.name.replace("_", "-")
        return (f"-{self.short}", long) if self.short else (long,)

    @property
    def flag(self) -> str:
        """The flag the command line's messages and the page's command use: the shortest."""
        return self.flags[0]

    @property
    def on_page(self) -> bool:
        """Whether the page offers this option."""
        return self.label is not None


def N_(text: str) -> str:
    """Marks ``text`` for the catalogues (``make catalogues`` extracts it); each shell looks its
    words up in the user's language when it shows them (the page: ``app/catalogue.py``)."""
    return text


def _choices(**words: str) -> Mapping[str, str]:
    return MappingProxyType(dict(words))


OPTIONS: tuple[Option, ...] = (
    Option(
        "symbols_per_card",
        Kind.COUNT,
        None,
        N_("Symbols per card."),
        Group.DECK,
        short="n",
        metavar="N",
        label=N_("Symbols per card"),
        hint=N_("More symbols make a harder game and need more pictures."),
        low=3,
        shapes=Shapes.SEED,
    ),
    Option(
        "theme",
        Kind.CHOICE,
        None,
        N_(
            "A ready-made deck of the bundled pictures (Fluent Emoji), no folders or files "
            "needed: {themes}; all draws from every theme. The classic 57-card deck where the "
            "theme has the pictures; {symbols_per_card} asks for another size, another seed "
            "other pictures. plan {theme} NAME lists the themes and their sizes."
        ),
        Group.DECK,
        metavar="THEME",
        choices=_choices(
            animals=N_("Animals"),
            nature=N_("Nature and weather"),
            food=N_("Food and drink"),
            transport=N_("Transport"),
            places=N_("Places and buildings"),
            sport=N_("Sport"),
            games=N_("Games and celebrations"),
            clothing=N_("Clothes"),
            music=N_("Music"),
            objects=N_("Objects"),
            faces=N_("Faces and feelings"),
            body=N_("The body"),
            people=N_("Jobs and characters"),
            all=N_("All themes"),
        ),
        shapes=Shapes.DECK,
    ),
    Option(
        "cards",
        Kind.COUNT,
        None,
        N_("Print only K cards."),
        Group.DECK,
        metavar="K",
        label=N_("Cards to print"),
        hint=N_("Leave empty for the whole deck; the shop game has 55."),
        low=1,
        shapes=Shapes.SEED,
    ),
    Option(
        "paper",
        Kind.PAPER,
        "a4",
        N_("{papers} or WxH like 210x297mm."),
        Group.PRINT,
        metavar="PAPER",
        label=N_("Paper"),
        hint=N_("The paper in your printer."),
        choices=_choices(a4=N_("A4"), letter=N_("US Letter"), a3=N_("A3")),
    ),
    Option(
        "card_size",
        Kind.LENGTH,
        "85mm",
        N_("Card diameter, e.g. 85mm, 8.5cm, 3.3in."),
        Group.CARD,
        metavar="LENGTH",
        field="card",
        label=N_("Card size"),
        hint=N_("Across the card; the shop game’s cards are 85 mm."),
        # a card under 25 mm holds no picture a player can spot (8 a card: 2.6 mm each) and sheet
        # planning tiles ever more of them; over 300 mm (A3's short side, the widest most
        # printers take) its layout grid only costs memory (a 3,000 mm card: 15 GB)
        low=25,
        high=300,
        step=1,
        shapes=Shapes.SEED,
    ),
    Option(
        "shape",
        Kind.CHOICE,
        "circle",
        N_(
            "Card shape; {card_size} is then the square's side or the hexagon's width across its "
            "flats."
        ),
        Group.CARD,
        field="card",
        label=N_("Card shape"),
        hint=N_("Squares are quickest to cut: one straight cut serves two cards."),
        choices=_choices(
            circle=N_("Round"),
            hexagon=N_("Hexagon"),
            square=N_("Square"),
            rounded=N_("Rounded square"),
        ),
        shapes=Shapes.SEED,
        enum=ShapeKind,
    ),
    Option(
        "variant",
        Kind.CHOICE,
        "classic",
        N_(
            "classic, or connect: 10 black-bordered starting cards and four teams of 20 in pink, "
            "orange, green and blue, symbols at least 5 mm inside the cut ({preset} connect sets "
            "it)."
        ),
        Group.DECK,
        choices=_choices(classic=N_("Classic"), connect=N_("Connect")),
        shapes=Shapes.SEED,
        enum=Variant,
    ),
    Option(
        "margin",
        Kind.LENGTH,
        "5mm",
        N_("Printable margin kept clear on every side."),
        Group.PRINT,
        metavar="LENGTH",
        label=N_("Printer’s margin"),
        hint=N_(
            "Kept clear on every side of the paper; if your printer cuts off an edge, give more."
        ),
        low=0,
        paper_share=MARGIN_SHARE,  # the engine's limit: 52.5 mm on A4
        step=1,
    ),
    Option(
        "cut_guides",
        Kind.GUIDES,
        "circle,ticks",
        N_("circle,ticks (default), circle, ticks or none."),
        Group.PRINT,
        metavar="GUIDES",
    ),
    Option(
        "card_color",
        Kind.COLOUR,
        "white",
        N_("Card background: white, cream, … or #rrggbb."),
        Group.PRINT,
        metavar="COLOUR",
        label=N_("Card colour"),
        hint=N_("The colour behind the symbols; pale colours print best."),
    ),
    Option(
        "grey",
        Kind.SWITCH,
        False,
        N_(
            "Print the whole PDF in shades of grey, for a black-and-white printer: the deck's "
            "colours turn into greys chosen to keep its symbols apart (a contrast-preserving "
            "conversion, Lu, Xu and Jia 2012), where a printer's own would match their brightness "
            "alone."
        ),
        Group.PRINT,
        label=N_("For a black-and-white printer"),
        hint=N_(
            "The whole deck in shades of grey, chosen so that its pictures and words still look "
            "different; the sheets below show it as it will print."
        ),
    ),
    Option(
        "bleed",
        Kind.LENGTH,
        "0mm",
        N_("Run the card colour this far past the cut line."),
        Group.PRINT,
        metavar="LENGTH",
    ),
    Option(
        "safe_margin",
        Kind.LENGTH,
        "3mm",
        N_("Keep symbols this far inside the cut line."),
        Group.CARD,
        metavar="LENGTH",
        label=N_("Safe margin"),
        hint=N_("How far inside the cut line the symbols stay; more forgives a wobbly cut."),
        low=0,
        high=20,
        step=0.5,
        shapes=Shapes.SEED,
    ),
    Option(
        "clearance",
        Kind.LENGTH,
        "1mm",
        N_("Least gap between two symbols."),
        Group.LOOK,
        metavar="LENGTH",
        shapes=Shapes.SEED,
    ),
    Option(
        "rotation",
        Kind.DEGREES,
        "180",
        N_(
            "Largest tilt of any symbol, degrees (pictures turn freely, words up to 25; 0 keeps "
            "all upright)."
        ),
        Group.LOOK,
        metavar="DEG",
        field="max_rotation",
        label=N_("Symbols may turn"),
        hint=N_(
            "180 turns them any way, like the shop game, and packs tighter; 0 keeps them "
            "upright for small children."
        ),
        low=0,
        high=180,
        step=5,
        shapes=Shapes.SEED,
    ),
    Option(
        "same_size",
        Kind.SWITCH,
        False,
        N_(
            "Print every symbol on a card at the same size (by its ink), as the accessible edition "
            "does, instead of large and small ones."
        ),
        Group.LOOK,
        label=N_("Every symbol the same size"),
        hint=N_("Easier to scan for young children and players who see less well."),
        shapes=Shapes.DECK,
    ),
    Option(
        "outline",
        Kind.SWITCH,
        False,
        N_(
            "Draw a black outline around each picture, so it stands out from the card in any "
            "light, in black and white and to colour-blind players."
        ),
        Group.LOOK,
        label=N_("Outline around each picture"),
        hint=N_("A black line around each picture makes it stand out from the card."),
        shapes=Shapes.DECK,
    ),
    Option(
        "background",
        Kind.CHOICE,
        "remove",
        N_(
            "remove: plain backgrounds around drawings, clip art and product shots become "
            "transparent (photos stay whole); keep: leave every picture whole."
        ),
        Group.DECK,
        field="symbol_options",
        choices=_choices(remove=N_("Removed"), keep=N_("Kept")),
        shapes=Shapes.SEED,
        enum=Background,
    ),
    Option(
        "photo_shape",
        Kind.CHOICE,
        "rect",
        N_("How photos (no plain background) are cut."),
        Group.LOOK,
        field="symbol_options",
        label=N_("Photos cut as"),
        hint=N_("How photos are cut out; drawings are cut to their outline anyway."),
        choices=_choices(
            rect=N_("Rectangles, whole"), rounded=N_("Rounded rectangles"), circle=N_("Circles")
        ),
        shapes=Shapes.SEED,
        enum=PhotoShape,
    ),
    Option(
        "font",
        Kind.FILES,
        None,
        N_(
            "A font (.ttf, .otf, .ttc; a colour emoji font too) tried before the bundled DejaVu "
            "Sans and the installed fonts; repeat for several. Not needed for most scripts: words "
            "DejaVu Sans lacks are set in an installed font that has them."
        ),
        Group.DECK,
        metavar="FILE",
        field="symbol_options",
        shapes=Shapes.SEED,
    ),
    Option(
        "skip_bad",
        Kind.SWITCH,
        False,
        N_("Build from the readable files, skipping bad ones."),
        Group.DECK,
        field="symbol_options",
        shapes=Shapes.SEED,
    ),
    Option(
        "copies",
        Kind.COUNT,
        None,
        N_(
            "Print N copies of the deck for a class (1 to 6), each card marked with its copy's "
            "letter and rim colour."
        ),
        Group.DECK,
        commands=SHOWN,
        metavar="N",
        label=N_("Copies of the deck"),
        hint=N_("For a class: each copy's cards carry its letter and rim colour."),
        low=1,
        high=MAX_COPIES,
        shapes=Shapes.CARDS,
    ),
    Option(
        "split",
        Kind.SWITCH,
        False,
        N_(
            "Print the deck as two half decks, A and B, that each play on their own; each card is "
            "marked with its half."
        ),
        Group.DECK,
        commands=SHOWN,
        label=N_("Two half decks"),
        hint=N_("Halves A and B each play on their own; each card shows its half."),
        shapes=Shapes.CARDS,
    ),
    Option(
        "reshuffle",
        Kind.CARDS,
        "",
        N_(
            "Lay these cards (from 1) out again, e.g. 5,12; the others stay as they are. A card "
            "listed twice is shuffled twice."
        ),
        Group.LOOK,
        metavar="CARDS",
        shapes=Shapes.EACH,
    ),
    Option(
        "shop_profile",
        Kind.PROFILE,
        None,
        N_(
            "What the {shop} files are for: {profiles}, or a .toml file; a card printer's profile "
            "lays the deck out at its card size and safe zone."
        ),
        Group.CARD,
        metavar="NAME|FILE",
        label=N_("Print-shop files for"),
        hint=N_(
            "Which shop the print-shop download (step 5) is for; the whole deck is laid out to "
            "fit its cards."
        ),
        shapes=Shapes.CARDS,
    ),
    Option(
        "labels",
        Kind.SWITCH,
        False,
        N_(
            "Print each picture with its name under it (the file's name, or a vocabulary file's "
            "first text column)."
        ),
        Group.DECK,
        label=N_("Names under the pictures"),
        hint=N_(
            "Each picture with its file name under it (ice-cream.png: “ice cream”), for "
            "learning words."
        ),
        shapes=Shapes.DECK,
    ),
    Option(
        "illustrate",
        Kind.SWITCH,
        False,
        N_(
            "Draw each word of a word list as a picture: your own picture of that name (a folder "
            "given too), else the bundled one whose name fits it in the deck's language ({lang}, "
            "or the list's); write word=picture-name to choose another."
        ),
        Group.DECK,
        label=N_("Pictures for the words"),
        hint=N_(
            "Each word of your list is drawn as a picture of that name (chat: a cat); with "
            "names under the pictures, your word is printed under it."
        ),
        shapes=Shapes.DECK,
    ),
    Option(
        "faces",
        Kind.TEXT,
        "",
        N_(
            "A vocabulary file's columns shown as faces, e.g. picture,word (picture+word: the "
            "picture with its word under it). Default: every column."
        ),
        Group.DECK,
        metavar="COLUMNS",
        # the page's menu of a vocabulary table's columns comes with the plan (app/jobs.py)
        label=N_("Columns on the cards"),
        hint=N_(
            "Which columns of the vocabulary table the cards show; each symbol is printed as one "
            "of them (picture+word: the picture with its word under it)."
        ),
        shapes=Shapes.DECK,
    ),
    # build's own: what else the PDF holds, and further files
    Option(
        "report",
        Kind.FOLDER,
        None,
        N_("Also write a JSON report here."),
        Group.FILES,
        BUILD,
        metavar="FILE",
    ),
    Option(
        "play",
        Kind.FOLDER,
        None,
        N_(
            "Also write the deck as one web page to play before printing (deck.html): the printed "
            "cards, two at a time, to find their match, or paced by a teacher on a projector; it "
            "needs no network and no other file, in the deck's language ({lang})."
        ),
        Group.FILES,
        BUILD,
        metavar="FILE",
    ),
    Option(
        "png_dir",
        Kind.FOLDER,
        None,
        N_("Also write every card as a 300 dpi PNG here."),
        Group.FILES,
        BUILD,
        metavar="DIR",
    ),
    Option(
        "shop",
        Kind.FOLDER,
        None,
        N_(
            "Also write print-shop files here: one card per PDF page with trim/bleed boxes and a "
            "CutContour path, backs, PNGs ({shop_profile} for a card printer's files), and a "
            "README.txt."
        ),
        Group.FILES,
        BUILD,
        metavar="DIR",
    ),
    Option(
        "ladder",
        Kind.SWITCH,
        False,
        N_(
            "A difficulty ladder: the same pictures as three decks of 4, 5 and 6 symbols per card "
            "(or the sizes the pictures allow), each its own PDF beside the one asked for: "
            "deck-4.pdf, deck-5.pdf and deck-6.pdf for deck.pdf."
        ),
        Group.FILES,
        BUILD,
    ),
    Option(
        "backs",
        Kind.SWITCH,
        False,
        N_("Print card backs (the bundled design) after each sheet."),
        Group.EXTRAS,
        BUILD,
        label=N_("Card backs"),
        hint=N_("Backs print on the other side of each sheet; your printer must print both sides."),
    ),
    Option(
        "back_image",
        Kind.FILE,
        None,
        N_("Picture for the backs (implies {backs})."),
        Group.EXTRAS,
        BUILD,
        metavar="FILE",
        field="backs",
    ),
    Option(
        "duplex",
        Kind.CHOICE,
        "long",
        N_("Printer flips the sheet on its long or short edge."),
        Group.EXTRAS,
        BUILD,
        metavar="long|short",
        label=N_("Printer turns the paper"),
        hint=N_("If the backs come out upside down, choose the other edge."),
        choices=_choices(long=N_("On the long edge (most)"), short=N_("On the short edge")),
        under="backs",
        enum=Duplex,
    ),
    Option(
        "back_offset",
        Kind.OFFSET,
        "0,0",
        N_("Move the backs by X,Y mm to correct a printer."),
        Group.EXTRAS,
        BUILD,
        metavar="X,Y",
        label=N_("Move the backs by"),
        hint=N_(
            "If the backs print off centre, measure by how much and move them, as seen on "
            "the back page: right and up are positive, e.g. 1.5,-0.5."
        ),
        under="backs",
    ),
    Option(
        "no_cover",
        Kind.SWITCH,
        False,
        N_("Leave out the cover page (instructions, key)."),
        Group.EXTRAS,
        BUILD,
        field="cover",
    ),
    Option(
        "rules",
        Kind.SWITCH,
        False,
        N_("Add a page of rules (how to play) after the cover."),
        Group.EXTRAS,
        BUILD,
        label=N_("Add a page of rules"),
        hint=N_(
            "How to play, and five quick games, in words a ten-year-old can read; after the "
            "first page."
        ),
    ),
    Option(
        "box",
        Kind.SWITCH,
        False,
        N_("Add a tuck box to print on thick paper, cut, fold and glue for the deck."),
        Group.EXTRAS,
        BUILD,
        label=N_("Add a box for the cards"),
        hint=N_(
            "A box to print on thick paper (160–300 g/m²), cut, fold and glue; its page says how."
        ),
    ),
    Option(
        "card_thickness",
        Kind.LENGTH,
        "0.3mm",
        N_("One card's thickness, for the box's depth (laminated cards: about 0.5mm)."),
        Group.EXTRAS,
        BUILD,
        metavar="LENGTH",
        label=N_("Card thickness"),
        hint=N_("Makes the box deep enough: 0.3 for printed cards, about 0.5 if laminated."),
        low=0.1,
        high=MAX_THICKNESS,
        step=0.05,
        under="box",
    ),
    Option(
        "title",
        Kind.TEXT,
        None,
        N_(
            "The deck's name, on the box, the cover and the rules (default on the box: \"Spot it! "
            'deck").'
        ),
        Group.EXTRAS,
        BUILD,
        metavar="TEXT",
        label=N_("Deck name"),
        hint=N_("Printed on the first page, and on the rules and the box if you add them."),
        # on the box's front, a card wide: 60 are already two small lines there (100,000 never
        # finished fitting)
        longest=60,
    ),
    Option(
        "lang",
        Kind.CHOICE,
        None,
        N_(
            "The language of the messages and of the printed pages (cover, rules, box, shop "
            "README): {languages}. Default: the locale's (LANG), else en."
        ),
        Group.EXTRAS,
        frozenset({"build", "plan"}),  # plan's lines are said in it too
        metavar="LANG",
        label=N_("Language of the printed pages"),
        hint=N_("The cover, the rules and the box are printed in this language."),
        choices=MappingProxyType(dict(LANGUAGES)),
    ),
)

BY_NAME: Mapping[str, Option] = MappingProxyType({o.name: o for o in OPTIONS})
# The groups plan lists: what changes which deck the sources make (it takes the others too,
# so build's command line works unchanged).
PLAN_LISTED = frozenset({Group.DECK, Group.CARD})


def options_for(command: str) -> tuple[Option, ...]:
    """The options ``command`` takes, in the table's order."""
    return tuple(o for o in OPTIONS if command in o.commands)


def shaping(*levels: Shapes) -> tuple[str, ...]:
    """The :class:`BuildOptions` fields that the options shaping the layout at ``levels`` fill,
    in the table's order, each once."""
    return tuple(dict.fromkeys(o.fills for o in OPTIONS if o.shapes in levels))


def option_of(field_name: str) -> Option | None:
    """The option an error about ``field_name`` is shown at: the option of that name, or the
    first that fills that :class:`BuildOptions` field (``card``: the card size)."""
    return BY_NAME.get(field_name) or next((o for o in OPTIONS if o.fills == field_name), None)
