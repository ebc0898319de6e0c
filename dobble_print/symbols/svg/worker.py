"""SVGs drawn in a process of their own, so that no drawing can end the tool or run on for long.

Neither renderer can be stopped once it draws: resvg, in Rust, ends the whole process when an
allocation fails (``memory allocation of … failed``, then SIGABRT: no message, no PDF), and both
run for as long as a drawing takes. The checks before drawing (:mod:`svg.size`,
:mod:`svg.budget`) refuse what they can foresee, in plain words; what they cannot (a transform
scaling a pattern up, a filter over a large region, dashes a hair wide…) is drawn here, in a
child process that each process drawing SVGs starts once, on its first SVG (or the command line
as it starts: :mod:`symbols.early`), and reuses.

In the child, each drawing may take :data:`SECONDS` of CPU time (``RLIMIT_CPU``: the kernel ends
it) and the child :data:`MEMORY_MB` of memory (``RLIMIT_DATA`` on Linux: an allocation past it
fails, and resvg's abort ends only the child). The parent also waits no longer than a wall-clock
limit (Windows has neither limit). A drawing that overruns or ends its child is a
:class:`BadPicture` (one line naming the file), and the next SVG starts a new child.

The child is a new interpreter, not a fork, so it works the same where there is no fork
(Windows, and Macs by default) and does not hold a copy of the loading process's memory: it
imports Pillow and the renderer (about 30 MB, 0.1 s of CPU, once), not numpy: each drawing
comes back as the renderer left it (:mod:`svg.drawn`) and becomes pixels in the parent.
Ctrl-C is left to the parent, which ends the child by closing its pipe. Threads that draw at
once (the stages' threads, where nothing forks) each take a child of their own, up to one per
core.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pickle
import queue
import signal
import struct
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

from dobble_print.errors import DobbleError
from dobble_print.language import N_

if TYPE_CHECKING:
    import numpy as np

SECONDS_VARIABLE = "DOBBLE_PRINT_SVG_SECONDS"
SECONDS = 10  # CPU seconds one SVG may take to draw (preview and picture)
MEMORY_MB = 1000  # memory the drawing process may use (Linux)
# The parent's own limit, in wall-clock time: a loaded machine gives the child less than a core.
_WALL = 3
_HEADER = struct.Struct("<Q")
_BOOT = "import sys; sys.path[:0] = {path!r}; from {module} import serve; serve()"


def seconds() -> int:
    """CPU seconds an SVG may take (:data:`SECONDS`, or the environment variable's whole
    number, which the tests lower)."""
    value = os.environ.get(SECONDS_VARIABLE, "")
    return int(value) if value.isdigit() and int(value) > 0 else SECONDS


def _send(stream: IO[bytes], message: Any) -> None:
    data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _receive(stream: IO[bytes]) -> Any:
    """The next message, or None at the end of the stream."""
    head = stream.read(_HEADER.size)
    if len(head) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack(head)
    data = stream.read(size)
    return pickle.loads(data) if len(data) == size else None


# --- the child --------------------------------------------------------------------------------


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # an abort writes no core file
    if sys.platform.startswith("linux"):  # elsewhere RLIMIT_DATA leaves mmap out, or is absent
        _, hard = resource.getrlimit(resource.RLIMIT_DATA)
        most = MEMORY_MB * 1024 * 1024
        if hard == resource.RLIM_INFINITY or hard > most:
            resource.setrlimit(resource.RLIMIT_DATA, (most, hard))


@contextlib.contextmanager
def _cpu_limit(seconds: int) -> Iterator[None]:
    """The kernel ends this process once it has used ``seconds`` more of CPU time."""
    try:
        import resource
    except ImportError:  # Windows: the parent's wall-clock limit only
        yield
        return
    used = resource.getrusage(resource.RUSAGE_SELF)
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    most = int(used.ru_utime + used.ru_stime) + 1 + seconds
    if hard != resource.RLIM_INFINITY:
        most = min(most, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (most, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def serve() -> None:
    """The child's loop: draw each SVG asked for until the parent closes the pipe, then end the
    process (this never returns)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops on Ctrl-C, then ends this
    if os.name == "posix":
        _limit_memory()
    requests = sys.stdin.buffer
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print must not break the pipe
    from dobble_print.symbols.bad_picture import BadPicture
    from dobble_print.symbols.svg.choice import chosen, wanted_renderer
    from dobble_print.symbols.svg.draw import drawing

    with contextlib.suppress(Exception):  # the renderer loaded before the first SVG comes (a
        chosen(wanted_renderer())  # failure is said in reply to it, as the request's own setting)
    while (request := _receive(requests)) is not None:
        data, wanted, max_px, budget = request
        try:
            renderer = chosen(wanted).name  # here, where the renderer is imported anyway
            with _cpu_limit(budget):
                reply: tuple = ("drawn", drawing(data, renderer=renderer, max_px=max_px))
        except DobbleError as exc:  # cairosvg forced where cairo does not load
            reply = ("unusable", exc.parts)
        except BadPicture as exc:
            reply = ("bad", exc.args[0])
        except MemoryError:
            reply = ("memory", None)
        _send(replies, reply)
    # every reply is flushed: ended now, without freeing the renderer's objects one by one
    # (~30 ms, which the build waits for as its loading ends)
    os._exit(0)


