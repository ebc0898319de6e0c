"""The Connect variant: 90 cards of 10 symbols, 10 starting cards and four teams of 20 by border."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import numpy as np
import pymupdf
import pytest
from typer.testing import CliRunner

from dobble_print.cli.commands import app
from dobble_print.deck.connect import START, TEAMS, assign_teams, cover_lines
from dobble_print.errors import DobbleError
from dobble_print.options.presets import load_preset
from dobble_print.pipeline.planning import plan_deck
from tests.support.messages import as_cli

MM_PER_PT = 25.4 / 72.0


def test_connect_deck_is_90_cards_of_10_and_every_pair_shares_exactly_one():
    deck, _ = plan_deck(10, 90, 91)
    assert len(deck.cards) == 90 and {len(c) for c in deck.cards} == {10}
    sets = [set(c) for c in deck.cards]
    assert all(len(a & b) == 1 for a, b in itertools.combinations(sets, 2))
    assert len(set().union(*sets)) == 91


def test_borders_are_10_starting_and_four_teams_of_20():
    teams = assign_teams(90)
    assert Counter(t.name for t in teams) == {
        "start": 10,
        "pink": 20,
        "orange": 20,
        "green": 20,
        "blue": 20,
    }
    assert teams[:10] == (START,) * 10 and START.rgb == (0.0, 0.0, 0.0)
    assert [t.name for t in TEAMS] == ["pink", "orange", "green", "blue"]


@pytest.mark.parametrize(("cards", "counts"), [(21, [10, 3, 3, 3, 2]), (14, [10, 1, 1, 1, 1])])
def test_smaller_decks_keep_10_starting_cards_and_share_the_rest(cards, counts):
    got = Counter(t.name for t in assign_teams(cards))
    assert [got[n] for n in ("start", "pink", "orange", "green", "blue")] == counts


def test_too_few_cards_for_connect_is_a_user_error():
    with pytest.raises(DobbleError) as err:
        assign_teams(13)
    assert as_cli(err.value).startswith("--variant connect needs at least 14 cards")


def test_preset_sets_hexagons_10_symbols_90_cards_and_the_variant():
    values = load_preset(
        "connect",
        known={"symbols_per_card", "cards", "shape", "card_size", "safe_margin", "variant"},
    )
    assert values == {
        "symbols_per_card": 10,
        "cards": 90,
        "shape": "hexagon",
        "card_size": "70mm",
        "safe_margin": "5mm",
        "variant": "connect",
    }


def test_connect_build_borders_teams_in_report_pdf_and_cover(tmp_path):
    """A small Connect deck (21 cards of 5 words) through the CLI: the preset's shape and variant,
    team borders read from the rendered page, the cover's explanation."""
    words = tmp_path / "words.txt"
    words.write_text("\n".join(f"w{i}" for i in range(21)) + "\n", encoding="utf-8")
    report = tmp_path / "r.json"
    result = CliRunner().invoke(
        app,
        [
            "build",
            str(words),
            "-o",
            str(tmp_path / "c.pdf"),
            "--preset",
            "connect",
            "-n",
            "5",
            "--cards",
            "21",
            "--seed",
            "4",
            "--report",
            str(report),
            "-q",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert data["card"]["shape"] == "hexagon" and data["card"]["size_mm"] == 70.0
    teams = [c["team"] for c in data["cards"]]
    assert Counter(teams) == {"start": 10, "pink": 3, "orange": 3, "green": 3, "blue": 2}
    doc = pymupdf.open(tmp_path / "c.pdf")
    assert cover_lines(assign_teams(21))[0] in doc[0].get_text().replace("\n", " ")
    assert "four teams of 2–3 (pink," in cover_lines(assign_teams(21))[0]
    assert cover_lines(assign_teams(90)) == (
        "Connect: lay out the 10 black-bordered cards; four teams of 20 (pink, orange, green, "
        "blue).",
    )
    colours = {t.name: t.rgb for t in (START, *TEAMS)}
    for card in data["cards"][:16]:
        page = doc[card["page"] - 1]
        pix = page.get_pixmap(dpi=72)
        img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)
        x, y = card["center_mm"]
        # a point in the border band: 1.5 mm inside the left flat
        col = round((x - 35 + 1.5) / MM_PER_PT)
        row = round(page.rect.height - y / MM_PER_PT)
        want = np.array([round(v * 255) for v in colours[card["team"]]])
        assert np.abs(img[row, col, :3].astype(int) - want).max() <= 6, card["team"]


def test_connect_with_too_few_pictures_says_what_connect_needs(tmp_path):
    from typer.testing import CliRunner

    from dobble_print.cli.commands import app

    result = CliRunner().invoke(
        app, ["build", "--preset", "connect", "-o", str(tmp_path / "c.pdf")]
    )
    assert result.exit_code == 1
    [line] = result.stderr.splitlines()
    assert line.startswith("dobble-print: error: ") and line.endswith(
        "icons: the Connect variant needs 91 pictures for its 90 cards of 10 symbols and there "
        "are 57; add 34 pictures"
    )
    assert not (tmp_path / "c.pdf").exists()


def test_connect_symbols_stay_clear_of_the_border_without_the_preset(tmp_path, pictures):
    import json

    from typer.testing import CliRunner

    from dobble_print.cli.commands import app
    from dobble_print.deck.connect import BORDER_MM

    src = pictures(31)
    edges = {}
    for name, extra in (("plain", []), ("connect", ["--variant", "connect"])):
        report = tmp_path / f"{name}.json"
        result = CliRunner().invoke(
            app,
            [
                "build",
                str(src),
                "-o",
                str(tmp_path / f"{name}.pdf"),
                "--seed",
                "1",
                "--cards",
                "14",
                "--report",
                str(report),
                *extra,
            ],
        )
        assert result.exit_code == 0, result.stderr
        edges[name] = json.loads(report.read_text())["metrics"]["edge"]
    assert edges["plain"] < BORDER_MM + 2  # the default 3 mm margin would touch the border
    assert edges["connect"] >= BORDER_MM + 2
