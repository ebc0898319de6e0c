"""The forked worker helper: results in order, early exits that return, dead workers that say so."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from dobble_print.errors import DobbleError
from dobble_print.parallel import in_order, worker_count

# builds here start their worker processes, as on a user's machine
pytestmark = pytest.mark.usefixtures("all_cores")


SLOW = 0.02  # s per item: slow enough that the window is full when the loop leaves early


def _square(i: int) -> int:
    time.sleep(SLOW if i % 3 == 0 else 0)  # uneven work, so results finish out of order
    return i * i


def _die_at_five(i: int) -> int:
    if i == 5:
        os.kill(os.getpid(), signal.SIGKILL)
    return i


def _pid(i: int) -> int:
    time.sleep(SLOW)
    return os.getpid()


def _frozen(i: int) -> int:
    """How many objects this worker's garbage collector leaves alone (``gc.freeze``)."""
    import gc

    return gc.get_freeze_count()


def test_forked_workers_never_collect_what_they_inherit_and_this_process_still_does():
    """A full collection in a forked worker writes to every object it looks at, copying every
    page of them it shares with this process (photo decks peaked ~20 MB higher): the objects
    are frozen while the workers are forked, then this process's again. On the old code the
    workers' collectors looked at everything they inherited."""
    import gc

    with in_order(_frozen, 4, workers=2, what="counting") as results:
        counts = list(results)
    assert min(counts) > 1000  # the modules, functions and data this process had
    assert gc.get_freeze_count() == 0


_JOB: tuple | None = None  # what setup installs in a fork-server worker


def _install(job: tuple) -> None:
    global _JOB
    _JOB = job


def _scaled(i: int) -> int:
    assert _JOB is not None  # installed by the setup
    base, step = _JOB
    return base + step * i * i


def _rss_kb() -> int:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def _rss_and_pid(i: int) -> tuple[int, int]:
    time.sleep(SLOW)
    return _rss_kb(), os.getpid()


def _main_module_seen(i: int) -> tuple[str | None, str | None, int]:
    # multiprocessing always aliases __mp_main__ to __main__ on import, so its presence says
    # nothing; what matters is whether either is the parent's script (then it has its __file__).
    main, mp_main = sys.modules.get("__main__"), sys.modules.get("__mp_main__")
    return getattr(main, "__file__", None), getattr(mp_main, "__file__", None), os.getpid()


def _die_at_five_after_setup(i: int) -> int:
    assert _JOB is not None  # setup ran in this worker
    return _die_at_five(i)


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_results_come_back_in_order(workers):
    with in_order(_square, 40, workers=workers, what="squaring") as results:
        assert list(results) == [i * i for i in range(40)]


def test_work_is_done_in_other_processes():
    with in_order(_pid, 8, workers=2, what="asking") as results:
        pids = set(results)
    assert os.getpid() not in pids and len(pids) == 2


def test_leaving_early_many_times_never_hangs():
    # multiprocessing.Pool.terminate() with an imap still feeding deadlocked now and then (CI
    # hung for 90 minutes); leaving the block early must return every time, promptly.
    start = time.monotonic()
    for _ in range(30):
        with in_order(_square, 10_000, workers=2, what="squaring") as results:
            for i, value in enumerate(results):
                assert value == i * i
                if i == 3:
                    break
    assert time.monotonic() - start < 60


def test_an_error_inside_the_block_shuts_the_pool_down():
    with pytest.raises(KeyError), in_order(_square, 10_000, workers=2, what="squaring") as results:
        next(results)
        raise KeyError("stop")


def test_a_worker_that_dies_is_an_error_not_a_hang():
    with (
        pytest.raises(DobbleError) as caught,
        in_order(_die_at_five, 50, workers=2, what="packing cards") as results,
    ):
        list(results)
    assert str(caught.value) == (
        "a worker process stopped unexpectedly while packing cards (out of memory?); "
        "close other programs and try again"
    )


_PARENT = os.getpid()  # the test process: a forked worker's is another


def _where(i: int) -> tuple[int, int]:
    time.sleep(SLOW)
    return i * i, os.getpid()


def _die_at_five_elsewhere(i: int) -> int:
    """Item 5 kills its worker process, or fails on this process's thread."""
    if i == 5:
        if os.getpid() == _PARENT:
            raise ValueError("item 5 here")
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(SLOW)
    return i


