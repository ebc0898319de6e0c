"""Ctrl-C at any moment of a build or a plan: at most one line on stderr, never a traceback, from
any process of the tree (the command, its fork server, its workers), and nothing partial left.

Ctrl-C reaches every process of the terminal's group, so each run has a group of its own and the
signal goes to the group. The five moments run at once (each is a few seconds of one core at
most; a command done before its moment is sent Ctrl-C as it ends, not waited for); whatever the
moment lands on (importing, loading, packing, writing, finishing), every outcome is checked for,
so a slow or fast machine changes what is covered, never the verdict.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.conftest import REPO, make_pictures

DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0)  # seconds after the command starts
NOTHING = "dobble-print: interrupted; nothing was written"
IN_FULL = "dobble-print: interrupted, after every file was written in full"
# Python ends a process through SIGINT itself (the shell's 130 too) when a KeyboardInterrupt
# went through code run by exec() on its way, even once caught; and a Ctrl-C as it exits.
INTERRUPTED = (130, -signal.SIGINT)
CLASS_NAME = re.compile(r"\b[A-Z]\w*(Error|Exception|Interrupt|Exit)\b")


def _script() -> list[str]:
    """The ``dobble-print`` command as pip installs it from pyproject.toml: a script that
    imports the entry point's module, then calls it."""
    with (REPO / "pyproject.toml").open("rb") as f:
        module, name = tomllib.load(f)["project"]["scripts"]["dobble-print"].split(":")
    return [sys.executable, "-c", f"import sys; from {module} import {name}; sys.exit({name}())"]


# The command as where no process can be forked: the stages' workers are threads. Until the
# command takes Ctrl-C over (its first step), this script ends with the command's line, as the
# command does before its own imports.
NO_FORK = f"""import os, signal, sys
signal.signal(signal.SIGINT, lambda *_: (os.write(2, b"{NOTHING}\\n"), os._exit(130)))
import multiprocessing
def refused(*args, **kwargs):
    raise OSError("no fork here")
os.fork = refused
multiprocessing.get_all_start_methods = lambda: ["spawn"]
sys.argv = ["dobble-print", *sys.argv[1:]]
from dobble_print.__main__ import main
sys.exit(main())
"""

COMMANDS = {
    "build with the installed script": lambda src, out: [
        *_script(), "build", str(src), "-o", str(out / "deck.pdf"), "--seed", "1",
    ],
    "plan with python -m": lambda src, out: [
        sys.executable, "-m", "dobble_print", "plan", str(src),
    ],
    "build where nothing forks (threads, as on Windows)": lambda src, out: [
        sys.executable, "-c", NO_FORK, "build", str(src), "-o", str(out / "deck.pdf"),
        "--seed", "1",
    ],
}  # fmt: skip


def _interrupted(command: list[str], out: Path, delay: float) -> tuple[int, str, str]:
    """``command`` started in a process group of its own, Ctrl-C sent to the group ``delay``
    seconds later: its exit code, stdout and the stderr of every process of the group."""
    out.mkdir(parents=True)
    env = {**os.environ, "PYTHONPATH": str(REPO), "LC_ALL": "C.UTF-8"}  # its words in English
    proc = subprocess.Popen(
        command,
        cwd=out,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:  # a command done before the moment is sent Ctrl-C as it ends, not waited for
        proc.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(proc.pid, signal.SIGINT)
    except ProcessLookupError:  # done already, its whole group
        pass
    try:  # stderr ends when the last process of the tree holding it has ended
        stdout, stderr = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
        pytest.fail(f"Ctrl-C at {delay} s: still running after 120 s: {stderr[-2000:]!r}")
    return proc.returncode, stdout, stderr


@pytest.fixture(scope="module")
def pictures(tmp_path_factory) -> Path:
    """13 pictures: a deck of 13 cards, packed by worker processes from the fork server."""
    folder = tmp_path_factory.mktemp("interrupt") / "pictures"
    make_pictures(folder, 13)
    return folder


@pytest.mark.parametrize("kind", COMMANDS)
def test_ctrl_c_at_any_moment_is_one_line_and_leaves_nothing_partial(
    tmp_path, pictures, kind, request
):
    if "nothing forks" in kind:  # every core, so that its stages' threads run at once
        request.getfixturevalue("all_cores")
    make = COMMANDS[kind]
    runs = {d: (make(pictures, tmp_path / f"{d}s"), tmp_path / f"{d}s") for d in DELAYS}
    with ThreadPoolExecutor(len(DELAYS)) as pool:
        outcomes = pool.map(lambda d: _interrupted(*runs[d], d), DELAYS)
        done = dict(zip(DELAYS, outcomes, strict=True))
    for delay, (code, stdout, stderr) in done.items():
        said = f"Ctrl-C at {delay} s: exit {code}, stderr {stderr[-3000:]!r}"
        assert "Traceback" not in stderr and not CLASS_NAME.search(stderr), said
        # the build's own warnings said before the interrupt are its messages, not the stop's
        lines = [x for x in stderr.splitlines() if not x.startswith(("warning: ", "note: "))]
        assert len(lines) <= 1, said
        left = sorted(os.listdir(runs[delay][1]))
        if lines == [NOTHING]:
            assert code in INTERRUPTED and left == [], said
            continue
        assert lines in ([], [IN_FULL]), said
        assert code in (0, *INTERRUPTED), said  # finished; or silent: ended as it started/ended
        if code == 0 and kind.startswith("plan"):
            assert stdout.endswith("build makes 13 cards of 4 symbols.\n"), said
        if kind.startswith("build") and (code == 0 or lines == [IN_FULL]):
            assert left == ["deck.pdf"], (said, left)
        if left:  # all or nothing: a whole PDF, nothing beside it
            assert left == ["deck.pdf"], (said, left)
            pdf = (runs[delay][1] / "deck.pdf").read_bytes()
            assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF"), said
