"""The typer app and its commands: build and preview parse their options, call one pipeline
function and print what it made; plan and deck ask the deck functions."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from dobble_print import N_, PLAN_LISTED, Nn_, options_for
from dobble_print.cli.errors import fail, run, say, show_tracebacks
from dobble_print.cli.options import card_options, table_options
from dobble_print.cli.progress import Bars, loading_noun
from dobble_print.cli.summary import summarise
from dobble_print.cli.wording import say_in, speak, spoken, typed_lang, warning_line
from dobble_print.errors import DobbleError, Interrupted

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Turn a folder of pictures into a print-ready PDF of Spot it!/Dobble cards.",
)


class _Command(TyperCommand):
    """A command whose help names each argument by its metavar alone (typer would add the
    Python type: ``N <int>``, ``FOLDER|FILE <list[Path]>``)."""

    # options a command accepts (a build's command line works unchanged) but does not list
    unlisted: frozenset[str] = frozenset()

    # typer hands its own Context (the base class names click's, vendored in a private module)
    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        """typer's own parsing; a value of the wrong kind is one plain line, as any mistake
        is (typer would print its usage and "Invalid value for '--seed': 'abc' is not a valid
        int.").
        The command speaks the ``--lang`` it is given from here on."""
        speak(typed_lang(args))
        try:
            return super().parse_args(ctx, args)
        except typer.BadParameter as exc:
            line = _bad_value(exc, args)
            if line is None:
                raise
            fail(line)

    def _listed(self, ctx: typer.Context) -> list[bool]:
        return [
            p.name not in self.unlisted
            for p in self.get_params(ctx)
            if p.param_type_name != "argument" and p.get_help_record(ctx) is not None
        ]

    # typer hands its own Context (the base class names click's, vendored in a private module)
    def format_options(self, ctx: typer.Context, formatter: Any) -> None:  # type: ignore[override]
        arguments, options = [], []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name != "argument":
                options.append(record)
            elif param.metavar:
                arguments.append((param.metavar + ("..." if param.nargs != 1 else ""), record[1]))
            else:
                arguments.append(record)
        options = [r for r, p in zip(options, self._listed(ctx), strict=True) if p]
        for title, records in (("Arguments", arguments), ("Options", options)):
            if records:
                with formatter.section(title):
                    formatter.write_dl(records)


def _bad_value(exc: typer.BadParameter, args: list[str]) -> str | None:
    """The line for an option's value that is not a number where one is wanted, with the flag
    as typed; None for anything else (typer says it). The table's options are read as text and
    checked by their own readers (:mod:`options.reading`): only typer's own whole numbers and
    numbers (``--seed``, ``--card``, ``--dpi``, ``--port``, ``deck``'s N) come here, as
    typer's ``'abc' is not a valid int.``"""
    param = exc.param
    found = _NOT_VALID.match(str(exc.message))
    if param is None or found is None:
        return None
    value = ast.literal_eval(found["value"])
    typed = [o for o in param.opts if any(a == o or a.startswith(o + "=") for a in args)]
    argument = param.param_type_name == "argument"
    flag = (
        param.metavar or (param.name or "").upper() if argument else (typed or list(param.opts))[0]
    )
    if found["kind"] == "int":
        return say_in(N_("{flag} {value!r} is not a whole number", flag=flag, value=value))
    return say_in(N_("{flag} {value!r} is not a number", flag=flag, value=value))


# typer's words for a value that is not a number: the value as Python writes it, and the kind
_NOT_VALID = re.compile(
    r"""(?P<value>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*") is not a valid """
    r"(?P<kind>int|float)\.$"
)


class _PlanCommand(_Command):
    """plan's help leaves out the options that change nothing in a plan (where and how the
    cards are printed); plan still takes them, so build's command line works as it is."""

    unlisted = frozenset(o.name for o in options_for("plan") if o.group not in PLAN_LISTED)


def _print_version(value: bool) -> None:
    """Eager ``--version``: print and stop before any command is needed."""
    if value:
        from dobble_print import __version__

        say(f"dobble-print {__version__}")
        raise typer.Exit(0)


@app.callback()
def main(
    debug: Annotated[
        bool, typer.Option("--debug", help="Show tracebacks of internal errors.")
    ] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=_print_version, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Turn a folder of pictures into a print-ready PDF of Spot it!/Dobble cards."""
    show_tracebacks(debug)
    speak()  # the locale's language, until a command's --lang says another


Seed = Annotated[
    int | None,
    typer.Option(
        "--seed",
        metavar="N",
        help="Random seed for the layout (default: drawn from the pictures and the options that "
        "shape the deck, so build and preview of the same pictures draw the same deck).",
    ),
]


def _output(path: Path, suffix: str, command: str) -> tuple[Path, str]:
    """``-o`` with the suffix of what ``command`` writes: added when the name has none (and
    said, as ``" (.pdf added)"``), refused when it is another (a PDF named deck.png would open
    in no picture viewer)."""
    if path.suffix.lower() == suffix or path.is_dir():  # a folder: the writer says so
        return path, ""
    if not path.suffix:
        return path.with_name(path.name + suffix), say_in(N_(" ({suffix} added)", suffix=suffix))
    kind = suffix.lstrip(".").upper()
    raise DobbleError(
        N_(
            "-o {path}: {command} writes a {kind}; name it {name}",
            path=str(path),
            command=command,
            kind=kind,
            name=str(path.with_suffix(suffix)),
        )
    )


# A shop die's shape, as the line about it names it.
_SHAPES = {
    "round": N_("round"),
    "hexagon": N_("hexagon"),
    "square": N_("square"),
    "rounded": N_("rounded square"),
}


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether the option ``name`` was typed on the command line (not a default or a preset's)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


@app.command(cls=_Command)
@table_options("build")
def build(
    ctx: typer.Context,
    output: Annotated[
        Path, typer.Option("-o", "--output", metavar="FILE", help="PDF to write.")
    ] = Path("out/deck.pdf"),
    seed: Seed = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars.")] = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Name every picture used or unused.")
    ] = False,
    *,
    card_fields: dict[str, Any],
) -> None:
    """Build a printable PDF deck from folders of pictures, word lists or a vocabulary file.

    Without -n the deck with the most cards the pictures allow is chosen, and the summary says
    what more pictures would give. In a vocabulary file (.csv or .tsv: a header row naming
    the columns, then one row per symbol) each symbol has several faces, a picture and its
    word say: two cards may share it as the cherries on one and "cherries" on the other.
    Print the PDF at 100 % (actual size).

    Examples:

      dobble-print build photos/ -o deck.pdf --paper letter --seed 7

      dobble-print build photos/ -o deck.pdf --preset classic

      dobble-print build icons/ -o small.pdf -n 6 --card-size 70mm

      dobble-print build photos/ words.txt icons/ -o mixed.pdf --photo-shape rounded

      dobble-print build vocabulary.csv -o vocabulary.pdf --faces picture,word
    """
    from dobble_print import BuildOptions
    from dobble_print.pipeline import build as build_pdf
    from dobble_print.pipeline import build_ladder, default_seed, rung_path

    drawn = seed is None
    output, added = run(lambda: _output(output, ".pdf", "build"))
    from dobble_print.layout import packer_cached

    if not quiet and not packer_cached():
        say(
            say_in(N_("preparing the fast packer, once (about 20 s; later builds start at once)")),
            err=True,
        )

    def make():
        options = BuildOptions(
            **card_fields,
            output=output,
            seed=default_seed(BuildOptions(**card_fields, output=output, seed=0))
            if seed is None
            else seed,
        )
        built = []
        try:
            with Bars(not quiet, loading=loading_noun(options.sources)) as bars:
                if options.ladder:  # three decks beside the output, each built whole
                    built.append(build_ladder(options, progress=bars))
                else:
                    built.append((build_pdf(options, progress=bars),))
        except KeyboardInterrupt:
            if built:  # Ctrl-C as the bars closed: the files are all in place
                raise Interrupted(written=True) from None
            raise
        return built[0], options.seed

    results, seed = run(make, writes=True)
    result = results[-1]
    if drawn:  # said once the build worked, so an error stays the only line
        kinds = {s.kind for s in result.symbols}
        pictures = kinds <= {"image", "labelled"}
        what = (
            N_("no seed given, using --seed {seed} (from the words and options)", seed=seed)
            if kinds == {"word"}
            else N_("no seed given, using --seed {seed} (from the pictures and options)", seed=seed)
            if pictures
            else N_("no seed given, using --seed {seed} (from the symbols and options)", seed=seed)
        )
        say(say_in(what), err=True)
    profile = card_fields.get("shop_profile")
    if profile is not None and profile.card is not None and not quiet:  # a preset's size gave way
        kind = {"circle": "round"}.get(profile.card.kind.value, profile.card.kind.value)
        say(
            say_in(
                N_(
                    "cards: {kind}, {size:g} mm, the die of the {profile} profile (the deck is "
                    "laid out at that size)",
                    kind=_SHAPES[kind],
                    size=float(profile.card.size),
                    profile=profile.name,
                )
            )
        )
    if len(results) == 1 and not card_fields.get("ladder"):
        summarise(result, seed=seed, output=output, verbose=verbose, added=added)
        return
    for rung in results:  # a ladder: each deck's summary, named by its own PDF
        n = rung.deck.symbols_per_card
        summarise(rung, seed=seed, output=rung_path(output, n), verbose=verbose, added=added)


@app.command(cls=_Command)
@card_options
def preview(
    ctx: typer.Context,
    output: Annotated[
        Path, typer.Option("-o", "--output", metavar="FILE", help="PNG to write.")
    ] = Path("out/card.png"),
    card: Annotated[
        int, typer.Option("--card", metavar="N", help="Which card, counting from 1.")
    ] = 1,
    sheet: Annotated[
        int | None,
        typer.Option(
            "--sheet", metavar="N", help="Draw this whole sheet (from 1) instead of a card."
        ),
    ] = None,
    seed: Seed = None,
    dpi: Annotated[int, typer.Option("--dpi", metavar="DPI", help="Resolution of the PNG.")] = 150,
    *,
    card_fields: dict[str, Any],
) -> None:
    """Draw one card (or one sheet) as a PNG to check the look before printing.

    It takes build's options that change how a card looks; the same sources, options and --seed
    as build give the same card as in the PDF.

    Examples:

      dobble-print preview photos/ --card 3 -o card3.png --seed 7

      dobble-print preview photos/ --sheet 1 -o sheet1.png --paper letter --preset junior
    """
    from dobble_print import BuildOptions
    from dobble_print.pipeline import default_seed, draw_preview

    output, added = run(lambda: _output(output, ".png", "preview"))
    if sheet is not None and _given(ctx, "card"):  # which one was meant? refused, not guessed
        fail(
            say_in(
                N_(
                    "--card {card} and --sheet {sheet} cannot go together; give --card N for one "
                    "card or --sheet N for a whole sheet",
                    card=card,
                    sheet=sheet,
                )
            )
        )

    def make() -> int:
        options = BuildOptions(**card_fields, output=output, seed=seed or 0)
        if seed is None:
            options = dataclasses.replace(options, seed=default_seed(options))
        draw_preview(options, card=None if sheet is not None else card, sheet=sheet, dpi=dpi)
        return options.seed

    used = run(make, writes=True)
    what = N_("sheet {n}", n=sheet) if sheet is not None else N_("card {n}", n=card)
    said = N_("{what}, seed {seed} -> {output}", what=what, seed=used, output=str(output))
    say(say_in(said) + added)


@app.command(cls=_PlanCommand)
@table_options("plan")
def plan(*, card_fields: dict[str, Any]) -> None:
    """Say which decks your pictures can make, and which one build will make.

    It takes build's sources and options, and checks the pictures as build does (duplicates,
    broken files), so the count it gives is the deck build makes. A number instead of sources
    lists what that many pictures would allow. Options that change only how the cards print
    (--paper, --margin, --bleed, --rotation…) are taken and not listed here.

    Examples:

      dobble-print plan photos/

      dobble-print plan photos/ words.txt -n 8

      dobble-print plan 50
    """
    sources = card_fields["sources"]
    if len(sources) == 1 and sources[0].name.isdigit() and not sources[0].exists():
        _plan_count(int(sources[0].name))
        return
    from dobble_print import BuildOptions
    from dobble_print.deck import counted
    from dobble_print.pipeline import plan as plan_deck

    options = BuildOptions(**card_fields, output=Path("deck.pdf"), seed=0)
    if options.theme is not None:
        _say_themes(options.theme)
    planned = run(lambda: plan_deck(options))
    noun = planned.noun
    dropped = planned.found - planned.usable
    why = (
        N_(" ({dropped} not used: duplicates or files that cannot be read)", dropped=dropped)
        if dropped
        else ""
    )
    searched = N_(" ({searched})", searched=planned.searched) if planned.searched else ""
    for warning in planned.warnings:
        say(warning_line(warning), err=True)
    say(say_in(N_("{some}{why}{searched}:", some=counted(planned.usable, noun), why=why,
                  searched=searched)))  # fmt: skip
    n = planned.deck.symbols_per_card
    mark = say_in(N_("  <- build's choice"))
    for option in planned.choices:
        say(f"  {say_in(option.phrase(noun))}{mark if option.symbols_per_card == n else ''}")
    count = len(planned.deck.cards)
    say(say_in(Nn_("build makes {count} card of {n} symbols.",
                   "build makes {count} cards of {n} symbols.", count, n=n)))  # fmt: skip
    _say_beyond_default(planned, card_fields["symbols_per_card"])
    _say_drawn(planned.drawn)


def _say_drawn(drawn: tuple[tuple[str, str, tuple[str, ...]], ...]) -> None:
    """With --illustrate, the picture each word gets, and the others that fit: the names to
    write as word=picture-name in the list to choose another."""
    if not drawn:
        return
    say(say_in(N_("Pictures for the words (write word=picture-name in the list for another):")))
    for word, name, others in drawn:
        line = N_("  {word}: {name}", word=word, name=name)
        if others:
            line = N_("{line} (or: {others})", line=say_in(line), others=", ".join(others[:4]))
        say(say_in(line))


def _say_themes(chosen: str) -> None:
    """``plan --theme``: every theme of the bundled pictures, named in the command's language,
    with its pictures and the deck build makes of it; then the plan of the one chosen."""
    from dobble_print import BY_NAME, words
    from dobble_print.deck import counted
    from dobble_print.pipeline import theme_sizes

    names = BY_NAME["theme"].choices
    say(say_in(N_("Themes of the bundled pictures (--theme NAME):")))
    mark = say_in(N_("  <- this plan"))
    for size in theme_sizes():
        line = N_(
            "{theme} ({name}): {pictures}, a deck of {cards} cards of {n}",
            theme=size.id,
            name=words(spoken()).gettext(names[size.id]),
            pictures=counted(size.pictures, "pictures"),
            cards=size.cards,
            n=size.symbols_per_card,
        )
        say(f"  {say_in(line)}{mark if size.id == chosen else ''}")


def _say_beyond_default(planned, asked: int | None) -> None:
    """When the sources allow decks of more symbols a card than build chooses by itself: which,
    and that ``-n`` asks for them."""
    from dobble_print.deck import MOST_BY_DEFAULT

    larger = [o.symbols_per_card for o in planned.choices if o.symbols_per_card > MOST_BY_DEFAULT]
    if asked is None and larger:
        sizes = (
            say_in(N_("{low} to {high}", low=f"-n {larger[0]}", high=f"-n {larger[-1]}"))
            if len(larger) > 1
            else f"-n {larger[0]}"
        )
        say(
            say_in(
                Nn_(  # the count is the sizes named: "-n 14 asks", "-n 9 to -n 14 ask"
                    "{most} per card is the most build chooses (the largest deck people play); "
                    "{sizes} asks for more, with smaller pictures.",
                    "{most} per card is the most build chooses (the largest deck people play); "
                    "{sizes} ask for more, with smaller pictures.",
                    len(larger),
                    most=MOST_BY_DEFAULT,
                    sizes=sizes,
                )
            )
        )


def _plan_count(pictures: int) -> None:
    """``plan 50``: the decks that many pictures allow."""
    from dobble_print.deck import choose_option, counted, deck_options

    options = run(lambda: deck_options(pictures, larger=2))
    chosen = run(lambda: choose_option(pictures))
    say(say_in(N_("{some}:", some=counted(pictures, "pictures"))))
    mark = say_in(N_("  <- build's choice"))
    for option in options:
        say(f"  {say_in(option.phrase())}{mark if option == chosen else ''}")


@app.command("app", cls=_Command)
def start_app(
    port: Annotated[
        int, typer.Option("--port", metavar="N", help="Port on 127.0.0.1 (default: a free one).")
    ] = 0,
    no_browser: Annotated[
        bool, typer.Option("--no-browser", help="Only print the address; open no browser.")
    ] = False,
) -> None:
    """Make a deck in the browser: a page on this computer to add pictures or words, choose,
    check every sheet and download the PDF.

    It prints the page's address (with its secret key) and opens it in the default browser;
    Ctrl-C stops it and removes every picture and deck it stored.

    Example:

      dobble-print app
    """
    from dobble_print.app import serve

    run(lambda: serve(port=port, open_browser=not no_browser, announce=typer.echo))


@app.command(cls=_Command)
def deck(
    symbols_per_card: Annotated[int, typer.Argument(metavar="N", help="Symbols per card.")],
    cards: Annotated[
        int | None, typer.Option("--cards", metavar="K", help="Keep only the first K cards.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of lines.")] = False,
) -> None:
    """Print a deck as numbers (for developers).

    The deck with N symbols per card, one card per line, its symbols numbered from 0; for a size
    no plane has (7, 11, …), the small deck with every symbol on two cards.

    Example: dobble-print deck 8 --cards 55
    """
    from dobble_print.deck import MAX_PAIR_SIZE, build_deck, build_pair_deck, take_cards
    from dobble_print.deck import supported_sizes as planes

    def make():
        pairs = symbols_per_card not in planes() and 2 < symbols_per_card <= MAX_PAIR_SIZE
        d = (build_pair_deck if pairs else build_deck)(symbols_per_card)
        return take_cards(d, cards) if cards is not None else d

    d = run(make)
    if as_json:
        say(json.dumps({"symbols_per_card": d.symbols_per_card, "cards": d.cards}))
    else:
        sys.stdout.write("".join(" ".join(map(str, c)) + "\n" for c in d.cards))
