"""``--shop-profile`` on the command line: it lays the deck out at the shop's card and safe zone
(over a preset's size), refuses a typed card size it would override, and is refused without
``--shop``; each mistake one line, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from dobble_print.card import CardShape, ShapeKind
from dobble_print.cli import app
from dobble_print.cli.options import card_options
from dobble_print.options import BuildOptions

runner = CliRunner()
TGC = CardShape(ShapeKind.CIRCLE, 3.5 * 25.4)


def fields(*args: str) -> dict:
    """The parsed fields a command decorated with card_options receives for ``args``."""
    got: dict = {}
    probe = typer.Typer()

    @probe.command()
    @card_options
    def show(*, card_fields):
        got.update(card_fields)

    @probe.command()
    def other():
        pass

    result = runner.invoke(probe, ["show", *args])
    assert result.exit_code == 0, result.stderr
    BuildOptions(**got, output=Path("x.pdf"), seed=1)  # every key is a field
    return got


def test_the_profile_sets_the_card_and_lifts_the_safe_margin():
    got = fields("--shop-profile", "tgc-circle")
    assert got["card"] == TGC and got["safe_margin"] == pytest.approx(3.175)
    assert got["shop_profile"].name == "tgc-circle"
    assert fields("--shop-profile", "tgc-circle", "--safe-margin", "5mm")["safe_margin"] == 5.0
    assert fields("--preset", "junior", "--shop-profile", "tgc-circle")["card"] == TGC
    eu = fields("--shop-profile", "eu-3mm", "--card-size", "70mm", "--shape", "square")
    assert eu["card"] == CardShape(ShapeKind.SQUARE, 70.0) and eu["safe_margin"] == 4.0
    assert fields()["shop_profile"] is None  # no profile: print-and-cut


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["--card-size", "85mm"],
            "--card-size 85mm: the tgc-circle shop profile cuts 88.9 mm circle cards; leave "
            "--card-size out, or use --shop-profile print-and-cut",
        ),
        (
            ["--shape", "hexagon"],
            "--shape hexagon: the tgc-circle shop profile cuts 88.9 mm circle cards; leave "
            "--shape out, or use --shop-profile print-and-cut",
        ),
    ],
)
def test_a_typed_card_the_profile_overrides_is_refused(tmp_path, args, line):
    result = runner.invoke(
        app,
        ["build", "-o", str(tmp_path / "d.pdf"), "--shop", str(tmp_path / "shop")]
        + ["--shop-profile", "tgc-circle", *args],
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"dobble-print: error: {line}"]
    assert not list(tmp_path.iterdir())


def test_the_profiles_own_size_typed_is_fine():
    assert fields("--shop-profile", "tgc-circle", "--card-size", "3.5in")["card"] == TGC
    assert fields("--shop-profile", "tgc-circle", "--card-size", "88.9mm")["card"] == TGC


def test_a_profile_without_shop_is_refused(tmp_path):
    result = runner.invoke(
        app, ["build", "-o", str(tmp_path / "d.pdf"), "--shop-profile", "tgc-circle"]
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: --shop-profile tgc-circle does nothing without --shop DIR; add "
        "--shop DIR for the shop's files, or leave --shop-profile out"
    ]
    assert not list(tmp_path.iterdir())


def test_an_unknown_profile_is_one_line(tmp_path):
    result = runner.invoke(
        app,
        ["build", "-o", str(tmp_path / "d.pdf"), "--shop", str(tmp_path / "s")]
        + ["--shop-profile", "tgc"],
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: --shop-profile tgc: no such profile or file; use one of eu-3mm, "
        "makeplayingcards-round, print-and-cut, tgc-circle or a .toml file"
    ]


def test_preview_draws_the_card_at_the_shops_size(tmp_path, pictures):
    from PIL import Image

    out = tmp_path / "card.png"
    result = runner.invoke(
        app,
        ["preview", str(pictures(7)), "-o", str(out), "--seed", "1", "--dpi", "100"]
        + ["--shop-profile", "tgc-circle"],
    )
    assert result.exit_code == 0, result.stderr
    with Image.open(out) as im:  # the 88.9 mm card at 100 dpi, and a pixel a side
        assert im.width == pytest.approx(88.9 / 25.4 * 100 + 2, abs=1.5)


def test_a_profile_from_a_preset_without_shop_is_refused_too(tmp_path):
    preset = tmp_path / "shop.toml"
    preset.write_text('shop-profile = "tgc-circle"\n', encoding="utf-8")
    out = tmp_path / "d.pdf"
    result = runner.invoke(app, ["build", "-o", str(out), "--preset", str(preset)])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: --shop-profile tgc-circle (from the preset) does nothing without "
        "--shop DIR; add --shop DIR for the shop's files, or take shop-profile out of the preset"
    ]
    assert not out.exists()


def test_a_card_printers_die_is_said_when_it_sets_the_card(tmp_path):
    from tests.conftest import make_pictures

    make_pictures(tmp_path / "p", 7)
    result = runner.invoke(
        app,
        [
            "build", str(tmp_path / "p"), "-o", str(tmp_path / "d.pdf"), "--seed", "1",
            "--preset", "junior", "-n", "3", "--shop", str(tmp_path / "shop"),
            "--shop-profile", "tgc-circle",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        "cards: round, 88.9 mm, the die of the tgc-circle profile (the deck is laid out at that "
        "size)"
    )
