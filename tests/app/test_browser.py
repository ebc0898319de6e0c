"""The page in real headless Chromium (Debian's, driven by Playwright), against a real server
process: the whole path from 13 of the icons to a checked PDF and the command that remakes it, a
typed word list, a bad file among good ones, the keyboard alone, and axe-core's check.

Screenshots of each step go to ``$DOBBLE_APP_SHOTS`` (none are taken when it is not set).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import shlex
import signal
import zipfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from tests.app.conftest import (
    CHROMIUM,
    FLAGS,  # noqa: F401 - tests/printing/test_engines.py imports it from here
    VIEWPORT,
    build_cli,
    start_server,
    stop_server,
)
from tests.conftest import ICONS, make_pictures

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason=f"browser tests need Chromium at {CHROMIUM}: apt-get install chromium "
        "(or set DOBBLE_CHROMIUM); .ci/run installs it when run as root",
    ),
]
WAIT = 180_000  # ms: a deck on a busy two-core machine


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """This module's own server process (conftest's is shared by modules that open fewer tabs:
    the app keeps at most 20 sessions, and this module opens 16)."""
    server = start_server(tmp_path_factory.mktemp("app-tmp"))
    yield server
    stop_server(server)


class Shots:
    """``shots(page or locator, name)``: a screenshot of the step into ``$DOBBLE_APP_SHOTS``.
    Without that folder none is taken (nobody would look at it, and a screenshot checks
    nothing); a locator is still waited for, visible, as its screenshot waited for it."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        if folder:
            folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, target, name: str, *, full_page: bool = False) -> None:
        if self.folder:
            kw = {"full_page": full_page} if full_page else {}
            target.screenshot(path=self.folder / name, **kw)
        elif hasattr(target, "wait_for"):  # a locator (a page has no wait_for)
            target.wait_for(state="visible")


@pytest.fixture(scope="module")
def shots() -> Shots:
    folder = os.environ.get("DOBBLE_APP_SHOTS")
    return Shots(Path(folder) if folder else None)


@contextlib.contextmanager
def loaded(server, window, viewport: dict[str, int]) -> Iterator:
    """The page loaded anew in the window's tab at ``viewport``'s size, with a session of its
    own; no script error in it. (The ``window`` fixture tidies the window after the test.)"""
    errors = []

    def error(exc) -> None:
        errors.append(str(exc))

    page = window.load(server.url, error, viewport)
    yield page
    if not page.is_closed():
        page.remove_listener("pageerror", error)
    assert errors == [], errors


@pytest.fixture
def page(server, window):
    """The page, 1280×900 (:func:`loaded`)."""
    with loaded(server, window, VIEWPORT) as page:
        yield page


@pytest.fixture
def phone(server, window):
    """The page on a phone's screen, 390×844 (:func:`loaded`)."""
    with loaded(server, window, {"width": 390, "height": 844}) as page:
        yield page


# ---- helpers -------------------------------------------------------------------------------


def add_pictures(page, paths: list[Path]) -> None:
    page.set_input_files("#files", [str(p) for p in paths])
    page.wait_for_function(
        """n => document.querySelectorAll('.thumb').length === n && ![
              ...document.querySelectorAll('.thumb .note')].some(
                e => e.textContent === 'adding…')""",
        arg=len(paths),
    )


def plan_text(page, starts: str) -> str:
    page.wait_for_function(
        "s => { const e = document.querySelector('#plan .why');"
        " return e && e.textContent.startsWith(s)"
        " && !document.querySelector('#plan').classList.contains('busy'); }",
        arg=starts,
        timeout=WAIT,
    )
    return page.inner_text("#plan .why")


def wait_status(page, starts: str) -> None:
    page.wait_for_function(
        "s => document.querySelector('#status').textContent.startsWith(s)", arg=starts, timeout=WAIT
    )


def make_deck(page) -> None:
    page.click("#make")
    wait_status(page, "Done:")
    sheets_loaded(page)


def sheets_loaded(page) -> None:
    page.wait_for_function(
        "() => [...document.querySelectorAll('.sheet img')].every(i => i.complete && i.width)"
    )


def last_result(page, server) -> dict:
    sid = page.evaluate("() => sessionStorage.getItem('dobble-session')")
    return page.request.get(f"{server.base}/api/s/{sid}/job").json()["result"]


def page_images(page, server, result: dict) -> list[np.ndarray]:
    from PIL import Image

    sid = page.evaluate("() => sessionStorage.getItem('dobble-session')")
    out = []
    for p in result["pages"]:
        body = page.request.get(f"{server.base}/api/s/{sid}/pages/{p['file']}").body()
        out.append(np.asarray(Image.open(io.BytesIO(body)).convert("RGB")))
    return out


def crop(image: np.ndarray, box: list[float]) -> np.ndarray:
    h, w = image.shape[:2]
    left, top, width, height = box
    return image[int(top * h) : int((top + height) * h), int(left * w) : int((left + width) * w)]