# --- the parent -------------------------------------------------------------------------------


class _Child:
    """A drawing process, and a thread reading its replies (so that waiting has a limit on
    every system)."""

    def __init__(self) -> None:
        boot = _BOOT.format(path=sys.path, module=__name__)
        env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
        flags = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)  # Windows: no Ctrl-C
        with _interrupt_blocked():  # inherited: a Ctrl-C while it starts prints nothing there
            self.process = subprocess.Popen(
                [sys.executable, "-c", boot],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,  # resvg's abort says "memory allocation of … failed"
                env=env,
                creationflags=flags,
            )
        self.replies: queue.Queue = queue.Queue()
        stdout = self.process.stdout
        threading.Thread(target=self._read, args=(stdout,), name="svg-replies", daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        while (reply := _receive(stream)) is not None:
            self.replies.put(reply)
        self.replies.put(None)

    def ask(self, request: tuple, wait: float) -> tuple | None:
        """The reply to ``request``: ``("drawn", drawing)`` (a :class:`drawn.Drawn`),
        ``("bad", reason)``, ``("memory", None)``, ``("unusable", parts)`` (the renderer forced
        cannot be used); ``("late", None)`` when it did not answer in time, ``("unsent", None)``
        when it had ended before, None when it ended while drawing."""
        assert self.process.stdin is not None  # started with stdin=PIPE
        try:
            _send(self.process.stdin, request)
        except OSError:  # it ended before
            return ("unsent", None)
        try:
            return self.replies.get(timeout=wait)
        except queue.Empty:
            return ("late", None)

    def end(self) -> int | None:
        """End the child; its exit code (negative: the signal that ended it)."""
        with contextlib.suppress(OSError):
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)
        for pipe in (self.process.stdin, self.process.stdout):
            assert pipe is not None  # started with both as PIPE
            with contextlib.suppress(OSError):
                pipe.close()
        return self.process.returncode


@contextlib.contextmanager
def _interrupt_blocked() -> Iterator[None]:
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


_lock = threading.Condition()
# This process's drawing processes not drawing now, by the pid of the process that started them
# (a forked worker starts its own), and how many it has in all. Each thread that draws takes one,
# so threads draw at once (where nothing forks, the stages' threads; :mod:`parallel`); no more
# than one per core: the app's server answers requests on many threads.
_children: dict[int, list[_Child]] = {}
_started: dict[int, int] = {}
# Started with the command (:func:`start_drawers`), not yet taken: the build's own, ended with
# the loading, as the ones its threads start are.
_early: dict[int, list[_Child]] = {}


def _take() -> _Child:
    """An idle drawing process of this process, a new one while there are fewer than cores, or
    else the next one another thread gives back.

    Raises:
        OSError: no drawing process can be started.
    """
    # here, not at the top: the drawing process imports this module too, and has no use for
    # the pools (~20 ms of imports)
    from dobble_print.parallel import cores

    pid = os.getpid()
    with _lock:
        while not _children.get(pid) and not _early.get(pid) and _started.get(pid, 0) >= cores():
            _lock.wait()
        if _children.get(pid):
            return _children[pid].pop()
        if _early.get(pid):
            return _early[pid].pop(0)
        _started[pid] = _started.get(pid, 0) + 1
    try:
        return _Child()
    except BaseException:
        _ended(pid)
        raise


def _give(child: _Child) -> None:
    """``child`` idle again, for the next drawing of this process."""
    with _lock:
        _children.setdefault(os.getpid(), []).append(child)
        _lock.notify()


def _ended(pid: int) -> None:
    with _lock:
        _started[pid] -= 1
        _lock.notify()


def _end(child: _Child) -> int | None:
    """End ``child`` (see :meth:`_Child.end`); a new one may start in its place."""
    try:
        return child.end()
    finally:
        _ended(os.getpid())


def _ask(request: tuple, wait: float) -> tuple[tuple | None, _Child | None]:
    """A drawing process's reply to ``request`` (see :meth:`_Child.ask`), and the process, to
    give back or end; once more with a new one if the request cannot be sent (None and None
    then). A process found ended is replaced. Interrupted (Ctrl-C), the drawing process is
    ended: its reply would come late.

    Raises:
        OSError: no drawing process can be started.
    """
    for _ in (1, 2):
        child = _take()
        if child.process.poll() is not None:
            _end(child)
            child = _take()
        try:
            reply = child.ask(request, wait)
        except BaseException:
            _end(child)
            raise
        if reply != ("unsent", None):
            return reply, child
        _end(child)
    return None, None


