"""The deck as one web page to play before printing (``--play deck.html``): the printed cards,
drawn in SVG from the same placements the PDF uses, with two games — find the match, and a
teacher's pace for a projector.

One self-contained file, nothing fetched: the page's script and style are inline
(``templates/play``), each picture is in it once as a PNG ``data:`` URL that every card reuses,
and the page's words are the deck's language's (:func:`dobble_print.language.words`).

Pure: the deck in, the page's text out; the build writes it with the other outputs.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
import re
from collections.abc import Sequence

import numpy as np

from dobble_print.card import CardLayout, CardShape
from dobble_print.deck import BORDER_MM, LETTER_MM, Team, letter_ink
from dobble_print.language import words
from dobble_print.printing.marks import mark_place
from dobble_print.resources import templates_dir
from dobble_print.symbols import Symbol

# Pixels per mm of the largest placement of a picture: a card 85 mm across stays sharp up to
# about 1000 px on screen (a projector's), and a classic deck's page stays near 2 MB.
PICTURE_PX_PER_MM = 12.0
MASK_CELLS = 24  # a picture's shape for taps, as a grid this many cells across its box


def play_page(
    symbols: Sequence[Symbol],
    layouts: Sequence[CardLayout],
    *,
    shape: CardShape,
    card_color: tuple[float, float, float] = (1.0, 1.0, 1.0),
    teams: Sequence[Team] | None = None,
    lang: str = "en",
    title: str | None = None,
) -> str:
    """The page that plays the deck of ``layouts`` (one per card, in deck order), as HTML.

    Args:
        symbols: the deck's symbols; only those on a card go in the page.
        shape: the card's shape and size.
        card_color: RGB in [0, 1] of the card.
        teams: each card's rim colour and letter (a class set's, Connect's), or None.
        lang: the language of the page's words.
        title: the deck's name, the page's title.
    """
    used = sorted({p.symbol for layout in layouts for p in layout.placements})
    largest = {i: 0.0 for i in used}
    for layout in layouts:
        for p in layout.placements:
            largest[p.symbol] = max(largest[p.symbol], p.width, p.height)
    hw, hh = shape.half_extent
    deck = {
        "box": [-hw, -hh, 2 * hw, 2 * hh],
        "outline": _path(shape.outline(0.0)),
        "inner": _path(shape.outline(-BORDER_MM)),
        "colour": _css(card_color),
        "symbols": {str(i): _picture(symbols[i], largest[i]) for i in used},
        "cards": [
            _card(layout, teams[n] if teams else None, shape) for n, layout in enumerate(layouts)
        ],
    }
    texts = page_words(lang)
    folder = templates_dir() / "play"
    page = (folder / "page.html").read_text(encoding="utf-8")
    fills = {
        "lang": html.escape(lang),
        "title": html.escape(title or texts["title"]),
        "style": (folder / "play.css").read_text(encoding="utf-8"),
        "script": (folder / "play.js").read_text(encoding="utf-8"),
        "deck": _json(deck),
        "words": _json(texts),
        **{key: html.escape(text) for key, text in texts.items()},
    }
    # one pass, so that nothing filled in (a picture's name) is read as a place to fill
    return re.sub(r"\{\{(\w+)\}\}", lambda m: fills[m.group(1)], page)


def page_words(lang: str) -> dict[str, str]:
    """The page's words in ``lang`` (``{n}`` and the like are filled in by its script)."""
    _ = words(lang).gettext
    return {
        "title": _("Play the deck"),
        "modes": _("Game"),
        "find": _("Find the match"),
        "teacher": _("Teacher"),
        "find_help": _("Find what is on both cards, and tap it."),
        "teacher_help": _(
            "For a projector: Space or → shows the next pair, M shows the match, ← goes back."
        ),
        "next": _("Next pair"),
        "show": _("Show the match"),
        "score": _("Found: {n}"),
        "misses": _("Wrong taps: {n}"),
        "time": _("Time: {t}"),
        "pair": _("Pair {n}"),
        "right": _("Yes! {name} is on both cards."),
        "wrong": _("{name} is on one card only. Try again."),
        "shown": _("The match: {name}."),
        "card_one": _("First card"),
        "card_two": _("Second card"),
        "no_script": _("This page needs JavaScript to play."),
    }


def _card(layout: CardLayout, team: Team | None, shape: CardShape) -> dict:
    """A card as the page draws it: its placements (symbol, centre x, y, width, height, turn in
    mm and degrees counter-clockwise, y up as in the PDF), and its rim and letter if marked."""
    card: dict = {
        "placed": [
            [
                p.symbol,
                _mm(p.center[0]),
                _mm(p.center[1]),
                _mm(p.width),
                _mm(p.height),
                round(p.rotation, 3),
            ]
            for p in layout.placements
        ]  # fmt: skip
    }
    if team is not None:
        card["rim"] = _css(team.rgb)
        if team.letter:
            x, y, turn = mark_place(shape)
            card["letter"] = {
                "text": team.letter,
                "x": _mm(x),
                "y": _mm(y),
                "turn": turn,
                "size": _mm(LETTER_MM / 0.73),
                "ink": _css(letter_ink(team.rgb)),
            }
    return card


def _picture(symbol: Symbol, largest_mm: float) -> dict:
    """A symbol's picture as a PNG data URL, no larger than its largest placement needs, and
    its shape (where its ink is) for telling which picture a tap landed on."""
    from PIL import Image

    rgba = symbol.rgba
    image = Image.fromarray(rgba, "RGBA")
    most = max(1, math.ceil(largest_mm * PICTURE_PX_PER_MM))
    if max(image.size) > most:
        scale = most / max(image.size)
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return {
        "name": symbol.label or symbol.name,
        "src": "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii"),
        "mask": _mask(rgba[:, :, 3]),
    }


def _mask(alpha: np.ndarray) -> str:
    """Where ``alpha`` has ink, as :data:`MASK_CELLS` rows of as many cells, a cell grown by one
    each way (a finger is wider than a line): ``"1"`` ink, ``"0"`` none, row after row."""
    h, w = alpha.shape
    rows = np.minimum(np.arange(h) * MASK_CELLS // h, MASK_CELLS - 1)
    cols = np.minimum(np.arange(w) * MASK_CELLS // w, MASK_CELLS - 1)
    grid = np.zeros((MASK_CELLS, MASK_CELLS), bool)
    ys, xs = np.nonzero(alpha > 32)
    grid[rows[ys], cols[xs]] = True
    grown = grid.copy()
    grown[1:] |= grid[:-1]
    grown[:-1] |= grid[1:]
    grown[:, 1:] |= grown[:, :-1].copy()
    grown[:, :-1] |= grown[:, 1:].copy()
    return "".join("1" if cell else "0" for cell in grown.ravel())


def _path(points: Sequence[tuple[float, float]]) -> str:
    """An SVG path through ``points`` (card mm, y up), drawn with y down."""
    return "M" + "L".join(f"{_mm(x)},{_mm(-y)}" for x, y in points) + "Z"


def _mm(value: float) -> float:
    return round(float(value), 3)


def _css(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in rgb)


def _json(value: object) -> str:
    """JSON safe inside a ``<script>`` element: no ``</`` can close it early."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
