"""Render: the only module that imports reportlab. Turns the computed geometry into a PDF.

Each symbol's picture is downscaled once to what its largest printed size needs at 300 dpi, drawn
once into a PDF form XObject, and every placement reuses that form with its own transform, so the
file stores each picture exactly once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from dobble_print.layout import CardLayout
from dobble_print.sheet import SheetPlan
from dobble_print.symbols import Symbol

PT_PER_MM = 72.0 / 25.4
PRINT_DPI = 300
CUT_LINE_PT = 0.3
CUT_GREY = 0.55


def _pt(mm: float) -> float:
    return mm * PT_PER_MM


def print_pixels(symbols: Sequence[Symbol], layouts: Sequence[CardLayout]) -> dict[int, int]:
    """Longest side in pixels each used symbol needs: its largest drawn size at 300 dpi."""
    need: dict[int, float] = {}
    for layout in layouts:
        for p in layout.placements:
            need[p.symbol] = max(need.get(p.symbol, 0.0), max(p.width, p.height))
    return {s: max(8, math.ceil(mm / 25.4 * PRINT_DPI)) for s, mm in need.items()}


def _print_image(symbol: Symbol, longest_px: int):
    """The symbol's pixels as a PIL image no larger than needed (never upscaled)."""
    from PIL import Image

    im = Image.fromarray(symbol.rgba, "RGBA")
    if max(im.size) > longest_px:
        scale = longest_px / max(im.size)
        size = (max(1, round(im.width * scale)), max(1, round(im.height * scale)))
        im = im.resize(size, Image.Resampling.LANCZOS)
    return im


def _register_fonts() -> str:
    """Register the bundled Vera font so no unembedded base-14 font is listed in the PDF."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "Vera" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    return "Vera"


_WORD_FONTS: dict[str, str] = {}


def _word_font(path: str) -> str:
    """Register a word symbol's TrueType font once; the PDF embeds the glyphs used as a subset.

    The name comes from the file's contents, so the same font gives the same PDF bytes anywhere.
    """
    if path not in _WORD_FONTS:
        import hashlib

        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:8]
        name = f"{Path(path).stem}-{digest}"
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, path))
        _WORD_FONTS[path] = name
    return _WORD_FONTS[path]


def _draw_word(c, symbol: Symbol) -> None:
    """A word symbol as vector text over the unit square its raster spans.

    Its lines are in the raster's pixels (y down); scaling by the raster's size makes them land
    exactly on the shape the layout packed.
    """
    h, w = symbol.rgba.shape[:2]
    font = _word_font(symbol.font)
    c.scale(1 / w, 1 / h)
    c.setFillColorRGB(*(v / 255 for v in symbol.color))
    for line in symbol.lines:
        c.setFont(font, line.size)
        c.drawString(line.x, h - line.baseline, line.text)


def render_pdf(
    path: Path,
    *,
    symbols: Sequence[Symbol],
    layouts: Sequence[CardLayout],
    plan: SheetPlan,
    title: str = "dobble-print deck",
    progress: Callable[[int, int], None] | None = None,
) -> None:
    """Write the deck to ``path`` (the caller makes the write atomic)."""
    from reportlab import rl_config
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas as rl_canvas

    rl_config.useA85 = 0  # binary streams: 7x faster and 20 % smaller than ASCII85
    font = _register_fonts()
    paper = plan.paper
    c = rl_canvas.Canvas(
        str(path),
        pagesize=(_pt(paper.width), _pt(paper.height)),
        invariant=1,
        pdfVersion=(1, 4),
        initialFontName=font,
        pageCompression=1,
    )
    c.setTitle(title)
    c.setSubject("Spot it!/Dobble card deck: any two cards share exactly one symbol")
    c.setCreator("dobble-print")
    c.setViewerPreference("PrintScaling", "None")

    for sym, px in sorted(print_pixels(symbols, layouts).items()):
        c.beginForm(f"sym{sym}")
        if symbols[sym].kind == "word":
            _draw_word(c, symbols[sym])
        else:
            c.drawImage(ImageReader(_print_image(symbols[sym], px)), 0, 0, 1, 1, mask="auto")
        c.endForm()

    radius = _pt(plan.card_diameter / 2)
    for sheet in range(plan.sheet_count):
        slots = [s for s in plan.slots if s.sheet == sheet]
        for slot in slots:
            cx, cy = _pt(slot.center[0]), _pt(slot.center[1])
            for p in layouts[slot.card].placements:
                c.saveState()
                c.translate(cx + _pt(p.center[0]), cy + _pt(p.center[1]))
                c.rotate(p.rotation)
                c.scale(_pt(p.width), _pt(p.height))
                c.translate(-0.5, -0.5)
                c.doForm(f"sym{p.symbol}")
                c.restoreState()
            c.setLineWidth(CUT_LINE_PT)
            c.setStrokeGray(CUT_GREY)
            c.circle(cx, cy, radius, stroke=1, fill=0)
        c.showPage()
        if progress:
            progress(sheet + 1, plan.sheet_count)
    c.save()
