"""No card may be unplayable (issue 23, item 2): each card whose smallest picture prints under
the recognisable size gets one warning naming the card, the picture and a fix, and the fix
works; the default icons need none."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw
from typer.testing import CliRunner

from dobble_print.cli import app
from tests.conftest import ICONS

SVGS = sorted(ICONS.glob("*.svg"))


def stars() -> Image.Image:
    """A night sky cut out already: 40 yellow specks on transparency."""
    rng = np.random.default_rng(0)
    im = Image.new("RGBA", (600, 600), (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    for _ in range(40):
        (x, y), r = rng.uniform(0, 600, 2), rng.uniform(2, 6)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(250, 240, 120, 255))
    return im


def zigzag(paper: tuple[int, int, int], ink: tuple[int, int, int]) -> Image.Image:
    """A thin line drawn on plain paper: the paper is removed as a background, leaving the line."""
    im = Image.new("RGB", (600, 600), paper)
    points = [(30, 300), (150, 60), (270, 540), (390, 60), (510, 540), (570, 300)]
    ImageDraw.Draw(im).line(points, fill=ink, width=4)
    return im


def icons_and(tmp_path: Path, name: str, picture: Image.Image, icons: int) -> Path:
    """``icons`` of the default icons and ``picture``: with 12, the full deck of 13 cards of 4;
    with 6, of 7 cards of 3."""
    folder = tmp_path / "pics"
    folder.mkdir()
    for path in SVGS[:icons]:
        shutil.copy(path, folder / path.name)
    picture.save(folder / name)
    return folder


def build(tmp_path: Path, *args: str) -> tuple[list[str], dict]:
    """``build ARGS`` with seed 1: its warning lines and its report."""
    report = tmp_path / "deck.json"
    result = CliRunner().invoke(
        app,
        ["build", *args, "-o", str(tmp_path / "deck.pdf"), "--report", str(report), "-q"]
        + ["--seed", "1", "--no-cover"],
    )
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    return warnings, json.loads(report.read_text(encoding="utf-8"))


def expected(report: dict, fix: str) -> list[str]:
    """The warning of each card the report says is under the floor, in card order."""
    floor = report["recognisable_size_mm"]
    lines = []
    for card in sorted(report["cards"], key=lambda c: c["index"]):
        if card["recognisable"]:
            continue
        size = card["smallest_picture_mm"]
        digits = 0 if round(size) < round(floor) else 1  # never "3 mm (under 3 mm)"
        name = Path(report["symbols"][card["smallest_picture"]]["source"]).name
        lines.append(
            f'warning: card {card["index"] + 1}: "{name}" is too small to spot: its ink would '
            f"fill only a {size:.{digits}f} mm square (under {floor:.{digits}f} mm); {fix}"
        )
    return lines


def test_scattered_specks_are_named_on_each_of_their_cards(tmp_path):
    """A night sky of specks cannot print larger on any card: each of its 4 cards is named."""
    folder = icons_and(tmp_path, "stars.png", stars(), 12)
    warnings, report = build(tmp_path, str(folder))
    stars_id = next(s["id"] for s in report["symbols"] if s["name"] == "stars")
    holding = sorted(c["index"] for c in report["cards"] if stars_id in c["symbols"])
    unrecognisable = sorted(c["index"] for c in report["cards"] if not c["recognisable"])
    assert report["recognisable_size_mm"] == 12.728  # 9 mm × √(8/4)
    assert len(holding) == 4 and unrecognisable == holding
    assert warnings == expected(
        report,
        "it is too thin or scattered to print larger: use a bolder picture or leave it out",
    )


def test_a_thin_drawing_that_lost_its_background_is_named_and_keeping_it_fixes_it(tmp_path):
    """A yellow line on dark blue paper: removing the paper leaves a line too thin to spot;
    kept, the paper prints and the picture with it. Seven cards of three: the line is on three."""
    folder = icons_and(tmp_path, "zigzag.png", zigzag((20, 30, 90), (250, 220, 40)), 6)
    warnings, report = build(tmp_path, str(folder))
    assert warnings and warnings == expected(
        report, "its background was removed: --background keep keeps it"
    )
    assert {w.split('"')[1] for w in warnings} == {"zigzag.png"}
    kept, report = build(tmp_path, str(folder), "--background", "keep")
    assert kept == [] and all(c["recognisable"] for c in report["cards"])


def test_a_thin_drawing_on_white_paper_needs_a_bolder_picture(tmp_path):
    """The same line on white paper: kept, the paper would print nothing, so the fix is the
    picture. Seven cards of three: the line is on three."""
    folder = icons_and(tmp_path, "zigzag.png", zigzag((255, 255, 255), (30, 30, 200)), 6)
    warnings, report = build(tmp_path, str(folder))
    assert warnings and warnings == expected(
        report,
        "it is too thin or scattered to print larger: use a bolder picture or leave it out",
    )


def test_a_crowded_small_card_is_named_and_larger_cards_or_a_smaller_margin_fix_it(tmp_path):
    """12 symbols on 40 mm cards inside a 6 mm safe margin: the fixed millimetres crowd them
    under the floor, which scales with the card; 50 mm cards, or a 3 mm margin, lift them.
    33 of the default icons make three such cards: each of the three builds decodes and lays
    out about half of what the whole folder's six cards took."""
    folder = tmp_path / "pics"
    folder.mkdir()
    for path in SVGS[:33]:
        shutil.copy(path, folder / path.name)
    crowded = [str(folder), "-n", "12", "--card-size", "40mm"]
    warnings, report = build(tmp_path, *crowded, "--safe-margin", "6mm")
    assert warnings and warnings == expected(
        report, "give the symbols more room: larger cards (--card-size) or a smaller --safe-margin"
    )
    for fix in (["--card-size", "50mm", "--safe-margin", "6mm"], ["--safe-margin", "3mm"]):
        fixed, report = build(tmp_path, *crowded, *fix)
        assert fixed == [] and all(c["recognisable"] for c in report["cards"]), fix


def test_the_default_icons_need_no_warning(classic_deck):
    """Every card of the classic deck reaches the floor, with room to spare: its smallest
    picture is 11 mm, the recognisable size 9 mm."""
    _, report = classic_deck
    assert report["recognisable_size_mm"] == 9.0
    assert all(card["recognisable"] for card in report["cards"])
    assert min(card["smallest_picture_mm"] for card in report["cards"]) >= 11.0
