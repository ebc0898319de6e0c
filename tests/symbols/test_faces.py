"""A vocabulary's faces loaded as symbols, face by face, row by row."""

from __future__ import annotations

from pathlib import Path

import pytest

from dobble_print.errors import DobbleError
from dobble_print.symbols import choose_faces, load_faces
from dobble_print.symbols.vocabulary.faces import TEXT_ROOM
from dobble_print.symbols.vocabulary.rows import read_vocabulary

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"


def _vocabulary(folder: Path, rows: list[str]) -> Path:
    for icon in ("cat", "dog"):
        (folder / f"{icon}.svg").write_bytes((ICONS / f"{icon}.svg").read_bytes())
    path = folder / "v.csv"
    path.write_text("\n".join(["picture,word,translation", *rows]) + "\n", encoding="utf-8")
    return path


def test_each_face_its_own_symbol_in_order(tmp_path):
    v = read_vocabulary(_vocabulary(tmp_path, ["cat.svg,cat,gato", "dog.svg,dog,perro"]))
    loaded = load_faces(v, choose_faces(v, ["picture+word", "translation", "picture"]), need=2)
    got = [(s.kind, s.name, s.source) for s in loaded.symbols]
    assert got == [
        ("labelled", "cat", f"{v.path}:2"),
        ("word", "gato", f"{v.path}:2"),
        ("image", "cat", f"{v.path}:2"),
        ("labelled", "dog", f"{v.path}:3"),
        ("word", "perro", f"{v.path}:3"),
        ("image", "dog", f"{v.path}:3"),
    ]
    # the same picture loaded alone and under its label
    assert (loaded.symbols[0].picture.array() == loaded.symbols[2].rgba).all()
    # text faces keep room around them, so "14" beside "18" does not read "1418"
    assert {s.room for s in loaded.symbols if s.kind == "word"} == {TEXT_ROOM}
    # words of one row differ in colour: colour is no clue to a match
    assert len({s.color for s in loaded.symbols if s.kind == "word"}) == 2


def test_rows_past_the_deck_are_not_loaded(tmp_path):
    v = read_vocabulary(_vocabulary(tmp_path, ["cat.svg,cat,gato", "dog.svg,dog,perro"]))
    loaded = load_faces(v, choose_faces(v, ["word"]), need=1)
    assert [s.name for s in loaded.symbols] == ["cat"] and loaded.unused == ("dog",)


def test_a_picture_that_does_not_decode_names_its_row(tmp_path):
    (tmp_path / "broken.png").write_bytes(b"not a png at all")
    v = read_vocabulary(_vocabulary(tmp_path, ["cat.svg,cat,gato", "broken.png,cow,vaca"]))
    with pytest.raises(DobbleError, match=r"^.*v\.csv:3: broken\.png: .+"):
        load_faces(v, choose_faces(v, ["picture"]))
