"""Theme decks (``--theme animals``): a full deck of the bundled pictures with no other input,
drawn by the seed, one match between any two cards, the pictures named on the key in the deck's
language and credited on the cover; ``plan --theme`` lists the themes; mistakes are one line."""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path

import fitz
import pytest
from typer.testing import CliRunner

from dobble_print.cli import app
from dobble_print.language import LANGUAGES, words
from dobble_print.options import BY_NAME, BuildOptions
from dobble_print.pipeline import theme_sizes, theme_sources
from dobble_print.symbols import is_library_file, library_folder, library_picture, themes

runner = CliRunner()
ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def test_every_theme_makes_a_full_deck_and_animals_the_classic_one():
    sizes = {s.id: s for s in theme_sizes()}
    assert list(sizes)[-1] == "all"
    assert (sizes["animals"].symbols_per_card, sizes["animals"].cards) == (8, 57)
    assert (sizes["body"].symbols_per_card, sizes["body"].cards) == (4, 13)
    for size in sizes.values():
        assert size.cards <= size.pictures, size
        assert size.cards >= 13, size
    assert sizes["all"].pictures == sum(s.pictures for s in sizes.values() if s.id != "all")


def test_the_option_offers_every_theme_named_as_the_library_names_it():
    """The option table's choices are the library's themes (and all), and each choice's words
    in every catalogue are the theme's name in the library's data."""
    choices = BY_NAME["theme"].choices
    assert list(choices) == [t.id for t in themes()] + ["all"]
    for theme in themes():
        for lang in LANGUAGES:
            assert words(lang).gettext(choices[theme.id]) == theme.name(lang), (theme.id, lang)


def _options(**fields) -> BuildOptions:
    return BuildOptions(sources=(), output=Path("deck.pdf"), seed=7, theme="animals", **fields)


def test_the_seed_draws_the_pictures_and_the_same_seed_the_same_ones():
    drawn = theme_sources(_options())
    assert drawn.theme is None and len(drawn.sources) == 57
    assert all(is_library_file(p) and p.is_file() for p in drawn.sources)
    assert theme_sources(_options()) == drawn
    assert theme_sources(drawn) == drawn  # drawn once
    other = theme_sources(dataclasses.replace(_options(), seed=8))
    assert set(other.sources) != set(drawn.sources)
    assert len(theme_sources(_options(symbols_per_card=6)).sources) == 31
    keys = {p.stem for p in theme_sources(dataclasses.replace(_options(), theme="body")).sources}
    assert len(keys) == 13


@pytest.fixture(scope="module")
def animals(tmp_path_factory):
    out = tmp_path_factory.mktemp("theme") / "animals.pdf"
    report = out.with_suffix(".json")
    result = run("build", "--theme", "animals", "-o", out, "--seed", 5, "--report", report,
                 "--lang", "fr", "-q")  # fmt: skip
    assert result.exit_code == 0, result.stderr
    return fitz.open(out), json.loads(report.read_text(encoding="utf-8"))


def test_theme_animals_builds_the_57_card_deck_with_one_match(animals):
    doc, report = animals
    cards = [frozenset(p["symbol"] for p in card["placements"]) for card in report["cards"]]
    assert len(cards) == 57 and all(len(c) == 8 for c in cards)
    assert len(set().union(*cards)) == 57
    assert all(len(a & b) == 1 for a, b in itertools.combinations(cards, 2))
    sources = [Path(s["source"]) for s in report["symbols"]]
    assert all(is_library_file(p) for p in sources)
    themed = {library_picture(k).code for k in next(t for t in themes() if t.id == "animals").keys}
    assert {p.stem for p in sources} <= themed


def test_the_key_names_the_animals_in_french_and_the_cover_credits_the_pictures(animals):
    doc, _ = animals
    cover = doc[0].get_text()
    credit = "Images : Fluent Emoji de Microsoft (licence MIT) ; leurs noms : Unicode CLDR."
    assert credit in " ".join(cover.replace("\u00a0", " ").split())
    assert "1f" not in cover  # no code points: names
    assert sum(name in cover for name in ("chat", "chien", "renard", "tigre", "poule", "vache",
                                          "cochon", "lapin", "souris", "hibou")) >= 3  # fmt: skip


def test_a_deck_of_other_pictures_credits_none(tmp_path):
    out = tmp_path / "icons.pdf"
    result = run("build", ICONS, "-n", 2, "-o", out, "--seed", 1, "-q")
    assert result.exit_code == 0, result.stderr
    assert "Fluent" not in fitz.open(out)[0].get_text()


def test_plan_lists_the_themes_and_plans_the_one_asked_for():
    result = run("plan", "--theme", "body", "--lang", "en")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Themes of the bundled pictures (--theme NAME):"
    assert lines[1] == "  animals (Animals): 116 pictures, a deck of 57 cards of 8"
    assert "  body (The body): 14 pictures, a deck of 13 cards of 4  <- this plan" in lines
    assert lines[len(theme_sizes())].startswith("  all (All themes): ")
    assert lines[-1] == "build makes 13 cards of 4 symbols."


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--theme", "zoo"], "--theme 'zoo' is not a choice; use animals, nature, food, "
         "transport, places, sport, games, clothing, music, objects, faces, body, people or all"),
        (["--theme", "animals", ICONS], "--theme makes the whole deck from the bundled pictures; "
         "give no folders or files with it"),
        (["--theme", "body", "-n", "8"], "-n 8 needs 57 pictures and the body theme has 14; use 4 "
         "or fewer symbols a card"),
    ],
)  # fmt: skip
def test_a_theme_mistake_is_one_line(tmp_path, args, line):
    result = run("build", *args, "-o", tmp_path / "d.pdf", "--lang", "en")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"dobble-print: error: {line}"]
    assert not (tmp_path / "d.pdf").exists()


def test_the_library_folder_is_inside_the_package():
    assert library_folder().parent.parent.name == "data"


def test_the_same_theme_and_seed_give_the_same_pdf_bytes(tmp_path):
    made = []
    for name in ("a.pdf", "b.pdf"):
        result = run("build", "--theme", "body", "-n", 2, "-o", tmp_path / name, "--seed", 9, "-q")
        assert result.exit_code == 0, result.stderr
        made.append((tmp_path / name).read_bytes())
    assert made[0] == made[1]
