"""CLI tables: arguments → exit code → exact output line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dobble_print import options_for
from dobble_print.cli.commands import app
from dobble_print.deck.plane import build_deck
from tests.conftest import make_pictures

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
        (
            ["deck", "33"],
            "dobble-print: error: 33 symbols per card is more than the largest supported size, "
            "32 per card (993 cards)",
        ),
        (
            ["deck", "8", "--cards", "58"],
            "dobble-print: error: --cards 58 is out of range: a "
            "deck with 8 symbols per card has 1 to 57 cards",
        ),
        (
            ["deck", "8", "--cards", "0"],
            "dobble-print: error: --cards 0 is out of range: a "
            "deck with 8 symbols per card has 1 to 57 cards",
        ),
        (
            ["deck", "1"],
            "dobble-print: error: 1 symbol per card is too few; a deck needs at least 2 per card",
        ),
    ],
)
def test_deck_errors_are_one_line(args, line):
    result = run(*args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [line]
    assert result.stdout == ""


@pytest.mark.parametrize(
    "n",
    [
        n
        for n in range(2, 34)
        if n not in (2, 3, 4, 5, 6, 8, 9, 10, 12, 14, 17, 18, 20, 24, 26, 28, 30, 32)
    ],
)
def test_every_n_without_a_plane_prints_its_small_deck_up_to_32(n):
    result = run("deck", str(n))
    if n > 32:
        assert result.exit_code == 1
        [line] = result.stderr.splitlines()
        assert line.startswith(f"dobble-print: error: {n} symbols per card is ")
        return
    assert result.exit_code == 0, result.stderr
    cards = [set(map(int, line.split())) for line in result.stdout.splitlines()]
    assert len(cards) == n + 1 and all(len(card) == n for card in cards)
    assert all(len(a & b) == 1 for i, a in enumerate(cards) for b in cards[i + 1 :])


def test_console_script_runs_as_a_module():
    out = subprocess.run(
        [sys.executable, "-m", "dobble_print", "deck", "2"], capture_output=True, text=True
    )
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
        (
            ["--card-size", "big"],
            "dobble-print: error: --card-size 'big' is not a length; write "
            "a number with mm, cm or in, e.g. 85mm",
        ),
        (
            ["--paper", "a5x"],
            "dobble-print: error: --paper 'a5x' is not a paper size; use a4, "
            "letter, a3, a5, a6, legal, tabloid or WxH like 210x297mm",
        ),
        (
            ["-n", "8"],
            "dobble-print: error: {src}: -n 8 needs more pictures: 13 pictures give "
            "only 1 card; add 44 pictures or use -n 4",
        ),
        (
            ["-n", "7"],
            "dobble-print: error: {src}: -n 7 needs more pictures: no full deck has 7 per card, "
            "and the small deck of 8 cards with each on two cards needs 28 pictures; 13 pictures "
            "give no card; add 15 pictures or use -n 4",
        ),
        (
            ["--cards", "14"],
            "dobble-print: error: --cards 14 is out of range: a deck with 4 "
            "symbols per card has 1 to 13 cards",
        ),
        (
            ["--card-size", "300mm"],
            "dobble-print: error: --card-size 300mm does not fit on A4 "
            "paper inside a 5 mm margin; choose a smaller card or larger "
            "paper",
        ),
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
        f"dobble-print: error: {tmp_path / 'nope'}: no such file or folder; give folders of "
        "pictures or .txt files"
    ]


def test_build_without_seed_says_which_seed(tmp_path, pictures):
    result = run("build", str(pictures(7)), "-o", str(tmp_path / "d.pdf"), "--cards", "1")
    assert result.exit_code == 0
    assert result.stderr.startswith("no seed given, using --seed ")


def test_plan_lists_the_options_and_the_choice():
    result = run("plan", "50")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "50 pictures:",
        "  2 per card gives the full 3-card deck",
        "  3 per card gives the full 7-card deck",
        "  4 per card gives the full 13-card deck",
        "  5 per card gives the full 21-card deck",
        "  6 per card gives the full 31-card deck  <- build's choice",
        "  7 per card gives a small 8-card deck, each picture on two cards",
        "  8 per card gives 22 cards (7 more pictures give the full 57-card deck)",
        "  9 per card gives 11 cards (23 more pictures give the full 73-card deck)",
    ]


def test_plan_counts_a_folder(pictures):
    result = run("plan", str(pictures(7)))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "7 pictures:"
    assert "  3 per card gives the full 7-card deck  <- build's choice" in result.stdout


def test_plan_too_few():
    result = run("plan", "2")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: 2 pictures cannot make a deck; the smallest deck needs 3 "
        "pictures (3 cards of 2 symbols)"
    ]


@pytest.mark.parametrize("count", [7, 50, 56, 100])
def test_build_any_number_of_pictures(tmp_path, pictures, count):
    out = tmp_path / "d.pdf"
    # The choice and the deck are under test: 11 cards are enough to check, 55 pairs that each
    # share one picture (tests/deck checks whole decks; packing all 91 of 100 pictures took 12 s,
    # and 20 of them 0.4 s more than 11), and loading still stops early, at the pictures needed.
    fewer = ["--cards", "11"] if count >= 50 else []
    result = run(
        "build",
        str(pictures(count)),
        "-o",
        str(out),
        "--seed",
        "1",
        "--report",
        str(tmp_path / "r.json"),
        *fewer,
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    cards = [set(c["symbols"]) for c in report["cards"]]
    assert all(len(a & b) == 1 for i, a in enumerate(cards) for b in cards[i + 1 :])
    n = report["symbols_per_card"]
    assert all(len(c) == n for c in cards)
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{count} pictures: {n} per card gives ")
    assert any(line.startswith(f"{len(cards)} cards, {n} symbols per card, ") for line in lines)
    assert lines[-1] == "Print at 100 % (actual size), not 'fit to page'."


def test_preset_classic_gives_55_cards_and_the_command_line_wins(tmp_path, pictures):
    src = pictures(57)
    result = run(
        "build",
        str(src),
        "-o",
        str(tmp_path / "a.pdf"),
        "--seed",
        "1",
        "--preset",
        "classic",
        "--report",
        str(tmp_path / "a.json"),
    )
    assert result.exit_code == 0, result.stderr
    assert len(json.loads((tmp_path / "a.json").read_text())["cards"]) == 55
    result = run(
        "build",
        str(src),
        "-o",
        str(tmp_path / "b.pdf"),
        "--seed",
        "1",
        "--preset",
        "classic",
        "--cards",
        "3",  # any count but the preset's 55 shows the command line wins; 3 are quick to lay out
        "--card-size",
        "50mm",
        "--report",
        str(tmp_path / "b.json"),
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads((tmp_path / "b.json").read_text())
    assert len(report["cards"]) == 3 and report["card"]["diameter_mm"] == 50


def test_user_preset_file(tmp_path, pictures):
    preset = tmp_path / "mine.toml"
    # 3 cards of the 13-card deck of 4 (the preset's own choice of cards, checked too): the
    # values reach the report whatever the count, and 3 are quick to lay out
    preset.write_text('symbols-per-card = 4\ncard-size = "70mm"\ncards = 3\n', encoding="utf-8")
    result = run(
        "build",
        str(pictures(20)),
        "-o",
        str(tmp_path / "d.pdf"),
        "--seed",
        "1",
        "--preset",
        str(preset),
        "--report",
        str(tmp_path / "r.json"),
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["symbols_per_card"] == 4 and report["card"]["diameter_mm"] == 70.0
    assert len(report["cards"]) == 3


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "colour = 3\n",
            "dobble-print: error: --preset {p}: 'colour' is not an option of build; "
            "use option names without dashes, e.g. card-size",
        ),
        ("cards = [\n", None),
    ],
)
def test_bad_preset_file(tmp_path, pictures, text, line):
    preset = tmp_path / "bad.toml"
    preset.write_text(text, encoding="utf-8")
    result = run("build", str(pictures(7)), "-o", str(tmp_path / "d.pdf"), "--preset", str(preset))
    assert result.exit_code == 1
    [got] = result.stderr.splitlines()
    if line:
        assert got == line.format(p=preset)
    else:
        assert got.startswith(f"dobble-print: error: --preset {preset}: not a readable TOML file")
    assert not (tmp_path / "d.pdf").exists()


def test_unknown_preset():
    result = run("build", "--preset", "nope")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: --preset nope: no such preset or file; use one of access, classic, "
        "connect, junior, mini, punch-2.5in, punch-2in, toddler or a .toml file"
    ]


def test_preview_draws_the_card_of_the_pdf(tmp_path, pictures):
    from PIL import Image

    out = tmp_path / "card.png"
    result = run("preview", str(pictures(13)), "-o", str(out), "--card", "2", "--seed", "3")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip() == f"card 2, seed 3 -> {out}"
    with Image.open(out) as im:
        assert im.size == (504, 504)  # 85 mm at 150 dpi, plus the rim
        assert im.getpixel((0, 0))[3] == 0 and im.getpixel((252, 252))[3] == 255


@pytest.fixture(scope="module")
def plain_preview(tmp_path_factory) -> tuple[Path, Path]:
    """13 pictures and card 3 of their deck as preview draws it without options (seed 4, 300
    dpi), once for the cases below that each differ from it."""
    folder = tmp_path_factory.mktemp("plain")
    make_pictures(folder / "pics", 13)
    out = folder / "card.png"
    shown = run(
        "preview",
        str(folder / "pics"),
        "-o",
        str(out),
        "--card",
        "3",
        "--seed",
        "4",
        "--dpi",
        "300",
    )
    assert shown.exit_code == 0, shown.stderr
    return folder / "pics", out


@pytest.mark.parametrize(
    "options",
    [
        ["--preset", "toddler", "--cards", "3"],
        ["--shape", "rounded", "--card-color", "cream", "--rotation", "0", "--cards", "3"],
        ["--safe-margin", "6mm", "--clearance", "2mm", "--cards", "3", "--background", "keep"],
    ],
)
def test_preview_is_the_card_build_writes_with_the_same_options(tmp_path, plain_preview, options):
    """The build's third card (the last of the three it packs and draws) is preview's card 3."""
    from PIL import Image

    folder, plain = plain_preview
    built = run(
        "build",
        str(folder),
        "-o",
        str(tmp_path / "d.pdf"),
        "--seed",
        "4",
        "--png-dir",
        str(tmp_path / "pngs"),
        *options,
    )
    assert built.exit_code == 0, built.stderr
    out = tmp_path / "card.png"
    shown = run(
        "preview",
        str(folder),
        "-o",
        str(out),
        "--card",
        "3",
        "--seed",
        "4",
        "--dpi",
        "300",
        *options,
    )
    assert shown.exit_code == 0, shown.stderr
    with Image.open(out) as a, Image.open(tmp_path / "pngs" / "card_003.png") as b:
        assert a.size == b.size and a.mode == b.mode and a.tobytes() == b.tobytes()
    with Image.open(out) as a, Image.open(plain) as b:  # the options changed the card
        assert a.size != b.size or a.tobytes() != b.tobytes()


def test_preview_takes_a_preset_written_for_build(tmp_path, pictures):
    preset = tmp_path / "mine.toml"
    preset.write_text('symbols-per-card = 3\nduplex = "short"\nno-cover = true\n', encoding="utf-8")
    result = run(
        "preview",
        str(pictures(13)),
        "-o",
        str(tmp_path / "c.png"),
        "--card",
        "7",
        "--preset",
        str(preset),
    )
    assert result.exit_code == 0, result.stderr
    result = run(
        "preview",
        str(pictures(13)),
        "-o",
        str(tmp_path / "c.png"),
        "--card",
        "8",
        "--preset",
        str(preset),
    )
    assert result.stderr.splitlines() == [
        "dobble-print: error: --card 8 is out of range: this deck has cards 1 to 7"
    ]


def test_card_pngs_have_the_card_colour(tmp_path, pictures):
    from PIL import Image

    result = run(
        "preview",
        str(pictures(7)),
        "-o",
        str(tmp_path / "c.png"),
        "--card-color",
        "#336699",
        "--dpi",
        "50",
        "-n",
        "3",
    )
    assert result.exit_code == 0, result.stderr
    with Image.open(tmp_path / "c.png") as im:
        assert im.getpixel((3, im.height // 2)) == (0x33, 0x66, 0x99, 255)  # just inside the cut


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["--card", "14"],
            "dobble-print: error: --card 14 is out of range: this deck has cards 1 to 13",
        ),
        (["--dpi", "5"], "dobble-print: error: --dpi 5 is out of range; use 30 to 1200"),
    ],
)
def test_preview_errors(tmp_path, pictures, args, line):
    result = run("preview", str(pictures(13)), "-o", str(tmp_path / "c.png"), *args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [line]


def test_png_dir_writes_every_card_at_300_dpi(tmp_path, pictures):
    from PIL import Image

    result = run(
        "build",
        str(pictures(7)),
        "-o",
        str(tmp_path / "d.pdf"),
        "--seed",
        "1",
        "--png-dir",
        str(tmp_path / "pngs"),
        "--card-size",
        "50mm",
        "--cards",
        "3",  # every card printed, 3 of the 7-card deck: a PNG a card, not one a picture
    )
    assert result.exit_code == 0, result.stderr
    files = sorted(p.name for p in (tmp_path / "pngs").iterdir())
    assert files == [".dobble-print"] + [f"card_{i:03d}.png" for i in range(1, 4)]  # and its list
    with Image.open(tmp_path / "pngs" / "card_001.png") as im:
        assert im.size == (593, 593)
        assert round(im.info["dpi"][0]) == 300


def test_every_command_help_has_an_example():
    for command in ("deck", "build", "plan", "preview"):
        result = run(command, "--help")
        assert result.exit_code == 0
        assert "Example" in result.stdout, command


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["--duplex", "sideways"],
            "dobble-print: error: --duplex 'sideways' is not a choice; use long or short",
        ),
        (
            ["--back-offset", "1"],
            "dobble-print: error: --back-offset '1' is not an offset; write "
            "X,Y in mm, e.g. 1.5,-0.5",
        ),
        (
            ["--cut-guides", "dots"],
            "dobble-print: error: --cut-guides 'dots' is not a choice; use "
            "circle,ticks, circle, ticks or none",
        ),
        (
            ["--card-color", "plaid"],
            "dobble-print: error: --card-color 'plaid' is not a colour; "
            "use white, cream, ivory, yellow, pink, blue, green, grey, "
            "gray, black or #rrggbb",
        ),
        (
            ["--bleed", "9mm"],
            "dobble-print: error: --bleed 9mm is out of range; use 0 to 6 mm "
            "(2 mm suits home printers)",
        ),
        (
            ["--back-image", "{src}/nope.png"],
            "dobble-print: error: --back-image {src}/nope.png: "
            "no such file; give a picture (PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP, TIFF or SVG)",
        ),
    ],
)
def test_print_option_errors(tmp_path, pictures, args, line):
    folder = pictures(7)
    args = [a.format(src=folder) for a in args]
    result = run("build", str(folder), "-o", str(tmp_path / "d.pdf"), "--seed", "1", *args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [line.format(src=folder)]
    assert list(tmp_path.glob("*.pdf")) == []


def test_print_options_in_other_units_give_identical_pdfs(tmp_path, pictures):
    folder = pictures(7)
    common = ["build", str(folder), "--seed", "2", "--backs", "--duplex", "short"]
    a = run(*common, "-o", str(tmp_path / "a.pdf"), "--bleed", "2mm", "--back-offset", "1,-0.5")
    b = run(
        *common, "-o", str(tmp_path / "b.pdf"), "--bleed", "0.2cm", "--back-offset", "0.1cm,-0.5mm"
    )
    assert a.exit_code == b.exit_code == 0
    assert "Print two-sided, flip on short edge." in a.stdout
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    c = run(*common, "-o", str(tmp_path / "c.pdf"), "--no-cover", "--cut-guides", "none")
    assert ", 5 pages," in a.stdout  # the cover, then fronts and backs of 2 sheets
    assert c.exit_code == 0 and ", 4 pages," in c.stdout


def test_preview_a_whole_sheet(tmp_path, pictures):
    from PIL import Image

    out = tmp_path / "sheet.png"
    result = run(
        "preview",
        str(pictures(13)),
        "-o",
        str(out),
        "--sheet",
        "2",
        "--dpi",
        "50",
        "--paper",
        "letter",
    )
    assert result.exit_code == 0, result.stderr
    assert re.fullmatch(rf"sheet 2, seed \d+ -> {re.escape(str(out))}", result.stdout.strip())
    with Image.open(out) as im:
        assert im.size == (425, 550)  # Letter at 50 dpi
    result = run("preview", str(pictures(13)), "-o", str(out), "--sheet", "4")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: --sheet 4 is out of range: this deck has sheets 1 to 3"
    ]


def test_version():
    from dobble_print import __version__

    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout == f"dobble-print {__version__}\n"


def test_verbose_names_every_picture(tmp_path, pictures):
    src = pictures(9)
    (src / "notes.md").write_text("x", encoding="utf-8")
    result = run("build", str(src), "-o", str(tmp_path / "d.pdf"), "--seed", "1", "--verbose")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert sum(line.startswith("used: ") for line in out.splitlines()) == 7
    assert sum(line.startswith("unused: ") for line in out.splitlines()) == 2
    assert "notes.md" in out
    quiet = run("build", str(src), "-o", str(tmp_path / "e.pdf"), "--seed", "1")
    assert "notes.md" not in quiet.stdout + quiet.stderr  # a document beside pictures: no note


def test_verbose_names_as_used_only_the_pictures_a_deck_of_fewer_cards_prints(tmp_path, pictures):
    """--cards 2 of the 7-card deck: the pictures on its 2 cards are used, the other 7 of the 9
    unused (the whole deck's 7 are loaded, to size it), as its report says."""
    src = pictures(9)
    out, report = tmp_path / "d.pdf", tmp_path / "r.json"
    args = ("build", str(src), "-o", str(out), "--seed", "1", "--cards", "2", "--no-cover")
    result = run(*args, "--verbose", "--report", str(report))
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    data = json.loads(report.read_text())
    printed = {data["symbols"][i]["source"] for card in data["cards"] for i in card["symbols"]}
    assert len(printed) == 5  # two cards of 3 share one
    assert {line.removeprefix("used: ") for line in lines if line.startswith("used: ")} == printed
    unused = {line.removeprefix("unused: ") for line in lines if line.startswith("unused: ")}
    assert unused == {p.name for p in src.iterdir()} - {Path(p).name for p in printed}
    quiet = run(*args)
    assert "unused pictures (4): " in quiet.stdout


def test_internal_errors_are_one_line_and_traced_with_debug(monkeypatch, tmp_path, pictures):
    import dobble_print.pipeline.building as pipeline

    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(pipeline, "render_pdf", broken)
    args = ("build", str(pictures(7)), "-o", str(tmp_path / "d.pdf"), "--seed", "1", "--cards", "1")
    result = run(*args)  # one card is enough to reach the PDF, where it breaks
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: internal error (ZeroDivisionError: boom); run again with --debug "
        "and report it"
    ]
    result = run("--debug", *args)
    assert result.exit_code == 1
    assert "Traceback" in result.stderr and "ZeroDivisionError" in result.stderr
    assert not (tmp_path / "d.pdf").exists()


