"""CLI tables: arguments → exit code → exact output line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from dobble_print.cli import app
from dobble_print.deck import build_deck

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_deck_prints_one_card_per_line():
    result = run("deck", "3")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [tuple(map(int, line.split())) for line in lines] == list(build_deck(3).cards)


def test_deck_json_and_cards():
    result = run("deck", "8", "--cards", "55", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["symbols_per_card"] == 8
    assert len(data["cards"]) == 55
    assert all(len(c) == 8 for c in data["cards"])


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["deck", "7"], "dobble-print: error: 7 symbols per card is impossible (no deck exists "
                        "for n = 6); nearest: 6 per card (31 cards) or 8 per card (57 cards)"),
        (["deck", "8", "--cards", "58"], "dobble-print: error: --cards 58 is out of range: a "
                                         "deck with 8 symbols per card has 1 to 57 cards"),
        (["deck", "8", "--cards", "0"], "dobble-print: error: --cards 0 is out of range: a "
                                        "deck with 8 symbols per card has 1 to 57 cards"),
        (["deck", "1"], "dobble-print: error: 1 symbols per card is too few; a deck needs at "
                        "least 2 per card"),
    ],
)
def test_deck_errors_are_one_line(args, line):
    result = run(*args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [line]
    assert result.stdout == ""


@pytest.mark.parametrize("n", [n for n in range(2, 34) if n not in
                               (2, 3, 4, 5, 6, 8, 9, 10, 12, 14, 17, 18, 20, 24, 26, 28, 30, 32)])
def test_every_impossible_n_exits_1_with_one_line(n):
    result = run("deck", str(n))
    assert result.exit_code == 1
    [line] = result.stderr.splitlines()
    assert line.startswith(f"dobble-print: error: {n} symbols per card is ")


def test_console_script_runs_as_a_module():
    out = subprocess.run([sys.executable, "-m", "dobble_print", "deck", "2"],
                         capture_output=True, text=True)
    assert out.returncode == 0
    assert out.stdout == "0 1\n0 2\n1 2\n"


def test_build_errors_name_the_problem(tmp_path, pictures):
    folder = pictures(2)
    result = run("build", str(folder), "-o", str(tmp_path / "d.pdf"), "--seed", "1")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"dobble-print: error: {folder}: 2 pictures cannot make a deck; the smallest deck "
        "needs 3 pictures (3 cards of 2 symbols)"
    ]
    assert not (tmp_path / "d.pdf").exists()


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--card-size", "big"], "dobble-print: error: --card-size 'big' is not a length; write "
                                 "a number with mm, cm or in, e.g. 85mm"),
        (["--paper", "a5x"], "dobble-print: error: --paper 'a5x' is not a paper size; use a4, "
                             "letter, a3 or WxH like 210x297mm"),
        (["-n", "8"], "dobble-print: error: {src}: -n 8 needs more pictures: 13 pictures give "
                      "only 1 card; add 44 pictures or use -n 4"),
        (["-n", "7"], "dobble-print: error: 7 symbols per card is impossible (no deck exists "
                      "for n = 6); nearest: 6 per card (31 cards) or 8 per card (57 cards)"),
        (["--cards", "14"], "dobble-print: error: --cards 14 is out of range: a deck with 4 "
                            "symbols per card has 1 to 13 cards"),
        (["--card-size", "300mm"], "dobble-print: error: --card-size 300mm does not fit on a4 "
                                   "paper inside a 5 mm margin; choose a smaller card or larger "
                                   "paper"),
    ],
)
def test_build_option_errors(tmp_path, pictures, args, line):
    folder = pictures(13)
    result = run("build", str(folder), "-o", str(tmp_path / "d.pdf"), "--seed", "1", *args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [line.format(src=folder)]
    assert list(tmp_path.glob("*.pdf")) == [] and list(tmp_path.glob(".*part")) == []


def test_missing_folder(tmp_path):
    result = run("build", str(tmp_path / "nope"), "-o", str(tmp_path / "d.pdf"), "--seed", "1")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"dobble-print: error: {tmp_path / 'nope'}: no such folder; give a folder of pictures"
    ]


def test_build_without_seed_says_which_seed(tmp_path, pictures):
    result = run("build", str(pictures(7)), "-o", str(tmp_path / "d.pdf"))
    assert result.exit_code == 0
    assert result.stderr.startswith("no seed given, using --seed ")
