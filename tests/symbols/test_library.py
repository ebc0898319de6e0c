"""The bundled picture library: it loads, its pictures draw on both renderers, its names are in
six languages, its themes are big enough for their decks, and its data is what the pinned npm
packages make, byte for byte."""

from __future__ import annotations

import gzip
import json
from importlib import resources

import pytest

from dobble_print.symbols import library as lib
from dobble_print.symbols.svg.rasterise import load_svg

DATA = resources.files("dobble_print") / "data" / "library"


def test_the_library_loads_with_unique_keys_in_a_stable_order():
    pictures = lib.library()
    assert len(pictures) > 1000
    keys = [p.key for p in pictures]
    assert len(set(keys)) == len(keys)
    assert len({p.emoji for p in pictures}) == len(pictures)
    assert pictures is lib.library()  # read once
    themes = [t.id for t in lib.themes()]
    assert themes[0] == "animals"
    # by theme, then CLDR's order
    assert [p.theme for p in pictures] == sorted((p.theme for p in pictures), key=themes.index)
    cat = lib.library_picture("cat-face")
    assert (cat.emoji, cat.code, cat.theme) == ("🐱", "1f431", "animals")
    assert cat.names["fr"] == "tête de chat" and "chat" in cat.keywords["fr"]
    assert cat.name("fr_CA") == "tête de chat" and cat.name("nl") == "cat face"


def test_each_picture_has_its_svg_and_nothing_else_is_there():
    files = sorted(p.name for p in lib.library_folder().iterdir())
    assert files == sorted(f"{p.code}.svg" for p in lib.library())
    assert lib.library_file("cat-face") == lib.library_folder() / "1f431.svg"
    assert lib.library_svg("cat-face").startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')
    with pytest.raises(KeyError):
        lib.library_svg("../index.json.gz")


@pytest.mark.parametrize("renderer", ["cairosvg", "resvg"])
def test_a_sample_of_pictures_draws_on_both_renderers(renderer, tmp_path, monkeypatch):
    """One picture in 25, every theme's first: each draws with ink, on each renderer."""
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", renderer)
    pictures = lib.library()
    sample = {p.key for p in pictures[::25]} | {lib.theme(t.id).keys[0] for t in lib.themes()}
    for key in sorted(sample):
        path = tmp_path / f"{key}.svg"
        path.write_bytes(lib.library_svg(key))
        rgba = load_svg(path, max_px=48)
        assert rgba.shape[2] == 4 and max(rgba.shape[:2]) >= 40, key
        assert (rgba[..., 3] > 128).mean() > 0.05, key


def test_names_and_keywords_are_there_in_all_six_languages():
    pictures = lib.library()
    for lang in lib.LIBRARY_LANGUAGES:
        named = sum(bool(p.names.get(lang)) for p in pictures)
        keyed = sum(bool(p.keywords.get(lang)) for p in pictures)
        assert named / len(pictures) >= 0.95, lang
        assert keyed / len(pictures) >= 0.95, lang
    assert lib.library_picture("dog").names == {
        "en": "dog", "fr": "chien", "de": "Hund", "es": "perro", "it": "cane", "ja": "イヌ",
    }  # fmt: skip


def test_themes_name_themselves_and_hold_enough_pictures():
    themes = {t.id: t for t in lib.themes()}
    assert {"animals", "food", "transport", "nature", "sport", "objects"} <= set(themes)
    for t in themes.values():
        assert set(t.names) == set(lib.LIBRARY_LANGUAGES)
        assert len(t.keys) >= 13, t.id  # at least the 13-card deck
        assert all(lib.library_picture(k).theme == t.id for k in t.keys)
    assert len(themes["animals"].keys) >= 57
    assert themes["animals"].name("de") == "Tiere"
    # not for a children's deck, though a word may ask for them
    food = set(themes["food"].keys)
    assert "wine-glass" not in food and lib.library_picture("wine-glass").theme == "food"
    assert not any(k.endswith("-o-clock") for k in themes["objects"].keys)


@pytest.mark.parametrize(
    ("stem", "code", "en", "fr"),
    [
        ("1f344", "1f344", "mushroom", "champignon"),
        ("1F34D", "1f34d", "pineapple", "ananas"),
        ("emoji_u1f994", "1f994", "hedgehog", "hérisson"),
        ("1f468-200d-1f469-200d-1f466", "1f468-200d-1f469-200d-1f466", "family: man, woman, boy",
         "famille\u202f: homme, femme et garçon"),
        ("2764-fe0f", "2764", "red heart", "cœur rouge"),
        ("1f44b-1f3fd", "1f44b-1f3fd", "waving hand", "signe de la main"),
        ("a9", "00a9", "copyright", "symbole copyright"),
        ("2023", "2023", "", ""),
        ("cafe", "", "", ""),
        ("cat", "", "", ""),
    ],
)  # fmt: skip
def test_code_point_file_names_find_their_emoji_names(stem, code, en, fr):
    assert lib.emoji_code(stem) == code
    assert lib.emoji_name(stem, "en") == en
    assert lib.emoji_name(stem, "fr") == fr


def test_the_index_is_what_the_script_documents():
    index = json.loads(gzip.decompress(DATA.joinpath("index.json.gz").read_bytes()))
    assert index["format"] == 1
    assert index["sources"]["pictures"] == {
        "package": "@iconify-json/fluent-emoji-flat", "version": "1.2.6", "license": "MIT",
    }  # fmt: skip
    assert index["sources"]["names"]["package"] == "emojibase-data"
    for name in ("LICENSE-fluent-emoji", "LICENSE-emojibase", "LICENSE-unicode"):
        assert DATA.joinpath(name).is_file(), name


def test_the_data_is_deterministic_and_small():
    """The index carries no date (the script's output is the same bytes on every run)."""
    packed = DATA.joinpath("index.json.gz").read_bytes()
    assert packed[4:8] == b"\0\0\0\0"  # gzip mtime 0
    size = len(packed) + sum(p.stat().st_size for p in lib.library_folder().iterdir())
    assert size < 3_000_000
