"""What ``build`` prints once the PDF is written: warnings, notes, the choice, the summary line,
the pictures left out and how to print."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from dobble_print import N_, Msg, Nn_
from dobble_print.cli.errors import say
from dobble_print.cli.wording import notice_line, say_in, warning_line

if TYPE_CHECKING:  # the pipeline (and numba) loads only when a command needs it
    from dobble_print.errors import Notice
    from dobble_print.pipeline import BuildResult


def summarise(
    result: BuildResult, *, seed: int, output: Path, verbose: bool, added: str = ""
) -> None:
    """Print the end-of-build summary; ``verbose`` names every file used, unused or skipped;
    ``added`` follows the output's name (``" (.pdf added)"``)."""
    flagged = _flagged(result)
    for warning in result.warnings:
        line = notice_line(warning)
        say(warning_line(warning, flagged.get(str(warning), line)), err=True)
    _notes(result.notes, verbose=verbose)
    if result.choice:
        say(notice_line(result.choice))
    if verbose:
        # the deck's symbols; those loaded beyond it (a deck of fewer cards) are unused
        for sym in result.symbols[: result.deck.symbol_count]:  # a word: "cat" (words.txt:1)
            say(
                say_in(N_('used: "{name}" ({source})', name=sym.name, source=sym.source))
                if sym.kind == "word"
                else say_in(N_("used: {source}", source=sym.source))
            )
        for path in result.unused:
            say(say_in(N_("unused: {name}", name=path)))
        for line in font_lines(result.symbols):
            say(line)
        if renderer := renderer_line(result.symbols):
            say(renderer)
    say(summary_line(result, seed=seed, output=output, added=added))
    if result.unused and not verbose:
        names = ", ".join(result.unused[:10])
        more = _more(len(result.unused) - 10)
        say(say_in(_UNUSED[_unused_noun(result.unused)](len(result.unused), names + more)))
    if removed := [Path(s.source).name for s in result.symbols if s.background_removed]:
        shown = removed if verbose else removed[:10]
        more = _more(len(removed) - len(shown))
        say(
            say_in(
                Nn_(
                    "background removed from {count} picture: {names} (--background keep "
                    "keeps them)",
                    "background removed from {count} pictures: {names} (--background keep "
                    "keeps them)",
                    len(removed),
                    names=", ".join(shown) + more,
                )
            )
        )
    say(say_in(N_("Print at 100 % (actual size), not 'fit to page'.")))
    if result.plan.duplex:
        edge = result.plan.duplex.value
        say(
            say_in(
                N_("Print two-sided, flip on long edge.")
                if edge == "long"
                else N_("Print two-sided, flip on short edge.")
                if edge == "short"
                else N_("Print two-sided, flip on {edge} edge.", edge=edge)
            )
        )


# "unused pictures (12): a.png, b.png…", by what the unused ones are.
_UNUSED = {
    "pictures": lambda n, names: N_("unused pictures ({n}): {names}", n=n, names=names),
    "words": lambda n, names: N_("unused words ({n}): {names}", n=n, names=names),
    "symbols": lambda n, names: N_("unused symbols ({n}): {names}", n=n, names=names),
}


def _more(count: int) -> str:
    """`` and 3 more`` after a list cut short, in the command's language; "" when none."""
    return say_in(N_(" and {count} more", count=count)) if count > 0 else ""


def font_lines(symbols) -> list[str]:
    """One line per font the words print in (for ``--verbose``): which file, how, for which
    words (or labels: a labelled picture's name is set as a word is); the bundled font only by
    name."""
    from dobble_print.resources import default_font

    used: dict[tuple[str, Msg, bool], list[str]] = {}
    for sym in symbols:
        label = sym.kind == "labelled"  # a label is set as a word is
        if sym.kind in ("word", "labelled"):
            how = N_("as outlines (CFF: not searchable text)") if sym.outline else N_("as text")
            used.setdefault((sym.font, how, label), []).append(sym.name)
        elif sym.font:  # an emoji line, drawn from a colour font
            used.setdefault((sym.font, N_("as colour pictures"), label), []).append(sym.name)
    lines = []
    for (font, how, label), words in used.items():
        bundled = font == str(default_font())
        name = say_in(N_("{name} (bundled)", name=Path(font).name)) if bundled else font
        more = say_in(N_(" and {count} more", count=len(words) - 8)) if len(words) > 8 else ""
        counted = (
            Nn_("{count} label", "{count} labels", len(words))
            if label
            else Nn_("{count} word", "{count} words", len(words))
        )
        line = N_(
            "font: {name} {how} for {counted}: {shown}",
            name=name,
            how=how,
            counted=counted,
            shown=", ".join(words[:8]) + more,
        )
        lines.append(say_in(line))
    return lines


