"""Folders of outputs held unnamed until the build puts them in place: a killed build leaves none.

A build stages a folder's files (the card PNGs, the shop's files) in a hidden folder beside it.
Where the system allows (Linux ``O_TMPFILE``), that folder is not made while the files are
written: each file is written without a name in the folder's parent and kept open, and only when
the build commits is the hidden folder made and every file named in it, at once. So even
``kill -9`` while the cards are drawn leaves no folder behind. Elsewhere the hidden folder is made
at the first file, and what a killed build leaves there is removed by the next build into it.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path

_HELD: dict[Path, dict[Path, int]] = {}  # held folder -> {file relative to it: descriptor}
_LOCK = threading.Lock()  # the app builds in threads


def hold(folder: Path) -> None:
    """Hold the files later written under ``folder`` (not made yet; its parent exists)."""
    with _LOCK:
        _HELD[folder] = {}


def write_held(path: Path, write: Callable[[Path], object]) -> bool:
    """Call ``write(tmp)`` on a file without a name that becomes ``path`` when its held folder is
    made: True. False when ``path`` is in no held folder, or when the system holds no nameless
    file (the folder is then made, with the files held so far, for ``path`` to be written in).

    Raises:
        OSError: writing failed (nothing is held for ``path`` then).
    """
    with _LOCK:
        folder = next((f for f in _HELD if path.is_relative_to(f)), None)
    if folder is None:
        return False
    try:
        fd = os.open(folder.parent, os.O_TMPFILE | os.O_WRONLY, 0o644)
    except (AttributeError, OSError):  # none here (macOS, Windows, FAT), or no descriptor left
        make(folder)
        return False
    try:
        write(Path(f"/proc/self/fd/{fd}"))  # reopens the anonymous file by its descriptor
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        raise
    with _LOCK:
        files = _HELD[folder]
        if (old := files.pop(path.relative_to(folder), None)) is not None:
            os.close(old)
        files[path.relative_to(folder)] = fd
    return True


def make(folder: Path) -> None:
    """Make the held ``folder`` and name its files in it, its own hidden ones first (the marker
    that tells a folder a kill left as this tool's); it is held no more.

    Raises:
        OSError: the folder or a file cannot be made (the files held are let go).
    """
    with _LOCK:
        files = _HELD.pop(folder, None)
    if files is None:
        return
    try:
        folder.mkdir()
        for rel in sorted(files, key=lambda r: (len(r.parts) > 1 or not r.name.startswith("."), r)):
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            at = os.open((folder / rel).parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                # a dir fd makes Python call linkat(…, AT_SYMLINK_FOLLOW), which names the file
                name = f"/proc/self/fd/{files[rel]}"
                os.link(name, rel.name, dst_dir_fd=at, follow_symlinks=True)
            finally:
                os.close(at)
    finally:
        _close(files)


def release(folder: Path) -> None:
    """Let the files held for ``folder`` go (the build stopped): nothing of them stays."""
    with _LOCK:
        files = _HELD.pop(folder, None)
    _close(files or {})


def _close(files: dict[Path, int]) -> None:
    for fd in files.values():
        with contextlib.suppress(OSError):
            os.close(fd)
