"""Vocabulary files: one symbol a row, each column one of its *faces* (a picture, a word, its
translation, ``3 × 4`` beside ``12``), so that a card can show a symbol by any of its faces and
players match meaning, not pixels.

A vocabulary file is UTF-8 or UTF-16 CSV (``.csv``, commas, or semicolons as spreadsheets in many
locales save them, or tabs) or TSV (``.tsv``), or a spreadsheet's tab-separated text export
(``.txt``, :func:`read_table`), with a header row naming the columns; columns left empty,
header and cells, are ignored. A column is a picture column when its header says so
(``picture``, ``image``, ``photo``) or every cell names a picture file; picture paths are
relative to the file, ``/`` or Windows' ``\\`` between folders. Nothing here decodes a
picture: a bad row is refused with one line naming the file and line, before anything is loaded.
"""

from __future__ import annotations

import csv
import io
import os
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dobble_print.errors import DobbleError, OptionError, system_reason
from dobble_print.language import N_, Msg
from dobble_print.symbols.encoding import NotText, decode_text
from dobble_print.symbols.formats import PICTURE_SUFFIXES, format_list
from dobble_print.symbols.names import display_name
from dobble_print.symbols.words.typeset import is_letter, too_long

VOCABULARY_SUFFIXES = frozenset({".csv", ".tsv"})
MAX_VOCABULARY_BYTES = 1_000_000
PICTURE_HEADERS = frozenset({"picture", "pictures", "image", "images", "photo", "photos"})
KEY_SEPARATOR = " · "  # between a symbol's faces in the cover's answer key
# A symbol is on as many cards as a card has symbols, 12 at most by default: more faces than
# that can never all show. Every face is a symbol loaded for every row (10,000 columns: 9.9 GB).
MAX_FACES = 12


@dataclass(frozen=True)
class Entry:
    """One row: a symbol's faces, cell by cell in the columns' order (a picture as its path)."""

    line: int
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Vocabulary:
    """A vocabulary file read and checked.

    Attributes:
        path: the file.
        columns: the header's names.
        pictures: for each column, whether it holds pictures.
        entries: the rows, in order.
    """

    path: Path
    columns: tuple[str, ...]
    pictures: tuple[bool, ...]
    entries: tuple[Entry, ...]

    def picture(self, entry: Entry, column: int) -> Path:
        """The picture file of ``entry``'s cell in ``column``."""
        return self.path.parent / entry.cells[column]

    def name(self, entry: Entry) -> str:
        """What the symbol is called: its first text cell, else its first picture's name."""
        texts = [c for c, p in zip(entry.cells, self.pictures, strict=True) if not p]
        return texts[0] if texts else display_name(Path(entry.cells[0]))

    def key(self, entry: Entry) -> str:
        """The answer key's line for ``entry``: every text face, else the picture's name."""
        texts = [c for c, p in zip(entry.cells, self.pictures, strict=True) if not p]
        return KEY_SEPARATOR.join(texts) if texts else self.name(entry)

    @property
    def files(self) -> tuple[Path, ...]:
        """Every picture the file names, in order."""
        return tuple(
            self.picture(e, c) for e in self.entries for c, p in enumerate(self.pictures) if p
        )


@dataclass(frozen=True)
class Face:
    """What a card can show of a symbol: one column, or a picture with a text column as its
    label (``picture+word``)."""

    name: str
    columns: tuple[int, ...]


def _decode(path: Path, raw: bytes) -> str:
    """UTF-8 (BOM or not) or UTF-16 (Excel's "Unicode Text"), as word lists are read."""
    try:
        return decode_text(raw)
    except NotText as exc:
        if exc.kind == "utf-8":
            raise DobbleError(
                (path, N_(":{line}: not UTF-8 text; save the file as UTF-8", line=exc.line))
            ) from None
        what = (
            N_("damaged UTF-16 text; save the table as CSV UTF-8")
            if exc.kind == "utf-16"
            else N_("binary, not a text file; save the table as CSV UTF-8")
        )
        raise DobbleError(what, file=path) from None