def renderer_line(symbols) -> str | None:
    """``svg: drawn with resvg 0.48.1 (the cairo library was not found)`` when the deck has an
    SVG picture (for ``--verbose``): the two renderers differ in small antialiasing details."""
    from dobble_print.symbols import is_svg, svg_renderer

    if not any(sym.kind in ("image", "labelled") and is_svg(Path(sym.source)) for sym in symbols):
        return None
    renderer = svg_renderer()
    return say_in(
        N_(
            "svg: drawn with {name} {version} ({why})",
            name=renderer.name,
            version=renderer.version,
            why=renderer.why,
        )
    )


def _flagged(result: BuildResult) -> dict[str, str]:
    """The engine's line of each picture too small to spot -> the same line naming the flags."""
    from dobble_print.cli.errors import flag
    from dobble_print.layout import Remedy

    remedies = {
        Remedy.KEEP_BACKGROUND: N_("its background was removed: --background keep keeps it"),
        Remedy.BOLDER_PICTURE: N_(
            "it is too thin or scattered to print larger: use a bolder picture or leave it out"
        ),
        Remedy.MORE_ROOM: N_(
            "give the symbols more room: larger cards ({card}) or a smaller {margin}",
            card=flag("card"),
            margin=flag("safe_margin"),
        ),
    }
    return {str(small): say_in(small.said(remedies)) for small in result.small}


def _notes(notes: tuple[Notice, ...], *, verbose: bool) -> None:
    """Every note with ``verbose``; otherwise one line counting those worth a look (not the
    quiet ones: hidden files, documents beside pictures, copies a warning counts)."""
    if verbose:
        for note in notes:
            say(notice_line(note))
    elif passed := [n for n in notes if n.kind != "quiet"]:
        said = Nn_(
            "note: {count} file passed over (links that leave the folder, files that are not "
            "pictures); --verbose names them",
            "note: {count} files passed over (links that leave the folder, files that are not "
            "pictures); --verbose names them",
            len(passed),
        )
        say(say_in(said), err=True)


def summary_line(result: BuildResult, *, seed: int, output: Path, added: str = "") -> str:
    """``57 cards, 8 symbols per card, 9 pages, seed 7 -> deck.pdf; coverage …``, and for words
    ``…, smallest word 6.3 mm cap height`` (the cap height of the deck's smallest printed word)."""
    d, m = result.deck, result.report.get("metrics")
    shape = (
        N_(
            "; coverage {coverage:.2f} (min {least:.2f}), size ratio {ratio:.1f}, smallest "
            "symbol {smallest:.0f} mm, clearance {clearance:.1f} mm, ink {edge:.1f} mm from "
            "the cut",
            coverage=float(m["coverage_mean"]),
            least=float(m["coverage_min"]),
            ratio=float(m["size_ratio_mean"]),
            smallest=float(m["smallest"]),
            clearance=float(m["clearance"] or 0),
            edge=float(m["edge"]),
        )
        if m
        else ""
    )
    cap = result.report.get("smallest_word_cap_mm")
    words = N_(", smallest word {cap:.1f} mm cap height", cap=float(cap)) if cap is not None else ""
    return say_in(
        N_(
            "{cards}, {symbols} per card, {pages}, seed {seed} -> {output}{added}{shape}{words}",
            cards=Nn_("{count} card", "{count} cards", len(d.cards)),
            symbols=Nn_("{count} symbol", "{count} symbols", d.symbols_per_card),
            pages=Nn_("{count} page", "{count} pages", len(result.plan.pages)),
            seed=seed,
            output=str(output),
            added=added,
            shape=shape,
            words=words,
        )
    )


def _unused_noun(unused: tuple[str, ...]) -> str:
    """``pictures`` (file names), ``words`` or ``symbols`` (both): what the unused ones are."""
    from dobble_print.symbols import IMAGE_SUFFIXES

    pictures = [Path(name).suffix.lower() in IMAGE_SUFFIXES for name in unused]
    return "pictures" if all(pictures) else "words" if not any(pictures) else "symbols"


def _count(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
