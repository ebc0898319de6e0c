"""The option reference, made from the option table in every language of the catalogues:
``docs/options.md`` (English), ``docs/options.fr.md``, … Each option of
:data:`dobble_print.OPTIONS` with its flags, what it does (its help, through the catalogue), its
default, the values it takes and the commands that take it.

``make docs`` writes the files (``python -m dobble_print.cli.reference docs``);
``tests/cli/test_reference.py`` makes them again in memory and fails when a committed one differs.
What an entry of the table says about its values is read in one place, :func:`values`, so a new
field of :class:`~dobble_print.Option` (a length's limit, say) is shown by changing that alone.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from dobble_print import (
    BY_NAME,
    ENGLISH,
    LANGUAGES,
    N_,
    OPTIONS,
    PAPERS,
    Group,
    Kind,
    Msg,
    Option,
    number,
    said,
)

# What each group of options is about, as a heading.
GROUPS = {
    Group.DECK: N_("Which symbols, and how many"),
    Group.CARD: N_("The card"),
    Group.LOOK: N_("How the symbols lie on a card"),
    Group.PRINT: N_("Paper and ink"),
    Group.EXTRAS: N_("What else the PDF holds"),
    Group.FILES: N_("Further files written"),
}

# The values an option of each kind takes, when the entry gives no range or choices.
KINDS = {
    Kind.COUNT: N_("a whole number"),
    Kind.LENGTH: N_("a length: 85mm, 8.5cm, 3.3in; a bare number is millimetres"),
    Kind.DEGREES: N_("a number of degrees"),
    Kind.SWITCH: N_("on when given, off when left out"),
    Kind.TEXT: N_("text"),
    Kind.COLOUR: N_("a colour's name (white, cream, …) or #rrggbb"),
    Kind.PAPER: N_("a paper's name ({papers}) or its width and height, e.g. 210x297mm"),
    Kind.GUIDES: N_("circle, ticks, both (circle,ticks) or none"),
    Kind.OFFSET: N_("X,Y in millimetres, e.g. 1.5,-0.5"),
    Kind.CARDS: N_("card numbers from 1, e.g. 5,12"),
    Kind.PROFILE: N_("a shop profile's name ({profiles}) or a .toml file"),
    Kind.FILE: N_("a file"),
    Kind.FILES: N_("a file; give the option again for several"),
    Kind.FOLDER: N_("a file or folder to write"),
}


def _code(text: str) -> str:
    return f"`{text}`"


def _names(lang: str) -> dict[str, str]:
    """What a help sentence's ``{card_size}`` and lists become in the reference."""
    from dobble_print import bundled_shops

    shops = bundled_shops()
    default = said(N_("{name} (the default)", name=_code(shops[0])), lang)
    return {
        **{o.name: _code(o.flags[-1]) for o in OPTIONS},
        "preset": _code("--preset"),
        "languages": ", ".join(_code(c) for c in LANGUAGES),
        "papers": ", ".join(_code(p) for p in PAPERS),
        "profiles": ", ".join([default, *(_code(s) for s in shops[1:])]),
        "themes": ", ".join(_code(t) for t in BY_NAME["theme"].choices if t != "all"),
    }


def values(option: Option, lang: str) -> Msg:
    """What ``option`` takes, from its entry: its choices with the page's words for them, its
    range, or what its kind takes."""
    if option.kind is Kind.CHOICE:  # not a paper's: its choices are only the page's menu
        words = option.choices if option.name == "lang" else None  # each language in its own
        listed = ", ".join(
            f"{_code(value)} ({words[value] if words else said(Msg(word), lang)})"
            for value, word in option.choices.items()
        )
        return N_("one of {choices}", choices=listed)
    low, high = option.low, option.high
    if option.kind is Kind.LENGTH and low is not None and high is None and option.paper_share:
        on_a4 = option.highest((210.0, 297.0))
        assert on_a4 is not None  # a share of the paper's shorter side
        return N_(
            "a length from {low} mm up to the paper's shorter side × {share}, {high} mm on A4 "
            "(85mm, 8.5cm, 3.3in; a bare number is millimetres)",
            low=number(low, lang),
            share=number(option.paper_share, lang),
            high=number(on_a4, lang),
        )
    if option.kind is Kind.LENGTH and low is not None and high is not None:
        return N_(
            "a length from {low} to {high} mm (85mm, 8.5cm, 3.3in; a bare number is millimetres)",
            low=number(low, lang),
            high=number(high, lang),
        )
    if option.kind is Kind.DEGREES and low is not None and high is not None:
        return N_("{low} to {high} degrees", low=number(low, lang), high=number(high, lang))
    if option.kind is Kind.COUNT and low is not None:
        if high is not None:
            return N_("a whole number from {low} to {high}", low=int(low), high=int(high))
        return N_("a whole number from {low}", low=int(low))
    # a paper's or a shop profile's names are listed as the help lists them
    return Msg(KINDS[option.kind].msgid, params=tuple(_names(lang).items()))


