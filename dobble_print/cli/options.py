"""The options ``build`` and ``preview`` share, declared once and added to both by
:func:`card_options`.

preview must accept every option that changes how a card looks, or "the same options give the
same card" would not hold. ``--preset`` sets the defaults of the other options, so anything given
on the command line still wins.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from dobble_print.card import CardShape, ShapeKind
from dobble_print.cli.errors import run
from dobble_print.errors import DobbleError
from dobble_print.options import Variant
from dobble_print.printing import PAPERS, parse_paper
from dobble_print.resources import default_icons
from dobble_print.symbols import Background, PhotoShape, SymbolOptions
from dobble_print.units import (
    parse_card_size,
    parse_color,
    parse_cut_guides,
    parse_length,
)

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
        "rules",
        "box",
        "card_thickness",
        "title",
    }
)


def _apply_preset(ctx: typer.Context, param: object, value: str | None) -> str | None:
    """Eager ``--preset``: its values become the defaults of the other options (click's
    ``default_map``), so anything given on the command line still wins."""
    if value is None or ctx.resilient_parsing:
        return value
    from dobble_print.pipeline import load_preset

    own = {p.name for p in ctx.command.params if p.name and p.name != "preset"}
    values = run(lambda: load_preset(value, known=own | _BUILD_ONLY))
    run(lambda: _refuse_wrong_kinds(value, values, ctx.command.params))
    if isinstance(values.get("font"), str):  # `font = "x.ttf"`, as before --font was repeatable
        values = {**values, "font": [values["font"]]}
    ctx.default_map = {**(ctx.default_map or {}), **{k: v for k, v in values.items() if k in own}}
    return value


def _refuse_wrong_kinds(preset: str, values: dict[str, Any], params: list[Any]) -> None:
    """A preset's true or false for an option that takes a number or text is refused: click would
    read ``cards = true`` as 1 card."""
    for param in params:
        value = values.get(param.name)
        if isinstance(value, bool) and not getattr(param, "is_flag", False):
            key = param.name.replace("_", "-")
            annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
            kind = {int: "a whole number", float: "a number"}.get(annotation, "text in quotes")
            raise DobbleError(
                f"--preset {preset}: {key} = {str(value).lower()}, but {param.opts[-1]} takes "
                f"{kind}, not true or false"
            )


def _choices(enum: type) -> str:
    """``circle|hexagon|square|rounded``: an enum's values as a metavar."""
    return "|".join(member.value for member in enum)


