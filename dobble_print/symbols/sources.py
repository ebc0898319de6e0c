"""Sources: what the paths a user gives hold, in order, before anything is decoded.

Folders give their picture files, subfolders' included (:mod:`folders`: hidden files and folders,
other files and links leaving the folder are passed over with a note); a picture file gives
itself; a ``.txt`` file gives one would-be symbol per word, or is a spreadsheet's table (tabs) read
as a vocabulary file. Nothing here decodes a picture.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from dobble_print.errors import Advice, DobbleError, Notice, Part, notice, system_reason
from dobble_print.language import N_, Msg, Nn_, reason
from dobble_print.symbols.folders import FolderSearch, folder_items
from dobble_print.symbols.formats import PICTURE_SUFFIXES, each_not_read, format_list, not_read_said
from dobble_print.symbols.vocabulary.rows import (
    VOCABULARY_SUFFIXES,
    Vocabulary,
    read_table,
    read_vocabulary,
)
from dobble_print.symbols.words.typeset import WORD_SUFFIXES, BadWords, TabbedLines, read_words

IMAGE_SUFFIXES = PICTURE_SUFFIXES


@dataclass(frozen=True)
class Source:
    """One would-be symbol: a picture file, or one word of a word list; a word drawn as a
    bundled picture (``--illustrate``) has that picture's ``library`` key."""

    path: Path
    word: str = ""
    line: int = 0
    library: str = ""

    @property
    def parts(self) -> tuple[Part, ...]:
        """The label as a sentence's parts: the file, then ``:line`` for a word."""
        return (self.path, f":{self.line}") if self.word else (self.path,)

    @property
    def label(self) -> str:
        return f"{self.path}:{self.line}" if self.word else str(self.path)


@dataclass(frozen=True)
class Sources:
    """What the given paths hold, in order, before anything is decoded.

    Attributes:
        items: would-be symbols, in the order they get their numbers.
        files: every input file read or to be read (an output must not be one of them).
        notes: files passed over (hidden, not pictures, system folders), for ``--verbose``.
        bad: unreadable word lists, each with why.
        warnings: word lists and vocabulary files found in a folder and not read.
        vocabulary: the vocabulary file given (``.csv``/``.tsv``): then ``items`` are its cells,
            pictures and words, for what hashes the sources; the deck is made from its rows.
        drawn: with ``--illustrate``, each word drawn as a bundled picture, as ``(word, its
            picture's name, the other pictures' names that fit)``, in the list's order.
    """

    items: tuple[Source, ...]
    files: tuple[Path, ...] = ()
    notes: tuple[Notice, ...] = ()
    bad: tuple[tuple[Source, Msg | str], ...] = ()
    vocabulary: Vocabulary | None = None  # a vocabulary file, the only source when given
    warnings: tuple[Notice, ...] = ()
    search: FolderSearch = field(default_factory=lambda: FolderSearch())
    drawn: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    @property
    def noun(self) -> str:
        """What the items are, plural: ``pictures``, ``words`` or ``symbols`` (both)."""
        words = sum(1 for s in self.items if s.word and not s.library)
        return "pictures" if not words else "words" if words == len(self.items) else "symbols"

    @property
    def searched(self) -> Msg | str:
        """``3 subfolders searched too``, for the plan and the build's summary; "" for none."""
        n = self.search.subfolders
        return (
            Nn_("{count} subfolder searched too", "{count} subfolders searched too", n) if n else ""
        )

    def why_few(self) -> tuple[Part, ...]:
        """Why the folders gave so few pictures, as reasons joined by "; ": files of kinds not
        read (with what to export them as, when known), what was passed over, how far the
        search went; "" when there is nothing to say."""
        search = self.search
        reasons: list[Msg | str] = []
        kinds = Counter(suffix.lower() or "no extension" for suffix in search.unread)
        if kinds:
            count = sum(kinds.values())
            listed = ", ".join(
                f"{k} ({n})" if len(kinds) > 1 else k for k, n in kinds.most_common()
            )
            reasons.append(
                Nn_(
                    "{count} file of a type dobble-print does not read: {listed}",
                    "{count} files of a type dobble-print does not read: {listed}",
                    count,
                    listed=listed,
                )
            )
            reasons += [what for k, _ in kinds.most_common() if (what := each_not_read(k))]
        if n := search.hidden + search.links:
            reasons.append(
                Nn_(
                    "{count} hidden or system file or folder passed over",
                    "{count} hidden or system files or folders passed over",
                    n,
                )
            )
        if reasons or search.subfolders:
            n = search.subfolders
            reasons.append(
                Nn_("{count} subfolder was searched", "{count} subfolders were searched", n)
                if n
                else N_("no subfolders to search")
            )
        return tuple(
            part for i, reason in enumerate(reasons) for part in (N_("; "), reason)[i == 0 :]
        )