def differs(a: np.ndarray, b: np.ndarray, box: list[float]) -> bool:
    """Whether the box looks different: over 1 % of its pixels off by more than 32 of 255.

    A picture is stored once, at the resolution of its largest use in the deck, so re-laying one
    card can move other cards' pixels by a few levels of resampling (17 at most, seen).
    """
    off = np.abs(crop(a, box).astype(np.int16) - crop(b, box).astype(np.int16)).max(axis=2) > 32
    return bool(off.mean() > 0.01)


def assert_accessible(page, where: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v["impact"] in {"serious", "critical"}]
    assert bad == [], f"{where}: " + "; ".join(
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}" for v in bad
    )


def download(page, selector: str, target: Path) -> Path:
    with page.expect_download(timeout=WAIT) as info:
        page.click(selector)
    info.value.save_as(target)
    return target


def reproduce(page, tmp_path: Path) -> tuple[Path, str]:
    """Run the shown command in the downloaded folder; the PDF it writes and what it said."""
    tmp_path.mkdir(exist_ok=True)
    zipped = download(page, "#dl-files", tmp_path / "files.zip")
    with zipfile.ZipFile(zipped) as z:
        z.extractall(tmp_path / "unzipped")
    folder = tmp_path / "unzipped" / "deck"
    shown = page.inner_text("#command")
    assert shown in (folder / "command.txt").read_text(encoding="utf-8")
    done = build_cli(shlex.split(shown), folder)
    assert done.returncode == 0, done.stderr
    return folder / "deck.pdf", done.stdout


def cards_in_pdf(pdf: Path, result: dict, size_mm: float) -> dict[int, list[int]]:
    """The images drawn inside each card, read from the PDF at the boxes the page showed."""
    from tests.support.pdfread import images_per_card

    cards = []
    for p in result["pages"]:
        for card in p["cards"]:
            left, top, width, height = card["box"]
            x = (left + width / 2) * p["width_mm"]
            y = p["height_mm"] - (top + height / 2) * p["height_mm"]
            cards.append({"index": card["number"] - 1, "page": p["number"], "center_mm": [x, y]})
    return images_per_card(pdf, {"card": {"diameter_mm": size_mm}, "cards": cards})


# ---- the tests -----------------------------------------------------------------------------


def test_the_whole_path_from_the_icons_to_the_same_pdf_again(page, server, shots, tmp_path):
    import pymupdf

    shots(page, "1-empty.png", full_page=True)
    icons = sorted(ICONS.glob("*.svg"))[:13]  # the 13-card deck: every step as with all 57
    add_pictures(page, icons)
    assert page.locator(".thumb.bad").count() == 0
    shots(page, "2-icons-added.png")

    planned = plan_text(page, "13 pictures")  # the command line says the same, below
    assert "4 per card gives the full 13-card deck" in page.inner_text("#plan")
    shots(page.locator("#plan"), "3-plan.png")

    page.click("#make")
    page.wait_for_selector("#progress-box:not([hidden])")
    page.locator("#h-make").scroll_into_view_if_needed()
    shots(page, "4-progress.png")
    wait_status(page, "Done:")
    sheets_loaded(page)
    assert page.locator(".page.cover").count() == 1
    assert page.locator(".page.front").count() == 3
    assert page.locator(".sheet .card").count() == 13
    page.locator("#h-result").evaluate("e => e.scrollIntoView({block: 'start'})")
    shots(page, "5-sheets.png")  # the README's picture of the page

    result = last_result(page, server)
    before = page_images(page, server, result)
    sheet = next(p for p in result["pages"] if any(c["number"] == 5 for c in p["cards"]))
    page.click("[data-card='5']")
    assert page.inner_text("#selected-label") == "Card 5:"
    assert page.evaluate("() => document.activeElement.id") == "shuffle-card"
    shots(page, "6-card-selected.png")
    page.click("#shuffle-card")
    wait_status(page, "Card 5 shuffled")
    sheets_loaded(page)
    shots(page.locator(f"li[data-page='{sheet['number']}']"), "7-card-5-shuffled.png")
    again = last_result(page, server)
    assert again["seed"] == result["seed"] and again["reshuffle"] == [5]
    after = page_images(page, server, again)
    i = sheet["number"] - 1
    changed = [c["number"] for c in sheet["cards"] if differs(before[i], after[i], c["box"])]
    assert changed == [5]
    others = [n for n in range(len(before)) if n not in {0, i}]  # the cover names the seed only
    assert not any(differs(before[n], after[n], [0, 0, 1, 1]) for n in others)

    pdf = download(page, "#dl-pdf", tmp_path / "deck.pdf")
    doc = pymupdf.open(pdf)
    assert doc.page_count == 4
    assert all(round(p.rect.width) == 595 and round(p.rect.height) == 842 for p in doc)
    per_card = cards_in_pdf(pdf, again, 85.0)
    assert len(per_card) == 13
    assert all(len(set(v)) == len(v) == 4 for v in per_card.values())
    for a, b in itertools.combinations(per_card.values(), 2):
        assert len(set(a) & set(b)) == 1

    shots(page.locator("#downloads"), "8-downloads.png")
    assert_accessible(page, "with a deck made")
    # The command shown remakes the deck as it now is, card 5 re-laid and all (one run of the
    # command line covers the plain command too: it is the same with --reshuffle added)
    assert "--reshuffle 5" in page.inner_text("#command")
    remade, said = reproduce(page, tmp_path / "again")
    assert remade.read_bytes() == pdf.read_bytes()
    assert planned in said.splitlines()  # the page's plan is the command line's, word for word


