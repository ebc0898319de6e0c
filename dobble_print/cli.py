"""The command line: parses options and units, calls one pipeline function, prints a summary.

The only module that imports typer and the only one that prints. A :class:`DobbleError` becomes one
line on stderr and exit code 1; anything else is a bug and shows a traceback only with ``--debug``.
"""

from __future__ import annotations

import json
import secrets
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from dobble_print.errors import DobbleError
from dobble_print.resources import default_icons
from dobble_print.units import PAPERS, parse_length, parse_paper

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Turn a folder of pictures into a print-ready PDF of Spot it!/Dobble cards.",
)

_state = {"debug": False}
T = TypeVar("T")


def _fail(message: str) -> None:
    typer.echo(f"dobble-print: error: {message}", err=True)
    raise typer.Exit(1)


def _run(action: Callable[[], T]) -> T:
    """The single error boundary: user errors as one line, bugs as one line unless --debug."""
    try:
        return action()
    except DobbleError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        typer.echo("dobble-print: interrupted; nothing was written", err=True)
        raise typer.Exit(130) from None
    except Exception as exc:  # a bug: say so briefly, show the trace on request
        if _state["debug"]:
            traceback.print_exc()
        _fail(f"internal error ({type(exc).__name__}: {exc}); run again with --debug and report it")
    raise AssertionError("unreachable")


@app.callback()
def main(
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks of internal errors.")] = False,
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False,
) -> None:
    """Turn a folder of pictures into a print-ready PDF of Spot it!/Dobble cards."""
    _state["debug"] = debug
    if version:
        from dobble_print import __version__

        typer.echo(f"dobble-print {__version__}")
        raise typer.Exit(0)


@app.command()
def deck(
    symbols_per_card: Annotated[int, typer.Argument(metavar="N", help="Symbols per card.")],
    cards: Annotated[int | None, typer.Option("--cards", help="Keep only the first K cards.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of lines.")] = False,
) -> None:
    """Print the cards of a deck with N symbols per card, one card per line.

    Example: dobble-print deck 8 --cards 55
    """
    from dobble_print.deck import build_deck, take_cards

    def make():
        d = build_deck(symbols_per_card)
        return take_cards(d, cards) if cards is not None else d

    d = _run(make)
    if as_json:
        typer.echo(json.dumps({"symbols_per_card": d.symbols_per_card, "cards": d.cards}))
    else:
        sys.stdout.write("".join(" ".join(map(str, c)) + "\n" for c in d.cards))


@app.command()
def build(
    source: Annotated[
        Path | None, typer.Argument(help="Folder of pictures (default: the bundled icons).")
    ] = None,
    output: Annotated[Path, typer.Option("-o", "--output", help="PDF to write.")] = Path(
        "out/deck.pdf"
    ),
    symbols_per_card: Annotated[
        int | None, typer.Option("-n", "--symbols-per-card", help="Symbols per card.")
    ] = None,
    cards: Annotated[int | None, typer.Option("--cards", help="Print only K cards.")] = None,
    paper: Annotated[
        str, typer.Option("--paper", help=f"{', '.join(PAPERS)} or WxH like 210x297mm.")
    ] = "a4",
    card_size: Annotated[
        str, typer.Option("--card-size", help="Card diameter, e.g. 85mm, 8.5cm, 3.3in.")
    ] = "85mm",
    seed: Annotated[int | None, typer.Option("--seed", help="Random seed for the layout.")] = None,
    report: Annotated[
        Path | None, typer.Option("--report", help="Also write a JSON report here.")
    ] = None,
) -> None:
    """Build a printable PDF deck from a folder of pictures.

    Example: dobble-print build photos/ -o deck.pdf --paper letter --seed 7
    """
    from dobble_print.pipeline import BuildOptions, build as build_pdf

    if seed is None:
        seed = secrets.randbelow(1_000_000)
        typer.echo(f"no seed given, using --seed {seed}", err=True)

    def make():
        options = BuildOptions(
            source=source if source is not None else default_icons(),
            output=output,
            seed=seed,
            symbols_per_card=symbols_per_card,
            cards=cards,
            paper=parse_paper(paper),
            card_diameter=parse_length(card_size, option="--card-size"),
            report=report,
        )
        return build_pdf(options)

    result = _run(make)
    d, plan = result.deck, result.plan
    typer.echo(
        f"{len(d.cards)} cards, {d.symbols_per_card} symbols per card, "
        f"{plan.sheet_count} pages, seed {seed} -> {output}"
    )
    if result.unused:
        names = ", ".join(p.name for p in result.unused)
        typer.echo(f"unused pictures ({len(result.unused)}): {names}")
