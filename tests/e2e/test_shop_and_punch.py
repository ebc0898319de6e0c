"""Issue 26, shop profiles and punch presets, from the command line on the bundled icons:
``--shop-profile tgc-circle`` gives exact-size fronts and a back with nothing but card colour
outside the safe zone (measured on the PNGs' pixels) and no cut path; ``--preset punch-2.5in`` and
``punch-2in`` give cards of the punch's size (measured from the PDF's centring ticks) with no
printed ring and every picture at least the 8 mm floor."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from dobble_print.cli import app
from dobble_print.printing.sheet import TICK_OFFSET

MM_PER_PT = 25.4 / 72.0
PUNCH_FLOOR_MM = 8.0  # the punch presets' stated floor for the smallest picture (√ink-area)


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_tgc_circle_on_the_default_icons(tmp_path):
    """One build checked three ways. Seven cards of three (``-n 3``) rather than the full 57:
    the pictures are larger there, so the safe zone is pressed harder, at an eighth of the cost
    of 57 fronts at 300 dpi."""
    shop = tmp_path / "shop"
    result = run(
        "build", "-o", str(tmp_path / "deck.pdf"), "--seed", "1", "-q", "--no-cover", "-n", "3",
        "--shop", str(shop), "--shop-profile", "tgc-circle",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    _check_files(shop, 7)
    _check_safe_zone(shop, 7)
    assert not list(shop.glob("*.pdf"))  # no PDF, so no CutContour; the PNGs carry no guides
    words = " ".join((shop / "README.txt").read_text(encoding="utf-8").split())
    assert "Order 7 cards: one of each front, all with the same back." in words
    assert "retail game's count" not in words  # fewer than the retail game's 55: nothing to trim


def test_a_full_deck_for_a_card_printer_says_how_to_order_the_retail_count():
    from dobble_print.card import CardShape
    from dobble_print.printing.shop.card_printer import shop_readme
    from dobble_print.printing.shop.profiles import load_shop_profile

    profile = load_shop_profile("tgc-circle")
    files = [f"{i:03d}-front.png" for i in range(1, 58)] + ["back.png"]
    text = shop_readme(
        profile, shape=CardShape(size=88.9), cards=57, symbols_per_card=8, files=files
    )
    words = " ".join(text.split())
    assert "Order 57 cards: one of each front, all with the same back." in words
    # printed words name the setting, not a flag: the page made these files as well as the CLI
    assert "make the deck again with 55 cards to print (the retail game's count)" in words
    assert "--" not in text
    assert "001-front.png ... 057-front.png the 57 card fronts, 1125 x 1125 pixels" in words


def _check_files(shop: Path, cards: int) -> None:
    """``cards`` fronts and one back, 1125 px square, RGB, 300 dpi, README.txt, and the marker that
    lists them as this tool's."""
    names = sorted(p.name for p in shop.iterdir())
    assert names == sorted(
        [f"{i:03d}-front.png" for i in range(1, cards + 1)]
        + ["back.png", "README.txt", ".dobble-print"]
    )
    for path in shop.glob("*.png"):
        with Image.open(path) as im:
            assert im.size == (1125, 1125) and im.mode == "RGB"
            assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def _check_safe_zone(shop: Path, cards: int) -> None:
    """Nothing but the (white) card colour outside the 1050 px circle's safe zone."""
    yy, xx = np.mgrid[0:1125, 0:1125]
    r = np.hypot(xx + 0.5 - 562.5, yy + 0.5 - 562.5)  # from each pixel's centre
    safe = 1050 / 2 - 300 / 8  # the 1050 px trim circle less 1/8 in: 487.5 px
    # A pixel whose square lies wholly outside the safe circle (its centre over half a diagonal
    # beyond it) holds no ink at all; one the line crosses may hold the antialiased edge of ink.
    outside = r > safe + math.sqrt(0.5)
    reach = []
    for i in range(1, cards + 1):
        # each pixel's darkest channel, once for both checks: white is 255 in all three
        darkest = np.asarray(Image.open(shop / f"{i:03d}-front.png")).min(axis=2)
        assert darkest[outside].min() == 255, f"card {i}"
        reach.append(r[darkest < 250].max())
    assert max(reach) > safe - 15  # the symbols do reach out towards the zone's edge


@pytest.fixture(scope="module")
def kept_cards():
    """One :class:`SymbolCache` for the punch builds, as the app keeps one per session: a4 and
    letter lay the same cards out (the paper only places them), so the second paper reuses the
    decoded icons and the laid-out cards and prints its own sheets, the same bytes as without
    it."""
    from dobble_print.symbols.cache import SymbolCache

    return SymbolCache()


@pytest.mark.parametrize(
    ("preset", "paper", "diameter", "cards"),
    [
        ("punch-2.5in", "a4", 63.5, 31),
        ("punch-2.5in", "letter", 63.5, 31),
        ("punch-2in", "a4", 50.8, 13),
        ("punch-2in", "letter", 50.8, 13),
    ],
)
def test_punch_presets_cut_at_the_punch_size_with_no_ring(
    tmp_path, monkeypatch, kept_cards, preset, paper, diameter, cards
):
    import dobble_print.pipeline

    build = dobble_print.pipeline.build  # the command's build, keeping its cards for the next
    monkeypatch.setattr(
        dobble_print.pipeline, "build", lambda *a, **k: build(*a, **k, cache=kept_cards)
    )
    pdf, report = tmp_path / "deck.pdf", tmp_path / "deck.json"
    result = run(
        "build", "--preset", preset, "-o", str(pdf), "--report", str(report),
        "--seed", "1", "-q", "--no-cover", "--paper", paper,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text(encoding="utf-8"))
    assert len(data["cards"]) == cards
    assert data["metrics"]["smallest"] >= PUNCH_FLOOR_MM
    doc = pymupdf.open(pdf)
    reach: dict[int, dict[int, float]] = {c["index"]: {} for c in data["cards"]}
    for number, page in enumerate(doc, start=1):
        centres = {c["index"]: c["center_mm"] for c in data["cards"] if c["page"] == number}
        for drawing in page.get_drawings():
            assert all(item[0] == "l" for item in drawing["items"])  # straight ticks, no ring
            for _, a, b in drawing["items"]:
                ends = [(p.x * MM_PER_PT, (page.rect.height - p.y) * MM_PER_PT) for p in (a, b)]
                middle = np.mean(ends, axis=0)
                card = min(centres, key=lambda i: math.dist(centres[i], middle))  # its card
                cx, cy = centres[card]
                inner, outer = sorted(ends, key=lambda e: math.dist(e, (cx, cy)))
                # a tick points straight out from the card's centre, whichever way it goes
                out = math.atan2(outer[1] - cy, outer[0] - cx)
                assert abs(math.atan2(inner[1] - cy, inner[0] - cx) - out) < 1e-3
                reach[card][round(math.degrees(out)) % 360] = math.dist(inner, (cx, cy))
    measured = []
    for card, sides in reach.items():
        axes = {angle % 180 for angle in sides}
        assert len(axes) >= 2, (
            f"card {card + 1}: ticks on {len(axes)} line(s) cannot centre a punch"
        )
        for far in sides.values():  # a tick starts TICK_OFFSET outside the cut line
            measured.append(2 * (far - TICK_OFFSET))
        for angle, far in sides.items():  # opposite ticks: the diameter without the centre
            if (angle + 180) % 360 in sides:
                measured.append(far + sides[(angle + 180) % 360] - 2 * TICK_OFFSET)
    assert max(abs(d - diameter) for d in measured) <= 0.1, (min(measured), max(measured))
