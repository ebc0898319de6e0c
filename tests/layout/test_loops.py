"""The packer's loops compiled ahead of time (layout.loops, layout.build_loops): used by a build
in place of numba's when ``make`` compiled them, giving the same bytes; never reading an array
they were not compiled for; letting other threads run; not used once their source changed."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from dobble_print.layout import build_loops, kernels, loops

REPO = Path(__file__).resolve().parents[2]
A_COMPILER = shutil.which("cc") or shutil.which("gcc")
needs_compiled = pytest.mark.skipif(
    loops.compiled_path() is None,
    reason="no loops compiled ahead of time (make said why: no C compiler or setuptools…)",
)

# The build as where nothing forks (Windows): every card is packed in this process, so whether it
# imported numba says which loops packed them.
BUILD = """
import multiprocessing, sys
multiprocessing.get_all_start_methods = lambda: ["spawn"]
from dobble_print.__main__ import main
sys.argv = ["dobble-print", "build", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
from dobble_print.layout import loops
numba = "numba" if "numba" in sys.modules else "no numba"
print(numba, loops.COMPILED is not None, dict(loops.fallbacks))
"""


def _build(folder: Path, words: Path, out: Path, **env: str) -> str:
    run = subprocess.run(
        [sys.executable, "-c", BUILD, str(folder), str(words), "-n", "4", "--seed", "3"]
        + ["--quiet", "-o", str(out)],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**__import__("os").environ, **env},
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.strip().splitlines()[-1]


@pytest.mark.skipif(not A_COMPILER, reason="no C compiler: make cannot compile the loops")
def test_make_compiled_the_loops_and_a_build_uses_them_without_numba_and_same_bytes(
    pictures, tmp_path
):
    assert loops.compiled_path() is not None, "make should have compiled the loops (build_loops)"
    folder = pictures(7)
    words = tmp_path / "words.txt"
    words.write_text("chat\nchien\npomme\nsoleil\nlune\narbre\n", encoding="utf-8")
    fast = _build(folder, words, tmp_path / "compiled.pdf")
    slow = _build(folder, words, tmp_path / "numba.pdf", DOBBLE_PRINT_LOOPS="numba")
    assert fast == "no numba True {}"  # every call as declared: none answered by numba
    assert slow == "numba False {}"
    assert (tmp_path / "compiled.pdf").read_bytes() == (tmp_path / "numba.pdf").read_bytes()


@needs_compiled
def test_an_array_not_as_declared_is_answered_by_numba_not_misread():
    ink = np.random.default_rng(1).random((9, 14)) > 0.5
    view = ink[:, ::2]  # not contiguous: the compiled loop would read it as if it were
    expected = kernels.summed_area(np.ascontiguousarray(view))
    assert not np.array_equal(loops.COMPILED.summed_area(view), expected)
    loops.fallbacks.clear()
    np.testing.assert_array_equal(loops.summed_area(view), expected)
    np.testing.assert_array_equal(loops.summed_area(ink.astype(np.uint8)), kernels.summed_area(ink))
    np.testing.assert_array_equal(loops.summed_area(ink), kernels.summed_area(ink))
    assert loops.fallbacks == {"summed_area": 2}
    cells = np.ones((3, 4), np.bool_)
    np.testing.assert_array_equal(loops.ring_runs(cells, 2), kernels.ring_runs(cells, 2))
    np.testing.assert_array_equal(loops.ring_runs(cells, np.int32(2)), kernels.ring_runs(cells, 2))
    count = np.zeros((6, 6), np.int16)
    count.flags.writeable = False  # the compiled loop would write into it; numba refuses to
    with pytest.raises(Exception, match="(?i)read-?only|readonly"):
        loops.add_zone(count, np.ones((2, 2), np.bool_), 1, 1, 1)
    assert not count.any()
    loops.fallbacks.pop("add_zone")
    assert loops.fallbacks == {"summed_area": 2}  # numpy's whole numbers are whole
    loops.fallbacks.clear()


@needs_compiled
def test_the_compiled_loops_let_other_threads_run():
    """numba's loops release the GIL (nogil): so must these, or threads pack one at a time.

    The other thread lets the GIL go after each tick, and no thread is made to give it up
    (a switch interval of a minute): so it ticks during a call only if the call let the GIL go.
    With pycc's own flags (the GIL held) it ticked 0 times in each of three calls; released,
    134-378."""
    ink = np.random.default_rng(2).random((3000, 3000)) > 0.5
    loops.summed_area(ink[:10].copy())
    ticks = [0]
    running, stop = threading.Event(), threading.Event()

    def count() -> None:
        running.set()
        while not stop.is_set():
            ticks[0] += 1
            time.sleep(0)  # lets the GIL go: the only time the main thread can take it

    interval = sys.getswitchinterval()
    sys.setswitchinterval(60)
    other = threading.Thread(target=count)
    other.start()
    during = []
    try:
        running.wait()
        for _ in range(3):
            before = ticks[0]
            loops.summed_area(ink)
            during.append(ticks[0] - before)
    finally:
        stop.set()
        other.join()
        sys.setswitchinterval(interval)
    assert sum(during) > 30, during


def test_a_changed_source_or_numba_asked_for_is_not_the_compiled_module(tmp_path, monkeypatch):
    source = (loops.HERE / "kernels.py").read_text(encoding="utf-8")
    (tmp_path / "kernels.py").write_text(source, encoding="utf-8")
    shutil.copy(loops.HERE / "build_loops.py", tmp_path)
    monkeypatch.setattr(loops, "HERE", tmp_path)
    same = loops.fingerprint()
    suffix = __import__("importlib.machinery").machinery.EXTENSION_SUFFIXES[0]
    first, *others = (tmp_path / f"{name}{suffix}" for name in loops.part_names())
    assert others  # the loops come in parts, compiled at once
    first.write_bytes(b"")
    assert loops.compiled_path() is None  # every part or none
    for part in others:
        part.write_bytes(b"")
    assert loops.compiled_path() == first
    monkeypatch.setenv(loops.FORCE, "numba")
    assert loops.compiled_path() is None
    monkeypatch.delenv(loops.FORCE)
    (tmp_path / "kernels.py").write_text(source + "\n# changed\n", encoding="utf-8")
    assert loops.fingerprint() != same and loops.compiled_path() is None
    (tmp_path / "kernels.py").write_text(source, encoding="utf-8")
    assert loops.compiled_path() is not None
    with open(tmp_path / "build_loops.py", "a", encoding="utf-8") as changed:  # compiled otherwise
        changed.write("\n# changed\n")
    assert loops.fingerprint() != same and loops.compiled_path() is None


def test_where_the_loops_cannot_be_compiled_make_says_so_in_one_line(monkeypatch, capsys):
    def no_compiler(*_args, **_kwargs):
        raise RuntimeError(
            "error: command 'x86_64-linux-gnu-gcc' failed: No such file or directory"
        )  # noqa: E501

    monkeypatch.setattr(build_loops, "build", no_compiler)
    assert build_loops.main() == 0  # make goes on: builds use numba's loops
    assert capsys.readouterr().out.splitlines() == [
        "The packer's loops were not compiled ahead of time (error: command "
        "'x86_64-linux-gnu-gcc' failed: No such file or directory): builds use numba's, "
        "compiled once on first use."
    ]


PACKED_FORKED = """
import os, sys
import numpy as np
from dobble_print.card import CardShape
from dobble_print.deck.plane import build_deck, take_cards
from dobble_print.layout import deck_layout
from tests.layout.test_deck_layout import blob

out = sys.argv[1]
nth = deck_layout._layout_nth


def recorded(k):
    before = set(sys.modules)
    try:
        return nth(k)
    finally:
        with open(os.path.join(out, str(os.getpid())), "a") as f:
            f.writelines(m + "\\n" for m in sorted(set(sys.modules) - before))


deck_layout._layout_nth = recorded
rng = np.random.default_rng(8)
deck = take_cards(build_deck(4), 13)
symbols = [blob(rng, 90) for _ in range(deck.symbol_count)]
deck_layout.layout_deck(deck, symbols, card=CardShape(size=45.0), seed=2, workers=2)
print(sorted(int(p) != os.getpid() for p in os.listdir(out)))
"""


@needs_compiled
def test_a_packer_forked_from_here_imports_nothing(tmp_path):
    """What the packing workers use is loaded before they are forked, and shared: HiGHS, which
    tightening uses, was imported by each worker on its first card (~35 ms of CPU each)."""
    done = subprocess.run(
        [sys.executable, "-c", PACKED_FORKED, str(tmp_path)],
        capture_output=True, text=True, timeout=120, cwd=REPO,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    # a forked worker packed, and this process on a thread (in_order's ``here``)
    assert done.stdout.split("\n")[0] == "[False, True]"
    imported = {p.name: p.read_text().split() for p in tmp_path.iterdir()}
    assert imported == {name: [] for name in imported}


@needs_compiled
def test_with_compiled_loops_the_packers_are_forked_from_here_with_no_fork_server(monkeypatch):
    """The fork server kept numba out of this process; compiled loops need no keeping out, and
    packers forked from here share this process's shapes instead of each making its own (the
    classic deck's tree: 351 -> 282 MB)."""
    from dobble_print.card import CardShape
    from dobble_print.deck.plane import build_deck, take_cards
    from dobble_print.layout import deck_layout
    from tests.layout.test_deck_layout import CARD, blob

    servers: list[list[str]] = []
    setups: list[object] = []
    real = deck_layout.in_order

    def in_order(*args, **kwargs):
        setups.append(kwargs.get("setup"))
        return real(*args, **kwargs)

    monkeypatch.setattr(deck_layout, "start_server", servers.append)
    monkeypatch.setattr(deck_layout, "in_order", in_order)
    rng = np.random.default_rng(8)
    deck = take_cards(build_deck(4), 13)  # PARALLEL_FROM cards and more: two workers run
    symbols = [blob(rng, 90) for _ in range(deck.symbol_count)]
    deck_layout.start_packers(13, workers=2)
    two = deck_layout.layout_deck(deck, symbols, card=CardShape(size=CARD), seed=2, workers=2)
    assert servers == [] and setups == [None]  # forked from this process
    assert two == deck_layout.layout_deck(
        deck, symbols, card=CardShape(size=CARD), seed=2, workers=1
    )
    monkeypatch.setenv("DOBBLE_PRINT_LOOPS", "numba")  # numba's loops: from the fork server
    deck_layout.start_packers(13, workers=2)
    assert len(servers) == 1


def test_packing_asks_the_loops_module_for_nothing_it_lacks(monkeypatch):
    """A loop imported inside a function on every call made the import machinery ask the module
    for a ``__path__`` each time, which its ``__getattr__`` refuses by raising (~1 µs; the
    classic deck rasterises ~19,000 shapes). Once bound, the loops are plain attributes."""
    import numpy as np

    from dobble_print.layout.masks import rasterise_runs, shape_of

    loops.__getattr__("raster_runs")  # bound, as a build binds them on first use
    asked: list[str] = []
    real = loops.__getattr__

    def asking(name: str):
        asked.append(name)
        return real(name)

    monkeypatch.setattr(loops, "__getattr__", asking)
    rgba = np.zeros((40, 40, 4), np.uint8)
    rgba[5:35, 10:30, 3] = 255
    shape = shape_of(rgba)
    for angle in (0.0, 30.0, 90.0):
        rasterise_runs(shape, 10.0, angle, 0.5)
    assert asked == []


def test_the_second_compiling_process_finds_this_module_however_make_runs_it(tmp_path):
    """``make`` runs build_loops as ``python -m``, where the module is ``__main__``: the second
    process that compiles a part of the loops imports it by its name (by ``__main__`` it failed
    at once, and the first compiled them all). Run from another folder, it finds it."""
    command = build_loops.compiling(1, tmp_path)
    assert command[-1].endswith(f"part_main(1, Path({str(tmp_path)!r}))")
    asked = build_loops.in_process("print(part_names(), part_main.__module__)")
    assert asked[:-1] == command[:-1]
    done = subprocess.run(asked, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{loops.part_names()} {build_loops.__name__}"


def test_a_part_that_fails_to_compile_leaves_no_module_and_says_why(tmp_path, monkeypatch):
    """The loops are compiled in parts at once: when one part's process fails, the module the
    other made is not put in place (builds then use numba's loops) and its error's words are
    the reason make prints; when this process's part fails (or Ctrl-C comes), the other
    process is ended at once, its files with the build's."""

    def made(number, folder):
        return Path(shutil.copy(__file__, folder / f"{loops.part_names()[number]}.so"))

    def failing(number, folder):
        return build_loops.in_process(
            f"(Path({str(folder)!r}) / REASON).write_text('error: no Python headers here');"
            " sys.exit(1)"
        )

    monkeypatch.setattr(build_loops, "build_part", made)
    monkeypatch.setattr(build_loops, "compiling", failing)
    with pytest.raises(RuntimeError, match=r"^error: no Python headers here$"):
        build_loops.build(tmp_path)
    assert list(tmp_path.iterdir()) == []

    def copying(number, folder):
        return build_loops.in_process(
            f"import shutil; shutil.copy({__file__!r}, Path({str(folder)!r}) / "
            f"'{loops.part_names()[number]}.so')"
        )

    monkeypatch.setattr(build_loops, "compiling", copying)
    first = build_loops.build(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{n}.so" for n in loops.part_names()]
    assert first.name == f"{loops.part_names()[0]}.so"

    def stopped(number, folder):
        raise KeyboardInterrupt

    monkeypatch.setattr(build_loops, "build_part", stopped)
    monkeypatch.setattr(
        build_loops, "compiling", lambda n, f: build_loops.in_process("import time; time.sleep(60)")
    )
    began = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        build_loops.build(tmp_path / "again")
    assert time.perf_counter() - began < 30  # the sleeping part was ended, not waited for
