"""Word symbols: lines of a UTF-8 text file, set in a font (:mod:`fonts.fallback` says which),
printed as real vector text (or, for a CFF font, its outlines: :mod:`fonts.outlines`).

A word becomes two things that agree exactly: a list of :class:`TextLine` (text, pen position and
size in pixels) that the renderer draws as PDF text with an embedded font subset, and an RGBA raster
of the same lines that the layout packs by its shape. Both advance by the font's own glyph widths
without kerning, as reportlab does, so the printed text covers the packed shape.

Right-to-left words are shaped (Arabic letters joined into their contextual forms with
arabic-reshaper) and put into visual order (python-bidi) before either is drawn, because neither
reportlab nor a plain glyph-by-glyph raster knows how to do that.
"""

from __future__ import annotations

import functools
import math
import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dobble_print.language import N_, Msg
from dobble_print.symbols.encoding import NotText, decode_text

WORD_SUFFIXES = frozenset({".txt"})
MAX_WORDS_BYTES = 1_000_000
MAX_LINES = 3
# What one symbol can show. The largest symbol prints about 47 mm long (an 85 mm card of 8); in
# it, 3 lines of 20 characters, or one word of 30 letters, already print under 3 mm tall. Past
# these a symbol cannot be read, and the work grows with them: every 2- and 3-line cut of a
# phrase is tried (3,000 words: hours), and a 1,000-letter word rasterised took 5 GB.
MAX_SYMBOL_WORDS = 12  # words in one symbol: three lines of four
MAX_SYMBOL_CHARS = 60  # characters in one symbol, spaces included: three lines of 20
MAX_WORD_LETTERS = 30  # characters between two spaces: one line
# A single line wider than this (width / height) is wrapped at spaces when it can be.
WRAP_ASPECT = 3.2
_TARGET_ASPECT = 2.0

# Dark, saturated colours, each at least 4.5:1 against white paper (WCAG AA for text).
PALETTE: tuple[tuple[int, int, int], ...] = (
    (192, 57, 43),  # red
    (31, 97, 141),  # blue
    (30, 132, 73),  # green
    (125, 60, 152),  # purple
    (175, 96, 26),  # amber brown
    (17, 122, 101),  # teal
    (194, 24, 91),  # magenta
    (44, 62, 80),  # slate
    (160, 64, 0),  # rust
    (40, 53, 147),  # indigo
)


class BadWords(Exception):
    """The word list cannot be read; the message is the reason, in a few words."""


class TabbedLines(BadWords):
    """The "word list" is a table: its lines hold cells between tabs (read as a vocabulary
    file's table when it can be, never as glued words)."""


@dataclass(frozen=True)
class TextLine:
    """One line of a word symbol, as drawn.

    Attributes:
        text: the characters in visual (left-to-right drawing) order, Arabic already shaped.
        x: pen start, pixels from the raster's left edge.
        baseline: pixels from the raster's top edge.
        size: font size in pixels.
    """

    text: str
    x: float
    baseline: float
    size: float


