"""Independent work spread over forked processes, results in order, safe to stop early.

Three stages do the same thing to many items, each item on its own: decoding pictures, packing
cards and measuring cards. They share this one helper.

Why not ``multiprocessing.Pool``: ``Pool.terminate()`` while an ``imap`` is still feeding tasks
can deadlock (its task thread holds the queue's lock, blocked on a full pipe, while terminate
waits for that lock). That hung CI when loading stopped early at the pictures a deck needs. And
when a worker dies (the kernel's out-of-memory killer), ``Pool`` waits forever for its result.
Here only a small window of tasks is ever submitted ahead, the executor is shut down with the
rest cancelled, and a dead worker raises at once.

Workers come from one of two places. By default they are forked from this process, so what they
work on is set in a module global before the pool starts and inherited, never pickled; only the
item's index goes out and its result comes back. But a forked worker also holds every page of this
process (its resident size starts at this process's), so the packing workers, which load ~95 MB of
compiled code of their own, come instead from a *fork server*: a clean process started early by
:func:`start_server`, which imports (and warms up) what they need while this process loads the
pictures. They are forked from it ready, and get their work once each, by ``setup``. Forked
from this process, one of them can be a thread of it instead (``here``): the packing's pool is.

Where no process can be forked (Windows) or should not be (macOS; :func:`can_fork`), the workers
are threads of this process instead: the globals the work reads are this process's own, ``setup``
is not needed, and what the work spends in numpy, Pillow, zlib and the packer's compiled loops
(``nogil``) runs on every core. Before, such a system did every stage on one core.
"""

from __future__ import annotations

import collections
import contextlib
import gc
import multiprocessing
import os
import pickle
import select
import signal
import sys
import threading
import types
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import forkserver, resource_tracker
from typing import Any, Generic, TypeVar

from dobble_print.errors import DobbleError
from dobble_print.language import N_, Msg

T = TypeVar("T")

AHEAD = 2  # tasks submitted per worker beyond the one being collected: keeps every core busy


# glibc's mallopt option for how many arenas malloc may make (malloc.h's M_ARENA_MAX)
_M_ARENA_MAX = -8
ARENAS = 2  # malloc arenas a build's threads share


def share_arenas() -> bool:
    """Let this process's threads share ``ARENAS`` malloc arenas instead of glibc's eight per
    core. Call it first thing, before any thread allocates.

    Each thread that allocates gets an arena of its own, up to eight per core, and memory freed
    in one arena is reused by the threads of that arena only: the threads that load, pack,
    measure and encode a deck one after the other each left their arena's freed memory
    resident. The classic deck built where nothing forks (every stage on threads) peaked at
    ~260 MB PSS, and at ~233 MB on two arenas, in the same time (bench/no_fork.py, three runs
    each, in turn). Python's small objects come from its own allocator, not malloc's arenas,
    and the stages' threads spend their time in compiled code, not in malloc, so two arenas
    are little contended. Only glibc has this setting: elsewhere (macOS, Windows, musl)
    nothing is done. Whether it was done.
    """
    mallopt = _glibc("mallopt")
    if mallopt is None:
        return False
    import ctypes

    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    return mallopt(_M_ARENA_MAX, ARENAS) == 1


def one_blas_thread() -> None:
    """Keep numpy's linear algebra (OpenBLAS) to the thread that calls it, in this process and
    in every process it starts (the drawing processes take this environment); a setting the
    user gave is kept. Call it first thing, before numpy is imported.

    OpenBLAS starts a thread per core as numpy is imported, and they spin as they start: ~65 ms
    of CPU time in every process that imports numpy (20 runs each: 0.155 s of CPU against
    0.090 s for ``import numpy``), a build's own and each of its drawing processes'. Nothing
    here multiplies matrices large enough for them to help (a picture's 32×32 transform, a
    deck's incidence matrix), and the stages spread their work over the cores themselves.
    """
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


class Beside(Generic[T]):
    """``compute()`` on a thread of its own beside the caller's work, from when the caller
    starts it (:meth:`start`); :meth:`result` waits for it (or computes it then, if never started).

    The caller starts it only once its stage has forked whatever it forks (the packing workers
    are all forked before the first card is done): a process forked while another thread runs
    inherits whatever locks that thread held, held for ever.
    """

    def __init__(self, compute: Callable[[], T]) -> None:
        self._compute = compute
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._out: list[Any] = []  # [True, value] or [False, exception]

    def start(self) -> None:
        """Start computing, if not started yet."""
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="beside", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        try:
            self._out[:] = [True, self._compute()]
        except BaseException as exc:  # noqa: BLE001 (raised again by result())
            self._out[:] = [False, exc]

    def result(self) -> T:
        """What ``compute()`` gave (its error, raised here)."""
        with self._lock:
            thread = self._thread
        if thread is None:
            return self._compute()
        thread.join()
        done, value = self._out
        if not done:
            raise value
        return value


