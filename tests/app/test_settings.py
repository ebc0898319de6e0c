"""The page's choices: the options they give are the options the shown command gives the CLI."""

from __future__ import annotations

import dataclasses
import inspect
import shlex
from pathlib import Path

import pytest

from dobble_print.app.settings import (
    DEFAULTS,
    PAGE,
    Choices,
    build_options,
    command,
    page_default,
    word,
)
from dobble_print.errors import DobbleError
from dobble_print.printing.backs import default_back


def test_the_defaults_are_the_clis():
    """The page's defaults and the CLI's come from the one table entry of each option."""
    from dobble_print.cli.commands import build

    cli = inspect.signature(build).parameters
    for option in PAGE:
        default = cli[option.name].default
        if option.name == "shop_profile":
            assert default is None and DEFAULTS[option.name] == "print-and-cut"
        elif option.name == "backs":
            assert default is False and DEFAULTS["backs"] == "none"
        elif option.name == "lang":  # none: the computer's language, shown chosen on the page
            assert default is None and DEFAULTS["lang"] == "en"  # the tests' C locale
        elif isinstance(default, bool):
            assert DEFAULTS[option.name] == ("yes" if default else "no"), option.name
        else:
            assert DEFAULTS[option.name] == ("" if default is None else default), option.name
        assert DEFAULTS[option.name] == page_default(option)


def test_every_bundled_preset_sets_only_choices_the_page_has():
    from dobble_print.options.presets import bundled_presets

    for name in bundled_presets():
        Choices.from_json({"preset": name})  # would raise on a key the page does not offer


def _choices(preset: str = "", **values: str) -> Choices:
    return Choices.from_json({"preset": preset, "values": values})


COMMANDS = [
    (_choices(), {}, "dobble-print build pictures -o deck.pdf --seed 7 --lang en"),
    (  # the page's language prints the pages: always named, the CLI would follow its locale
        _choices(lang="it"),
        {},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang it",
    ),
    (
        _choices("classic"),
        {},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang en --preset classic",
    ),
    (
        _choices("junior", card_size="90mm", card_color="cream"),
        {},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang en --preset junior "
        "--card-size 90mm --card-color cream",
    ),
    (
        _choices("junior", card_size="94.0mm"),
        {},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang en --preset junior",
    ),
    (  # the CLI cannot unset a preset's -n: the preset is written out instead
        _choices("toddler", symbols_per_card=""),
        {},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang en --card-size 94mm --rotation 0",
    ),
    (
        _choices(shape="hexagon", backs="bundled", duplex="short", photo_shape="rounded"),
        {"reshuffle": (5, 12, 5), "skip_bad": True},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang en --shape hexagon "
        "--photo-shape rounded --backs --duplex short --reshuffle 5,12,5 --skip-bad",
    ),
    (
        _choices(backs="own", duplex="short"),
        {"back": "back.png", "sources": ["pictures", "words.txt"]},
        "dobble-print build pictures words.txt -o deck.pdf --seed 7 --lang en "
        "--back-image back.png --duplex short",
    ),
    (
        _choices(paper="letter"),
        {"sources": ["my pictures"]},
        "dobble-print build 'my pictures' -o deck.pdf --seed 7 --lang en --paper letter",
    ),
    (
        _choices(rules="yes", box="yes", card_thickness="0.5mm", title=" Zoé's zoo ", labels="yes"),
        {},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang en --labels --rules --box "
        "--card-thickness 0.5mm --title 'Zoé'\"'\"'s zoo'",
    ),
    (  # an empty title is none
        _choices(box="no", rules="yes", title="   "),
        {},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang en --rules",
    ),
    (
        _choices(box="yes", card_thickness="0.30mm"),
        {},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang en --box",
    ),
    (  # a card printer cuts its own card: the command names none (the CLI would refuse it)
        _choices("junior", shop_profile="tgc-circle"),
        {},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang en --preset junior --shop shop "
        "--shop-profile tgc-circle",
    ),
    (
        _choices(card_size="70mm", shop_profile="eu-3mm"),
        {},
        "dobble-print build pictures -o deck.pdf --seed 7 --lang en --card-size 70mm --shop shop "
        "--shop-profile eu-3mm",
    ),
]


@pytest.mark.parametrize(("choices", "kw", "expected"), COMMANDS)
def test_the_command_names_what_differs(choices, kw, expected):
    kw = {"sources": ["pictures"], **kw}
    assert command(choices, seed=7, **kw) == expected


