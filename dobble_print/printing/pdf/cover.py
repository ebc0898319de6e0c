"""The cover pages that ``printing.cover`` computes, drawn on the deck's canvas (for :mod:`deck`).

Texts too long for their box are shrunk, then shortened, here: only reportlab knows their widths.
"""

from __future__ import annotations

from collections.abc import Sequence

from dobble_print.printing.cover import CoverPage, Text
from dobble_print.printing.pdf.canvas import pt, word_font
from dobble_print.symbols import Symbol, visual

MIN_FONT = 4.0  # points: smaller than this is not worth printing


def fit_text(text: str, font: str, size: float, max_width_pt: float | None) -> tuple[str, float]:
    """Shrink the font, then shorten the text with an ellipsis, until it fits the width.

    The text comes back as drawn: Arabic joined and right-to-left runs in visual order, as on
    the cards (reportlab draws characters as given). It is shortened in reading order, so an
    Arabic name loses its end, not its start.
    """
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if max_width_pt is None:
        return visual(text), size
    while size > MIN_FONT and stringWidth(visual(text), font, size) > max_width_pt:
        size = max(MIN_FONT, size - 0.25)
    while len(text) > 1 and stringWidth(visual(text), font, size) > max_width_pt:
        text = text[:-2].rstrip() + "…"
    return visual(text), size


def _draw_text(c, t: Text, fonts: tuple[str, str]) -> None:
    font = fonts[1] if t.bold else fonts[0]
    text, size = fit_text(t.text, font, t.size, pt(t.max_width) if t.max_width else None)
    c.setFont(font, size)
    if t.center:
        c.drawCentredString(pt(t.x), pt(t.y), text)
    else:
        c.drawString(pt(t.x), pt(t.y), text)


def draw_cover_page(c, page: CoverPage, symbols: Sequence[Symbol], fonts: tuple[str, str]) -> None:
    """Texts, ruler and square in black; each legend symbol from its form, fitted to its box."""
    c.setFillGray(0)
    c.setStrokeGray(0)
    for t in page.texts:
        _draw_text(c, t, fonts)
    for rule in page.rules:
        c.setLineWidth(rule.width)
        c.line(*(pt(v) for v in (*rule.segment.start, *rule.segment.end)))
    c.setLineWidth(0.5)
    for x, y, side in page.squares:
        c.rect(pt(x), pt(y), pt(side), pt(side), stroke=1, fill=0)
    c.setFillGray(0.25)
    for cell in page.legend:
        symbol = symbols[cell.symbol]
        aspect = symbol.aspect
        form = f"sym{cell.symbol}"
        if symbol.picture is not None:  # a labelled picture: its name is the key's own line
            aspect, form = symbol.picture.shape[1] / symbol.picture.shape[0], f"pic{cell.symbol}"
        w, h = cell.box * min(1.0, aspect), cell.box * min(1.0, 1.0 / aspect)
        c.saveState()
        c.translate(pt(cell.center[0] - w / 2), pt(cell.center[1] - h / 2))
        c.scale(pt(w), pt(h))
        c.doForm(form)
        c.restoreState()
        if name_font := _name_font(symbols[cell.symbol], fonts[0]):
            _draw_text(c, cell.name, (name_font, fonts[1]))


def _name_font(symbol: Symbol, regular: str) -> str | None:
    """The font of a symbol's name in the legend: a word's or a label's own font when it is not
    the bundled one (a Japanese word's name is Japanese); none for a word drawn as outlines or
    an emoji line (the symbol above already shows it, and the regular font has no glyphs for
    it)."""
    from dobble_print.resources import default_font

    if symbol.kind in ("word", "labelled"):  # a label is set in a word's font too
        if symbol.outline:
            return None
        if symbol.font != str(default_font()):
            return word_font(symbol.font, symbol.font_index)
    elif symbol.font:
        return None
    return regular
