"""``python -m dobble_print`` runs the CLI."""

from dobble_print.cli import app

app(prog_name="dobble-print")