def find_sources(paths: Sequence[Path]) -> Sources:
    """Everything the given folders, pictures and word lists hold, merged in the order given.

    Raises:
        DobbleError: a path that does not exist or is neither a folder, a picture nor a ``.txt``.
    """
    items: list[Source] = []
    files: list[Path] = []
    notes: list[Notice] = []
    asides: list[tuple[Path, tuple[Part, ...]]] = []
    bad: list[tuple[Source, Msg | str]] = []
    search = FolderSearch()
    sentences: list[Notice] = []  # word lists of sentences, each a warning
    # A file given twice (a folder named twice, or a folder and a picture in it) is read once:
    # its second copy was a look-alike of the first, and both copies' names were listed among
    # the pictures left out, while the picture was on the cards.
    taken: set[Path] = set()

    def first_time(file: Path) -> bool:
        where = file.resolve()
        if where in taken:
            return False
        taken.add(where)
        return True

    for path in paths:
        if not _exists(path):
            raise DobbleError(
                N_("no such file or folder; give folders of pictures or .txt files"), file=path
            )
        if path.is_dir():
            if not first_time(path):  # its files, notes and counts are in already
                continue
            found, passed, lists, seen = folder_items(path)
            found = [p for p in found if first_time(p)]
            items += [Source(p) for p in found]
            files += found
            notes += passed
            asides += lists
            search += seen
        elif not path.is_file():  # a pipe or device would block or never end
            raise DobbleError(
                N_("not a regular file; give folders of pictures or .txt files"), file=path
            )
        elif not first_time(path):
            continue
        elif path.suffix.lower() in IMAGE_SUFFIXES:
            items.append(Source(path))
            files.append(path)
        elif path.suffix.lower() in WORD_SUFFIXES:
            files.append(path)
            try:
                words = [Source(path, word, n) for n, word in read_words(path)]
                if not words:  # else counted as "0 pictures"
                    raise BadWords(N_("holds no words; put one word per line"))
                items += words
                if said := _sentences(path, [s.word for s in words]):
                    sentences.append(said)
            except TabbedLines:  # a spreadsheet's export: a vocabulary table, or refused
                return _vocabulary(path, paths, read_table)
            except BadWords as exc:
                bad.append((Source(path), reason(exc)))
            except OSError as exc:
                bad.append((Source(path), N_("cannot be opened ({why})", why=system_reason(exc))))
        elif path.suffix.lower() in VOCABULARY_SUFFIXES:
            return _vocabulary(path, paths, read_vocabulary)
        elif known := not_read_said(path.suffix):
            raise DobbleError(known, file=path)
        else:
            raise DobbleError(
                N_(
                    "not a folder, picture or .txt word list; give pictures ({formats}) or a .txt "
                    "file of words",
                    formats=format_list(),
                ),
                file=path,
            )
    given = {p.resolve() for p in paths}  # a list in a folder given as a source too is read
    warnings = tuple(Notice(parts, path) for path, parts in asides if path.resolve() not in given)
    warnings += tuple(sentences)
    return Sources(
        tuple(items), tuple(files), tuple(notes), tuple(bad), warnings=warnings, search=search
    )


def _vocabulary(path: Path, paths: Sequence[Path], read) -> Sources:
    """The sources of a vocabulary file (``read`` by :func:`read_vocabulary`, or a ``.txt``
    table by :func:`read_table`): its pictures and words, the deck made from its rows.

    Raises:
        DobbleError: other sources given beside it, or what ``read`` refuses.
    """
    if len(paths) > 1:
        raise DobbleError(
            N_("a vocabulary file makes the whole deck; give it as the only source"), file=path
        )
    vocabulary = read(path)
    files = (path, *vocabulary.files)
    return Sources(tuple(_cells(vocabulary)), files, vocabulary=vocabulary)


