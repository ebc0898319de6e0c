"""``--play deck.html``: the deck as one web page, played in Chromium from ``file://`` — nothing
asked of the network, a match found by a tap and a wrong tap refused, the teacher's keys, the
printed cards themselves (the report's placements, the PDF's pictures), the deck's language and
axe-core's audit. Small decks (7 pictures, 3 per card), built once for the module."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from dobble_print.language import words
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from tests.conftest import make_pictures

CHROMIUM = Path(os.environ.get("DOBBLE_CHROMIUM", "/usr/bin/chromium"))
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"browser tests need Chromium at {CHROMIUM}: apt-get install chromium "
    "(or set DOBBLE_CHROMIUM)",
)


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> dict[str, Path]:
    """A 7-card deck's folder (deck.pdf, report.json, deck.html), in English and in French: one
    symbol cache for the two, as the app keeps one, so the French deck reuses the cards laid out
    for the English one (the same cards as without it)."""
    from dobble_print.symbols.cache import SymbolCache

    root = tmp_path_factory.mktemp("play")
    make_pictures(root / "pics", 7)
    made, cache = {}, SymbolCache()
    for lang in ("en", "fr"):
        out = root / lang
        out.mkdir()
        build(
            BuildOptions(
                sources=(root / "pics",),
                output=out / "deck.pdf",
                seed=3,
                symbols_per_card=3,
                report=out / "report.json",
                play=out / "deck.html",
                lang=lang,
            ),
            cache=cache,
            measure=False,
        )
        made[lang] = out
    return made


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def opened(browser):
    """Opens a page in a fresh context, every request it makes recorded (and none let out)."""
    contexts = []

    def open_page(path: Path, width: int = 1280, height: int = 800):
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.requests, page.errors = [], []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))

        def record(route):
            page.requests.append(route.request.url)
            if route.request.url == path.as_uri():
                route.continue_()
            else:
                route.abort()

        context.route("**/*", record)
        page.goto(path.as_uri())
        page.wait_for_selector("#card-1 .sym")
        return page

    yield open_page
    for context in contexts:
        context.close()


def shown(page) -> tuple[list[int], list[int]]:
    """The symbols on the two cards shown."""
    return tuple(
        page.eval_on_selector_all(f"#card-{n} .sym", "gs => gs.map(g => +g.dataset.symbol)")
        for n in (0, 1)
    )


def match_and_miss(page) -> tuple[int, int]:
    left, right = shown(page)
    (match,) = set(left) & set(right)
    return match, next(s for s in left if s != match)


def test_the_page_is_one_file_that_asks_for_nothing(decks):
    page = (decks["en"] / "deck.html").read_text(encoding="utf-8")
    # every src and href is the page's own: a data: URL or a fragment
    assert re.findall(r"""(?:src|href)\s*=\s*["'](?!data:|#)""", page) == []
    assert "<link" not in page and "@import" not in page and "url(" not in page
    assert "fetch(" not in page and "XMLHttpRequest" not in page


@needs_chromium
def test_a_wrong_tap_is_refused_and_the_shared_picture_found(decks, opened):
    page = opened(decks["en"] / "deck.html")
    match, miss = match_and_miss(page)
    page.click(f"#card-0 .sym[data-symbol='{miss}'] use")
    assert page.get_attribute(f"#card-0 .sym[data-symbol='{miss}']", "class") == "sym wrong"
    assert page.get_attribute("#said", "class") == "said wrong"
    assert page.inner_text("#misses") == "Wrong taps: 1"
    assert page.inner_text("#score") == "Found: 0"
    assert page.locator(".sym.match").count() == 0
    page.click(f"#card-1 .sym[data-symbol='{match}'] use")
    assert page.locator(f".sym.match[data-symbol='{match}']").count() == 2  # on both cards
    assert page.inner_text("#score") == "Found: 1"
    name = page.get_attribute(f"#card-1 .sym[data-symbol='{match}']", "aria-label")
    assert page.inner_text("#said") == f"Yes! {name} is on both cards."
    assert page.evaluate("document.activeElement.id") == "next"
    page.keyboard.press("Enter")
    assert page.inner_text("#pair") == "Pair 2"
    assert page.locator(".sym.match").count() == 0
    assert page.requests == [(decks["en"] / "deck.html").as_uri()]
    assert page.errors == []


