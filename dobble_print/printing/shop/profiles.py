"""Shop profiles: small TOML files of a print shop's requirements, bundled in ``templates/shops``
or the user's own, read into a :class:`~dobble_print.printing.shop.profile.ShopProfile`.

Keys (lengths as text with a unit, as on the command line)::

    title = "The Game Crafter (Circle Deck)"
    shape = "circle"                 # with card-size: the shop's die; leave both out to keep
    card-size = "3.5in"              #   the deck's own card
    bleed = "0.125in"
    safe-margin = "0.125in"          # symbols at least this far inside the cut
    dpi = 300
    files = "png"                    # png, pdf (one card a page) or pdf-pairs (front, back, …)
    front = "{number:03d}-front.png" # a PDF's name, or a picture's with {number} from 1
    back = "back.png"                # "" or left out: the backs go with the fronts
    cut-path = false                 # draw the CutContour cut path
    upload = "what to upload where, for README.txt"
    order = "how the shop sells decks (fixed sizes?), for README.txt; may be left out"
"""

from __future__ import annotations

import tomllib
from enum import Enum
from pathlib import Path

from dobble_print.card import CardShape, ShapeKind
from dobble_print.errors import DobbleError, OptionError
from dobble_print.files import check_name, given_file
from dobble_print.language import N_
from dobble_print.printing.imposition import MAX_BLEED
from dobble_print.printing.shop.card_printer import README
from dobble_print.printing.shop.profile import FileKind, ShopProfile
from dobble_print.resources import templates_dir
from dobble_print.units import parse_card_size, parse_length

DEFAULT_PROFILE = "print-and-cut"  # today's --shop output
_REQUIRED = ("title", "bleed", "safe-margin", "dpi", "files", "front", "cut-path", "upload")
_KEYS = frozenset({*_REQUIRED, "shape", "card-size", "back", "order"})
_HAS = ", ".join(sorted(_KEYS))  # what a profile may set, as its errors list it


def bundled_shop_profiles() -> dict[str, Path]:
    """Profile name → file, for the profiles that ship with the tool."""
    folder = templates_dir() / "shops"
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}


def load_shop_profile(name_or_file: str = DEFAULT_PROFILE) -> ShopProfile:
    """Read a shop profile: a bundled one's name or a path to a ``.toml`` file.

    Raises:
        OptionError: naming ``shop_profile``: no such profile, unreadable TOML, an unknown or
            missing key, or a value that does not parse.
    """
    try:
        return _read_profile(name_or_file)
    except DobbleError as exc:
        raise OptionError("shop_profile", exc.parts) from None


def _read_profile(name_or_file: str) -> ShopProfile:
    """:func:`load_shop_profile`'s work; its errors name the profile or its file first."""
    bundled = bundled_shop_profiles()
    path = bundled.get(name_or_file) or given_file(name_or_file)
    where = name_or_file
    if not path.is_file():
        names = ", ".join(bundled)
        raise DobbleError(
            N_(
                "{where}: no such profile or file; use one of {names} or a .toml file",
                where=where,
                names=names,
            )
        )
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DobbleError(
            (f"{where}: ", N_("not a readable TOML file ({why})", why=str(exc)))
        ) from None
    unknown = sorted(set(data) - _KEYS)
    missing = [key for key in _REQUIRED if key not in data]
    if unknown or missing:
        what = (
            N_("{key!r} is not a setting; a profile has {keys}", key=unknown[0], keys=_HAS)
            if unknown
            else N_("{key!r} is missing; a profile has {keys}", key=missing[0], keys=_HAS)
        )
        raise DobbleError((f"{where}: ", what))
    return _profile(path.stem, data, where)


