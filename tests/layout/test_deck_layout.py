"""Layout: packing by real shapes, checked on the placed masks at 8 px/mm (layout.metrics),
independently of the grid the packer reasons on."""

from __future__ import annotations

import collections
import functools
import math
import os
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dobble_print.card import CardShape
from dobble_print.deck.plane import Deck, build_deck, supported_sizes, take_cards
from dobble_print.errors import DobbleError
from dobble_print.layout.deck_layout import layout_deck
from dobble_print.layout.masks import rasterise, rotated_extent, shape_of, shapes_of
from dobble_print.layout.metrics import card_metrics
from dobble_print.layout.packing import make_board
from dobble_print.symbols.pixels import Pixels
from tests.support.messages import as_cli

CARD = 85.0


@dataclass(frozen=True, eq=False)
class Pic:
    """A stand-in symbol: just what layout and metrics read."""

    rgba: np.ndarray
    kind: str = "image"
    name: str = "pic"
    source: str = "test"

    @property
    def pixels(self) -> Pixels:  # a symbol's pixels as kept: read for their size
        return Pixels.of(self.rgba)


@functools.cache
def _grid(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A square's rows and columns from -0.5, and each pixel's angle: made once per size."""
    yy, xx = np.mgrid[0:size, 0:size] / size - 0.5
    grid = yy, xx, np.arctan2(yy, xx)
    for a in grid:
        a.flags.writeable = False  # shared by every blob of this size
    return grid


def blob(rng: np.random.Generator, size: int = 160) -> Pic:
    """A smooth random blob (emoji-like), sometimes with a hole."""
    yy, xx, angle = _grid(size)
    radius = 0.42 + sum(rng.normal(0, 0.05) * np.cos(k * angle + rng.uniform(0, 6)) for k in (2, 3))
    ink = np.hypot(xx, yy * rng.uniform(1, 1.6)) < radius
    if rng.random() < 0.3:
        ink &= np.hypot(xx - 0.1, yy) > 0.1
    return pic(ink, rng)


def pic(ink: np.ndarray, rng: np.random.Generator, kind: str = "image") -> Pic:
    rgba = np.zeros((*ink.shape, 4), np.uint8)
    rgba[ink] = (*rng.integers(0, 200, 3), 255)
    rows, cols = np.flatnonzero(ink.any(1)), np.flatnonzero(ink.any(0))
    return Pic(rgba[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1], kind)


def photo(rng: np.random.Generator) -> Pic:
    h, w = rng.choice([(90, 120), (120, 90), (100, 100), (60, 110)])
    return pic(np.ones((h, w), bool), rng)


def word(rng: np.random.Generator) -> Pic:
    """A long thin shape, like a rendered word: letters as bars with gaps."""
    n = int(rng.integers(3, 9))
    ink = np.zeros((24, n * 14), bool)
    for i in range(n):
        top = int(rng.integers(0, 8))
        ink[top:24, i * 14 : i * 14 + 10] = True
    return pic(ink, rng, "word")


def symbols_for(kind: str, count: int, seed: int = 0) -> list[Pic]:
    rng = np.random.default_rng(seed)
    make = {"blob": blob, "photo": photo, "word": word}
    kinds = ["blob", "photo", "word"] if kind == "mix" else [kind]
    return [make[kinds[i % len(kinds)]](rng) for i in range(count)]


def assert_well_placed(layouts, symbols, *, safe_margin=3.0, clearance=1.0, card=CARD) -> None:
    """Every card: inside the safe disc, inks at least the clearance apart (so no overlap)."""
    for layout in layouts:
        m = card_metrics(layout, symbols, shape=CardShape(size=card))
        assert m.edge >= safe_margin, m
        assert m.clearance >= clearance, m
        assert m.smallest > 0


# 1. Pure functions ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("clearance", "cells", "cell", "rects"),
    [
        (1.0, 160, 0.525, ((5, 5),)),  # 2 cells: a square gap of 2 cells between squares
        (0.5, 160, 0.55, ((3, 3),)),
        (2.0, 160, 0.5125, ((7, 9), (9, 7))),  # 4 cells: the rounded square's corners cut
        (2.0, 105, 0.6833, ((7, 7),)),  # 2.67 cells rounded to 3: the cell 11 % smaller
        # 1.37 cells: rounding to 1 would make the cell 37 % larger, so it stays 79 / 103 mm
        (1.0, 105, 79 / 103, ((3, 5), (5, 3))),
        (0.5, 105, 79 / 103, ((3, 3),)),  # 0.72 cells: rounding would make it 28 % smaller
    ],
)
def test_board_makes_the_clearance_a_whole_number_of_cells_when_close(
    clearance, cells, cell, rects
):
    board = make_board(39.5, clearance, cells)
    assert board.cell == pytest.approx(cell, abs=1e-4)
    assert board.rects == rects
    assert board.size % 2 == 0


@pytest.mark.parametrize(
    ("w", "h", "angle", "half"),
    [
        (10, 4, 0, (5, 2)),
        (10, 4, 90, (2, 5)),
        (10, 4, 180, (5, 2)),
        (2, 2, 45, (math.sqrt(2), math.sqrt(2))),
    ],
)
def test_rotated_extent(w, h, angle, half):
    assert rotated_extent(w, h, angle) == pytest.approx(half)


@pytest.mark.parametrize("seed", range(6))
def test_rasterise_marks_every_cell_the_ink_touches(seed):
    """Conservative: every point of every ink pixel falls in a marked cell."""
    rng = np.random.default_rng(seed)
    sym = blob(rng, int(rng.integers(40, 700)))
    shape = shape_of(sym.rgba)
    height, angle = float(rng.uniform(5, 40)), float(rng.uniform(-180, 180))
    cell = (79 / 103, 0.2625)[seed % 2]  # the placing and settling grids' cells, 85 mm cards
    mask = rasterise(shape, height, angle, cell)
    h, w = sym.rgba.shape[:2]
    ys, xs = np.nonzero(sym.rgba[..., 3] >= 128)
    corners = np.array([(-0.49, -0.49), (0.49, -0.49), (-0.49, 0.49), (0.49, 0.49)])
    px = (xs[:, None] + 0.5 + corners[None, :, 0]).ravel()
    py = (ys[:, None] + 0.5 + corners[None, :, 1]).ravel()
    x, y = (px / w - 0.5) * height * w / h, (0.5 - py / h) * height
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    col = np.floor((c * x - s * y) / cell + mask.centre[0]).astype(int)
    row = np.floor((s * x + c * y) / cell + mask.centre[1]).astype(int)
    assert (col >= 0).all() and (row >= 0).all()
    assert mask.cells[row, col].all()


# 2. Packing, measured on the real masks ---------------------------------------------------------


@pytest.mark.parametrize("n", [s for s in supported_sizes() if 3 <= s <= 14])
def test_every_supported_size_packs_inside_and_apart(n):
    deck = take_cards(build_deck(n), 3)
    symbols = symbols_for("blob", deck.symbol_count, seed=n)
    layouts = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=n, workers=1)
    assert [sorted(p.symbol for p in lay.placements) for lay in layouts] == [
        sorted(c) for c in deck.cards
    ]
    assert_well_placed(layouts, symbols)


@pytest.mark.parametrize("kind", ["photo", "word", "mix"])
def test_photos_words_and_a_mix_pack_inside_and_apart(kind):
    deck = take_cards(build_deck(8), 4)
    symbols = symbols_for(kind, 57, seed=3)
    layouts = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=5, workers=1)
    assert_well_placed(layouts, symbols)


def test_words_tilt_at_most_25_degrees_and_rotation_0_keeps_all_upright():
    deck = take_cards(build_deck(6), 4)
    symbols = symbols_for("mix", 31, seed=1)
    tilted = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=2, workers=1)
    words = [p for lay in tilted for p in lay.placements if symbols[p.symbol].kind == "word"]
    assert words and all(abs(p.rotation) <= 25 for p in words)
    assert any(abs(p.rotation) > 25 for lay in tilted for p in lay.placements)
    upright = layout_deck(
        deck, symbols, card=CardShape(size=CARD), seed=2, max_rotation=0, workers=1
    )
    assert all(p.rotation == 0 for lay in upright for p in lay.placements)
    assert_well_placed(upright, symbols)


def test_same_size_prints_every_symbol_of_a_card_at_one_size():
    """``same_size`` (the access preset): each card's symbols within 5 % of each other by
    √ink-area, as printed; without it they spread (fails on the old code: no such option)."""
    deck = take_cards(build_deck(6), 3)
    symbols = symbols_for("blob", 31, seed=4)
    card = CardShape(size=100)
    for same, low, high in ((True, 1.0, 1.05 + 1e-6), (False, 1.3, 2.4)):
        layouts = layout_deck(deck, symbols, card=card, seed=3, workers=1, same_size=same)
        for layout in layouts:
            sizes = card_metrics(layout, symbols, shape=card).sizes
            assert low <= max(sizes) / min(sizes) <= high, (same, sizes)
        assert_well_placed(layouts, symbols, card=100)


@pytest.mark.parametrize(("card", "safe_margin", "clearance"), [(60, 2, 0.5), (120, 5, 2.0)])
def test_other_card_sizes_margins_and_clearances_are_kept(card, safe_margin, clearance):
    deck = take_cards(build_deck(6), 3)
    symbols = symbols_for("blob", 31, seed=4)
    layouts = layout_deck(
        deck,
        symbols,
        card=CardShape(size=card),
        safe_margin=safe_margin,
        clearance=clearance,
        seed=1,
        workers=1,
    )
    assert_well_placed(layouts, symbols, safe_margin=safe_margin, clearance=clearance, card=card)


def test_same_seed_same_layout_for_any_number_of_workers():
    deck = take_cards(build_deck(8), 12)  # PARALLEL_FROM cards: two workers really run
    symbols = symbols_for("blob", 57, seed=9)
    one = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=11, workers=1)
    two = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=11, workers=2)
    assert one == two
    other_seed = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=12, only=[0], workers=1)
    assert other_seed[0] != one[0]
    # A preview lays out only the cards it draws: each is the full deck's card.
    some = layout_deck(
        deck, symbols, card=CardShape(size=CARD), seed=11, only=[9, 2, 11], workers=1
    )
    assert some == (one[9], one[2], one[11])


def test_cards_that_print_little_are_packed_again_and_the_better_kept(monkeypatch):
    """With the symbols' ink known, a card printing under ``RETRY_BELOW`` of its expected ink is
    packed from other random streams; the one that prints most is kept (here every card is
    packed ``ATTEMPTS`` times, so each prints at least what its first packing did), and a
    preview of a card is still the build's card."""
    from dobble_print.layout import deck_layout as layout
    from dobble_print.symbols.ink import measure_ink

    deck = take_cards(build_deck(6), 8)
    symbols = symbols_for("blob", 31, seed=4)
    ink = measure_ink([s.rgba for s in symbols])
    monkeypatch.setattr(layout, "RETRY_BELOW", 0.0)
    first = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=3, workers=1, ink=ink)
    monkeypatch.setattr(layout, "RETRY_BELOW", 10.0)  # every card packed ATTEMPTS times
    best = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=3, workers=1, ink=ink)
    gains = [ink.printed_area(b) - ink.printed_area(f) for f, b in zip(first, best, strict=True)]
    assert min(gains) >= 0 and max(gains) > 0  # some second packing did better, none worse
    assert_well_placed(best, symbols)
    some = layout_deck(
        deck, symbols, card=CardShape(size=CARD), seed=3, workers=1, ink=ink, only=[5, 1]
    )
    assert some == (best[5], best[1])


