"""Previews: a card drawn as a PNG with Pillow, to check the look without printing or a PDF viewer.

The picture is composed from the same layout the PDF uses (card coordinates in mm, y up, rotation
counter-clockwise), so what the preview shows is what prints. Words are drawn from their rasters.
"""

from __future__ import annotations

import dataclasses
import io
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from dobble_print.card import CardLayout, CardShape, ShapeKind
from dobble_print.deck import BORDER_MM, Team
from dobble_print.files import write_atomically
from dobble_print.language import N_
from dobble_print.parallel import in_order, worker_count
from dobble_print.printing.paper import Paper
from dobble_print.printing.sheet import SheetPlan
from dobble_print.symbols import Symbol

if TYPE_CHECKING:
    from PIL import Image

CUT_GREY = (140, 140, 140, 255)
# The most pixels a preview draws: a whole sheet at 4 bytes a pixel, a card with its pictures
# turned and composited at about 10; 40 MP is an A4 sheet at 640 dpi or a 85 mm card at 1200.
MAX_PREVIEW_PIXELS = 40_000_000


def card_pixels(shape: CardShape, dpi: int) -> tuple[int, int]:
    """The width and height :func:`draw_card` gives ``shape`` at ``dpi`` (no bleed)."""
    px_per_mm = dpi / 25.4
    if shape.kind is ShapeKind.CIRCLE:
        size = math.ceil(shape.size * px_per_mm) + 2
        return size, size
    hw, hh = shape.half_extent
    return math.ceil(2 * hw * px_per_mm) + 2, math.ceil(2 * hh * px_per_mm) + 2


def sheet_pixels(paper: Paper, dpi: int) -> tuple[int, int]:
    """The width and height :func:`draw_sheet` gives ``paper`` at ``dpi``."""
    px_per_mm = dpi / 25.4
    return round(paper.width * px_per_mm), round(paper.height * px_per_mm)


def draw_card(
    layout: CardLayout,
    symbols: Sequence[Symbol],
    *,
    shape: CardShape,
    dpi: int = 150,
    bleed: float = 0.0,
    background: tuple[float, float, float] | None = None,
    team: Team | None = None,
    card_color: tuple[float, float, float] = (1.0, 1.0, 1.0),
    pixels: tuple[int, int] | None = None,
) -> Image.Image:
    """One card: by default a round card on a transparent square (white disc, grey cut line).

    Args:
        shape: the card's shape and size.
        bleed: mm added around the card's bounding box.
        background: RGB in [0, 1]: fill the whole picture with it and draw no cut line (a print
            shop's file with bleed); None draws the card in ``card_color`` with its grey cut line.
        team: a Connect team, whose colour borders the card (and fills the bleed).
        card_color: RGB in [0, 1] of the card (``--card-color``).
        pixels: the picture's exact width and height (a print shop's), the card at its centre;
            None: the card's box plus the bleed, rounded up, and a pixel a side.
    """
    from PIL import Image, ImageDraw

    px_per_mm = dpi / 25.4
    if shape.kind is ShapeKind.CIRCLE and not bleed and background is None and team is None:
        size = math.ceil(shape.size * px_per_mm) + 2
        card = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        ImageDraw.Draw(card).ellipse(
            (1, 1, size - 2, size - 2),
            fill=_rgba(card_color),
            outline=CUT_GREY,
            width=max(1, round(dpi / 150)),
        )
        return _draw_symbols(card, layout, symbols, px_per_mm)
    hw, hh = shape.half_extent
    card = Image.new(
        "RGBA",
        pixels
        or (
            math.ceil(2 * (hw + bleed) * px_per_mm) + 2,
            math.ceil(2 * (hh + bleed) * px_per_mm) + 2,
        ),
        (0, 0, 0, 0),
    )
    draw = ImageDraw.Draw(card)

    def polygon(grow: float) -> list[tuple[float, float]]:
        return [
            (card.width / 2 + x * px_per_mm, card.height / 2 - y * px_per_mm)
            for x, y in shape.outline(grow)
        ]

    white = _rgba(background or card_color)
    if background is not None:
        draw.rectangle((0, 0, card.width, card.height), fill=_rgba(team.rgb) if team else white)
    elif team:
        draw.polygon(polygon(bleed), fill=_rgba(team.rgb))
    if team:
        draw.polygon(polygon(-BORDER_MM), fill=white)
    elif background is None:
        draw.polygon(polygon(bleed), fill=white)
    if team and team.letter:
        _draw_letter(card, shape, team, px_per_mm)
    card = _draw_symbols(card, layout, symbols, px_per_mm)
    if background is None:
        ImageDraw.Draw(card).polygon(polygon(0.0), outline=CUT_GREY, width=max(1, round(dpi / 150)))
    return card