def give_back() -> None:
    """Return to the system the memory malloc holds free in this process (glibc's
    ``malloc_trim``), after a stage has dropped large data that the next does not need.

    Freed memory stays in the process for reuse, resident, and a worker forked next would
    share it: after packing, the shapes' pyramids and summed-area tables (~75 MB for the
    classic deck) were still resident through measuring and writing, the build's peak. Only
    glibc has this: elsewhere nothing is done.
    """
    malloc_trim = _glibc("malloc_trim")
    if malloc_trim is not None:
        malloc_trim(0)


def _glibc(name: str) -> Any:
    """glibc's function ``name`` (through ctypes), or None off Linux or where the C library
    has no such function (musl has neither of these)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        return getattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError):  # no C library to ask, or one without it
        return None


def cores() -> int:
    """Cores this process may run on: its affinity where the system says it (Linux), else the
    machine's count (Windows and macOS have no ``sched_getaffinity``; they were given one core,
    so every build there ran on one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    count = getattr(os, "process_cpu_count", os.cpu_count)()  # 3.13: Windows' affinity too
    return max(1, count or 1)


def worker_count(
    items: int, *, parallel_from: int, cap: int | None = None, workers: int | None = None
) -> int:
    """How many processes to use for ``items`` independent pieces of work.

    Args:
        items: pieces of work.
        parallel_from: below this many, one process: starting a pool costs more than it saves.
        cap: most workers worth having (memory or diminishing returns), None for no cap.
        workers: the caller's own choice; None means one per available core.
    """
    if items < parallel_from:
        return 1
    n = cores() if workers is None else workers
    return max(1, min(n, cap) if cap else n)


def can_fork() -> bool:
    """Whether workers can be forked processes here: not on Windows, which has no fork, nor on
    macOS, where a forked process can crash in the system's own libraries (Python spawns there
    by default since 3.8, for that reason): both work on threads."""
    return sys.platform != "darwin" and "fork" in multiprocessing.get_all_start_methods()


def start_server(preload: Sequence[str]) -> None:
    """Start the fork server that ``in_order(..., setup=...)`` takes its workers from, importing
    the modules ``preload`` in it, now.

    Called as soon as a parallel stage is known to be coming: the server's start-up (importing and
    warming up compiled code) then runs alongside this process's own work instead of delaying the
    workers, and is paid once instead of once per worker. Without it the server starts on first
    use, with nothing preloaded. Only the first call's ``preload`` counts.
    """
    if "forkserver" in multiprocessing.get_all_start_methods():
        multiprocessing.get_context("forkserver").set_forkserver_preload(list(preload))
        # The server is started as `python -c …`, whose first import path is the current folder
        # (Python 3.11 does not apply the sys.path multiprocessing hands it): a `numpy.py`, or
        # another copy of dobble_print, in the folder a user builds from would be imported by
        # every worker. PYTHONSAFEPATH leaves the current folder out; only the server sees it.
        saved = os.environ.get("PYTHONSAFEPATH")
        os.environ["PYTHONSAFEPATH"] = "1"
        # Ctrl-C goes to every process of the terminal's group: the server (and every worker
        # forked from it) inherits Ctrl-C blocked and leaves stopping to this process, instead
        # of printing its traceback while it imports. Blocked in this thread only, not ignored:
        # a Ctrl-C meanwhile still stops this process (ignored, it was lost). Blocked once the
        # resource tracker has started (which unblocks Ctrl-C in the thread that starts it).
        resource_tracker.ensure_running()
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            forkserver.ensure_running()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            if saved is None:
                del os.environ["PYTHONSAFEPATH"]
            else:
                os.environ["PYTHONSAFEPATH"] = saved