def test_a_card_of_pale_pictures_is_held_to_the_decks_mean_ink(monkeypatch):
    """A card's expected ink counts as at least ``PALE`` of the deck's mean: with ``PALE`` at 1, the
    cards packed again besides those packed again anyway are cards expected to print less than
    the deck's mean whose first packing printed under ``RETRY_BELOW`` of that mean."""
    from dobble_print.layout import deck_layout as layout
    from dobble_print.layout.ranks import expected_ink
    from dobble_print.symbols.ink import measure_ink

    deck = take_cards(build_deck(6), 12)
    symbols = symbols_for("blob", 31, seed=4)
    ink = measure_ink([s.rgba for s in symbols])
    attempt, jobs = layout._attempt, []

    def counted(index, job, rng):
        jobs.append((index, job))
        return attempt(index, job, rng)

    monkeypatch.setattr(layout, "_attempt", counted)
    monkeypatch.setattr(layout, "RETRY_BELOW", 0.0)
    plain = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=3, workers=1, ink=ink)
    job = jobs[0][1]
    # the bar at the median card's share of the deck's mean, so that half the cards miss it
    shares = [ink.printed_area(lay) / (job.mean_expected * job.card_area) for lay in plain]
    monkeypatch.setattr(layout, "RETRY_BELOW", float(np.median(shares)))
    tries = {}
    for pale in (0.0, 1.0):
        monkeypatch.setattr(layout, "PALE", pale)
        jobs.clear()
        layout_deck(deck, symbols, card=CardShape(size=CARD), seed=3, workers=1, ink=ink)
        tries[pale] = collections.Counter(i for i, _ in jobs)
    more = [i for i in tries[1.0] if tries[1.0][i] > tries[0.0][i]]
    assert more and all(tries[1.0][i] >= tries[0.0][i] for i in tries[0.0])
    for i in more:  # plain[i] is its first packing (the same random stream)
        assert expected_ink(deck.cards[i], job.ranks[i], ink.shares) < job.mean_expected
        assert ink.printed_area(plain[i]) < layout.RETRY_BELOW * job.mean_expected * job.card_area