Sources = Annotated[
    list[Path] | None,
    typer.Argument(
        metavar="FOLDER|FILE",
        help="Folders of pictures, pictures, or .txt files of words (one per line), merged "
        "in order; or one vocabulary file (.csv, .tsv: a header row, then a row per symbol "
        "of pictures and words) (default: the bundled icons).",
    ),
]
Preset = Annotated[
    str | None,
    typer.Option(
        "--preset",
        metavar="NAME|FILE",
        is_eager=True,
        callback=_apply_preset,
        help="Option values from a preset (classic, junior, toddler, mini, connect, punch-2in, "
        "punch-2.5in) or a .toml file; options given on the command line win.",
    ),
]
SymbolsPerCard = Annotated[
    int | None,
    typer.Option("-n", "--symbols-per-card", metavar="N", help="Symbols per card."),
]
Cards = Annotated[int | None, typer.Option("--cards", metavar="K", help="Print only K cards.")]
Paper = Annotated[
    str,
    typer.Option("--paper", metavar="PAPER", help=f"{', '.join(PAPERS)} or WxH like 210x297mm."),
]
CardSize = Annotated[
    str,
    typer.Option("--card-size", metavar="LENGTH", help="Card diameter, e.g. 85mm, 8.5cm, 3.3in."),
]
Shape = Annotated[
    ShapeKind,
    typer.Option(
        "--shape",
        metavar=_choices(ShapeKind),
        help="Card shape; --card-size is then the square's side or the "
        "hexagon's width across its flats.",
    ),
]
VariantOption = Annotated[
    Variant | None,
    typer.Option(
        "--variant",
        metavar=_choices(Variant),
        help="classic (the default), or connect: 10 black-bordered starting cards and four "
        "teams of 20 in pink, orange, green and blue, symbols at least 5 mm inside the "
        "cut (--preset connect sets it).",
    ),
]
Margin = Annotated[
    str,
    typer.Option("--margin", metavar="LENGTH", help="Printable margin kept clear on every side."),
]
CutGuides = Annotated[
    str,
    typer.Option(
        "--cut-guides", metavar="GUIDES", help="circle,ticks (default), circle, ticks or none."
    ),
]
CardColor = Annotated[
    str,
    typer.Option(
        "--card-color", metavar="COLOUR", help="Card background: white, cream, … or #rrggbb."
    ),
]
Bleed = Annotated[
    str,
    typer.Option(
        "--bleed", metavar="LENGTH", help="Run the card colour this far past the cut line."
    ),
]
SafeMargin = Annotated[
    str,
    typer.Option(
        "--safe-margin", metavar="LENGTH", help="Keep symbols this far inside the cut line."
    ),
]
Clearance = Annotated[
    str, typer.Option("--clearance", metavar="LENGTH", help="Least gap between two symbols.")
]
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
        metavar=_choices(Background),
        help="remove: plain backgrounds around drawings, clip art and product shots become "
        "transparent (photos stay whole); keep: leave every picture whole.",
    ),
]
PhotoShapeOption = Annotated[
    PhotoShape,
    typer.Option(
        "--photo-shape",
        metavar=_choices(PhotoShape),
        help="How photos (no plain background) are cut.",
    ),
]
FontOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--font",
        metavar="FILE",
        help="A font (.ttf, .otf, .ttc; a colour emoji font too) tried before the bundled DejaVu "
        "Sans and the installed fonts; repeat for several. Not needed for most scripts: words "
        "DejaVu Sans lacks are set in an installed font that has them.",
    ),
]
SkipBad = Annotated[
    bool, typer.Option("--skip-bad", help="Build from the readable files, skipping bad ones.")
]
Reshuffle = Annotated[
    str,
    typer.Option(
        "--reshuffle",
        metavar="CARDS",
        help="Lay these cards (from 1) out again, e.g. 5,12; the others stay as they are. "
        "A card listed twice is shuffled twice.",
    ),
]
ShopProfileOption = Annotated[
    str | None,
    typer.Option(
        "--shop-profile",
        metavar="NAME|FILE",
        help="What the --shop files are for: print-and-cut (the default: CutContour cut path), "
        "tgc-circle, makeplayingcards-round, eu-3mm, or a .toml file; a card printer's profile "
        "lays the deck out at its card size and safe zone.",
    ),
]
Labels = Annotated[
    bool,
    typer.Option(
        "--labels",
        help="Print each picture with its name under it (the file's name, or a vocabulary "
        "file's first text column).",
    ),
]
Faces = Annotated[
    str,
    typer.Option(
        "--faces",
        metavar="COLUMNS",
        help="A vocabulary file's columns shown as faces, e.g. picture,word (picture+word: the "
        "picture with its word under it). Default: every column.",
    ),
]


