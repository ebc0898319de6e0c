"""Symbols kept between builds, and the cards laid out from them: a session of the app decodes
its pictures once, and re-lays only the cards that change.

A build from the same sources (the same files, unchanged), at the same size and with the same
symbol options, gets the symbols the last such build decoded, instead of decoding them again:
decoding is most of a warm rebuild's time (another seed, another card size with the same
symbol size, one card re-laid).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from dobble_print.symbols.loading import load_symbols
from dobble_print.symbols.sources import Source, Sources
from dobble_print.symbols.symbol import SymbolOptions, SymbolSet
from dobble_print.symbols.vocabulary.faces import load_faces
from dobble_print.symbols.vocabulary.rows import Face, Vocabulary

T = TypeVar("T")
KEPT = 4  # loads kept: enough for switching card sizes back and forth, bounded in memory


def _file(path: Path) -> tuple:
    """What makes a file the same next time: its path, size and time."""
    try:
        stat = path.stat()
    except OSError:
        return (str(path), None)
    return (str(path), stat.st_size, stat.st_mtime_ns)


def _identity(source: Source) -> tuple:
    """What makes a source the same next time: its word, or its file's path, size and time."""
    if source.word:
        return (source.word, str(source.path), source.line, source.library)
    return _file(source.path)


class SymbolCache:
    """The last few :func:`load_symbols` results, keyed by the sources and how they load, and
    the cards laid out from each (:meth:`kept_layouts`)."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple, SymbolSet] = OrderedDict()
        self._by_symbols: dict[int, tuple[SymbolSet, OrderedDict[tuple, dict], dict]] = {}
        self._lock = threading.Lock()

    def derived(self, symbols: SymbolSet, what: tuple, compute: Callable[[], T]) -> T:
        """``compute()``, or what it gave last time for ``symbols`` and ``what`` (how much of
        each symbol prints, which are faint on a card colour: the same for every build)."""
        with self._lock:
            known = self._of(symbols)[1]
        if what not in known:
            known[what] = compute()
        return known[what]

    def kept_layouts(self, symbols: SymbolSet, shaped_by: tuple) -> dict:
        """The card layouts kept for ``symbols`` laid out as ``shaped_by`` says (the deck's cards
        and the options that shape a layout), as ``{(card index, times reshuffled): layout}``;
        the caller adds the cards it lays out. Kept while ``symbols`` is."""
        with self._lock:
            by_key = self._of(symbols)[0]
            kept = by_key.setdefault(shaped_by, {})
            by_key.move_to_end(shaped_by)
            while len(by_key) > KEPT:
                by_key.popitem(last=False)
            return kept

    def _of(self, symbols: SymbolSet) -> tuple[OrderedDict, dict]:
        """The layouts and derived values kept for ``symbols`` (by identity)."""
        entry = self._by_symbols.get(id(symbols))
        if entry is None or entry[0] is not symbols:
            entry = (symbols, OrderedDict(), {})
            self._by_symbols[id(symbols)] = entry
        return entry[1], entry[2]

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
        return self._kept_or(
            key,
            lambda: load_symbols(
                sources, need=need, max_px=max_px, options=options, progress=progress
            ),
            progress,
        )

    def _kept_or(
        self,
        key: tuple,
        load: Callable[[], SymbolSet],
        progress: Callable[[int, int], None] | None,
    ) -> SymbolSet:
        """The symbols kept for ``key``, or ``load()``'s, kept (the last :data:`KEPT` loads)."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                if progress:
                    progress(len(kept.symbols), len(kept.symbols))
                return kept
        loaded = load()
        with self._lock:
            self._kept[key] = loaded
            while len(self._kept) > KEPT:
                _, gone = self._kept.popitem(last=False)
                self._by_symbols.pop(id(gone), None)
        return loaded

    def load_faces(
        self,
        vocabulary: Vocabulary,
        faces: tuple[Face, ...],
        *,
        need: int | None,
        max_px: int,
        options: SymbolOptions,
        progress: Callable[[int, int], None] | None = None,
    ) -> SymbolSet:
        """:func:`~dobble_print.symbols.vocabulary.faces.load_faces`, or what it returned last
        time for the same vocabulary (its file and its pictures unchanged) and arguments."""
        files = (_file(vocabulary.path), *map(_file, vocabulary.files))
        key = ("faces", files, vocabulary, faces, need, max_px, options)
        return self._kept_or(
            key,
            lambda: load_faces(
                vocabulary, faces, need=need, max_px=max_px, options=options, progress=progress
            ),
            progress,
        )
