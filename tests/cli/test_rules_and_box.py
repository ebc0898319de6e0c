"""``--rules``, ``--box``, ``--card-thickness`` and ``--title`` on the command line: what they add
to the PDF, and the one line each mistake gets."""

from __future__ import annotations

import pymupdf
import pytest
from typer.testing import CliRunner

from dobble_print.cli import app

runner = CliRunner()
WORDS = ["cat", "dog", "sun", "moon", "star", "tree", "fish"]


@pytest.fixture
def words(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return path


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def test_rules_and_box_pages_follow_the_cover(tmp_path, words):
    out = tmp_path / "deck.pdf"
    args = ["build", words, "-o", out, "--seed", 3, "-q", "--rules", "--box"]
    result = run(*args, "--title", "Animal snap")
    assert result.exit_code == 0, result.output
    texts = [page.get_text() for page in pymupdf.open(out)]
    assert texts[0].startswith("Animal snap")  # the cover's heading
    assert texts[1].startswith("Animal snap: how to play")
    assert "for 7 cards up to 0.3 mm thick" in texts[2]
    assert len(texts) == 5  # then the two sheets of fronts, with neither on them
    assert all("how to play" not in t and "Tuck box" not in t for t in texts[3:])


def test_the_rules_and_the_box_of_a_word_deck_speak_of_words(tmp_path, words):
    out = tmp_path / "deck.pdf"
    result = run("build", words, "-o", out, "--seed", 3, "-q", "--rules", "--box")
    assert result.exit_code == 0, result.output
    rules, box = (" ".join(pymupdf.open(out)[i].get_text().split()) for i in (1, 2))
    assert "share exactly one word: never two" in rules
    assert "7 cards with 3 words on each" in rules
    assert "picture" not in rules
    assert "7 cards, 3 words on each" in box


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["--box", "--card-thickness", "0"],
            "--card-thickness 0mm is not the thickness of one card; give it in mm, more than 0 "
            "and at most 2, e.g. 0.3mm (printed card) or 0.5mm (laminated)",
        ),
        (
            ["--box", "--card-thickness", "-0.3mm"],
            "--card-thickness -0.3mm is not the thickness of one card; give it in mm, more than "
            "0 and at most 2, e.g. 0.3mm (printed card) or 0.5mm (laminated)",
        ),
        (
            ["--box", "--card-thickness", "thin"],
            "--card-thickness 'thin' is not a length; write a number with mm, cm or in, e.g. 85mm",
        ),
        (
            ["--card-thickness", "0.4mm"],
            "--card-thickness 0.4mm does nothing without --box; add --box to print a tuck box, "
            "or leave --card-thickness out",
        ),
        (["--title", "  "], '--title is empty; give the deck a name, e.g. "Our animals"'),
        (
            ["--box", "--paper", "a6"],
            "--box does not fit on A6 paper for 85 mm cards, even in two pieces; choose larger "
            "paper (--paper), or leave --box out",
        ),
    ],
)
def test_each_mistake_is_one_line_and_leaves_nothing(tmp_path, words, args, line):
    out = tmp_path / "deck.pdf"
    result = run("build", words, "-o", out, "--seed", 3, "-q", *args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"dobble-print: error: {line}"]
    assert not out.exists()