@needs_chromium
def test_the_teacher_paces_the_pairs_by_keyboard(decks, opened):
    page = opened(decks["en"] / "deck.html")
    first = shown(page)
    for _ in range(10):  # to the mode's button by Tab alone
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "mode-teacher":
            break
    page.keyboard.press("Enter")
    assert page.get_attribute("body", "data-mode") == "teacher"
    assert page.is_visible("#show") and not page.is_visible("#score")
    page.keyboard.press("Space")
    assert page.inner_text("#pair") == "Pair 2"
    assert page.get_attribute("body", "data-mode") == "teacher"  # Space did not press the button
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#pair") == "Pair 3"
    match, _ = match_and_miss(page)
    page.keyboard.press("m")
    assert page.locator(f".sym.match[data-symbol='{match}']").count() == 2
    name = page.get_attribute(f"#card-0 .sym[data-symbol='{match}']", "aria-label")
    assert page.inner_text("#said") == f"The match: {name}."
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#pair") == "Pair 1" and shown(page) == first
    assert page.requests == [(decks["en"] / "deck.html").as_uri()]
    assert page.errors == []


@needs_chromium
def test_a_picture_is_chosen_by_keyboard_too(decks, opened):
    page = opened(decks["en"] / "deck.html")
    match, _ = match_and_miss(page)
    page.focus(f"#card-0 .sym[data-symbol='{match}']")
    page.keyboard.press("Enter")
    assert page.locator(".sym.match").count() == 2


@needs_chromium
def test_the_cards_are_the_printed_ones(decks, opened):
    from tests.support.pdfread import images_per_card

    folder = decks["en"]
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    page = opened(folder / "deck.html")
    deck = page.evaluate("JSON.parse(document.getElementById('deck').textContent)")
    assert len(deck["cards"]) == len(report["cards"]) == 7
    names = {str(s["id"]): s["name"] for s in report["symbols"]}
    assert {k: v["name"] for k, v in deck["symbols"].items()} == names
    for card in report["cards"]:
        cx, cy = card["center_mm"]
        printed = sorted(
            (p["symbol"], p["center_mm"][0] - cx, p["center_mm"][1] - cy, p["width_mm"],
             p["height_mm"], p["rotation_deg"])
            for p in card["placements"]
        )  # fmt: skip
        played = sorted(tuple(p) for p in deck["cards"][card["index"]]["placed"])
        assert [p[0] for p in played] == [p[0] for p in printed], card["index"]
        for a, b in zip(played, printed, strict=True):  # the report's mm have 3 decimals
            assert a[1:] == pytest.approx(b[1:], abs=0.002), card["index"]
    # the PDF's own pictures: a picture is on the same cards in the PDF as on the page
    in_pdf = images_per_card(folder / "deck.pdf", report)
    cards_of = {}
    for index, xrefs in in_pdf.items():
        for xref in xrefs:
            cards_of.setdefault(xref, set()).add(index)
    on_page = {}
    for index, card in enumerate(deck["cards"]):
        for symbol, *_ in card["placed"]:
            on_page.setdefault(symbol, set()).add(index)
    assert sorted(map(sorted, cards_of.values())) == sorted(map(sorted, on_page.values()))
    # and the cards drawn are those of the deck
    left, right = shown(page)
    a, b = (int(page.get_attribute(f"#card-{n}", "data-card")) for n in (0, 1))
    assert left == [p[0] for p in deck["cards"][a]["placed"]]
    assert right == [p[0] for p in deck["cards"][b]["placed"]]


@needs_chromium
def test_a_french_deck_plays_in_french(decks, opened):
    page = opened(decks["fr"] / "deck.html")
    fr = words("fr").gettext
    assert page.get_attribute("html", "lang") == "fr"
    assert page.inner_text("#mode-find") == fr("Find the match") == "Trouver la paire"
    assert page.inner_text("#help") == fr("Find what is on both cards, and tap it.")
    _, miss = match_and_miss(page)
    page.click(f"#card-0 .sym[data-symbol='{miss}'] use")
    name = page.get_attribute(f"#card-0 .sym[data-symbol='{miss}']", "aria-label")
    said = fr("{name} is on one card only. Try again.").format(name=name)
    assert page.inner_text("#said") == said
    assert page.inner_text("#misses") == fr("Wrong taps: {n}").format(n=1)


@needs_chromium
@pytest.mark.parametrize("width", [1280, 390])
def test_both_games_pass_axe_and_fit_the_screen(decks, opened, width):
    from axe_playwright_python.sync_playwright import Axe

    page = opened(decks["en"] / "deck.html", width=width, height=844 if width < 500 else 800)
    for mode in ("find", "teacher"):
        page.click(f"#mode-{mode}")
        page.keyboard.press("Tab")  # a focus ring shown, which axe checks too
        results = Axe().run(page)
        bad = [v for v in results.response["violations"] if v["impact"] in {"serious", "critical"}]
        assert bad == [], f"{mode} at {width} px: " + "; ".join(
            f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in bad
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for n in (0, 1):
            box = page.locator(f"#card-{n}").bounding_box()
            assert box["width"] >= 240 and box["x"] >= 0 and box["x"] + box["width"] <= width
