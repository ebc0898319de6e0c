"""Labels: a picture printed with its name under it, the two one symbol (``--labels``).

The label is packed with its picture as one shape, so the layout keeps it clear of every other
symbol and inside the safe area, and it turns no more than a word does. It prints as real text,
drawn exactly where its raster lies in the shape, as a word symbol's lines are.
"""

from __future__ import annotations

import dataclasses
import math
import unicodedata
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from dobble_print.card import CardLayout
from dobble_print.errors import Advice, Notice, notice
from dobble_print.language import N_, Nn_
from dobble_print.symbols.fonts.fallback import WordFonts, missing_warning, word_fonts
from dobble_print.symbols.fonts.outlines import outline_lines
from dobble_print.symbols.loading import trim
from dobble_print.symbols.names import display_name
from dobble_print.symbols.pixels import Pixels
from dobble_print.symbols.symbol import Symbol, SymbolOptions, SymbolSet
from dobble_print.symbols.words.emoji import is_emoji_line, may_be_emoji
from dobble_print.symbols.words.file_names import name_label
from dobble_print.symbols.words.typeset import (
    Font,
    load_font,
    render_word,
    shift_lines,
)

LABEL_COLOR = (44, 62, 80)  # dark slate, as the words' palette: 11:1 against white paper
# The label's font size, a share of the picture's √(width × height): about 11 pt under a 20 mm
# picture and 6 to 7 pt under the smallest of a card of 8 on 85 mm.
LABEL_SIZE = 0.2
LABEL_WIDEST = 1.6  # a label at most this times wider than its picture (√area) is shrunk to fit
LABEL_GAP = 0.2  # between the picture's ink and the label's, a share of the font size
READABLE_PT = 6.0  # a label's font size under which it is hard to read in print


def label_fonts(texts: Sequence[str], options: SymbolOptions) -> tuple[WordFonts, Font]:
    """The fonts labels (and a vocabulary's text faces) are set in, as words are
    (:func:`fallback.word_fonts`: ``--font`` files, the bundled font, installed ones); and the
    bundled font, for a text no font has in full.

    Raises:
        OptionError: a ``--font`` file that is missing or not a usable font.
    """
    from dobble_print.resources import default_font

    fonts = word_fonts(list(texts), options.fonts) or WordFonts()
    return fonts, load_font(default_font())


def _label(text: str, font: Font, size: float) -> tuple[np.ndarray, tuple]:
    """The label's raster trimmed to its ink, and its lines, at font size ``size`` pixels."""
    probe = 100
    rgba, lines = render_word(text, font=font, color=LABEL_COLOR, max_px=probe)
    # render_word sizes the text by its longer side; its font size is proportional to that
    rgba, lines = render_word(
        text, font=font, color=LABEL_COLOR, max_px=max(8, round(probe * size / lines[0].size))
    )
    cut = trim(rgba)
    if cut is None:
        return np.zeros((1, 1, 4), np.uint8), ()
    pixels, left, top = cut
    return pixels, shift_lines(lines, -left, -top)


def label_symbol(symbol: Symbol, text: str, font: Font) -> Symbol:
    """``symbol`` (a picture) with ``text`` under it, centred: a ``"labelled"`` symbol."""
    text = unicodedata.normalize("NFC", text)
    picture = symbol.rgba
    ph, pw = picture.shape[:2]
    side = math.sqrt(pw * ph)
    size = LABEL_SIZE * side
    label, lines = _label(text, font, size)
    widest = LABEL_WIDEST * max(side, pw)
    if label.shape[1] > widest:
        size *= widest / label.shape[1]
        label, lines = _label(text, font, size)
    lh, lw = label.shape[:2]
    gap = math.ceil(LABEL_GAP * size)
    width, height = max(pw, lw), ph + gap + lh
    rgba = np.zeros((height, width, 4), np.uint8)
    left = (width - pw) // 2
    rgba[:ph, left : left + pw] = picture
    label_left = (width - lw) // 2
    rgba[ph + gap :, label_left : label_left + lw] = label
    lines = shift_lines(lines, label_left, ph + gap)
    return dataclasses.replace(
        symbol,
        pixels=Pixels.of(rgba),
        kind="labelled",
        lines=lines,
        font=str(font.path),
        font_index=font.index,
        outline=outline_lines(lines, font) if font.outlines != "glyf" else (),
        color=LABEL_COLOR,
        picture=symbol.pixels,
        picture_at=(left, 0),
    ).keeping(symbol, "colour_sample")  # its picture's, sampled where it was decoded


