"""Everything one build writes, staged and put in place together at the end.

A deck is a set of files (the PDF, the report, the card PNGs, the shop's files). Each is first
written beside its place under a hidden name (``.deck.pdf.XXXXXXXX.part``; a folder's files in a
hidden ``.cards.XXXXXXXX.part`` folder), and only when all are finished are they renamed into
place, one after the other, with Ctrl-C and ``kill`` (SIGTERM) held back meanwhile: an interrupted
build leaves the earlier set, a finished one the new set. (``kill -9`` cannot be held back; it
leaves a mix only if it lands within those few renames.) What an earlier, killed build left
staged is removed by the next one.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from dobble_print.errors import Interrupted
from dobble_print.output import put_in_place, stage_file, write_atomically
from dobble_print.owned import MARKER, OwnedFolder, marker_text, read_marker


def _staged_names(path: Path) -> re.Pattern[str]:
    """The hidden names a build stages ``path`` under (secrets' hex, or mkstemp's letters)."""
    return re.compile(rf"\.{re.escape(path.name)}\.[A-Za-z0-9_]{{8}}\.part")


def remove_stale(paths: list[Path]) -> None:
    """Remove what a killed build left staged for ``paths``: ``.NAME.XXXXXXXX.part`` files, and
    such folders holding this tool's marker (a folder without one is not ours)."""
    for path in paths:
        folder = path.parent
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        pattern = _staged_names(path)
        for name in filter(pattern.fullmatch, names):
            stale = folder / name
            if stale.is_symlink() or stale.is_file():
                with contextlib.suppress(OSError):
                    stale.unlink()
            elif stale.is_dir() and (stale / MARKER).is_file():
                shutil.rmtree(stale, ignore_errors=True)


class Staging:
    """The outputs of one build: :meth:`file` and :meth:`folder` stage them, :meth:`commit` puts
    them all in place. Used as a context manager: leaving it without a commit removes
    everything staged."""

    def __init__(self) -> None:
        self._files: list[tuple[Path, Path]] = []  # (staged, target)
        self._folders: list[tuple[Path, OwnedFolder]] = []  # (staging folder, target)
        self._made: list[Path] = []  # parent folders made for staging, to remove if unused
        self.committed = False

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.committed:
            self.discard()

    def file(self, path: Path, write: Callable[[Path], None]) -> None:
        """Stage the file ``path``, written by ``write(tmp)``."""
        self._note_parents(path)
        self._files.append((stage_file(path, write), path))

    def folder(self, owned: OwnedFolder) -> Path:
        """A hidden empty folder beside ``owned.path`` to write its new files into."""
        self._note_parents(owned.path)
        owned.path.parent.mkdir(parents=True, exist_ok=True)
        staging = owned.path.parent / f".{owned.path.name}.{secrets.token_hex(4)}.part"
        staging.mkdir()
        self._folders.append((staging, owned))
        (staging / MARKER).write_text(marker_text(()), encoding="utf-8")  # known as ours if left
        return staging

    def _note_parents(self, path: Path) -> None:
        missing = [p for p in path.parents if not p.exists()]
        if missing and missing[-1] not in self._made:
            self._made.append(missing[-1])
            self._made.extend(reversed(missing[:-1]))

    def discard(self) -> None:
        """Remove everything staged, and the folders made only for it."""
        for staged, _ in self._files:
            with contextlib.suppress(OSError):
                staged.unlink()
        for staging, _ in self._folders:
            shutil.rmtree(staging, ignore_errors=True)
        for made in reversed(self._made):
            with contextlib.suppress(OSError):
                made.rmdir()

    def commit(self) -> None:
        """Put every staged output in place, with Ctrl-C and SIGTERM held back until done.

        Raises:
            DobbleError: a file cannot be replaced (open in a program, read-only); the first
                file (the PDF) is tried first, so that most often nothing has changed.
            Interrupted: Ctrl-C came while the outputs were put in place: they all were.
        """
        with _held_signals() as caught:
            for staged, path in self._files:
                put_in_place(staged, path)
            self._files = []
            for staging, owned in self._folders:
                _commit_folder(staging, owned)
            self._folders = []
            self.committed = True
        if signal.SIGINT in caught:
            raise Interrupted(written=True)


def _commit_folder(staging: Path, owned: OwnedFolder) -> None:
    """Move the staged files into the folder: first a marker listing both sets (so a file of
    either is known as ours, whenever this stops), then the new files, then the old ones that
    the new deck has not, then the marker of the new set alone."""
    target = owned.path
    new = {
        (Path(top).relative_to(staging) / n).as_posix()
        for top, _, names in os.walk(staging)
        for n in names
    } - {MARKER}
    if not target.exists():
        (staging / MARKER).write_text(marker_text(new), encoding="utf-8")
        os.rename(staging, target)
        return
    old = read_marker(target) or frozenset()
    marker = target / MARKER

    def mark(names: set[str]) -> None:
        write_atomically(marker, lambda tmp: tmp.write_text(marker_text(names), encoding="utf-8"))

    mark(new | (owned.own & old))
    for name in sorted(new):
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        put_in_place(staging / name, target / name)
    for name in sorted((owned.own & old) - new):
        with contextlib.suppress(FileNotFoundError):
            (target / name).unlink()
        with contextlib.suppress(OSError):
            (target / name).parent.rmdir()  # a sub-folder left empty (the shop's png/)
    mark(new)
    shutil.rmtree(staging, ignore_errors=True)


@contextlib.contextmanager
def _held_signals() -> Iterator[set[int]]:
    """Hold Ctrl-C and SIGTERM back: yields the set of those that came meanwhile. A SIGTERM is
    acted on (default: the process ends) once the block is left."""
    caught: set[int] = set()
    if threading.current_thread() is not threading.main_thread():  # signals go to main only
        yield caught
        return
    held = (signal.SIGINT, signal.SIGTERM)
    before = {sig: signal.signal(sig, lambda sig, _frame: caught.add(sig)) for sig in held}
    try:
        yield caught
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        if signal.SIGTERM in caught:
            os.kill(os.getpid(), signal.SIGTERM)
