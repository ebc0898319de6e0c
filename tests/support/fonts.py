"""Small fonts built by the tests (fontTools FontBuilder), so no test needs a font installed.

Each glyph is a filled box with a notch whose place depends on the character, so two characters
draw differently; TrueType (glyf), CFF, collections and a colour (COLR) emoji font.
"""

from __future__ import annotations

from pathlib import Path

UPM = 1000
ADVANCE = 1000
ASCENT, DESCENT = 880, -120


def _box(cp: int) -> list[tuple[int, int]]:
    notch = 100 + (cp % 7) * 100
    return [(50, -50), (950, -50), (950, 800), (notch + 100, 800), (notch, 500), (50, 800)]


def _glyf(points):
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    pen = TTGlyphPen(None)
    if points:
        pen.moveTo(points[0])
        for p in points[1:]:
            pen.lineTo(p)
        pen.closePath()
    return pen.glyph()


def _charstring(points):
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    pen = T2CharStringPen(ADVANCE, None)
    if points:
        pen.moveTo(points[0])
        for p in points[1:]:
            pen.lineTo(p)
        pen.closePath()
    return pen.getCharString()


def font_builder(chars: str, family: str, *, cff: bool = False, weight: int = 400):
    """A FontBuilder holding ``chars`` (and a space), one box glyph each, ready to save."""
    from fontTools.fontBuilder import FontBuilder

    cps = sorted({ord(ch) for ch in chars} | {32})
    names = [".notdef"] + [f"u{cp:04X}" for cp in cps]
    fb = FontBuilder(UPM, isTTF=not cff)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({cp: f"u{cp:04X}" for cp in cps})
    shapes = {".notdef": _box(0)} | {f"u{cp:04X}": [] if cp == 32 else _box(cp) for cp in cps}
    if cff:
        charstrings = {n: _charstring(s) for n, s in shapes.items()}
        fb.setupCFF(family, {"FullName": family}, charstrings, {})
    else:
        fb.setupGlyf({n: _glyf(s) for n, s in shapes.items()})
    fb.setupHorizontalMetrics({n: (ADVANCE, 50) for n in names})
    fb.setupHorizontalHeader(ascent=ASCENT, descent=DESCENT)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(usWeightClass=weight, sTypoAscender=ASCENT, sTypoDescender=DESCENT)
    fb.setupPost()
    return fb


def make_font(path: Path, chars: str, family: str = "Test", **kw) -> Path:
    """A font file at ``path`` with a glyph for each of ``chars`` (TrueType unless ``cff``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    font_builder(chars, family, **kw).save(path)
    return path


def make_collection(path: Path, faces: list[tuple[str, str]], *, cff: bool = True) -> Path:
    """A ``.ttc`` collection of faces ``(chars, family)``, CFF like Noto Sans CJK's."""
    from fontTools.ttLib import TTCollection

    collection = TTCollection()
    collection.fonts = [font_builder(chars, family, cff=cff).font for chars, family in faces]
    path.parent.mkdir(parents=True, exist_ok=True)
    collection.save(path)
    return path


def make_colour_font(path: Path, chars: str, family: str = "Test Colour Emoji") -> Path:
    """A COLR/CPAL colour font (as Segoe UI Emoji is): each glyph an orange box, a dark notch."""
    fb = font_builder(chars, family)
    names = [n for n in fb.font.getGlyphOrder() if n.startswith("u") and n != "u0020"]
    layers = {}
    for name in names:
        layers[name] = [(f"{name}.a", 0), (f"{name}.b", 1)]
    order = fb.font.getGlyphOrder() + [f"{n}.{k}" for n in names for k in "ab"]
    glyf = {n: fb.font["glyf"][n] for n in fb.font.getGlyphOrder()}
    for name in names:
        cp = int(name[1:], 16)
        glyf[f"{name}.a"] = _glyf(_box(cp))
        glyf[f"{name}.b"] = _glyf([(300, 100), (700, 100), (500, 400)])
    metrics = {n: (ADVANCE, 50) for n in order}
    from fontTools.fontBuilder import FontBuilder

    out = FontBuilder(UPM, isTTF=True)
    out.setupGlyphOrder(order)
    out.setupCharacterMap(fb.font.getBestCmap())
    out.setupGlyf(glyf)
    out.setupHorizontalMetrics(metrics)
    out.setupHorizontalHeader(ascent=ASCENT, descent=DESCENT)
    out.setupNameTable({"familyName": family, "styleName": "Regular"})
    out.setupOS2(sTypoAscender=ASCENT, sTypoDescender=DESCENT)
    out.setupPost()
    out.setupCOLR(layers)
    out.setupCPAL([[(1.0, 0.45, 0.0, 1.0), (0.2, 0.1, 0.0, 1.0)]])
    path.parent.mkdir(parents=True, exist_ok=True)
    out.save(path)
    return path


def system_fonts() -> bool:
    """A TrueType Japanese font and a colour emoji font, as fontconfig lists them."""
    import shutil
    import subprocess

    if not shutil.which("fc-list"):
        return False
    listed = subprocess.run(
        ["fc-list", "--format", "%{file}\n", ":lang=ja"], capture_output=True, text=True, timeout=60
    ).stdout
    emoji = subprocess.run(
        ["fc-list", "--format", "%{file}\n", ":charset=1f98a"],
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    return any(p.endswith(".ttf") for p in listed.split()) and bool(emoji.strip())