def test_a_full_card_whose_smallest_symbol_misses_the_size_floor_is_packed_again(monkeypatch):
    """A card filled at least ``SMALLEST_FILL`` whose smallest symbol stays under the size floor
    is packed again, and a packing that reaches the floor is kept over one with more ink; cards
    that reach it, or whose symbols fill too little of the card for it, keep their first
    packing."""
    from dobble_print.layout import deck_layout as layout
    from dobble_print.symbols.ink import measure_ink

    deck = take_cards(build_deck(6), 8)
    symbols = symbols_for("blob", 31, seed=4)
    ink = measure_ink([s.rgba for s in symbols])
    monkeypatch.setattr(layout, "RETRY_BELOW", 0.0)  # no card is packed again for its ink

    shapes = shapes_of(symbols)

    def smallest(lay):
        return min(
            math.sqrt(p.width * p.height * shapes[p.symbol].ink_fraction) for p in lay.placements
        )

    plain = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=3, workers=1, ink=ink)
    # the largest of the cards' smallest symbols: tightening lifts the ones a little under it
    floor = float(max(smallest(lay) for lay in plain))
    monkeypatch.setattr(layout, "_floor", lambda job, index: floor)
    monkeypatch.setattr(layout, "SMALLEST_FILL", 1.0)  # no card is full enough: none again
    first = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=3, workers=1, ink=ink)
    monkeypatch.setattr(layout, "SMALLEST_FILL", 0.0)  # every card is
    again = layout_deck(deck, symbols, card=CardShape(size=CARD), seed=3, workers=1, ink=ink)
    short = [i for i, lay in enumerate(first) if smallest(lay) < floor * (1 - 1e-6)]
    assert 0 < len(short) < len(first)
    for i, (f, a) in enumerate(zip(first, again, strict=True)):
        if i not in short:
            assert a == f
    reached = [i for i in short if smallest(again[i]) >= floor * (1 - 1e-6)]
    assert reached  # some card reached the floor on another packing
    assert_well_placed(again, symbols)
    assert layout_deck(
        deck, symbols, card=CardShape(size=CARD), seed=3, workers=1, ink=ink, only=short[:1]
    ) == (again[short[0]],)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"safe_margin": 40.0}, "--safe-margin 40 mm leaves too little room"),
        ({"safe_margin": -1.0}, "--safe-margin -1 mm"),
        ({"clearance": -0.5}, "--clearance -0.5 mm is out of range"),
    ],
)
def test_impossible_margins_are_user_errors(kwargs, message):
    deck = take_cards(build_deck(3), 2)
    with pytest.raises(DobbleError) as err:
        layout_deck(deck, symbols_for("blob", 7), card=CardShape(size=CARD), seed=1, **kwargs)
    assert as_cli(err.value).startswith(message)


