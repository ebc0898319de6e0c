"""The fonts each line of the cover, rules and box pages is set in, line by line.

Headings are set in reportlab's Vera Bold and the rest in the bundled DejaVu Sans. A line with
characters its font lacks (a Greek or Japanese title, a picture named ``猫.svg``) is set in the
first TrueType font that has them all (:func:`symbols.text_font`: DejaVu Sans, then an installed
one, found once for all the pages' lines as words' fonts are: :func:`page_fonts`), so it prints
as text rather than boxes; a line no one font has
("Τα ζώα 猫": no Japanese font has Greek with accents) is set in runs, each character in the
first font that has it. A line whose font has its characters keeps it, so pages that printed
before print the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from dobble_print.printing.pdf.canvas import word_font
from dobble_print.symbols import Font, drawn_characters, text_font, text_fonts, visual

Run = tuple[str, str]  # (characters as drawn, registered font name)
Fonts = tuple[Font, ...]


def has_characters(font: str, text: str) -> bool:
    """Whether registered font ``font`` has a glyph for every character of ``text`` as drawn."""
    from reportlab.pdfbase import pdfmetrics

    # getFont is typed as the base Font; the fonts registered here are TTFonts, with a face
    glyphs = pdfmetrics.getFont(font).face.charToGlyph  # type: ignore[attr-defined]
    return all(ord(ch) in glyphs for ch in drawn_characters(text))


def font_for(text: str, preferred: str, extra: Fonts) -> str | None:
    """``preferred`` (a registered font's name) when it has every character of ``text``, else
    the first of ``extra`` (:func:`page_fonts`: DejaVu Sans, then installed fonts) that has
    them, registered; None when none has them all."""
    if has_characters(preferred, text):
        return preferred
    font = text_font(text, extra, search=False)
    return word_font(str(font.path), font.index) if font is not None else None


def page_fonts(texts: Sequence[str]) -> Fonts:
    """The installed TrueType fonts the lines ``texts`` of the cover, rules and box pages may
    need beyond DejaVu Sans, found once for them all (:func:`symbols.text_fonts`): drawing
    then asks fontconfig nothing, and the fonts do not depend on the order lines are drawn.
    Japanese and Chinese are set in a face with full-width punctuation (``full_width``)."""
    return text_fonts(texts, full_width=True)


def printable(text: str, preferred: str, extra: Fonts) -> bool:
    """Whether some TrueType font has each character of ``text`` (one font, or several in
    runs: :func:`character_fonts`)."""
    return font_for(text, preferred, extra) is not None or all(
        font_for(ch, preferred, extra) is not None for ch in drawn_characters(text)
    )


def character_fonts(text: str, preferred: str, extra: Fonts) -> dict[str, str]:
    """The font of each character of ``text`` (and of the ``…`` that may shorten it): all in
    one font when one has them all (:func:`font_for`); else each in a font already chosen for
    the line, ``preferred``, or the first TrueType font with it; a character no font has
    stays in ``preferred`` (a box; the title's warning said so)."""
    whole = font_for(text, preferred, extra)
    fonts = dict.fromkeys(drawn_characters(text), whole) if whole is not None else {}
    fonts[""] = whole or preferred  # the first run's, when the line starts with a space
    chosen = [whole] if whole not in (None, preferred) else []
    for ch in drawn_characters(text + "…"):
        if ch in fonts:
            continue
        # a font chosen already first: a heading half Vera Bold, half DejaVu reads unevenly
        font = next((f for f in (*chosen, preferred) if has_characters(f, ch)), None)
        if font is None:
            found = text_font(ch, extra, search=False)
            font = word_font(str(found.path), found.index) if found is not None else preferred
            if font != preferred:
                chosen.append(font)
        fonts[ch] = font
    return fonts


def line_runs(drawn: str, fonts: dict[str, str]) -> tuple[Run, ...]:
    """``drawn`` (a line in drawing order) as runs of one font each (``fonts``, from
    :func:`character_fonts`); a space or a combining mark goes with the run before it."""
    runs: list[list[str]] = []
    for ch in drawn:
        font = fonts.get(ch)
        if runs and (font is None or runs[-1][1] == font):
            runs[-1][0] += ch
        else:
            runs.append([ch, font or fonts[""]])
    return tuple((text, font) for text, font in runs) or (("", fonts[""]),)


def fit_runs(
    text: str,
    preferred: str,
    size: float,
    max_width_pt: float | None,
    *,
    least: float,
    extra: Fonts = (),
) -> tuple[tuple[Run, ...], float]:
    """``text`` as runs (:func:`line_runs`), its font shrunk to no less than ``least`` points,
    then the text shortened with an ellipsis, until it fits the width.

    The text is drawn as on the cards: Arabic joined and right-to-left runs in visual order
    (reportlab draws characters as given). It is shortened in reading order, so an Arabic name
    loses its end, not its start.
    """
    fonts = character_fonts(text, preferred, extra)

    def runs(t: str) -> tuple[Run, ...]:
        return line_runs(visual(t), fonts)

    if max_width_pt is None:
        return runs(text), size
    while size > least and runs_width(runs(text), size) > max_width_pt:
        size = max(least, size - 0.25)
    while len(text) > 1 and runs_width(runs(text), size) > max_width_pt:
        text = text[:-2].rstrip() + "…"
    return runs(text), size


def runs_width(runs: tuple[Run, ...], size: float) -> float:
    """The width of ``runs`` set at ``size`` points, in points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(text, font, size) for text, font in runs)


def draw_runs(
    c,
    runs: tuple[Run, ...],
    x: float,
    y: float,
    size: float,
    *,
    centred: bool,
    bold: str | None = None,
):
    """Draw ``runs`` from ``x`` (or centred on it), baseline ``y``, points. One run is drawn
    as a single string, as every line was before runs. ``bold``: the heading's bold font; a run
    set in another font (a Japanese heading: no installed Japanese face has a bold weight) is
    made bold by outlining its glyphs as they are filled (:data:`BOLD_STROKE` of the size)."""
    if len(runs) == 1 and (bold is None or runs[0][1] == bold):
        c.setFont(runs[0][1], size)
        draw = c.drawCentredString if centred else c.drawString
        draw(x, y, runs[0][0])
        return
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if centred:
        x -= runs_width(runs, size) / 2
    for text, font in runs:
        c.setFont(font, size)
        if bold is not None and font != bold and text.strip():
            c.saveState()
            c.setStrokeColorRGB(0, 0, 0)  # as the text: the pages print their words black
            c.setLineWidth(BOLD_STROKE * size)
            c.setLineJoin(1)
            line = c.beginText(x, y)
            line.setTextRenderMode(2)  # fill, then stroke: the glyphs drawn heavier
            line.setFont(font, size)
            line.textOut(text)
            c.drawText(line)
            c.restoreState()
        else:
            c.drawString(x, y, text)
        x += stringWidth(text, font, size)


BOLD_STROKE = 0.04  # of the font size: the outline that makes a regular face read as bold