def test_a_typed_word_list_makes_a_deck(page, server, shots):
    words = "cat\ndog\nsun\nmoon\ntree\nfish\nbird\nstar\nboat\ncake\nfrog\nkite\nlamp"
    page.fill("#words", words)
    plan_text(page, "13 words: 4 per card gives the full 13-card deck")
    page.select_option("#preset", "toddler")  # 4 upright symbols on 94 mm cards
    assert page.input_value("#card_size") == "94" and page.input_value("#rotation") == "0"
    plan_text(page, "13 words, 4 per card: the full 13-card deck")
    make_deck(page)
    assert page.locator(".page.front").count() == 3  # 94 mm cards still fit six to an A4 sheet
    assert page.locator(".sheet .card").count() == 13
    assert " words.txt " in page.inner_text("#command")
    assert page.inner_text("#command").endswith("--preset toddler")
    shots(page, "9-words.png")
    # Every card as a picture: while the job waits for another tab's deck (its answers held
    # at "waiting" here) the progress says so; once the zip is ready, step 3's status says that.
    held = {"waiting": True}

    def waiting(route) -> None:
        if not held["waiting"]:
            return route.continue_()
        job = {"kind": "cards", "state": "running", "stage": "waiting", "done": 0, "total": 0}
        return route.fulfill(json={**job, "message": "", "result": None})

    page.route("**/job?wait=0.25", waiting)
    with page.expect_download(timeout=WAIT) as zipped:
        page.click("#dl-cards")
        page.wait_for_function(
            "s => document.querySelector('#progress-label').textContent === s",
            arg="Waiting for another tab’s deck to finish…",
        )
        assert page.inner_text("#status") == "Drawing every card…"
        shots(page.locator("#progress-box"), "9-waiting.png")
        held["waiting"] = False
        wait_status(page, "cards.")
    assert page.inner_text("#status") == "cards.zip is ready."
    assert zipped.value.suggested_filename == "cards.zip"
    page.unroute("**/job?wait=0.25")
    # The page to play: downloaded as deck.html, then played from its own sandboxed origin
    with page.expect_download(timeout=WAIT) as played:
        page.click("#dl-play")
        wait_status(page, "deck.html")
    assert played.value.suggested_filename == "deck.html"
    asked = []

    def ask(request) -> None:
        asked.append(request.url)

    page.context.on("request", ask)  # every tab's, the game's too
    with page.context.expect_page() as opened:
        page.click("#play-now")
    game = opened.value
    game.wait_for_selector("#card-1 .sym")
    assert game.locator(".card .sym").count() == 8  # two cards of four
    assert game.inner_text("#mode-find") == "Find the match"
    page.context.remove_listener("request", ask)  # the window is the next tests' too
    assert [url for url in asked if "/download/" in url or "/api/" not in url] == [game.url]
    assert game.evaluate("window.origin") == "null"  # its own origin: not the app's key
    shots(game, "9-play.png")
    game.close()
    assert_accessible(page, "the downloads, with the page to play")


def test_a_bad_file_is_named_inline_and_the_deck_is_still_made(page, server, shots, tmp_path):
    from dobble_print import BuildOptions, SymbolOptions, plan

    good = make_pictures(tmp_path / "pics", 7)
    bad = tmp_path / "pics" / "broken.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n this is not a picture")
    add_pictures(page, [*good, bad])
    plan_text(page, "7 pictures: 3 per card gives the full 7-card deck")
    page.wait_for_selector(".thumb.bad")
    note = page.locator(".thumb.bad .note").inner_text()
    engine = plan(
        BuildOptions(
            sources=(tmp_path / "pics",),
            output=tmp_path / "x.pdf",
            seed=1,
            symbol_options=SymbolOptions(skip_bad=True),
        )
    )
    said = f"skipped {tmp_path / 'pics' / 'broken.png'}: {note}"  # the CLI's line, the same words
    assert said in map(str, engine.warnings)
    assert page.locator(".thumb.bad .name").inner_text() == "broken.png"
    shots(page.locator("#thumbs"), "10-bad-file.png")
    make_deck(page)
    assert page.locator(".sheet .card").count() == 7
    assert page.inner_text("#command").endswith("--skip-bad")
    assert_accessible(page, "with a bad file")
    # A reload keeps the pictures, their reasons, the choices and the deck (the same session).
    with page.expect_response(lambda answer: answer.url.endswith("/plan")):
        page.select_option("#card_color", "cream")  # the page's choices go with each plan
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    plan_text(page, "7 pictures: 3 per card gives the full 7-card deck")
    assert page.locator(".thumb").count() == 8
    assert page.locator(".thumb.bad .name").inner_text() == "broken.png"
    assert page.input_value("#card_color") == "cream"
    assert page.locator(".sheet .card").count() == 7


