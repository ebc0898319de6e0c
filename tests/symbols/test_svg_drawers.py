"""The SVG drawing processes (:mod:`symbols.svg.worker`) as threads use them.

Where nothing forks (Windows; macOS draws on threads too), the stages' threads are one process:
with one drawing process per process, every SVG of a deck was drawn one after the other, on one
core, however many threads loaded the pictures. Each drawing thread now takes a drawing process
of its own, one per core at most (the app's server answers on many threads).
"""

from __future__ import annotations

import os
import threading

import numpy as np
import pytest

from dobble_print import parallel
from dobble_print.symbols.svg import worker
from tests.conftest import ICONS


@pytest.fixture
def fresh(monkeypatch):
    """This process's drawing processes as if none had started; the test's own ended after."""
    monkeypatch.setattr(worker, "_children", {})
    monkeypatch.setattr(worker, "_started", {})
    monkeypatch.setattr(worker, "_early", {})
    yield
    worker.end_drawers()


def _draw_at_once(monkeypatch, count: int, *, wait: float) -> list:
    """``count`` threads each drawing an icon, their requests sent only once all of them hold a
    drawing process (or after ``wait`` seconds): what each drew, or the error it met."""
    svg = sorted(ICONS.glob("*.svg"))[0].read_bytes()
    together = threading.Barrier(count)
    ask = worker._Child.ask

    def ask_together(self, request, wait_for):
        try:
            together.wait(timeout=wait)
        except threading.BrokenBarrierError:
            pass
        return ask(self, request, wait_for)

    out: list = [None] * count

    def draw(i: int) -> None:
        try:
            out[i] = worker.draw(svg, wanted="cairosvg", max_px=64)
        except Exception as exc:  # noqa: BLE001 - the test reports what it met
            out[i] = exc

    monkeypatch.setattr(worker._Child, "ask", ask_together)
    threads = [threading.Thread(target=draw, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def test_two_threads_draw_at_once_in_two_drawing_processes(fresh, monkeypatch):
    monkeypatch.setattr(parallel, "cores", lambda: 2)
    drawn = _draw_at_once(monkeypatch, 2, wait=30)
    assert all(isinstance(d, np.ndarray) and d.shape[2] == 4 for d in drawn), drawn
    idle = worker._children[next(iter(worker._children))]
    assert len(idle) == 2  # both given back, for the next drawings
    assert len({c.process.pid for c in idle}) == 2
    assert np.array_equal(drawn[0], drawn[1])


def test_no_more_drawing_processes_than_cores(fresh, monkeypatch):
    """On one core the second thread waits for the first one's drawing process."""
    monkeypatch.setattr(parallel, "cores", lambda: 1)
    drawn = _draw_at_once(monkeypatch, 3, wait=0.5)
    assert all(isinstance(d, np.ndarray) for d in drawn), drawn
    (started,) = worker._started.values()
    assert started == 1


def test_a_drawing_process_that_ended_is_replaced(fresh):
    svg = sorted(ICONS.glob("*.svg"))[0].read_bytes()
    first = worker.draw(svg, wanted="cairosvg", max_px=64)
    (idle,) = worker._children.values()
    idle[0].process.kill()
    idle[0].process.wait()
    assert np.array_equal(worker.draw(svg, wanted="cairosvg", max_px=64), first)
    (idle,) = worker._children.values()
    assert len(idle) == 1 and idle[0].process.poll() is None
    (started,) = worker._started.values()
    assert started == 1  # the ended one no longer counts


def test_a_build_ends_its_drawing_processes_once_its_pictures_are_loaded(
    fresh, tmp_path, monkeypatch
):
    """Each holds ~45 MB: where nothing forks, the loading threads' two stayed alive through the
    packing, the build's peak (no-fork classic deck, whole tree: 482 -> 400 MB). Elsewhere a
    deck loaded one picture after the other keeps its own (a test run builds hundreds of decks:
    starting one again for each cost ~0.35 s)."""
    import shutil

    from dobble_print.options import BuildOptions
    from dobble_print.pipeline import prepare

    (tmp_path / "icons").mkdir()
    for icon in sorted(ICONS.glob("*.svg"))[:7]:
        shutil.copy(icon, tmp_path / "icons")
    seen = _starts(monkeypatch)
    options = BuildOptions(sources=(tmp_path / "icons",), output=tmp_path / "d.pdf", seed=1)
    prepare(options)
    assert seen  # its pictures were drawn by a drawing process of this one
    assert len(worker._children[os.getpid()]) == 1  # kept where loading workers are forked
    monkeypatch.setattr(os, "fork", None)  # as on Windows
    monkeypatch.setattr("multiprocessing.get_all_start_methods", lambda: ["spawn"])
    prepare(options)
    assert not worker._children.get(os.getpid()) and not worker._started.get(os.getpid())


def test_the_loading_threads_end_the_drawing_processes_they_started_and_keep_the_one_before(
    fresh, tmp_path, monkeypatch, all_cores
):
    """16 pictures and more load on threads on every system, each thread with a drawing process
    of its own: those end with the loading (forked loading workers ended theirs), as the packers
    are forked next; the one this process had before stays for its next build."""
    import shutil

    from dobble_print.symbols import find_sources, load_symbols

    monkeypatch.setattr(parallel, "cores", lambda: 2)
    svgs = sorted(ICONS.glob("*.svg"))
    worker.draw(svgs[0].read_bytes(), wanted="cairosvg", max_px=64)
    (before,) = worker._children[os.getpid()]
    (tmp_path / "icons").mkdir()
    for icon in svgs[:21]:
        shutil.copy(icon, tmp_path / "icons")
    started = _starts(monkeypatch)
    loaded = load_symbols(find_sources([tmp_path / "icons"]))
    assert len(loaded.symbols) == 21
    assert len(started) == 1  # the second thread's; the first took the idle one
    (kept,) = worker._children[os.getpid()]
    assert kept.process.poll() is None and worker._started[os.getpid()] == 1
    ended = [pid for pid in (before.process.pid, *started) if pid != kept.process.pid]
    assert len(ended) == 1
    assert not os.path.exists(f"/proc/{ended[0]}") or _zombie(ended[0])


def _zombie(pid: int) -> bool:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0] == "Z"


def _starts(monkeypatch) -> list[int]:
    """The pids of the drawing processes this process starts from now on, in order."""
    started: list[int] = []
    real = worker._Child.__init__

    def starting(self) -> None:
        real(self)
        started.append(self.process.pid)

    monkeypatch.setattr(worker._Child, "__init__", starting)
    return started


STARTED_AND_DREW = """\
import sys
from pathlib import Path
from dobble_print.symbols.svg import worker  # as the drawing process's boot line does
from dobble_print.symbols.svg.choice import chosen
from dobble_print.symbols.bad_picture import BadPicture  # serve's imports
from dobble_print.symbols.svg.draw import drawing
from dobble_print import language
made = drawing(Path(sys.argv[1]).read_bytes(), renderer=chosen("").name, max_px=64)
assert made.width and made.height
modules = ("multiprocessing", "concurrent.futures", "pycparser", "numpy")
print(sorted(m for m in modules if m in sys.modules))
print(language.words.cache_info().currsize)  # catalogues read
"""


def test_a_drawing_process_loads_only_what_drawing_needs():
    """A drawing process starts for each loading thread of every build (~0.1 s each): it
    imports no process pools (the parent's count of cores), reads no catalogue (the names of
    the languages: its messages go back as records), parses no C declarations (cairocffi's,
    read ahead of time: :mod:`svg.cairo_ffi`) and imports no numpy (the pixels are made in the
    parent: :mod:`svg.drawn`). Each was imported on the old code."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", STARTED_AND_DREW, str(sorted(ICONS.glob("*.svg"))[0])],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]", "0"]


STARTED_EARLY = """\
import os, sys
from pathlib import Path
from dobble_print.__main__ import _start_drawing
_start_drawing(["build", "-n", "8", "--seed", "1", sys.argv[1]])
from dobble_print.symbols.svg import worker
early = [c.process.pid for c in worker._early.get(os.getpid(), [])]
print(len(early), sorted(m for m in ("numpy", "PIL", "dobble_print.pipeline") if m in sys.modules))
started = []
real = worker._Child.__init__
def starting(self):
    real(self)
    started.append(self.process.pid)
worker._Child.__init__ = starting
from dobble_print.symbols import find_sources, load_symbols
loaded = load_symbols(find_sources([Path(sys.argv[1])]))
def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
untaken = len(worker._early.get(os.getpid(), []))
print(len(loaded.symbols), len(started), untaken, any(map(alive, early)))
"""


def test_a_build_command_starts_its_drawing_processes_before_its_imports(tmp_path, all_cores):
    """The command line starts the drawing processes a build of SVGs will use before its own
    imports (~0.35 s on one core; a drawing process takes ~0.15 s to be ready), with neither
    numpy nor Pillow: the loading takes them, starts none, and ends them with its threads.
    Classic deck, 5 pairs: wall 3.78 -> 3.67 s, the same PDF."""
    import shutil
    import subprocess
    import sys

    (tmp_path / "icons").mkdir()
    for icon in sorted(ICONS.glob("*.svg"))[:21]:
        shutil.copy(icon, tmp_path / "icons")
    done = subprocess.run(
        [sys.executable, "-c", STARTED_EARLY, str(tmp_path / "icons")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    drawers = min(parallel.cores(), 4)  # one per loading thread
    assert done.stdout.splitlines() == [f"{drawers} []", "21 0 0 False"]


def test_the_drawing_processes_started_are_as_many_as_the_loading_uses(tmp_path):
    """One for a few SVGs (one thread loads them), one per loading thread from 16 pictures,
    none for photos, a word list, a folder of folders or a command's help."""
    from dobble_print.symbols.early import drawers_for, pictures_in

    names = ("few", "many", "mixed", "photos", "nested")
    few, many, mixed, photos, nested = (tmp_path / n for n in names)
    for folder, names in (
        (few, [f"{i}.svg" for i in range(3)] + ["notes.txt"]),
        (many, [f"{i}.SVG" for i in range(30)]),
        (mixed, ["a.svg", "b.svgz"] + [f"{i}.png" for i in range(20)]),
        (photos, [f"IMG_{i}.HEIC" for i in range(30)]),
        (nested / "2024-05-01", [f"{i}.svg" for i in range(20)]),
    ):
        folder.mkdir(parents=True)
        for name in names:
            (folder / name).write_bytes(b"")
    (tmp_path / "words.txt").write_text("chat\nchien\n", encoding="utf-8")
    assert pictures_in([str(few)]) == (3, 3)
    assert pictures_in([str(many)]) == (16, 16)  # counted until there are enough to choose
    assert pictures_in([str(mixed)]) == (22, 2)
    assert pictures_in(["-n", "8", str(photos), str(tmp_path / "missing")]) == (30, 0)
    assert pictures_in([str(nested), str(tmp_path / "words.txt")]) == (0, 0)
    assert pictures_in([str(few / "0.svg")]) == (1, 1)
    folders = (few, many, mixed, photos, nested)
    assert [drawers_for(*pictures_in([str(f)]), 2) for f in folders] == [1, 2, 2, 0, 0]
    assert drawers_for(40, 40, 8) == 4  # the loading's threads at most
    assert drawers_for(40, 1, 8) == 1


def test_drawing_processes_no_drawing_took_are_ended(fresh, tmp_path, monkeypatch):
    """A command that stops before drawing (a wrong option) or draws fewer than guessed ends
    the ones it started; ``--help`` starts none."""
    import shutil

    from dobble_print.__main__ import _start_drawing

    monkeypatch.setattr(parallel, "cores", lambda: 2)
    for icon in sorted(ICONS.glob("*.svg"))[:20]:
        shutil.copy(icon, tmp_path)
    _start_drawing(["build", str(tmp_path), "--help"])
    _start_drawing(["plan", str(tmp_path)])
    assert not worker._early
    _start_drawing(["build", str(tmp_path)])
    early = list(worker._early[os.getpid()])
    assert len(early) == 2 and worker.idle_drawers() == 0
    worker.end_untaken_drawers()
    assert [child.process.poll() is not None for child in early] == [True, True]
    assert not worker._early.get(os.getpid()) and not worker._started.get(os.getpid())


ENDS = """
import sys
from dobble_print.symbols.svg.worker import serve

class Kept:
    def __del__(self):  # run when Python tears the interpreter down, not when the system ends it
        sys.stderr.write("torn down\\n")

kept = Kept()
serve()
sys.stderr.write("serve returned\\n")
"""


def test_a_drawing_process_ends_without_teardown_when_its_pipe_closes():
    """Its replies are flushed as they go, so when the build closes its pipe it ends at once:
    freeing the renderer's objects one by one took ~30 ms, which the build waited for as its
    loading ended (two drawing processes, one after the other)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", ENDS], input=b"", capture_output=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")


def test_a_command_that_cannot_start_a_drawing_process_early_goes_on(fresh, monkeypatch):
    """Starting them early is only a head start: where no interpreter can be started (an
    embedded Python), the command goes on and its loading draws as it did."""

    def refused(self) -> None:
        raise OSError("no interpreter here")

    monkeypatch.setattr(worker._Child, "__init__", refused)
    worker.start_drawers(2)
    assert not worker._early.get(os.getpid()) and not worker._started.get(os.getpid())
