"""Where a build writes, checked before any work: only ordinary files, never an input, and
folders that are new, empty or this tool's own (:mod:`owned`); then staged together
(:mod:`staging`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dobble_print.options import BuildOptions
from dobble_print.output import check_folder, check_writable, refuse_inputs, refuse_special
from dobble_print.owned import OwnedFolder, claim_folder, refuse_others
from dobble_print.printing import ShopProfile, card_png_paths, shop_paths
from dobble_print.staging import remove_stale


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
    files = {"output": options.output, "report": options.report}
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