@pytest.mark.parametrize("workers", [2, 3])
def test_here_this_process_takes_a_share_on_a_thread_beside_its_forked_workers(workers):
    """The packing's pool: ``workers - 1`` forked processes and a thread of this process,
    results in order, every side working."""
    with in_order(_where, 24, workers=workers, what="asking", here=True) as results:
        got = list(results)
    assert [square for square, _ in got] == [i * i for i in range(24)]
    pids = {pid for _, pid in got}
    assert os.getpid() in pids and len(pids) == workers


def test_here_an_item_that_fails_on_either_side_is_said_as_before():
    """On the forked side, a worker that dies is the one sentence; on this process's thread,
    the item's own error, raised where its result would have come."""
    for _ in range(4):  # item 5 goes to either side, as the items finish
        try:
            with in_order(
                _die_at_five_elsewhere, 40, workers=2, what="packing cards", here=True
            ) as results:
                assert list(results)[:5] == [0, 1, 2, 3, 4]
        except DobbleError as exc:
            assert str(exc) == (
                "a worker process stopped unexpectedly while packing cards (out of memory?); "
                "close other programs and try again"
            )
        except ValueError as exc:
            assert str(exc) == "item 5 here"
        else:
            raise AssertionError("item 5 failed nowhere")


# the folder _mark leaves a file in per item (inherited by forked workers)
_MARKS: Path | None = None


def _mark(i: int) -> int:
    assert _MARKS is not None  # set before the workers were forked
    (_MARKS / str(i)).touch()
    return i


def _marks_after_a_while(folder, expected: int) -> list[int]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len(list(folder.iterdir())) < expected:
        time.sleep(0.05)
    time.sleep(0.3)  # anything beyond the expected would have shown up by now
    return sorted(int(p.name) for p in folder.iterdir())


@pytest.mark.parametrize(("ahead", "started"), [(2, 4), (12, 12)])
def test_the_work_starts_on_entering_and_ahead_sets_how_much(tmp_path, ahead, started):
    """Entering the block submits the first ``workers × ahead`` items without the caller asking
    for a result: metrics pass ``ahead=count`` so that every card is measured while the PDF is
    being written."""
    global _MARKS
    _MARKS = tmp_path
    with in_order(_mark, 12, workers=2, what="marking", ahead=ahead) as results:
        assert _marks_after_a_while(tmp_path, started) == list(range(started))
        assert list(results) == list(range(12))


def _die_at_one_later(i: int) -> int:
    if i == 1:
        time.sleep(0.3)
        os.kill(os.getpid(), signal.SIGKILL)
    return i


@pytest.mark.parametrize("setup", [None, (_install, ((1, 1),))])
def test_a_worker_dying_while_the_caller_is_busy_is_the_same_error(setup):
    """The pool is already broken when the caller asks for its next result, so submitting the
    next item raises (where only waiting for a result was caught): still the one sentence, never
    a ``BrokenProcessPool`` traceback. Found by a helper's test failing one run in five."""
    import multiprocessing

    with (
        pytest.raises(DobbleError) as caught,
        in_order(_die_at_one_later, 50, workers=2, what="packing cards", setup=setup) as results,
    ):
        assert next(results) == 0
        # Meanwhile item 1 kills its worker; the pool, finding it dead, is marked broken and
        # then ends its other worker: once neither runs, the pool is broken.
        workers = multiprocessing.active_children()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(w.is_alive() for w in workers):
            time.sleep(0.01)
        next(results)
    assert str(caught.value) == (
        "a worker process stopped unexpectedly while packing cards (out of memory?); "
        "close other programs and try again"
    )


KILLED_PARENT = """
import os, sys, time
from dobble_print.parallel import in_order

if __name__ == "__main__":  # work and setup must pickle by name: library functions
    setup = (os.getpid, ()) if sys.argv[1] == "server" else None
    with in_order(time.sleep, 4, workers=2, what="waiting", setup=setup) as results:
        next(results)
        print("ready", flush=True)
        time.sleep(60)
"""


