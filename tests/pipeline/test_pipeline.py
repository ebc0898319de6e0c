"""The pipeline's hooks for the app and scripts: one card laid out again, symbols kept between
builds, and the plan agreeing with the build."""

from __future__ import annotations

import dataclasses
import os

import pytest

from dobble_print.errors import DobbleError
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build, plan, prepare
from dobble_print.symbols import SymbolCache
from tests.conftest import make_pictures
from tests.support.messages import as_cli


def _options(folder, tmp_path, **kw) -> BuildOptions:
    return BuildOptions(sources=(folder,), output=tmp_path / "deck.pdf", seed=5, **kw)


def test_reshuffling_a_card_changes_that_card_only(tmp_path):
    make_pictures(tmp_path / "p", 13)
    base = prepare(_options(tmp_path / "p", tmp_path)).layouts
    once = prepare(_options(tmp_path / "p", tmp_path, reshuffle=(3,))).layouts
    twice = prepare(_options(tmp_path / "p", tmp_path, reshuffle=(3, 3))).layouts
    assert [i for i in range(13) if once[i] != base[i]] == [2]
    assert [i for i in range(13) if twice[i] != base[i]] == [2]
    assert twice[2] != once[2]


def test_reshuffling_a_card_the_deck_has_not_is_refused(tmp_path):
    make_pictures(tmp_path / "p", 13)
    with pytest.raises(DobbleError) as caught:
        prepare(_options(tmp_path / "p", tmp_path, reshuffle=(14,)))
    assert as_cli(caught.value) == "--reshuffle 14 is out of range: this deck has cards 1 to 13"


def test_a_cache_decodes_once_and_builds_the_same_bytes(tmp_path, monkeypatch):
    make_pictures(tmp_path / "p", 13)
    plain = tmp_path / "plain.pdf"
    build(_with(tmp_path, plain))
    cache = SymbolCache()
    first, second = tmp_path / "first.pdf", tmp_path / "second.pdf"
    a = build(_with(tmp_path, first), cache=cache)
    import dobble_print.symbols.cache as cache_module

    def refuse(*args, **kwargs):
        raise AssertionError("decoded again")

    monkeypatch.setattr(cache_module, "load_symbols", refuse)
    b = build(_with(tmp_path, second), cache=cache)
    assert a.symbols == b.symbols
    assert first.read_bytes() == second.read_bytes() == plain.read_bytes()
    # A picture changed on disk is decoded again.
    changed = tmp_path / "p" / "pic_000.png"
    os.utime(changed, ns=(1, 1))
    with pytest.raises(AssertionError, match="decoded again"):
        build(_with(tmp_path, second), cache=cache)


def _with(tmp_path, output) -> BuildOptions:
    return BuildOptions(sources=(tmp_path / "p",), output=output, seed=5, cover=False)


def test_plan_counts_what_build_makes_with_duplicates_and_broken_files(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 20)
    for i in range(4):  # four copies: 16 distinct pictures
        (folder / f"copy_{i}.png").write_bytes((folder / f"pic_{i:03d}.png").read_bytes())
    (folder / "broken.png").write_bytes(b"not a picture")
    from dobble_print.symbols import SymbolOptions

    options = BuildOptions(
        sources=(folder,),
        output=tmp_path / "deck.pdf",
        seed=1,
        symbol_options=SymbolOptions(skip_bad=True),
    )
    planned = plan(options)
    built = build(options)
    assert planned.usable == 20
    assert len(planned.deck.cards) == len(built.deck.cards)
    assert planned.why == built.choice


def test_a_cache_re_lays_only_the_reshuffled_card_and_gives_the_same_bytes(tmp_path, monkeypatch):
    import dobble_print.pipeline.building as pipeline

    make_pictures(tmp_path / "p", 13)
    cache = SymbolCache()
    build(_with(tmp_path, tmp_path / "a.pdf"), cache=cache)
    asked = []
    real = pipeline.layout_deck

    def recorded(*args, **kwargs):
        asked.append(kwargs["only"])
        return real(*args, **kwargs)

    monkeypatch.setattr(pipeline, "layout_deck", recorded)
    again = BuildOptions(
        sources=(tmp_path / "p",), output=tmp_path / "b.pdf", seed=5, cover=False, reshuffle=(4,)
    )
    build(again, cache=cache, measure=False)
    assert asked == [[3]]
    build(dataclasses.replace(again, output=tmp_path / "c.pdf"))  # no cache: the whole deck
    assert asked[1] is None
    assert (tmp_path / "b.pdf").read_bytes() == (tmp_path / "c.pdf").read_bytes()
    build(dataclasses.replace(again, output=tmp_path / "d.pdf"), cache=cache)  # nothing to lay out
    assert len(asked) == 2
    assert (tmp_path / "d.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_pictures_and_a_vocabulary_file_load_as_one_named_value(tmp_path):
    """Both kinds of deck come back from one entry as a LoadedDeck: a vocabulary file's with the
    rows behind its face symbols, and the deck plan names."""
    from dobble_print.pipeline import LoadedDeck, load_deck

    make_pictures(tmp_path / "p", 7)
    pictures = load_deck(_options(tmp_path / "p", tmp_path), None)
    (tmp_path / "maths.tsv").write_text(
        "fact\tanswer\n" + "".join(f"{a} × 2\t{2 * a}\n" for a in range(2, 9)), encoding="utf-8"
    )
    rows = load_deck(_options(tmp_path / "maths.tsv", tmp_path), None)
    assert isinstance(pictures, LoadedDeck) and isinstance(rows, LoadedDeck)
    assert pictures.matching is None and len(pictures.loaded.symbols) == 7
    assert (len(pictures.deck.cards), pictures.deck.symbol_count) == (7, 7)
    assert rows.matching.entries == 7 and [f.name for f in rows.matching.faces] == [
        "fact",
        "answer",
    ]
    assert rows.deck.symbol_count == 14  # each row's two faces, symbols 2e and 2e + 1
    assert all(len({s // 2 for s in card}) == 3 for card in rows.deck.cards)
    assert rows.why == plan(_options(tmp_path / "maths.tsv", tmp_path)).why
    assert pictures.why == plan(_options(tmp_path / "p", tmp_path)).why
