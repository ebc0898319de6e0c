"""Every rule between options (dobble_print.options.conflicts), walked through both shells: the
command line and the page refuse the same values with the same record, each in its own words
(a flag, a control's label), and neither writes anything."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dobble_print import RULES, ConflictError
from dobble_print.app.settings import Choices, build_options, command, engine_values, word
from dobble_print.cli import app
from dobble_print.cli.errors import conflict_line

runner = CliRunner()
# A value of each option a rule refuses, that differs from its default.
SAMPLE = {"duplex": "short", "back_offset": "1,0.5", "card_thickness": "0.5mm"}
# Rules the page cannot break, and why: it says what it does instead.
MET_BY_THE_PAGE = {"shop_profile": "tgc-circle"}  # its shop download is the --shop folder


def test_every_rule_is_walked():
    assert {r.option for r in RULES} == set(SAMPLE) | set(MET_BY_THE_PAGE)


def _cli(tmp_path: Path, *args: str):
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\nsun\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    result = runner.invoke(app, ["build", str(words), "-o", str(out), "-q", *args])
    return result, out


def _app(**values: str):
    return build_options(
        Choices.from_json({"preset": "", "values": values}),
        sources=(),
        output=Path("x.pdf"),
        seed=1,
    )


@pytest.mark.parametrize("option", sorted(SAMPLE))
def test_an_option_that_does_nothing_alone_is_refused_by_both_shells(tmp_path, option):
    flag = "--" + option.replace("_", "-")
    result, out = _cli(tmp_path, flag, SAMPLE[option])
    with pytest.raises(ConflictError) as caught:
        _app(**{option: SAMPLE[option]})
    assert caught.value.conflict.option == option
    assert result.exit_code == 1 and not out.exists()
    # the same record, worded by the command line
    assert result.stderr.splitlines() == [f"dobble-print: error: {conflict_line(caught.value)}"]
    assert result.stderr.startswith(f"dobble-print: error: {flag} {SAMPLE[option]} does nothing")
    # and by the page, naming its controls
    said = word(caught.value)
    assert "--" not in said and said.split(":")[0] in {
        "Printer turns the paper",
        "Move the backs by",
        "Card thickness",
    }
    # with what it needs, both take it
    need = {"card_thickness": ("--box", "box", "yes")}.get(option, ("--backs", "backs", "bundled"))
    result, out = _cli(tmp_path, flag, SAMPLE[option], need[0])
    assert result.exit_code == 0, result.stderr
    _app(**{option: SAMPLE[option], need[1]: need[2]})


def test_the_exact_words_of_each_shell():
    with pytest.raises(ConflictError) as caught:
        _app(duplex="short")
    assert conflict_line(caught.value) == (
        "--duplex short does nothing without --backs or --back-image FILE; add one to print the "
        "backs, or leave --duplex out"
    )
    assert word(caught.value) == (
        "Printer turns the paper: “On the short edge” does nothing without “Card backs”; choose "
        "them to print the backs, or set Printer turns the paper back"
    )


@pytest.mark.parametrize("option", ["card_size", "shape"])
def test_a_card_the_shops_die_replaces_is_refused_by_both_shells(tmp_path, option):
    value = {"card_size": "70mm", "shape": "square"}[option]
    flag = "--" + option.replace("_", "-")
    result, out = _cli(
        tmp_path, flag, value, "--shop-profile", "tgc-circle", "--shop", str(tmp_path / "s")
    )
    with pytest.raises(ConflictError) as caught:
        _app(**{option: value, "shop_profile": "tgc-circle"})
    assert result.exit_code == 1 and not out.exists()
    assert result.stderr.splitlines() == [f"dobble-print: error: {conflict_line(caught.value)}"]
    assert word(caught.value).startswith(
        {"card_size": "Card size", "shape": "Card shape"}[option] + ": the tgc-circle shop cuts"
    )


def test_a_shop_profile_needs_the_shop_folder_which_the_page_always_gives(tmp_path):
    result, out = _cli(tmp_path, "--shop-profile", "tgc-circle")
    assert result.exit_code == 1 and not out.exists()
    assert "--shop-profile tgc-circle does nothing without --shop DIR" in result.stderr
    choices = Choices.from_json({"preset": "", "values": {"shop_profile": "tgc-circle"}})
    assert engine_values(choices)["shop"] == "shop"  # the page's shop download
    shown = command(choices, sources=["pictures"], seed=1)
    assert shown.endswith("--shop shop --shop-profile tgc-circle")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_square_die_is_named_once_in_each_shells_words(tmp_path, lang):
    """A user's own square-die profile: the die's card is said in its own message context, not
    by repeating words ("cuts 88.9 mm square square cards", issue 46)."""
    from dobble_print import read_options

    profile = tmp_path / "my-die.toml"
    profile.write_text(
        'title = "A square die"\nshape = "square"\ncard-size = "3.5in"\nbleed = "3mm"\n'
        'safe-margin = "3mm"\ndpi = 300\nfiles = "png"\nfront = "{number}.png"\n'
        'back = "back.png"\ncut-path = false\nupload = "Upload them."\norder = "Order."\n',
        encoding="utf-8",
    )
    shop = ("--shop-profile", str(profile), "--shop", str(tmp_path / "s"))
    result, out = _cli(tmp_path, "--lang", lang, "--card-size", "70mm", *shop)
    assert result.exit_code == 1 and not out.exists()
    values = {"card_size": "70mm", "shop_profile": str(profile), "shop": "s"}
    with pytest.raises(ConflictError) as caught:
        read_options(values, given=frozenset({"card_size"}))
    square = {"en": "88.9 mm square cards", "fr": "88,9 mm carrées"}[lang]
    for said in (result.stderr, word(caught.value, lang=lang)):  # the command line, the page
        said = said.replace("\xa0", " ").replace("\u202f", " ")
        assert square in said and said.count(square.split()[2]) == 1, said
