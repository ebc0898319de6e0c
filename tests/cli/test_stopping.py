"""Ctrl-C where Python cannot raise it on: the command still stops, with its one line.

Run in a process of its own: the command's handling of Ctrl-C is process-wide (the handler, the
hook for exceptions nobody can catch), and a test process keeps its own.
"""

from __future__ import annotations

import os
import subprocess
import sys

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


def test_ctrl_c_in_a_callback_from_c_code_stops_the_command_in_one_line():
    """Python prints a KeyboardInterrupt raised in a function C code called ("Exception
    ignored on calling ctypes callback function", and its traceback) and goes on: a build
    interrupted while the JIT compiler called back finished, with the traceback."""
    done = subprocess.run(
        [sys.executable, "-c", _CALLBACK],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO), "LC_ALL": "C.UTF-8"},
    )
    assert (done.stdout, done.stderr) == ("", "dobble-print: interrupted; nothing was written\n")
    assert done.returncode == 130
