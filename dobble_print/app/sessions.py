"""Sessions: one per browser tab, each with its own private folder, files and decoded pictures.

A session's folder (mode 0700, inside the launch's own 0700 temporary folder) holds::

    pictures/    the uploaded pictures, under their safe names
    words.txt    the words typed in
    back.<ext>   the uploaded back picture
    out/         the deck's PDF, its pages as PNGs, the zips

A session nobody has asked about for :data:`IDLE_SECONDS` (a closed tab) is removed, files and
all, unless it is making a deck.

At most :data:`MOST_SESSIONS` live at once. A count, not a rate: a rate limit would refuse a
teacher who opens a few tabs quickly and still let a runaway script fill the disk slowly, while
a count bounds what the launch can hold (each session may store hundreds of MB and keep its
decoded pictures). When the count is reached, the session quiet for longest is dropped, if it
has been quiet for :data:`QUIET_SECONDS` and is not making a deck: an open page asks every
minute, so only closed tabs go, sooner than the sweep would take them. When every session was
used within that time, the new one is refused (429) with what to do. The clock is passed in, so
tests decide what time it is.
"""

from __future__ import annotations

import secrets
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dobble_print.app.catalogue import N_, Said
from dobble_print.app.uploads import Limits

IDLE_SECONDS = 30 * 60  # the page asks every minute while it is open
MOST_SESSIONS = 20  # tabs of one person; each may hold hundreds of MB
QUIET_SECONDS = 5 * 60  # a background tab's minute timer may be held back to about two minutes


class TooManySessions(Said):
    """Every allowed session is in use: the message says what to do (HTTP 429)."""


class Stopped(KeyboardInterrupt):
    """The app is stopping: raised by a job's progress, it unwinds the engine as Ctrl-C does
    (its worker processes end, nothing is left half written)."""


STOP_SECONDS = 10.0  # how long stopping waits for running jobs to unwind


@dataclass
class Job:
    """Work running in the background for a session: making the deck or its extra files."""

    kind: str  # "build", "cards" or "shop"
    state: str = "running"  # running, done or error
    stage: str = "start"
    done: int = 0
    total: int = 0
    message: str = ""
    about: str | None = None  # the option an error is about, so the page marks its control
    result: dict[str, Any] | None = None
    finished: threading.Event = field(default_factory=threading.Event, repr=False)
    stopping: threading.Event | None = field(default=None, repr=False)  # Sessions.stopping

    def progress(self, stage: str, done: int, total: int) -> None:
        """The engine's progress callback; :class:`Stopped` once the app is stopping."""
        if self.stopping is not None and self.stopping.is_set():
            raise Stopped
        self.stage, self.done, self.total = stage, done, total

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "state": self.state,
            "stage": self.stage,
            "done": self.done,
            "total": self.total,
            "message": self.message,
            "field": self.about,
            "result": self.result,
        }


@dataclass
class Made:
    """The last deck made: what it was made from, so one card can be re-laid alone."""

    number: int  # counts the decks this session made; names the files of this one
    choices: Any  # settings.Choices
    seed: int
    reshuffle: tuple[int, ...]
    pages: list[dict[str, Any]]
    command: str
    shown: dict[str, Any]  # what the page shows of it (the job's result), for a reloaded page


@dataclass
class Session:
    """One tab's files, choices and last deck."""

    id: str
    folder: Path
    cache: Any = None  # the engine's SymbolCache: pictures decoded once per session
    names: dict[str, int] = field(default_factory=dict)  # stored picture name -> bytes
    back: Path | None = None
    words_bytes: int = 0
    lists: dict[str, int] = field(default_factory=dict)  # word-list file name -> bytes
    table: Path | None = None  # the vocabulary file, in the folder its pictures are named from
    seed: int = field(default_factory=lambda: secrets.randbelow(1_000_000))
    job: Job | None = None
    made: Made | None = None
    choices: dict[str, Any] | None = None  # the page's last choices, for a reloaded page
    builds: int = 0
    last_seen: float = field(default_factory=time.monotonic)
    busy: threading.Lock = field(default_factory=threading.Lock)
    stopping: threading.Event = field(default_factory=threading.Event)  # the app's, when it stops

    @property
    def pictures(self) -> Path:
        return self.folder / "pictures"

    @property
    def words(self) -> Path:
        return self.folder / "words.txt"

    @property
    def out(self) -> Path:
        return self.folder / "out"

    @property
    def stored_bytes(self) -> int:
        return (
            sum(self.names.values())
            + self.words_bytes
            + sum(self.lists.values())
            + (self.table.stat().st_size if (self.table and self.table.exists()) else 0)
            + (self.back.stat().st_size if (self.back and self.back.exists()) else 0)
        )

    def sources(self) -> tuple[Path, ...]:
        """The engine's sources, in the order the command names them: the vocabulary file (its
        pictures are its own), or the pictures; then the words typed, then word-list files."""
        found = []
        if self.table is not None:
            found.append(self.table)
        elif self.names:
            found.append(self.pictures)
        if self.words_bytes:
            found.append(self.words)
        found += (self.folder / name for name in self.lists)
        return tuple(found)

    def touch(self, now: float | None = None) -> None:
        self.last_seen = time.monotonic() if now is None else now

    def stop_point(self, *_progress: object) -> None:
        """A progress callback for the engine's work outside a job (a plan):
        :class:`Stopped` once the app is stopping."""
        if self.stopping.is_set():
            raise Stopped