def _rows(path: Path) -> list[tuple[int, list[str]]]:
    """The file's non-blank rows as ``(line number, cells)``, cells stripped and NFC."""
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_VOCABULARY_BYTES + 1)
    except OSError as exc:
        raise DobbleError(
            N_("cannot be opened ({why})", why=system_reason(exc)), file=path
        ) from None
    if len(raw) > MAX_VOCABULARY_BYTES:
        raise DobbleError(N_("too large for a vocabulary file (over 1 MB)"), file=path)
    text = _decode(path, raw)
    first = text.split("\n", 1)[0]
    if path.suffix.lower() == ".tsv" or "\t" in first:  # a spreadsheet's "Text (Tab delimited)"
        delimiter = "\t"  # saved as .csv: column names never hold tabs, they may hold commas
    else:
        delimiter = ";" if ";" in first and "," not in first else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows = []
    start = 1
    try:
        for cells in reader:
            clean = [unicodedata.normalize("NFC", " ".join(c.split())) for c in cells]
            if any(clean) and not clean[0].startswith("#"):
                rows.append((start, clean))
            start = reader.line_num + 1
    except csv.Error:  # a cell over csv's field limit (NUL bytes are refused as not text)
        raise DobbleError(
            (
                path,
                N_(
                    ":{line}: a cell runs on past 131,072 characters (a quote left open?); check "
                    "the quotes",
                    line=reader.line_num,
                ),
            )
        ) from None
    return rows


def read_table(path: Path) -> Vocabulary:
    """A ``.txt`` file whose lines hold tabs (a spreadsheet's "Unicode Text" or "Text (Tab
    delimited)" export) read as a vocabulary file, when a column holds pictures: its header
    (``picture``) or its cells say so, and the first row then names the columns. A table of
    words alone cannot tell its header from a row, so it is refused, never read as words glued
    together ("chat<TAB>cat" as "chatcat").

    Raises:
        DobbleError: a table without a picture column, or as :func:`read_vocabulary`.
    """
    rows = _rows(path)
    keep = _kept_columns(rows) if rows else []
    if not any(_is_picture_column(rows, k) for k in keep):
        raise DobbleError(
            N_(
                "its lines hold tabs, as a spreadsheet's text export does, and no column "
                "holds pictures; to match words with words, save it as .tsv with a first row "
                "naming the columns (e.g. word, translation); for a word list, one word a line"
            ),
            file=path,
        )
    return read_vocabulary(path)


@dataclass(frozen=True)
class TableCells:
    """What a vocabulary file holds before its pictures are looked for: how many rows, the
    picture cells as written (``/`` between folders), in order, each once, and its columns'
    names with whether each holds pictures."""

    rows: int
    pictures: tuple[str, ...]
    columns: tuple[str, ...] = ()
    picture_columns: tuple[bool, ...] = ()


def table_cells(path: Path) -> TableCells:
    """The rows and picture cells of a vocabulary file, without looking for the pictures: what
    a shell gathering the files (the app, file by file) still needs, all at once, where
    :func:`read_vocabulary` stops at the first picture missing.

    Raises:
        DobbleError: a file that cannot be read as a table (as :func:`read_vocabulary`).
    """
    rows = _rows(path)
    if not rows:
        return TableCells(0, ())
    kept = _kept_columns(rows)
    flags = tuple(_is_picture_column(rows, k) for k in kept)
    keep = [k for k, picture in zip(kept, flags, strict=True) if picture]
    cells = (cells[k].replace("\\", "/") for _, cells in rows[1:] for k in keep if k < len(cells))
    names = tuple(rows[0][1][k] for k in kept)
    return TableCells(len(rows) - 1, tuple(dict.fromkeys(c for c in cells if c)), names, flags)


