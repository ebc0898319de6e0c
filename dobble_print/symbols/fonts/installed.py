"""Installed fonts: which faces on this machine have given characters, best first.

Word symbols are set in the bundled DejaVu Sans; a word in a script it lacks (Japanese, Thai, an
emoji) needs a font the machine has. fontconfig knows every installed font and can answer "which
fonts have these characters" at once (``fc-list :charset=…``); without it (macOS, Windows) the
standard font folders are scanned and each face's character map read with fontTools, once per
process. ``DOBBLE_PRINT_FONT_DIRS`` (folders separated by the path separator) replaces both, so
the tests decide exactly which fonts exist, whatever the machine has installed.

The answer never depends on the order a folder lists its files: faces are ranked by what they are
(embeddable TrueType before CFF, upright regular sans before the rest), then by path and index.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FONT_DIRS_ENV = "DOBBLE_PRINT_FONT_DIRS"
FONT_SUFFIXES = frozenset({".ttf", ".otf", ".ttc", ".otc"})
FC_TIMEOUT = 20  # seconds for one fc-list; a first run may build fontconfig's cache
COLOUR_TABLES = ("CBDT", "sbix", "COLR")
# Words in a face's name that mark it as a second choice for words on a card: serif, mono, and
# decorative styles read less easily at a glance than a plain sans.
_SECOND_CHOICE = ("serif", "mincho", "ming", "song", "mono", "kaiti", "fangsong", "myeongjo")


@dataclass(frozen=True, order=True)
class FontFace:
    """One face of a font file: ``index`` is its number in a collection (``.ttc``), else 0."""

    path: Path
    index: int = 0


@dataclass(frozen=True)
class FaceInfo:
    """What the chooser needs to know about a face, read once.

    Attributes:
        cmap: the code points it has glyphs for.
        outlines: ``"glyf"`` (TrueType: reportlab embeds it as text), ``"CFF"`` (drawn as
            outlines) or ``""`` (bitmaps only).
        colour: it has colour glyphs (CBDT, sbix or COLR): an emoji font.
        embeddable: its licence allows embedding (OS/2 fsType), as reportlab checks.
        name: family and style, for messages and ranking.
        rank: smaller is preferred for text (slant, style, weight); see :func:`_rank`.
    """

    cmap: frozenset[int]
    outlines: str
    colour: bool
    embeddable: bool
    name: str
    rank: tuple


def read_face(face: FontFace) -> FaceInfo | None:
    """The face's :class:`FaceInfo`, or None when it is not a readable font (kept per process)."""
    try:
        stat = face.path.stat()
    except OSError:
        return None
    return _read_face(face, stat.st_size, stat.st_mtime_ns)


@cache
def _read_face(face: FontFace, _size: int, _mtime: int) -> FaceInfo | None:
    from fontTools.ttLib import TTFont

    from dobble_print.symbols.fonts.checked import font_problem

    if font_problem(face.path, face.index):  # an installed font that would cost gigabytes
        return None
    try:
        with TTFont(face.path, lazy=True, fontNumber=face.index) as tt:
            outlines = "glyf" if "glyf" in tt else "CFF" if ("CFF " in tt or "CFF2" in tt) else ""
            os2 = tt["OS/2"] if "OS/2" in tt else None
            fs_type = os2.fsType if os2 is not None else 0
            weight = os2.usWeightClass if os2 is not None else 400
            italic = bool(os2.fsSelection & 1) if os2 is not None else False
            proportion = os2.panose.bProportion if os2 is not None and os2.panose else 0
            name = tt["name"].getBestFullName() if "name" in tt else None
            return FaceInfo(
                cmap=frozenset(tt.getBestCmap() or {}),
                outlines=outlines,
                colour=any(t in tt for t in COLOUR_TABLES),
                embeddable=not (fs_type == 0x0002 or fs_type & 0x0300),
                name=name or face.path.stem,
                rank=_rank(name or face.path.stem, weight, italic, proportion),
            )
    except Exception:  # noqa: BLE001 - any unreadable file in a font folder is simply not a font
        return None


