"""The command line (typer): parse, call one pipeline function, print a summary."""

from dobble_print.cli.app import app

__all__ = ["app"]