def is_labelled(name: str) -> bool:
    """Whether a picture named ``name`` gets a label: not when its name is only emoji
    (``🍕.svg``): the name is the picture, and a second picture (the emoji in colour) or boxes
    under it would read as two symbols."""
    return not (is_emoji_line(name) or may_be_emoji(name))


def label_text(symbol: Symbol, language: str = "en") -> str | None:
    """What a picture's label reads: its file's own name (``Cat.svg`` → ``Cat``), not the name
    made distinct for the answer key (``d/Cat``, ``cat (2)``): the card shows one picture, and
    a folder in its label is noise. An emoji's code points read as its name in ``language``
    (``1f994.svg`` → "hedgehog", "hérisson"); a word drawn as a bundled picture reads as the
    word; None for a name that is no words (``IMG_4100.HEIC``: :mod:`words.file_names`)."""
    if symbol.label:
        return symbol.label
    path = Path(symbol.source)
    return name_label(display_name(path), path.stem, language)


def _unnamed_warning(count: int, example: str) -> Notice:
    """The one line for pictures whose file names are no words, so they print unlabelled."""
    return notice(
        Nn_(
            "{count} picture prints without a label: its name is a camera's numbers, a date or a "
            "code, not words (e.g. {example}); rename it to label it",
            "{count} pictures print without a label: their names are a camera's numbers, a date "
            "or a code, not words (e.g. {example}); rename them to label them",
            count,
            example=example,
        )
    )


def with_labels(loaded: SymbolSet, options: SymbolOptions, language: str = "en") -> SymbolSet:
    """Every picture of ``loaded`` labelled with its name (words, emoji lines of a word list
    included, stay as they are), each in the font words of its script print in; a warning for
    each name no font has in full. A picture named with emoji only stays unlabelled
    (:func:`is_labelled`), and so does one whose name is no words (a camera's ``IMG_4100``),
    all of those said in one warning.

    Raises:
        OptionError: a ``--font`` file that is missing or not a usable font.
    """
    # pictures from files; an emoji line of a word list is a picture too, drawn from a font
    pictures = [i for i, s in enumerate(loaded.symbols) if s.kind == "image" and not s.font]
    named = {i: label_text(loaded.symbols[i], language) for i in pictures}
    unnamed = [Path(loaded.symbols[i].source).name for i, text in named.items() if text is None]
    texts = {i: text for i, text in named.items() if text is not None and is_labelled(text)}
    fonts, bundled = label_fonts(list(texts.values()), options)
    symbols, warnings = [], [_unnamed_warning(len(unnamed), unnamed[0])] if unnamed else []
    for i, symbol in enumerate(loaded.symbols):
        if i not in texts:
            symbols.append(symbol)
            continue
        at = Path(symbol.source)
        if said := missing_warning((at,), texts[i], fonts, what=N_("the label "), file=at):
            warnings.append(said)
        font = fonts.text.get(texts[i], bundled)
        symbols.append(label_symbol(symbol, texts[i], font))
    return dataclasses.replace(
        loaded, symbols=tuple(symbols), warnings=loaded.warnings + tuple(warnings)
    )


def label_points(layouts: Sequence[CardLayout], symbols: Sequence[Symbol]) -> list[float]:
    """The font size, in points, each card's smallest printed label (or word face) is set in;
    ``inf`` for a card with none."""
    out = []
    for layout in layouts:
        least = math.inf
        for p in layout.placements:
            symbol = symbols[p.symbol]
            if symbol.lines:
                mm = min(line.size for line in symbol.lines) * p.height / symbol.pixels.shape[0]
                least = min(least, mm / 25.4 * 72)
        out.append(least)
    return out


def small_labels(layouts: Sequence[CardLayout], symbols: Sequence[Symbol]) -> list[Notice]:
    """A warning when a picture's label prints under ``READABLE_PT`` (none for word decks)."""
    if not any(s.kind == "labelled" for s in symbols):
        return []
    only = [
        CardLayout(tuple(p for p in layout.placements if symbols[p.symbol].kind == "labelled"))
        for layout in layouts
    ]
    sizes = label_points(only, symbols)
    least = min(sizes, default=math.inf)
    if least >= READABLE_PT:
        return []
    card = sizes.index(least) + 1
    return [
        notice(
            (
                N_(
                    "labels print as small as {size:.1f} pt (card {card}), hard to read under "
                    "{readable:g} pt; use ",
                    size=float(least),
                    card=card,
                    readable=float(READABLE_PT),
                ),
                Advice("larger", "card"),
                Advice("fewer", "symbols_per_card", lead=N_(" or ")),
            )
        )
    ]