@contextlib.contextmanager
def in_order(
    work: Callable[[int], T],
    count: int,
    *,
    workers: int,
    what: str | Msg,
    setup: tuple[Callable[..., None], tuple[Any, ...]] | None = None,
    ahead: int = AHEAD,
    threads: bool = False,
    here: bool = False,
) -> Iterator[Iterator[T]]:
    """``work(0)``, ``work(1)``, … ``work(count - 1)``, computed on ``workers`` forked processes
    (threads where none can be forked).

    Use as ``with in_order(f, n, workers=w, what="packing cards") as results: for r in results``.
    The work starts on entering the block. Leaving it early (a ``break`` or an error) cancels
    what was not started and waits only for the few items already running.

    Args:
        work: a module-level function of the item's index (it must pickle by name).
        count: items.
        workers: processes (or threads); 1 computes in this process, with no pool at all.
        what: the work, for the message if a worker dies ("packing cards").
        setup: ``(function, args)``: the workers come from the fork server (:func:`start_server`)
            instead of this process, and each first calls ``function(*args)``, which installs what
            ``work`` needs (``args`` are pickled once per worker). Ignored with one worker: the
            caller has what ``work`` needs at hand.
        ahead: items submitted per worker beyond those being collected. A caller that does
            other work before collecting (and whose results are small) passes ``count``, so that
            every item is computed meanwhile.
        threads: threads of this process even where processes can be forked: for work whose
            large results would otherwise be pickled back through a pipe, and that spends its
            time outside the interpreter (or in processes of its own).
        here: where the workers are forked from this process (no ``setup``), one of them is a
            thread of this process instead (:class:`_AlsoHere`): for work this process would
            otherwise only wait for, and whose forked workers each pay for their own copy of
            the pages they write (the packing: ~5 MB of the classic deck's peak on two cores,
            in the same time). Stopped early, the thread's item is waited for (a thread cannot
            be ended from outside): a card, a tenth of a second.

    Raises:
        DobbleError: a worker process died (out of memory, most likely).
    """
    if workers <= 1:
        yield (work(i) for i in range(count))
        return
    if threads or not can_fork():
        with _threads(work, count, workers, workers * ahead, what) as results:
            yield results
        return
    context: multiprocessing.context.BaseContext
    if setup is None or "forkserver" not in multiprocessing.get_all_start_methods():
        context, setup = multiprocessing.get_context("fork"), None
    else:
        context = multiprocessing.get_context("forkserver")
    begin, args = setup or (None, ())
    # The setup's arguments go to each worker already pickled, as bytes, and are unpickled by
    # the worker once it runs: a worker is started by writing its arguments into a pipe, which
    # blocks this process until the worker has read them, and unpickling the packing job (its
    # shapes rebuild their pyramids) while reading held each worker's start up ~0.1 s, one
    # worker after the other. They are pickled once, too, instead of once a worker.
    here = here and setup is None
    executor = ProcessPoolExecutor(
        workers - 1 if here else workers,
        mp_context=context,
        initializer=_begin,
        initargs=(os.getpid(), begin, pickle.dumps(args, pickle.HIGHEST_PROTOCOL)),
    )
    runner: Executor = _AlsoHere(executor, workers - 1) if here else executor
    try:
        if context.get_start_method() == "forkserver":
            with _held_interrupt():  # a worker half started prints its own traceback
                _start_workers(executor, workers)
        with _frozen(context.get_start_method() == "fork"):
            results = _collect(runner, work, count, workers * ahead, what)  # forks them all
        yield results
    except KeyboardInterrupt:  # the workers ignore Ctrl-C: this process ends them
        # (the executor has no public way to end its processes)
        for process in dict(getattr(executor, "_processes", None) or {}).values():
            process.terminate()
        raise
    finally:
        runner.shutdown(wait=True, cancel_futures=True)


class _AlsoHere(Executor):
    """Forked processes and one thread of this process, as one pool: each item goes to the
    side with fewer items waiting for each of its workers (the results are taken in order: one
    thread handed as many as all the processes held them up while they waited). The processes
    are forked by the first item, before the thread is started (a process forked while another
    thread runs inherits the locks that thread holds, held for ever).

    A forked worker shares this process's pages until either writes to one; then each holds
    its own copy. A packing worker wrote ~18 MB of them, its Python objects' pages among them;
    the thread packs in this process's own, and this process, which only waited for the
    packing, has the work of one worker to do instead.
    """

    def __init__(self, processes: ProcessPoolExecutor, forked: int) -> None:
        self._sides: list[Executor] = [processes]
        self._workers = (forked, 1)  # each side's
        self._waiting = [0, 0]  # items submitted to each side and not done yet
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        if len(self._sides) == 1 and self._waiting[0]:  # the processes are forked: start it
            self._sides.append(ThreadPoolExecutor(1, thread_name_prefix="dobble-print"))
        with self._lock:
            side = min(
                range(len(self._sides)), key=lambda s: (self._waiting[s] + 1) / self._workers[s]
            )
            self._waiting[side] += 1
        future = self._sides[side].submit(fn, *args, **kwargs)

        def done(_: Future) -> None:
            with self._lock:
                self._waiting[side] -= 1

        future.add_done_callback(done)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        # the thread's waiting items cancelled first (a thread pool may be shut down twice; a
        # process pool's second shutdown would not wait), then the processes', then the
        # thread's running item waited for
        threads = self._sides[1:]
        for side in threads:
            side.shutdown(wait=False, cancel_futures=cancel_futures)
        self._sides[0].shutdown(wait=wait, cancel_futures=cancel_futures)
        for side in threads:
            side.shutdown(wait=wait, cancel_futures=cancel_futures)


