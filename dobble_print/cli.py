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
from enum import StrEnum
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from dobble_print.card_shape import ShapeKind
from dobble_print.errors import DobbleError
from dobble_print.resources import default_icons
from dobble_print.symbols import Background, PhotoShape, SymbolOptions
from dobble_print.units import (
    PAPERS,
    parse_color,
    parse_cut_guides,
    parse_length,
    parse_offset,
    parse_paper,
)

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Turn a folder of pictures into a print-ready PDF of Spot it!/Dobble cards.",
)

_state = {"debug": False}


class Variant(StrEnum):
    """Game variants with their own card borders."""

    CONNECT = "connect"


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


def _print_version(value: bool) -> None:
    """Eager ``--version``: print and stop before any command is needed."""
    if value:
        from dobble_print import __version__

        typer.echo(f"dobble-print {__version__}")
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
    _state["debug"] = debug


# Options of build that do not change how a card looks: a preset may set them, preview skips them.
_BUILD_ONLY = frozenset(
    {
        "report",
        "png_dir",
        "shop",
        "backs",
        "back_image",
        "duplex",
        "back_offset",
        "no_cover",
        "quiet",
        "verbose",
    }
)


def _apply_preset(ctx: typer.Context, param: object, value: str | None) -> str | None:
    """Eager ``--preset``: its values become the defaults of the other options (click's
    ``default_map``), so anything given on the command line still wins."""
    if value is None or ctx.resilient_parsing:
        return value
    from dobble_print.presets import load_preset

    own = {p.name for p in ctx.command.params if p.name and p.name != "preset"}
    values = _run(lambda: load_preset(value, known=own | _BUILD_ONLY))
    ctx.default_map = {**(ctx.default_map or {}), **{k: v for k, v in values.items() if k in own}}
    return value


