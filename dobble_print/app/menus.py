"""What the page's controls and menus are (``/api/menus``): each option of the table with a
label becomes a control (:mod:`js/controls.js` builds it by its kind), and the presets and shop
profiles are the bundled ones, never listed by hand. Every word is in the page's language
(:func:`~dobble_print.app.catalogue.page_words`); the printed pages' language is the page's own
menu, so it is no control here."""

from __future__ import annotations

from typing import Any

from dobble_print import Option, bundled_presets
from dobble_print.app.catalogue import N_, page_words
from dobble_print.app.settings import (
    BACKS,
    DEFAULT_SHOP,
    DEFAULTS,
    PAGE,
    preset_keys,
    preset_values,
)

# The colours' words on the page; a colour added to the engine shows its name until it has some.
COLOUR_WORDS = {
    "white": N_("White"),
    "cream": N_("Cream"),
    "ivory": N_("Ivory"),
    "yellow": N_("Yellow"),
    "pink": N_("Pink"),
    "blue": N_("Blue"),
    "green": N_("Green"),
    "grey": N_("Grey"),
    "black": N_("Black"),
}
SAME = ("gray",)  # another spelling of a colour listed


def _control(option: Option, lang: str) -> dict[str, Any]:
    """One control of the page, from the table, in ``lang``."""
    assert option.label is not None  # the page offers only options with a label
    _ = page_words(lang).gettext
    choices = {value: _(words) for value, words in option.choices.items()}
    if option.name == "backs":
        choices = {value: _(words) for value, words in BACKS.items()}
    elif option.name == "card_color":
        from dobble_print.units import COLORS

        choices = {c: _(COLOUR_WORDS.get(c, c.capitalize())) for c in COLORS if c not in SAME}
    elif option.name == "paper":
        from dobble_print import PAPERS

        choices = {p: choices.get(p, p.upper()) for p in PAPERS}
    elif option.name == "shop_profile":
        choices = {p["name"]: p["title"] for p in shop_profiles(lang)}
    return {
        "name": option.name,
        "kind": option.kind.value,
        "label": _(option.label),
        "hint": _(option.hint) if option.hint else option.hint,
        "choices": [[value, words] for value, words in choices.items()],
        "low": option.low,
        "high": option.high,
        # a range that depends on the paper (the margin): the engine's highest on each one
        "high_by_paper": _highs(option),
        "longest": option.longest,
        "step": option.step,
        "under": option.under,
        "group": option.group.value,
        "field": option.fills,
    }


def _highs(option: Option) -> dict[str, float] | None:
    """The highest value of an option whose range depends on the paper, on each paper offered
    (the page sets its control's range by the paper chosen)."""
    if option.paper_share is None:
        return None
    from dobble_print import PAPERS

    highs = {name: option.highest((p.width, p.height)) for name, p in PAPERS.items()}
    return {name: high for name, high in highs.items() if high is not None}  # each has one


def shop_profiles(lang: str) -> list[dict[str, Any]]:
    """The bundled profiles for the page's menu, the print-and-cut shop first: name, the shop
    in words (``lang``'s), what its download holds, and the card its die cuts (None: the
    deck's own)."""
    from dobble_print.printing import bundled_shop_profiles, load_shop_profile

    names = sorted(bundled_shop_profiles(), key=lambda n: n != DEFAULT_SHOP)
    out = []
    for name in names:
        profile = load_shop_profile(name)
        card = profile.card
        title = page_words(lang).gettext(profile.title)
        out.append(
            {
                "name": name,
                "title": title[:1].upper() + title[1:],
                "holds": _holds(profile, lang),
                "card_size": None if card is None else round(card.size, 2),
                "shape": None if card is None else card.kind.value,
            }
        )
    return out


def _holds(profile, lang: str) -> str:
    """What a profile's download holds, in words, from what the profile asks for."""
    from dobble_print import number

    _ = page_words(lang).gettext
    if profile.files.value == "png":
        return _("A {dpi} dpi picture of each card’s face and of the back").format(dpi=profile.dpi)
    if profile.cut_path:
        return _("One card per page with bleed and a cut path")
    return _("One PDF with each card’s front then its back, {bleed} mm bleed").format(
        bleed=number(profile.bleed, lang)
    )


def _kinds(lang: str) -> str:
    """The picture formats read, as a phrase in ``lang``: ``PNG, JPEG … or SVG``."""
    from dobble_print.symbols import PICTURE_FORMATS

    names = [f.name for f in PICTURE_FORMATS]
    said = page_words(lang)
    # the list's commas in the language too (Japanese writes 、)
    return said.gettext("{names} or {last}").format(
        names=said.gettext(", ").join(names[:-1]), last=names[-1]
    )


SAMPLES = {"all": "rainbow"}  # the picture a theme's button shows, when not its first


def themes(lang: str) -> list[dict[str, Any]]:
    """The ready-made decks of the bundled pictures, ``all`` last: the theme, its name in
    ``lang`` (the option table's words, as the command line's help names them), the deck it
    makes and a picture of it."""
    from dobble_print import BY_NAME
    from dobble_print.pipeline import theme_keys, theme_sizes

    _ = page_words(lang).gettext
    names = BY_NAME["theme"].choices
    out = []
    for size in theme_sizes():
        keys = theme_keys(size.id)
        sample = SAMPLES.get(size.id, keys[0])
        out.append(
            {
                "id": size.id,
                "name": _(names.get(size.id, size.id)),
                "pictures": size.pictures,
                "symbols_per_card": size.symbols_per_card,
                "cards": size.cards,
                "sample": sample if sample in keys else keys[0],
            }
        )
    return out


def offered(lang: str = "en") -> dict[str, object]:
    """What the page's controls and menus are, in ``lang``: made from the option table and the
    bundled presets and shop profiles (never listed by hand)."""
    from dobble_print import preset_about
    from dobble_print.app.word_files import TEXT_SUFFIXES
    from dobble_print.symbols import IMAGE_SUFFIXES, SYSTEM_FOLDERS

    _ = page_words(lang).gettext
    return {
        "controls": [_control(o, lang) for o in PAGE if o.name != "lang"],
        "defaults": DEFAULTS,
        "presets": [
            {"name": name, "about": _(preset_about(name)), "values": preset_values(name)}
            for name in bundled_presets()
        ],
        "preset_keys": sorted(preset_keys()),
        "shop_profiles": shop_profiles(lang),
        "names": {o.name: _(o.label or o.name) for o in PAGE},  # each has a label
        # the pictures the command line reads, and the folders it does not search
        "pictures": {"suffixes": sorted(IMAGE_SUFFIXES), "kinds": _kinds(lang)},
        "texts": sorted(TEXT_SUFFIXES),  # word lists and vocabulary files, a tile each
        "system_folders": sorted(SYSTEM_FOLDERS),
        "themes": themes(lang),
    }