def _descendants(pid: int) -> set[int]:
    """Every process whose chain of parents leads to ``pid``."""
    found, todo = set[int](), [pid]
    while todo:
        p = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{p}/task/{task}/children") as f:
                    kids = {int(k) for k in f.read().split()} - found
            except OSError:
                continue
            todo.extend(kids)
            found |= kids
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(") ", 1)[1][0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pidfd and /proc: Linux only")
@pytest.mark.parametrize("kind", ["fork", "server"])
def test_workers_end_when_the_build_is_killed_outright(tmp_path, kind):
    """SIGKILL (or the out-of-memory killer) gives the build no chance to stop its workers; each
    must notice by itself, not wait for work forever (before, two orphans stayed per kill). With
    a fork server, the server and multiprocessing's resource tracker end too, once no process
    holds their pipes any more."""
    script = tmp_path / "killed_parent.py"
    script.write_text(KILLED_PARENT)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {**os.environ, "PYTHONPATH": root}
    parent = subprocess.Popen(
        [sys.executable, str(script), kind], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert parent.stdout.readline() == "ready\n"
        started = _descendants(parent.pid)
    finally:
        parent.kill()
        parent.wait()
        parent.stdout.close()
    assert len(started) >= 2 + 2 * (kind == "server")  # workers (+ server, resource tracker)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(map(_alive, started)):
        time.sleep(0.1)
    assert sorted(p for p in started if _alive(p)) == []


# --- workers from the fork server (setup=...) ---------------------------------------------------

needs_forkserver = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="fork server and /proc are Linux-only here"
)


@needs_forkserver
def test_setup_installs_what_the_work_reads_and_results_stay_in_order():
    """Fork-server workers inherit nothing: ``setup`` is how the packing stage hands them their
    work. Each worker must run it before its first item, and results still come back in order,
    identical to computing them here."""
    job = (7, 3)
    with in_order(_scaled, 10, workers=2, what="scaling", setup=(_install, (job,))) as results:
        got = list(results)
    assert got == [7 + 3 * i * i for i in range(10)]
    assert _JOB is None  # and setup ran only in the workers, not here


@needs_forkserver
def test_fork_server_workers_do_not_hold_the_parents_memory():
    """The reason for the fork server (classic build peak RSS 274 -> 163 MB): a forked worker
    starts holding every page of the main process, a fork-server worker starts small. The
    same check on fork workers (setup=None) is the control that shows it can fail."""
    big = np.ones(300 * 1024 * 1024, np.uint8)  # touched: ones writes every page
    try:

        def measure(setup):
            with in_order(_rss_and_pid, 6, workers=2, what="measuring", setup=setup) as results:
                got = list(results)
            return got, _rss_kb()

        served, parent_kb = measure((_install, ((0, 1),)))
        assert parent_kb > 300 * 1024
        assert os.getpid() not in {pid for _, pid in served}  # (one worker may take all)
        for rss, _ in served:
            assert rss <= parent_kb - 200 * 1024, (rss, parent_kb)

        forked, parent_kb = measure(None)
        assert os.getpid() not in {pid for _, pid in forked}
        # the control: a forked worker holds the parent's pages, 300 MB of them at least, far
        # more than a served one (not "all but 200 MB of the parent": a test process that grew
        # to 2.3 GB frees and moves pages while the workers start)
        for rss, _ in forked:
            assert rss > max(r for r, _ in served) + 200 * 1024, (rss, served)
        assert int(big[-1]) == 1
    finally:
        del big


SCRIPT = """\
import os

from dobble_print.parallel import in_order
from tests.test_parallel import _install, _main_module_seen

if __name__ == "__main__":
    with in_order(_main_module_seen, 4, workers=2, what="asking", setup=(_install, ((0, 0),))) as r:
        for main_file, mp_main_file, pid in r:
            print(main_file, mp_main_file, pid != os.getpid())
"""


@needs_forkserver
def test_fork_server_workers_do_not_import_a_main_script(tmp_path):
    """Run as ``python script.py`` (as the ``dobble-print`` entry point is), multiprocessing would
    have every fork-server worker import ``sys.argv[0]`` as ``__mp_main__``; ``in_order`` hides
    the main module while the workers start, so none does."""
    script = tmp_path / "main_script.py"
    script.write_text(SCRIPT)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = [root, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["None None True"] * 4


@needs_forkserver
def test_a_fork_server_worker_that_dies_is_an_error_not_a_hang():
    """A packing worker killed by the out-of-memory killer must give the same one-sentence error
    from fork-server pools as from forked ones, not a hang or a traceback."""
    with (
        pytest.raises(DobbleError) as caught,
        in_order(
            _die_at_five_after_setup,
            50,
            workers=2,
            what="packing cards",
            setup=(_install, ((1, 1),)),
        ) as results,
    ):
        list(results)
    assert str(caught.value) == (
        "a worker process stopped unexpectedly while packing cards (out of memory?); "
        "close other programs and try again"
    )


def test_worker_count():
    assert worker_count(5, parallel_from=12) == 1
    assert worker_count(50, parallel_from=12, workers=3) == 3
    assert worker_count(50, parallel_from=12, workers=8, cap=4) == 4
    assert worker_count(50, parallel_from=12, workers=0) == 1
    assert worker_count(50, parallel_from=12) == len(os.sched_getaffinity(0))


_TASKS = """
import time

def setup():
    pass

def work(i):
    time.sleep(30)
    return i
"""
_CTRL_C = """
import faulthandler, signal
faulthandler.register(signal.SIGQUIT)  # where it was, should the test time out
from dobble_print import parallel
from tasks import setup, work

if __name__ == "__main__":
    parallel.start_server(["slow_import"])
    print("ready", flush=True)
    try:
        with parallel.in_order(work, 4, workers=2, what="waiting", setup=(setup, ())) as results:
            list(results)
    except KeyboardInterrupt:
        print("stopped", flush=True)
"""


def test_ctrl_c_reaches_only_the_build_which_ends_its_workers(tmp_path):
    """Ctrl-C goes to every process of the terminal's group: the fork server, while it imports
    what workers need, printed its traceback (20-71 lines); workers busy with a card kept the
    build waiting. Here the server imports for 1 s, each item takes 30 s."""
    (tmp_path / "slow_import.py").write_text("import time\ntime.sleep(1)\n")
    (tmp_path / "tasks.py").write_text(_TASKS)
    (tmp_path / "script.py").write_text(_CTRL_C)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    proc = subprocess.Popen(
        [sys.executable, str(tmp_path / "script.py")],
        env=env,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout.readline() == "ready\n"
    time.sleep(0.3)  # the server is importing
    start = time.perf_counter()
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:  # say what it was doing, and leave no process behind
        os.killpg(proc.pid, signal.SIGQUIT)
        out, err = proc.communicate()
        pytest.fail(f"Ctrl-C did not stop the build in 20 s: {out!r} {err[-3000:]!r}")
    assert (out, err) == ("stopped\n", "")
    assert time.perf_counter() - start < 5


def _refuse_fork(monkeypatch) -> None:
    """As on Windows: no process can be forked, and multiprocessing offers only "spawn"."""

    def refused(*args, **kwargs):
        raise AssertionError("a process was forked")

    monkeypatch.setattr(os, "fork", refused)
    monkeypatch.setattr("multiprocessing.get_all_start_methods", lambda: ["spawn"])


@pytest.fixture
def no_fork(monkeypatch):
    _refuse_fork(monkeypatch)


def test_with_no_fork_the_items_run_at_once_on_threads_of_this_process(no_fork):
    """Before, where no process could be forked, every stage ran on one core (worker_count
    said 1, and in_order would have forked). Two items must be running at the same moment
    to pass the barrier, in this process."""
    import threading

    assert worker_count(20, parallel_from=12, workers=2) == 2
    both = threading.Barrier(2, timeout=10)
    seen: list[tuple[int, int]] = []

    def work(i: int) -> int:
        if i < 2:
            both.wait()  # a broken barrier (only one running) raises here
        seen.append((os.getpid(), threading.get_ident()))
        return i * i

    with in_order(work, 6, workers=2, what="squaring") as results:
        assert list(results) == [i * i for i in range(6)]
    assert {pid for pid, _ in seen} == {os.getpid()}
    assert len({thread for _, thread in seen}) == 2


def test_with_no_fork_an_items_error_is_raised_in_order_and_the_rest_cancelled(no_fork):
    done: list[int] = []

    def work(i: int) -> int:
        if i == 3:
            raise ValueError("item 3")
        time.sleep(SLOW)
        done.append(i)
        return i

    got = []
    with pytest.raises(ValueError, match="item 3"):
        with in_order(work, 200, workers=2, what="asking") as results:
            got.extend(results)
    assert got == [0, 1, 2]
    assert len(done) < 20  # only the window submitted ahead ran, not the 200


def test_with_no_fork_a_build_spreads_its_stages_over_threads_and_gives_the_same_bytes(
    tmp_path, monkeypatch
):
    """13 pictures on 13 cards: packing and measuring are each spread (from their
    PARALLEL_FROM on; loading, from 16 pictures, by the tests above). With no fork, the packing
    threads pack cards at the same time (two cards' packings overlap) and the PDF is the
    one-core build's, byte for byte (and the forked build lays out the same cards:
    test_deck_layout)."""
    import threading

    from dobble_print.card import CardShape
    from dobble_print.layout import packing
    from dobble_print.options import BuildOptions
    from dobble_print.pipeline import build
    from tests.conftest import make_pictures

    make_pictures(tmp_path / "p", 13)
    options = dict(
        sources=(tmp_path / "p",), symbols_per_card=4, seed=1, card=CardShape(size=45.0)
    )  # a small card packs quickly
    _refuse_fork(monkeypatch)
    with monkeypatch.context() as one_core:  # the bytes to compare with: all in this thread
        one_core.setattr("dobble_print.parallel.cores", lambda: 1)
        build(BuildOptions(output=tmp_path / "one.pdf", **options))
    real, running, most = packing.pack, [0], [0]
    lock = threading.Lock()

    def counted(*args, **kwargs):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            return real(*args, **kwargs)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr("dobble_print.layout.deck_layout.pack", counted)
    build(BuildOptions(output=tmp_path / "threads.pdf", **options))
    assert most[0] == 2
    assert (tmp_path / "threads.pdf").read_bytes() == (tmp_path / "one.pdf").read_bytes()


def test_where_the_system_gives_no_affinity_every_core_counts(monkeypatch):
    """Windows and macOS have no ``os.sched_getaffinity``: ``cores()`` said 1 there, so every
    stage of every build ran on one core (the tests, on Linux, never saw it)."""
    from dobble_print import parallel

    monkeypatch.delattr(os, "sched_getaffinity")
    monkeypatch.delattr(os, "process_cpu_count", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    assert parallel.cores() == 4
    assert worker_count(20, parallel_from=12) == 4
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # "undetermined"
    assert parallel.cores() == 1


def test_macos_works_on_threads_not_forks(monkeypatch):
    """A forked process can crash in macOS's own libraries (Python spawns there by default):
    a Mac's stages run on threads, as Windows' do."""
    from dobble_print import parallel

    assert parallel.can_fork()  # Linux
    monkeypatch.setattr(sys, "platform", "darwin")
    assert not parallel.can_fork()


_ARENAS = """
import ctypes, os, re, sys, tempfile, threading
from dobble_print.parallel import share_arenas
if sys.argv[1] == "share":
    assert share_arenas()
libc = ctypes.CDLL(None)
libc.malloc.restype, libc.free.argtypes = ctypes.c_void_p, [ctypes.c_void_p]
together = threading.Barrier(6)
def work():  # six threads, each holding 200 blocks of malloc's at once
    together.wait()
    held = [libc.malloc(50_000) for _ in range(200)]
    together.wait()
    for block in held:
        libc.free(block)
threads = [threading.Thread(target=work) for _ in range(6)]
for t in threads:
    t.start()
for t in threads:
    t.join()
libc.fopen.restype, libc.fopen.argtypes = ctypes.c_void_p, [ctypes.c_char_p, ctypes.c_char_p]
libc.malloc_info.argtypes, libc.fclose.argtypes = [ctypes.c_int, ctypes.c_void_p], [ctypes.c_void_p]
with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "info.xml")
    out = libc.fopen(path.encode(), b"w")
    libc.malloc_info(0, out)
    libc.fclose(out)
    print(len(re.findall("<heap nr=", open(path).read())))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="glibc's malloc arenas")
def test_the_threads_of_a_build_share_two_malloc_arenas():
    """Six threads allocating at once get an arena each from glibc, and each arena keeps what
    its thread freed; after share_arenas they share two (what the command line and the app do
    first thing)."""

    def arenas(mode: str) -> int:
        run = subprocess.run(
            [sys.executable, "-c", _ARENAS, mode], capture_output=True, text=True, check=True
        )
        return int(run.stdout)

    assert arenas("glibc's") > 2
    assert arenas("share") <= 2


_BLAS_THREADS = """
import os, sys, threading
sys.argv = ["dobble-print", "deck", "7", "--json"]  # a command that imports numpy
from dobble_print.__main__ import main
try:
    main()
except SystemExit:
    pass
assert "numpy" in sys.modules
native = len(os.listdir("/proc/self/task")) - threading.active_count()
print(native, os.environ.get("OPENBLAS_NUM_THREADS"), file=sys.stderr)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="counts the process's threads in /proc")
@pytest.mark.parametrize(("given", "kept"), [(None, "1"), ("2", "2")])
def test_numpy_starts_no_blas_threads_in_a_command_unless_the_user_asks(all_cores, given, kept):
    """OpenBLAS starts a thread per core as numpy is imported (~65 ms of CPU, in the command's
    process and in each drawing process, which take its environment): the command line asks it
    for none first thing; a user's own setting stays. On the old code: one native thread, and
    no setting for the drawing processes."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    run = subprocess.run(
        [sys.executable, "-c", _BLAS_THREADS], capture_output=True, text=True, env=env, check=True
    )
    native, setting = run.stderr.split()
    assert setting == kept
    if given is None:
        assert native == "0"  # no thread but Python's own


def _resident_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


@pytest.mark.skipif(sys.platform != "linux", reason="glibc's malloc_trim")
def test_memory_freed_by_a_stage_is_given_back_not_kept_resident():
    """What a stage frees stays resident for malloc to reuse (and a worker forked next shares
    it); give_back returns it: the packing shapes' ~75 MB after layout."""
    import ctypes

    from dobble_print.parallel import give_back

    libc = ctypes.CDLL(None)
    libc.malloc.restype, libc.free.argtypes = ctypes.c_void_p, [ctypes.c_void_p]
    libc.memset.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
    blocks = [libc.malloc(64_000) for _ in range(1_000)]  # 64 MB in malloc's heap
    for block in blocks:
        libc.memset(block, 1, 64_000)  # touched: resident
    last = libc.malloc(64_000)  # above the others: freeing them leaves no free top to trim
    for block in blocks:
        libc.free(block)
    kept = _resident_mb()
    give_back()
    assert _resident_mb() < kept - 40
    libc.free(last)


def test_beside_computes_on_its_thread_once_started_and_says_its_error_where_asked():
    import threading

    from dobble_print.parallel import Beside

    where = []

    def compute():
        where.append(threading.current_thread().name)
        return 42

    later = Beside(compute)
    later.start()
    later.start()  # once only
    assert later.result() == 42
    assert later.result() == 42 and where == ["beside"]
    assert Beside(compute).result() == 42  # never started: computed where asked
    assert where == ["beside", threading.current_thread().name]

    def fails():
        raise ValueError("no colours")

    failing = Beside(fails)
    failing.start()
    with pytest.raises(ValueError, match="no colours"):
        failing.result()


def test_a_build_checks_colours_beside_the_packing_once_its_workers_are_forked(
    tmp_path, monkeypatch, all_cores
):
    """The warnings about colour (grey printing, colour-blind players, the card's colour) are
    found on a thread while the cards are packed, started once the first card is done: the
    packing workers are forked before it, never beside a running thread (a fork inherits its
    locks held). The build's warnings are the same as found after the packing."""
    import multiprocessing

    from dobble_print import parallel
    from dobble_print.options import BuildOptions
    from dobble_print.pipeline import build
    from tests.conftest import make_pictures

    # 16 pictures (loaded on threads), 13 cards (packed by forked workers), four pairs of them
    # alike in black and white or to colour-blind players: a warning and four notes
    make_pictures(tmp_path / "p", 16, seed=1)
    options = BuildOptions(sources=(tmp_path / "p",), seed=1, output=tmp_path / "d.pdf")
    children_then = []
    start = parallel.Beside.start

    def started(self):
        children_then.append(len(multiprocessing.active_children()))
        start(self)

    with monkeypatch.context() as after:  # the colours checked after the packing, as before
        after.setattr(parallel.Beside, "start", lambda self: None)
        alone = build(options)
    monkeypatch.setattr(parallel.Beside, "start", started)
    beside = build(options)
    assert len(alone.layouts) == 13 and len(alone.notes) == 4
    assert children_then[0] == 1  # the packing's forked worker already running (its other
    # worker is a thread of this process: in_order's ``here``)
    assert beside.warnings == alone.warnings
    assert beside.notes == alone.notes


def test_here_each_side_gets_items_for_its_workers():
    """Three forked workers and the thread: the thread is handed about a quarter of the items,
    not as many as the three processes together (results are taken in order, so a thread with
    half of them held the processes up: 8 workers packed in 2.3 times the time)."""
    with in_order(_where, 40, workers=4, what="asking", here=True) as results:
        got = list(results)
    assert [square for square, _ in got] == [i * i for i in range(40)]
    here = sum(pid == os.getpid() for _, pid in got)
    assert 8 <= here <= 12  # 10 for its share; 15 when handed as many as the processes
