"""Ink: how much of a picture prints (printed share of its hull, printed fraction of its box)."""

from __future__ import annotations

import numpy as np
import pytest

from dobble_print.card import CardLayout, Placement
from dobble_print.symbols.ink import Ink, measure_ink, printed_share, symbols_ink


def rgba(ink: np.ndarray, colour=(200, 30, 30)) -> np.ndarray:
    out = np.zeros((*ink.shape, 4), np.uint8)
    out[ink] = (*colour, 255)
    return out


def pictures():
    yy, xx = np.mgrid[0:200, 0:200] + 0.5 - 100
    r = np.hypot(xx, yy)
    white_ball = rgba(r <= 100, colour=(255, 255, 255))
    white_ball[(r <= 100) & (r > 95)] = (0, 0, 0, 255)  # a black rim around white
    return {
        "square": rgba(np.ones((150, 150), bool)),
        "disc": rgba(r <= 100),
        "ring": rgba((r <= 100) & (r > 80)),  # the hole is paper
        "white ball": white_ball,
    }


def test_printed_share_of_simple_pictures():
    p = pictures()
    assert printed_share(p["square"]) == pytest.approx(1.0, abs=0.03)
    assert printed_share(p["disc"]) == pytest.approx(1.0, abs=0.05)
    assert printed_share(p["ring"]) == pytest.approx(1 - 0.8**2, abs=0.05)
    assert printed_share(p["white ball"]) == pytest.approx(1 - 0.95**2, abs=0.03)
    assert printed_share(np.zeros((10, 10, 4), np.uint8)) == 1.0


def test_printed_fraction_is_printed_ink_over_the_whole_box():
    p = pictures()
    ink = measure_ink([p["square"], p["disc"], p["ring"], p["white ball"]])
    assert ink.shares == tuple(printed_share(x) for x in p.values())
    disc = np.pi / 4
    want = [1.0, disc, disc * (1 - 0.8**2), disc * (1 - 0.95**2)]
    assert ink.fractions == pytest.approx(want, abs=0.02)
    assert measure_ink([np.zeros((10, 10, 4), np.uint8)]).fractions == (0.0,)


def test_printed_area_of_a_card_sums_each_placement_box_times_its_fraction():
    ink = Ink(shares=(1.0, 0.5), fractions=(1.0, 0.25))
    card = CardLayout(
        (Placement(0, (0.0, 0.0), 10.0, 20.0, 30.0), Placement(1, (5.0, 5.0), 8.0, 4.0, 0.0))
    )
    assert ink.printed_area(card) == pytest.approx(10 * 20 + 8 * 4 * 0.25)


def test_each_pictures_ink_is_measured_once_on_its_loading_thread(tmp_path, monkeypatch):
    """With 16 pictures or more, threads decode them; each one's printed share and fraction is
    measured there too, beside the decoding, not after the loading (~0.05 s of the classic
    deck's serial work), and the deck's ink is read from them without measuring again."""
    from dobble_print.symbols import find_sources, load_symbols, symbol
    from tests.support.threads import calls_by_thread, copy_icons

    copy_icons(tmp_path, 18)
    where = calls_by_thread(monkeypatch, symbol, "figures")
    monkeypatch.setattr("dobble_print.parallel.cores", lambda: 2)
    loaded = load_symbols(find_sources([tmp_path]), max_px=64)
    assert len(where) == 18 and all(name.startswith("dobble-print") for name in where), where
    ink = symbols_ink(loaded.symbols)
    assert len(where) == 18  # not measured again
    assert ink == measure_ink([s.rgba for s in loaded.symbols])