def test_pictures_dropped_on_the_page_are_added(page, tmp_path):
    import base64

    files = [
        [p.name, base64.b64encode(p.read_bytes()).decode()]
        for p in make_pictures(tmp_path / "p", 3)
    ]
    page.evaluate(
        """files => {
            const dropped = new DataTransfer();
            for (const [name, data] of files) {
                const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));
                dropped.items.add(new File([bytes], name, {type: 'image/png'}));
            }
            document.querySelector('#drop').dispatchEvent(
                new DragEvent('drop', {dataTransfer: dropped, bubbles: true, cancelable: true}));
        }""",
        files,
    )
    page.wait_for_function(
        "() => document.querySelector('#upload-status').textContent === '3 pictures added.'"
    )
    plan_text(page, "3 pictures: 2 per card gives the full 3-card deck")
    assert page.locator(".thumb .name").all_inner_texts() == [f for f, _ in files]


def test_a_page_of_another_local_server_cannot_use_the_key(page, server):
    """A page served from another port of 127.0.0.1 is the same site: the browser sends it the
    app's cookie and SameSite=Strict lets it through. The app refuses such requests (403), and
    the page reads nothing from them."""
    import http.server
    import threading

    class Other(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<!doctype html><title>another local server</title>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    other_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Other)
    # its loop looks for shutdown() every 50 ms (not every 0.5 s), so the test does not wait
    threading.Thread(target=other_server.serve_forever, args=(0.05,), daemon=True).start()
    sid = page.evaluate("() => sessionStorage.getItem('dobble-session')")
    other = page.context.new_page()
    # The browser's own record of what the app answered, which the page itself never sees.
    devtools = page.context.new_cdp_session(other)
    devtools.send("Network.enable")
    urls, cookies, statuses = {}, {}, {}
    devtools.on(
        "Network.requestWillBeSent", lambda e: urls.update({e["requestId"]: e["request"]["url"]})
    )
    devtools.on(
        "Network.requestWillBeSentExtraInfo",
        lambda e: cookies.update({e["requestId"]: e["headers"].get("Cookie", "")}),
    )
    devtools.on(
        "Network.responseReceivedExtraInfo",
        lambda e: statuses.update({e["requestId"]: e["statusCode"]}),
    )
    try:
        other.goto(f"http://127.0.0.1:{other_server.server_address[1]}/")
        api = [f"{server.base}/api/menus", f"{server.base}/api/s/{sid}/state"]
        read = other.evaluate(
            """async urls => Promise.all(urls.map(async url => {
                try {
                    const answer = await fetch(url, {credentials: 'include'});
                    return await answer.text();
                } catch (error) { return 'no data'; }
            }))""",
            api,
        )
        for _ in range(100):  # the browser's record may come a moment after the page's answer
            if sum(urls.get(r, "").startswith(server.base) for r in statuses) == len(api):
                break
            other.wait_for_timeout(20)
    finally:
        other.close()
        other_server.shutdown()
        other_server.server_close()
    assert read == ["no data", "no data"]
    to_app = [r for r, url in urls.items() if url.startswith(server.base)]
    assert sorted(urls[r] for r in to_app) == sorted(api)
    assert [statuses[r] for r in to_app] == [403, 403]  # the app refused each request ...
    key = server.cookie  # ... though the browser sent the app's key with it
    assert all(key in cookies[r].split("; ") for r in to_app), cookies


