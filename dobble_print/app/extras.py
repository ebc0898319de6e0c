"""The page's choices beyond the card itself: a rules page, a tuck box (its card thickness), the
deck's title, labels under the pictures, and what the print-shop files are for.

Kept apart from :mod:`settings` because each is written in the command its own way: the three
flags take no value, ``--card-thickness`` only goes with ``--box``, an empty title is no
``--title``, and ``--shop-profile`` only goes with ``--shop DIR``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dobble_print.card import CardShape
from dobble_print.errors import DobbleError
from dobble_print.units import parse_length

# The CLI's defaults, as the page sends them ("yes"/"no" for a checkbox).
EXTRA_DEFAULTS = {
    "rules": "no",
    "box": "no",
    "card_thickness": "0.3mm",
    "title": "",
    "labels": "no",
    "shop_profile": "print-and-cut",
}
FLAGS = {"rules": "--rules", "box": "--box", "labels": "--labels"}
EXTRA_LABELS = {
    "rules": "Rules page",
    "box": "Box for the cards",
    "card_thickness": "Card thickness",
    "title": "Deck name",
    "labels": "Names under the pictures",
    "shop_profile": "Print-shop files for",
}
# The engine's advice in flags, as the page says it (the rest of its words are the page's too).
ADVICE = {"leave --labels out": "untick “Names under the pictures”"}
MAX_TITLE = 80  # characters: the box and the cover shrink a long name to fit
SHOP_FOLDER = "shop"  # where the shown command writes the shop files (--shop-profile needs it)


def _yes(key: str, text: str) -> bool:
    if text not in {"yes", "no"}:
        raise DobbleError(f"{EXTRA_LABELS[key]}: {text!r} is not a choice; use yes or no")
    return text == "yes"


def _thickness(text: str) -> float:
    """The card thickness, in the CLI's words when it is no length or no card's thickness."""
    from dobble_print.printing import box_inside

    option = EXTRA_LABELS["card_thickness"]
    text = text.strip()
    # a length cannot start with a minus: as the CLI does, the engine refuses it in its words
    mm = parse_length(text.removeprefix("-"), option=option) * (-1 if text[:1] == "-" else 1)
    box_inside(CardShape(), 1, mm)  # the engine's own check, before any work is done
    return mm


def shop_profile(name: str):
    """The bundled profile ``name``; None for the default (the CLI without --shop-profile)."""
    from dobble_print.printing import DEFAULT_PROFILE, bundled_shop_profiles, load_shop_profile

    if name not in bundled_shop_profiles():
        names = ", ".join(bundled_shop_profiles())
        raise DobbleError(f"{EXTRA_LABELS['shop_profile']}: {name!r} is not a choice; use {names}")
    return None if name == DEFAULT_PROFILE else load_shop_profile(name)


def extra_fields(values: Mapping[str, str], card: CardShape, safe_margin: float) -> dict[str, Any]:
    """The :class:`BuildOptions` fields of these choices; a card printer's profile also sets
    the card and safe margin, as ``--shop-profile`` does.

    Raises:
        DobbleError: a value that does not parse, naming the page's control.
    """
    from dobble_print.printing import fit_to_shop

    box = _yes("box", values["box"])
    title = values["title"].strip()
    profile = shop_profile(values["shop_profile"])
    if profile is not None:
        card, safe_margin = fit_to_shop(profile, card, safe_margin)
    return dict(
        rules=_yes("rules", values["rules"]),
        box=box,
        card_thickness=_thickness(values["card_thickness"]) if box else 0.3,
        title=title or None,
        labels=_yes("labels", values["labels"]),
        shop_profile=profile,
        card=card,
        safe_margin=safe_margin,
    )


def fixes_card(values: Mapping[str, str]) -> bool:
    """Whether the chosen shop profile cuts its own card (the command then names no card)."""
    profile = shop_profile(values["shop_profile"])
    return profile is not None and profile.card is not None


def extra_args(values: Mapping[str, str], same_length) -> list[str]:
    """The command's words for these choices; ``same_length(a, b)`` says two lengths are one."""
    args = [FLAGS[key] for key in ("rules", "box") if values[key] == "yes"]
    thickness = values["card_thickness"]
    if values["box"] == "yes" and not same_length(thickness, EXTRA_DEFAULTS["card_thickness"]):
        args += ["--card-thickness", thickness]
    if values["title"].strip():
        args += ["--title", values["title"].strip()]
    if values["labels"] == "yes":
        args.append("--labels")
    if shop_profile(values["shop_profile"]) is not None:
        args += ["--shop", SHOP_FOLDER, "--shop-profile", values["shop_profile"]]
    return args


def shop_profiles() -> list[dict[str, Any]]:
    """The bundled profiles for the page's menu: name, the shop in words, and the card its die
    cuts (None: the deck's own)."""
    from dobble_print.printing import bundled_shop_profiles, load_shop_profile

    out = []
    for name in bundled_shop_profiles():
        profile = load_shop_profile(name)
        card = profile.card
        out.append(
            {
                "name": name,
                "title": profile.title,
                "card_size": None if card is None else round(card.size, 2),
                "shape": None if card is None else card.kind.value,
            }
        )
    return out
