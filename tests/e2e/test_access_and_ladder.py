"""``--preset access`` and ``--ladder`` (issue 42): decks after the retail accessible edition,
and the same pictures as decks of rising difficulty, each a whole verified deck."""

from __future__ import annotations

import itertools
import json

import pytest
from typer.testing import CliRunner

from dobble_print.cli.commands import app
from dobble_print.pipeline import ladder_sizes, rung_path
from tests.support.colour_pictures import save

runner = CliRunner()


@pytest.mark.parametrize(
    ("pictures", "sizes"),
    [
        (6, ()),
        (12, ()),
        (13, (3, 4)),
        (20, (3, 4)),
        (21, (3, 4, 5)),
        (31, (4, 5, 6)),
        (57, (4, 5, 6)),
    ],
)
def test_the_ladder_s_rungs_are_the_sizes_the_pictures_fill(pictures, sizes):
    assert ladder_sizes(pictures) == sizes


def _verified(report: dict, n: int) -> None:
    """Every two cards share exactly one symbol; every card has n, upright, of one size."""
    cards = [set(card["symbols"]) for card in report["cards"]]
    assert all(len(card) == n for card in cards)
    assert all(len(a & b) == 1 for a, b in itertools.combinations(cards, 2))
    for card in report["cards"]:
        assert all(p["rotation_deg"] == 0 for p in card["placements"])
        assert card["metrics"]["size_ratio"] <= 1.05 + 1e-3


def test_an_access_ladder_of_thirteen_pictures_writes_two_verified_decks(tmp_path):
    """13 pictures: decks of 3 and 4 per card beside the PDF asked for, on the access preset's
    100 mm cards; the PDF asked for is not written (fails on the old code: no such options)."""
    folder = tmp_path / "p"
    folder.mkdir()
    for seed in range(13):
        save(folder, f"shape-{seed:02}", 100 + seed, (30, 30, 30))
    out = tmp_path / "out" / "deck.pdf"
    result = runner.invoke(
        app,
        ["build", str(folder), "--preset", "access", "--ladder", "-o", str(out), "--seed", "3"]
        + ["--report", str(tmp_path / "out" / "deck.json"), "-q"],
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.parent.iterdir()) == [
        "deck-3.json",
        "deck-3.pdf",
        "deck-4.json",
        "deck-4.pdf",
    ]
    for n in (3, 4):
        assert f"-> {rung_path(out, n)}" in result.stdout
        report = json.loads(rung_path(tmp_path / "out" / "deck.json", n).read_text("utf-8"))
        assert report["card"] == {"shape": "circle", "diameter_mm": 100.0}
        _verified(report, n)


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["-n", "4"],
            "dobble-print: error: --ladder chooses the symbols per card of each deck itself; "
            "leave out -n",
        ),
        (
            ["--png-dir", "cards"],
            "dobble-print: error: --ladder writes three decks, and only their PDFs; leave out "
            "--png-dir, or build each deck on its own",
        ),
    ],
)
def test_what_a_ladder_cannot_honour_is_refused(tmp_path, args, line):
    folder = tmp_path / "p"
    folder.mkdir()
    for seed in range(7):
        save(folder, f"shape-{seed}", 100 + seed, (30, 30, 30))
    result = runner.invoke(
        app, ["build", str(folder), "--ladder", "-o", str(tmp_path / "deck.pdf"), *args]
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [line]
    assert list(tmp_path.glob("*.pdf")) == []


def test_too_few_pictures_for_a_ladder(tmp_path):
    folder = tmp_path / "p"
    folder.mkdir()
    for seed in range(8):
        save(folder, f"shape-{seed}", 100 + seed, (30, 30, 30))
    result = runner.invoke(app, ["build", str(folder), "--ladder", "-o", str(tmp_path / "d.pdf")])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"dobble-print: error: {folder}: a difficulty ladder needs 13 pictures or more, for two "
        "decks (of 3 and 4 per card); there are 8"
    ]