def parse_card_options(
    sources: Sources = None,
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
    reshuffle: Reshuffle = "",
    shop_profile: ShopProfileOption = None,
    labels: Labels = False,
    faces: Faces = "",
) -> dict[str, Any]:
    """The shared options parsed into :class:`BuildOptions` fields (mm, RGB, enums).

    Its signature is the declaration :func:`card_options` adds to a command; ``preset`` has
    done its work (the other values' defaults) by the time this runs.

    Raises:
        DobbleError: a value that does not parse, naming its option.
    """
    fields = dict(
        sources=tuple(sources) if sources else (default_icons(),),
        symbol_options=SymbolOptions(background, photo_shape, tuple(font or ()), skip_bad),
        symbols_per_card=symbols_per_card,
        cards=cards,
        paper=parse_paper(paper),
        card=CardShape(shape, parse_card_size(card_size, option="--card-size")),
        variant=variant or Variant.CLASSIC,
        margin=parse_length(margin, option="--margin"),
        bleed=parse_length(bleed, option="--bleed"),
        safe_margin=parse_length(safe_margin, option="--safe-margin"),
        clearance=parse_length(clearance, option="--clearance"),
        max_rotation=_rotation(rotation),
        cut_guides=parse_cut_guides(cut_guides),
        card_color=parse_color(card_color, option="--card-color"),
        reshuffle=_card_numbers(reshuffle),
        labels=labels,
        faces=tuple(f.strip() for f in faces.split(",") if f.strip()),
    )
    return _fit_shop(fields, shop_profile) if shop_profile else fields


def _fit_shop(fields: dict[str, Any], name: str) -> dict[str, Any]:
    """The fields with the shop profile ``name`` loaded, and its card and safe margin."""
    from dobble_print.printing import fit_to_shop, load_shop_profile

    profile = load_shop_profile(name)
    card, margin = fit_to_shop(profile, fields["card"], fields["safe_margin"])
    return {**fields, "shop_profile": profile, "card": card, "safe_margin": margin}


def _refuse_resized(shared: dict[str, Any], fields: dict[str, Any], typed: set[str]) -> None:
    """A card size or shape typed on the command line that the shop profile overrides: refused,
    not silently changed (a preset's size gives way to the profile's die)."""
    from dobble_print.printing import same_card

    profile = fields.get("shop_profile")
    for name in ("card_size", "shape"):
        if profile is None or profile.card is None or name not in typed:
            continue
        card = profile.card
        given = CardShape(shared["shape"], parse_card_size(shared["card_size"], option=""))
        if not same_card(card, given):
            flag = "--" + name.replace("_", "-")
            raise DobbleError(
                f"{flag} {shared[name]}: the {profile.name} shop profile cuts {card.describe()} "
                f"{card.kind.value} cards; leave {flag} out, or use --shop-profile print-and-cut"
            )


def _card_numbers(text: str) -> tuple[int, ...]:
    """``"5,12"`` → (5, 12); empty → ()."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        raise DobbleError(
            f"--reshuffle {text!r} is not a list of card numbers; write them from 1, e.g. 5,12"
        )
    return tuple(int(p) for p in parts)


def _rotation(degrees: float) -> float:
    if not 0 <= degrees <= 180:
        raise DobbleError(
            f"--rotation {degrees:g} is out of range; give 0 (upright) to 180 degrees"
        )
    return degrees


_SHARED = tuple(
    p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
    for p in inspect.signature(parse_card_options, eval_str=True).parameters.values()
)


def _typed(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def card_options(command: Callable[..., None]) -> Callable[..., None]:
    """Add the shared options to a typer command, after its own.

    The command declares a ``card_fields`` parameter instead of the shared options; typer sees
    the shared options in its signature, and the command receives them parsed by
    :func:`parse_card_options` (a user error there is one line, as anywhere in the CLI).
    """
    own = inspect.signature(command, eval_str=True)
    kept = [p for p in own.parameters.values() if p.name != "card_fields"]
    # which options were typed (for _refuse_resized) needs the context: the command's, or one
    # asked of typer for the purpose
    context = next((p.name for p in kept if p.annotation is typer.Context), None)
    if context is None:
        kept.append(
            inspect.Parameter(
                "card_context", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context
            )
        )

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> None:
        shared = {p.name: kwargs.pop(p.name) for p in _SHARED}
        fields = run(lambda: parse_card_options(**shared))
        ctx = kwargs[context] if context else kwargs.pop("card_context")
        typed = {p.name for p in _SHARED if _typed(ctx, p.name)}
        run(lambda: _refuse_resized(shared, fields, typed))
        command(**kwargs, card_fields=fields)

    wrapper.__signature__ = own.replace(parameters=[*kept, *_SHARED])  # what typer reads
    return wrapper
