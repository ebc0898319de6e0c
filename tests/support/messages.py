"""What the CLI prints for an engine error: the engine names the field, the CLI its flag."""

from __future__ import annotations

from dobble_print.cli.errors import flag
from dobble_print.errors import OptionError


def as_cli(exc: Exception) -> str:
    """The line after ``dobble-print: error:`` for ``exc``."""
    return f"{flag(exc.field)} {exc.problem}" if isinstance(exc, OptionError) else str(exc)
