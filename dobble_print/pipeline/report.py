"""The report JSON: what was built, where every card and symbol is, in page coordinates (mm).

Later versions add keys but never change or remove these (``version`` 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from dobble_print.card import CardLayout, Placement, ShapeKind
from dobble_print.deck import Team
from dobble_print.layout import (
    Measured,
    as_json,
    readable_cap,
    recognisable_size,
    smallest_picture,
    smallest_word,
)
from dobble_print.printing import SheetPlan
from dobble_print.symbols import Symbol

REPORT_VERSION = 1


def _r(x: float) -> float:
    return round(float(x), 3)


def _card(plan: SheetPlan) -> dict:
    shape = plan.card
    if shape.kind is ShapeKind.CIRCLE:
        return {"shape": "circle", "diameter_mm": _r(shape.size)}
    return {"shape": shape.kind.value, "size_mm": _r(shape.size), "diameter_mm": _r(shape.diameter)}


def _words(cards: list[dict], card, symbols_per_card: int) -> dict:
    """The deck's smallest word's cap height and the readable one, mm; ``null`` without words."""
    caps = [c["smallest_word_cap_mm"] for c in cards if c["smallest_word_cap_mm"] is not None]
    return {
        "smallest_word_cap_mm": min(caps) if caps else None,
        "readable_cap_mm": _r(readable_cap(card, symbols_per_card)) if caps else None,
    }


def build_report(
    *,
    seed: int,
    symbols_per_card: int,
    symbols: Sequence[Symbol],
    layouts: Sequence[CardLayout],
    plan: SheetPlan,
    metrics: Measured | None = None,
    teams: Sequence[Team] | None = None,
) -> dict:
    """The report as a JSON-ready dict; ``page`` counts from 1 in the PDF file.

    With ``metrics``, the deck's go under ``"metrics"`` and each card's in its ``"metrics"``; the
    size a picture must print at to be recognised is ``"recognisable_size_mm"``, and each card
    names its smallest picture (``"smallest_picture"``, a symbol id) and its size
    (``"smallest_picture_mm"``; both ``null`` on a card of words) and says whether it reaches
    that size (``"recognisable"``; see :mod:`layout.recognisable`); with
    ``teams`` (Connect), each card names its ``"team"``. A card that is not round is described by
    ``"shape"``, ``"size_mm"`` and the ``"diameter_mm"`` of its circumscribed circle.

    A word's placement says its colour on that card (``"color"``, ``"#rrggbb"``): words read
    together never share one (:mod:`layout.word_colours`).

    Words are judged by their letters (:mod:`layout.word_size`): each card names its smallest
    word (``"smallest_word"``) and the cap height it prints at (``"smallest_word_cap_mm"``; both
    ``null`` on a card of pictures); the deck's smallest is ``"smallest_word_cap_mm"`` at the top,
    beside ``"readable_cap_mm"``, the cap height cards are packed again to reach.
    """
    cards = []
    floor = recognisable_size(plan.card, symbols_per_card)
    for slot in plan.slots:
        cx, cy = slot.center
        layout = layouts[slot.card]
        cards.append(
            {
                "index": slot.card,
                "page": plan.page_number("front", slot.sheet),
                "center_mm": [_r(cx), _r(cy)],
                "symbols": sorted(p.symbol for p in layout.placements),
                "placements": [
                    {
                        "symbol": p.symbol,
                        "center_mm": [_r(cx + p.center[0]), _r(cy + p.center[1])],
                        "width_mm": _r(p.width),
                        "height_mm": _r(p.height),
                        "rotation_deg": _r(p.rotation),
                    }
                    | _colour(p, symbols[p.symbol])
                    for p in layout.placements
                ],
            }
        )
        word = smallest_word(layout, symbols)
        cards[-1]["smallest_word"] = word[1] if word else None
        cards[-1]["smallest_word_cap_mm"] = _r(word[0]) if word else None
        if metrics is not None:
            measured = metrics.cards[slot.card]
            least = smallest_picture(measured.sizes, layout, symbols)
            cards[-1]["metrics"] = as_json(measured)
            cards[-1]["smallest_picture"] = least[1] if least else None
            cards[-1]["smallest_picture_mm"] = _r(least[0]) if least else None
            cards[-1]["recognisable"] = not least or least[0] >= floor
        if teams is not None:
            cards[-1]["team"] = teams[slot.card].name
        if slot.back_center is not None:
            cards[-1]["back_page"] = plan.page_number("back", slot.sheet)
            cards[-1]["back_center_mm"] = [_r(v) for v in slot.back_center]
    extra = {}
    if metrics is not None:
        extra = {"metrics": as_json(metrics.deck), "recognisable_size_mm": _r(floor)}
    return {
        "version": REPORT_VERSION,
        "seed": seed,
        "symbols_per_card": symbols_per_card,
        **extra,
        **_words(cards, plan.card, symbols_per_card),
        "paper": {
            "name": plan.paper.name,
            "width_mm": _r(plan.paper.width),
            "height_mm": _r(plan.paper.height),
        },
        "card": _card(plan),
        "symbols": [{"id": i, "name": s.name, "source": s.source} for i, s in enumerate(symbols)],
        "pages": [p.kind for p in plan.pages],
        "cards": cards,
    }


def small_words(report: dict) -> str | None:
    """One line when some cards' smallest word prints under the cap height those cards are
    packed again to reach (``readable_cap_mm``): the packing could not get there (words among
    photos, long phrases, many symbols a card); None when every word reads."""
    readable = report.get("readable_cap_mm")
    if readable is None:
        return None
    readable = min(readable, EASY_CAP_MM)  # with 3 or 4 a card the packing aims higher still
    low = [
        (c["smallest_word_cap_mm"], c["smallest_word"], i + 1)
        for i, c in enumerate(report["cards"])
        if c.get("smallest_word_cap_mm") is not None
        and c["smallest_word_cap_mm"] < readable - SMALL_WORD_SLACK
    ]
    if not low:
        return None
    cap, index, card = min(low)
    word = report["symbols"][index]["name"]  # a card's "smallest_word" is its symbol index
    others = f" and {len(low) - 1} more card{'s' if len(low) > 2 else ''}" if len(low) > 1 else ""
    pictures = any(c.get("smallest_picture") is not None for c in report["cards"])
    rooms = "fewer symbols per card, larger cards" + (
        ", or fewer pictures beside them" if pictures else " or shorter words"
    )
    return (
        f'card {card}{others}: words print small ("{word}": capitals {cap:.1f} mm tall, under '
        f"the {readable:.1f} mm that reads easily on these cards); give the words more room: "
        f"{rooms}"
    )


SMALL_WORD_SLACK = 0.05  # mm: a cap height this close to the readable one is not worth a warning
EASY_CAP_MM = 6.25  # mm: the junior card's readable capitals (24-point type) read easily anywhere


def _colour(p: Placement, symbol: Symbol) -> dict:
    """A word's colour on the card, ``{"color": "#rrggbb"}`` (a picture's: nothing)."""
    if symbol.kind != "word":
        return {}
    return {"color": "#{:02x}{:02x}{:02x}".format(*(p.color or symbol.color))}
