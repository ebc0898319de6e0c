"""Emoji lines of a word list, printed as colour pictures from the installed colour emoji font.

An emoji is a picture, not a letter: a fox drawn as a black outline (the few emoji text fonts
have) is a poor symbol. So a line that is only emoji becomes a picture symbol, drawn by Pillow
from the machine's colour emoji font (Noto Color Emoji, Apple Color Emoji, Segoe UI Emoji; their
CBDT, sbix or COLR glyphs) at its largest bitmap size and packed like any picture. The package
ships no emoji pictures: the fonts are on nearly every desktop, and a few thousand pictures would
outweigh the whole package.
"""

from __future__ import annotations

import numpy as np

from dobble_print.symbols.words.typeset import Font

ZWJ, VS16, KEYCAP = 0x200D, 0xFE0F, 0x20E3
# Blocks of emoji and pictographs drawn in colour by default (emoji presentation).
_COLOUR_BLOCKS = ((0x1F000, 0x1FAFF),)
# Blocks whose symbols are text unless VS16 follows (☀, ✂, ⌚): emoji only in such a line.
_TEXT_BLOCKS: tuple[tuple[int, int], ...] = (
    (0x2190, 0x21FF),
    (0x2300, 0x23FF),
    (0x2460, 0x27BF),
    (0x2900, 0x297F),
)
_TEXT_BLOCKS += ((0x2B00, 0x2BFF), (0x3030, 0x3030), (0x303D, 0x303D), (0x3297, 0x3299))
_JOINERS = {ZWJ, VS16, KEYCAP, 0xFE0E} | set(range(0xE0020, 0xE0080))  # + tag characters
SCALABLE_PX = 256  # drawing size of a colour font with scalable glyphs (COLR)
LARGEST_STRIKE = 160  # never ask a bitmap font for more (Apple Color Emoji has 160 px)


def _in(cp: int, blocks) -> bool:
    return any(lo <= cp <= hi for lo, hi in blocks)


def is_emoji_line(word: str) -> bool:
    """True when ``word`` is only emoji (with their joiners, skin tones and flags): one shows
    a colour picture, a word with letters around an emoji stays text."""
    cps = [ord(ch) for ch in word if ch != " "]
    if not any(_in(cp, _COLOUR_BLOCKS) or cp == VS16 for cp in cps):
        return False
    return all(
        _in(cp, _COLOUR_BLOCKS) or _in(cp, _TEXT_BLOCKS) or cp in _JOINERS or 0x30 <= cp <= 0x39
        for cp in cps
    )


# Symbols that name no emoji of these blocks but have one (©, ®, ‼, ⁉, ™, ℹ).
_OTHER_EMOJI = frozenset(map(ord, "\u00a9\u00ae\u203c\u2049\u2122\u2139"))
_KEYCAP_BASES = frozenset(map(ord, "0123456789#*"))
VS15 = 0xFE0E  # text presentation, asked for: the line stays text


def may_be_emoji(word: str) -> bool:
    """True when ``word`` is only symbols that a colour emoji font may draw (☕, ⭐, ⚽, ♠: of
    category So or the emoji blocks, with joiners and skin tones; digits only in a keycap), so
    it is an emoji line if such a font has them; a letter, a digit alone or VS15 keeps it text.
    """
    import unicodedata

    cps = [ord(ch) for ch in word if ch != " "]
    if VS15 in cps:
        return False
    keycap = KEYCAP in cps
    drawn = [cp for cp in cps if cp not in _JOINERS]
    return bool(drawn) and all(
        (keycap and cp in _KEYCAP_BASES)
        or _in(cp, _COLOUR_BLOCKS)
        or _in(cp, _TEXT_BLOCKS)
        or cp in _OTHER_EMOJI
        or unicodedata.category(chr(cp)) == "So"
        for cp in drawn
    )


def is_emoji_character(ch: str) -> bool:
    """A character whose font to install is a colour emoji font (for the missing-font hint)."""
    cp = ord(ch)
    return _in(cp, _COLOUR_BLOCKS) or _in(cp, _TEXT_BLOCKS) or cp in _OTHER_EMOJI


def emoji_characters(word: str) -> str:
    """The characters a colour font needs a glyph for (joiners and selectors are not drawn)."""
    return "".join(dict.fromkeys(ch for ch in word if ord(ch) not in _JOINERS and ch != " "))


def render_emoji(word: str, font: Font, *, max_px: int) -> np.ndarray:
    """``word`` drawn in colour from ``font``, longest side about ``max_px`` (RGBA, untrimmed).

    Bitmap fonts are drawn at their largest strike (109 px for Noto Color Emoji) and scaled
    smoothly; the print then has no visible pixel steps at card sizes.
    """
    from PIL import Image, ImageDraw, ImageFont, features

    layout = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
    pil_font = ImageFont.truetype(
        str(font.path), size=_draw_size(font), index=font.index, layout_engine=layout
    )
    # whole pixels from a FreeType font (typeshed allows the floats of other fonts)
    left, top, right, bottom = map(int, pil_font.getbbox(word, mode="RGBA"))
    pad = 2
    im = Image.new("RGBA", (right - left + 2 * pad, bottom - top + 2 * pad), (0, 0, 0, 0))
    ImageDraw.Draw(im).text((pad - left, pad - top), word, font=pil_font, embedded_color=True)
    im = Image.fromarray(_straight(np.asarray(im)), "RGBA")
    scale = max_px / max(im.size)
    if scale > 1:
        size = (max(1, round(im.width * scale)), max(1, round(im.height * scale)))
        im = im.resize(size, Image.Resampling.LANCZOS)
    return np.asarray(im).copy()


def _straight(rgba: np.ndarray) -> np.ndarray:
    """Colours as they are, not darkened by their transparency.

    Pillow blends a colour glyph into the transparent (black) canvas, so an edge pixel half
    covered holds half its colour; printed over a soft mask, those edges showed as a dark fringe.
    """
    alpha = rgba[..., 3:].astype(np.float32)
    rgb = rgba[..., :3] * (255.0 / np.maximum(alpha, 1.0))
    out = rgba.copy()
    out[..., :3] = np.where(alpha > 0, np.minimum(np.rint(rgb), 255), 0).astype(np.uint8)
    return out


def _draw_size(font: Font) -> int:
    """The size to ask Pillow for: a bitmap font's largest strike (other sizes are refused)."""
    from fontTools.ttLib import TTFont

    with TTFont(font.path, lazy=True, fontNumber=font.index) as tt:
        if "CBLC" in tt:
            sizes = [s.bitmapSizeTable.ppemY for s in tt["CBLC"].strikes]
        elif "sbix" in tt:
            sizes = list(tt["sbix"].strikes)
        else:
            return SCALABLE_PX
    fitting = [s for s in sizes if s <= LARGEST_STRIKE]
    return max(fitting or sizes)