def test_everything_works_by_keyboard(page, server, shots, tmp_path):
    page.bring_to_front()  # keys go to the focused page: earlier tests' pages were in front
    assert_accessible(page, "the empty page")

    def tab_to(test: str, limit: int = 120) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(f"() => (e => {test})(document.activeElement)"):
                return
        raise AssertionError(f"Tab never reached {test}")

    pictures = [str(p) for p in make_pictures(tmp_path / "p", 7)]

    # A standing handler: the file chooser is intercepted from now on, before any key is pressed
    # (Playwright asks for it before it sends tab_to's keys and reads, on the same connection).
    def choose(chooser) -> None:
        chooser.set_files(pictures)

    page.on("filechooser", choose)
    tab_to("e.id === 'pick-files'")
    page.keyboard.press("Enter")
    plan_text(page, "7 pictures: 3 per card gives the full 7-card deck")
    tab_to("e.id === 'shape'")
    page.keyboard.press("ArrowDown")  # a select changes by arrow keys
    assert page.evaluate("() => document.querySelector('#shape').value") != "circle"
    plan_text(page, "7 pictures")
    tab_to("e.id === 'make'")
    page.keyboard.press("Enter")
    wait_status(page, "Done:")
    tab_to("e.dataset.card === '2'")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "shuffle-card"
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.activeElement.dataset.card") == "2"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    wait_status(page, "Card 2 shuffled")
    assert page.evaluate("() => document.activeElement.dataset.card") == "2"
    shots(page, "11-keyboard.png")
    assert "--reshuffle 2" in page.inner_text("#command")
    page.remove_listener("filechooser", choose)  # the window's tab is the next tests' too


def test_names_rules_and_a_box_by_keyboard_and_a_bad_thickness_said_under_its_field(
    page, server, shots, tmp_path
):
    page.bring_to_front()

    def tab_to(element_id: str, limit: int = 120) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.id") == element_id:
                return
        raise AssertionError(f"Tab never reached #{element_id}")

    add_pictures(page, make_pictures(tmp_path / "p", 7))
    plan_text(page, "7 pictures")
    assert page.is_hidden("#card_thickness")  # only with a box
    # the margin's range is the engine's, on the paper chosen (the option table's share of it)
    assert page.get_attribute("#margin", "max") == "52.5"
    page.select_option("#paper", "a3")
    page.wait_for_function("() => document.querySelector('#margin').max === '74.25'")
    page.select_option("#paper", "a4")
    tab_to("title")
    page.keyboard.type("x" * 61)  # one past the table's length: said as the command line says it
    page.keyboard.press("Tab")
    message = "Deck name: has 61 characters; a box's front shows at most 60; shorten it"
    assert plan_text(page, "Deck name:") == message
    assert page.inner_text("#error-title") == message
    page.fill("#title", "")
    page.focus("#title")
    page.keyboard.type("Our zoo")
    for box in ("labels", "rules", "box"):
        tab_to(box)
        page.keyboard.press("Space")
        assert page.is_checked(f"#{box}")
    tab_to("card_thickness")
    assert page.input_value("#card_thickness") == "0.3"
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    page.keyboard.press("Tab")
    message = (
        "Card thickness: 0mm is not the thickness of one card; give it in mm, more than 0 and at "
        "most 2, e.g. 0.3mm (printed card) or 0.5mm (laminated)"
    )
    assert plan_text(page, "Card thickness:") == message
    assert page.inner_text("#error-card_thickness") == message
    assert page.get_attribute("#card_thickness", "aria-invalid") == "true"
    assert "error-card_thickness" in page.get_attribute("#card_thickness", "aria-describedby")
    assert page.is_disabled("#make")
    shots(page.locator("section[aria-labelledby='h-plan']"), "12-bad-thickness.png")
    assert_accessible(page, "a bad card thickness")

    page.fill("#card_thickness", "0.5")
    page.keyboard.press("Tab")
    plan_text(page, "7 pictures")
    assert page.is_hidden("#error-card_thickness")
    assert page.get_attribute("#card_thickness", "aria-invalid") is None

    page.select_option("#shop_profile", "tgc-circle")  # a card printer cuts its own card
    page.wait_for_function("() => document.querySelector('#card_size').disabled")
    assert page.input_value("#card_size") == "88.9" and page.is_disabled("#shape")
    page.select_option("#shop_profile", "print-and-cut")
    page.wait_for_function("() => !document.querySelector('#card_size').disabled")
    assert page.input_value("#card_size") == "85"

    make_deck(page)
    captions = page.locator("figcaption").all_inner_texts()
    assert captions[1:3] == ["Rules: how to play", "Box: print on thick paper, cut, fold and glue"]
    assert page.inner_text("#command").endswith(
        "--labels --rules --box --card-thickness 0.5mm --title 'Our zoo'"
    )
    page.locator("#h-result").evaluate("e => e.scrollIntoView({block: 'start'})")
    shots(page, "13-rules-and-box.png")


