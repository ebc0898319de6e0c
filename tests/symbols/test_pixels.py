"""A symbol's pixels kept compressed (symbols/pixels.py): the same pixels back, a fraction of the
memory, and readers that decode one picture at a time."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from dobble_print.symbols import faint_on_card, find_sources, load_symbols
from dobble_print.symbols.pixels import Pixels
from dobble_print.symbols.symbol import Symbol
from dobble_print.symbols.vision import vision_warnings

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"


@pytest.mark.parametrize("shape", [(1, 1, 4), (3, 7, 4), (64, 65, 4), (600, 413, 4)])
def test_pixels_come_back_exactly(shape):
    rng = np.random.default_rng(sum(shape))
    rgba = rng.integers(0, 256, shape, dtype=np.uint8)
    rgba[: shape[0] // 2, :, 3] = 0  # transparent rows, as drawn pictures have
    kept = Pixels.of(rgba)
    back = kept.array()
    assert kept.shape == shape and (kept.height, kept.width) == shape[:2]
    assert back.dtype == np.uint8 and np.array_equal(back, rgba)
    assert not back.flags.writeable  # a symbol's, shared by its readers


def test_a_trimmed_view_is_kept_as_its_own_pixels():
    whole = np.arange(40 * 30 * 4, dtype=np.uint32).astype(np.uint8).reshape(40, 30, 4)
    view = whole[5:20, 3:17]  # what trimming a picture to its ink gives
    assert np.array_equal(Pixels.of(view).array(), view)


def test_a_symbol_keeps_its_pixels_compressed_and_gives_them_back():
    rgba = np.zeros((50, 80, 4), np.uint8)
    rgba[10:40, 20:60] = (200, 30, 40, 255)
    given = Symbol("a", "a.png", rgba)  # an array given is compressed
    made = Symbol("a", "a.png", Pixels.of(rgba))
    for symbol in (given, made):
        assert isinstance(symbol.pixels, Pixels)
        assert symbol.pixels.shape == (50, 80, 4) and symbol.aspect == 80 / 50
        assert np.array_equal(symbol.rgba, rgba)


@pytest.fixture(scope="module")
def icons(tmp_path_factory) -> tuple[Symbol, ...]:
    """Twelve of the bundled icons, loaded as a build loads them (600 px)."""
    folder = tmp_path_factory.mktemp("icons")
    for svg in sorted(ICONS.glob("*.svg"))[:12]:
        shutil.copy(svg, folder / svg.name)
    return load_symbols(find_sources([folder])).symbols


def test_loaded_pictures_hold_a_fraction_of_their_pixels(icons):
    """Held whole, the classic deck's 57 icons were ~67 MB of the build's ~215 MB peak, in
    every phase; drawn pictures are mostly transparent and compress ~40-fold."""
    whole = sum(int(np.prod(s.pixels.shape)) for s in icons)
    held = sum(len(s.pixels.data) for s in icons)
    assert whole > 10_000_000  # twelve pictures of up to 600 px
    assert held < whole / 20


def test_the_colour_checks_decode_no_picture(icons, monkeypatch):
    """The colour checks run beside the packing, at the build's peak: decoding every picture
    first (as they did) held them all whole at once, ~70 MB for the classic deck, and decoding
    them one at a time left ~10 MB of holes in the heap. What they compare is sampled where
    each picture was decoded, by the loading."""
    pictures = {id(s.pixels) for s in icons}
    decoded = []
    array = Pixels.array

    def counted(self):
        if id(self) in pictures:
            decoded.append(self)
        return array(self)

    monkeypatch.setattr(Pixels, "array", counted)
    vision_warnings(icons, (1.0, 1.0, 1.0))  # what they find: tests/symbols/test_vision.py
    faint_on_card(icons, (1.0, 0.98, 0.9))
    assert decoded == []


def test_a_picture_is_decoded_once_while_its_readers_hold_it():
    kept = Pixels.of(np.full((30, 20, 4), 200, np.uint8))
    first = kept.array()
    assert kept.array() is first  # held: shared
    del first
    assert not kept.array().flags.owndata  # let go: decoded anew (from its bytes)


def test_pixels_of_other_than_bytes_are_refused():
    with pytest.raises(ValueError, match="uint8"):
        Pixels.of(np.zeros((2, 2, 4), np.float32))  # cast, they would come back other pixels


def test_two_threads_measure_two_pictures_at_once(monkeypatch):
    """The loading threads measure what they decoded each on its own: functools'
    cached_property (Python 3.11) held one lock for every symbol, so they took turns."""
    import threading

    from dobble_print.symbols import symbol as module

    both = threading.Barrier(2, timeout=5)

    def sample(rgba):
        both.wait()  # passes only with the other thread measuring at the same moment
        return rgba.shape

    monkeypatch.setattr(module, "colour_sample", sample)
    symbols = [Symbol(str(i), f"{i}.png", np.full((4, 3 + i, 4), 9, np.uint8)) for i in (0, 1)]
    found: dict[int, object] = {}
    threads = [
        threading.Thread(target=lambda i=i: found.update({i: symbols[i].colour_sample}))
        for i in (0, 1)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == {0: (4, 3, 4), 1: (4, 4, 4)}
    assert symbols[1].colour_sample is found[1]  # kept


def test_a_renamed_symbol_keeps_what_was_measured(icons):
    """Two pictures of one name are told apart by renaming one (symbols.names): what was
    measured where it was decoded comes along, not measured again beside the packing."""
    symbol = icons[0]
    renamed = symbol.renamed("another")
    assert renamed.name == "another" and renamed.pixels is symbol.pixels
    assert renamed.colour_sample is symbol.colour_sample
    assert renamed.ink_figures == symbol.ink_figures


def test_a_labelled_picture_keeps_its_picture_alone_compressed(icons):
    """A ``--labels`` deck held each picture whole beside its labelled pixels: 271 MB at its
    peak, 208 MB with the picture compressed (the same PDF)."""
    from dobble_print.symbols import with_labels
    from dobble_print.symbols.symbol import SymbolOptions, SymbolSet

    labelled = with_labels(SymbolSet(icons[:3]), SymbolOptions()).symbols
    for before, after in zip(icons[:3], labelled, strict=True):
        assert after.kind == "labelled" and isinstance(after.picture, Pixels)
        assert after.picture is before.pixels  # the picture's own, not compressed again
        left, top = after.picture_at
        h, w = after.picture.shape[:2]
        assert np.array_equal(after.rgba[top : top + h, left : left + w], before.rgba)


def test_a_labelled_symbol_keeps_its_pictures_colour_sample(icons):
    """What the colour checks compare of a labelled symbol is its picture's alone, sampled where
    the picture was decoded: not sampled again beside the packing."""
    from dobble_print.symbols import with_labels
    from dobble_print.symbols.symbol import SymbolOptions, SymbolSet

    labelled = with_labels(SymbolSet(icons[:2]), SymbolOptions()).symbols
    for before, after in zip(icons[:2], labelled, strict=True):
        assert after.colour_sample is before.colour_sample
        assert after.ink_figures != before.ink_figures  # its label's ink counts: measured anew