SENTENCE_WORDS = 6  # a line of this many words is a sentence, not a symbol (or 4 ending in .!?)


def _sentences(path: Path, lines: list[str]) -> Notice | None:
    """A warning when most lines of a word list read as sentences ("The cat sat on the mat."):
    each line is one symbol, wrapped into fragments too small to read; None otherwise."""

    def sentence(line: str) -> bool:
        words = len(line.split())
        return words >= SENTENCE_WORDS or (words >= 4 and line.rstrip()[-1:] in ".!?")

    found = [line for line in lines if sentence(line)]
    if len(found) * 2 < len(lines):
        return None
    return notice(
        N_(
            '{found} of its {lines} lines read as sentences ("{first}"); each line is one symbol, '
            "printed small in broken lines: put one word or short phrase per line",
            found=len(found),
            lines=len(lines),
            first=found[0],
        ),
        file=path,
    )


def _exists(path: Path) -> bool:
    """Whether ``path`` exists; a name longer than the system allows is said, not a bug."""
    try:
        return path.exists()
    except OSError as exc:
        why = system_reason(exc)
        raise DobbleError(
            N_("cannot be opened ({why}); give a shorter path", why=why), file=path
        ) from None


def _cells(vocabulary: Vocabulary) -> list[Source]:
    """A vocabulary's cells as sources, row by row: its pictures' files and its words."""
    return [
        Source(vocabulary.picture(entry, k))
        if picture
        else Source(vocabulary.path, cell, entry.line)
        for entry in vocabulary.entries
        for k, (cell, picture) in enumerate(zip(entry.cells, vocabulary.pictures, strict=True))
    ]


def unreadable(bad: Sequence[tuple[Source, Msg | str]], *, rest: bool) -> DobbleError:
    """The error for files that cannot be read (each with why); ``rest`` when other sources
    could make symbols, so skipping the bad ones would help. One file alone is its own line."""
    if len(bad) == 1 and not rest:
        source, why = bad[0]
        if source.word:
            return DobbleError((*source.parts, ": ", why))
        return DobbleError(why, file=source.path)
    fix: tuple[Part, ...] = (
        (
            Nn_("fix or remove it", "fix or remove them", len(bad)),
            Advice("use", "skip_bad", lead=N_(", or ")),
            N_(" to build from the rest"),
        )
        if rest
        else (Nn_("fix it", "fix them", len(bad)),)
    )
    listed: list[Part] = []
    for source, why in bad:
        listed += ["\n  ", *source.parts, ": ", why]
    return DobbleError(
        (Nn_("{count} file cannot be read; ", "{count} files cannot be read; ", len(bad)), *fix,
         N_(":"), *listed)
    )  # fmt: skip


def refuse_too_few(sources: Sources, where: Path | tuple[Path, ...]) -> None:
    """Fail with the reasons when the folders gave too few pictures for a deck (3): files of a
    kind not read, things passed over, subfolders searched. Without such reasons, the deck's
    own count message says it.

    Raises:
        DobbleError: fewer than 3 sources, and something to say why.
    """
    count = len(sources.items)
    if count >= 3 or sources.vocabulary is not None or not (why := sources.why_few()):
        return
    found = _FEW[sources.noun](count)
    raise DobbleError((found, N_(" to make a deck from (it needs 3): "), *why), file=where)


# "no pictures", "only 1 picture": what too few sources are, by what they hold.
_FEW = {
    "pictures": lambda count: (
        Nn_("only {count} picture", "only {count} pictures", count) if count else N_("no pictures")
    ),
    "words": lambda count: (
        Nn_("only {count} word", "only {count} words", count) if count else N_("no words")
    ),
    "symbols": lambda count: (
        Nn_("only {count} symbol", "only {count} symbols", count) if count else N_("no symbols")
    ),
}


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
    """Picture files in ``folder`` and its subfolders (:func:`folders.folder_items`).

    Raises:
        DobbleError: when ``folder`` is missing or not a folder.
    """
    if not folder.is_dir():
        what = (
            N_("not a folder; give a folder of pictures")
            if folder.exists()
            else N_("no such folder; give a folder of pictures")
        )
        raise DobbleError((folder, ": ", what))
    return folder_items(folder)[0]