def test_a_teacher_makes_a_matching_deck_from_vocab_csv_and_its_pictures(
    page, server, shots, tmp_path
):
    names = ["apple", "bread", "cheese", "egg", "fish", "milk", "rice"]
    folder = tmp_path / "lesson"
    pictures = [
        p.rename(p.with_name(f"{name}.png"))
        for p, name in zip(make_pictures(folder / "pictures", 7), names, strict=True)
    ]
    table = folder / "vocab.csv"
    table.write_text(
        "picture,word\n" + "".join(f"pictures/{name}.png,{name}\n" for name in names),
        encoding="utf-8",
    )
    add_pictures(page, [table, *pictures[:5]])  # two pictures forgotten
    said = (
        "vocab.csv names these 2 pictures, not added yet: milk.png, rice.png; "
        "add them (or their folder)"
    )
    assert plan_text(page, "vocab.csv names") == said
    tile = page.locator(".thumb", has_text="vocab.csv")
    page.wait_for_function("() => document.querySelector('.thumb.text.bad')")
    assert tile.locator(".note").inner_text() == said
    assert tile.locator(".kind").inner_text() == "CSV" and tile.locator("img").count() == 0
    assert page.is_disabled("#make")
    shots(page.locator("section[aria-labelledby='h-add']"), "14-vocab-missing.png")

    page.set_input_files("#files", [str(p) for p in pictures[5:]])
    assert plan_text(page, "7 symbols: 3 per card gives the full 7-card deck").endswith(
        "each symbol shown as picture or word"
    )
    page.wait_for_function("() => !document.querySelector('.thumb.bad')")
    assert tile.locator(".note").inner_text() == "vocabulary: 7 rows"
    assert page.locator(".thumb").count() == 8
    make_deck(page)
    assert page.locator(".sheet .card").count() == 7
    assert page.inner_text("#command").startswith("dobble-print build vocab.csv -o deck.pdf --seed")
    shots(page, "15-vocab-deck.png", full_page=True)


def test_a_word_list_file_makes_a_word_deck(page, shots, tmp_path):
    listed = tmp_path / "farm words.txt"
    listed.write_text("horse\ncow\npig\nsheep\nhen\nduck\ngoat\n", encoding="utf-8")
    add_pictures(page, [listed])
    assert plan_text(page, "7 words: 3 per card gives the full 7-card deck")
    assert page.inner_text(".thumb .note") == "word list: 7 words"
    assert page.inner_text("#upload-status") == "1 file added."
    assert page.locator(".thumb .kind").inner_text() == "TXT"
    assert not page.is_disabled("#make")  # made and its command checked in test_files.py
    shots(page.locator("section[aria-labelledby='h-add']"), "16-word-list.png")


def test_a_card_too_large_for_the_paper_is_refused_by_the_plan_under_its_control(
    page, shots, tmp_path
):
    add_pictures(page, make_pictures(tmp_path / "p", 7))
    plan_text(page, "7 pictures")
    page.fill("#card_size", "250")
    page.keyboard.press("Tab")
    said = (
        "Card size: 250mm does not fit on A4 paper inside a 5 mm margin; choose a smaller card "
        "or larger paper"
    )
    assert plan_text(page, "Card size:") == said
    assert page.inner_text("#error-card_size") == said
    assert page.get_attribute("#card_size", "aria-invalid") == "true"
    assert page.is_disabled("#make")
    shots(page.locator("section[aria-labelledby='h-plan']"), "17-card-too-large.png")
    page.select_option("#paper", "a3")
    plan_text(page, "7 pictures")
    assert page.is_hidden("#error-card_size") and not page.is_disabled("#make")
    page.fill("#card_size", "10")  # a card too small to hold a picture one can spot
    page.keyboard.press("Tab")
    said = "Card size: 10 mm is out of range; printers take 25 to 300 mm"
    assert plan_text(page, "Card size:") == said
    assert page.inner_text("#error-card_size") == said
    assert page.get_attribute("#card_size", "aria-invalid") == "true"
    assert page.is_disabled("#make")


def test_a_stopped_deck_maker_is_said_in_words(window, shots, tmp_path):
    """The server stopped (its terminal closed, Ctrl-C) while the page is open: the next plan
    says so and what to do, not the browser's "Failed to fetch"."""
    server = start_server(tmp_path / "app-tmp")
    try:
        with loaded(server, window, VIEWPORT) as page:
            assert stop_server(server, signal.SIGINT) == 0
            page.fill("#words", "cat\ndog\nsun")
            said = plan_text(page, "The deck maker")
            assert said == "The deck maker has stopped; start it again, then reload this page."
            shots(page.locator("#plan"), "18-stopped.png")
    finally:
        stop_server(server)


def test_options_under_the_backs_show_and_count_only_with_backs(page, shots, tmp_path):
    """The printer's turn and the backs' offset (the option table's entries under "backs") show
    once backs are chosen, go into the command, and are neither shown nor sent without them
    (the command line refuses them alone; the page never sends what does nothing)."""
    add_pictures(page, make_pictures(tmp_path / "p", 7))
    plan_text(page, "7 pictures")
    assert page.is_hidden("#duplex") and page.is_hidden("#back_offset")
    page.select_option("#backs", "bundled")
    page.wait_for_selector("#back_offset", state="visible")
    page.select_option("#duplex", "short")
    page.fill("#back_offset", "1,0.5")
    page.keyboard.press("Tab")
    page.fill("#margin", "8")  # the printer's margin: one entry of the table, on the page
    page.keyboard.press("Tab")
    plan_text(page, "7 pictures")
    shots(page.locator("section[aria-labelledby='h-plan']"), "19-backs.png")
    assert_accessible(page, "backs and their options")
    make_deck(page)
    shown = page.inner_text("#command")
    assert "--margin 8mm --backs --duplex short --back-offset 1,0.5" in shown
    page.select_option("#backs", "none")
    page.wait_for_selector("#duplex", state="hidden")
    plan_text(page, "7 pictures")  # not "does nothing without": the page did not send them
    assert not page.is_disabled("#make")
    make_deck(page)
    shown = page.inner_text("#command")
    assert "--duplex" not in shown and "--back-offset" not in shown and "--backs" not in shown


