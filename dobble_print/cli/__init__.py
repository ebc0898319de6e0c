"""The command line (typer): parse, call one pipeline function, print a summary."""

from dobble_print.cli.commands import app

__all__ = ["app"]