def face_choices(columns: Sequence[str], pictures: Sequence[bool]) -> tuple[str, ...]:
    """The ``--faces`` values a table's columns offer beside the default (every column): each
    two columns matched (``picture,français``), and a picture labelled by one text column
    matched with another (``picture+français,anglais``)."""
    pairs = [f"{a},{b}" for i, a in enumerate(columns) for b in columns[i + 1 :]]
    words = [c for c, picture in zip(columns, pictures, strict=True) if not picture]
    labelled = [
        f"{p}+{w},{other}"
        for p, picture in zip(columns, pictures, strict=True)
        if picture
        for w in words
        for other in words
        if other != w
    ]
    return tuple(pairs + labelled) if len(columns) > 2 else ()


def _is_picture_column(rows: list[tuple[int, list[str]]], k: int) -> bool:
    """Whether column ``k`` of a table's rows (the first its header) holds pictures."""
    header, body = rows[0][1], [cells for _, cells in rows[1:]]
    if header[k].casefold() in PICTURE_HEADERS:
        return True
    return bool(body) and all(k < len(cells) and _is_picture_cell(cells[k]) for cells in body)


def _is_picture_cell(cell: str) -> bool:
    return Path(cell).suffix.lower() in PICTURE_SUFFIXES


def read_vocabulary(path: Path) -> Vocabulary:
    """Read and check a vocabulary file (see the module's docstring).

    Raises:
        DobbleError: naming the file and line: no header, a row with too many or too few cells,
            an empty cell, a picture that does not exist, or the same face on two rows.
    """
    rows = _rows(path)
    if not rows:
        raise DobbleError(
            N_("empty; give a header row (e.g. picture,word) and one row per symbol"), file=path
        )
    header = rows[0][1]
    keep = _kept_columns(rows)
    if len(keep) > MAX_FACES:
        raise DobbleError(
            (
                path,
                N_(
                    ":{line}: {count} columns; a symbol shows at most {most} faces (it is on at "
                    "most {most} cards); keep {most} columns or fewer",
                    line=rows[0][0],
                    count=len(keep),
                    most=MAX_FACES,
                ),
            )
        )
    columns = _columns(path, rows[0], keep)
    entries = []
    for line, cells in rows[1:]:
        if len(cells) > len(header) and any(cells[len(header) :]):
            raise DobbleError(
                (
                    path,
                    N_(
                        ":{line}: {cells} cells but the header names {columns} columns; remove "
                        "the extra cells, or quote a cell that holds a comma",
                        line=line,
                        cells=len(cells),
                        columns=len(columns),
                    ),
                )
            )
        cells = [cells[k] if k < len(cells) else "" for k in keep]
        for name, cell in zip(columns, cells, strict=True):
            if not cell:
                raise DobbleError(
                    (
                        path,
                        N_(
                            ':{line}: the "{name}" cell is empty; give every symbol all its faces',
                            line=line,
                            name=name,
                        ),
                    )
                )
        entries.append(Entry(line, tuple(cells)))
    pictures = tuple(
        name.casefold() in PICTURE_HEADERS
        or (bool(entries) and all(_is_picture_cell(e.cells[k]) for e in entries))
        for k, name in enumerate(columns)
    )
    entries = [
        Entry(
            e.line,
            tuple(_slashed(path.parent, c) if pictures[k] else c for k, c in enumerate(e.cells)),
        )
        for e in entries
    ]
    vocabulary = Vocabulary(path, columns, pictures, tuple(entries))
    _check_texts(vocabulary)
    _check_entries(vocabulary)
    return vocabulary


def _kept_columns(rows: list[tuple[int, list[str]]]) -> list[int]:
    """The header's columns but those left empty, header and every cell: the ``;;`` a
    spreadsheet saves after the last column someone once typed in."""
    header = rows[0][1]
    return [
        k
        for k, name in enumerate(header)
        if name or any(k < len(cells) and cells[k] for _, cells in rows[1:])
    ]


