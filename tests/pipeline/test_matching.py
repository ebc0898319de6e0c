"""Matching decks from vocabulary files: each symbol shown by each face on an equal share of its
cards, the one-match rule by rows, all checked from the report; the answer key lists the rows."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import fitz
import pytest

from dobble_print.errors import OptionError
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build, plan
from tests.support.messages import as_cli

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"


def _vocabulary(folder: Path) -> Path:
    """31 rows ``picture,word`` over the bundled icons, the pictures in a folder beside it."""
    (folder / "pictures").mkdir(parents=True)
    rows = ["picture,word"]
    for icon in sorted(ICONS.glob("*.svg"))[:31]:
        (folder / "pictures" / icon.name).write_bytes(icon.read_bytes())
        rows.append(f"pictures/{icon.name},{icon.stem.replace('_', ' ')}")
    path = folder / "vocab.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _maths(folder: Path, rows: int = 13) -> Path:
    """``rows`` times-table facts and their answers, no answer twice, in a tab-separated file."""
    facts, seen = list[str](), set[int]()
    for a, b in itertools.combinations_with_replacement(range(2, 10), 2):
        if a * b not in seen and len(facts) < rows:
            seen.add(a * b)
            facts.append(f"{a} × {b}\t{a * b}")
    path = folder / "maths.tsv"
    path.write_text("fact\tanswer\n" + "\n".join(facts) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def vocab_deck(tmp_path_factory):
    folder = tmp_path_factory.mktemp("vocab")
    out = folder / "deck.pdf"
    options = BuildOptions(
        sources=(_vocabulary(folder),), output=out, seed=4, report=folder / "deck.json"
    )
    result = build(options)
    return out, json.loads((folder / "deck.json").read_text(encoding="utf-8")), result


def _faces_by_row(report: dict) -> dict[int, Counter]:
    shown: dict[int, Counter] = {}
    for card in report["cards"]:
        for p in card["placements"]:
            shown.setdefault(p["entry"], Counter())[p["face"]] += 1
    return shown


def test_each_symbol_is_a_picture_on_3_of_its_6_cards_and_a_word_on_the_other_3(vocab_deck):
    _, report, _ = vocab_deck
    assert report["symbols_per_card"] == 6 and len(report["cards"]) == 31
    shown = _faces_by_row(report)
    assert len(shown) == 31
    assert all(count == Counter(picture=3, word=3) for count in shown.values())
    entries = report["vocabulary"]["entries"]
    for card in report["cards"]:  # the face named is the symbol printed
        for p in card["placements"]:
            face = report["vocabulary"]["faces"].index(p["face"])
            assert p["symbol"] == entries[p["entry"]]["symbols"][face]


def test_any_two_cards_share_exactly_one_symbol_by_its_faces(vocab_deck):
    _, report, _ = vocab_deck
    rows = [{p["entry"] for p in card["placements"]} for card in report["cards"]]
    assert all(len(r) == 6 for r in rows)
    assert all(len(a & b) == 1 for a, b in itertools.combinations(rows, 2))
    # and the matches are mostly across faces: the same picture twice is not the game
    faces = [{p["entry"]: p["face"] for p in card["placements"]} for card in report["cards"]]
    across = sum(
        a[(a.keys() & b.keys()).pop()] != b[(a.keys() & b.keys()).pop()]
        for a, b in itertools.combinations(faces, 2)
    )
    assert across >= 0.5 * 465


def test_the_words_print_as_text_and_the_key_lists_every_row(vocab_deck):
    pdf, report, result = vocab_deck
    doc = fitz.open(pdf)
    cover = doc[0].get_text()
    assert "Answer key: all 31 symbols" in cover and "31 symbols" in cover
    for entry in report["vocabulary"]["entries"]:
        assert entry["cells"]["word"] in cover
    words = {p["entry"] for c in report["cards"] for p in c["placements"] if p["face"] == "word"}
    text = " ".join(page.get_text() for page in doc.pages(1))
    for e in words:
        assert report["vocabulary"]["entries"][e]["cells"]["word"].split()[0] in text
    assert result.matching is not None and result.matching.entries == 31


def test_a_maths_deck_of_two_text_faces(tmp_path):
    """Three rows, the full 3-card deck: each row once as its fact and once as its answer (the
    vocabulary deck above splits each symbol's six cards three and three)."""
    path = _maths(tmp_path, rows=3)
    out = tmp_path / "maths.pdf"
    build(BuildOptions(sources=(path,), output=out, seed=1, report=tmp_path / "m.json"))
    report = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))
    assert len(report["cards"]) == 3
    assert all(c == Counter(fact=1, answer=1) for c in _faces_by_row(report).values())
    rows = [{p["entry"] for p in card["placements"]} for card in report["cards"]]
    assert all(len(a & b) == 1 for a, b in itertools.combinations(rows, 2))
    text = " ".join(page.get_text() for page in fitz.open(out).pages(1))
    assert "×" in text


