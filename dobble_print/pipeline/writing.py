"""Where a build writes, checked before any work: only ordinary files, never an input, and
folders that are new, empty or this tool's own (:mod:`dobble_print.files.owned`); then staged
together (:mod:`dobble_print.files.staging`). A shop profile's card must be the deck's."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dobble_print.errors import OptionError
from dobble_print.files import (
    OwnedFolder,
    check_folder,
    check_writable,
    claim_folder,
    refuse_inputs,
    refuse_others,
    refuse_special,
    remove_stale,
)
from dobble_print.language import N_
from dobble_print.options import BuildOptions
from dobble_print.printing import (
    SheetPlan,
    ShopProfile,
    card_png_paths,
    fit_to_shop,
    plan_sheets,
    same_card,
    shop_paths,
)


@dataclass(frozen=True)
class Outputs:
    """The output folders as the build found them (None: not asked for)."""

    png_dir: OwnedFolder | None
    shop: OwnedFolder | None


def check_outputs(options: BuildOptions, inputs: list[Path]) -> Outputs:
    """Refuse, before any work, outputs that cannot be written or are not ours to replace, and
    remove what an earlier, killed build left staged.

    Raises:
        OptionError: naming the output's field: an input, a link, pipe or device, a folder of
            someone else's files, or a folder inside a picture folder.
        DobbleError: a folder that cannot be made or written.
    """
    files = {"output": options.output, "report": options.report, "play": options.play}
    refuse_inputs({field: [path] for field, path in files.items() if path is not None}, inputs)
    for field, path in files.items():
        if path is not None:
            refuse_special(path, field)
            check_writable(path)  # a bad output path fails now, not after minutes of layout
    folders = {"png_dir": options.png_dir, "shop": options.shop}
    owned = {}
    for field, folder in folders.items():
        if folder is not None:
            mine = [p for p in files.values() if p is not None]
            owned[field] = claim_folder(folder, field, options.sources, mine)
            check_folder(folder, field)  # nor a file in the way, after the PDF is written
    remove_stale([p for p in (*files.values(), *folders.values()) if p is not None])
    return Outputs(owned.get("png_dir"), owned.get("shop"))


def refuse_overwrites(
    outputs: Outputs,
    inputs: list[Path],
    *,
    count: int,
    backs: bool,
    profile: ShopProfile | None,
) -> None:
    """Once the deck's ``count`` cards are known: refuse folder outputs that would replace an
    input or a file this tool did not write.

    Raises:
        OptionError: naming ``png_dir`` or ``shop`` and the file.
    """
    if outputs.png_dir is not None:
        paths = card_png_paths(outputs.png_dir.path, count)
        refuse_inputs({"png_dir": paths}, inputs)
        refuse_others(outputs.png_dir, [p.name for p in paths])
    if outputs.shop is not None:
        folder = outputs.shop.path
        paths = shop_paths(folder, count, backs=backs, profile=profile)
        refuse_inputs({"shop": paths}, inputs)
        refuse_others(outputs.shop, [p.relative_to(folder).as_posix() for p in paths])


def sheets_for(
    options: BuildOptions,
    cards: int,
    *,
    cover_pages: int = 0,
    rules_pages: int = 0,
    box_pages: int = 0,
) -> SheetPlan:
    """Where ``cards`` cards go on the paper ``options`` give, after the front matter's pages
    (the plan's check leaves them out: they only move the page numbers)."""
    return plan_sheets(
        cards,
        paper=options.paper,
        card=options.card,
        margin=options.margin,
        bleed=options.bleed,
        cut_circle="circle" in options.cut_guides,
        ticks="ticks" in options.cut_guides,
        duplex=options.duplex if options.backs else None,
        back_offset=options.back_offset,
        cover_pages=cover_pages,
        rules_pages=rules_pages,
        box_pages=box_pages,
    )


def check_fits_shop(options: BuildOptions) -> None:
    """Refuse a deck whose card or safe margin is not what its shop profile asks for.

    Raises:
        OptionError: about ``shop_profile``, saying the card and margin the deck needs.
    """
    profile = options.shop_profile
    if profile is None or options.shop is None:
        return
    card, margin = fit_to_shop(profile, options.card, options.safe_margin)
    if not same_card(card, options.card):
        raise OptionError(
            "shop_profile",
            N_(
                "{profile} cuts {card} cards ({shape}); this deck's are {ours} ({our_shape}): lay "
                "the deck out at the shop's card",
                profile=profile.name,
                card=card.description(),
                shape=card.kind.said,
                ours=options.card.description(),
                our_shape=options.card.kind.said,
            ),
        )
    if margin > options.safe_margin:
        raise OptionError(
            "shop_profile",
            N_(
                "{profile} keeps pictures {margin:g} mm inside the cut; this deck's safe margin "
                "is {ours:g} mm: use at least {margin:g} mm",
                profile=profile.name,
                margin=float(margin),
                ours=float(options.safe_margin),
            ),
        )
