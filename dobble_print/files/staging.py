"""Everything one build writes, staged and put in place together at the end.

A deck is a set of files (the PDF, the report, the card PNGs, the shop's files). The PDF and the
report are written without a name where the system allows (else as ``.deck.pdf.XXXXXXXX.part``),
a folder's files into a hidden ``.cards.XXXXXXXX.part`` folder beside it; only when all are
finished are they renamed into place, one after the other, with Ctrl-C and ``kill`` (SIGTERM)
held back meanwhile: an interrupted build leaves the earlier set, a finished one the new set.
(``kill -9`` cannot be held back; it leaves a mix only if it lands within those few renames.)
What an earlier, killed build left staged is removed by the next one.
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

from dobble_print.errors import DobbleError, Interrupted, system_reason
from dobble_print.files.held import hold, make, release
from dobble_print.files.output import (
    Unnamed,
    put_in_place,
    stage_file,
    write_atomically,
    write_unnamed,
)
from dobble_print.files.owned import MARKER, OwnedFolder, marker_text, read_marker
from dobble_print.language import N_


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
        self._files: list[Unnamed] = []
        self._folders: list[tuple[Path, OwnedFolder]] = []  # (staging folder, target)
        self._made: list[Path] = []  # parent folders made for staging, to remove if unused
        self.committed = False

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.committed:
            self.discard()

    def file(self, path: Path, write: Callable[[Path], object]) -> None:
        """Stage the file ``path``, written by ``write(tmp)``."""
        self._note_parents(path)
        self._files.append(write_unnamed(path, write))  # named only in the commit

    def folder(self, owned: OwnedFolder) -> Path:
        """A hidden empty folder beside ``owned.path`` to write its new files into (with
        :func:`write_atomically`): held, not made, until the commit where the system allows."""
        self._note_parents(owned.path)
        owned.path.parent.mkdir(parents=True, exist_ok=True)
        staging = owned.path.parent / f".{owned.path.name}.{secrets.token_hex(4)}.part"
        hold(staging)
        self._folders.append((staging, owned))
        write_atomically(staging / MARKER, _marker(set()))  # known as ours if a kill leaves it
        return staging

    def _note_parents(self, path: Path) -> None:
        missing = [p for p in path.parents if not p.exists()]
        if missing and missing[-1] not in self._made:
            self._made.append(missing[-1])
            self._made.extend(reversed(missing[:-1]))

    def discard(self) -> None:
        """Remove everything staged, and the folders made only for it."""
        for unnamed in self._files:
            unnamed.drop()
        for staging, _ in self._folders:
            release(staging)
            shutil.rmtree(staging, ignore_errors=True)
        for made in reversed(self._made):
            with contextlib.suppress(OSError):
                made.rmdir()

    def commit(self) -> None:
        """Put every staged output in place, with Ctrl-C and SIGTERM held back until done.

        Each file replaced is first kept under a hidden name, so that when one cannot be
        replaced (open in a program, read-only) those already in place are put back.

        Raises:
            DobbleError: a file cannot be replaced; the earlier set is back in place.
            Interrupted: Ctrl-C came while the outputs were put in place: they all were.
        """
        undo: list[tuple[Path, Path | None]] = []  # (in place, what was there: kept, or None)
        for staging, owned in self._folders:
            try:
                make(staging)
            except OSError as exc:
                why = system_reason(exc)
                raise DobbleError(
                    N_("cannot write there ({why}); choose another output path", why=why),
                    file=owned.path,
                ) from exc
        new = [_new_files(staging) for staging, _ in self._folders]
        with _held_signals() as caught:
            try:
                # the last file put in place, with no folder after it, has nothing left that
                # could fail and need it back: what it replaces is not kept
                last = len(self._files) - 1 if not self._folders else -1
                for i, unnamed in enumerate(self._files):
                    _swap(unnamed, unnamed.path, undo, keep=i != last)
                for (staging, owned), names in zip(self._folders, new, strict=True):
                    _move_folder(staging, owned, names, undo)
            except BaseException:
                _put_back(undo)
                raise
            self.committed = True
            for _, kept in undo:
                if kept is not None:
                    with contextlib.suppress(OSError):
                        kept.unlink()
            for (staging, owned), names in zip(self._folders, new, strict=True):
                _tidy_folder(staging, owned, names)
        if signal.SIGINT in caught:
            raise Interrupted(written=True)


def _put_back(undo: list[tuple[Path, Path | None]]) -> None:
    """Undo what :meth:`Staging.commit` did, last first: the kept files back in place, what
    was not there before removed."""
    for path, kept in reversed(undo):
        with contextlib.suppress(OSError):
            if kept is not None:
                os.replace(kept, path)
            elif path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()


def _swap(
    staged: Path | Unnamed, path: Path, undo: list[tuple[Path, Path | None]], *, keep: bool = True
) -> None:
    """Put ``staged`` in place at ``path``, with ``keep`` keeping what was there (a hard link
    under a hidden name) for ``undo``.

    A file staged unnamed is named only now, just before it is renamed into place, and what it
    replaces is kept only where a later output could still fail: ``kill -9``, which cannot be
    held back, leaves a hidden ``.part`` name beside the deck only when it lands between two
    system calls (the next build removes it, :func:`remove_stale`).
    """
    kept = None
    if keep and path.is_file() and not path.is_symlink():
        kept = path.with_name(f".{path.name}.{secrets.token_hex(4)}.part")
        try:
            os.link(path, kept)
        except OSError:  # no hard links here (a FAT stick): it cannot be put back
            kept = None
    try:
        put_in_place(staged.name() if isinstance(staged, Unnamed) else staged, path)
    except BaseException:
        if kept is not None:
            kept.unlink()
        raise
    if keep:
        undo.append((path, kept))


def _new_files(staging: Path) -> set[str]:
    found = {
        (Path(top).relative_to(staging) / n).as_posix()
        for top, _, names in os.walk(staging)
        for n in names
    }
    return found - {MARKER}


def _move_folder(
    staging: Path, owned: OwnedFolder, new: set[str], undo: list[tuple[Path, Path | None]]
) -> None:
    """Move the staged files ``new`` into the folder: first a marker listing both sets (so a
    file of either is known as ours, whenever this stops), then the files."""
    target = owned.path
    if not target.exists():
        (staging / MARKER).write_text(marker_text(new), encoding="utf-8")
        os.rename(staging, target)
        undo.append((target, None))
        return
    old = read_marker(target) or frozenset()
    both = stage_file(target / MARKER, _marker(new | (owned.own & old)))
    _swap(both, target / MARKER, undo)
    for name in sorted(new):
        folder = (target / name).parent
        if not folder.exists():
            folder.mkdir(parents=True)
            undo.append((folder, None))
        _swap(staging / name, target / name, undo)


def _tidy_folder(staging: Path, owned: OwnedFolder, new: set[str]) -> None:
    """Once all is in place: remove the old files the new deck has not, and list the new set
    alone (any old file that could not be removed stays listed)."""
    if not staging.exists():  # the whole folder was new
        return
    target = owned.path
    stale = sorted((owned.own & (read_marker(target) or frozenset())) - new)
    for name in stale:
        with contextlib.suppress(FileNotFoundError, PermissionError):
            (target / name).unlink()
        with contextlib.suppress(OSError):
            (target / name).parent.rmdir()  # a sub-folder left empty (the shop's png/)
    left = {name for name in stale if (target / name).exists()}
    with contextlib.suppress(DobbleError):
        write_atomically(target / MARKER, _marker(new | left))
    shutil.rmtree(staging, ignore_errors=True)


def _marker(names: set[str]) -> Callable[[Path], object]:
    return lambda tmp: tmp.write_text(marker_text(names), encoding="utf-8")


@contextlib.contextmanager
def _held_signals() -> Iterator[set[int]]:
    """Hold Ctrl-C and SIGTERM back: yields the set of those that came meanwhile. A SIGTERM is
    acted on (default: the process ends) once the block is left."""
    caught: set[int] = set()
    if threading.current_thread() is not threading.main_thread():  # signals go to main only
        yield caught
        return
    # a signal this process ignores (SIGINT in a background job) stays ignored
    held = [s for s in (signal.SIGINT, signal.SIGTERM) if signal.getsignal(s) != signal.SIG_IGN]
    before = {sig: signal.signal(sig, lambda sig, _frame: caught.add(sig)) for sig in held}
    try:
        yield caught
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        if signal.SIGTERM in caught:
            os.kill(os.getpid(), signal.SIGTERM)