def _rank(name: str, weight: int, italic: bool, proportion: int) -> tuple:
    """Upright first, then plain sans (not serif, not monospaced: PANOSE proportion 9 — IPAGothic
    sets kana on a fixed pitch, IPAPGothic proportionally), regular weight, not condensed."""
    lower = name.lower()
    second = any(w in lower for w in _SECOND_CHOICE) or proportion == 9
    return (italic, second, abs(weight - 400), proportion in (6, 8))


def faces_with(chars: str, *, colour: bool = False) -> tuple[FontFace, ...]:
    """The installed faces that have every character of ``chars``, best first.

    For text (``colour=False``): faces with outlines, TrueType ones first (they stay searchable
    text in the PDF), whose licence allows embedding. For ``colour``: faces with colour glyphs.
    """
    wanted = frozenset(map(ord, chars))
    if not wanted:
        return ()
    found = []
    for face in _candidates(wanted):
        info = read_face(face)
        if info is None or not wanted <= info.cmap or not info.embeddable:
            continue
        if colour and info.colour:
            found.append(((face.path.name, face.index), face))
        elif not colour and info.outlines and not info.colour:
            found.append(((info.outlines != "glyf", *info.rank, str(face.path), face.index), face))
    return tuple(face for _key, face in sorted(found, key=lambda kf: kf[0]))


def _candidates(wanted: frozenset[int]) -> tuple[FontFace, ...]:
    """Faces that may have ``wanted``: fontconfig's answer, or every face of the font folders."""
    if os.environ.get(FONT_DIRS_ENV) is not None:
        return scan_folders(
            tuple(Path(p) for p in os.environ[FONT_DIRS_ENV].split(os.pathsep) if p)
        )
    fc_list = shutil.which("fc-list")
    if fc_list:
        return _fontconfig(fc_list, wanted)
    return scan_folders(standard_font_dirs())


def _fontconfig(fc_list: str, wanted: frozenset[int]) -> tuple[FontFace, ...]:
    charset = " ".join(f"{cp:x}" for cp in sorted(wanted))
    try:
        out = subprocess.run(
            [
                fc_list,
                "-f",
                "%{file}\t%{index}\n",
                f":charset={charset}",
            ],  # -f is fc-list's --format
            capture_output=True,
            text=True,
            timeout=FC_TIMEOUT,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return scan_folders(standard_font_dirs())
    faces = set()
    for line in out.splitlines():
        path, _, index = line.partition("\t")
        if Path(path).suffix.lower() in FONT_SUFFIXES:
            faces.add(FontFace(Path(path), int(index) if index.isdigit() else 0))
    return tuple(sorted(faces))


def standard_font_dirs() -> tuple[Path, ...]:
    """Where Linux, macOS and Windows keep fonts, system-wide and per user."""
    home = Path.home()
    if sys.platform == "darwin":
        return (Path("/System/Library/Fonts"), Path("/Library/Fonts"), home / "Library/Fonts")
    if sys.platform == "win32":
        windir = Path(os.environ.get("WINDIR", r"C:\Windows"))
        local = Path(os.environ.get("LOCALAPPDATA", home / "AppData/Local"))
        return (windir / "Fonts", local / "Microsoft/Windows/Fonts")
    data = os.environ.get("XDG_DATA_HOME") or str(home / ".local/share")
    return (
        Path("/usr/share/fonts"),
        Path("/usr/local/share/fonts"),
        Path(data) / "fonts",
        home / ".fonts",
    )


def scan_folders(folders: tuple[Path, ...]) -> tuple[FontFace, ...]:
    """Every face of every font file under ``folders``, sorted (kept per process)."""
    return _scan(tuple(sorted(set(folders))))


@cache
def _scan(folders: tuple[Path, ...]) -> tuple[FontFace, ...]:
    faces: list[FontFace] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.suffix.lower() in FONT_SUFFIXES and path.is_file():
                faces.extend(FontFace(path, i) for i in range(_face_count(path)))
    return tuple(faces)


def _face_count(path: Path) -> int:
    """Faces in the file: a collection's count from its header, else 1."""
    try:
        with path.open("rb") as f:
            head = f.read(12)
    except OSError:
        return 0
    if head[:4] == b"ttcf" and len(head) == 12:
        return min(int.from_bytes(head[8:12], "big"), 64)
    return 1


def forget_fonts() -> None:
    """Forget the faces read and folders scanned (for tests that install fonts in between)."""
    _read_face.cache_clear()
    _scan.cache_clear()
