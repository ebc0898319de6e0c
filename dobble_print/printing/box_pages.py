"""The tuck box's net on paper: in one piece on one sheet when it fits, else in two pieces (on
one sheet, or one each), turned a quarter when that is what fits; with the steps to make it.

Geometry only (mm on the page, origin bottom-left); :mod:`dobble_print.printing.pdf.box` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

from dobble_print.card import CardShape
from dobble_print.errors import Advice, OptionError
from dobble_print.language import N_, number, words
from dobble_print.printing.box import (
    PIECES,
    BoxInside,
    NetPiece,
    box_inside,
    net_piece,
    place,
)
from dobble_print.printing.page import Text
from dobble_print.printing.paper import Paper
from dobble_print.printing.text_width import wrap

GAP = 6.0  # mm between two pieces on one sheet: room for scissors
STEP_SIZES = (9.0, 8.0, 7.0)  # points, the steps' text: the largest the room below the net takes
STEP_LEAD = 1.45 * 25.4 / 72  # mm between the steps' lines, per point of text
HEAD_SIZE = 12.0  # points, the page's heading


def box_steps(count: int, lang: str = "en") -> tuple[str, ...]:
    """The steps to make a box of ``count`` pieces (1 or 2), in ``lang``."""
    _ = words(lang).gettext
    if count == 1:
        first = (
            _(
                "Print this page on thick paper (160–300 g/m²) at 100 %. Cut along the solid "
                "lines, thumb notch included."
            ),
            _(
                "Fold along every dashed line, print side out. Glue the seam flap inside the "
                "back's free edge."
            ),
        )
    else:
        first = (
            _(
                "Print on thick paper (160–300 g/m²) at 100 %. Cut both pieces along the solid "
                "lines, thumb notch included."
            ),
            _(
                "Fold along every dashed line, print side out. Glue each piece's seam flap "
                "inside the other piece's free edge."
            ),
        )
    return (
        *first,
        _("Bottom: fold in the three glue flaps, glue them, press the bottom panel onto them."),
        _(
            "Top: fold in the side flaps, then close the lid and slide its tuck flap inside the "
            "front."
        ),
    )


@dataclass(frozen=True)
class BoxPage:
    """One page of the box: its piece(s) placed, and the heading and steps."""

    pieces: tuple[NetPiece, ...]
    texts: tuple[Text, ...]
    inside: BoxInside


def _fits(w: float, h: float, room: tuple[float, float]) -> bool:
    return w <= room[0] + 1e-9 and h <= room[1] + 1e-9


def _arrange(pieces: list[NetPiece], room: tuple[float, float]) -> tuple[bool, bool] | None:
    """(turned, stacked) for all ``pieces`` on one sheet of ``room`` mm, or None: upright first,
    then a quarter turn; two pieces one above the other, then side by side."""
    for turned in (False, True):
        sizes = [(p.height, p.width) if turned else (p.width, p.height) for p in pieces]
        if len(sizes) == 1:
            if _fits(*sizes[0], room):
                return turned, True
            continue
        for stacked in (True, False):
            if stacked:
                w, h = max(s[0] for s in sizes), sum(s[1] for s in sizes) + GAP
            else:
                w, h = sum(s[0] for s in sizes) + GAP, max(s[1] for s in sizes)
            if _fits(w, h, room):
                return turned, stacked
    return None


def _steps(count: int, size: float, width: float, lang: str) -> list[str]:
    """The numbered steps wrapped to ``width`` mm, later lines of a step indented."""
    lines = []
    for n, step in enumerate(box_steps(count, lang), 1):
        wrapped = wrap(step, size, width - 6.0)
        lines += [f"{n}." + "\t" + wrapped[0], *("\t" + more for more in wrapped[1:])]
    return lines


def _page(pieces, turned, stacked, paper, margin, inside, count, lang) -> BoxPage:
    """The pieces placed from the top of the printable area, centred across; the heading and
    steps below them (when there is room)."""
    left, top = margin, paper.height - margin - 9.0
    sizes = [(p.height, p.width) if turned else (p.width, p.height) for p in pieces]
    width = max(s[0] for s in sizes) if stacked else sum(s[0] for s in sizes) + GAP
    x0 = left + (paper.width - 2 * margin - width) / 2
    placed, y = [], top
    for piece, (w, h) in zip(pieces, sizes, strict=True):
        if stacked:
            x = left + (paper.width - 2 * margin - w) / 2
            placed.append(place(piece, (x, y - h), turned=turned))
            y -= h + GAP
        else:
            placed.append(place(piece, (x0, top - h), turned=turned))
            x0 += w + GAP
    bottom = min(min(min(s.start[1], s.end[1]) for s in p.cuts) for p in placed)
    texts = [_heading(paper, margin, inside, count, lang)]
    width = paper.width - 2 * margin - 10
    for size in STEP_SIZES:
        steps = _steps(count, size, width, lang)
        if bottom - margin >= 10.0 + size * STEP_LEAD * len(steps):
            break
    else:
        steps = []  # no room: the heading says what it is, the lines say where to cut and fold
    y = bottom - 8.0
    for line in steps:
        number, text = line.split("\t")
        texts.append(Text(margin + 5, y, number, size))
        texts.append(Text(margin + 11, y, text, size, max_width=width - 6))
        y -= size * STEP_LEAD
    return BoxPage(tuple(placed), tuple(texts), inside)


def _heading(paper: Paper, margin: float, inside: BoxInside, count: int, lang: str) -> Text:
    t = words(lang)
    if count == 1:
        said = t.ngettext(
            "Tuck box: inside {width} × {height} × {depth} mm, for {cards} card up to "
            "{thickness} mm thick",
            "Tuck box: inside {width} × {height} × {depth} mm, for {cards} cards up to "
            "{thickness} mm thick",
            inside.cards,
        )
    else:
        said = t.ngettext(
            "Tuck box, in two pieces: inside {width} × {height} × {depth} mm, for {cards} card "
            "up to {thickness} mm thick",
            "Tuck box, in two pieces: inside {width} × {height} × {depth} mm, for {cards} cards "
            "up to {thickness} mm thick",
            inside.cards,
        )
    text = said.format(
        width=number(inside.width, lang, ".1f"),
        height=number(inside.height, lang, ".1f"),
        depth=number(inside.depth, lang, ".1f"),
        cards=inside.cards,
        thickness=number(inside.thickness, lang),
    )
    width = paper.width - 2 * margin - 10
    return Text(
        margin + 5, paper.height - margin - 4.0, text, HEAD_SIZE, bold=True, max_width=width
    )


def plan_box(
    card: CardShape,
    cards: int,
    *,
    thickness: float,
    paper: Paper,
    margin: float,
    title: str,
    facts: str,
    lang: str = "en",
) -> tuple[BoxPage, ...]:
    """The page(s) of a tuck box for ``cards`` cards of ``thickness`` mm, ``title`` on its front
    and spine and ``facts`` on its back.

    Raises:
        DobbleError: a thickness that is no card's, or a box that does not fit the paper even in
            two pieces, one a sheet.
    """
    inside = box_inside(card, cards, thickness)
    room = (paper.width - 2 * margin, paper.height - 2 * margin - 9.0)
    for count in (1, 2):
        pieces = [
            net_piece(walls, inside, title=title, facts=facts, lang=lang) for walls in PIECES[count]
        ]
        arranged = _arrange(pieces, room)
        if arranged:
            return (_page(pieces, *arranged, paper, margin, inside, count, lang),)
    alone = [_arrange([p], room) for p in pieces]
    if all(alone):
        return tuple(
            _page([p], *how, paper, margin, inside, 2, lang)
            for p, how in zip(pieces, alone, strict=True)
            if how  # each is, as all(alone) says
        )
    raise OptionError(
        "box",
        N_(
            "does not fit on {paper} paper for {card} cards, even in two pieces; choose ",
            paper=paper.printed,
            card=card.description(),
        ),
        advice=(Advice("larger", "paper"), Advice("leave_out", "box", lead=N_(", or "))),
    )
