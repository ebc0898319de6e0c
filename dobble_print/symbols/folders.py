"""Folders searched for pictures: each folder's own files by name, then its subfolders by name,
hidden and system folders passed over, links followed only inside the folder and never twice.

Photo folders come in years and trips (``Family/2023/``, ``Family/2024/Trip/``); the folders a
computer or a NAS adds (``.thumbnails``, ``__MACOSX``, ``@eaDir``) hold copies, not pictures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from shlex import quote

from dobble_print.errors import DobbleError, Notice, Part, notice, system_reason
from dobble_print.language import N_, Msg
from dobble_print.symbols.formats import PICTURE_SUFFIXES, not_read_said
from dobble_print.symbols.vocabulary.rows import VOCABULARY_SUFFIXES
from dobble_print.symbols.words.typeset import WORD_SUFFIXES, BadWords, TabbedLines, read_words

# The notes that live beside pictures (where they came from, their licence): never a word list.
NOTE_NAMES = frozenset(
    {"readme", "read me", "sources", "source", "credits", "license", "licence", "copying",
     "attribution", "attributions", "authors", "notice", "about", "info", "changelog"}
)  # fmt: skip


def _link_problem(link: Path, root: Path) -> Msg | None:
    """Why the symbolic link ``link`` in the folder ``root`` is not followed; None when it is."""
    try:
        target = link.resolve(strict=True)
    except RuntimeError:  # Python 3.11 reports a loop this way; 3.13 as OSError(ELOOP)
        return N_("a link that loops")
    except OSError:
        return N_("a broken link")
    return None if target == root or root in target.parents else N_("a link to outside the folder")


# Files passed over that are worth no note without --verbose: hidden files, system folders, the
# documents that live beside pictures (README, notes.md, a photo manager's .db); a skipped video
# or RAW photo, or a link that leaves the folder, is worth one.
_DOCUMENTS = frozenset({".md", ".txt", ".json", ".toml", ".html", ".db", ".ini"})


def _skipped(path: Path, why: Msg, *, quiet: bool = False) -> Notice:
    """The note on ``path``, passed over while searching a folder, for ``why``."""
    # TRANSLATORS: a file or folder passed over while a folder of pictures is searched
    return notice(N_("skipped ({why})", why=why), file=path, kind="quiet" if quiet else "note")


# Folders that hold what a computer or a NAS made, never the user's pictures: thumbnails,
# macOS zip leftovers, Synology's index, recycle bins. (Names starting with "." are hidden.)
SYSTEM_FOLDERS = frozenset(
    {"__macosx", "@eadir", "#recycle", "@recycle", "$recycle.bin", "system volume information"}
    | {"lost+found", "@__thumb"}
)
MAX_FOLDERS = 1000  # subfolders searched under one folder: more is a disk, not a photo folder
MAX_DEPTH = 32  # folders nested in one another: Windows' paths end at 260 characters anyway


@dataclass(frozen=True)
class FolderSearch:
    """What searching the folders found besides pictures, for the messages that explain a
    count: subfolders searched, files of a kind not read (their suffixes), things passed over."""

    subfolders: int = 0
    unread: tuple[str, ...] = ()
    hidden: int = 0  # hidden files and folders, and system folders
    links: int = 0  # links not followed (broken, looping, leaving the folder)

    def __add__(self, other: FolderSearch) -> FolderSearch:
        return FolderSearch(
            self.subfolders + other.subfolders,
            self.unread + other.unread,
            self.hidden + other.hidden,
            self.links + other.links,
        )


@dataclass
class _Walk:
    """What a folder's search gathers as it goes (local to :func:`folder_items`)."""

    root: Path
    files: list[Path] = field(default_factory=list)
    notes: list[Notice] = field(default_factory=list)
    asides: list[tuple[Path, tuple[Part, ...]]] = field(default_factory=list)
    seen: set[Path] = field(default_factory=set)
    search: FolderSearch = FolderSearch()


def folder_items(
    folder: Path,
) -> tuple[list[Path], list[Notice], list[tuple[Path, tuple[Part, ...]]], FolderSearch]:
    """Picture files in ``folder`` and its subfolders: each folder's own files by name, then its
    subfolders by name. Also a note for each file passed over; a warning for each word list or
    vocabulary file passed over (meant as a source, surely); and what the search saw.

    Hidden folders (``.thumbnails``, ``.git``) and system ones (``__MACOSX``, ``@eaDir``) are
    not searched; a link is followed only into the folder itself, and a folder only once, so a
    link that loops ends the walk there.

    Raises:
        DobbleError: ``folder`` cannot be read, holds over :data:`MAX_FOLDERS` subfolders, or
            folders nested over :data:`MAX_DEPTH` deep.
    """
    walk = _Walk(folder.resolve())
    walk.seen.add(walk.root)
    # a stack, not recursion: the folders still to search, the next one last, with their depth
    stack = [(folder, 0)]
    while stack:
        path, depth = stack.pop()
        if depth and not _enter(path, folder, depth, walk):
            continue
        subfolders = _search(path, folder, walk)
        stack += [(sub, depth + 1) for sub in reversed(subfolders)]
    return walk.files, walk.notes, walk.asides, walk.search