def test_french_excel_csv_is_read_and_an_unreadable_table_holds_make(page, shots, tmp_path):
    """French Windows Excel's plain "CSV" (Windows-1252, semicolons) is read as its words; a table
    that cannot be read keeps "Make the deck" disabled instead of making a deck of the pictures
    alone (main refused the first, and left Make enabled under the second)."""
    names = ["pomme", "pain", "fromage", "oeuf", "poisson", "lait", "riz"]
    words = ["pomme", "pain", "fromage", "œuf", "poisson", "lait", "riz"]
    english = ["apple", "bread", "cheese", "egg", "fish", "milk", "rice"]
    pictures = [
        p.rename(p.with_name(f"{name}.png"))
        for p, name in zip(make_pictures(tmp_path / "p", 7), names, strict=True)
    ]
    rows = "".join(f"{n}.png;{w};{e}\r\n" for n, w, e in zip(names, words, english, strict=True))
    garbled = tmp_path / "garbled" / "vocabulaire.csv"  # UTF-8 and Windows-1252 mixed
    garbled.parent.mkdir()
    garbled.write_bytes("image;français;anglais\r\n".encode() + rows.encode("cp1252") + b"\xe9")
    add_pictures(page, [garbled, *pictures])
    tile = page.locator(".thumb", has_text="vocabulaire.csv")
    page.wait_for_function("() => document.querySelector('.thumb.text.bad')")
    assert tile.locator(".note").inner_text() == (
        "vocabulaire.csv:5: not UTF-8 text; save the file as UTF-8"
    )
    plan_text(page, "7 pictures")
    page.wait_for_function("() => document.querySelector('#plan .why.problem')")
    assert page.inner_text("#plan .why.problem") == (
        "vocabulaire.csv could not be read, so the deck waits: fix it and add it again, "
        "or remove it"
    )
    assert page.is_disabled("#make")
    shots(page.locator("section[aria-labelledby='h-add']"), "30-refused-table.png")

    tile.locator(".remove").click()
    page.wait_for_function("() => !document.querySelector('#make').disabled")
    table = tmp_path / "vocabulaire.csv"  # what French Excel saves as "CSV (separator: ;)"
    table.write_bytes(("image;français;anglais\r\n" + rows).encode("cp1252"))
    page.set_input_files("#files", [str(table)])
    tile = page.locator(".thumb", has_text="vocabulaire.csv")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.thumb .note')].some("
        "e => e.textContent === 'vocabulary: 7 rows')"
    )
    assert plan_text(page, "7 symbols: 3 per card gives the full 7-card deck")
    assert not page.is_disabled("#make")
    shots(page.locator("section[aria-labelledby='h-add']"), "31-ansi-table.png")


def test_a_teacher_chooses_which_columns_of_her_table_print(page, server, shots, tmp_path):
    """A picture;français;anglais table offers its columns under "Columns on the cards"; picture
    ↔ français makes a deck without English and the command says --faces (main had no such
    control: every column always printed)."""
    names = ["pomme", "pain", "fromage", "oeuf", "poisson", "lait", "riz"]
    english = ["apple", "bread", "cheese", "egg", "fish", "milk", "rice"]
    pictures = [
        p.rename(p.with_name(f"{name}.png"))
        for p, name in zip(make_pictures(tmp_path / "p", 7), names, strict=True)
    ]
    table = tmp_path / "vocabulaire.csv"
    table.write_text(
        "image;français;anglais\n"
        + "".join(f"{n}.png;{n};{e}\n" for n, e in zip(names, english, strict=True)),
        encoding="utf-8",
    )
    assert page.is_hidden("#faces")  # no table yet: no menu
    add_pictures(page, [table, *pictures])
    plan_text(page, "7 symbols")
    page.wait_for_function("() => !document.querySelector('#faces').closest('.field').hidden")
    offered = page.eval_on_selector_all("#faces option", "os => os.map(o => [o.value, o.text])")
    assert offered[:4] == [
        ["", "Every column: image ↔ français ↔ anglais"],
        ["image,français", "image ↔ français"],
        ["image,anglais", "image ↔ anglais"],
        ["français,anglais", "français ↔ anglais"],
    ]
    assert ["image+français,anglais", "image + français ↔ anglais"] in offered
    assert page.inner_text("label[for='faces']") == "Columns on the cards"
    page.select_option("#faces", "image,français")
    page.wait_for_function(
        "() => document.querySelector('#plan .why').textContent.includes('image or français')"
        " && !document.querySelector('#plan').classList.contains('busy')",
        timeout=WAIT,
    )
    page.locator("#faces").scroll_into_view_if_needed()
    shots(page, "32-columns-menu.png")
    make_deck(page)
    assert "--faces 'image,français'" in page.inner_text("#command")
    result = last_result(page, server)
    assert result["cards"] == 7