def _columns(path: Path, first: tuple[int, list[str]], keep: list[int]) -> tuple[str, ...]:
    """The header's names of the ``keep`` columns, each given once; refused when the first
    line is a symbol's row rather than names."""
    line, header = first
    for k in keep:
        name = header[k]
        if not name:
            raise DobbleError(
                (path, N_(":{line}: column {k} of the header has no name", line=line, k=k + 1))
            )
        if header.index(name) != k:
            raise DobbleError(
                (path, N_(':{line}: two columns are called "{name}"', line=line, name=name))
            )
    columns = tuple(header[k] for k in keep)
    _refuse_headless(path, line, columns)
    return columns


def _refuse_headless(path: Path, line: int, columns: Sequence[str]) -> None:
    """A first row naming a picture file is a symbol, not a header: refused rather than
    guessed, since a guess cannot tell a picture column from a word column's name."""
    for name in columns:
        if _is_picture_cell(name) and (path.parent / _slashed(path.parent, name)).is_file():
            raise DobbleError(
                (
                    path,
                    N_(
                        ':{line}: "{name}" is a picture, not a column name; the first line must '
                        "name the columns, e.g. picture,word",
                        line=line,
                        name=name,
                    ),
                )
            )


def _slashed(folder: Path, cell: str) -> str:
    """A picture path as Windows writes it (``pics\\cat.svg``) with ``/`` when only that names
    a file: the file then works on every system, as it does on Windows."""
    if "\\" not in cell or (folder / cell).is_file():
        return cell
    forward = cell.replace("\\", "/")
    return forward if (folder / forward).is_file() else cell


def _check_texts(vocabulary: Vocabulary) -> None:
    """Every text cell is what one symbol can show (:func:`words.too_long`)."""
    for entry in vocabulary.entries:
        for name, cell, picture in zip(
            vocabulary.columns, entry.cells, vocabulary.pictures, strict=True
        ):
            if not picture and (why := too_long(cell)):
                raise DobbleError(
                    (
                        vocabulary.path,
                        N_(
                            ':{line}: the "{name}" cell has {why}; shorten it',
                            line=entry.line,
                            name=name,
                            why=why,
                        ),
                    )
                )


def _check_entries(vocabulary: Vocabulary) -> None:
    """Every picture exists, and no face is on two rows (players could not tell which is meant)."""
    path = vocabulary.path
    for k, name in enumerate(vocabulary.columns):
        if not vocabulary.pictures[k]:
            continue
        for entry in vocabulary.entries:
            cell = entry.cells[k]
            if not _is_picture_cell(cell):
                raise DobbleError(
                    (
                        path,
                        N_(
                            ':{line}: "{cell}" in the "{name}" column is not a picture file '
                            "({formats})",
                            line=entry.line,
                            cell=cell,
                            name=name,
                            formats=format_list(),
                        ),
                    )
                )
            if problem := _picture_problem(vocabulary.picture(entry, k), path):
                raise DobbleError((path, f":{entry.line}: {cell}: ", problem))
    _check_duplicates(vocabulary)


def _picture_problem(picture: Path, table: Path) -> Msg | str:
    """Why the picture of a cell of the file ``table`` cannot be used ("" when it can): missing,
    a path longer than the system allows, or a link that leads out of the file's folder (a
    folder's links that leave it are not followed either)."""
    folder = table.parent
    try:
        if picture.is_dir():
            return N_("a folder, not a picture file; put the name of a picture file in the cell")
        if picture.exists() and not picture.is_file():  # a pipe or device would never end
            return N_(
                "not a regular file (a pipe or a device); put the name of a picture file in the "
                "cell"
            )
        if not picture.is_file():
            return N_(
                "no such picture; paths are relative to the folder of {name}", name=table.name
            )
        real = picture.resolve(strict=True)
    except RuntimeError:  # Python 3.11 reports a link loop this way
        return N_("a link that loops; give the picture itself")
    except OSError as exc:  # ENAMETOOLONG, ELOOP
        return N_(
            "cannot be opened ({why}); give a shorter path to the picture",
            why=system_reason(exc),
        )
    written = Path(os.path.normpath(picture.absolute()))
    inside = Path(os.path.normpath(folder.absolute())) in written.parents
    if inside and folder.resolve() not in real.parents:
        return N_(
            "a link to a file outside the folder of {name}, which is not followed (nor in a "
            "folder of pictures); copy the picture into the folder",
            name=table.name,
        )
    return ""


