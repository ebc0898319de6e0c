"""``python -m dobble_print`` and the ``dobble-print`` command: the CLI.

Ctrl-C ends the command with one line from its first moment. Importing the command line takes a
second or more (typer, numpy, the option table), and a KeyboardInterrupt raised inside an import
prints its traceback; so before anything else is imported, Ctrl-C ends the process at once with
the line (nothing has been written yet), in the locale's language. The CLI then takes over
(:mod:`dobble_print.cli.stopping`), in the command's ``--lang``.
"""

import os
import signal
import sys

_LINE = [b"dobble-print: interrupted; nothing was written\n"]


def _stop(signum, frame) -> None:
    try:
        os.write(2, _LINE[0])
    finally:
        os._exit(130)


def _start_drawing(args: list[str]) -> None:
    """A build's SVG drawing processes, started before the command line's own imports (~0.35 s)
    on the core they leave free, so that they are ready for its first SVG
    (:mod:`dobble_print.symbols.early`). Its pictures are guessed from the arguments that name
    files or folders; typer, imported next, reads them."""
    if not args or args[0] != "build" or {"-h", "--help"} & set(args):
        return
    from dobble_print.parallel import cores
    from dobble_print.symbols import start_drawing

    start_drawing(args[1:], cores())


def main() -> None:
    """Run the command line with the arguments of this process."""
    signal.signal(signal.SIGINT, _stop)
    from dobble_print import one_blas_thread

    one_blas_thread()  # before numpy is imported, here and in the drawing processes
    from dobble_print import N_, language_of_locale, said

    lang = language_of_locale(os.environ)
    _LINE[0] = f"dobble-print: {said(N_('interrupted; nothing was written'), lang)}\n".encode()
    from dobble_print import share_arenas

    share_arenas()  # before the stages' threads allocate
    _start_drawing(sys.argv[1:])
    from dobble_print.cli import app, stopping

    stopping.quiet()
    app(prog_name="dobble-print")


def run() -> None:
    """The ``dobble-print`` command: :func:`main`, then the process ends (this never returns)
    without tearing the interpreter down.

    Python ends by freeing every object a build made, one by one, and unloading its modules
    (~0.1 s of CPU and wall time), which the system does at once when the process ends. So once
    the command is done, as Python's own ending would, the threads still running are waited
    for, the exit handlers run (the drawing processes end) and the output is flushed; then the
    process ends with the command's exit code. A deck of three pictures, 5 pairs: 1.06 -> 0.96 s.
    :func:`main` itself ends as usual (tests and scripts call it and go on).
    """
    import atexit
    import contextlib
    import threading

    try:
        main()
        code: object = 0
    except SystemExit as stop:
        code = stop.code
    if code is None:
        code = 0
    elif not isinstance(code, int):  # as Python says a SystemExit's message
        print(code, file=sys.stderr)
        code = 1
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed pipe: nothing more can be said
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    run()
