"""The command line as where no process can be forked (Windows): ``os.fork`` refused and
``multiprocessing`` offering only "spawn", so every stage spreads its work over threads. Only the
SVG drawing child is started (by ``subprocess``, which does not fork through ``os.fork``).

Usage: python bench/no_fork.py build ARGS...   (as ``python -m dobble_print build ARGS...``)
"""

from __future__ import annotations

import multiprocessing
import os
import sys


def _refused(*args, **kwargs):
    raise OSError("no fork here")


def main() -> None:
    os.fork = _refused
    multiprocessing.get_all_start_methods = lambda: ["spawn"]
    sys.argv = ["dobble-print", *sys.argv[1:]]
    from dobble_print.__main__ import run as cli

    cli()


if __name__ == "__main__":
    main()
