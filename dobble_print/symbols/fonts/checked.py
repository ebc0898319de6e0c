"""Fonts checked before use: what fontTools, FreeType and reportlab would otherwise trust.

A font file is a table of contents and tables that point at each other, and the libraries that
read it expand what it claims: a character map whose ranges claim all of Unicode 20,000 times
(a 1 MB file) became 10 GB of Python dictionary; a composite glyph made of itself recursed
without end; a ``unitsPerEm`` of 0 divided by zero. Each claim is checked here from the raw
bytes, before any library expands it, and a bad font is refused in a few words (the caller
names the file).
"""

from __future__ import annotations

import struct
from pathlib import Path

# The head table's range (OpenType spec: 16 to 16384); FreeType refuses sizes below 64 units
# to the em with "invalid ppem" once a word is drawn small, so that is the floor here.
UNITS_PER_EM = (64, 16384)
MAX_CODE_POINT = 0x10FFFF
# Code points one character map may claim: all of Unicode, once. More is a lie that costs
# memory (every claimed character becomes an entry).
MAX_MAPPED = MAX_CODE_POINT + 1
# Components within components: real fonts nest 1 to 3 deep (maxp.maxComponentDepth); FreeType
# itself gives up past 100.
MAX_COMPONENT_DEPTH = 16


def font_problem(path: Path, index: int = 0) -> str:
    """Why the face ``index`` of the font file ``path`` must not be used, or "" when it may.

    Only what the raw bytes claim is checked; a file that is no font at all is left to the
    caller's own reading (it fails there, cheaply).
    """
    from fontTools.ttLib import TTFont, TTLibError

    try:
        size = path.stat().st_size
        with TTFont(path, lazy=True, fontNumber=index) as tt:
            if tt.flavor:
                return f"is a {tt.flavor.upper()} web font, not a TrueType or OpenType file"
            reader = tt.reader
            for tag, entry in reader.tables.items():
                if entry.offset + entry.length > size:
                    return f"its {tag.strip()} table runs past the end of the file (damaged)"
            if "head" in reader:
                upm = struct.unpack(">H", reader["head"][18:20])[0]
                low, high = UNITS_PER_EM
                if not low <= upm <= high:
                    return f"its unitsPerEm is {upm}, outside {low} to {high}"
            if "cmap" in reader and (why := _cmap_problem(reader["cmap"])):
                return why
            if {"glyf", "loca", "head"} <= set(reader.keys()):
                return _composite_problem(reader["glyf"], reader["loca"], reader["head"])
    except (TTLibError, OSError, struct.error, ValueError, IndexError, AssertionError):
        return ""
    return ""


def _cmap_problem(data: bytes) -> str:
    """Why the character map ``data`` claims more than Unicode has, or ""."""
    count = struct.unpack(">H", data[2:4])[0]
    for i in range(count):
        offset = struct.unpack(">I", data[4 + 8 * i + 4 : 4 + 8 * i + 8])[0]
        kind = struct.unpack(">H", data[offset : offset + 2])[0]
        if kind not in (12, 13):  # the others are bounded by their 16-bit fields
            continue
        groups = struct.unpack(">I", data[offset + 12 : offset + 16])[0]
        if groups > MAX_MAPPED:
            return f"its character map has {groups} ranges, more than Unicode has characters"
        claimed = 0
        for g in range(groups):
            at = offset + 16 + 12 * g
            start, end = struct.unpack(">II", data[at : at + 8])
            if end < start or end > MAX_CODE_POINT:
                return f"its character map has a range {start:X}-{end:X} outside Unicode"
            claimed += end - start + 1
            if claimed > MAX_MAPPED:
                return "its character map claims more characters than Unicode has"
    return ""


def _composite_problem(glyf: bytes, loca: bytes, head: bytes) -> str:
    """Why the composite glyphs of ``glyf`` cannot be drawn (one made of itself, or nested
    deeper than :data:`MAX_COMPONENT_DEPTH`), or ""."""
    long_offsets = struct.unpack(">h", head[50:52])[0] == 1
    offsets = (
        struct.unpack(f">{len(loca) // 4}I", loca[: len(loca) // 4 * 4])
        if long_offsets
        else tuple(2 * o for o in struct.unpack(f">{len(loca) // 2}H", loca[: len(loca) // 2 * 2]))
    )
    parts = {}
    for glyph in range(len(offsets) - 1):
        start, end = offsets[glyph], offsets[glyph + 1]
        if end - start >= 10 and struct.unpack(">h", glyf[start : start + 2])[0] < 0:
            parts[glyph] = _components(glyf, start + 10, end)
    depth: dict[int, int] = {}
    for glyph in parts:
        if _depth(glyph, parts, depth, ()) > MAX_COMPONENT_DEPTH:
            return (
                f"its glyph {glyph} is made of itself or of glyphs nested over "
                f"{MAX_COMPONENT_DEPTH} deep"
            )
    return ""


_ARGS_ARE_WORDS, _HAVE_SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO = 0x1, 0x8, 0x20, 0x40, 0x80


def _components(glyf: bytes, at: int, end: int) -> tuple[int, ...]:
    """The glyph indices a composite glyph's record (from ``at``) is made of."""
    found = []
    while at + 4 <= end:
        flags, glyph = struct.unpack(">HH", glyf[at : at + 4])
        found.append(glyph)
        at += 4 + (4 if flags & _ARGS_ARE_WORDS else 2)
        at += (
            2
            if flags & _HAVE_SCALE
            else 4
            if flags & _XY_SCALE
            else 8
            if flags & _TWO_BY_TWO
            else 0
        )
        if not flags & _MORE:
            break
    return tuple(found)


def _depth(glyph: int, parts: dict, known: dict[int, int], path: tuple[int, ...]) -> int:
    """How deep ``glyph``'s components nest; past the limit (a cycle included) as soon as seen."""
    if glyph in known:
        return known[glyph]
    if glyph in path or len(path) > MAX_COMPONENT_DEPTH:
        return MAX_COMPONENT_DEPTH + 1
    inner = [_depth(g, parts, known, (*path, glyph)) for g in parts.get(glyph, ()) if g in parts]
    known[glyph] = 1 + max(inner, default=0)
    return known[glyph]