@dataclass(frozen=True, eq=False)
class Font:
    """A font face's file and the metrics needed to lay out and check text.

    ``outlines`` says how words in it print: ``"glyf"`` (TrueType) as PDF text with an embedded
    subset, ``"CFF"`` as vector outlines (reportlab cannot embed CFF), ``""`` for a colour
    bitmap (emoji) font, whose glyphs print as pictures. ``index`` is the face's number in a
    collection (``.ttc``).
    """

    path: Path
    cmap: dict[int, str]
    advances: dict[str, int]
    units_per_em: int
    ascent: float  # em
    descent: float  # em, positive
    index: int = 0
    outlines: str = "glyf"
    colour: bool = False

    def advance(self, text: str) -> float:
        """Width in em, glyph advances summed without kerning (as the PDF text will be)."""
        notdef = self.advances.get(".notdef", self.units_per_em // 2)
        total = sum(self.advances.get(self.cmap.get(ord(ch), ".notdef"), notdef) for ch in text)
        return total / self.units_per_em


def load_font(path: Path, index: int = 0) -> Font:
    """Read a font face: TrueType or CFF outlines (``.ttf``, ``.otf``, a ``.ttc`` collection's
    face ``index``), or colour emoji glyphs.

    A face read before is not read again while its file is the same one, unchanged (its
    device, inode, size and change times): reading a CJK face's character map and
    checking the file take ~0.1 s, and a build asks for several faces, the app's builds and a
    test process's for the same ones again. A file that cannot be looked at is read (and
    refused) as before.

    Raises:
        BadWords: when the file is not such a font, or claims what no font may
            (:func:`font_check.font_problem`).
    """
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return _read_font(path, index)
    same = (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)
    return _kept_font(str(path), index, same)


@functools.lru_cache(maxsize=32)
def _kept_font(path: str, index: int, _same_file: tuple[int, ...]) -> Font:
    """:func:`_read_font`, kept while the file stays the same (``_same_file`` is the key)."""
    return _read_font(Path(path), index)


def _read_font(path: Path, index: int) -> Font:
    from fontTools.ttLib import TTFont, TTLibError

    from dobble_print.symbols.fonts.checked import font_problem

    if why := font_problem(path, index):
        raise BadWords(why)
    try:
        tt = TTFont(path, lazy=True, fontNumber=index)
        outlines = "glyf" if "glyf" in tt else "CFF" if ("CFF " in tt or "CFF2" in tt) else ""
        colour = any(t in tt for t in ("CBDT", "sbix", "COLR"))
        if not outlines and not colour:
            raise BadWords(N_("has neither glyph outlines nor colour glyphs to draw words with"))
        fs_type = tt["OS/2"].fsType if "OS/2" in tt else 0
        if fs_type == 0x0002 or fs_type & 0x0300:  # reportlab's own test for embedding rights
            raise BadWords(N_("its licence forbids embedding it in a PDF; choose another font"))
        cmap = dict(tt.getBestCmap() or {})
        advances = {name: adv for name, (adv, _lsb) in tt["hmtx"].metrics.items()}
        upm = tt["head"].unitsPerEm
        hhea = tt["hhea"]
        ascent, descent = hhea.ascent / upm, abs(hhea.descent) / upm
        return Font(path, cmap, advances, upm, ascent, descent, index, outlines, colour)
    except BadWords:
        raise
    except (TTLibError, OSError, KeyError, AssertionError, ValueError):
        # fontTools' reasons name its internals ("'head'", "bad sfntVersion"): not passed on
        raise BadWords(N_("not a font file (or a damaged one)")) from None


@functools.cache
def _grapheme():
    # The stdlib splits no grapheme clusters; regex's \X follows Unicode's rules (UAX #29) and
    # is kept current with each Unicode version.
    import regex

    return regex.compile(r"\X")


# The most code points one seen character may take: Unicode's longest emoji (a family of four
# with skin tones) has 11. A pile of more marks on one letter counts as one more character each
# 11, so a symbol still holds a bounded number of code points to shape and draw.
CLUSTER_CODE_POINTS = 11


def shown_length(text: str) -> int:
    """How many characters a reader sees in ``text``: grapheme clusters, so an emoji family
    joined by ZWJs (7 code points), a flag or a letter with its accents counts as one (see
    :data:`CLUSTER_CODE_POINTS`)."""
    if text.isascii():
        return len(text)
    return sum(-(-len(m.group()) // CLUSTER_CODE_POINTS) for m in _grapheme().finditer(text))


def too_long(text: str) -> Msg | str:
    """Why ``text`` is more than one symbol can show ("3000 words; a symbol shows at most 12"),
    or "" when it fits (see :data:`MAX_SYMBOL_WORDS`); characters are counted as a reader sees
    them (:func:`shown_length`)."""
    words = text.split(" ")
    if len(words) > MAX_SYMBOL_WORDS:
        return N_(
            "{count} words; a symbol shows at most {most}", count=len(words), most=MAX_SYMBOL_WORDS
        )
    if len(text) > MAX_SYMBOL_CHARS and (count := shown_length(text)) > MAX_SYMBOL_CHARS:
        return N_(
            "{count} characters; a symbol shows at most {most}",
            count=count,
            most=MAX_SYMBOL_CHARS,
        )
    longest = max(shown_length(w) if len(w) > MAX_WORD_LETTERS else len(w) for w in words)
    if longest > MAX_WORD_LETTERS:
        return N_(
            "a word of {count} letters; a symbol shows words of at most {most}",
            count=longest,
            most=MAX_WORD_LETTERS,
        )
    return ""


def read_words(path: Path) -> list[tuple[int, str]]:
    """The words of a text file as ``(line number, word)``: UTF-8 (or UTF-16 with its BOM)
    always, whatever the locale.

    Blank lines and lines starting with ``#`` (notes: the README says so) are skipped; runs of
    spaces become one space.

    Raises:
        TabbedLines: when a line holds cells between tabs (a spreadsheet's text export).
        BadWords: when the file is too large, not UTF-8 text, one line of words separated by
            commas or semicolons, or a line more than a symbol can show (:func:`too_long`).
    """
    with path.open("rb") as f:
        raw = f.read(MAX_WORDS_BYTES + 1)
    if len(raw) > MAX_WORDS_BYTES:
        raise BadWords(
            N_("too large for a word list (over {mb} MB)", mb=MAX_WORDS_BYTES // 1_000_000)
        )
    text = _decode(raw)
    if text.lstrip("\ufeff \t\r\n").startswith("{\\rtf"):  # WordPad's or TextEdit's, named .txt
        raise BadWords(
            N_(
                "is a rich-text (RTF) document, not plain text; save it as plain text, one word "
                "per line"
            )
        )
    if _tabbed(text):  # "chat<TAB>cat" read as a word would print "chatcat"
        raise TabbedLines(N_("its lines hold tabs, as a spreadsheet's table saved as text does"))
    words, notes = [], 0
    for number, line in enumerate(text.splitlines(), 1):
        clean = "".join(ch for ch in line if unicodedata.category(ch) != "Cc")
        word = unicodedata.normalize("NFC", " ".join(clean.split()))
        if word.startswith("#"):
            notes += word[1:2] not in ("", " ")  # "#1", not "# my list": a word, perhaps
        elif word:
            words.append((number, word))
    if notes and not words:  # "#1", "#2"…: each read as a note, and "holds no words" puzzled
        raise BadWords(
            N_(
                "its lines all start with #, which marks a note, not a word; remove the # to "
                "print them"
            )
        )
    if len(words) == 1:
        if sep := next((name for s, name in _SEPARATORS.items() if s in words[0][1]), None):
            raise BadWords(sep)
    for number, word in words:
        if why := too_long(word):
            raise BadWords(N_("line {number} has {why}; shorten it", number=number, why=why))
    return words


# How people separate words on one line ("cat, dog, sun"), as named in the message (tabs make a
# table: :class:`TabbedLines`).
_COMMAS = N_("the words are on one line, separated by commas; put one word per line")
_SEPARATORS = {
    ",": _COMMAS,
    ";": N_("the words are on one line, separated by semicolons; put one word per line"),
    "、": _COMMAS,
    "،": _COMMAS,
}


def _decode(raw: bytes) -> str:
    """UTF-8 (with or without a BOM), or UTF-16 (Windows Notepad's and Excel's "Unicode")."""
    try:
        return decode_text(raw)
    except NotText as exc:
        if exc.kind == "utf-16":
            raise BadWords(N_("is damaged UTF-16 text; save it as UTF-8")) from None
        if exc.kind == "utf-8":
            raise BadWords(
                N_("line {line} is not UTF-8 text; save the file as UTF-8", line=exc.line)
            ) from None
        raise BadWords(N_("is binary, not a text file of words")) from None


def _tabbed(text: str) -> bool:
    """Whether a line holds two cells between tabs: a spreadsheet's table, saved as text."""
    return any(
        sum(1 for cell in line.split("\t") if cell.strip()) > 1
        for line in text.splitlines()
        if "\t" in line
    )


def visual(text: str) -> str:
    """``text`` as drawn left to right: Arabic joined into contextual forms, RTL runs reversed."""
    if not _right_to_left(text):
        return text
    import arabic_reshaper

    return display_order(arabic_reshaper.reshape(text))


def display_order(text: str) -> str:
    """``text``'s letters in the order they stand left to right on one line (RTL runs reversed,
    letters unjoined): the order PDF text extractors expect a line's characters in."""
    if not _right_to_left(text):
        return text
    from bidi import get_display

    return get_display(text)


def _right_to_left(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL", "RLE", "RLO", "RLI") for ch in text)


def missing_characters(text: str, font: Font) -> str:
    """The characters of ``text`` (as drawn) that ``font`` has no glyph for, each once."""
    drawn = visual(text)
    seen = dict.fromkeys(
        ch
        for ch in drawn
        if ord(ch) not in font.cmap and unicodedata.category(ch) not in ("Zs", "Cf", "Mn")
    )
    return "".join(seen)


def _break_lines(text: str, font: Font, line_pitch: float) -> list[str]:
    """Split a phrase at spaces into 1–3 lines whose block is closest to 2:1; never next to a
    sign that is no word (``+``, ``×``, ``=``, ``&``): "13 + 23" cut as "13" / "+ 23" read as
    two symbols."""
    words = _unbreakable(text.split(" "))
    if len(words) == 1 or font.advance(visual(text)) / line_pitch <= WRAP_ASPECT:
        return [text]
    best, best_score = [text], math.inf
    for lines in range(2, min(MAX_LINES, len(words)) + 1):
        parts = balanced_lines(words, lines, font)
        width = max(font.advance(visual(p)) for p in parts)
        score = abs(math.log(width / (lines * line_pitch) / _TARGET_ASPECT))
        if score < best_score - 1e-9:
            best, best_score = parts, score
    return best


def _unbreakable(words: list[str]) -> list[str]:
    """``words`` with every sign that holds no letter or digit joined to both its neighbours."""
    out: list[str] = []
    glue = False
    for word in words:
        sign = not any(ch.isalnum() for ch in word)
        if out and (glue or sign):
            out[-1] += " " + word
        else:
            out.append(word)
        glue = sign
    return out


def balanced_lines(words: list[str], lines: int, font: Font) -> list[str]:
    """``words`` cut at spaces into ``lines`` lines as even as they can be: the longest line as
    short as it can be, then the shortest as long. Whole words only: a word cut in two (or
    hyphenated) reads as two words to a child. Of cuts with the same longest line, the first
    kept used to win: "a / big / red fire engine"."""
    best: list[str] = []
    best_key = (math.inf, math.inf)
    for cuts in _cut_points(len(words), lines):
        ends = zip((0, *cuts), (*cuts, len(words)), strict=True)
        parts = [" ".join(words[a:b]) for a, b in ends]
        widths = [font.advance(visual(p)) for p in parts]
        key = (round(max(widths), 9), -round(min(widths), 9))
        if key < best_key:
            best, best_key = parts, key
    return best


def _cut_points(n: int, lines: int):
    if lines == 2:
        yield from ((i,) for i in range(1, n))
    else:
        yield from ((i, j) for i in range(1, n - 1) for j in range(i + 1, n))


def render_word(
    text: str, *, font: Font, color: tuple[int, int, int], max_px: int
) -> tuple[np.ndarray, tuple[TextLine, ...]]:
    """Lay out ``text`` and rasterise it, longer side about ``max_px`` pixels.

    Returns:
        The RGBA raster (colour with the text's coverage as alpha, not yet trimmed) and its lines.
    """
    from PIL import Image, ImageDraw, ImageFont

    pitch = max(1.15, font.ascent + font.descent)
    parts = [visual(p) for p in _break_lines(text, font, pitch)]
    width_em = max(max(font.advance(p) for p in parts), 0.3)
    height_em = (len(parts) - 1) * pitch + font.ascent + font.descent
    size = max_px / max(width_em, height_em)
    pad = math.ceil(0.25 * size)  # glyphs may overhang their advance box (italics, marks)
    w = math.ceil(width_em * size) + 2 * pad
    h = math.ceil(height_em * size) + 2 * pad
    mask = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(mask)
    pil_font = ImageFont.truetype(
        str(font.path), size=size, index=font.index, layout_engine=ImageFont.Layout.BASIC
    )
    lines = []
    for i, part in enumerate(parts):
        x = pad + (width_em - font.advance(part)) / 2 * size
        baseline = pad + (font.ascent + i * pitch) * size
        lines.append(TextLine(part, x, baseline, size))
        pen = x
        for ch in part:  # glyph by glyph at the font's own advances, exactly as the PDF places them
            draw.text((pen, baseline), ch, font=pil_font, fill=255, anchor="ls")
            pen += font.advance(ch) * size
    rgba = np.zeros((h, w, 4), np.uint8)
    rgba[..., :3] = color
    rgba[..., 3] = np.asarray(mask)
    return rgba, tuple(lines)


def shift_lines(lines: tuple[TextLine, ...], dx: float, dy: float) -> tuple[TextLine, ...]:
    """Lines moved by (dx, dy) pixels: used once the raster is trimmed to its ink."""
    return tuple(TextLine(t.text, t.x + dx, t.baseline + dy, t.size) for t in lines)


@functools.lru_cache(maxsize=32)
def cap_height(path: str) -> float:
    """The height of the font's capitals, em: its OS/2 ``sCapHeight`` (version 2 on), else the
    top of its "H", else 0.7 (a usual share). What a reader's eye takes for the size of print."""
    from fontTools.ttLib import TTFont

    tt = TTFont(path, lazy=True, fontNumber=0)
    upm = tt["head"].unitsPerEm
    os2 = tt["OS/2"] if "OS/2" in tt else None
    if os2 is not None and os2.version >= 2 and getattr(os2, "sCapHeight", 0) > 0:
        return os2.sCapHeight / upm
    glyph = (tt.getBestCmap() or {}).get(ord("H"))
    if glyph and "glyf" in tt:
        g = tt["glyf"][glyph]
        if g.numberOfContours:
            g.recalcBounds(tt["glyf"])
            return g.yMax / upm
    return 0.7


@functools.lru_cache(maxsize=32)
def space_width(path: str, index: int = 0) -> float:
    """The font's word space, em: the advance of its space character (0.25 em when it has
    none, a usual share). The least gap that keeps two words apart on a line."""
    font = load_font(Path(path), index)
    glyph = font.cmap.get(ord(" "))
    if glyph is None or glyph not in font.advances:
        return 0.25
    return font.advances[glyph] / font.units_per_em


# Letters that read as another letter turned upside down (6/9, u/n, b/q, d/p, M/W, m/w, L/7) or
# sideways (N/Z/z): where letters may turn past 90°, they get a bar under them, as on dice.
TURNED_LOOKALIKES = frozenset("69unbqdpMWmwL7NZz")
BAR_GAP = 0.1  # em between the letter's lowest ink and its bar
BAR_THICKNESS = 0.06  # em: thinner than a stroke, so it reads as an underline, not a letter
BAR_WIDTH = 0.8  # of the letter's ink width


# The characters a letter deck teaches: cased letters (Latin, Greek, Cyrillic...) and digits. An
# ideograph or kana (category Lo) is a word, however short: 猫 stays as upright as 電車.
LETTER_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Nd"})


def is_letter(word: str) -> bool:
    """One letter or digit, a letter deck's symbol (``a``, ``Z``, ``7``, ``Ж``): it turns like a
    picture, and ``a`` and ``A`` are two symbols."""
    return len(word) == 1 and unicodedata.category(word) in LETTER_CATEGORIES


def needs_bar(word: str) -> bool:
    """A letter that reads as another when turned (see ``TURNED_LOOKALIKES``)."""
    return is_letter(word) and word in TURNED_LOOKALIKES


def add_bar(rgba: np.ndarray, line: TextLine) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """``rgba`` (a letter's untrimmed raster) with a bar under its ink, centred on it, in whole
    pixels so the raster and the PDF's rectangle agree; returns the raster and the bar as
    (left, top, right, bottom) pixels."""
    ink = rgba[..., 3] >= 128
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    if not len(rows):
        return rgba, (0, 0, 0, 0)
    middle, half = (cols[0] + cols[-1] + 1) / 2, BAR_WIDTH * (cols[-1] + 1 - cols[0]) / 2
    top = int(rows[-1]) + 1 + max(1, round(BAR_GAP * line.size))
    bar = (
        round(middle - half),
        top,
        round(middle + half),
        top + max(1, round(BAR_THICKNESS * line.size)),
    )
    height = max(rgba.shape[0], bar[3] + 1)
    out = np.zeros((height, rgba.shape[1], 4), np.uint8)
    out[: rgba.shape[0]] = rgba
    out[..., :3] = rgba[0, 0, :3]  # one colour: the word's
    out[bar[1] : bar[3], bar[0] : bar[2], 3] = 255
    return out, bar
