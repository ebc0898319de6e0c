"""The deck's PDF for printing at home or school: the cover, then each sheet of fronts, each
followed by its sheet of backs when there are backs.

Round cards are drawn here; cards of other shapes, and any card with a Connect team border, by
:mod:`shaped`. Every picture is a form from :mod:`canvas`, stored once in the file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from dobble_print.card import CardLayout, ShapeKind
from dobble_print.deck import Team
from dobble_print.printing.box_pages import BoxPage
from dobble_print.printing.document import DocumentInfo, document_info
from dobble_print.printing.page import CoverPage
from dobble_print.printing.pdf.box import draw_box_page
from dobble_print.printing.pdf.canvas import (
    CUT_GREY,
    CUT_LINE_PT,
    WHITE,
    define_back_form,
    define_symbol_forms,
    draw_back,
    draw_placements,
    fill_shape,
    open_canvas,
    pt,
    shape_path,
)
from dobble_print.printing.pdf.cover import draw_cover_page
from dobble_print.printing.pdf.shaped import draw_back_shaped, draw_front_shaped
from dobble_print.printing.pdf.text_fonts import page_fonts
from dobble_print.printing.sheet import CardSlot, Duplex, SheetPlan
from dobble_print.symbols import Symbol

_DUPLEX = {Duplex.LONG: "DuplexFlipLongEdge", Duplex.SHORT: "DuplexFlipShortEdge"}


def _draw_front(c, plan: SheetPlan, slots: Sequence[CardSlot], layouts, card_color) -> None:
    """One sheet of fronts: card colour with its bleed, the symbols, then the cut guides on top."""
    radius = plan.card.size / 2
    for slot in slots:
        if card_color != WHITE:
            fill_shape(c, plan.card, slot.center, plan.bleed, card_color)
        draw_placements(c, slot.center, layouts[slot.card])
    c.setLineWidth(CUT_LINE_PT)
    c.setStrokeGray(CUT_GREY)
    for slot in slots:
        if plan.cut_circle:
            c.circle(pt(slot.center[0]), pt(slot.center[1]), pt(radius), stroke=1, fill=0)
        for tick in slot.ticks:
            c.line(*(pt(v) for v in (*tick.start, *tick.end)))


def _draw_back(c, plan: SheetPlan, slots: Sequence[CardSlot], size, card_color) -> None:
    """One sheet of backs, each at its mirrored centre and running ``back_bleed`` past the cut
    line; no cut guides (you cut by the front)."""
    for slot in slots:
        assert slot.back_center is not None  # a sheet of backs is planned with them
        outline = shape_path(c, plan.card, slot.back_center, plan.back_bleed)
        draw_back(c, slot.back_center, size, within=outline, rgb=card_color)


def _page_texts(cover, rules, box) -> list[str]:
    """Every line of the cover, rules and box pages, the answer key's names included."""
    texts = [t.text for page in (*cover, *rules) for t in page.texts]
    texts += [cell.name.text for page in (*cover, *rules) for cell in page.legend]
    for page in box:
        texts += [t.text for t in page.texts]
        texts += [label.text for piece in page.pieces for label in piece.labels]
    return texts


def render_pdf(
    path: Path,
    *,
    symbols: Sequence[Symbol],
    layouts: Sequence[CardLayout],
    plan: SheetPlan,
    cover: Sequence[CoverPage] = (),
    back: np.ndarray | None = None,
    card_color: tuple[float, float, float] = WHITE,
    info: DocumentInfo | None = None,
    progress: Callable[[int, int], None] | None = None,
    teams: Sequence[Team] | None = None,
    rules: Sequence[CoverPage] = (),
    box: Sequence[BoxPage] = (),
    grey: bool = False,
) -> None:
    """Write the deck to ``path`` (the caller makes the write atomic).

    Args:
        cover: the cover pages, drawn first; ``plan.pages`` must count the same number.
        back: RGBA pixels of the card back; required when ``plan.duplex`` is set.
        card_color: RGB in [0, 1] of the card background (fronts, and behind transparent backs).
        progress: called as ``progress(done, total)`` after each page.
        teams: each card's Connect team, whose colour borders it (in deck order).
        rules: the rules pages, drawn after the cover; ``plan.pages`` must count them.
        box: the tuck box pages, after the rules, with the first card on its front.
        grey: everything given is grey already (:func:`printing.grey.in_grey`): pictures are
            stored as grey images.
        info: the PDF's title, subject, keywords and language (None: English, no title).
    """
    c, fonts = open_canvas(
        path,
        size=(plan.paper.width, plan.paper.height),
        info=info or document_info("deck"),
    )
    if plan.duplex:
        c.setViewerPreference("Duplex", _DUPLEX[plan.duplex])
    define_symbol_forms(c, symbols, layouts, grey=grey)
    back_size = None
    if plan.duplex:
        disc = 2 * (max(plan.card.half_extent) + plan.back_bleed)
        assert back is not None  # a plan is duplex only for a deck with backs
        back_size = define_back_form(c, back, disc, grey=grey)
    shaped = plan.card.kind is not ShapeKind.CIRCLE or teams is not None

    extra = page_fonts(_page_texts(cover, rules, box)) if (cover or rules or box) else ()
    covers, rule_pages, box_pages = iter(cover), iter(rules), iter(box)
    for n, page in enumerate(plan.pages, 1):
        if page.kind == "cover":
            draw_cover_page(c, next(covers), symbols, fonts, extra)
        elif page.kind == "rules":
            draw_cover_page(c, next(rule_pages), symbols, fonts, extra)
        elif page.kind == "box":
            team = teams[0] if teams else None
            draw_box_page(
                c, next(box_pages), fonts, extra=extra,
                card=plan.card, layout=layouts[0], card_color=card_color, team=team,
            )  # fmt: skip
        else:
            slots = [s for s in plan.slots if s.sheet == page.sheet]
            if page.kind == "front" and shaped:
                draw_front_shaped(c, plan, slots, layouts, card_color, teams)
            elif page.kind == "front":
                _draw_front(c, plan, slots, layouts, card_color)
            elif shaped:
                draw_back_shaped(c, plan, slots, back_size, card_color)
            else:
                _draw_back(c, plan, slots, back_size, card_color)
        c.showPage()
        if progress:
            progress(n, len(plan.pages))
    c.save()
