"""Progress bars (rich) on stderr for the pipeline's ``progress(stage, done, total)`` callback."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from dobble_print import N_
from dobble_print.cli.wording import say_in

if TYPE_CHECKING:  # rich loads only when the bars are shown
    from rich.progress import TaskID


def loading_noun(sources) -> str:
    """What the load bar says it loads, from the sources' kinds alone (no file is read):
    ``words`` for word lists, ``pictures`` for folders and pictures, else ``symbols``."""
    from dobble_print.symbols import VOCABULARY_SUFFIXES, WORD_SUFFIXES

    kinds = {p.suffix.lower() for p in sources}  # a folder holds pictures
    if kinds <= WORD_SUFFIXES:
        return "words"
    return "pictures" if kinds.isdisjoint(WORD_SUFFIXES | VOCABULARY_SUFFIXES) else "symbols"


class Bars:
    """A bar per pipeline stage, shown once the stage has work left.

    Shown only on a terminal and never with ``--quiet``; gone when the build ends.
    """

    LABELS = {
        "load": N_("Loading pictures"),
        "layout": N_("Laying out cards"),
        "render": N_("Writing PDF"),
        "png": N_("Writing card PNGs"),
        "shop": N_("Writing shop files"),
    }
    LOADING = {
        "pictures": N_("Loading pictures"),
        "words": N_("Loading words"),
        "symbols": N_("Loading symbols"),
    }

    def __init__(self, enabled: bool, *, loading: str = "pictures") -> None:
        self.progress = None
        labels = {**self.LABELS, "load": self.LOADING[loading]}
        self.labels = {stage: say_in(label) for stage, label in labels.items()}
        self.tasks: dict[str, TaskID] = {}
        if enabled and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            self.progress = Progress(
                TextColumn("{task.description:<18}"),
                BarColumn(),
                MofNCompleteColumn(),
                console=Console(stderr=True),
                transient=True,
            )

    def __enter__(self) -> Bars:
        if self.progress is not None:
            self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self.progress is None:
            return
        if stage not in self.tasks:
            self.tasks[stage] = self.progress.add_task(self.labels.get(stage, stage), total=total)
        self.progress.update(self.tasks[stage], completed=done, total=total)