def draw(data: bytes, *, wanted: str, max_px: int) -> np.ndarray:
    """The SVG ``data`` drawn in the drawing process (see :func:`svg_draw.draw_svg`), within
    its time and memory, by the renderer it chooses for the setting ``wanted``
    (:func:`choice.wanted_renderer`: ``""``, ``"cairosvg"`` or ``"resvg"``).

    Raises:
        BadPicture: the drawing's own reason, or that it overran its time or its memory.
        DobbleError: ``wanted`` is cairosvg and the cairo library does not load.
    """
    from dobble_print.symbols.bad_picture import BadPicture

    budget = seconds()
    request = (data, wanted, max_px, budget)
    code = None
    try:
        reply, child = _ask(request, wait=budget * _WALL + 5)
    except OSError:  # no interpreter to start (an embedded Python): drawn here, unguarded
        from dobble_print.symbols.svg.choice import chosen
        from dobble_print.symbols.svg.draw import draw_svg

        return draw_svg(data, renderer=chosen(wanted).name, max_px=max_px)
    if child is not None:
        if reply is None or reply[0] == "late":
            code = _end(child)
        else:
            _give(child)
    if reply is not None and reply[0] == "drawn":
        from dobble_print.symbols.svg.pixels import pixels

        return pixels(reply[1])
    if reply is not None and reply[0] == "bad":
        raise BadPicture(reply[1])
    if reply is not None and reply[0] == "unusable":
        raise DobbleError(reply[1])
    if reply is not None and reply[0] == "late" or code == -getattr(signal, "SIGXCPU", 0):
        raise BadPicture(
            N_(
                "takes over {seconds} s to draw, the most an SVG may take; simplify it, or "
                "export it as PNG",
                seconds=budget,
            )
        )
    raise BadPicture(
        N_(
            "needs more than the {mb} MB an SVG may take to draw, or makes the SVG renderer "
            "fail; simplify it, or export it as PNG",
            mb=MEMORY_MB,
        )
    )


def start_drawers(count: int) -> None:
    """Start ``count`` drawing processes now (fewer if this process has some), for the SVGs a
    command is about to draw.

    A drawing process takes ~0.15 s to start and load its renderer before its first SVG; a build
    started them on its first SVG, once its own imports were done (~0.35 s). Started with the
    command, on the core its imports leave free, they are ready when the first SVG comes. Until
    taken they are not idle ones this process keeps (:func:`idle_drawers`): the loading ends
    them with its own, and :func:`end_drawers` any left untaken.
    """
    pid = os.getpid()
    for _ in range(count):
        with _lock:
            if _started.get(pid, 0) >= count:
                return
            _started[pid] = _started.get(pid, 0) + 1
        try:
            child = _Child()
        except OSError:  # no interpreter to start: the loading draws in this process, as before
            _ended(pid)
            return
        except BaseException:
            _ended(pid)
            raise
        with _lock:
            _early.setdefault(pid, []).append(child)
            _lock.notify()


def end_untaken_drawers() -> None:
    """End the drawing processes :func:`start_drawers` started that no drawing took (the
    command's guess was more than its loading used)."""
    with _lock:
        untaken = _early.pop(os.getpid(), [])
    for child in untaken:
        assert child.process.stdin is not None  # started with stdin=PIPE
        with contextlib.suppress(OSError):
            child.process.stdin.close()
    for child in untaken:
        _end(child)


def idle_drawers() -> int:
    """How many drawing processes of this process are idle now (not counting those started
    for a command, :func:`start_drawers`)."""
    with _lock:
        return len(_children.get(os.getpid(), []))


def end_drawers(keep: int = 0) -> None:
    """End this process's idle drawing processes now, but ``keep`` of them: each holds ~45 MB,
    and a build whose pictures are loaded draws no more SVGs (a card back may: it starts one
    again). The loading threads' two stayed alive through the packing, the build's peak."""
    with _lock:
        idle = _children.pop(os.getpid(), [])
        if keep and idle:
            _children[os.getpid()], idle = idle[:keep], idle[keep:]
        idle += _early.pop(os.getpid(), [])
    for child in idle:  # all told first, so they exit at once (~30 ms each, in turn before)
        assert child.process.stdin is not None  # started with stdin=PIPE
        with contextlib.suppress(OSError):
            child.process.stdin.close()  # it reads the end of its pipe and exits
    for child in idle:
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.process.wait(timeout=1)
        _end(child)


atexit.register(end_drawers)
