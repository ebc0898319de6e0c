"""One card or one sheet drawn as a PNG, the same card the full build prints (``preview``)."""

from __future__ import annotations

import dataclasses
import math

from dobble_print.errors import OptionError
from dobble_print.files import refuse_in_sources, refuse_inputs, refuse_special
from dobble_print.language import N_
from dobble_print.options import BuildOptions
from dobble_print.pipeline.building import prepare
from dobble_print.pipeline.themes import theme_sources
from dobble_print.printing import (
    MAX_PREVIEW_PIXELS,
    SheetPlan,
    card_pixels,
    draw_card,
    draw_sheet,
    in_grey,
    save_png,
    sheet_pixels,
)
from dobble_print.symbols import SymbolCache, find_sources


def draw_preview(
    options: BuildOptions,
    *,
    card: int | None = 1,
    sheet: int | None = None,
    dpi: int = 150,
    cache: SymbolCache | None = None,
) -> None:
    """Draw one card (1-based ``card``) or one whole front ``sheet`` as a PNG at ``options.output``.

    Only the cards drawn are laid out; each is the card the full build prints with the same
    options and seed.

    Raises:
        DobbleError: ``card``, ``sheet`` or ``dpi`` out of range, a sheet or card of over
            :data:`MAX_PREVIEW_PIXELS` at ``dpi``, or the output would overwrite a source or
            lie in a picture folder among them.
    """
    options = theme_sources(options)
    refuse_inputs({"output": [options.output]}, find_sources(options.sources).files)
    refuse_special(options.output, "output")
    refuse_in_sources(options.output, "output", options.sources)  # a card read as a picture
    if not 30 <= dpi <= 1200:
        raise OptionError("dpi", N_("{dpi} is out of range; use 30 to 1200", dpi=dpi))
    _check_pixels(options, dpi, whole_sheet=sheet is not None)

    if sheet is None and card is None:
        raise TypeError("draw_preview needs a card or a sheet")

    def wanted(plan: SheetPlan) -> list[int]:  # only what is drawn; the range errors come next
        if sheet is not None:
            return [slot.card for slot in plan.slots if slot.sheet == sheet - 1]
        assert card is not None  # one of the two is given
        return [card - 1] if 1 <= card <= len(plan.slots) else []

    prepared = prepare(options, only=wanted, cache=cache)
    if options.grey:  # as a black-and-white printer prints it (the map is the build's)
        look = in_grey(
            prepared.symbols,
            prepared.layouts,
            back=None,
            card_color=options.card_color,
            teams=prepared.teams,
        )
        prepared = dataclasses.replace(
            prepared, symbols=look.symbols, layouts=look.layouts, teams=look.teams
        )
        options = dataclasses.replace(options, card_color=look.card_color)
    if sheet is not None:
        sheets = prepared.plan.sheet_count
        if not 1 <= sheet <= sheets:
            raise OptionError(
                "sheet",
                N_(
                    "{sheet} is out of range: this deck has sheets 1 to {sheets}",
                    sheet=sheet,
                    sheets=sheets,
                ),
            )
        image = draw_sheet(
            prepared.plan,
            prepared.layouts,
            prepared.symbols,
            sheet - 1,
            dpi=dpi,
            card_color=options.card_color,
            teams=prepared.teams,
        )
    else:
        assert card is not None  # one of the two is given
        count = len(prepared.layouts)
        if not 1 <= card <= count:
            raise OptionError(
                "preview_card",
                N_(
                    "{card} is out of range: this deck has cards 1 to {count}",
                    card=card,
                    count=count,
                ),
            )
        image = draw_card(
            prepared.layouts[card - 1],
            prepared.symbols,
            shape=options.card,
            dpi=dpi,
            card_color=options.card_color,
            team=prepared.teams[card - 1] if prepared.teams else None,
        )
    save_png(image, options.output, dpi=dpi)


def _check_pixels(options: BuildOptions, dpi: int, *, whole_sheet: bool) -> None:
    """Refuse, before any loading, a sheet or card of over :data:`MAX_PREVIEW_PIXELS` at
    ``dpi`` (plotter paper at 1200 dpi would take gigabytes), saying the largest dpi that fits.

    Raises:
        OptionError: about ``dpi``.
    """

    def size(d: int) -> tuple[int, int]:
        return sheet_pixels(options.paper, d) if whole_sheet else card_pixels(options.card, d)

    width, height = size(dpi)
    if width * height <= MAX_PREVIEW_PIXELS:
        return
    fit = next((d for d in range(dpi - 1, 30, -1) if math.prod(size(d)) <= MAX_PREVIEW_PIXELS), 30)
    said = {"dpi": dpi, "width": width, "height": height, "fit": fit}
    said["most"] = MAX_PREVIEW_PIXELS // 1_000_000
    raise OptionError(
        "dpi",
        N_(
            "{dpi} draws this sheet at {width}×{height} pixels, over the {most} megapixels a "
            "preview may have; use {fit} or less",
            **said,
        )
        if whole_sheet
        else N_(
            "{dpi} draws this card at {width}×{height} pixels, over the {most} megapixels a "
            "preview may have; use {fit} or less",
            **said,
        ),
    )