def test_plan_counts_the_rows_and_names_the_faces(tmp_path):
    path = _maths(tmp_path)
    options = BuildOptions(sources=(path,), output=tmp_path / "x.pdf", seed=1, faces=("answer",))
    planned = plan(options)
    assert (planned.found, planned.usable, len(planned.deck.cards)) == (13, 13, 13)
    assert str(planned.why).endswith("; each symbol shown as answer")
    assert planned.noun == "symbols"  # the rows, each shown by its faces: never "13 words"
    from typer.testing import CliRunner

    from dobble_print.cli import app

    said = CliRunner().invoke(app, ["plan", str(path)])
    assert said.exit_code == 0, said.output
    assert said.stdout.splitlines()[0] == "13 symbols:"


def test_faces_without_a_vocabulary_file(tmp_path):
    options = BuildOptions(sources=(ICONS,), output=tmp_path / "x.pdf", seed=1, faces=("word",))
    with pytest.raises(OptionError) as exc:
        plan(options)
    assert as_cli(exc.value) == (
        "--faces needs a vocabulary file (.csv or .tsv with a header) as the source"
    )


def test_labels_with_a_vocabulary_label_its_pictures_with_the_first_text_column(tmp_path):
    (tmp_path / "p").mkdir()
    rows = ["picture,word,translation"]
    for icon, word, other in [
        ("cat", "cat", "gato"),
        ("dog", "dog", "perro"),
        ("apple", "apple", "manzana"),
        ("banana", "banana", "plátano"),
        ("key", "key", "llave"),
        ("sun", "sun", "sol"),
        ("tree", "tree", "árbol"),
    ]:
        (tmp_path / "p" / f"{icon}.svg").write_bytes((ICONS / f"{icon}.svg").read_bytes())
        rows.append(f"p/{icon}.svg,{word},{other}")
    path = tmp_path / "v.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    options = BuildOptions(sources=(path,), output=tmp_path / "x.pdf", seed=1, labels=True)
    assert str(plan(options).why).endswith("; each symbol shown as picture+word or translation")


@pytest.mark.parametrize("rotation", [180.0, 0.0])
def test_text_faces_turn_as_words_do_and_carry_no_bar(tmp_path, rotation):
    """A vocabulary file's text faces, single digits included, turn no more than words (a "6"
    turning over beside an upright "24" looked odd), so no answer ever needs a bar."""
    path = tmp_path / "maths.csv"
    facts = ["2 × 3,6", "3 × 3,9", "2 × 2,4"]  # the full 3-card deck, a 6 and a 9 among them
    path.write_text("fact,answer\n" + "\n".join(facts) + "\n", encoding="utf-8")
    report = tmp_path / "m.json"
    options = BuildOptions(
        sources=(path,), output=tmp_path / "m.pdf", seed=1, max_rotation=rotation, report=report
    )
    result = build(options)
    assert not any(s.bars for s in result.symbols)
    turns = [
        abs(p["rotation_deg"])
        for card in json.loads(report.read_text(encoding="utf-8"))["cards"]
        for p in card["placements"]
    ]
    assert max(turns) <= min(25.0, rotation) + 1e-6


def test_the_shop_readme_of_a_vocabulary_deck_speaks_of_pictures_and_words_and_its_title(
    tmp_path,
):
    (tmp_path / "pics").mkdir()
    rows = ["picture,word"]
    for icon in sorted(ICONS.glob("*.svg"))[:3]:  # the full 3-card deck: each card a PNG
        (tmp_path / "pics" / icon.name).write_bytes(icon.read_bytes())
        rows.append(f"pics/{icon.name},{icon.stem.replace('_', ' ')}")
    path = tmp_path / "vocab.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    options = BuildOptions(
        sources=(path,), output=tmp_path / "v.pdf", seed=1, shop=tmp_path / "shop", title="Zoo"
    )
    build(options)
    text = (tmp_path / "shop" / "README.txt").read_text(encoding="utf-8")
    assert text.splitlines()[0] == (
        '"Zoo", your Spot it! deck, ready for print-and-cut or sticker shop'
    )
    assert (
        "3 cards of 2 pictures and words; any two cards share exactly one picture or word."
        in " ".join(text.split())
    )


@pytest.mark.parametrize(
    ("make", "faces", "line"),
    [
        (
            _vocabulary,
            ("picture", "word"),
            "--labels does nothing with --faces, which says the faces itself; ask for a labelled "
            "picture there, e.g. --faces picture+word,word",
        ),
        (
            _maths,
            (),
            "--labels puts a word under each picture, and maths.tsv needs a picture column and a "
            "text column for that; leave --labels out",
        ),
    ],
)
def test_labels_a_vocabulary_cannot_use_are_refused_in_one_line(tmp_path, make, faces, line):
    out = tmp_path / "x.pdf"
    options = BuildOptions(sources=(make(tmp_path),), output=out, seed=1, labels=True, faces=faces)
    with pytest.raises(OptionError) as exc:
        build(options)
    assert as_cli(exc.value) == line
    assert not out.exists()