def _enter(sub: Path, top: Path, depth: int, walk: _Walk) -> bool:
    """Whether the subfolder ``sub`` is searched: not when a link led to it already.

    Raises:
        DobbleError: over :data:`MAX_FOLDERS` subfolders, or ``sub`` over :data:`MAX_DEPTH` deep.
    """
    real = sub.resolve()
    if real in walk.seen:  # a link back up, or a folder a link led to already
        walk.search += FolderSearch(links=1)
        here = sub.parent.resolve()
        loops = sub.is_symlink() and (real == here or real in here.parents)
        why = N_("a link that loops") if loops else N_("already searched, through a link")
        walk.notes.append(_skipped(sub, why))
        return False
    walk.seen.add(real)
    walk.search += FolderSearch(subfolders=1)
    if walk.search.subfolders > MAX_FOLDERS:
        raise DobbleError(
            N_(
                "over {most} subfolders to search; give the folder that holds the pictures",
                most=MAX_FOLDERS,
            ),
            file=top,
        )
    if depth > MAX_DEPTH:
        raise DobbleError(
            N_(
                "holds folders nested over {most} deep; give the folder that holds the pictures",
                most=MAX_DEPTH,
            ),
            file=top,
        )
    return True


def _search(path: Path, top: Path, walk: _Walk) -> list[Path]:
    """Gather the files of the folder ``path``; return its subfolders to search, by name."""
    try:
        entries = sorted(path.iterdir(), key=lambda p: p.name)
    except OSError as exc:
        if path == top:
            raise DobbleError(
                N_("cannot be read ({why}); check its permissions", why=system_reason(exc)),
                file=path,
            ) from None
        walk.notes.append(_skipped(path, N_("cannot be read: {why}", why=system_reason(exc))))
        return []
    subfolders = []
    for p in entries:
        passed = _passed_over(p, walk)
        if passed:
            walk.notes.append(passed)
        elif p.is_dir():
            subfolders.append(p)
        elif p.suffix.lower() in PICTURE_SUFFIXES:
            walk.files.append(p)
        elif p.suffix.lower() in WORD_SUFFIXES and p.stem.casefold() in NOTE_NAMES:
            why = N_("not a picture: {suffix}", suffix=p.suffix)
            walk.notes.append(_skipped(p, why, quiet=True))  # a note, not a list
        elif p.suffix.lower() in WORD_SUFFIXES | VOCABULARY_SUFFIXES:
            walk.asides.append((p, _list_in_folder(p, top)))
        else:
            walk.search += FolderSearch(unread=(p.suffix,))
            walk.notes.append(_not_a_picture(p))
    return subfolders


def _not_a_picture(p: Path) -> Notice:
    """The note on a file of a kind that is not read: what it is and what to export it as
    when it is a kind people often have (a video, a RAW photo), else its extension."""
    if known := not_read_said(p.suffix):
        return _skipped(p, known)
    if not p.suffix:
        return _skipped(p, N_("not a picture: no extension"), quiet=True)
    why = N_("not a picture: {suffix}", suffix=p.suffix)
    return _skipped(p, why, quiet=p.suffix.lower() in _DOCUMENTS)


def _passed_over(p: Path, walk: _Walk) -> Notice | None:
    """The note on ``p`` when it is passed over without a look inside (hidden, a system folder,
    a link that is not followed, not a file); None when it is searched or read."""
    if p.name.startswith("."):
        walk.search += FolderSearch(hidden=1)
        return _skipped(p, N_("hidden"), quiet=True)
    if p.is_symlink() and (why := _link_problem(p, walk.root)):
        walk.search += FolderSearch(links=1)
        return _skipped(p, why)
    if p.is_dir():
        if p.name.casefold() in SYSTEM_FOLDERS:
            walk.search += FolderSearch(hidden=1)
            return _skipped(p, N_("a system folder"), quiet=True)
        return None
    return None if p.is_file() else _skipped(p, N_("not a regular file"))


def _list_in_folder(path: Path, folder: Path) -> tuple[Part, ...]:
    """The warning for a word list or vocabulary file found among a folder's pictures: not read
    (a folder holds pictures), but its owner surely meant it as a source, so it is said, with
    the command that reads it. A ``.txt`` of tabs (Excel's "Unicode Text") is a vocabulary
    file, said as one."""
    if path.suffix.lower() in WORD_SUFFIXES and not _holds_a_table(path):
        said = N_(
            "skipped, a folder's word lists are not read; give it as a source too: {command}",
            command=f"dobble-print build {quote(str(folder))} {quote(str(path))}",
        )
    else:
        said = N_(
            "skipped, a folder's vocabulary files are not read; give it as the only source: "
            "{command}",
            command=f"dobble-print build {quote(str(path))}",
        )
    return (path, ": ", said)


def _holds_a_table(path: Path) -> bool:
    """Whether the ``.txt`` at ``path`` is a spreadsheet's table saved as text (its lines hold
    cells between tabs), read as a vocabulary file when given alone."""
    try:
        read_words(path)
    except TabbedLines:
        return True
    except (BadWords, OSError):
        return False
    return False
