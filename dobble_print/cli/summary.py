"""What ``build`` prints once the PDF is written: warnings, notes, the choice, the summary line,
the pictures left out and how to print."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from dobble_print.cli.errors import say
from dobble_print.cli.words import notice_line

if TYPE_CHECKING:  # the pipeline (and numba) loads only when a command needs it
    from dobble_print.pipeline import BuildResult

# Skips not worth a note without --verbose: hidden files and the documents that live beside
# pictures (README, LICENSE, credits); a skipped video or RAW photo is worth one. Copies used once
# are counted in a warning of their own.
_QUIET_SKIPS = ("(hidden)", "(a system folder)", "no extension)", "; used once") + tuple(
    f"(not a picture: {ext})" for ext in (".md", ".txt", ".json", ".toml", ".html", ".db", ".ini")
)


def summarise(
    result: BuildResult, *, seed: int, output: Path, verbose: bool, added: str = ""
) -> None:
    """Print the end-of-build summary; ``verbose`` names every file used, unused or skipped;
    ``added`` follows the output's name (``" (.pdf added)"``)."""
    flagged = _flagged(result)
    for warning in result.warnings:
        line = notice_line(warning)
        say(f"warning: {flagged.get(line, line)}", err=True)
    _notes(result.notes, verbose=verbose)
    if result.choice:
        say(notice_line(result.choice))
    if verbose:
        # the deck's symbols; those loaded beyond it (a deck of fewer cards) are unused
        for sym in result.symbols[: result.deck.symbol_count]:  # a word: "cat" (words.txt:1)
            say(
                f'used: "{sym.name}" ({sym.source})'
                if sym.kind == "word"
                else f"used: {sym.source}"
            )
        for path in result.unused:
            say(f"unused: {path}")
        for line in font_lines(result.symbols):
            say(line)
        if line := renderer_line(result.symbols):
            say(line)
    say(summary_line(result, seed=seed, output=output, added=added))
    if result.unused and not verbose:
        names = ", ".join(result.unused[:10])
        more = f" and {len(result.unused) - 10} more" if len(result.unused) > 10 else ""
        say(f"unused {_unused_noun(result.unused)} ({len(result.unused)}): {names}{more}")
    if removed := [Path(s.source).name for s in result.symbols if s.background_removed]:
        many = "s" if len(removed) != 1 else ""
        shown = removed if verbose else removed[:10]
        more = f" and {len(removed) - len(shown)} more" if len(shown) < len(removed) else ""
        say(
            f"background removed from {len(removed)} picture{many}: {', '.join(shown)}{more} "
            "(--background keep keeps them)"
        )
    say("Print at 100 % (actual size), not 'fit to page'.")
    if result.plan.duplex:
        say(f"Print two-sided, flip on {result.plan.duplex.value} edge.")


def font_lines(symbols) -> list[str]:
    """One line per font the words print in (for ``--verbose``): which file, how, for which
    words (or labels: a labelled picture's name is set as a word is); the bundled font only by
    name."""
    from dobble_print.resources import default_font

    used: dict[tuple[str, str, str], list[str]] = {}
    for sym in symbols:
        noun = "label" if sym.kind == "labelled" else "word"  # a label is set as a word is
        if sym.kind in ("word", "labelled"):
            how = "as outlines (CFF: not searchable text)" if sym.outline else "as text"
            used.setdefault((sym.font, how, noun), []).append(sym.name)
        elif sym.font:  # an emoji line, drawn from a colour font
            used.setdefault((sym.font, "as colour pictures", noun), []).append(sym.name)
    lines = []
    for (font, how, noun), words in used.items():
        name = f"{Path(font).name} (bundled)" if font == str(default_font()) else font
        shown = ", ".join(words[:8]) + (f" and {len(words) - 8} more" if len(words) > 8 else "")
        lines.append(f"font: {name} {how} for {_count(len(words), noun)}: {shown}")
    return lines


def renderer_line(symbols) -> str | None:
    """``svg: drawn with resvg 0.48.1 (the cairo library was not found)`` when the deck has an
    SVG picture (for ``--verbose``): the two renderers differ in small antialiasing details."""
    from dobble_print.symbols import is_svg, svg_renderer

    if not any(sym.kind in ("image", "labelled") and is_svg(Path(sym.source)) for sym in symbols):
        return None
    renderer = svg_renderer()
    return f"svg: drawn with {renderer.name} {renderer.version} ({renderer.why})"


def _flagged(result: BuildResult) -> dict[str, str]:
    """The engine's line of each picture too small to spot -> the same line naming the flags."""
    from dobble_print.cli.errors import flag
    from dobble_print.layout import Remedy

    remedies = {
        Remedy.KEEP_BACKGROUND: "its background was removed: --background keep keeps it",
        Remedy.BOLDER_PICTURE: "it is too thin or scattered to print larger: use a bolder "
        "picture or leave it out",
        Remedy.MORE_ROOM: f"give the symbols more room: larger cards ({flag('card')}) or a "
        f"smaller {flag('safe_margin')}",
    }
    return {str(small): small.words(remedies) for small in result.small}


def _notes(notes: tuple[str, ...], *, verbose: bool) -> None:
    """Every note with ``verbose``; otherwise one line counting those worth a look."""
    if verbose:
        for line in notes:
            say(line)
    elif passed := [n for n in notes if not n.endswith(_QUIET_SKIPS)]:
        say(
            f"note: {_count(len(passed), 'file')} passed over (links that leave the folder, files "
            "that are not pictures); --verbose names them",
            err=True,
        )


def summary_line(result: BuildResult, *, seed: int, output: Path, added: str = "") -> str:
    """``57 cards, 8 symbols per card, 9 pages, seed 7 -> deck.pdf; coverage …``, and for words
    ``…, smallest word 6.3 mm cap height`` (the cap height of the deck's smallest printed word)."""
    d, m = result.deck, result.report.get("metrics")
    shape = (
        f"; coverage {m['coverage_mean']:.2f} (min {m['coverage_min']:.2f}), "
        f"size ratio {m['size_ratio_mean']:.1f}, smallest symbol {m['smallest']:.0f} mm, "
        f"clearance {m['clearance'] or 0:.1f} mm, ink {m['edge']:.1f} mm from the cut"
        if m
        else ""
    )
    cap = result.report.get("smallest_word_cap_mm")
    words = f", smallest word {cap:.1f} mm cap height" if cap is not None else ""
    return (
        f"{_count(len(d.cards), 'card')}, {_count(d.symbols_per_card, 'symbol')} per card, "
        f"{_count(len(result.plan.pages), 'page')}, seed {seed} -> {output}{added}{shape}{words}"
    )


def _unused_noun(unused: tuple[str, ...]) -> str:
    """``pictures`` (file names), ``words`` or ``symbols`` (both): what the unused ones are."""
    from dobble_print.symbols import IMAGE_SUFFIXES

    pictures = [Path(name).suffix.lower() in IMAGE_SUFFIXES for name in unused]
    return "pictures" if all(pictures) else "words" if not any(pictures) else "symbols"


def _count(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
