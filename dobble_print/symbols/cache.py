"""Symbols kept between builds: a session of the app decodes its pictures once.

A build from the same sources (the same files, unchanged), at the same size and with the same
symbol options, gets the symbols the last such build decoded, instead of decoding them again:
decoding is most of a warm rebuild's time (another seed, another card size with the same
symbol size, one card re-laid).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from dobble_print.symbols.loading import SymbolOptions, SymbolSet, load_symbols
from dobble_print.symbols.sources import Source, Sources

KEPT = 4  # loads kept: enough for switching card sizes back and forth, bounded in memory


def _identity(source: Source) -> tuple:
    """What makes a source the same next time: its word, or its file's path, size and time."""
    if source.word:
        return (source.word, str(source.path), source.line)
    try:
        stat = source.path.stat()
    except OSError:
        return (str(source.path), None)
    return (str(source.path), stat.st_size, stat.st_mtime_ns)


class SymbolCache:
    """The last few :func:`load_symbols` results, keyed by the sources and how they load."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple, SymbolSet] = OrderedDict()
        self._lock = threading.Lock()

    def load(
        self,
        sources: Sources,
        *,
        need: int | None,
        max_px: int,
        options: SymbolOptions,
        progress: Callable[[int, int], None] | None = None,
    ) -> SymbolSet:
        """:func:`load_symbols`, or what it returned last time for the same arguments."""
        key = (tuple(_identity(s) for s in sources.items), sources.bad, need, max_px, options)
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                if progress:
                    progress(len(kept.symbols), len(kept.symbols))
                return kept
        loaded = load_symbols(sources, need=need, max_px=max_px, options=options, progress=progress)
        with self._lock:
            self._kept[key] = loaded
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return loaded
