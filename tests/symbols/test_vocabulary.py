"""Vocabulary files: read, checked row by row, faces chosen; every bad row one line naming the
file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from dobble_print.errors import DobbleError, OptionError
from dobble_print.symbols import choose_faces, find_sources
from dobble_print.symbols.vocabulary.rows import read_vocabulary
from tests.support.messages import as_cli

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"


def _write(folder: Path, text: str, name: str = "vocab.csv") -> Path:
    (folder / "pics").mkdir(exist_ok=True)
    for icon in ("cat", "dog", "apple"):
        (folder / "pics" / f"{icon}.svg").write_bytes((ICONS / f"{icon}.svg").read_bytes())
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_columns_rows_and_pictures_relative_to_the_file(tmp_path):
    path = _write(
        tmp_path,
        "\ufeffpicture,word,translation\npics/cat.svg,cat,gato\n\npics/dog.svg,dog,perro\n",
    )
    v = read_vocabulary(path)
    assert v.columns == ("picture", "word", "translation")
    assert v.pictures == (True, False, False)
    assert [(e.line, e.cells) for e in v.entries] == [
        (2, ("pics/cat.svg", "cat", "gato")),
        (4, ("pics/dog.svg", "dog", "perro")),
    ]
    assert v.files == (tmp_path / "pics/cat.svg", tmp_path / "pics/dog.svg")
    assert [v.key(e) for e in v.entries] == ["cat · gato", "dog · perro"]
    found = find_sources([path])
    assert (
        found.vocabulary == v and path in found.files and tmp_path / "pics/dog.svg" in found.files
    )


def test_tsv_semicolons_and_quoted_commas(tmp_path):
    tsv = _write(tmp_path, "fact\tanswer\n3 × 4\t12\n2 + 2\t4\n", "maths.tsv")
    assert read_vocabulary(tsv).entries[0].cells == ("3 × 4", "12")
    assert read_vocabulary(tsv).pictures == (False, False)
    semi = _write(tmp_path, "word;translation\ncat;gato\n", "semi.csv")
    assert read_vocabulary(semi).entries[0].cells == ("cat", "gato")
    quoted = _write(tmp_path, 'word,gloss\n"one, two",1 2\n', "quoted.csv")
    assert read_vocabulary(quoted).entries[0].cells == ("one, two", "1 2")


BAD = [
    ("", "{p}: empty; give a header row (e.g. picture,word) and one row per symbol"),
    (
        "picture,word\npics/cat.svg,cat\npics/dog.svg,dog,perro\n",
        "{p}:3: 3 cells but the header names 2 columns; remove the extra cells, "
        "or quote a cell that holds a comma",
    ),
    (
        "picture,word\npics/cat.svg,\n",
        '{p}:2: the "word" cell is empty; give every symbol all its faces',
    ),
    (
        "picture,word\npics/cat.svg\n",
        '{p}:2: the "word" cell is empty; give every symbol all its faces',
    ),
    (
        "picture,word\npics/cat.svg,cat\npics/cow.svg,cow\n",
        "{p}:3: pics/cow.svg: no such picture; paths are relative to the folder of vocab.csv",
    ),
    (
        "picture,word\npics/cat.svg,cat\npics/dog.svg,Cat\n",
        '{p}:3: "Cat" is also on line 2; two rows showing the same face would make two '
        "matches on a card pair; change one",
    ),
    (
        "word,translation\nbread,pain\npain,douleur\n",
        '{p}:3: "pain" is also on line 2; two rows showing the same face would make two '
        "matches on a card pair; change one",
    ),
    (
        "fact,answer\n3 × 4,12\n2 + 2,4\n2 × 6, 12 \n",
        '{p}:4: "12" is also on line 2; two rows showing the same face would make two '
        "matches on a card pair; change one",
    ),
    (
        "word,translation\ncafé,coffee\nCoffee,cafe\u0301\n",  # NFC: café twice
        '{p}:3: "Coffee" is also on line 2; two rows showing the same face would make two '
        "matches on a card pair; change one",
    ),
    (
        "picture,word\npics/cat.svg,cat\npics/dog.svg,cat  \n",
        '{p}:3: "cat" is also on line 2; two rows showing the same face would make two '
        "matches on a card pair; change one",
    ),
    (
        "picture,word\npics/cat.svg,cat\npics/cat.svg,kitten\n",
        '{p}:3: duplicate symbol: "pics/cat.svg" is also on line 2; give each symbol once',
    ),
    (
        "picture,word\npics/cat.svg,cat\nnotes.txt,dog\n",
        '{p}:3: "notes.txt" in the "picture" column is not a picture file '
        "(PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP, TIFF or SVG)",
    ),
    ("word,word\ncat,dog\n", '{p}:1: two columns are called "word"'),
    ("word,\ncat,dog\n", "{p}:1: column 2 of the header has no name"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_rows_are_one_line_naming_the_file_and_line(tmp_path, text, message):
    path = _write(tmp_path, text)
    with pytest.raises(DobbleError) as exc:
        find_sources([path])
    assert str(exc.value) == message.format(p=path)


def test_not_utf8(tmp_path):
    path = tmp_path / "v.csv"  # UTF-8 and Windows-1252 mixed: neither reading makes words
    path.write_bytes("word,translation\ncafé,kaffee\n".encode() + "thé,tee\n".encode("cp1252"))
    with pytest.raises(DobbleError, match=r"v\.csv:3: not UTF-8 text; save the file as UTF-8"):
        read_vocabulary(path)


def test_a_vocabulary_file_is_the_only_source(tmp_path):
    path = _write(tmp_path, "word,translation\ncat,gato\n")
    with pytest.raises(DobbleError) as exc:
        find_sources([path, ICONS])
    assert str(exc.value) == (
        f"{path}: a vocabulary file makes the whole deck; give it as the only source"
    )


def test_faces_chosen_by_column_names(tmp_path):
    v = read_vocabulary(_write(tmp_path, "picture,word,translation\npics/cat.svg,cat,gato\n"))
    assert [(f.name, f.columns) for f in choose_faces(v, [])] == [
        ("picture", (0,)),
        ("word", (1,)),
        ("translation", (2,)),
    ]
    faces = choose_faces(v, ["word+picture", "translation"])
    assert [(f.name, f.columns) for f in faces] == [("picture+word", (0, 1)), ("translation", (2,))]


def test_faces_are_named_case_aside(tmp_path):
    """--faces image against a header "Image", as a spreadsheet capitalises it (main: '"image"
    is not a column'); an exact name still wins, and two columns alike but for case are not
    guessed between."""
    v = read_vocabulary(_write(tmp_path, "Image,Word,Translation\npics/cat.svg,cat,gato\n"))
    faces = choose_faces(v, ["image+word", "TRANSLATION"])
    assert [(f.name, f.columns) for f in faces] == [("Image+Word", (0, 1)), ("Translation", (2,))]
    v = read_vocabulary(_write(tmp_path, "picture,Word,word\npics/cat.svg,cat,gato\n"))
    assert [f.columns for f in choose_faces(v, ["picture", "word"])] == [(0,), (2,)]
    with pytest.raises(OptionError) as exc:
        choose_faces(v, ["picture", "WORD"])
    assert as_cli(exc.value) == (
        '--faces "WORD" is not a column of vocab.csv; its columns are picture, Word, word'
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            ["picture", "wort"],
            '--faces "wort" is not a column of vocab.csv; its columns are '
            "picture, word, translation",
        ),
        (
            ["word+translation"],
            "--faces word+translation: a combined face is a picture column "
            "and a text column (its label), e.g. picture+word",
        ),
        (["word", "word"], "--faces word is named twice; name each face once"),
    ],
)
def test_bad_faces(tmp_path, spec, message):
    v = read_vocabulary(_write(tmp_path, "picture,word,translation\npics/cat.svg,cat,gato\n"))
    with pytest.raises(OptionError) as exc:
        choose_faces(v, spec)
    assert as_cli(exc.value) == message


def test_a_row_may_show_its_own_face_twice_and_letters_differ_by_case(tmp_path):
    """``taxi,taxi`` is one symbol shown by two faces alike: no second match. ``a`` and ``A``
    look different, as in a letter deck."""
    same = _write(tmp_path, "word,translation\ntaxi,taxi\nbus,autobus\n", "same.csv")
    assert [e.cells for e in read_vocabulary(same).entries] == [
        ("taxi", "taxi"),
        ("bus", "autobus"),
    ]
    letters = _write(tmp_path, "letter,word\na,apple\nA,ant\n", "letters.csv")
    assert len(read_vocabulary(letters).entries) == 2


def test_a_tab_separated_file_called_csv(tmp_path):
    tabs = _write(tmp_path, "picture\tword\npics/cat.svg\tcat\npics/dog.svg\tdog\n", "tabs.csv")
    assert [e.cells for e in read_vocabulary(tabs).entries] == [
        ("pics/cat.svg", "cat"),
        ("pics/dog.svg", "dog"),
    ]


def test_empty_columns_a_spreadsheet_saved_are_ignored(tmp_path):
    excel = _write(tmp_path, "picture;word;;\npics/cat.svg;cat;;\npics/dog.svg;dog;\n", "x.csv")
    v = read_vocabulary(excel)
    assert v.columns == ("picture", "word") and v.entries[1].cells == ("pics/dog.svg", "dog")
    middle = _write(tmp_path, "word,,translation\ncat,,gato\n", "middle.csv")
    assert read_vocabulary(middle).entries[0].cells == ("cat", "gato")


def test_windows_backslashes_in_picture_paths(tmp_path):
    """``pics\\cat.svg`` names the picture on every system, as it does on Windows: the file
    works wherever it was written (a message saying "use /" would only make its author edit
    every row)."""
    windows = _write(tmp_path, "picture,word\npics\\cat.svg,cat\npics\\dog.svg,dog\n", "w.csv")
    v = read_vocabulary(windows)
    assert v.files == (tmp_path / "pics/cat.svg", tmp_path / "pics/dog.svg")
    assert v.name(v.entries[0]) == "cat"


SPREADSHEET_BAD = [
    (
        "pics/cat.svg,cat\npics/dog.svg,dog\n",
        '{p}:1: "pics/cat.svg" is a picture, not a column name; the first line must name the '
        "columns, e.g. picture,word",
    ),
    (
        "cat,pics\\cat.svg\ndog,pics\\dog.svg\n",
        '{p}:1: "pics\\cat.svg" is a picture, not a column name; the first line must name the '
        "columns, e.g. picture,word",
    ),
    (
        "picture;word;;\npics/cat.svg;cat;;x\n",
        "{p}:1: column 4 of the header has no name",
    ),
    (
        "picture,word\npics\\cow.svg,cow\n",
        "{p}:2: pics\\cow.svg: no such picture; paths are relative to the folder of vocab.csv",
    ),
]


@pytest.mark.parametrize(("text", "message"), SPREADSHEET_BAD)
def test_spreadsheet_mistakes_are_one_line(tmp_path, text, message):
    path = _write(tmp_path, text)
    with pytest.raises(DobbleError) as exc:
        find_sources([path])
    assert str(exc.value) == message.format(p=path)
