"""Previews: a card drawn as a PNG with Pillow, to check the look without printing or a PDF viewer.

The picture is composed from the same layout the PDF uses (card coordinates in mm, y up, rotation
counter-clockwise), so what the preview shows is what prints. Words are drawn from their rasters.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from dobble_print.layout import CardLayout
from dobble_print.output import write_atomically
from dobble_print.symbols import Symbol

if TYPE_CHECKING:
    from PIL import Image

CUT_GREY = (140, 140, 140, 255)


def draw_card(
    layout: CardLayout, symbols: Sequence[Symbol], *, card_diameter: float, dpi: int = 150
) -> Image.Image:
    """One round card on a transparent square: white disc, grey cut line, the symbols."""
    from PIL import Image, ImageDraw

    px_per_mm = dpi / 25.4
    size = math.ceil(card_diameter * px_per_mm) + 2
    card = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(card).ellipse(
        (1, 1, size - 2, size - 2), fill=(255, 255, 255, 255), outline=CUT_GREY,
        width=max(1, round(dpi / 150)),
    )
    for p in layout.placements:
        w = max(1, round(p.width * px_per_mm))
        h = max(1, round(p.height * px_per_mm))
        pic = Image.fromarray(symbols[p.symbol].rgba, "RGBA").resize(
            (w, h), Image.Resampling.LANCZOS
        )
        pic = pic.rotate(p.rotation, resample=Image.Resampling.BICUBIC, expand=True)
        cx = size / 2 + p.center[0] * px_per_mm
        cy = size / 2 - p.center[1] * px_per_mm  # image rows grow downwards
        layer = Image.new("RGBA", card.size, (0, 0, 0, 0))
        layer.paste(pic, (round(cx - pic.width / 2), round(cy - pic.height / 2)), pic)
        card = Image.alpha_composite(card, layer)
    return card


def save_png(image: Image.Image, path: Path, *, dpi: int) -> None:
    """Write a PNG atomically, with its resolution recorded so it prints at true size."""
    write_atomically(path, lambda tmp: image.save(tmp, format="PNG", dpi=(dpi, dpi)))


def card_png_paths(folder: Path, count: int) -> list[Path]:
    """Where :func:`write_card_pngs` writes ``count`` cards: ``card_001.png`` …"""
    width = max(3, len(str(count)))
    return [folder / f"card_{i + 1:0{width}d}.png" for i in range(count)]


def write_card_pngs(
    folder: Path,
    prepared: object,
    *,
    card_diameter: float,
    dpi: int = 300,
    progress: Callable[[int, int], None] | None = None,
) -> list[Path]:
    """Every card as its own PNG (``card_001.png`` …) at ``dpi``, for print services and sharing."""
    layouts: Sequence[CardLayout] = prepared.layouts  # type: ignore[attr-defined]
    symbols: Sequence[Symbol] = prepared.symbols  # type: ignore[attr-defined]
    paths = []
    for i, (layout, path) in enumerate(zip(layouts, card_png_paths(folder, len(layouts)),
                                           strict=True)):
        save_png(draw_card(layout, symbols, card_diameter=card_diameter, dpi=dpi), path, dpi=dpi)
        paths.append(path)
        if progress:
            progress(i + 1, len(layouts))
    return paths