# 3. Properties on random shapes -----------------------------------------------------------------


@st.composite
def random_pictures(draw):
    count = 7
    out = []
    for i in range(count):
        h = draw(st.integers(8, 120))
        w = draw(st.integers(8, 120))
        bits = draw(st.integers(0, 2**16 - 1))
        ink = np.kron(
            np.array([(bits >> k) & 1 for k in range(16)], bool).reshape(4, 4),
            np.ones((h // 4 + 1, w // 4 + 1), bool),
        )[:h, :w]
        ink[h // 2, :] = True  # keep it one piece wide enough to trim to (h, w)
        ink[:, w // 2] = True
        out.append(pic(ink, np.random.default_rng(i), "word" if i % 3 == 0 else "image"))
    return out


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pictures=random_pictures(), seed=st.integers(0, 10_000))
def test_random_shapes_stay_inside_apart_and_deterministic(pictures, seed):
    deck = Deck(order=2, cards=build_deck(3).cards[:3], symbol_count=7)
    first = layout_deck(deck, pictures, card=CardShape(size=CARD), seed=seed, workers=1)
    assert_well_placed(first, pictures)
    assert layout_deck(deck, pictures, card=CardShape(size=CARD), seed=seed, workers=1) == first


# 4. The default icons: what the issue asks of a classic deck -----------------------------------


def test_default_icons_classic_deck_coverage_and_sizes(classic_deck):
    _, report = classic_deck  # the real build of the default icons, 85 mm cards, seed 1
    m = report["metrics"]
    assert len(report["cards"]) == 57 and report["card"]["diameter_mm"] == CARD
    assert m["coverage_mean"] >= 0.50
    assert m["coverage_min"] >= 0.44
    assert m["clearance"] >= 1.0 and m["edge"] >= 3.0
    assert 1.6 <= m["size_ratio_min"] and m["size_ratio_max"] <= 2.6
    assert 1.8 <= m["size_ratio_mean"] <= 2.2
    assert m["smallest"] >= 11.0


def test_the_packer_cache_is_found_beside_the_kernels(tmp_path, monkeypatch):
    from dobble_print.layout import deck_layout

    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("DOBBLE_PRINT_LOOPS", "numba")  # not the loops compiled ahead of time
    monkeypatch.setattr(deck_layout, "__file__", str(tmp_path / "deck_layout.py"))
    assert not deck_layout.packer_cached()
    (tmp_path / "__pycache__").mkdir()
    index = tmp_path / "__pycache__" / "kernels.frame-59.py311.nbi"
    index.write_bytes(b"")
    assert deck_layout.packer_cached()
    # an update changed kernels.py since: its old loops are not used, the build compiles again
    (tmp_path / "kernels.py").write_text("", encoding="utf-8")
    os.utime(index, (1_000_000_000, 1_000_000_000))
    assert not deck_layout.packer_cached()
    index.touch()  # compiled again
    assert deck_layout.packer_cached()


def _packings(
    tmp_path, monkeypatch, sources, cards: int | None = None, **options
) -> collections.Counter:
    """How many times each card of the deck built from ``sources`` was packed: every card, or
    its first ``cards`` alone (as a preview lays them out: each is packed as the whole deck's
    build packs it, to the deck's mean expected ink, in as many packings)."""
    from dobble_print.layout import deck_layout
    from dobble_print.options import BuildOptions
    from dobble_print.pipeline import prepare

    monkeypatch.setattr("dobble_print.parallel.cores", lambda: 1)  # packed here, counted
    packings: collections.Counter = collections.Counter()
    real = deck_layout._attempt

    def counted(index, job, rng):
        packings[index] += 1
        return real(index, job, rng)

    monkeypatch.setattr(deck_layout, "_attempt", counted)
    only = None if cards is None else (lambda plan: range(cards))
    prepare(BuildOptions(sources=sources, output=tmp_path / "d.pdf", seed=1, **options), only=only)
    return packings


def test_a_labelled_deck_packs_a_card_again_only_when_it_is_weak(tmp_path, monkeypatch):
    """A label's room holds no ink: a card of labelled drawings prints ~0.48 of its expected
    ink (± 0.024) where one of pictures prints ~0.63, so at the pictures' threshold (0.60) every
    card of a labelled deck was packed three times, always in vain: three times the time, for
    0.005 of coverage. Now a card is packed again when it is weak for a labelled card."""
    import shutil

    from tests.conftest import ICONS

    (tmp_path / "icons").mkdir()
    for icon in sorted(ICONS.glob("*.svg"))[:13]:
        shutil.copy(icon, tmp_path / "icons")
    packings = _packings(tmp_path, monkeypatch, (tmp_path / "icons",), cards=7, labels=True)
    assert len(packings) == 7
    # before: every card packed three times at least (six for the three with a picture under
    # the recognisable size), 48 packings of the 13 cards, 24 of the first 7 packed here; now
    # 37 and 18, five cards packed once, three of these seven
    assert sum(n == 1 for n in packings.values()) >= 2, packings
    assert sum(packings.values()) <= 20, packings


def test_a_word_deck_packs_a_card_again_only_when_it_is_weak(tmp_path, monkeypatch):
    """A card of words prints ~0.42 of its expected ink (± 0.03 over five lists, phrases and
    letters alike); the threshold, 0.53, was set when words printed ~0.59, so every card of
    every word deck was packed three times, in vain: a word deck took twice as long."""
    from tests.conftest import REPO

    words = tmp_path / "words.txt"
    words.write_text(
        "\n".join(
            (REPO / "tests" / "data" / "words57.txt").read_text(encoding="utf-8").split("\n")[:13]
        )
        + "\n",
        encoding="utf-8",
    )
    packings = _packings(tmp_path, monkeypatch, (words,))
    assert len(packings) == 13
    # before: the seven cards whose words read packed three times each, the others six times
    assert sum(n == 1 for n in packings.values()) >= 5, packings


def test_a_photo_deck_packs_a_card_again_only_when_it_is_weak(tmp_path, monkeypatch):
    """Photos are rectangles, which nestle less than drawings: a card of photos prints 0.576 ±
    0.016 of its expected ink, so at the drawings' threshold (0.60) nearly every card of a photo
    deck was packed three times (57 phone-sized photos: 158 packings, now 60)."""
    from tests.support import symbol_files as sf

    (tmp_path / "photos").mkdir()
    # Half the 400 × 300 px these were first made at, for a third of the time: a photo prints
    # whole, a rectangle of its shape at any size, and these are packed exactly as those were.
    for i in range(31):
        w, h = [(200, 150), (150, 200), (200, 200)][i % 3]
        sf.photo(w, h, seed=i).save(tmp_path / "photos" / f"photo {i:02d}.jpg", quality=90)
    packings = _packings(tmp_path, monkeypatch, (tmp_path / "photos",), cards=16)
    assert len(packings) == 16
    # before: every card three times; now ten of the 31 once, seven of the first 16 packed here
    # (a card of six photos prints a little less than one of eight, which the threshold was
    # measured on: half still go three times)
    assert sum(n == 1 for n in packings.values()) >= 5, packings


def test_a_deck_of_pictures_and_words_holds_its_pictures_to_the_size_floor(tmp_path, monkeypatch):
    """Among pictures a word is sized by its box and its ink is a third of that: measured by
    ink, a word was each card's smallest symbol and under the size floor, so most cards of a
    deck mixing pictures and words were packed three times in vain (36 of 57; now 3)."""
    import shutil

    from tests.conftest import ICONS, REPO

    (tmp_path / "icons").mkdir()
    for icon in sorted(ICONS.glob("*.svg"))[:28]:
        shutil.copy(icon, tmp_path / "icons")
    words = tmp_path / "words.txt"
    classroom = (REPO / "tests" / "data" / "classroom57.txt").read_text(encoding="utf-8")
    words.write_text("\n".join(classroom.split("\n")[:29]) + "\n", encoding="utf-8")
    packings = _packings(tmp_path, monkeypatch, (tmp_path / "icons", words), cards=20)
    assert len(packings) == 20
    # the first 20 cards of the 57: before, 8 packed once; now 19
    assert sum(n == 1 for n in packings.values()) >= 16, packings