def _draw_letter(card, shape: CardShape, team: Team, px_per_mm: float) -> None:
    """A class set's letter on the rim, where the PDF prints it (:func:`marks.mark_place`)."""
    from PIL import Image, ImageDraw, ImageFont

    from dobble_print.deck import LETTER_MM, letter_ink
    from dobble_print.printing.marks import mark_place
    from dobble_print.resources import bold_font

    bold = bold_font()  # the PDF's own bold face
    font = ImageFont.truetype(str(bold), max(1, round(LETTER_MM / 0.73 * px_per_mm)))
    x, y, turn = mark_place(shape)
    box = [int(v) for v in font.getbbox(team.letter, anchor="mm")]  # FreeType's are whole
    tile = Image.new("RGBA", (box[2] - box[0] + 4, box[3] - box[1] + 4), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text(
        (tile.width / 2, tile.height / 2), team.letter, font=font, anchor="mm",
        fill=_rgba(letter_ink(team.rgb)),
    )  # fmt: skip
    tile = tile.rotate(turn, expand=True, resample=Image.Resampling.BICUBIC)
    cx, cy = card.width / 2 + x * px_per_mm, card.height / 2 - y * px_per_mm
    card.alpha_composite(tile, (round(cx - tile.width / 2), round(cy - tile.height / 2)))


def _rgba(rgb: tuple[float, float, float]) -> tuple[int, int, int, int]:
    r, g, b = (round(v * 255) for v in rgb)
    return (r, g, b, 255)


def _draw_symbols(card, layout: CardLayout, symbols: Sequence[Symbol], px_per_mm: float):
    """The card's symbols composited onto ``card``, whose centre is the card centre."""
    from PIL import Image

    for p in layout.placements:
        w = max(1, round(p.width * px_per_mm))
        h = max(1, round(p.height * px_per_mm))
        rgba = symbols[p.symbol].rgba
        if p.color:  # a word in this card's colour for it (its raster is one colour)
            rgba = np.dstack(
                [
                    np.broadcast_to(np.asarray(p.color, np.uint8), rgba.shape[:2] + (3,)),
                    rgba[..., 3],
                ]
            )
        pic = Image.fromarray(rgba, "RGBA").resize((w, h), Image.Resampling.LANCZOS)
        pic = pic.rotate(p.rotation, resample=Image.Resampling.BICUBIC, expand=True)
        cx = card.width / 2 + p.center[0] * px_per_mm
        cy = card.height / 2 - p.center[1] * px_per_mm  # image rows grow downwards
        x, y = round(cx - pic.width / 2), round(cy - pic.height / 2)
        # The picture is laid on a clear layer the size of its own box, not of the card: a
        # clear pixel leaves the card's as it was, so only the box needs compositing (an eighth
        # of the work on a card of eight); the part of the box off the card is cut away first.
        box = (
            max(0, -x),
            max(0, -y),
            min(pic.width, card.width - x),
            min(pic.height, card.height - y),
        )
        if box[0] >= box[2] or box[1] >= box[3]:
            continue
        layer = Image.new("RGBA", pic.size, (0, 0, 0, 0))
        layer.paste(pic, (0, 0), pic)
        card.alpha_composite(layer.crop(box), (x + box[0], y + box[1]))
    return card


def draw_sheet(
    plan: SheetPlan,
    layouts: Sequence[CardLayout],
    symbols: Sequence[Symbol],
    sheet: int,
    *,
    dpi: int = 100,
    card_color: tuple[float, float, float] = (1.0, 1.0, 1.0),
    teams: Sequence[Team] | None = None,
) -> Image.Image:
    """Front sheet ``sheet`` (0-based) of ``plan`` as the page will print, cards at their places
    (``card_color`` and ``teams`` as for :func:`draw_card`; the PDF's cut guides and
    bleed are left out)."""
    from PIL import Image

    px_per_mm = dpi / 25.4
    paper = plan.paper
    page = Image.new("RGBA", sheet_pixels(paper, dpi), (255, 255, 255, 255))
    for slot in plan.slots:
        if slot.sheet != sheet:
            continue
        card = draw_card(
            layouts[slot.card],
            symbols,
            shape=plan.card,
            dpi=dpi,
            card_color=card_color,
            team=teams[slot.card] if teams else None,
        )
        x = slot.center[0] * px_per_mm - card.width / 2
        y = (paper.height - slot.center[1]) * px_per_mm - card.height / 2  # rows grow downwards
        page.alpha_composite(card, (max(0, round(x)), max(0, round(y))))
    return page


def save_png(image: Image.Image, path: Path, *, dpi: int) -> None:
    """Write a PNG atomically, with its resolution recorded so it prints at true size."""
    png = png_bytes(image, dpi=dpi)
    write_atomically(path, lambda tmp: tmp.write_bytes(png))


def card_png_paths(folder: Path, count: int) -> list[Path]:
    """Where :func:`write_card_pngs` writes ``count`` cards: ``card_001.png`` …"""
    width = max(3, len(str(count)))
    return [folder / f"card_{i + 1:0{width}d}.png" for i in range(count)]


def write_card_pngs(
    folder: Path,
    layouts: Sequence[CardLayout],
    symbols: Sequence[Symbol],
    *,
    shape: CardShape,
    dpi: int = 300,
    progress: Callable[[int, int], None] | None = None,
    bleed: float = 0.0,
    background: tuple[float, float, float] | None = None,
    teams: Sequence[Team] | None = None,
    card_color: tuple[float, float, float] = (1.0, 1.0, 1.0),
) -> list[Path]:
    """Every card as its own PNG (``card_001.png`` …) at ``dpi``, for print services and sharing.

    ``shape``, ``bleed``, ``background`` and ``card_color`` are as for :func:`draw_card`;
    ``teams`` gives each card (in deck order) its Connect border.
    """
    paths = card_png_paths(folder, len(layouts))
    look = CardLook(shape, dpi, bleed, background, card_color)
    write_cards(paths, layouts, symbols, look=look, teams=teams, progress=progress)
    return paths


@dataclasses.dataclass(frozen=True)
class CardLook:
    """How :func:`write_cards` draws every card: :func:`draw_card`'s arguments but the card's
    own (its layout and team); ``rgb`` drops the transparency a card printer does not take."""

    shape: CardShape
    dpi: int
    bleed: float = 0.0
    background: tuple[float, float, float] | None = None
    card_color: tuple[float, float, float] = (1.0, 1.0, 1.0)
    pixels: tuple[int, int] | None = None
    rgb: bool = False


def write_cards(
    paths: Sequence[Path],
    layouts: Sequence[CardLayout],
    symbols: Sequence[Symbol],
    *,
    look: CardLook,
    teams: Sequence[Team] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> None:
    """Card ``i`` drawn as ``look`` says and written to ``paths[i]``, atomically.

    Drawing and compressing a card at 300 dpi takes a quarter of a second or more, and a deck
    has up to 183 cards: worker processes draw and compress them (they inherit the symbols
    through fork, nothing is pickled but each PNG's bytes), and this process writes them in
    order, so a stopped build leaves what it always did.
    """
    global _JOB
    _JOB = (tuple(layouts), tuple(symbols), look, tuple(teams) if teams else None)
    workers = worker_count(len(layouts), parallel_from=PARALLEL_FROM, cap=MAX_WORKERS)
    try:
        with in_order(_drawn, len(layouts), workers=workers, what=N_("drawing cards")) as drawn:
            for i, (png, path) in enumerate(zip(drawn, paths, strict=True)):
                # mypy cannot type a lambda's default argument (it binds this card's bytes)
                write_atomically(path, lambda tmp, png=png: tmp.write_bytes(png))  # type: ignore[misc]
                if progress:
                    progress(i + 1, len(layouts))
    finally:
        _JOB = None


PARALLEL_FROM = 8  # cards: below this a process pool costs more than it saves
MAX_WORKERS = 4  # each holds a card or two of 300 dpi pixels
_JOB: tuple | None = None  # what workers draw, inherited through fork rather than pickled


def _drawn(index: int) -> bytes:
    """Card ``index`` of :data:`_JOB` as PNG bytes."""
    assert _JOB is not None  # set before the workers were forked
    layouts, symbols, look, teams = _JOB
    image = draw_card(
        layouts[index],
        symbols,
        shape=look.shape,
        dpi=look.dpi,
        bleed=look.bleed,
        background=look.background,
        team=teams[index] if teams else None,
        card_color=look.card_color,
        pixels=look.pixels,
    )
    return png_bytes(image.convert("RGB") if look.rgb else image, dpi=look.dpi)


def png_bytes(image: Image.Image, *, dpi: int) -> bytes:
    """The PNG of ``image``, its resolution recorded so that it prints at true size."""
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()
