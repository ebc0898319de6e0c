"""The options of build, preview and plan, made from the one option table
(:data:`dobble_print.options.OPTIONS`) and added to each command by :func:`table_options`.

preview must accept every option that changes how a card looks, or "the same options give the
same card" would not hold; plan takes build's options, so build's command line works unchanged.
``--preset`` sets the defaults of the other options, so anything given on the command line still
wins. Each option's value is read by :func:`dobble_print.options.read_options`, as the page's are.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from dobble_print import BY_NAME, N_, OPTIONS, Kind, Option, options_for, read_options
from dobble_print.cli.errors import run
from dobble_print.cli.wording import speak
from dobble_print.errors import DobbleError


def _apply_preset(ctx: typer.Context, param: object, value: str | None) -> str | None:
    """Eager ``--preset``: its values become the defaults of the other options (click's
    ``default_map``), so anything given on the command line still wins."""
    if value is None or ctx.resilient_parsing:
        return value
    from dobble_print import load_preset

    own = {p.name for p in ctx.command.params if p.name and p.name != "preset"}
    values = run(lambda: load_preset(value, known=set(BY_NAME)))
    run(lambda: _refuse_wrong_kinds(value, values))
    if isinstance(values.get("font"), str):  # `font = "x.ttf"`, as before --font was repeatable
        values = {**values, "font": [values["font"]]}
    ctx.default_map = {**(ctx.default_map or {}), **{k: v for k, v in values.items() if k in own}}
    return value


def _refuse_wrong_kinds(preset: str, values: dict[str, Any]) -> None:
    """A preset's true or false for an option that takes a number or text is refused (``cards
    = true`` would be read as 1 card)."""
    for name, value in values.items():
        option = BY_NAME[name]
        if isinstance(value, bool) and option.kind is not Kind.SWITCH:
            kind = {Kind.COUNT: N_("a whole number"), Kind.DEGREES: N_("a number")}
            raise DobbleError(
                N_(
                    "{preset} {name}: {key} = {value}, but {flag} takes {kind}, not true or false",
                    preset="--preset",
                    name=preset,
                    key=name.replace("_", "-"),
                    value=str(value).lower(),
                    flag=flags(option)[0],
                    kind=kind.get(option.kind, N_("text in quotes")),
                )
            )


Sources = Annotated[
    list[Path] | None,
    typer.Argument(
        metavar="FOLDER|FILE",
        help="Folders of pictures, pictures, or .txt files of words (one per line), merged "
        "in order; or one vocabulary file (.csv, .tsv: a header row, then a row per symbol "
        "of pictures and words) (default: the bundled icons).",
    ),
]


def _preset_help() -> str:
    from dobble_print import bundled_presets

    return (
        f"Option values from a preset ({', '.join(bundled_presets())}) or a .toml file; options "
        "given on the command line win."
    )


def flags(option: Option) -> list[str]:
    """The option's flags: its one-letter alias ``-n`` and ``--symbols-per-card``."""
    return list(option.flags)


@functools.cache
def _names() -> dict[str, str]:
    """What ``{card_size}`` in a help sentence becomes: the option's flag. Made once: each of
    the ~100 options' help asks, and the shop profiles' folder was listed for each (~20 ms of
    every command's start)."""
    from dobble_print import LANGUAGES, PAPERS, bundled_shops

    shops = bundled_shops()
    return {
        **{o.name: flags(o)[-1] for o in OPTIONS},
        "preset": "--preset",
        "languages": ", ".join(LANGUAGES),
        "papers": ", ".join(PAPERS),
        "profiles": ", ".join([f"{shops[0]} (the default)", *shops[1:]]),
        "themes": ", ".join(t for t in BY_NAME["theme"].choices if t != "all"),
    }


_TYPES = {
    Kind.SWITCH: bool,
    Kind.FILE: Path | None,
    Kind.FOLDER: Path | None,
    Kind.FILES: list[Path] | None,
}