def default(option: Option) -> str | None:
    """The option's default as the command line takes it; None when it has none (a switch is
    off unless given, as its values say)."""
    if option.default in (None, "", False):
        return None
    return _code(str(option.default))


def entry(option: Option, lang: str) -> list[str]:
    """The reference's lines for one option."""
    names = _names(lang)
    flags = ", ".join(_code(f) for f in option.flags)
    metavar = f" {_code(option.metavar)}" if option.metavar else ""
    what = said(Msg(option.help, params=tuple(names.items())), lang)
    lines = [f"### {flags}{metavar}", "", what, ""]
    shown = default(option)
    if shown is not None:
        lines.append("- " + said(N_("Default: {value}", value=shown), lang))
    lines.append("- " + said(N_("Values: {values}", values=values(option, lang)), lang))
    commands = ", ".join(_code(c) for c in ("build", "preview", "plan") if c in option.commands)
    lines.append("- " + said(N_("Commands: {commands}", commands=commands), lang))
    if option.label:
        label = said(Msg(option.label), lang)
        hint = said(Msg(option.hint), lang) if option.hint else ""
        on_page = N_("On the page: “{label}”. {hint}", label=label, hint=hint)
        lines.append("- " + said(on_page, lang).rstrip())
    return [*lines, ""]


def file_name(lang: str) -> str:
    """``options.md`` for English, ``options.fr.md`` for French, …"""
    return "options.md" if lang == ENGLISH else f"options.{lang}.md"


def reference(lang: str, options: Iterable[Option] = OPTIONS) -> str:
    """The whole reference in ``lang``, as Markdown."""
    options = tuple(options)
    others = " · ".join(
        f"[{name}]({file_name(code)})" if code != lang else name for code, name in LANGUAGES.items()
    )
    lines = [
        "# " + said(N_("dobble-print's options"), lang),
        "",
        others,
        "",
        said(
            N_(
                "Every option of {build}, {preview} and {plan} that is made from the option "
                "table ({table}). The sources, {preset}, {seed}, {output} and each command's own "
                "options are listed by {help}.",
                build=_code("build"),
                preview=_code("preview"),
                plan=_code("plan"),
                table=_code("dobble_print/options/table.py"),
                preset=_code("--preset"),
                seed=_code("--seed"),
                output=_code("-o"),
                help=_code("dobble-print COMMAND --help"),
            ),
            lang,
        ),
        "",
        "<!-- "
        + "made by `make docs` from dobble_print/options/table.py and the catalogues; "
        + "change those, not this file -->",
        "",
    ]
    for group, title in GROUPS.items():
        members = [o for o in options if o.group is group]
        if members:
            lines += ["## " + said(title, lang), ""]
            for option in members:
                lines += entry(option, lang)
    return "\n".join(lines).rstrip("\n") + "\n"


def references() -> dict[str, str]:
    """Every language's reference, by its file's name."""
    return {file_name(lang): reference(lang) for lang in LANGUAGES}


def main(argv: list[str]) -> int:
    """Write every language's reference into the folder ``argv[0]`` (default: ``docs``)."""
    folder = Path(argv[0] if argv else "docs")
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in references().items():
        (folder / name).write_text(text, encoding="utf-8")
        print(folder / name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