def _profile(name: str, data: dict, where: str) -> ShopProfile:
    """The profile from its checked keys."""

    def text(key: str) -> str:
        value = data.get(key, "")
        if not isinstance(value, str):
            raise DobbleError(
                (f"{where}: ", N_('{key} must be text in quotes, e.g. {key} = "…"', key=key))
            )
        return value

    files = _choice(FileKind, text("files"), f"{where}: files")
    if files is FileKind.PNG and "{number" not in text("front"):
        raise DobbleError(
            (
                f"{where}: ",
                N_(
                    'front must hold {number}, e.g. "{example}"',
                    number="{number}",
                    example="{number:03d}-front.png",
                ),
            )
        )
    _check_names(text("front"), text("back"), where)
    dpi, cut = data["dpi"], data["cut-path"]
    if not isinstance(dpi, int) or not 72 <= dpi <= 1200:
        raise DobbleError(
            (f"{where}: ", N_("dpi {dpi} is out of range; use 72 to 1200", dpi=repr(dpi)))
        )
    if not isinstance(cut, bool):
        raise DobbleError((f"{where}: ", N_("cut-path must be true or false")))
    if files is FileKind.PDF_PAIRS and cut:
        raise DobbleError(
            (f"{where}: ", N_('cut-path needs files = "pdf" (a card printer cuts its own)'))
        )
    bleed = parse_length(text("bleed"), option=f"{where}: bleed")
    if bleed > MAX_BLEED:  # a card printer's file is the card plus its bleed: 5 m would not do
        raise DobbleError(
            (
                f"{where}: ",
                N_(
                    "bleed {bleed:g} mm is out of range; use 0 to {most:g} mm (print shops ask "
                    "for about 3 mm)",
                    bleed=bleed,
                    most=float(MAX_BLEED),
                ),
            )
        )
    card = None
    if "card-size" in data or "shape" in data:
        shape = _choice(ShapeKind, text("shape") or "circle", f"{where}: shape")
        card = CardShape(shape, parse_card_size(text("card-size"), option=f"{where}: card-size"))
    return ShopProfile(
        name=name,
        title=text("title"),
        card=card,
        bleed=bleed,
        safe_margin=parse_length(text("safe-margin"), option=f"{where}: safe-margin"),
        dpi=dpi,
        files=files,
        front=text("front"),
        back=text("back"),
        cut_path=cut,
        upload=text("upload").strip(),
        order=" ".join(text("order").split()),
    )


def _check_names(front: str, back: str, where: str) -> None:
    """The files' names stay inside the shop folder and never name one file twice: a card's
    front written over by the back, or a file written beside the folder, would be lost work.

    Raises:
        DobbleError: a name with a folder in it, or a back named as a front.
    """
    try:
        fronts = {front.format(number=n) for n in range(1, MOST_CARDS + 1)}
    except (KeyError, IndexError, ValueError):
        raise DobbleError(
            (
                f"{where}: ",
                N_(
                    'front {front} is not a name pattern; use {number}, e.g. "{example}"',
                    front=repr(front),
                    number="{number}",
                    example="{number:03d}.png",
                ),
            )
        ) from None
    for key, names in (("front", sorted(fronts)), ("back", [back] if back else [])):
        for name in names:
            if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
                raise DobbleError(
                    (
                        f"{where}: ",
                        N_(
                            "{key} {name} holds a control character; give a plain file name, "
                            'e.g. "back.png"',
                            key=key,
                            name=repr(front if key == "front" else back),
                        ),
                    )
                )
            if "/" in name or "\\" in name or name.startswith("."):
                raise DobbleError(
                    (
                        f"{where}: ",
                        N_(
                            "{key} {name} must be a file name in the shop folder, with no "
                            'folder in it and not starting with ".", e.g. "back.png"',
                            key=key,
                            name=repr(name),
                        ),
                    )
                )
            if len(name.encode()) > LONGEST_NAME:
                raise DobbleError(
                    (
                        f"{where}: ",
                        N_(
                            "{key} makes names of {bytes} bytes, too long for a file; keep it "
                            "under {most} bytes",
                            key=key,
                            bytes=len(name.encode()),
                            most=LONGEST_NAME + 1,
                        ),
                    )
                )
            if name.casefold() == README.casefold():
                raise DobbleError(
                    (
                        f"{where}: ",
                        N_(
                            "{key} {name} is the name of the shop folder's README; give it "
                            "another name",
                            key=key,
                            name=repr(name),
                        ),
                    )
                )
            check_name(name, f"{where}: {key}")
    if back in fronts:
        raise DobbleError(
            (
                f"{where}: ",
                N_(
                    "back {name} is also the name of a card's front; give it another name",
                    name=repr(back),
                ),
            )
        )


# A file name's bytes, less what a staged file adds to it (".NAME.1a2b3c4d.part"): most file
# systems take 255.
LONGEST_NAME = 240
MOST_CARDS = 1000  # the most cards a deck can have front files for (a plane of order 31: 993)


def _choice(enum: type[Enum], value: str, what: str):
    try:
        return enum(value)
    except ValueError:
        names = ", ".join(member.value for member in enum)
        raise DobbleError(
            (
                f"{what} ",
                N_("{value} is not a choice; use {names}", value=repr(value), names=names),
            )
        ) from None


def fit_to_shop(
    profile: ShopProfile, card: CardShape, safe_margin: float
) -> tuple[CardShape, float]:
    """The card and safe margin a deck for ``profile`` is laid out with: the shop's die when it
    has one (the deck is laid out again at that size, never scaled), and the larger of the two
    safe margins."""
    return profile.card or card, max(safe_margin, profile.safe_margin)


def same_card(a: CardShape, b: CardShape) -> bool:
    """Whether two cards are one (the same shape, sizes within 0.01 mm: ``88.9mm`` is
    ``3.5in``)."""
    return a.kind is b.kind and abs(a.size - b.size) < 0.01
