"""Ctrl-C on the command line: one line and exit code 130, never a traceback, whenever it comes.

While a command works (:func:`working`, around each pipeline call), Ctrl-C raises
KeyboardInterrupt as usual: the pipeline's ``finally`` blocks remove what was half written and
end the worker processes, and the error boundary (:func:`~dobble_print.cli.errors.run`) says the
line. Anywhere else (importing, reading the options, printing the summary) there is nothing to
undo, so the ``dobble-print`` command (:func:`quiet`) ends the process there at once with the
line; a program that imports the CLI keeps its own handler.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

from dobble_print import ENGLISH, N_, language_of_locale, said

__all__ = ["EXIT_CODE", "line", "quiet", "speak", "working", "written"]

EXIT_CODE = 130  # 128 + SIGINT, as a shell reports a process Ctrl-C ended

_state = {"written": False, "forks": False, "said": False}


def line(*, written: bool, lang: str) -> str:
    """What Ctrl-C says in ``lang``: that nothing was written, or that every file was, in
    full (outputs are put in place all at once)."""
    what = (
        N_("interrupted, after every file was written in full")
        if written
        else N_("interrupted; nothing was written")
    )
    return f"dobble-print: {said(what, lang)}"


# The line, made before it is needed: the handler only writes bytes (it may run in the middle of
# an import, so it imports nothing and reads no catalogue).
_said = {False: line(written=False, lang=ENGLISH), True: line(written=True, lang=ENGLISH)}


def speak(lang: str) -> None:
    """Say the line in ``lang`` from now on."""
    _said.update({w: line(written=w, lang=lang) for w in (False, True)})


def written() -> None:
    """The command's files are in place: a Ctrl-C from now on says so."""
    _state["written"] = True


def line_said() -> None:
    """Ctrl-C's line was said: the process is only ending now (see :func:`_unraisable`)."""
    _state["said"] = True


def quiet() -> None:
    """Outside :func:`working`, Ctrl-C ends this process at once with the line (the command
    calls it once, first thing). The worker processes forked from now on ignore Ctrl-C from
    their first instruction: it reaches every process of the terminal's group, and this one
    ends them."""
    signal.signal(signal.SIGINT, _stop)
    speak(language_of_locale(os.environ))  # until the command's --lang says another
    sys.unraisablehook = _unraisable
    if not _state["forks"] and hasattr(os, "register_at_fork"):  # not on Windows: no fork
        os.register_at_fork(after_in_child=_ignore)
        _state["forks"] = True


def _stop(signum: int, frame: FrameType | None) -> None:
    try:
        os.write(2, (_said[_state["written"]] + "\n").encode("utf-8", "replace"))
    finally:
        os._exit(EXIT_CODE)


def _ignore() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def working() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt inside the block (the handler before it is put back
    after); a process that ignores Ctrl-C (a background job) still does."""
    ignored = signal.getsignal(signal.SIGINT) in (signal.SIG_IGN, None)
    if ignored or threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """KeyboardInterrupt, except in the middle of the import system's own bookkeeping: raised
    there (in a lock's weakref callback), it is swallowed and can leave the import lock held,
    so that the next import in another thread waits forever. There it comes a moment later."""
    if frame is not None and frame.f_code.co_filename.startswith("<frozen importlib"):
        _again(signum)
        return
    raise KeyboardInterrupt


def _unraisable(unraisable: Any) -> None:
    """Ctrl-C raised where Python cannot pass an exception on (a finalizer, a function C code
    calls back, such as the JIT compiler's cache): sent again a moment later instead of
    printed ("Exception ignored ... Traceback") and lost; anything else as Python says it,
    until Ctrl-C's line was said. After it, an object Ctrl-C caught half made can fail as the
    process ends (llvmlite's PassBuilder, interrupted while numba compiled: its finalizer's
    AttributeError and traceback came after the line): nothing more is said."""
    if _state["said"]:
        return
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        _again(signal.SIGINT)
        return
    sys.__unraisablehook__(unraisable)


def _again(signum: int) -> None:
    again = threading.Timer(0.01, _send, (signum,))
    again.daemon = True
    again.start()


def _send(signum: int) -> None:
    if os.name == "nt":  # os.kill would end the process there
        signal.raise_signal(signum)
    else:  # to the process, not this thread: Linux hands it to the main thread, ending its wait
        os.kill(os.getpid(), signum)
