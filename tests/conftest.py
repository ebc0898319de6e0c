"""Shared fixtures: seeded, small, made by the tests themselves."""

from __future__ import annotations

import contextlib
import gc
import os
import signal
from pathlib import Path

# As the command line and the app do first (parallel.one_blas_thread), for the tests' own
# processes and every script they start: numpy's BLAS starts no threads (~65 ms of CPU each).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import pytest
from PIL import Image

# A suite started in the background (a shell's `make test &`, which starts it with Ctrl-C
# ignored, and every process it starts inherits that) still tests Ctrl-C as a terminal's user
# sends it: the tests that send it to a build, in this process or one it starts, failed there
# (a build that ignores Ctrl-C, as a background job should, goes on).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# No test sees the machine's fonts: the installed-font search looks in no folder unless a test
# points it at fonts it built (or, for the one test of a real system font, clears this).
os.environ["DOBBLE_PRINT_FONT_DIRS"] = ""

REPO = Path(__file__).resolve().parent.parent
ICONS = REPO / "assets" / "icons"


def pytest_configure(config):
    """The tests speak English whatever the machine's locale (a test of another language sets
    its own), and under pytest-xdist each test process keeps to one core of its own (and so do
    the builds and commands it starts): a build then packs in its own process instead of
    starting two workers beside the other test process's two, on a two-core machine. Tests of
    the worker processes themselves ask for every core (:func:`all_cores`)."""
    for variable in ("LC_ALL", "LC_MESSAGES"):
        os.environ.pop(variable, None)
    os.environ["LANG"] = "C.UTF-8"
    worker, count = (
        os.environ.get("PYTEST_XDIST_WORKER"),
        os.environ.get("PYTEST_XDIST_WORKER_COUNT"),
    )
    if worker and count and hasattr(os, "sched_setaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
        if int(count) >= len(cpus) > 1:
            os.sched_setaffinity(0, {cpus[int(worker.removeprefix("gw")) % len(cpus)]})


def pytest_collection_finish(session):
    """What collecting left (the modules, the tests, their marks: ~3,000 items) set aside from
    the garbage collector's full passes, which otherwise walk it all again, ~20 times a test
    process (measured: 3.1 and 4.2 s of the two processes' time went to those passes)."""
    gc.collect()
    gc.freeze()


@contextlib.contextmanager
def every_core():
    """Every core of the machine for what runs inside, as a user's build has: the packing and
    loading workers really run. A module's shared build uses it (the fixture below is per test)."""
    if not hasattr(os, "sched_setaffinity"):
        yield
        return
    mine = os.sched_getaffinity(0)
    os.sched_setaffinity(0, range(os.cpu_count() or 1))
    try:
        yield
    finally:
        os.sched_setaffinity(0, mine)


@pytest.fixture
def all_cores():
    """Every core of the machine for this test and what it starts (:func:`every_core`)."""
    with every_core():
        yield


@pytest.fixture(autouse=True)
def _the_cli_speaks_english_again():
    """A CLI command run in-process with ``--lang fr`` keeps speaking French for the process
    (the command's language is chosen once per command); the next test starts in English."""
    yield
    from dobble_print.cli.wording import speak

    speak("en")


@pytest.fixture(autouse=True)
def _signals_left_as_found():
    """A test that leaves Ctrl-C ignored breaks the later ones that send it (a process started
    meanwhile inherits "ignore", too): every test leaves SIGINT and SIGTERM as it found them,
    and this thread's signal mask too (a process started from it inherits SIGINT blocked, and
    a signal this process sends itself waits)."""
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, ()) if hasattr(signal, "pthread_sigmask") else 0
    yield
    after = {s: signal.getsignal(s) for s in before}
    assert after == before, f"signal handlers changed: {before} -> {after}"
    if hasattr(signal, "pthread_sigmask"):
        now = signal.pthread_sigmask(signal.SIG_BLOCK, ())
        assert now == mask, f"signals blocked changed: {mask} -> {now}"


@pytest.fixture(scope="session")
def classic_deck(tmp_path_factory) -> tuple[Path, dict]:
    """The classic deck built once from the default icons (seed 1): its PDF and its report.

    Several modules check it (the PDF, the report, the issue's layout figures); building it is
    the suite's single most expensive step, so it is shared, by the test processes of one run
    too: the first to need it builds it, under a lock, into their common temporary folder.
    """
    import fcntl
    import json

    from dobble_print.options import BuildOptions
    from dobble_print.pipeline import build

    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, above each process's own
    out, report = shared / "classic-deck.pdf", shared / "classic-deck.json"
    with open(shared / "classic-deck.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not report.exists():
            build(BuildOptions(sources=(ICONS,), output=out, seed=1, report=report))
    return out, json.loads(report.read_text(encoding="utf-8"))


def make_pictures(folder: Path, count: int, *, seed: int = 0) -> list[Path]:
    """``count`` distinct PNG blobs of varied shape and colour on transparency.

    A colour close to an earlier one's (each channel within 12 %, what a photo app's filter
    changes) is drawn again from a second stream, so no two blobs are look-alikes
    (``symbols.similar``) and the others are as they always were."""
    rng, again = np.random.default_rng(seed), np.random.default_rng(seed + 1_000_003)
    folder.mkdir(parents=True, exist_ok=True)
    paths, colours = [], list[np.ndarray]()
    for i in range(count):
        w, h = int(rng.integers(60, 200)), int(rng.integers(60, 200))
        yy, xx = np.mgrid[0:h, 0:w]
        blob = ((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2 <= 1
        rgba = np.zeros((h, w, 4), np.uint8)
        colour = rng.integers(0, 220, 3)
        while any(_alike(colour, c) for c in colours):
            colour = again.integers(0, 220, 3)
        colours.append(colour)
        rgba[blob] = (*colour, 255)
        rgba[h // 3 : h // 3 + 3, :, 3] = 0  # a notch so shapes differ
        path = folder / f"pic_{i:03d}.png"
        Image.fromarray(rgba, "RGBA").save(path)
        paths.append(path)
    return paths


def _alike(a: np.ndarray, b: np.ndarray) -> bool:
    return bool((np.abs(a.astype(int) - b) <= 0.12 * np.maximum(a, b) + 6).all())


@pytest.fixture
def pictures(tmp_path: Path):
    """A factory: ``pictures(n)`` makes a folder of n distinct pictures."""

    def make(count: int, name: str = "pics") -> Path:
        make_pictures(tmp_path / name, count)
        return tmp_path / name

    return make


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """An empty folder of "installed" fonts the font search looks in; tests add fonts to it."""
    from dobble_print.symbols.fonts.installed import forget_fonts

    folder = tmp_path / "installed"
    folder.mkdir()
    monkeypatch.setenv("DOBBLE_PRINT_FONT_DIRS", str(folder))
    forget_fonts()
    yield folder
    forget_fonts()


@pytest.fixture(params=["cairosvg", "resvg"])
def svg_renderer(request, monkeypatch) -> str:
    """Each SVG test runs with both renderers, forced by the environment variable (forked
    decoding processes inherit it)."""
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", request.param)
    return request.param
