"""Uploaded files: safe names in one folder, limits on count and bytes, written as they stream in.

The client never names a path: a file's name is reduced to a plain file name (no folders, no
leading dot, no control characters) and made unique in its folder, case aside, so the folder can
be copied to a Mac or Windows disk as it is. The pictures keep their names otherwise, because the
cover's answer key prints each symbol's name from its file name, and a folder is read in name
order: the command the page shows, run on the downloaded folder, then finds the same files in
the same order.
"""

from __future__ import annotations

import os
import secrets
import unicodedata
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from dobble_print import MAX_PICTURE_BYTES, windows_problem
from dobble_print.app.catalogue import N_, Said
from dobble_print.symbols import IMAGE_SUFFIXES

MAX_NAME = 80  # characters of a stored name, extension included
_KEEP = set("-_.,()+ ")
_RESERVED = set('<>:"/\\|?*')  # Windows refuses these in file names
ZWJ = "\u200d"  # joins emoji into one (👩‍🍳); the other format characters are dropped


@dataclass(frozen=True)
class Limits:
    """How much one session may upload."""

    file_bytes: int = MAX_PICTURE_BYTES  # one picture: the command line's own limit
    session_bytes: int = 600_000_000
    session_files: int = 400  # the largest deck the tool makes (14 per card) needs 183
    words_bytes: int = 200_000


DEFAULT_LIMITS = Limits()


class TooLarge(Said):
    """An upload over a limit; the message says which and what to do (HTTP 413)."""


class Refused(Said):
    """An upload that is not a picture (HTTP 415); the message says what is taken."""


def megabytes(count: int) -> str:
    return f"{count / 1_000_000:.0f} MB" if count >= 1_000_000 else f"{count / 1000:.0f} kB"


def safe_name(raw: str, *, fallback: str = "picture") -> str:
    """A plain file name from whatever the browser sent: the last part of any path, NFC, no
    control or separator characters, no leading dots, at most :data:`MAX_NAME` characters.

    >>> safe_name("../../etc/pass wd.PNG")
    'pass wd.PNG'
    >>> safe_name("..\\\\evil\\\\.hidden.svg")
    'hidden.svg'
    >>> safe_name("CON.png")  # a device name on Windows: the zips unpack there too
    'CON_.png'
    """
    name = unicodedata.normalize("NFC", raw.replace("\\", "/").split("/")[-1])
    name = "".join(
        ch if _kept(ch) else "_" for ch in name if ch == ZWJ or unicodedata.category(ch)[0] != "C"
    )
    name = " ".join(name.split())
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    stem = stem.strip(". ") or fallback  # a leading dot would hide the file from the CLI
    ext = ext[:10]
    stem = stem[: MAX_NAME - len(ext) - 1]
    first, dot, rest = stem.partition(".")
    if windows_problem(first):  # CON, NUL, COM1…: the only names left Windows cannot hold
        stem = f"{first}_{dot}{rest}"
    return f"{stem}.{ext}" if ext else stem


def _kept(ch: str) -> bool:
    """Letters, digits, the marks that complete them (Devanagari's vowel signs), symbols and
    emoji (``🐱.png`` names a cat; as ``_.png`` it named nothing), and plain punctuation; not
    the characters Windows refuses in a name."""
    if ch in _RESERVED:
        return False
    return ch.isalnum() or ch in _KEEP or ch == ZWJ or unicodedata.category(ch)[0] in "MS"


def unique_name(name: str, taken: set[str]) -> str:
    """``name``, or ``name-2``, ``name-3``… when a file of that name (case aside) is taken."""
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    candidate, n = name, 1
    while candidate.casefold() in taken:
        n += 1
        candidate = f"{stem}-{n}.{ext}" if ext else f"{stem}-{n}"
    return candidate


def check_picture_name(name: str, *, or_text: bool = False) -> None:
    """Raises :class:`Refused` unless ``name`` ends as a picture the CLI reads; ``or_text``
    when a word list or vocabulary file would be taken too (the message says so)."""
    suffix = Path(name).suffix.lower()
    if suffix not in IMAGE_SUFFIXES:
        kinds = ", ".join(sorted(s.lstrip(".").upper() for s in IMAGE_SUFFIXES))
        if or_text:
            text = N_(
                "{name}: not a picture ({suffix}); give {kinds} files, a word list (.txt) or a "
                "vocabulary file (.csv, .tsv)"
            )
        else:
            text = N_("{name}: not a picture ({suffix}); give {kinds} files")
        raise Refused(text, name=name, suffix=suffix or "–", kinds=kinds)


async def write_stream(chunks: AsyncIterator[bytes], path: Path, *, limit: int, what: str) -> int:
    """Write ``chunks`` to ``path`` (mode 0600), stopping with :class:`TooLarge` the moment more
    than ``limit`` bytes arrive. The file appears whole or not at all: it is written under a
    hidden name, which folders are read without, and renamed when complete."""
    size = 0
    part = path.with_name(f".part-{secrets.token_hex(8)}")
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            async for chunk in chunks:
                size += len(chunk)
                if size > limit:
                    raise TooLarge(
                        N_(
                            "{what} is over {size}, more than the app takes; make it smaller "
                            "(a photo of 2000 pixels across is plenty)"
                        ),
                        what=what,
                        size=megabytes(limit),
                    )
                f.write(chunk)
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)
    return size
