"""What a command that is about to load pictures starts before its own imports: the processes
that will draw its SVGs (:mod:`svg.worker`).

A drawing process takes ~0.15 s to start and load its renderer; the build's imports take ~0.35 s
on one core. Started by the command line as it starts, on the core its imports leave free, the
drawing processes are ready when the first SVG is asked for, and the classic deck is ~0.15 s
sooner. Only as many are started as the loading will use (:func:`drawers_for`), so a small folder
starts one, and a folder of photos none.

Light on purpose: this module imports neither numpy nor Pillow, which the command's own imports
load in the meantime.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from dobble_print.symbols.formats import PICTURE_SUFFIXES, SVG_SUFFIXES

# pictures: below this, starting the threads and their drawers costs more
LOAD_IN_PARALLEL_FROM = 16
LOADING_THREADS = 4  # decoding is light; more threads only cost memory (a drawing process each)


def loading_threads(pictures: int, cores: int | None = None) -> int:
    """Threads that load ``pictures`` (:mod:`symbols.loading`), on ``cores`` (this process's
    when None): one below :data:`LOAD_IN_PARALLEL_FROM`."""
    from dobble_print.parallel import worker_count

    return worker_count(
        pictures, parallel_from=LOAD_IN_PARALLEL_FROM, cap=LOADING_THREADS, workers=cores
    )


def drawers_for(pictures: int, svgs: int, cores: int) -> int:
    """Drawing processes the loading of ``pictures`` (``svgs`` of them SVGs) uses on ``cores``:
    one per loading thread that may draw, or one where a single thread loads."""
    return min(loading_threads(pictures, cores), svgs)


def pictures_in(paths: Sequence[str]) -> tuple[int, int]:
    """(pictures, SVGs) among ``paths`` and directly in the folders among them, counted until
    there are enough of both to choose (:data:`LOAD_IN_PARALLEL_FROM` pictures and
    :data:`LOADING_THREADS` SVGs). Subfolders are not looked into: it is a guess, which costs a
    drawing process started for nothing, or not started early, when it is wrong."""
    pictures = svgs = 0
    for path in paths:
        try:
            for name in _file_names(path):
                suffix = Path(name).suffix.lower()
                pictures += suffix in PICTURE_SUFFIXES
                svgs += suffix in SVG_SUFFIXES
                if pictures >= LOAD_IN_PARALLEL_FROM and svgs >= LOADING_THREADS:
                    return pictures, svgs
        except OSError:  # unreadable, or gone: the loading says so
            continue
    return pictures, svgs


def _file_names(path: str) -> Iterator[str]:
    """``path`` if it is a file, the names of the files directly in it if it is a folder, read
    one by one (a folder of thousands is read only as far as needed)."""
    if os.path.isdir(path):
        with os.scandir(path) as entries:
            yield from (entry.name for entry in entries if entry.is_file())
    elif os.path.isfile(path):
        yield path


def start_drawing(paths: Sequence[str], cores: int) -> None:
    """Start the drawing processes loading ``paths`` will use (see the module docstring)."""
    count = drawers_for(*pictures_in(paths), cores)
    if count:
        from dobble_print.symbols.svg.worker import start_drawers

        start_drawers(count)
