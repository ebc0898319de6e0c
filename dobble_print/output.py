"""Writing outputs safely: a temporary file in the target folder, renamed into place when complete.

An interrupted run never leaves a partial PDF, and an existing file is replaced only by a whole one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from dobble_print.errors import DobbleError


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Call ``write(tmp)`` on a temporary path beside ``path``, then rename it to ``path``.

    Raises:
        DobbleError: when the folder cannot be created or written.
    """
    folder = path.parent if str(path.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise DobbleError(
            f"{path}: cannot write there ({exc.strerror}); choose another output path"
        ) from exc
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
