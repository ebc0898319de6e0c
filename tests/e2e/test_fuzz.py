"""Fuzzing: mutated picture and SVG bytes through the loaders; the deck verifier against an oracle.

Loaders must turn any bytes into a symbol or a reason (``BadPicture``, listed as a skipped file),
never another exception and never a hang. The deck verifier must accept every subset of a plane's
lines and reject exactly the tampered decks an independent, brute-force oracle rejects. Examples
are derandomised and few, so CI spends a few seconds here. Property tests of the layout on random
shapes live with the layout (``tests/test_layout.py``).
"""

from __future__ import annotations

import base64
import functools
import io
import itertools
import os
import tempfile
import time
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from dobble_print.deck.plane import Deck, verify_deck
from dobble_print.deck.plane import build_deck as _build_deck
from dobble_print.symbols.loading import SymbolOptions, find_sources, load_symbols
from tests.support import symbol_files as sf

# DOBBLE_FUZZ_EXAMPLES=5000 runs a long fuzzing session locally; CI keeps it to a few seconds.
FUZZ = settings(
    max_examples=int(os.environ.get("DOBBLE_FUZZ_EXAMPLES", "120")),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _encoded(fmt: str, **kw) -> bytes:
    buf = io.BytesIO()
    im = sf.drawing(48, 36, seed=2) if fmt != "PNG" else sf.blob(48, 36)
    if fmt == "GIF":
        im = im.convert("P")
    im.save(buf, format=fmt, **kw)
    return buf.getvalue()


def _svg_with_data_image() -> bytes:
    data = base64.b64encode(sf.png_bytes(Image.new("RGB", (4, 4), (0, 200, 0)))).decode()
    return sf.svg_with_image(f"data:image/png;base64,{data}", use=False).encode()


SEEDS: dict[str, bytes] = {
    ".png": _encoded("PNG"),
    ".jpg": _encoded("JPEG", quality=80),
    ".gif": _encoded("GIF"),
    ".webp": _encoded("WEBP", quality=80),
    ".bmp": _encoded("BMP"),
    ".tif": _encoded("TIFF"),
    ".svg": sf.outline_svg("house").encode(),
    ".svgz": __import__("gzip").compress(sf.outline_svg("key").encode(), mtime=0),
}
SEEDS[" data.svg"] = _svg_with_data_image()


@st.composite
def mutated(draw) -> tuple[str, bytes]:
    """A real file's bytes with a few byte flips, overwrites, insertions, deletions or a cut."""
    suffix = draw(st.sampled_from(sorted(SEEDS)))
    data = bytearray(SEEDS[suffix])
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        op = draw(st.sampled_from(["flip", "set", "insert", "delete", "cut", "splice"]))
        at = draw(st.integers(0, len(data) - 1))
        if op == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "set":
            data[at] = draw(st.sampled_from([0x00, 0xFF, 0x7F, 0x80, ord("<"), ord("9")]))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif op == "delete":
            del data[at : at + draw(st.integers(1, 32))]
        elif op == "cut":
            del data[at:]
        else:  # a chunk of the file repeated: chunk lengths and counts stop matching
            data[at:at] = data[at : at + draw(st.integers(1, 64))] * draw(st.integers(1, 4))
    return suffix.strip(), bytes(data)


@FUZZ
@given(case=mutated())
def test_mutated_pictures_load_or_give_a_reason(case):
    suffix, data = case
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"fuzzed{suffix}"
        path.write_bytes(data)
        start = time.perf_counter()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = load_symbols(
                find_sources([path]), max_px=64, options=SymbolOptions(skip_bad=True)
            )
        assert time.perf_counter() - start < 10
        assert not caught, [str(w.message) for w in caught]  # they would print as noise
        assert len(result.symbols) + len(result.warnings) >= 1
        for symbol in result.symbols:
            assert symbol.rgba.ndim == 3 and symbol.rgba.shape[2] == 4
            assert max(symbol.rgba.shape[:2]) <= 64 * 1.1 and min(symbol.rgba.shape[:2]) >= 1
        for line in map(str, result.warnings):
            assert "\n" not in line and line.startswith(f"skipped {path}: ")


# --- the deck verifier ----------------------------------------------------------------------

ORDERS = [2, 3, 4, 5, 6, 8]  # symbols per card; 5 is a prime-power plane (GF(4) from galois)
build_deck = functools.cache(_build_deck)


def _oracle(deck: Deck, *, full: bool) -> bool:
    """The one-match rule by brute force over Python sets: independent of ``verify_deck``."""
    n = deck.symbols_per_card
    cards = [set(c) for c in deck.cards]
    if any(len(raw) != n or len(set(raw)) != n for raw in deck.cards):
        return False
    if any(not 0 <= s < deck.symbol_count for c in cards for s in c):
        return False
    if any(len(a & b) != 1 for a, b in itertools.combinations(cards, 2)):
        return False
    if full:
        counts = [sum(s in c for c in cards) for s in range(deck.symbol_count)]
        return all(k == n for k in counts)
    return True


def _accepts(deck: Deck, *, full: bool) -> bool:
    try:
        verify_deck(deck, full=full)
    except ValueError:
        return False
    return True


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(data=st.data(), per_card=st.sampled_from(ORDERS))
def test_any_subset_of_a_planes_lines_keeps_the_rule(data, per_card):
    deck = build_deck(per_card)
    keep = data.draw(st.sets(st.integers(0, len(deck.cards) - 1), min_size=1))
    subset = Deck(deck.order, tuple(deck.cards[i] for i in sorted(keep)), deck.symbol_count)
    assert _accepts(subset, full=False)
    assert _accepts(subset, full=True) == (len(keep) == len(deck.cards))


@st.composite
def tampered(draw) -> tuple[Deck, bool]:
    """A plane (or part of one) with one random change, and whether it is the whole plane."""
    deck = build_deck(draw(st.sampled_from(ORDERS)))
    whole = draw(st.booleans())
    keep = (
        range(len(deck.cards))
        if whole
        else sorted(draw(st.sets(st.integers(0, len(deck.cards) - 1), min_size=2)))
    )
    cards = [list(deck.cards[i]) for i in keep]
    c = draw(st.integers(0, len(cards) - 1))
    i = draw(st.integers(0, len(cards[c]) - 1))
    how = draw(st.sampled_from(["replace", "repeat", "drop", "add", "out of range", "swap"]))
    if how == "replace":
        cards[c][i] = draw(st.integers(0, deck.symbol_count - 1).filter(lambda s: s != cards[c][i]))
    elif how == "repeat":
        cards[c][i] = cards[c][i - 1]
    elif how == "drop":
        del cards[c][i]
    elif how == "add":
        cards[c].append(draw(st.integers(0, deck.symbol_count - 1)))
    elif how == "out of range":
        cards[c][i] = draw(st.sampled_from([-1, deck.symbol_count, deck.symbol_count + 7]))
    else:
        d = draw(st.integers(0, len(cards) - 1))
        j = draw(st.integers(0, len(cards[d]) - 1))
        cards[c][i], cards[d][j] = cards[d][j], cards[c][i]
    return Deck(deck.order, tuple(tuple(x) for x in cards), deck.symbol_count), whole


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(case=tampered())
def test_the_verifier_rejects_exactly_what_the_oracle_rejects(case):
    deck, whole = case
    for full in (False, True):
        assert _accepts(deck, full=full) == _oracle(deck, full=full)
    plane = build_deck(deck.order + 1)
    changed = sorted(map(sorted, deck.cards)) != sorted(map(list, plane.cards))
    if whole and changed and deck.order >= 2:
        # A changed plane of order ≥ 2 always breaks the rule: a symbol put on a card meets the
        # other lines through it (at least two) at a second point, at least once.
        assert not _accepts(deck, full=False)


@pytest.mark.parametrize("per_card", ORDERS)
def test_replacing_any_symbol_of_a_whole_plane_is_caught(per_card):
    deck = build_deck(per_card)
    cards = [list(c) for c in deck.cards]
    cards[0][0] = next(s for s in range(deck.symbol_count) if s not in cards[0])
    with pytest.raises(ValueError, match="share"):
        verify_deck(Deck(deck.order, tuple(map(tuple, cards)), deck.symbol_count), full=False)