class Sessions:
    """Every session of this launch, under one private temporary folder."""

    def __init__(
        self,
        root: Path,
        limits: Limits,
        *,
        idle: float = IDLE_SECONDS,
        most: int = MOST_SESSIONS,
        quiet: float = QUIET_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.root = root
        self.limits = limits
        self.idle = idle
        self.most = most
        self.quiet = quiet
        self.clock = clock
        self._all: dict[str, Session] = {}
        self._lock = threading.Lock()
        self.stopping = threading.Event()
        self._threads: list[threading.Thread] = []  # plans, which no session's busy lock marks

    def new(self) -> Session:
        """A new session; when :attr:`most` live, the longest quiet one makes room for it, or
        :class:`TooManySessions` when none has been quiet for :attr:`quiet` seconds."""
        sid = secrets.token_urlsafe(12)
        folder = self.root / sid
        cache = _new_cache()  # the first one imports the engine: not under the lock
        with self._lock:
            now = self.clock()
            dropped = self._make_room(now)
            folder.mkdir(mode=0o700)
            for sub in ("pictures", "out"):
                (folder / sub).mkdir(mode=0o700)
            session = Session(sid, folder, cache=cache, last_seen=now, stopping=self.stopping)
            self._all[sid] = session
        if dropped is not None:
            shutil.rmtree(dropped.folder, ignore_errors=True)
        return session

    def _make_room(self, now: float) -> Session | None:
        """The session dropped to stay within :attr:`most` (called under the lock)."""
        if len(self._all) < self.most:
            return None
        quiet = [
            s for s in self._all.values() if now - s.last_seen > self.quiet and not s.busy.locked()
        ]
        if not quiet:
            raise TooManySessions(
                N_(
                    "{most} tabs are using the deck maker already; close one you no longer need, "
                    "then reload this page in a few minutes."
                ),
                most=self.most,
            )
        oldest = min(quiet, key=lambda s: s.last_seen)
        del self._all[oldest.id]
        return oldest

    def get(self, sid: str) -> Session | None:
        with self._lock:
            session = self._all.get(sid)
        if session is not None:
            session.touch(self.clock())
        return session

    def sweep(self, now: float | None = None) -> list[str]:
        """Remove the sessions idle for longer than ``idle`` and not busy; their ids."""
        now = self.clock() if now is None else now
        with self._lock:
            gone = [
                s
                for s in self._all.values()
                if now - s.last_seen > self.idle and not s.busy.locked()
            ]
            for s in gone:
                del self._all[s.id]
        for s in gone:
            shutil.rmtree(s.folder, ignore_errors=True)
        return [s.id for s in gone]

    def start(self, thread: threading.Thread) -> None:
        """Start ``thread``, engine work outside a job (a plan): :meth:`stop` waits for it too."""
        with self._lock:
            self._threads = [t for t in self._threads if t.is_alive()]
            self._threads.append(thread)
        thread.start()

    def stop(self, wait: float = STOP_SECONDS) -> None:
        """Stop every running job and plan (its next progress raises :class:`Stopped`) and wait
        up to ``wait`` seconds for them to unwind: the engine's worker processes then end before
        this process does (a worker still starting when it ended printed a traceback)."""
        self.stopping.set()
        end = time.monotonic() + wait
        with self._lock:
            running, threads = list(self._all.values()), list(self._threads)
        for session in running:
            if session.busy.acquire(timeout=max(0.0, end - time.monotonic())):
                session.busy.release()
        for thread in threads:
            thread.join(timeout=max(0.0, end - time.monotonic()))

    def __len__(self) -> int:
        return len(self._all)


def _new_cache() -> Any:
    """The session's cache of decoded pictures: a second deck from them skips decoding."""
    from dobble_print import SymbolCache

    return SymbolCache()