@pytest.mark.parametrize(("choices", "kw", "expected"), COMMANDS)
def test_the_command_gives_the_cli_the_same_options(monkeypatch, tmp_path, choices, kw, expected):
    """The shown command, parsed by the real CLI, makes the BuildOptions the app builds with."""
    from typer.testing import CliRunner

    from dobble_print import pipeline
    from dobble_print.cli.commands import app

    args = shlex.split(expected)[1:]
    if (
        "--reshuffle" in args
        and "--reshuffle" not in CliRunner().invoke(app, ["build", "--help"]).output
    ):
        pytest.skip("the CLI has no --reshuffle yet")
    for name in ["pictures", "my pictures"]:
        (tmp_path / name).mkdir()
    (tmp_path / "words.txt").write_text("cat\n", encoding="utf-8")
    (tmp_path / "back.png").write_bytes(b"")
    seen = []

    def fake_build(options, **_):
        seen.append(options)
        raise DobbleError("captured")

    monkeypatch.setattr(pipeline, "build", fake_build)
    monkeypatch.chdir(tmp_path)
    CliRunner().invoke(app, args)
    assert len(seen) == 1, "the CLI did not get to build"
    cli = seen[0]
    if "--shop" in args:  # the app writes the shop's files only when they are asked for
        assert cli.shop == Path("shop")
        cli = dataclasses.replace(cli, shop=None)
    sources = tuple(Path(s) for s in kw.get("sources", ["pictures"]))
    back = Path(kw["back"]) if "back" in kw else None
    ours = build_options(
        choices,
        sources=sources,
        output=Path("deck.pdf"),
        seed=7,
        back=back,
        reshuffle=kw.get("reshuffle", ()),
    )
    # The app always skips bad files (and shows why); the command says so when there were some.
    ours = dataclasses.replace(
        ours,
        symbol_options=dataclasses.replace(ours.symbol_options, skip_bad=bool(kw.get("skip_bad"))),
    )
    assert cli == ours


def test_the_bundled_back_is_the_clis():
    options = build_options(_choices(backs="bundled"), sources=(), output=Path("x.pdf"), seed=1)
    assert options.backs == default_back()


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"card_size": "big"}, "Card size: 'big' is not a length"),
        (
            {"shape": "star"},
            "Card shape: 'star' is not a choice; use circle, hexagon, square or rounded",
        ),
        ({"rotation": "270"}, "Symbols may turn: 270 is out of range"),
        ({"symbols_per_card": "eight"}, "Symbols per card: 'eight' is not a whole number"),
        ({"backs": "own"}, "Card backs: add your back picture first"),
    ],
)
def test_a_bad_value_names_the_pages_control(values, message):
    with pytest.raises(DobbleError) as caught:
        build_options(_choices(**values), sources=(), output=Path("x.pdf"), seed=1)
    assert word(caught.value).startswith(message)


def test_an_option_error_of_the_engine_names_the_control():
    from dobble_print.errors import OptionError

    assert word(OptionError("cards", "60 is out of range")) == "Cards to print: 60 is out of range"
    assert word(OptionError("card", "is too small")) == "Card size: is too small"
    assert word(DobbleError("pictures: too few")) == "pictures: too few"


def test_a_card_printers_profile_sets_the_card_and_a_larger_safe_margin():
    tgc = build_options(
        _choices(shop_profile="tgc-circle"), sources=(), output=Path("x.pdf"), seed=1
    )
    assert (tgc.card.kind.value, round(tgc.card.size, 2), tgc.shop_profile.name) == (
        "circle",
        88.9,
        "tgc-circle",
    )
    eu = build_options(_choices(shop_profile="eu-3mm"), sources=(), output=Path("x.pdf"), seed=1)
    assert (eu.card.size, eu.safe_margin) == (85.0, 4.0)
    plain = build_options(_choices(), sources=(), output=Path("x.pdf"), seed=1)
    assert plain.shop_profile is None  # the CLI's default, as without --shop-profile


@pytest.mark.parametrize(
    ("thickness", "label"),
    [
        ("0mm", "Card thickness:"),
        ("-1mm", "Card thickness:"),
        ("2.5mm", "Card thickness:"),
        ("thin", "Card thickness:"),
    ],
)
def test_a_bad_card_thickness_says_what_the_cli_says(tmp_path, thickness, label):
    """The same line as ``build --box --card-thickness …``, the control's name for the flag.
    The build is of three words: a number out of range is refused once the sources are read,
    and the default icons took a second to read."""
    from typer.testing import CliRunner

    from dobble_print.cli.commands import app

    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\nsun\n", encoding="utf-8")
    cli = CliRunner().invoke(
        app, ["build", str(words), "--box", "--card-thickness", thickness, "-q"]
    )
    line = cli.output.strip().splitlines()[-1]
    problem = line.removeprefix("dobble-print: error: --card-thickness ")
    assert problem != line and cli.exit_code == 1
    with pytest.raises(DobbleError) as caught:
        build_options(
            _choices(box="yes", card_thickness=thickness), sources=(), output=Path("x"), seed=1
        )
    assert word(caught.value) == f"{label} {problem}"
    # without a box the page does not send the thickness (the CLI refuses it alone)
    build_options(_choices(), sources=(), output=Path("x"), seed=1)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"rules": "maybe"}, "Add a page of rules: 'maybe' is not a choice; use yes or no"),
        ({"labels": "true"}, "Names under the pictures: 'true' is not a choice; use yes or no"),
        (
            {"shop_profile": "my-shop.toml"},
            "Print-shop files for: 'my-shop.toml' is not a choice; use eu-3mm, "
            "makeplayingcards-round, print-and-cut, tgc-circle",
        ),
    ],
)
def test_a_bad_extra_choice_names_its_control(values, message):
    with pytest.raises(DobbleError) as caught:
        build_options(_choices(**values), sources=(), output=Path("x.pdf"), seed=1)
    assert word(caught.value) == message


