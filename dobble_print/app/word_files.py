"""Word-list files and the vocabulary file, uploaded beside the pictures, as the CLI takes them.

A word list (``.txt``, one word a line) is one more source after the words typed in, under its
own name in the session's folder. A vocabulary file (``.csv``, ``.tsv``, or a ``.txt`` of tabs)
makes the whole deck from its rows: it is stored where the cells' picture paths lead to the
uploaded pictures, which the app keeps in one folder, ``pictures/``. Cells written as ``cat.png``
put the file in that folder, cells written as ``pictures/cat.png`` beside it; the command the page
shows then names it there (``dobble-print build pictures/vocab.csv``), and the downloaded files
remake the same PDF.
"""

from __future__ import annotations

import os
from pathlib import Path

from dobble_print.app.catalogue import N_, page_words
from dobble_print.app.sessions import Session
from dobble_print.app.settings import word
from dobble_print.app.uploads import Refused, unique_name
from dobble_print.errors import DobbleError
from dobble_print.symbols import (
    VOCABULARY_SUFFIXES,
    BadWords,
    TabbedLines,
    face_choices,
    read_words,
    table_cells,
)

LIST_SUFFIXES = frozenset({".txt"})
TEXT_SUFFIXES = LIST_SUFFIXES | VOCABULARY_SUFFIXES
PICTURES = "pictures"  # the session's folder of pictures, as the table's cells may name it
SHOWN_MISSING = 5  # missing pictures named in the message; the rest are counted


def is_text_file(name: str) -> bool:
    """Whether ``name`` is a word list or a vocabulary file by its extension."""
    return Path(name).suffix.lower() in TEXT_SUFFIXES


def store_text_file(
    session: Session, name: str, written: Path, lang: str = "en"
) -> dict[str, object]:
    """Put the uploaded file ``written`` (a scratch name) in its place as a word list or the
    vocabulary file; what the page shows of it.

    Raises:
        Refused: a word list that cannot be read, a second vocabulary file, or a table whose
            pictures are in a folder the app does not keep.
    """
    table = Path(name).suffix.lower() in VOCABULARY_SUFFIXES
    count = 0
    if not table:
        try:
            count = len(read_words(written))
            if not count:
                raise BadWords("holds no words; put one word per line")
        except TabbedLines:
            table = True
        except BadWords as exc:
            raise Refused(N_("{name}: {problem}"), name=name, problem=str(exc)) from None
    if table:
        return _store_table(session, name, written, lang)
    stored = unique_name(name, _taken_at_top(session))
    os.replace(written, session.folder / stored)
    session.lists[stored] = (session.folder / stored).stat().st_size
    return {"name": stored, "kind": "words", "about": _words(count, lang)}


def _folder(cell: str) -> str:
    return cell.rpartition("/")[0]


def _store_table(session: Session, name: str, written: Path, lang: str) -> dict[str, object]:
    if session.table is not None:
        raise Refused(
            N_("{name}: a deck is made from one vocabulary file; remove {table} first"),
            name=name,
            table=session.table.name,
        )
    try:
        cells = table_cells(written)
    except DobbleError as exc:
        said = word(exc, lambda path: name if path == written else path.name, lang)
        raise Refused(said) from None
    first = _folder(cells.pictures[0]) if cells.pictures else ""
    odd = next((c for c in cells.pictures if _folder(c) != first), None)
    if first not in {"", PICTURES}:
        odd = cells.pictures[0]
    if odd is not None:
        base = odd.rpartition("/")[2]
        raise Refused(
            N_(
                "{name}: the app keeps all pictures in one folder, so it cannot find {odd}; "
                "write every picture as {base} or every one as {folder}/{base}, then add the "
                "table again"
            ),
            name=name,
            odd=odd,
            base=base,
            folder=PICTURES,
        )
    if cells.pictures and not first:
        home = session.pictures
        taken = {n.casefold() for n in session.names}
    else:
        home, taken = session.folder, _taken_at_top(session)
    stored = home / unique_name(name, taken)
    os.replace(written, stored)
    session.table = stored
    return {"name": stored.name, "kind": "table", "about": _rows(cells.rows, lang)}


