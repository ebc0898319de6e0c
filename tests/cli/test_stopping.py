"""Ctrl-C where Python cannot raise it on: the command still stops, with its one line.

Run in a process of its own: the command's handling of Ctrl-C is process-wide (the handler, the
hook for exceptions nobody can catch), and a test process keeps its own.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from dobble_print.cli.errors import run
from tests.conftest import REPO

_CALLBACK = """
import ctypes, os, signal, sys, time
from dobble_print.cli import stopping
from dobble_print.cli.errors import run

stopping.quiet()

def callback():  # C code calls it (as llvmlite calls numba's cache while it compiles)
    os.kill(os.getpid(), signal.SIGINT)
    for _ in range(10**6):  # Ctrl-C lands here, where it cannot be raised on
        pass

called = ctypes.CFUNCTYPE(None)(callback)

def work():
    called()
    time.sleep(5)
    print("finished: Ctrl-C was lost")

try:
    run(work)
except Exception as exc:  # typer.Exit, which the command line ends with
    sys.exit(exc.exit_code)
"""


def _stops_in_one_line(script: str) -> None:
    """``script`` run in a process of its own ends with Ctrl-C's one line and its exit code."""
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO), "LC_ALL": "C.UTF-8"},
    )
    assert (done.stdout, done.stderr) == ("", "dobble-print: interrupted; nothing was written\n")
    assert done.returncode == 130


def test_ctrl_c_in_a_callback_from_c_code_stops_the_command_in_one_line():
    """Python prints a KeyboardInterrupt raised in a function C code called ("Exception
    ignored on calling ctypes callback function", and its traceback) and goes on: a build
    interrupted while the JIT compiler called back finished, with the traceback."""
    _stops_in_one_line(_CALLBACK)


_HALF_MADE = """
import os, signal, sys, time
from dobble_print.cli import stopping
from dobble_print.cli.errors import run

stopping.quiet()

class HalfMade:  # as llvmlite's PassBuilder when Ctrl-C came while numba compiled
    def __del__(self):
        raise AttributeError("'PassBuilder' object has no attribute '_as_parameter_'")

kept = []

def work():
    kept.append(HalfMade())
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(5)

try:
    run(work)
except Exception as exc:  # typer.Exit
    sys.exit(exc.exit_code)
"""


def test_after_ctrl_c_s_line_an_object_failing_as_the_process_ends_says_nothing():
    """Seen with numba's loops: 'interrupted; nothing was written', then "Exception ignored in:
    <function ObjectRef.__del__>", a traceback and "AttributeError: 'PassBuilder' object has
    no attribute '_as_parameter_'" as the process ended."""
    _stops_in_one_line(_HALF_MADE)


def _raster_runs_interrupted() -> None:
    """What a compiled loop does when Ctrl-C's handler runs while it hands its arrays back:
    it returns with the KeyboardInterrupt pending, and Python raises a SystemError from it."""
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt as ctrl_c:
        raise SystemError(
            "CPUDispatcher(<function raster_runs>) returned a result with an exception set"
        ) from ctrl_c


def test_ctrl_c_that_c_code_turned_into_another_error_is_still_ctrl_c(capsys):
    """Seen in 2 of 40 Ctrl-Cs while one core packed 13 cards: 'dobble-print: error: internal
    error (SystemError: CPUDispatcher(...raster_runs...) returned a result with an exception
    set); run again with --debug and report it'."""
    import typer

    with pytest.raises(typer.Exit) as stopped:
        run(_raster_runs_interrupted)
    assert stopped.value.exit_code == 130
    assert capsys.readouterr().err == "dobble-print: interrupted; nothing was written\n"


def test_an_error_of_its_own_is_still_an_internal_error(capsys):
    """Only an error raised from Ctrl-C is Ctrl-C: any other stays a bug to report."""
    import typer

    def work():
        raise SystemError("returned a result with an exception set")

    with pytest.raises(typer.Exit) as stopped:
        run(work)
    assert stopped.value.exit_code == 1
    assert "internal error (SystemError: " in capsys.readouterr().err
