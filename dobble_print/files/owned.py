"""Output folders this tool owns (``png_dir``, ``shop``): a marker file lists what it wrote there.

A build writes into a new or empty folder, or into one it wrote before: there it replaces its own
files and removes those the new deck no longer has (``card_099.png`` of a larger deck), and leaves
everything else alone. A folder of someone else's files is refused: ``card_001.png`` or
``README.txt`` there may be the user's own.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from dobble_print.errors import DobbleError, OptionError
from dobble_print.files.output import refuse_special, special_kind
from dobble_print.language import N_, Msg

MARKER = ".dobble-print"
_HEADER = "dobble-print wrote the files listed here; its next build into this folder replaces them"
# Names Windows cannot hold (device names, whatever their suffix), nor these characters.
_WINDOWS_DEVICES = frozenset(
    {"CON", "PRN", "AUX", "NUL"} | {f"{d}{n}" for d in ("COM", "LPT") for n in range(1, 10)}
)
_WINDOWS_FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f]')
_LONGEST = 255  # bytes in one name, on every common file system


@dataclass(frozen=True)
class OwnedFolder:
    """An output folder as the build found it.

    Attributes:
        path: the folder.
        field: the option that names it (``png_dir``, ``shop``).
        exists: whether it was there.
        own: the files (relative, ``/``-separated) an earlier build listed and that are there.
        others: the files there that this tool did not write.
    """

    path: Path
    field: str
    exists: bool
    own: frozenset[str]
    others: frozenset[str]


_DEEPEST = 4  # folders deep this tool writes at most (the shop's png/); deeper is not ours


def _files(folder: Path) -> set[str]:
    """Every file (and link, pipe, …) under ``folder``, relative, links not followed; a folder
    :data:`_DEEPEST` deep is listed as itself, not searched (a stack, not recursion: a folder
    may nest thousands deep)."""
    found = set()
    stack = [Path()]
    while stack:
        rel = stack.pop()
        try:
            entries = list(os.scandir(folder / rel))
        except OSError:
            continue
        for entry in entries:
            name = rel / entry.name
            if not entry.is_dir(follow_symlinks=False):
                found.add(name.as_posix())
            elif len(name.parts) >= _DEEPEST:
                found.add(name.as_posix() + "/")
            else:
                stack.append(name)
    return found


def read_marker(folder: Path) -> frozenset[str] | None:
    """The files a marker in ``folder`` lists, or None when there is no marker of ours."""
    try:
        lines = (folder / MARKER).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    if not lines or lines[0] != _HEADER:
        return None
    return frozenset(n for n in lines[1:] if n and ".." not in n.split("/"))


def marker_text(files: Iterable[str]) -> str:
    """The marker listing ``files`` (relative, ``/``-separated)."""
    return "\n".join([_HEADER, *sorted(set(files))]) + "\n"


def refuse_in_sources(out: Path, field: str, sources: Iterable[Path]) -> None:
    """Refuse an output of cards (``field``: a folder, or a preview's picture) inside a picture
    folder among ``sources``: the next build from that folder would read the cards as pictures.

    Raises:
        OptionError: naming ``field`` and the folder.
    """
    for source in sources:
        if source.is_dir() and out.resolve().is_relative_to(source.resolve()):
            raise OptionError(
                field,
                N_(
                    "{folder} is inside the picture folder {source}: the cards would be read as "
                    "pictures next time; choose a folder outside it",
                    folder=str(out),
                    source=str(source),
                ),
            )


def claim_folder(
    folder: Path, field: str, sources: Iterable[Path] = (), files: Iterable[Path] = ()
) -> OwnedFolder:
    """Check the output folder ``folder`` before any work: new, empty, or written by this tool.

    ``files`` are this build's other outputs (the PDF, the report): one of them in the folder
    (``-o cards/deck.pdf`` beside ``cards/card_001.png``) is the build's own.

    Raises:
        OptionError: naming ``field``: the folder is a link, lies inside a picture folder among
            ``sources``, or holds files this tool did not write.
    """
    refuse_special(folder, field, "folder")
    refuse_in_sources(folder, field, sources)
    if not folder.is_dir():
        return OwnedFolder(folder, field, False, frozenset(), frozenset())
    mine = {p.resolve() for p in files}
    there = {n for n in _files(folder) - {MARKER} if (folder / n).resolve() not in mine}
    listed = read_marker(folder)
    if listed is None and there:
        raise OptionError(
            field,
            N_(
                "{folder} holds files this tool did not write ({first}); choose a new or empty "
                "folder",
                folder=str(folder),
                first=min(there),
            ),
        )
    own = frozenset(there & (listed or frozenset()))
    for name in sorted(own):
        what = special_kind(folder / name)
        if what:
            raise OptionError(
                field,
                N_(
                    "{path} is {what}, not an ordinary file; remove it and try again",
                    path=str(folder / name),
                    what=what,
                ),
            )
    return OwnedFolder(folder, field, True, own, frozenset(there - own))


def refuse_others(owned: OwnedFolder, names: Iterable[str]) -> None:
    """Refuse to write ``names`` (relative) where a file this tool did not write has that name.

    Raises:
        OptionError: naming the folder's option and the file.
    """
    taken = sorted(set(names) & owned.others)
    if taken:
        raise OptionError(
            owned.field,
            N_(
                "{path} was not written by this tool and would be replaced; move it out or "
                "choose a new folder",
                path=str(owned.path / taken[0]),
            ),
        )


def windows_problem(name: str) -> Msg | str:
    """Why Windows (or any common file system) could not hold a file called ``name``; ""
    when it can. Files are copied to Windows machines and USB sticks, so no output is named
    so on any system."""
    if len(name.encode("utf-8", "surrogateescape")) > _LONGEST:
        return N_("is longer than {most} bytes", most=_LONGEST)
    if _WINDOWS_FORBIDDEN.search(name):
        return N_(
            "holds a character Windows forbids in names ({characters} or a control character)",
            characters='<>:"/\\|?*',
        )
    if name.endswith((".", " ")):
        return N_("ends in a dot or a space, which Windows drops")
    if name.split(".")[0].strip().upper() in _WINDOWS_DEVICES:
        return N_("is a device name on Windows (CON, PRN, AUX, NUL, COM1…, LPT1…)")
    return ""


def check_name(name: str, where: str) -> None:
    """Refuse a file name no common file system holds.

    Raises:
        DobbleError: ``where: 'name' …; give it another name``.
    """
    why = windows_problem(name)
    if why:
        raise DobbleError(
            (f"{where} ", N_("{name} {why}; give it another name", name=repr(name), why=why))
        )
