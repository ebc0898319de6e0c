"""Which threads do a piece of work: for tests that check work moved onto the loading threads."""

from __future__ import annotations

import threading
from pathlib import Path

from tests.conftest import ICONS


def calls_by_thread(monkeypatch, owner, name: str) -> list[str]:
    """The names of the threads that call ``owner.name`` from now on, in order; each call still
    does what it did."""
    where: list[str] = []
    real = getattr(owner, name)

    def recording(*args, **kwargs):
        where.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, recording)
    return where


def copy_icons(folder: Path, count: int) -> None:
    """The first ``count`` bundled icons copied into ``folder``."""
    for path in sorted(ICONS.glob("*.svg"))[:count]:
        (folder / path.name).write_bytes(path.read_bytes())