@contextlib.contextmanager
def _threads(
    work: Callable[[int], T], count: int, workers: int, window: int, what: str | Msg
) -> Iterator[Iterator[T]]:
    """:func:`in_order` on ``workers`` threads of this process, where none can be forked.

    Leaving early (a ``break``, an error, Ctrl-C) cancels what was not started and waits for
    the few items already running (a second at most each: a thread cannot be stopped from
    outside). An item's error, running out of memory included, is raised where its result
    would have come, as if computed here.
    """
    executor = ThreadPoolExecutor(workers, thread_name_prefix="dobble-print")
    try:
        yield _collect(executor, work, count, window, what)
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _frozen(forking: bool) -> Iterator[None]:
    """While workers are forked from this process, every object it holds is out of reach of
    their cyclic garbage collector (``gc.freeze``), and back within this process's after.

    A forked worker shares this process's pages until it writes to them, and a full collection
    writes to every object it looks at: a packing worker that ran one copied every page of this
    process's objects it inherited. Which builds did depended on how many objects the build had
    made: the 57 photos' peaked at 250-257 MB PSS against 231-232 MB frozen, the 133 words' at
    255 MB once in three (236 MB frozen); the classic deck's stayed at 230. The freeze is lifted
    here once they are forked: this process (the app's server, a process that builds many
    decks) collects its own garbage as before."""
    if not forking:
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def _held_interrupt() -> Iterator[None]:
    """Hold Ctrl-C back until the block is done, then raise it."""
    if not _main_thread() or signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        yield
        return
    caught: list[int] = []
    before = signal.signal(signal.SIGINT, lambda sig, _frame: caught.append(sig))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if caught:
        raise KeyboardInterrupt


def _begin(parent: int, setup: Callable[..., None] | None, args: bytes) -> None:
    """Run first in every worker: watch the process that started the pool, then ``setup`` with
    its pickled ``args``. Ctrl-C reaches every process of the terminal's group; a worker leaves
    stopping to the process that started it (no traceback of its own)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with(parent)
    if setup is not None:
        setup(*pickle.loads(args))


def _end_with(pid: int) -> None:
    """End this worker as soon as process ``pid`` ends.

    A build that is killed outright (SIGKILL, the out-of-memory killer) cannot tell its workers,
    and a worker waits for its next item forever: it holds its own end of the pipe the items
    come through. So a thread waits on the process's pidfd (Linux 5.3 on) and ends this one.
    """
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:  # it has already ended
        os._exit(1)
    except (AttributeError, OSError):  # no pidfd here: the worker outlives a killed build
        return

    def wait() -> None:
        select.select([fd], [], [])
        os._exit(1)

    threading.Thread(target=wait, name="end-with-parent", daemon=True).start()


def _start_workers(executor: ProcessPoolExecutor, workers: int) -> None:
    """Start all ``workers`` of a fork-server pool now, with the main module hidden.

    A worker from the fork server imports the main module of this process (``sys.argv[0]``)
    before its first task, as the docs warn for scripts without an ``if __name__ ==
    "__main__"`` guard. Our work never needs it (work and setup are functions of this package),
    but importing it costs each worker the command line's imports (typer, rich), and a script
    without the guard would build again in every worker. So the main module is hidden while the
    workers start; each ``submit`` of a trivial task to a pool with no idle worker starts one.
    """
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        for _ in range(workers):
            executor.submit(os.getpid)
    finally:
        sys.modules["__main__"] = main


def _collect(
    executor: Executor,
    work: Callable[[int], T],
    count: int,
    window: int,
    what: str | Msg,
) -> Iterator[T]:
    """Submit the first ``window`` items now; the returned iterator collects them in order,
    keeping ``window`` submitted ahead."""
    pending: collections.deque[Future] = collections.deque()
    submitted = 0

    def submit() -> None:
        nonlocal submitted
        while submitted < count and len(pending) < window:
            pending.append(executor.submit(work, submitted))
            submitted += 1

    def next_result() -> T:
        submit()
        return pending.popleft().result()

    def results() -> Iterator[T]:
        for _ in range(count):
            yield _unbroken(next_result, what)

    _unbroken(submit, what)
    return results()


def _unbroken(step: Callable[[], T], what: str | Msg) -> T:
    """``step()``, with a dead worker's ``BrokenProcessPool`` (raised by waiting for a result, or
    by submitting once the pool is broken) turned into the one-sentence error."""
    try:
        return step()
    except BrokenProcessPool:
        raise DobbleError(
            N_(
                "a worker process stopped unexpectedly while {what} (out of memory?); close "
                "other programs and try again",
                what=what,
            )
        ) from None