def test_rotation_zero_keeps_symbols_upright_and_bad_rotation_is_refused(tmp_path, pictures):
    src = pictures(7)
    result = run(
        "build",
        str(src),
        "-o",
        str(tmp_path / "d.pdf"),
        "--seed",
        "1",
        "--rotation",
        "0",
        "--report",
        str(tmp_path / "r.json"),
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert {p["rotation_deg"] for c in report["cards"] for p in c["placements"]} == {0.0}
    result = run(
        "build", str(src), "-o", str(tmp_path / "e.pdf"), "--seed", "1", "--rotation", "200"
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: --rotation 200 is out of range; give 0 (upright) to 180 degrees"
    ]


@pytest.mark.parametrize("shape", ["square", "hexagon", "rounded"])
def test_shape_option_reaches_the_report(tmp_path, pictures, shape):
    result = run(
        "build",
        str(pictures(7)),
        "-o",
        str(tmp_path / "d.pdf"),
        "--seed",
        "1",
        "--shape",
        shape,
        "--card-size",
        "60mm",
        "--cards",
        "1",  # the shape reaches the report whatever the deck: one card is quick to lay out
        "--report",
        str(tmp_path / "r.json"),
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads((tmp_path / "r.json").read_text())["card"]["shape"] == shape


@pytest.mark.parametrize(
    ("option", "value", "choices"),
    [
        ("--shape", "oval", "circle, hexagon, square or rounded"),
        ("--background", "maybe", "remove or keep"),
        ("--photo-shape", "star", "rect, rounded or circle"),
    ],
)
def test_choice_options_refuse_unknown_values(tmp_path, pictures, option, value, choices):
    result = run("build", str(pictures(7)), "-o", str(tmp_path / "d.pdf"), option, value)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"dobble-print: error: {option} '{value}' is not a choice; use {choices}"
    ]
    assert not (tmp_path / "d.pdf").exists()


def test_background_keep_and_photo_shape_change_the_pictures(tmp_path, pictures):
    from PIL import Image

    src = pictures(7)
    Image.new("RGB", (120, 90), (200, 40, 40)).save(src / "pic_000.png")  # a flat "photo"
    sizes = {}
    for args in (["--background", "keep"], ["--photo-shape", "circle"]):
        out = tmp_path / f"{args[1]}.pdf"
        result = run("build", str(src), "-o", str(out), "--seed", "1", *args)
        assert result.exit_code == 0, result.stderr
        sizes[args[1]] = out.stat().st_size
    assert sizes["keep"] != sizes["circle"]


def test_shop_option_writes_the_shop_files(tmp_path, pictures):
    result = run(
        "build",
        str(pictures(7)),
        "-o",
        str(tmp_path / "d.pdf"),
        "--seed",
        "1",
        "--shop",
        str(tmp_path / "shop"),
        "--cards",
        "3",  # a PNG for each card printed, 3 of the 7-card deck (each drawn at 300 dpi)
    )
    assert result.exit_code == 0, result.stderr
    files = {
        p.relative_to(tmp_path / "shop").as_posix()
        for p in (tmp_path / "shop").rglob("*")
        if p.is_file()
    }
    assert "cards.pdf" in files
    assert sum(f.endswith(".png") for f in files) == 3
    assert "README.txt" in files  # print-and-cut, the default profile, says what to upload


# The options build and preview share: declared once (the option table, added to both commands
# by cli/options.py's decorator), after the sources and the preset.
SHARED = ["sources", "preset", *(o.name for o in options_for("preview"))]


def _command(name: str):
    import typer

    # the app is a group of commands (typed as the base Command)
    return typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]


