"""Progress bars (rich) on stderr for the pipeline's ``progress(stage, done, total)`` callback."""

from __future__ import annotations

import sys


class Bars:
    """A bar per pipeline stage, shown once the stage has work left.

    Shown only on a terminal and never with ``--quiet``; gone when the build ends.
    """

    LABELS = {
        "load": "Loading pictures",
        "layout": "Laying out cards",
        "render": "Writing PDF",
        "png": "Writing card PNGs",
        "shop": "Writing shop files",
    }

    def __init__(self, enabled: bool) -> None:
        self.progress = None
        self.tasks: dict[str, object] = {}
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
            self.tasks[stage] = self.progress.add_task(self.LABELS.get(stage, stage), total=total)
        self.progress.update(self.tasks[stage], completed=done, total=total)