def _parameter(option: Option) -> inspect.Parameter:
    """The typer parameter of one option of the table: its flags, value word and help."""
    kind = _TYPES.get(option.kind, str | None)
    declared = typer.Option(
        *flags(option),
        metavar=option.metavar or "|".join(option.choices) or None,
        help=option.help.format_map(_names()),
        show_default=option.kind is not Kind.SWITCH and option.default not in (None, ""),
    )
    default = option.default
    if option.kind in (Kind.FILE, Kind.FOLDER, Kind.FILES):
        default = None
    return inspect.Parameter(
        option.name,
        inspect.Parameter.KEYWORD_ONLY,
        annotation=Annotated[kind, declared],
        default=default,
    )


def _sources_and_preset() -> tuple[inspect.Parameter, ...]:
    preset = Annotated[
        str | None,
        typer.Option(
            "--preset",
            metavar="NAME|FILE",
            is_eager=True,
            callback=_apply_preset,
            help=_preset_help(),
        ),
    ]
    return (
        inspect.Parameter(
            "sources", inspect.Parameter.KEYWORD_ONLY, annotation=Sources, default=None
        ),
        inspect.Parameter(
            "preset", inspect.Parameter.KEYWORD_ONLY, annotation=preset, default=None
        ),
    )


def _typed(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def table_options(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Add the options of the command ``name`` to a typer command, after its own.

    The command declares a ``card_fields`` parameter instead of the options; typer sees the
    options in its signature, and the command receives them read into :class:`BuildOptions`
    fields (a user error there is one line, as anywhere in the CLI). An option refused for
    doing nothing alone is refused only when typed, not when a preset set it.
    """
    table = tuple(_parameter(o) for o in options_for(name))
    shared = (*_sources_and_preset(), *table)

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        own = inspect.signature(command, eval_str=True)
        kept = [p for p in own.parameters.values() if p.name != "card_fields"]
        # which options were typed needs the context: the command's, or one asked of typer
        context = next((p.name for p in kept if p.annotation is typer.Context), None)
        if context is None:
            kept.append(
                inspect.Parameter(
                    "card_context", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context
                )
            )

        @functools.wraps(command)
        def wrapper(**kwargs: Any) -> None:
            values = {p.name: kwargs.pop(p.name) for p in shared}
            ctx = kwargs[context] if context else kwargs.pop("card_context")
            given = frozenset(p.name for p in table if _typed(ctx, p.name))
            sources = values.pop("sources")
            preset = values.pop("preset")
            speak(values.get("lang"))  # typed, or a preset's
            if values.get("lang") is None:
                _say_unspoken()
            named = Path(preset).stem if preset else ""  # a .toml file's by its name
            fields = run(lambda: read_options(values, command=name, given=given, preset=named))
            # none given: the bundled icons, or a theme's pictures (drawn by the pipeline)
            fields["sources"] = (
                tuple(sources) if sources else () if fields.get("theme") else (default_icons(),)
            )
            command(**kwargs, card_fields=fields)

        # what typer reads; typeshed does not declare a function's __signature__
        wrapper.__signature__ = own.replace(parameters=[*kept, *shared])  # type: ignore[attr-defined]
        return wrapper

    return decorate


def _say_unspoken() -> None:
    """One line when the computer's language is not one the tool speaks: it speaks English,
    and ``--lang`` chooses another (said in English: the language it falls back to)."""
    import os

    from dobble_print import LANGUAGES, unspoken_locale
    from dobble_print.cli.errors import say

    code = unspoken_locale(os.environ)
    if code is not None:
        others = ", ".join(c for c in LANGUAGES if c != "en")
        say(
            f"note: dobble-print does not speak your computer's language ({code}) yet, so it "
            f"speaks English; --lang {others} chooses another",
            err=True,
        )


def default_icons() -> Path:
    """The bundled icons: the sources when none are given."""
    from dobble_print.resources import default_icons as bundled

    return bundled()


card_options = table_options("preview")  # the options that change how a card looks