def face_menu(table: Path, lang: str) -> list[list[str]] | None:
    """The ``--faces`` values a vocabulary table offers, each with its words (``picture ↔
    français``), the default (every column) first; None when it has two columns or fewer."""
    try:
        cells = table_cells(table)
    except DobbleError:
        return None
    offered = face_choices(cells.columns, cells.picture_columns)
    if not offered:
        return None
    _ = page_words(lang).gettext
    return [
        ["", _("Every column: {columns}").format(columns=" ↔ ".join(cells.columns))],
        *([value, value.replace(",", " ↔ ").replace("+", " + ")] for value in offered),
    ]


def _taken_at_top(session: Session) -> set[str]:
    """The names in use at the top of the session's folder, case aside."""
    return {p.name.casefold() for p in session.folder.iterdir()} | {session.words.name.casefold()}


def remove_text_file(session: Session, name: str) -> bool:
    """Remove the word list or vocabulary file called ``name``; False when there is none."""
    if session.table is not None and session.table.name == name:
        session.table.unlink(missing_ok=True)
        session.table = None
        return True
    if name in session.lists:
        del session.lists[name]
        (session.folder / name).unlink(missing_ok=True)
        return True
    return False


def table_problem(session: Session, lang: str = "en") -> str:
    """Why the vocabulary file cannot make the deck yet, in plain words in ``lang`` ("" when
    it can): other sources beside it, or pictures it names that were not added."""
    words = page_words(lang)
    _ = words.gettext
    table = session.table
    if table is None:
        return ""
    if session.words_bytes or session.lists:
        parts = [_("the words typed in")] if session.words_bytes else []
        parts += session.lists
        others = (
            _("{some} and {last}").format(some=", ".join(parts[:-1]), last=parts[-1])
            if len(parts) > 1
            else parts[0]
        )
        return _(
            "{table} makes the whole deck from its rows; remove {others}, or remove {table}"
        ).format(table=table.name, others=others)
    missing = missing_pictures(session)
    if not missing:
        return ""
    shown = ", ".join(missing[:SHOWN_MISSING])
    if len(missing) > SHOWN_MISSING:
        more = len(missing) - SHOWN_MISSING
        shown = words.ngettext("{shown} and {n} more", "{shown} and {n} more", more).format(
            shown=shown, n=more
        )
    return words.ngettext(
        "{table} names this picture, not added yet: {shown}; add it (or its folder)",
        "{table} names these {n} pictures, not added yet: {shown}; add them (or their folder)",
        len(missing),
    ).format(table=table.name, n=len(missing), shown=shown)


def missing_pictures(session: Session) -> list[str]:
    """The file names of the pictures the vocabulary file names that were not uploaded."""
    assert session.table is not None
    names = table_cells(session.table).pictures
    return [n for n in (cell.rpartition("/")[2] for cell in names) if n not in session.names]


def unused_pictures(session: Session) -> list[str]:
    """The uploaded pictures the vocabulary file does not name (not in the deck)."""
    if session.table is None:
        return []
    named = {cell.rpartition("/")[2] for cell in table_cells(session.table).pictures}
    return [n for n in session.names if n not in named]


def about(session: Session, lang: str = "en") -> dict[str, dict[str, str]]:
    """What each word list's and the vocabulary file's tile says: its words or rows."""
    shown = {}
    for name in session.lists:
        try:
            shown[name] = {"about": _words(len(read_words(session.folder / name)), lang)}
        except (BadWords, OSError):
            continue
    if session.table is not None:
        shown[session.table.name] = {"about": _rows(table_cells(session.table).rows, lang)}
    return shown


def _words(count: int, lang: str) -> str:
    said = page_words(lang).ngettext("word list: {n} word", "word list: {n} words", count)
    return said.format(n=count)


def _rows(count: int, lang: str) -> str:
    said = page_words(lang).ngettext("vocabulary: {n} row", "vocabulary: {n} rows", count)
    return said.format(n=count)
