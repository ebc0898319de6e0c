"""What the page's controls and menus are (``/api/menus``): each option of the table with a
label becomes a control (:mod:`js/controls.js` builds it by its kind), and the presets and shop
profiles are the bundled ones, never listed by hand."""

from __future__ import annotations

from typing import Any

from dobble_print import Option
from dobble_print.app.settings import (
    BACKS,
    DEFAULT_SHOP,
    DEFAULTS,
    PAGE,
    preset_keys,
    preset_values,
)
from dobble_print.pipeline import bundled_presets


def _control(option: Option) -> dict[str, Any]:
    """One control of the page, from the table."""
    choices = dict(option.choices)
    if option.name == "backs":
        choices = BACKS
    elif option.name == "card_color":
        from dobble_print.units import COLORS

        choices = {c: c.capitalize() for c in COLORS if c != "gray"}
    elif option.name == "paper":
        from dobble_print import PAPERS

        choices = {p: option.choices.get(p, p.upper()) for p in PAPERS}
    elif option.name == "shop_profile":
        choices = {p["name"]: p["title"] for p in shop_profiles()}
    return {
        "name": option.name,
        "kind": option.kind.value,
        "label": option.label,
        "hint": option.hint,
        "choices": [[value, words] for value, words in choices.items()],
        "low": option.low,
        "high": option.high,
        "step": option.step,
        "under": option.under,
        "group": option.group.value,
        "field": option.fills,
    }


def shop_profiles() -> list[dict[str, Any]]:
    """The bundled profiles for the page's menu, the print-and-cut shop first: name, the shop
    in words, what its download holds, and the card its die cuts (None: the deck's own)."""
    from dobble_print.printing import bundled_shop_profiles, load_shop_profile

    names = sorted(bundled_shop_profiles(), key=lambda n: n != DEFAULT_SHOP)
    out = []
    for name in names:
        profile = load_shop_profile(name)
        card = profile.card
        out.append(
            {
                "name": name,
                "title": profile.title[:1].upper() + profile.title[1:],
                "holds": _holds(profile),
                "card_size": None if card is None else round(card.size, 2),
                "shape": None if card is None else card.kind.value,
            }
        )
    return out


def _holds(profile) -> str:
    """What a profile's download holds, in words, from what the profile asks for."""
    if profile.files.value == "png":
        return f"A {profile.dpi} dpi picture of each card’s face and of the back"
    if profile.cut_path:
        return "One card per page with bleed and a cut path"
    return f"One PDF with each card’s front then its back, {profile.bleed:g} mm bleed"


def offered() -> dict[str, object]:
    """What the page's controls and menus are: made from the option table and the bundled
    presets and shop profiles (never listed by hand)."""
    from dobble_print.app.tables import TEXT_SUFFIXES
    from dobble_print.pipeline import preset_about
    from dobble_print.symbols import IMAGE_SUFFIXES, SYSTEM_FOLDERS, format_names

    return {
        "controls": [_control(o) for o in PAGE],
        "defaults": DEFAULTS,
        "presets": [
            {"name": name, "about": preset_about(name), "values": preset_values(name)}
            for name in bundled_presets()
        ],
        "preset_keys": sorted(preset_keys()),
        "shop_profiles": shop_profiles(),
        "names": {o.name: o.label for o in PAGE},
        # the pictures the command line reads, and the folders it does not search
        "pictures": {"suffixes": sorted(IMAGE_SUFFIXES), "kinds": format_names()},
        "texts": sorted(TEXT_SUFFIXES),  # word lists and vocabulary files, a tile each
        "system_folders": sorted(SYSTEM_FOLDERS),
    }
