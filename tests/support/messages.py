"""What the CLI prints for an engine error: the engine names the field, the CLI its flag."""

from __future__ import annotations

from dobble_print.cli.wording import error_line
from dobble_print.errors import DobbleError


def as_cli(exc: Exception) -> str:
    """The line after ``dobble-print: error:`` for ``exc``."""
    return error_line(exc) if isinstance(exc, DobbleError) else str(exc)


def cli_lines(notices) -> tuple[str, ...]:
    """What the CLI prints for each warning (after ``warning:``)."""
    from dobble_print.cli.wording import notice_line

    return tuple(map(notice_line, notices))