def _check_duplicates(vocabulary: Vocabulary) -> None:
    """No face on two rows, in any columns: "pain" as one row's translation and another's word
    would show on two cards as one face, a second match on a pair that already shares a symbol
    (two facts answering 12 alike). Text is compared as words are (case aside, a single letter
    apart: ``a`` and ``A`` look different); a row may repeat its own face (``taxi,taxi``)."""
    path = vocabulary.path
    seen: dict[tuple[bool, str], int] = {}
    for entry in vocabulary.entries:
        for k, cell in enumerate(entry.cells):
            if vocabulary.pictures[k]:
                same = (True, str(vocabulary.picture(entry, k).resolve()))
            else:
                same = (False, cell if is_letter(cell) else cell.casefold())
            first = seen.setdefault(same, entry.line)
            if first == entry.line:
                continue
            if same[0]:
                raise DobbleError(
                    (
                        path,
                        N_(
                            ':{line}: duplicate symbol: "{cell}" is also on line {first}; give '
                            "each symbol once",
                            line=entry.line,
                            cell=cell,
                            first=first,
                        ),
                    )
                )
            raise DobbleError(
                (
                    path,
                    N_(
                        ':{line}: "{cell}" is also on line {first}; two rows showing the same '
                        "face would make two matches on a card pair; change one",
                        line=entry.line,
                        cell=cell,
                        first=first,
                    ),
                )
            )


def _column_named(name: str, columns: Sequence[str]) -> str:
    """The column ``name`` stands for: itself, else the one column that equals it case aside
    (``image`` for a header ``Image``, as a spreadsheet capitalises it); else ``name``."""
    if name in columns:
        return name
    same = [c for c in columns if c.casefold() == name.casefold()]
    return same[0] if len(same) == 1 else name


def choose_faces(vocabulary: Vocabulary, spec: Sequence[str]) -> tuple[Face, ...]:
    """The faces ``--faces`` names (``picture``, ``word``, ``picture+word``; case aside when
    one column fits); every column when ``spec`` is empty.

    Raises:
        OptionError: a name that is not a column, a face named twice, or a combination that is
            not one picture column and one text column.
    """
    columns = vocabulary.columns
    if not spec:
        return tuple(Face(name, (k,)) for k, name in enumerate(columns))
    faces = []
    for item in spec:
        parts = [_column_named(p.strip(), columns) for p in item.split("+")]
        unknown = [p for p in parts if p not in columns]
        if unknown:
            raise OptionError(
                "faces",
                N_(
                    '"{name}" is not a column of {file}; its columns are {columns}',
                    name=unknown[0],
                    file=vocabulary.path.name,
                    columns=", ".join(columns),
                ),
            )
        ks = tuple(columns.index(p) for p in parts)
        kinds = sorted(vocabulary.pictures[k] for k in ks)
        if len(ks) > 1 and kinds != [False, True]:
            raise OptionError(
                "faces",
                N_(
                    "{item}: a combined face is a picture column and a text column (its "
                    "label), e.g. picture+word",
                    item=item,
                ),
            )
        ks = tuple(sorted(ks, key=lambda k: (not vocabulary.pictures[k], k)))  # picture first
        face = Face("+".join(columns[k] for k in ks), ks)
        if face in faces:
            raise OptionError("faces", N_("{item} is named twice; name each face once", item=item))
        faces.append(face)
    if len(faces) > MAX_FACES:
        raise OptionError(
            "faces",
            N_(
                "names {count} faces; a symbol shows at most {most}; name fewer",
                count=len(faces),
                most=MAX_FACES,
            ),
        )
    return tuple(faces)