class _Bars:
    """Progress bars on stderr for the pipeline's ``progress(stage, done, total)`` callback.

    Shown only on a terminal and never with ``--quiet``; a bar appears once a stage has work left.
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

    def __enter__(self) -> _Bars:
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


# Options that build and preview share, declared once: preview must accept every option that
# changes how a card looks, or "the same options give the same card" would not hold.
Sources = Annotated[
    list[Path] | None,
    typer.Argument(
        help="Folders of pictures, pictures, or .txt files of words (one per line), merged "
        "in order (default: the bundled icons)."
    ),
]
SymbolsPerCard = Annotated[
    int | None, typer.Option("-n", "--symbols-per-card", help="Symbols per card.")
]
Cards = Annotated[int | None, typer.Option("--cards", help="Print only K cards.")]
Paper = Annotated[str, typer.Option("--paper", help=f"{', '.join(PAPERS)} or WxH like 210x297mm.")]
CardSize = Annotated[
    str, typer.Option("--card-size", help="Card diameter, e.g. 85mm, 8.5cm, 3.3in.")
]
Preset = Annotated[
    str | None,
    typer.Option(
        "--preset",
        is_eager=True,
        callback=_apply_preset,
        help="Option values from a preset (classic, junior, toddler, mini, connect) or a .toml "
        "file; options given on the command line win.",
    ),
]
Shape = Annotated[
    ShapeKind,
    typer.Option(
        "--shape",
        help="Card shape; --card-size is then the square's side or the "
        "hexagon's width across its flats.",
    ),
]
VariantOption = Annotated[
    Variant | None,
    typer.Option(
        "--variant",
        help="connect: 10 black-bordered starting cards and four "
        "teams of 20 in pink, orange, green and blue, symbols at least 5 mm inside the "
        "cut (--preset connect sets it).",
    ),
]
Margin = Annotated[str, typer.Option("--margin", help="Printable margin kept clear on every side.")]
CutGuides = Annotated[
    str, typer.Option("--cut-guides", help="circle,ticks (default), circle, ticks or none.")
]
CardColor = Annotated[
    str, typer.Option("--card-color", help="Card background: white, cream, … or #rrggbb.")
]
Bleed = Annotated[
    str, typer.Option("--bleed", help="Run the card colour this far past the cut line.")
]
SafeMargin = Annotated[
    str, typer.Option("--safe-margin", help="Keep symbols this far inside the cut line.")
]
Clearance = Annotated[str, typer.Option("--clearance", help="Least gap between two symbols.")]
Rotation = Annotated[
    float,
    typer.Option(
        "--rotation",
        metavar="DEG",
        help="Largest tilt of any symbol, degrees "
        "(pictures turn freely, words up to 25; 0 keeps all upright).",
    ),
]
BackgroundOption = Annotated[
    Background,
    typer.Option(
        "--background",
        help="remove: plain backgrounds around drawings, clip art and product shots become "
        "transparent (photos stay whole); keep: leave every picture whole.",
    ),
]
PhotoShapeOption = Annotated[
    PhotoShape, typer.Option("--photo-shape", help="How photos (no plain background) are cut.")
]
FontOption = Annotated[
    Path | None,
    typer.Option(
        "--font",
        help="TrueType font (.ttf/.otf) for words in scripts the bundled DejaVu Sans lacks.",
    ),
]
SkipBad = Annotated[
    bool, typer.Option("--skip-bad", help="Build from the readable files, skipping bad ones.")
]


def _card_options(
    *,
    sources,
    symbols_per_card,
    cards,
    paper,
    card_size,
    shape,
    variant,
    margin,
    cut_guides,
    card_color,
    bleed,
    safe_margin,
    clearance,
    rotation,
    background,
    photo_shape,
    font,
    skip_bad,
) -> dict:
    """The shared options parsed into :class:`BuildOptions` fields (mm, RGB, enums)."""
    return dict(
        sources=tuple(sources) if sources else (default_icons(),),
        symbol_options=SymbolOptions(background, photo_shape, font, skip_bad),
        symbols_per_card=symbols_per_card,
        cards=cards,
        paper=parse_paper(paper),
        card_diameter=parse_length(card_size, option="--card-size"),
        shape=shape,
        variant=variant.value if variant else None,
        margin=parse_length(margin, option="--margin"),
        bleed=parse_length(bleed, option="--bleed"),
        safe_margin=parse_length(safe_margin, option="--safe-margin"),
        clearance=parse_length(clearance, option="--clearance"),
        max_rotation=_rotation(rotation),
        cut_guides=parse_cut_guides(cut_guides),
        card_color=parse_color(card_color, option="--card-color"),
    )


@app.command()
def deck(
    symbols_per_card: Annotated[int, typer.Argument(metavar="N", help="Symbols per card.")],
    cards: Annotated[
        int | None, typer.Option("--cards", help="Keep only the first K cards.")
    ] = None,
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


def _rotation(degrees: float) -> float:
    if not 0 <= degrees <= 180:
        raise DobbleError(
            f"--rotation {degrees:g} is out of range; give 0 (upright) to 180 degrees"
        )
    return degrees


def _duplex(text: str):
    from dobble_print.sheet import Duplex

    try:
        return Duplex(text.strip().lower())
    except ValueError:
        raise DobbleError(f"--duplex {text!r} is not a choice; use long or short") from None


@app.command()
def build(
    sources: Sources = None,
    output: Annotated[Path, typer.Option("-o", "--output", help="PDF to write.")] = Path(
        "out/deck.pdf"
    ),
    symbols_per_card: SymbolsPerCard = None,
    cards: Cards = None,
    paper: Paper = "a4",
    card_size: CardSize = "85mm",
    seed: Annotated[int | None, typer.Option("--seed", help="Random seed for the layout.")] = None,
    report: Annotated[
        Path | None, typer.Option("--report", help="Also write a JSON report here.")
    ] = None,
    preset: Preset = None,
    png_dir: Annotated[
        Path | None, typer.Option("--png-dir", help="Also write every card as a 300 dpi PNG here.")
    ] = None,
    shape: Shape = ShapeKind.CIRCLE,
    variant: VariantOption = None,
    shop: Annotated[
        Path | None,
        typer.Option(
            "--shop",
            metavar="DIR",
            help="Also write print-shop files here: one card "
            "per PDF page with trim/bleed boxes and a CutContour path, backs, PNGs.",
        ),
    ] = None,
    margin: Margin = "5mm",
    cut_guides: CutGuides = "circle,ticks",
    card_color: CardColor = "white",
    bleed: Bleed = "0mm",
    safe_margin: SafeMargin = "3mm",
    clearance: Clearance = "1mm",
    rotation: Rotation = 180.0,
    backs: Annotated[
        bool,
        typer.Option("--backs", help="Print card backs (the bundled design) after each sheet."),
    ] = False,
    back_image: Annotated[
        Path | None, typer.Option("--back-image", help="Picture for the backs (implies --backs).")
    ] = None,
    duplex: Annotated[
        str, typer.Option("--duplex", help="Printer flips the sheet on its long or short edge.")
    ] = "long",
    back_offset: Annotated[
        str, typer.Option("--back-offset", help="Move the backs by X,Y mm to correct a printer.")
    ] = "0,0",
    no_cover: Annotated[
        bool, typer.Option("--no-cover", help="Leave out the cover page (instructions, key).")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars.")] = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Name every picture used or unused.")
    ] = False,
    background: BackgroundOption = Background.REMOVE,
    photo_shape: PhotoShapeOption = PhotoShape.RECT,
    font: FontOption = None,
    skip_bad: SkipBad = False,
) -> None:
    """Build a printable PDF deck from a folder of pictures.

    Without -n the deck with the most cards the pictures allow is chosen, and the summary says
    what more pictures would give. Print the PDF at 100 % (actual size).

    Examples:

      dobble-print build photos/ -o deck.pdf --paper letter --seed 7

      dobble-print build photos/ -o deck.pdf --preset classic

      dobble-print build icons/ -o small.pdf -n 6 --card-size 70mm

      dobble-print build photos/ words.txt icons/ -o mixed.pdf --photo-shape rounded
    """
    from dobble_print.backs import default_back
    from dobble_print.pipeline import BuildOptions
    from dobble_print.pipeline import build as build_pdf

    chosen_seed = seed is None
    if seed is None:
        seed = secrets.randbelow(1_000_000)

    def make():
        options = BuildOptions(
            **_card_options(
                sources=sources,
                symbols_per_card=symbols_per_card,
                cards=cards,
                paper=paper,
                card_size=card_size,
                shape=shape,
                variant=variant,
                margin=margin,
                cut_guides=cut_guides,
                card_color=card_color,
                bleed=bleed,
                safe_margin=safe_margin,
                clearance=clearance,
                rotation=rotation,
                background=background,
                photo_shape=photo_shape,
                font=font,
                skip_bad=skip_bad,
            ),
            output=output,
            seed=seed,
            report=report,
            png_dir=png_dir,
            shop=shop,
            backs=back_image or (default_back() if backs else None),
            duplex=_duplex(duplex),
            back_offset=parse_offset(back_offset, option="--back-offset"),
            cover=not no_cover,
        )
        with _Bars(not quiet) as bars:
            return build_pdf(options, progress=bars)

    result = _run(make)
    if chosen_seed:  # said once the build worked, so an error stays the only line
        typer.echo(f"no seed given, using --seed {seed}", err=True)
    _summarise(result, seed=seed, output=output, verbose=verbose)


# Skips not worth a note without --verbose: hidden files and the documents that live beside
# pictures (README, LICENSE, credits); a skipped .heic photo or a subfolder is worth one.
_QUIET_SKIPS = ("(hidden)", "no extension)") + tuple(
    f"(not a picture: {ext})" for ext in (".md", ".txt", ".json", ".toml", ".html", ".db", ".ini")
)


def _summarise(result, *, seed: int, output: Path, verbose: bool) -> None:
    """The end-of-build summary: the choice, what was made, what was left out, how to print."""
    d, plan = result.deck, result.plan
    for line in result.warnings:
        typer.echo(f"warning: {line}", err=True)
    if verbose:
        for line in result.notes:
            typer.echo(line)
    elif passed := [n for n in result.notes if not n.endswith(_QUIET_SKIPS)]:
        many = "s" if len(passed) != 1 else ""
        typer.echo(
            f"note: {len(passed)} file{many} passed over (subfolders, links that leave the "
            "folder, not pictures); --verbose names them",
            err=True,
        )
    if result.choice:
        typer.echo(result.choice)
    if verbose:
        for sym in result.symbols:
            typer.echo(f"used: {sym.source}")
        for path in result.unused:
            typer.echo(f"unused: {path}")
    m = result.report.get("metrics")
    shape = (
        f"; coverage {m['coverage_mean']:.2f} (min {m['coverage_min']:.2f}), "
        f"size ratio {m['size_ratio_mean']:.1f}, smallest symbol {m['smallest']:.0f} mm, "
        f"clearance {m['clearance'] or 0:.1f} mm, ink {m['edge']:.1f} mm from the cut"
        if m
        else ""
    )
    typer.echo(
        f"{len(d.cards)} cards, {d.symbols_per_card} symbols per card, "
        f"{len(plan.pages)} pages, seed {seed} -> {output}{shape}"
    )
    if result.unused and not verbose:
        names = ", ".join(result.unused[:10])
        more = f" and {len(result.unused) - 10} more" if len(result.unused) > 10 else ""
        typer.echo(f"unused pictures ({len(result.unused)}): {names}{more}")
    if removed := [Path(s.source).name for s in result.symbols if s.background_removed]:
        many = "s" if len(removed) != 1 else ""
        shown = removed if verbose else removed[:10]
        more = f" and {len(removed) - len(shown)} more" if len(shown) < len(removed) else ""
        typer.echo(
            f"background removed from {len(removed)} picture{many}: {', '.join(shown)}{more} "
            "(--background keep keeps them)"
        )
    typer.echo("Print at 100 % (actual size), not 'fit to page'.")
    if plan.duplex:
        typer.echo(f"Print two-sided, flip on {plan.duplex.value} edge.")


@app.command()
def plan(
    what: Annotated[
        str,
        typer.Argument(
            metavar="COUNT|FOLDER", help="A number of pictures, or a folder to count them in."
        ),
    ],
) -> None:
    """List the decks a number of pictures can make, and which one build would choose.

    Examples:

      dobble-print plan 50

      dobble-print plan photos/
    """
    from dobble_print.choice import choose_option, deck_options
    from dobble_print.symbols import find_images

    def count() -> int:
        if what.strip().isdigit():
            return int(what)
        return len(find_images(Path(what)))

    pictures = _run(count)
    options = _run(lambda: deck_options(pictures, larger=2))
    chosen = _run(lambda: choose_option(pictures))
    typer.echo(f"{pictures} pictures:")
    for option in options:
        mark = "  <- build's choice" if option == chosen else ""
        typer.echo(f"  {option.describe()}{mark}")


@app.command()
def preview(
    sources: Sources = None,
    output: Annotated[Path, typer.Option("-o", "--output", help="PNG to write.")] = Path(
        "out/card.png"
    ),
    card: Annotated[int, typer.Option("--card", help="Which card, counting from 1.")] = 1,
    sheet: Annotated[
        int | None,
        typer.Option("--sheet", help="Draw this whole sheet (from 1) instead of a card."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Random seed for the layout.")] = 1,
    dpi: Annotated[int, typer.Option("--dpi", help="Resolution of the PNG.")] = 150,
    preset: Preset = None,
    symbols_per_card: SymbolsPerCard = None,
    cards: Cards = None,
    paper: Paper = "a4",
    card_size: CardSize = "85mm",
    shape: Shape = ShapeKind.CIRCLE,
    variant: VariantOption = None,
    margin: Margin = "5mm",
    cut_guides: CutGuides = "circle,ticks",
    card_color: CardColor = "white",
    bleed: Bleed = "0mm",
    safe_margin: SafeMargin = "3mm",
    clearance: Clearance = "1mm",
    rotation: Rotation = 180.0,
    background: BackgroundOption = Background.REMOVE,
    photo_shape: PhotoShapeOption = PhotoShape.RECT,
    font: FontOption = None,
    skip_bad: SkipBad = False,
) -> None:
    """Draw one card (or one sheet) as a PNG to check the look before printing.

    It takes build's options that change how a card looks; the same sources, options and --seed
    as build give the same card as in the PDF.

    Examples:

      dobble-print preview photos/ --card 3 -o card3.png --seed 7

      dobble-print preview photos/ --sheet 1 -o sheet1.png --paper letter --preset junior
    """
    from dobble_print.output import refuse_inputs
    from dobble_print.pipeline import BuildOptions, prepare
    from dobble_print.preview import draw_card, draw_sheet, save_png
    from dobble_print.sources import find_sources

    def make():
        options = BuildOptions(
            **_card_options(
                sources=sources,
                symbols_per_card=symbols_per_card,
                cards=cards,
                paper=paper,
                card_size=card_size,
                shape=shape,
                variant=variant,
                margin=margin,
                cut_guides=cut_guides,
                card_color=card_color,
                bleed=bleed,
                safe_margin=safe_margin,
                clearance=clearance,
                rotation=rotation,
                background=background,
                photo_shape=photo_shape,
                font=font,
                skip_bad=skip_bad,
            ),
            output=output,
            seed=seed,
        )
        refuse_inputs({"-o": [output]}, find_sources(options.sources).files)
        if not 30 <= dpi <= 1200:
            raise DobbleError(f"--dpi {dpi} is out of range; use 30 to 1200")

        def wanted(plan) -> list[int]:  # lay out only what is drawn; the range errors come next
            if sheet is not None:
                return [slot.card for slot in plan.slots if slot.sheet == sheet - 1]
            return [card - 1] if 1 <= card <= len(plan.slots) else []

        prepared = prepare(options, only=wanted)
        if sheet is not None:
            sheets = prepared.plan.sheet_count
            if not 1 <= sheet <= sheets:
                raise DobbleError(
                    f"--sheet {sheet} is out of range: this deck has sheets 1 to {sheets}"
                )
            image = draw_sheet(
                prepared.plan,
                prepared.layouts,
                prepared.symbols,
                sheet - 1,
                dpi=dpi,
                shape=options.card_shape,
                card_color=options.card_color,
                teams=prepared.teams,
            )
        else:
            count = len(prepared.layouts)
            if not 1 <= card <= count:
                raise DobbleError(
                    f"--card {card} is out of range: this deck has cards 1 to {count}"
                )
            team = prepared.teams[card - 1] if prepared.teams else None
            image = draw_card(
                prepared.layouts[card - 1],
                prepared.symbols,
                card_diameter=options.card_diameter,
                dpi=dpi,
                shape=options.card_shape,
                card_color=options.card_color,
                team=team,
            )
        save_png(image, output, dpi=dpi)

    _run(make)
    typer.echo(f"{'sheet ' + str(sheet) if sheet is not None else 'card ' + str(card)} -> {output}")
