"""The option table is the whole truth about each option (dobble_print.options.table): its
defaults are BuildOptions's, and an option that changes the cards' layout is marked so (the
default seed and the app's kept layouts are made from those marks, pipeline.planning and
pipeline.building)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dobble_print import BY_NAME, OPTIONS, RULES, BuildOptions, read_options
from dobble_print.pipeline.building import prepare
from dobble_print.symbols import SymbolCache
from tests.conftest import make_pictures

REPO = Path(__file__).resolve().parent.parent.parent
ICONS = REPO / "assets" / "icons"
DATA = REPO / "tests" / "data"
# A value of each option other than its default, and the sources it bears on (pictures when
# not said); the test below holds this to the table, so a new option needs its line here.
SAMPLE: dict[str, str | bool | list[str]] = {
    "symbols_per_card": "4",
    "theme": "animals",
    "cards": "5",
    "paper": "letter",
    "card_size": "70mm",
    "shape": "square",
    "variant": "connect",
    "margin": "8mm",
    "cut_guides": "none",
    "card_color": "cream",
    "grey": True,
    "bleed": "2mm",
    "safe_margin": "6mm",
    "clearance": "3mm",
    "rotation": "0",
    "same_size": True,
    "outline": True,
    "background": "keep",
    "photo_shape": "circle",
    "font": [str(REPO / "dobble_print" / "data" / "fonts" / "DejaVuSans.ttf")],
    "skip_bad": True,
    "copies": "2",
    "split": True,
    "reshuffle": "1",
    "shop_profile": "tgc-circle",
    "labels": True,
    "illustrate": True,
    "faces": "picture",
    "report": "report.json",
    "play": "deck.html",
    "png_dir": "png",
    "shop": "shop",
    "ladder": True,
    "backs": True,
    "back_image": str(ICONS / "airplane.svg"),
    "duplex": "short",
    "back_offset": "1,0.5",
    "no_cover": True,
    "rules": True,
    "box": True,
    "card_thickness": "0.5mm",
    "title": "Our deck",
    "lang": "fr",
}
SOURCES = {"illustrate": "words", "faces": "vocabulary", "background": "photos"}
SOURCES["photo_shape"] = "photos"
# What an option needs to do anything, in both decks: what the rules between options say, and a
# Connect deck's 14 cards or more.
NEEDS = {rule.option: {rule.needs[0]: SAMPLE[rule.needs[0]]} for rule in RULES}
NEEDS["variant"] = {"symbols_per_card": "5"}


def test_every_option_has_a_sample_other_than_its_default():
    assert list(SAMPLE) == [o.name for o in OPTIONS]
    for name, value in SAMPLE.items():
        assert value != BY_NAME[name].default, name


def test_the_tables_defaults_are_build_options_defaults():
    """Each option's default, read as either shell reads it, is its BuildOptions field's
    default: the two are one value (the language is the locale's, which the test sets)."""
    defaults = {f.name: f.default for f in dataclasses.fields(BuildOptions)}
    read = read_options({"lang": "en"}, command="build")
    assert {name: defaults[name] for name in read} == read


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> dict[str, tuple[Path, ...]]:
    folder = tmp_path_factory.mktemp("sources")
    pictures = make_pictures(folder / "pictures", 21)  # a Connect deck's 21 cards
    words = folder / "words.txt"
    words.write_text("cat\ndog\nsun\nmoon\nstar\ntree\nfish\n", encoding="utf-8")
    vocabulary = folder / "vocab.csv"
    rows = ["picture,word", *(f"{p},{p.stem}" for p in pictures[:7])]
    vocabulary.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return {
        "pictures": (folder / "pictures",),
        "words": (words,),
        "vocabulary": (vocabulary,),
        "photos": (DATA / "photos",),
    }


class _SymbolsOnly(SymbolCache):
    """Keeps the symbols loaded (the same for most decks here), never a card's layout."""

    def kept_layouts(self, symbols, shaped_by) -> dict:
        return {}


_LOADED = _SymbolsOnly()


def _first_card(sources: tuple[Path, ...], tmp_path: Path, **values: str | bool):
    """The first card's layout of a 3-a-card deck of ``sources`` with these option values."""
    values = {"symbols_per_card": "3", "lang": "en", **values}
    fields = read_options(values, command="build", given=frozenset(values))
    if fields.get("theme"):
        sources = ()
    options = BuildOptions(sources=sources, output=tmp_path / "deck.pdf", seed=5, **fields)
    return prepare(options, only=lambda plan: [0], cache=_LOADED).layouts[0]


@pytest.fixture(scope="module")
def unchanged(sources, tmp_path_factory):
    """The first card of each kind of deck with the defaults, and each option's need on."""
    tmp = tmp_path_factory.mktemp("decks")
    kept = {}

    def first(kind: str, needs: dict[str, str | bool]):
        key = (kind, tuple(needs.items()))
        if key not in kept:
            kept[key] = _first_card(sources[kind], tmp, **needs)
        return kept[key]

    return first


@pytest.mark.parametrize("name", [o.name for o in OPTIONS if o.shapes is None])
def test_an_option_not_marked_as_shaping_the_layout_does_not(name, sources, unchanged, tmp_path):
    """Two tiny decks differing in only this option lay out their first card alike: else the
    table must mark it (``shapes``), or the app would show a kept layout that is stale and a
    deck's default seed would not change with it."""
    kind, needs = SOURCES.get(name, "pictures"), NEEDS.get(name, {})
    changed = _first_card(sources[kind], tmp_path, **needs, **{name: SAMPLE[name]})
    assert changed == unchanged(kind, needs), f"{name} changes the layout; mark its shapes"
