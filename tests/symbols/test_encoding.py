"""Spreadsheet exports read as they are saved: Excel's "Unicode Text" (UTF-16 with a BOM, tabs,
often named .txt), UTF-16 CSV and TSV, UTF-16 without a BOM; a .txt whose lines hold tabs is a
vocabulary table or refused in one line, never words glued together."""

from __future__ import annotations

from pathlib import Path

import pytest

from dobble_print.errors import DobbleError
from dobble_print.symbols import find_sources

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"
ROWS = [
    ("picture", "français", "english"),
    ("pictures\\cat.svg", "chat", "cat"),  # as Excel on Windows writes a path
    ("pictures\\dog.svg", "chien", "dog"),
    ("pictures\\apple.svg", "pomme", "apple"),
]


def _table(folder: Path, name: str, sep: str = "\t", encoding: str = "utf-16") -> Path:
    """The table as a spreadsheet exports it: CRLF lines, UTF-16 with a BOM by default."""
    (folder / "pictures").mkdir(exist_ok=True)
    for icon in ("cat", "dog", "apple"):
        (folder / "pictures" / f"{icon}.svg").write_bytes((ICONS / f"{icon}.svg").read_bytes())
    path = folder / name
    path.write_bytes("".join(sep.join(r) + "\r\n" for r in ROWS).encode(encoding))
    return path


@pytest.mark.parametrize(
    ("name", "sep", "encoding"),
    [
        ("Unicode Text.txt", "\t", "utf-16"),  # Excel's "Unicode Text"
        ("vocab.tsv", "\t", "utf-16"),
        ("vocab.csv", ",", "utf-16"),
        ("vocab.csv", ";", "utf-16-le"),  # no BOM: a NUL beside every letter
        ("vocab.txt", "\t", "utf-8-sig"),  # Excel's "Text (Tab delimited)", with a BOM
        ("vocab.csv", ";", "cp1252"),  # French Windows Excel's plain "CSV" (main refused it)
        ("vocab.csv", ",", "mac_roman"),  # a Mac Excel's plain "CSV" (main refused it)
    ],
)
def test_a_spreadsheet_export_is_a_vocabulary_file(tmp_path, name, sep, encoding):
    found = find_sources([_table(tmp_path, name, sep, encoding)])
    vocabulary = found.vocabulary
    assert vocabulary is not None and vocabulary.columns == ROWS[0]
    assert vocabulary.pictures == (True, False, False)
    assert [e.cells[1:] for e in vocabulary.entries] == [r[1:] for r in ROWS[1:]]
    assert vocabulary.files[0] == tmp_path / "pictures" / "cat.svg"


def test_a_txt_table_of_words_alone_is_refused_not_glued(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes("français\tenglish\r\nchat\tcat\r\nsoleil\tsun\r\n".encode("utf-16"))
    with pytest.raises(DobbleError) as info:
        find_sources([path])
    assert str(info.value) == (
        f"{path}: its lines hold tabs, as a spreadsheet's text export does, and no column holds "
        "pictures; to match words with words, save it as .tsv with a first row naming the "
        "columns (e.g. word, translation); for a word list, one word a line"
    )
    # a word list whose lines end in empty cells (one column of a spreadsheet) stays one
    single = tmp_path / "single.txt"
    single.write_bytes("chat\t\t\r\nsoleil\t\r\n".encode("utf-16"))
    assert [s.word for s in find_sources([single]).items] == ["chat", "soleil"]


def test_utf16_without_a_bom_is_read_not_printed_as_nul_bytes(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes("chat\r\nchien\r\néléphant\r\n".encode("utf-16-le"))
    assert [s.word for s in find_sources([path]).items] == ["chat", "chien", "éléphant"]
    big = tmp_path / "big-endian.txt"
    big.write_bytes("chat\nchien\nsoleil\n".encode("utf-16-be"))
    assert [s.word for s in find_sources([big]).items] == ["chat", "chien", "soleil"]