def _help_records(name: str) -> dict[str, tuple[str, str]]:
    import typer

    command = _command(name)
    ctx = typer.Context(command)
    return {p.name: p.get_help_record(ctx) for p in command.params}


def test_build_and_preview_take_the_same_shared_options_from_one_declaration():
    import inspect

    from dobble_print.cli.options import card_options

    build, preview = _help_records("build"), _help_records("preview")
    assert sorted(build.keys() & preview.keys()) == sorted([*SHARED, "output", "seed"])
    assert {name: build[name] for name in SHARED} == {name: preview[name] for name in SHARED}

    @card_options
    def probe(*, card_fields):
        pass

    # a command without a context of its own is given one, to tell typed options from defaults
    assert list(inspect.signature(probe).parameters) == ["card_context", *SHARED]


def test_card_options_hands_the_command_parsed_fields_and_presets_apply():
    """The decorator parses the shared options into BuildOptions fields; a preset sets their
    defaults and the command line wins."""
    import typer

    from dobble_print.card import CardShape, ShapeKind
    from dobble_print.cli.options import card_options
    from dobble_print.options import BuildOptions

    got = {}
    probe = typer.Typer()

    @probe.command()
    @card_options
    def show(*, card_fields):
        got.update(card_fields)

    @probe.command()
    def other():  # a second command, so the first is named on the command line
        pass

    def fields(*args: str) -> dict:
        got.clear()
        result = runner.invoke(probe, ["show", *args])
        assert result.exit_code == 0, result.stderr
        BuildOptions(**got, output=Path("x.pdf"), seed=1)  # every key is a field
        return dict(got)

    assert fields("--card-size", "8.5cm", "--shape", "square")["card"] == CardShape(
        ShapeKind.SQUARE, 85.0
    )
    classic = fields("--preset", "classic")
    assert (classic["symbols_per_card"], classic["cards"]) == (8, 55)
    assert fields("--preset", "classic", "--cards", "20")["cards"] == 20
    result = runner.invoke(probe, ["show", "--card-size", "big"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: --card-size 'big' is not a length; write "
        "a number with mm, cm or in, e.g. 85mm"
    ]


@pytest.mark.parametrize("command", ["build", "preview", "plan", "app", "deck"])
def test_help_names_every_value_in_words_not_python_types(command):
    import re

    result = run(command, "--help")
    assert result.exit_code == 0
    assert re.findall(r"<[\w\[\]|, ]+>", result.stdout) == []
    for param in _command(command).params:
        assert getattr(param, "is_flag", False) or param.metavar, param.name


def test_help_lists_the_commands_for_users_first_and_deck_last():
    result = run("--help")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    listed = [line.split()[0] for line in lines[lines.index("Commands:") + 1 :] if line.strip()]
    assert listed == ["build", "preview", "plan", "app", "deck"]


def test_summary_line_says_1_card_and_1_page(tmp_path, pictures):
    out = tmp_path / "d.pdf"
    result = run(
        "build", str(pictures(7)), "-o", str(out), "--seed", "1", "--cards", "1", "--no-cover"
    )
    assert result.exit_code == 0, result.stderr
    [line] = [line for line in result.stdout.splitlines() if " symbols per card, " in line]
    assert line.startswith(f"1 card, 3 symbols per card, 1 page, seed 1 -> {out}; coverage ")
