"""Files for a card printer (``--shop DIR --shop-profile tgc-circle`` …): full-bleed faces, no cut
line, and a ``README.txt`` saying what to upload where and how many cards to order.

A card printer cuts with its own die, so each face is the card's box plus the bleed, filled to the
edge with the card colour (a Connect card's team colour) and nothing else outside the symbols,
which the layout kept inside the profile's safe zone. Picture profiles write one PNG per front at
the profile's exact pixel size and one back picture; PDF profiles write each front page followed
by its back page. Every file is written atomically.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path

from dobble_print.card import CardLayout, CardShape, ShapeKind
from dobble_print.deck import Team
from dobble_print.files import write_atomically
from dobble_print.language import number, words
from dobble_print.printing.backs import load_back
from dobble_print.printing.document import DocumentInfo
from dobble_print.printing.preview import CardLook, save_png, write_cards
from dobble_print.printing.shop.profile import FileKind, ShopProfile
from dobble_print.printing.text_width import wrap_columns
from dobble_print.symbols import Symbol

README = "README.txt"
RETAIL_CARDS = 55  # the retail game's deck: one printers' bracket where 57 may not fit


def card_printer_paths(folder: Path, profile: ShopProfile, count: int) -> list[Path]:
    """Every file :func:`write_card_printer` writes for ``count`` cards, README.txt last."""
    if profile.files is FileKind.PNG:
        faces = [folder / profile.front_name(i + 1) for i in range(count)]
        return [*faces, folder / profile.back, folder / README]
    return [folder / profile.front, folder / README]


def write_card_printer(
    folder: Path,
    profile: ShopProfile,
    *,
    symbols: Sequence[Symbol],
    layouts: Sequence[CardLayout],
    shape: CardShape,
    back: Path,
    card_color: tuple[float, float, float] = (1.0, 1.0, 1.0),
    teams: Sequence[Team] | None = None,
    progress: Callable[[int, int], None] | None = None,
    info: DocumentInfo | None = None,
) -> list[Path]:
    """Write the faces for ``profile`` (a card printer's: not ``FileKind.PDF``) into ``folder``;
    ``info`` describes its PDF (title, subject, keywords, language).

    Args:
        back: the back picture (a card printer always prints one).
        teams: each card's Connect team (border colour), in deck order.
        progress: called as ``progress(done, total)`` as the cards are written.

    Returns:
        The files written, as :func:`card_printer_paths` lists them but README.txt.
    """
    hw, hh = shape.half_extent
    pixels = load_back(back, diameter=2 * (max(hw, hh) + profile.bleed))
    paths = card_printer_paths(folder, profile, len(layouts))[:-1]
    if profile.files is FileKind.PDF_PAIRS:
        from dobble_print.printing.pdf.shop import render_shop_pairs

        def write(tmp: Path) -> None:
            render_shop_pairs(
                tmp,
                symbols=symbols,
                layouts=layouts,
                shape=shape,
                bleed=profile.bleed,
                card_color=card_color,
                back=pixels,
                teams=teams,
                info=info,
            )

        write_atomically(paths[0], write)
        return paths
    size = profile.pixels(shape)
    look = CardLook(
        shape, profile.dpi, profile.bleed, card_color, card_color, pixels=size, rgb=True
    )
    write_cards(paths[:-1], layouts, symbols, look=look, teams=teams, progress=progress)
    save_png(_back_face(pixels, size, card_color), paths[-1], dpi=profile.dpi)
    return paths


def _back_face(back, size: tuple[int, int], card_color: tuple[float, float, float]):
    """The back picture covering the whole face (cropped to it, never squashed), over the card
    colour where it is transparent."""
    from PIL import Image, ImageOps

    art = ImageOps.fit(Image.fromarray(back, "RGBA"), size, Image.Resampling.LANCZOS)
    face = Image.new("RGBA", size, tuple(round(v * 255) for v in card_color) + (255,))
    return Image.alpha_composite(face, art).convert("RGB")


def shop_readme(
    profile: ShopProfile,
    *,
    shape: CardShape,
    cards: int,
    symbols_per_card: int,
    files: list[str],
    safe_margin: float | None = None,
    shows: tuple[str, str] = ("picture", "pictures"),
    title: str | None = None,
    lang: str = "en",
) -> str:
    """README.txt for the shop folder: in plain words, what the files are, what to upload where,
    the card's size and safe zone (``safe_margin``, the deck's, or else the profile's), and how
    many cards to order; the deck named by its ``title``, and speaking of what its cards show
    (``shows``, one and several: a word deck's cards share a word, not a picture), in ``lang``
    (the profile's own words, what to upload and the shop's deck sizes, stay as it has them)."""
    _ = words(lang).gettext
    one = shows[0]
    if profile.files is FileKind.PNG:
        w, h = profile.pixels(shape)
        fronts = _("the {cards} card fronts, {width} x {height} pixels at {dpi} dpi")
        listing = [
            f"  {files[0]} ... {files[cards - 1]}   "
            + fronts.format(cards=cards, width=w, height=h, dpi=profile.dpi),
            f"  {files[cards]}   " + _("the back, the same for every card"),
        ]
    else:
        pictures = [name for name in files if name.endswith(".png")]
        listing = [f"  {name}" for name in files if name not in pictures]
        if pictures:
            listing.append(f"  {pictures[0]} ... {pictures[-1]}   " + _("every card as a picture"))
    safe = profile.safe_margin if safe_margin is None else safe_margin
    card = _sentences(
        (
            _card_size(shape, lang),
            _(
                "Each face is the card plus {bleed} of bleed a side: the card colour runs past "
                "the cut, so a cut that wanders a little shows no white edge."
            ).format(bleed=_length(profile.bleed, lang)),
            {
                "picture": _("Every picture stays at least {safe} inside the cut."),
                "word": _("Every word stays at least {safe} inside the cut."),
                "picture or word": _("Every picture or word stays at least {safe} inside the cut."),
            }[one].format(safe=_length(safe, lang)),
        )
    )
    sections = [
        (_("WHAT TO UPLOAD"), [_wrap(_(_joined(profile.upload)))]),
        (_("THE FILES"), listing),
        (_("THE CARD"), [_wrap(card)]),
        (_("HOW MANY CARDS TO ORDER"), [_wrap(line) for line in _order(cards, profile, one, lang)]),
    ]
    if title:
        deck = _('"{title}", your Spot it! deck, ready for {shop}')
    else:
        deck = _("Your Spot it! deck, ready for {shop}")
    about = {
        "picture": _("{cards} cards of {count} pictures; any two cards share exactly one picture."),
        "word": _("{cards} cards of {count} words; any two cards share exactly one word."),
        "picture or word": _(
            "{cards} cards of {count} pictures and words; any two cards share exactly one "
            "picture or word."
        ),
    }[one]
    lines = [
        deck.format(title=title, shop=_(profile.title)),  # a bundled shop's is in the catalogue
        "",
        _wrap(about.format(cards=cards, count=symbols_per_card)),
    ]
    for heading, body in sections:
        lines += ["", heading, *body]
    return "\n".join(lines) + "\n"


def _card_size(shape: CardShape, lang: str) -> str:
    """``round, 85 mm across.``: the card's shape and size."""
    _ = words(lang).gettext
    said = {
        ShapeKind.CIRCLE: _("round, {size} across."),
        ShapeKind.HEXAGON: _("hexagon, {size} across its flats."),
        ShapeKind.SQUARE: _("square, {size} across."),
        ShapeKind.ROUNDED: _("rounded, {size} across."),
    }[shape.kind]
    return said.format(size=_length(shape.size, lang))


def _sentences(sentences: Sequence[str]) -> str:
    """Sentences one after another: a space between them, none after a Japanese full stop."""
    out = sentences[0]
    for sentence in sentences[1:]:
        out += ("" if unicodedata.east_asian_width(out[-1]) in "WF" else " ") + sentence
    return out


def _joined(text: str) -> str:
    """A profile's text in one line, as the catalogue holds a bundled shop's words (a profile
    of one's own is in no catalogue, and stays as written)."""
    return " ".join(text.split())


def _wrap(text: str) -> str:
    """``text`` in lines of at most 78 columns: Latin text between words, as before; Japanese
    by Unicode's line-breaking rules and its phrases, a wide character counted two columns
    (:func:`text_width.wrap_columns`)."""
    if any(unicodedata.east_asian_width(ch) in "WF" for ch in text):
        return "\n".join(wrap_columns(text, README_COLUMNS))
    return textwrap.fill(text, width=README_COLUMNS)


README_COLUMNS = 78  # a text file's lines, read in any editor or terminal of 80 columns


def _order(cards: int, profile: ShopProfile, one: str = "picture", lang: str = "en") -> list[str]:
    """What to order, a paragraph a line."""
    _ = words(lang).gettext
    if not profile.card_printer:
        return [_("{cards} cards, one of each.").format(cards=cards)]
    # each shop's own deck sizes, from its profile: one shop's sizes are not another's
    sizes = (
        _(_joined(profile.order))
        if profile.order
        else _("If the printer sells decks in fixed sizes, pick the smallest size that holds them.")
    )
    lines = [
        _sentences(
            (
                _("Order {cards} cards: one of each front, all with the same back.").format(
                    cards=cards
                ),
                sizes,
            )
        )
    ]
    if cards > RETAIL_CARDS:
        again = {
            "picture": _(
                "If {cards} cards cost more than {retail}, make the deck again with {retail} cards "
                "to print (the retail game's count): any two cards still share exactly one picture."
            ),
            "word": _(
                "If {cards} cards cost more than {retail}, make the deck again with {retail} cards "
                "to print (the retail game's count): any two cards still share exactly one word."
            ),
            "picture or word": _(
                "If {cards} cards cost more than {retail}, make the deck again with {retail} cards "
                "to print (the retail game's count): any two cards still share exactly one "
                "picture or word."
            ),
        }[one]
        lines.append(again.format(cards=cards, retail=RETAIL_CARDS))
    return lines


def _length(mm: float, lang: str = "en") -> str:
    """``3.2 mm (0.125 in)``, or ``3 mm`` when the length is a round number of mm."""
    if abs(mm - round(mm)) < 0.01:
        return f"{round(mm)} mm"
    return f"{number(mm, lang, '.1f')} mm ({number(mm / 25.4, lang, '.3g')} in)"
