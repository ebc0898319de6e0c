"""What a picture's file name says, as a label: its words, the emoji its code points spell, or
nothing when the name is no words at all.

Phones and cameras name photos by counters and dates (``IMG_4100.HEIC``, ``PXL_20240101_…``,
``WhatsApp Image 2024-01-01 at 10.00.00``); emoji sets name their pictures by code point
(``1f994.svg``, Noto's ``emoji_u1f994.svg``); exports name them by UUID. Printed under a picture,
such a name is noise a child cannot read: a camera's name gets no label, an emoji's code points
get the emoji's CLDR name in the deck's language (``1f994`` → "hedgehog", "hérisson"), which the
bundled picture library holds for every emoji.
"""

from __future__ import annotations

import re
import unicodedata

from dobble_print.symbols.library import emoji_name as library_name
from dobble_print.symbols.words.emoji import KEYCAP, VS15, VS16, ZWJ, is_emoji_line, may_be_emoji

# Words cameras, phones and apps put around their counters and dates; never a picture's subject
# alone ("Photo 3" is a counter, "Photo of Grandma" keeps its label: "of Grandma" is left).
_CAMERA_WORDS = frozenset(
    "img image images dsc dscn dscf dsci pxl mvimg vid video pano burst gopr dji imag pict pic "
    "photo picture foto bild scan screenshot screen shot capture whatsapp signal telegram at "
    "edited edit copy cover mp portrait wa fb received snapchat untitled sam p jpeg heic".split()
)
_TOKEN = re.compile(r"[^\W_]+")  # runs of letters and digits
_UUID = re.compile(r"[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}", re.I)
# a code point sequence: 1f994, 1F468-200D-1F469, emoji_u1f994_200d_1f469, u1f994
_CODES = re.compile(r"(?:emoji_)?u?([0-9a-f]{2,6})((?:[-_ ]u?[0-9a-f]{2,6})*)", re.I)
_SKIN_TONES = range(0x1F3FB, 0x1F400)
_REGIONAL = range(0x1F1E6, 0x1F200)  # regional indicator letters A–Z: two make a flag
_TAGS = range(0xE0020, 0xE0080)


def is_code(token: str) -> bool:
    """A token that is a counter or a code, not a word: digits (``4100``), or letters around
    four digits or more (``DSC01234``, ``WA0001``, ``P1010001``), or a long hex run."""
    digits = sum(ch.isdigit() for ch in token)
    return (
        digits == len(token)
        or digits >= 4
        or (len(token) >= 8 and digits > 0 and all(ch in "0123456789abcdefABCDEF" for ch in token))
    )


def emoji_name(stem: str, language: str = "en") -> str:
    """The name in ``language`` of the emoji a code point name spells: its CLDR name, as the
    bundled library knows it (``1f994`` → hedgehog, hérisson, Igel…; a skin tone let go:
    ``1f44d-1f3fd`` → thumbs up), else its parts' names (``1f468-200d-1f469`` → ``man woman``),
    else its Unicode name in English for an emoji newer than the library; "" when the name
    spells no emoji (``2023`` is a year, ``cafe`` a word)."""
    match = _CODES.fullmatch(stem)
    if not match or not any(ch.isdigit() for ch in stem):
        return ""
    codes = [int(h, 16) for h in re.findall(r"[0-9a-f]{2,6}", stem.lower().removeprefix("emoji_"))]
    if any(c > 0x10FFFF for c in codes):
        return ""
    if named := library_name(stem, language):
        return named
    text = "".join(map(chr, codes))
    if not (is_emoji_line(text) or may_be_emoji(text)) or any(c in _TAGS for c in codes):
        return ""
    drawn = [c for c in codes if c not in (ZWJ, VS15, VS16) and c not in _SKIN_TONES]
    parts = [library_name(f"{c:04x}", language) for c in drawn]
    if all(parts) and not any(c in _REGIONAL for c in drawn):
        return " ".join(parts)
    return _unicode_name(codes)


def _unicode_name(codes: list[int]) -> str:
    """The emoji's Unicode name, lower case, in English (``flag FR``, ``man woman``)."""
    flag = "".join(chr(ord("A") + c - _REGIONAL.start) for c in codes if c in _REGIONAL)
    parts = [f"flag {flag}"] if flag else []
    for c in codes:
        if c in (ZWJ, VS15, VS16) or c in _SKIN_TONES or c in _REGIONAL:
            continue
        name = "keycap" if c == KEYCAP else unicodedata.name(chr(c), "")
        if not name:  # newer than this Python's Unicode tables
            return ""
        parts.append(name.lower())
    return " ".join(parts)


def is_camera_name(stem: str) -> bool:
    """Whether a file's name is no words: a camera's or an app's counter and date
    (``IMG_2034``, ``DSC01234``, ``PXL_20240101_123456789``, ``WhatsApp Image 2024-01-01 at
    10.00.00``), a date, a number, a UUID or a hash."""
    if _UUID.search(stem) or (_CODES.fullmatch(stem) and any(ch.isdigit() for ch in stem)):
        return True  # a UUID, or code points that spell no emoji this Python knows
    tokens = _TOKEN.findall(stem)
    return bool(tokens) and all(t.casefold() in _CAMERA_WORDS or is_code(t) for t in tokens)


def name_label(display: str, stem: str, language: str = "en") -> str | None:
    """The label a picture's file name gives: ``display`` (its name as words), the name in
    ``language`` of the emoji its code points spell, or None when the name is no words
    (:func:`is_camera_name`)."""
    if spelled := emoji_name(stem, language):
        return spelled
    if is_camera_name(stem):
        return None
    return display


def picture_name(name: str, source: str, kind: str, language: str = "en") -> str:
    """A picture's name in ``language`` where its file's name is an emoji's code points
    (``1f344.svg`` → "champignon" in French), as its label reads; ``name`` otherwise, and for
    a word (``kind`` ``"word"``)."""
    from pathlib import PurePath

    if kind not in ("image", "labelled"):
        return name
    return emoji_name(PurePath(source).stem, language) or name


def key_name(name: str, source: str, kind: str, language: str = "en") -> str:
    """The name the answer key prints under a symbol: its ``name`` (an emoji's in
    ``language``: :func:`picture_name`), but none for a picture (``kind`` ``"image"``) whose
    file name is no words (``IMG_4100.HEIC``): the picture above it says more than a camera's
    counter."""
    from pathlib import PurePath

    named = picture_name(name, source, kind, language)
    if named == name and kind == "image" and is_camera_name(PurePath(source).stem):
        return ""
    return named
