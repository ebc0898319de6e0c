"""How the ``dobble-print`` command ends (:func:`dobble_print.__main__.run`): with the command's
exit code and all it said, its exit handlers run, and without tearing the interpreter down
(freeing a build's objects one by one took ~0.1 s of every command)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ICONS

ENDING = """
import atexit, sys, threading, time
import dobble_print.__main__ as command

class Kept:
    def __del__(self):  # run when Python tears the interpreter down, not when the system ends it
        print("torn down", flush=True)

kept = Kept()
done = threading.Event()
main = command.main
def main_then_done():
    try:
        main()
    finally:
        done.set()
command.main = main_then_done
def late():  # still running when the command is done: waited for, as Python's own ending does
    done.wait(10)
    time.sleep(0.2)
    print("thread finished")
threading.Thread(target=late).start()
atexit.register(lambda: print("exit handler ran"))  # not flushed: the ending flushes it
sys.argv = ["dobble-print", *sys.argv[1:]]
command.run()
"""


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (["plan", str(ICONS)], 0, "57 pictures"),
        (["build", str(ICONS), "--card-size", "nonsense"], 1, "is not a length"),
    ],
    ids=["done", "refused"],
)
def test_the_command_ends_with_its_code_its_output_and_exit_handlers_but_no_teardown(
    args, code, said
):
    done = subprocess.run(
        [sys.executable, "-c", ENDING, *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == code, done.stderr
    assert said in done.stdout + done.stderr
    assert done.stdout.endswith("thread finished\nexit handler ran\n")
    assert "torn down" not in done.stdout
