"""The rules sheet (``--rules``): what the deck is and how to play it, in plain words, on one page
(more only on paper too small for it at a readable size). Printed after the cover, never on a
sheet of cards.

The words are data, ``templates/rules/rules.toml``; this lays them out in mm on the page, as
:class:`~dobble_print.printing.cover.CoverPage` texts the cover's writer draws. Lines are wrapped
by the font's own widths (:mod:`text_width`), so what fits is known before anything is drawn.
"""

from __future__ import annotations

import functools
import tomllib
import unicodedata
from dataclasses import dataclass

from dobble_print.language import ENGLISH, PSEUDO, pseudo
from dobble_print.printing.page import CoverPage, Text
from dobble_print.printing.paper import Paper
from dobble_print.printing.text_width import wrap
from dobble_print.resources import templates_dir

PT = 25.4 / 72.0  # mm per point
TITLE_SIZE = 20.0  # points
SIZES = tuple(s / 2 for s in range(22, 15, -1))  # body text, points: 11 down to 8
TWO_COLUMNS = 240.0  # mm of text width from which the page is set in two columns (A3, tabloid)
COLUMN_GAP = 10.0


@dataclass(frozen=True)
class RulesDeck:
    """What the rules say about the deck: its numbers, its game and whether it has a cover."""

    cards: int
    symbols_per_card: int
    symbols: int
    connect: bool = False
    cover: bool = True
    title: str | None = None
    shows: tuple[str, str] = ("picture", "pictures")  # what the cards show: one, several
    lang: str = "en"  # the language of the sheet: templates/rules/rules.<lang>.toml


@functools.cache
def rules_words(lang: str = "en") -> dict:
    """The rules sheet's words in ``lang``: ``rules.toml`` in English, ``rules.<lang>.toml``
    in another language (English when it has none); in :data:`PSEUDO`, the English sheet's every
    text turned by :func:`pseudo` (placeholders kept), so English left on the sheet shows."""
    if lang == PSEUDO:
        return _pseudo_words(rules_words(ENGLISH))
    name = "rules.toml" if lang == ENGLISH else f"rules.{lang}.toml"
    path = templates_dir() / "rules" / name
    if not path.is_file():
        path = templates_dir() / "rules" / "rules.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _pseudo_words(value):
    """``value`` (the sheet's table, a list or a text) with every text in :data:`PSEUDO`."""
    if isinstance(value, dict):
        return {key: _pseudo_words(v) for key, v in value.items()}
    if isinstance(value, list):
        return [_pseudo_words(v) for v in value]
    return pseudo(value)


def _nouns(words: dict, shows: tuple[str, str], lang: str) -> tuple[str, str]:
    """What the cards show in the sheet's language: its ``[nouns]`` table is keyed by the
    English word (``picture``, ``word``, ``picture or word``); English has none, and
    :data:`PSEUDO` turns English's."""
    if lang == PSEUDO:
        return pseudo(shows[0]), pseudo(shows[1])
    return tuple(words.get("nouns", {}).get(shows[0], shows))


def rules_blocks(deck: RulesDeck) -> list[tuple[str | None, str]]:
    """(heading, paragraph) in reading order, the deck's numbers filled in; a section heading
    is a block with an empty paragraph."""
    words = rules_words(deck.lang)
    one, several = _nouns(words, deck.shows, deck.lang)
    numbers = {
        "cards": deck.cards,
        "symbols_per_card": deck.symbols_per_card,
        "symbols": deck.symbols,
        "picture": one,
        "pictures": several,
    }
    intro = words["intro"]
    if deck.cover:  # Japanese sets no space between sentences
        intro += ("" if unicodedata.east_asian_width(intro[-1]) in "WF" else " ") + words[
            "cover-tip"
        ]
    blocks: list[tuple[str | None, str]] = [(None, intro.format_map(numbers))]
    game_heading = words.get("game-heading", "{name} — {players}")
    if deck.connect:
        c = words["connect"]
        blocks.append((game_heading.format_map(c), c["text"].format_map(numbers)))
    blocks.append((words["games-heading"], ""))
    for game in words["games"]:
        blocks.append((game_heading.format_map(game), game["text"].format_map(numbers)))
    return blocks


def _frame(paper: Paper, margin: float) -> tuple[float, float, float, float]:
    """Left edge, width, top baseline and bottom of the text, mm."""
    return margin + 5.0, paper.width - 2 * margin - 10.0, paper.height - margin - 8.0, margin + 5


def _block_lines(heading, paragraph, size, width) -> list[tuple[str, float, bool, float]]:
    """The block's lines as (text, size, bold, room above the baseline in mm)."""
    lead = size * PT * 1.4
    lines = []
    if heading:
        lines.append((heading, size + 2, True, lead * 1.9))
    first = lead * (1.2 if heading else 1.6)
    for n, line in enumerate(wrap(paragraph, size, width)):
        lines.append((line, size, False, first if n == 0 else lead))
    return lines


def _flow(blocks, size: float, paper: Paper, margin: float) -> list[list[Text]]:
    """The blocks set at ``size`` points, in columns and pages; a block is never split."""
    left, width, top, bottom = _frame(paper, margin)
    columns = 2 if width >= TWO_COLUMNS else 1
    col_width = (width - COLUMN_GAP * (columns - 1)) / columns
    pages: list[list[Text]] = [[]]
    column, y = 0, top - TITLE_SIZE * PT * 0.6
    for heading, paragraph in blocks:
        lines = _block_lines(heading, paragraph, size, col_width)
        if y - sum(room for *_, room in lines) < bottom:
            column += 1
            if column == columns:
                pages.append([])
                column = 0
            y = top + lines[0][3] - size * PT * 1.4
        x = left + column * (col_width + COLUMN_GAP)
        for text, line_size, bold, room in lines:
            y -= room
            pages[-1].append(Text(x, y, text, line_size, bold=bold, max_width=col_width))
    return pages


def plan_rules(deck: RulesDeck, paper: Paper, margin: float) -> tuple[CoverPage, ...]:
    """The rules page(s): the largest body text from 11 to 8 pt that fits one page, or 8 pt
    over as many pages as it takes."""
    words = rules_words(deck.lang)
    heading = words["heading-titled"].format(title=deck.title) if deck.title else words["heading"]
    left, width, top, _ = _frame(paper, margin)
    head = Text(left, top, heading, TITLE_SIZE, bold=True, max_width=width)
    blocks = rules_blocks(deck)
    for size in SIZES:
        pages = _flow(blocks, size, paper, margin)
        if len(pages) == 1:
            break
    return tuple(
        CoverPage(((head,) if n == 0 else ()) + tuple(texts), (), (), ())
        for n, texts in enumerate(pages)
    )
