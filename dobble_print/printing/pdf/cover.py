"""The cover pages that ``printing.cover`` computes, drawn on the deck's canvas (for :mod:`deck`).

Texts too long for their box are shrunk, then shortened, here: only reportlab knows their widths;
each is set in a font that has its characters (:mod:`text_fonts`).
"""

from __future__ import annotations

from collections.abc import Sequence

from dobble_print.printing.page import CoverPage, Text
from dobble_print.printing.pdf.canvas import pt, word_font
from dobble_print.printing.pdf.text_fonts import Fonts, draw_runs, fit_runs, printable
from dobble_print.symbols import Symbol

MIN_FONT = 4.0  # points: smaller than this is not worth printing


def _draw_text(c, t: Text, fonts: tuple[str, str], extra: Fonts) -> None:
    font = fonts[1] if t.bold else fonts[0]
    width = pt(t.max_width) if t.max_width else None
    runs, size = fit_runs(t.text, font, t.size, width, least=MIN_FONT, extra=extra)
    draw_runs(c, runs, pt(t.x), pt(t.y), size, centred=t.center, bold=font if t.bold else None)


def draw_cover_page(
    c, page: CoverPage, symbols: Sequence[Symbol], fonts: tuple[str, str], extra: Fonts = ()
) -> None:
    """Texts, ruler and square in black; each legend symbol from its form, fitted to its box;
    ``extra``: installed fonts for what the page's fonts lack (:func:`text_fonts.page_fonts`)."""
    c.setFillGray(0)
    c.setStrokeGray(0)
    for t in page.texts:
        _draw_text(c, t, fonts, extra)
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
        if name_font := _name_font(symbols[cell.symbol], cell.name.text, fonts[0], extra):
            _draw_text(c, cell.name, (name_font, name_font), extra)


def _name_font(symbol: Symbol, name: str, regular: str, extra: Fonts) -> str | None:
    """The font a symbol's name in the legend is set in where it has the name's characters: a
    word's or a label's own font (a Japanese word's name is Japanese), else the regular one;
    other characters fall back as every line does (:mod:`text_fonts`: a picture named
    ``猫.svg``, a vocabulary row "airplane · 飛行機"). None for an emoji line, whose picture
    above is its name, and for a name with a character no TrueType font has: left out rather
    than printed with boxes."""
    from dobble_print.resources import default_font

    own = regular
    if symbol.kind in ("word", "labelled"):  # a label is set in a word's font too
        if not symbol.outline and symbol.font != str(default_font()):
            own = word_font(symbol.font, symbol.font_index)
    elif symbol.font:
        return None
    return own if printable(name, own, extra) else None