def test_iphone_photos_and_tiffs_are_drawn_on_their_tiles_by_the_server(page, shots, tmp_path):
    """A HEIC (an iPhone's photo) and a TIFF, which Chromium cannot draw, show the server's
    drawing on their tiles before the deck is made (main: a broken picture, then none)."""
    from PIL import Image

    pillow_heif = pytest.importorskip("pillow_heif")
    pillow_heif.register_heif_opener()
    folder = tmp_path / "photos"
    folder.mkdir()
    Image.new("RGB", (300, 200), (220, 40, 40)).save(folder / "IMG_0001.HEIC")
    Image.new("RGB", (200, 300), (40, 40, 220)).save(folder / "scan.tiff")
    add_pictures(page, [folder / "IMG_0001.HEIC", folder / "scan.tiff", *make_pictures(folder, 1)])
    drawn = """() => [...document.querySelectorAll('.thumb img')].map(
        i => !i.hidden && i.complete && i.naturalWidth > 0 ? i.naturalWidth : 0)"""
    page.wait_for_function(f"() => ({drawn})().every(w => w > 0)")
    sizes = dict(
        zip(
            page.eval_on_selector_all(".thumb .name", "ns => ns.map(n => n.textContent)"),
            page.evaluate(drawn),
            strict=True,
        )
    )
    assert sizes["IMG_0001.HEIC"] == 256 and sizes["scan.tiff"] == 171  # the server's, 256 a side
    shots(page.locator("#thumbs"), "33-heic-tiles.png")


def test_the_builds_warnings_reach_the_page_beside_what_they_are_about(page, shots, tmp_path):
    """A picture too thin to spot on its cards is found only when the cards are laid out: after
    Make its tile says so, and a word too long for a symbol is listed under the deck made (main
    showed neither: the deck's warnings never reached the page)."""
    from PIL import Image, ImageDraw

    thin = tmp_path / "thin.png"
    im = Image.new("RGBA", (400, 400), (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    draw.line((0, 0, 399, 399), fill=(0, 0, 0, 255), width=2)
    draw.line((0, 399, 399, 0), fill=(0, 0, 0, 255), width=2)
    im.save(thin)
    add_pictures(page, [thin, *make_pictures(tmp_path / "p", 6)])
    page.fill("#words", "Donaudampfschifffahrtsgesellschaftskapitän")
    page.wait_for_function(  # the words saved and planned: the plan warns of the long word
        "() => [...document.querySelectorAll('#plan .warning')].some("
        "p => p.textContent.includes('42 letters'))"
        " && !document.querySelector('#plan').classList.contains('busy')",
        timeout=WAIT,
    )
    plan_text(page, "7 pictures")
    tile = page.locator(".thumb", has_text="thin.png")
    assert tile.locator(".note").inner_text() == ""  # the plan cannot know it yet
    make_deck(page)
    note = tile.locator(".note").inner_text()
    assert note.startswith("card ") and '"thin.png" is too small to spot' in note
    assert page.inner_text("#build-warnings").endswith(
        ": line 1 has a word of 42 letters; a symbol shows words of at most 30; shorten it"
    )
    shots(page.locator("#result"), "34-build-warnings.png")


def test_a_phone_keeps_its_sheets_in_view_and_the_keyboard_reaches_the_decks_and_the_result(
    phone, shots, tmp_path
):
    """At 390 px the sheets' toolbar scrolls with them (main pinned it over 29 % of the screen);
    the second Tab offers a skip to the ready-made decks (main: 60 Tabs past the tiles); after
    Make the focus is on the deck made (main: the page's body)."""
    page = phone
    add_pictures(page, make_pictures(tmp_path / "p", 7))  # the toolbar's style and the Tabs
    plan_text(page, "7 pictures")  # do not depend on the count: 7 make the smallest deck
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the ready-made decks"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "preset"
    page.focus("#make")
    page.keyboard.press("Enter")
    wait_status(page, "Done:")
    sheets_loaded(page)
    assert page.evaluate("document.activeElement.id") == "h-result"
    page.locator(".sheet .card").nth(2).click()
    assert page.evaluate("getComputedStyle(document.querySelector('#toolbar')).position") == (
        "static"
    )
    shots(page, "35-phone-card-chosen.png")