def test_a_title_may_be_longer_than_other_values_but_not_endless():
    """Its length is the engine's (the table's ``longest``), refused by the build in the command
    line's words (test_api); only a text no page sends is refused as no value."""
    assert _choices(title="x" * 1000).values["title"] == "x" * 1000
    with pytest.raises(DobbleError) as caught:
        _choices(title="x" * 1001)
    assert word(caught.value).startswith("Deck name: 'xxx")


def test_the_menus_offer_every_bundled_shop_profile():
    from dobble_print.app.menus import offered
    from dobble_print.printing.shop.profiles import bundled_shop_profiles

    shops = {p["name"]: p for p in offered()["shop_profiles"]}
    assert set(shops) == set(bundled_shop_profiles())
    assert shops["tgc-circle"]["card_size"] == 88.9 and shops["eu-3mm"]["card_size"] is None


def test_labels_on_words_alone_say_to_untick_the_box_not_a_flag(tmp_path):
    from dobble_print import plan

    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\nsun\n", encoding="utf-8")
    options = build_options(_choices(labels="yes"), sources=(words,), output=Path("x"), seed=1)
    with pytest.raises(DobbleError) as caught:
        plan(options)
    assert word(caught.value) == (
        "Names under the pictures: puts each picture's name under it, and these sources are words "
        "only; add pictures, or untick “Names under the pictures”"
    )


def test_the_page_takes_the_picture_kinds_and_skipped_folders_from_the_one_list():
    """The page's file chooser, its hint and its folder walk read what the command line reads
    from the server; an iPhone's HEIC upload is taken."""
    from dobble_print.app.menus import offered
    from dobble_print.app.uploads import check_picture_name

    menus = offered()
    assert menus["pictures"]["kinds"] == "PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP, TIFF or SVG"
    assert {".heic", ".heif", ".avif", ".svgz"} <= set(menus["pictures"]["suffixes"])
    assert {"__macosx", "@eadir"} <= set(menus["system_folders"])
    check_picture_name("IMG_4100.HEIC")  # taken, not refused


# A value of each kind that differs from any default: a control added to the table is walked
# with no change here.
KIND_SAMPLE = {
    "count": "5",
    "degrees": "90",
    "switch": "yes",
    "text": "Zoo",
    "offset": "1,0.5",
    "paper": "letter",
    "colour": "cream",
    "profile": "eu-3mm",
}


def _sample(option) -> str:
    if option.name == "backs":
        return "bundled"
    if option.kind.value == "length":
        return f"{(option.low + option.highest((210, 297))) / 2:g}mm"  # on A4
    if option.kind.value == "choice":
        return list(option.choices)[-1]
    return KIND_SAMPLE[option.kind.value]


@pytest.mark.parametrize("option", PAGE, ids=lambda o: o.name)
def test_every_control_gives_the_cli_the_same_value(monkeypatch, tmp_path, option):
    """Each control of the page, set to a value of its kind (and its switch on), makes the
    BuildOptions the shown command makes on the command line."""
    from typer.testing import CliRunner

    from dobble_print import pipeline
    from dobble_print.cli.commands import app

    values = {option.name: _sample(option)}
    if option.under:
        values[option.under] = _sample(next(o for o in PAGE if o.name == option.under))
    choices = _choices(**values)
    assert option.name in choices.given
    shown = command(choices, sources=["pictures"], seed=7)
    assert option.flag in shown.split() or option.name == "backs"
    (tmp_path / "pictures").mkdir()
    seen = []

    def fake_build(options, **_):
        seen.append(options)
        raise DobbleError("captured")

    monkeypatch.setattr(pipeline, "build", fake_build)
    monkeypatch.chdir(tmp_path)
    CliRunner().invoke(app, shlex.split(shown)[1:])
    assert len(seen) == 1, "the CLI did not get to build"
    cli = dataclasses.replace(seen[0], shop=None)
    ours = build_options(choices, sources=(Path("pictures"),), output=Path("deck.pdf"), seed=7)
    ours = dataclasses.replace(
        ours, symbol_options=dataclasses.replace(ours.symbol_options, skip_bad=False)
    )
    assert cli == ours
