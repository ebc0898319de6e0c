"""Sources: what the paths a user gives hold, in order, before anything is decoded.

Folders give their picture files (by name; hidden files, other files, subfolders and links leaving
the folder are passed over with a note); a picture file gives itself; a ``.txt`` file gives one
would-be symbol per word. Nothing here decodes a picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from shlex import quote

from dobble_print.errors import DobbleError
from dobble_print.symbols.raster import RASTER_SUFFIXES
from dobble_print.symbols.svg import SVG_SUFFIXES
from dobble_print.symbols.vocabulary import VOCABULARY_SUFFIXES, Vocabulary, read_vocabulary
from dobble_print.symbols.words import WORD_SUFFIXES, BadWords, read_words

IMAGE_SUFFIXES = RASTER_SUFFIXES | SVG_SUFFIXES


@dataclass(frozen=True)
class Source:
    """One would-be symbol: a picture file, or one word of a word list."""

    path: Path
    word: str = ""
    line: int = 0

    @property
    def label(self) -> str:
        return f"{self.path}:{self.line}" if self.word else str(self.path)


@dataclass(frozen=True)
class Sources:
    """What the given paths hold, in order, before anything is decoded.

    Attributes:
        items: would-be symbols, in the order they get their numbers.
        files: every input file read or to be read (an output must not be one of them).
        notes: files passed over (hidden, not pictures, subfolders), for ``--verbose``.
        bad: unreadable word lists, one line each (``path: reason``).
        warnings: word lists and vocabulary files found in a folder and not read.
        vocabulary: the vocabulary file given (``.csv``/``.tsv``): then ``items`` are its cells,
            pictures and words, for what hashes the sources; the deck is made from its rows.
    """

    items: tuple[Source, ...]
    files: tuple[Path, ...] = ()
    notes: tuple[str, ...] = ()
    bad: tuple[str, ...] = ()
    vocabulary: Vocabulary | None = None  # a vocabulary file, the only source when given
    warnings: tuple[str, ...] = ()

    @property
    def noun(self) -> str:
        """What the items are, plural: ``pictures``, ``words`` or ``symbols`` (both)."""
        words = sum(1 for s in self.items if s.word)
        return "pictures" if not words else "words" if words == len(self.items) else "symbols"


# The notes that live beside pictures (where they came from, their licence): never a word list.
NOTE_NAMES = frozenset(
    {"readme", "read me", "sources", "source", "credits", "license", "licence", "copying",
     "attribution", "attributions", "authors", "notice", "about", "info", "changelog"}
)  # fmt: skip


def _link_problem(link: Path, root: Path) -> str:
    """Why the symbolic link ``link`` in the folder ``root`` is not followed; "" when it is."""
    try:
        target = link.resolve(strict=True)
    except RuntimeError:  # Python 3.11 reports a loop this way; 3.13 as OSError(ELOOP)
        return "a link that loops"
    except OSError:
        return "a broken link"
    return "" if root in target.parents else "a link to outside the folder"


def _folder_items(folder: Path) -> tuple[list[Path], list[str], list[tuple[Path, str]]]:
    """Picture files directly in ``folder``, by name; a note for each file passed over; and a
    warning for each word list or vocabulary file passed over (meant as a source, surely)."""
    files: list[Path] = []
    notes: list[str] = []
    asides: list[tuple[Path, str]] = []
    root = folder.resolve()
    try:
        entries = sorted(folder.iterdir(), key=lambda p: p.name)
    except OSError as exc:
        raise DobbleError(
            f"{folder}: cannot be read ({exc.strerror or exc}); check its permissions"
        ) from None
    for p in entries:
        if p.name.startswith("."):
            notes.append(f"{p}: skipped (hidden)")
        elif p.is_symlink() and (why := _link_problem(p, root)):
            notes.append(f"{p}: skipped ({why})")
        elif p.is_dir():
            notes.append(f"{p}: skipped (subfolders are not searched; give it as a source)")
        elif not p.is_file():
            notes.append(f"{p}: skipped (not a regular file)")
        elif p.suffix.lower() in IMAGE_SUFFIXES:
            files.append(p)
        elif p.suffix.lower() in WORD_SUFFIXES and p.stem.casefold() in NOTE_NAMES:
            notes.append(f"{p}: skipped (not a picture: {p.suffix})")  # a note, not a list
        elif p.suffix.lower() in WORD_SUFFIXES | VOCABULARY_SUFFIXES:
            asides.append((p, _list_in_folder(p, folder)))
        else:
            notes.append(f"{p}: skipped (not a picture: {p.suffix or 'no extension'})")
    return files, notes, asides


def _list_in_folder(path: Path, folder: Path) -> str:
    """The warning for a word list or vocabulary file found among a folder's pictures: not read
    (a folder holds pictures), but its owner surely meant it as a source, so it is said, with
    the command that reads it."""
    if path.suffix.lower() in WORD_SUFFIXES:
        how = f"give it as a source too: dobble-print build {quote(str(folder))} {quote(str(path))}"
    else:
        how = f"give it as the only source: dobble-print build {quote(str(path))}"
    return (
        f"{path}: skipped, a folder's {_KIND[path.suffix.lower() in WORD_SUFFIXES]} not read; {how}"
    )


_KIND = {True: "word lists are", False: "vocabulary files are"}


def find_sources(paths: Sequence[Path]) -> Sources:
    """Everything the given folders, pictures and word lists hold, merged in the order given.

    Raises:
        DobbleError: a path that does not exist or is neither a folder, a picture nor a ``.txt``.
    """
    items: list[Source] = []
    files: list[Path] = []
    notes: list[str] = []
    asides: list[tuple[Path, str]] = []
    bad: list[str] = []
    sentences: list[str] = []  # word lists of sentences, each a warning
    for path in paths:
        if not _exists(path):
            raise DobbleError(
                f"{path}: no such file or folder; give folders of pictures or .txt files"
            )
        if path.is_dir():
            found, passed, lists = _folder_items(path)
            items += [Source(p) for p in found]
            files += found
            notes += passed
            asides += lists
        elif not path.is_file():  # a pipe or device would block or never end
            raise DobbleError(f"{path}: not a regular file; give folders of pictures or .txt files")
        elif path.suffix.lower() in IMAGE_SUFFIXES:
            items.append(Source(path))
            files.append(path)
        elif path.suffix.lower() in WORD_SUFFIXES:
            files.append(path)
            try:
                words = [Source(path, word, n) for n, word in read_words(path)]
                if not words:  # else counted as "0 pictures"
                    raise BadWords("holds no words; put one word per line")
                items += words
                if said := _sentences(path, [s.word for s in words]):
                    sentences.append(said)
            except BadWords as exc:
                bad.append(f"{path}: {exc}")
            except OSError as exc:
                bad.append(f"{path}: cannot be opened ({exc.strerror or exc})")
        elif path.suffix.lower() in VOCABULARY_SUFFIXES:
            if len(paths) > 1:
                raise DobbleError(
                    f"{path}: a vocabulary file makes the whole deck; give it as the only source"
                )
            vocabulary = read_vocabulary(path)
            files += [path, *vocabulary.files]
            items += _cells(vocabulary)
            return Sources(tuple(items), tuple(files), vocabulary=vocabulary)
        else:
            raise DobbleError(
                f"{path}: not a folder, picture or .txt word list; "
                "give pictures (PNG, JPEG, WebP, GIF, BMP, TIFF, SVG) or a .txt file of words"
            )
    given = {p.resolve() for p in paths}  # a list in a folder given as a source too is read
    warnings = tuple(text for path, text in asides if path.resolve() not in given)
    warnings += tuple(sentences)
    return Sources(tuple(items), tuple(files), tuple(notes), tuple(bad), warnings=warnings)


SENTENCE_WORDS = 6  # a line of this many words is a sentence, not a symbol (or 4 ending in .!?)


def _sentences(path: Path, lines: list[str]) -> str:
    """A warning when most lines of a word list read as sentences ("The cat sat on the mat."):
    each line is one symbol, wrapped into fragments too small to read; "" otherwise."""

    def sentence(line: str) -> bool:
        words = len(line.split())
        return words >= SENTENCE_WORDS or (words >= 4 and line.rstrip()[-1:] in ".!?")

    found = [line for line in lines if sentence(line)]
    if len(found) * 2 < len(lines):
        return ""
    return (
        f'{path}: {len(found)} of its {len(lines)} lines read as sentences ("{found[0]}"); '
        "each line is one symbol, printed small in broken lines: put one word or short phrase "
        "per line"
    )


def _exists(path: Path) -> bool:
    """Whether ``path`` exists; a name longer than the system allows is said, not a bug."""
    try:
        return path.exists()
    except OSError as exc:
        why = exc.strerror or exc
        raise DobbleError(f"{path}: cannot be opened ({why}); give a shorter path") from None


def _cells(vocabulary: Vocabulary) -> list[Source]:
    """A vocabulary's cells as sources, row by row: its pictures' files and its words."""
    return [
        Source(vocabulary.picture(entry, k))
        if picture
        else Source(vocabulary.path, cell, entry.line)
        for entry in vocabulary.entries
        for k, (cell, picture) in enumerate(zip(entry.cells, vocabulary.pictures, strict=True))
    ]


def unreadable(bad: Sequence[str], *, rest: bool) -> DobbleError:
    """The error for files that cannot be read (``path: reason`` each); ``rest`` when other
    sources could make symbols, so ``--skip-bad`` would help. One file alone is its own line."""
    if len(bad) == 1 and not rest:
        return DobbleError(bad[0])
    them = "them" if len(bad) != 1 else "it"
    fix = (
        f"fix or remove {them}, or use --skip-bad to build from the rest" if rest else f"fix {them}"
    )
    return DobbleError(
        f"{len(bad)} file{'s' if len(bad) != 1 else ''} cannot be read; {fix}:\n  "
        + "\n  ".join(bad)
    )


def refuse_unreadable(sources: Sources, *, skip_bad: bool) -> None:
    """Fail at once on word lists that cannot be read (not UTF-8, binary, one line of words
    separated by commas), before the deck is planned: planned without them, the deck
    would be refused for too few pictures, which hides the file's own message.

    Raises:
        DobbleError: unless ``skip_bad`` and other sources remain.
    """
    if sources.bad and (not skip_bad or not sources.items):
        raise unreadable(sources.bad, rest=bool(sources.items))


def find_images(folder: Path) -> list[Path]:
    """Picture files directly in ``folder``, by name (hidden and other files passed over).

    Raises:
        DobbleError: when ``folder`` is missing or not a folder.
    """
    if not folder.is_dir():
        what = "not a folder" if folder.exists() else "no such folder"
        raise DobbleError(f"{folder}: {what}; give a folder of pictures")
    return _folder_items(folder)[0]
