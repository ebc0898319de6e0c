"""The words drawn as pictures, in real headless Chromium against a real server: a French word
list becomes picture tiles, one is swapped in the picker (by mouse, and by keyboard alone), the
deck made draws the picture chosen (read back from its PDF) and the command shown remakes it; a
theme's deck in one click; axe-core's check with the tiles and with the picker open.

Screenshots go to ``$DOBBLE_APP_SHOTS`` (none are taken when it is not set).
"""

from __future__ import annotations

import shlex
import zipfile
from pathlib import Path

import numpy as np
import pytest

from tests.app import test_browser
from tests.app.conftest import build_here
from tests.app.test_browser import (
    CHROMIUM,
    assert_accessible,
    download,
    last_result,
    sheets_loaded,
    wait_status,
)

# the browser tests' own fixtures: a page, the screenshots' folder (Chromium, its window and the
# server process this module shares with test_browser_language are conftest's)
page, shots = test_browser.page, test_browser.shots
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=f"needs Chromium at {CHROMIUM}")

WORDS = "chat\nchiens\nvache\npommes\nvoiture\nsoleil\npoisson"  # 7 words: 7 cards of 3
FOUND = ["cat", "dog", "cow", "red-apple", "automobile", "sun", "fish"]


def in_french(page) -> None:
    page.select_option("#lang-menu", "fr")
    page.wait_for_function("() => document.body.dataset.worded === 'fr'")


def word_tiles(page, words: str, count: int) -> list[str]:
    """Type ``words``, tick “Pictures for the words”; each tile's picture once all are shown."""
    page.fill("#words", words)
    page.check("#illustrate")
    page.wait_for_function(
        "n => document.querySelectorAll('#word-tiles .word-tile').length === n", arg=count
    )
    drawn_in(page, "#word-tiles")
    return page.eval_on_selector_all("#word-tiles .word-tile", "ts => ts.map(t => t.dataset.key)")


def drawn_in(page, where: str) -> None:
    """Wait until the pictures in ``where`` are loaded (for the screenshots)."""
    page.wait_for_function(
        "w => [...document.querySelectorAll(w + ' img')].every(i => i.complete && i.naturalWidth)",
        arg=where,
    )


def made(page) -> None:
    """Wait for the deck (the status in French) and its sheets."""
    wait_status(page, "C’est prêt")
    sheets_loaded(page)


def searched(page, first: str, count: str) -> None:
    """Wait for the picker's list to be a search's: ``first`` first, ``count`` said."""
    page.wait_for_function(
        """([k, c]) => document.querySelector('#picker-results .pick')?.dataset.key === k
            && document.querySelector('#picker-count').textContent === c""",
        arg=[first, count],
    )


def tile_key(page, index: int, key: str) -> None:
    page.wait_for_function(
        "([i, k]) => document.querySelectorAll('#word-tiles .word-tile')[i]?.dataset.key === k",
        arg=[index, key],
    )


def picture_signature(rgba: np.ndarray) -> np.ndarray:
    """A picture as 24×24 RGB on white, cut to its ink: the same drawing gives the same
    signature whatever its size and whoever drew it."""
    from PIL import Image

    ys, xs = np.nonzero(rgba[..., 3] > 0)
    ink = Image.fromarray(
        np.ascontiguousarray(rgba[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])
    )
    small = ink.resize((24, 24), Image.Resampling.LANCZOS)
    white = Image.new("RGBA", small.size, (255, 255, 255, 255))
    return np.asarray(Image.alpha_composite(white, small).convert("RGB"), dtype=float)


def pdf_pictures(pdf: Path) -> list[np.ndarray]:
    """The signatures of the pictures stored in the PDF, each with its soft mask."""
    import pymupdf

    doc = pymupdf.open(pdf)
    found = {img[0]: img[1] for p in doc for img in p.get_images(full=True)}
    masks = set(found.values())
    out = []
    for xref, mask in found.items():
        if xref in masks:
            continue
        pix = pymupdf.Pixmap(doc, xref)
        if mask:
            pix = pymupdf.Pixmap(pix, pymupdf.Pixmap(doc, mask))
        pixels = np.frombuffer(pix.samples, np.uint8).reshape(pix.h, pix.w, pix.n)
        if pix.n == 3:
            pixels = np.dstack([pixels, np.full(pixels.shape[:2], 255, np.uint8)])
        out.append(picture_signature(pixels))
    return out


def drawn(pictures: list[np.ndarray], key: str) -> bool:
    """Whether the bundled picture ``key`` is among a PDF's ``pictures`` (a match differs by 1-2
    levels on average; another picture, even another cat, by 22 or more)."""
    from dobble_print.symbols import library_file, load_picture

    wanted = picture_signature(load_picture(library_file(key), max_px=200))
    return any(np.abs(p - wanted).mean() < 8 for p in pictures)


def test_a_word_list_becomes_picture_tiles_and_a_picture_chosen_is_the_one_drawn(
    page, server, shots, tmp_path
):
    in_french(page)
    assert word_tiles(page, WORDS, 7) == FOUND
    status = page.inner_text("#word-pictures-status")
    assert status.startswith("Des images pour 7 mots sur 7."), status
    page.locator("#h-add").evaluate("e => e.scrollIntoView({block: 'start'})")
    shots(page, "words-1-tiles.png")

    page.click("#word-tiles .tile-button >> nth=0")  # chat
    page.wait_for_selector("#picker-results .pick")
    assert page.evaluate("() => document.querySelector('#picker').open")
    assert page.inner_text("#picker-title") == "Une image pour «\u00a0chat\u00a0»"
    first = page.eval_on_selector_all("#picker-results .pick", "ps => ps.map(p => p.dataset.key)")
    assert first[:2] == ["cat", "black-cat"]  # the picture found, then the others that fit
    page.fill("#picker-search", "noir")
    searched(page, "black-cat", "8 images")
    drawn_in(page, "#picker-results")
    shots(page, "words-2-picker.png")
    page.click("#picker-results .pick[data-key='black-cat']")
    tile_key(page, 0, "black-cat")
    assert not page.evaluate("() => document.querySelector('#picker').open")
    assert page.input_value("#words").splitlines()[0] == "chat=black-cat"
    said = "«\u00a0chat\u00a0» est dessiné avec l’image chat noir."
    assert page.inner_text("#word-pictures-status") == said
    # and it stays said, on the tile chosen from: the tiles are not asked for and drawn again
    # (which replaced the words and the focused tile a moment later)
    page.wait_for_function("() => !document.querySelector('#plan').classList.contains('busy')")
    page.wait_for_timeout(400)
    assert page.inner_text("#word-pictures-status") == said
    assert page.evaluate("() => document.activeElement.dataset.index") == "0"

    page.click("#make")
    made(page)
    assert page.locator(".sheet .card").count() == 7
    shown = page.inner_text("#command")
    assert " words.txt " in shown and "--illustrate" in shown and "--lang fr" in shown
    assert page.inner_text("#command-chosen") == (
        "L’image que vous avez choisie est écrite dans vos mots, où la commande la lit\u00a0: "
        "chat=black-cat."
    )
    page.locator("#h-result").evaluate("e => e.scrollIntoView({block: 'start'})")
    shots(page, "words-3-deck.png")
    pdf = download(page, "#dl-pdf", tmp_path / "deck.pdf")
    pictures = pdf_pictures(pdf)
    assert drawn(pictures, "black-cat") and not drawn(pictures, "cat")
    assert drawn(pictures, "dog")  # and the others as they were found
    # the choice is in the word list the command reads: the downloaded files remake the PDF
    zipped = download(page, "#dl-files", tmp_path / "files.zip")
    with zipfile.ZipFile(zipped) as z:
        z.extractall(tmp_path / "unzipped")
    folder = tmp_path / "unzipped" / "deck"
    assert (folder / "words.txt").read_text(encoding="utf-8").splitlines()[0] == "chat=black-cat"
    done = build_here(shlex.split(shown), folder)  # the server process made the deck
    assert done.exit_code == 0, (done.output, done.exception)
    assert (folder / "deck.pdf").read_bytes() == pdf.read_bytes()
    assert last_result(page, server)["cards"] == 7


def test_the_picker_works_by_keyboard_and_a_word_with_no_picture_says_why(page, shots):
    in_french(page)
    assert word_tiles(page, "chat\ntatou\nvache", 3) == ["cat", "", "cow"]
    bad = page.locator("#word-tiles .word-tile.bad")
    assert bad.locator(".note").inner_text() == (
        "«\u00a0tatou\u00a0»\u00a0: aucune image\u00a0; "
        "noms proches\u00a0: matou, statue, trou\u00a0? écrivez tatou=matou"
    )
    assert bad.locator(".near").all_inner_texts() == ["matou", "statue", "trou"]
    page.wait_for_function("() => !document.querySelector('#plan').classList.contains('busy')")
    assert_accessible(page, "the words' pictures")

    tile = page.locator("#word-tiles .tile-button >> nth=0")
    assert tile.get_attribute("aria-label") == "chat\u00a0: chat. Choisir une autre image"
    tile.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#picker-results .pick")
    assert page.evaluate("() => document.activeElement.id") == "picker-search"
    page.keyboard.type("noir")
    searched(page, "black-cat", "8 images")
    # Tab and Shift+Tab stay in the dialog, all the way round
    inside = "() => document.querySelector('#picker').contains(document.activeElement)"
    for key in ["Tab"] * 12 + ["Shift+Tab"] * 12:
        page.keyboard.press(key)
        assert page.evaluate(inside), key
    assert_accessible(page, "the picker open")
    shots(page, "words-4-picker-keyboard.png")
    page.keyboard.press("Escape")  # closes, and the tile has the focus again
    assert not page.evaluate("() => document.querySelector('#picker').open")
    assert page.evaluate("() => document.activeElement.classList.contains('tile-button')")
    assert page.evaluate("() => document.activeElement.dataset.index") == "0"

    page.keyboard.press("Enter")
    page.wait_for_selector("#picker-results .pick")
    page.keyboard.type("noir")
    searched(page, "black-cat", "8 images")
    page.keyboard.press("ArrowDown")  # from the search to the pictures found
    assert page.evaluate("() => document.activeElement.dataset.key") == "black-cat"
    page.keyboard.press("Enter")
    tile_key(page, 0, "black-cat")
    assert page.input_value("#words") == "chat=black-cat\ntatou\nvache\n"
    assert page.evaluate("() => document.activeElement.dataset.index") == "0"


def test_a_theme_deck_is_made_in_one_click(page, shots):
    in_french(page)
    body = page.locator(".theme[data-theme='body']")
    assert body.inner_text().split("\n") == ["Le corps", "13 cartes"]
    body.click()
    made(page)
    assert body.get_attribute("aria-pressed") == "true"
    assert page.locator(".sheet .card").count() == 13
    shown = page.inner_text("#command")
    assert "--theme body" in shown and "words.txt" not in shown and "pictures" not in shown
    assert not page.is_visible("#command-chosen")
    page.locator("#h-result").evaluate("e => e.scrollIntoView({block: 'start'})")
    shots(page, "words-5-theme.png")


@pytest.fixture
def phone(server, window, width):
    """The page on a phone's screen, ``width`` px wide (as ``page`` is loaded)."""
    with test_browser.loaded(server, window, {"width": width, "height": 844}) as page:
        yield page


@pytest.mark.parametrize("width", [390])
def test_the_tiles_and_the_picker_fit_a_phone(phone, shots, width):
    page = phone
    in_french(page)
    word_tiles(page, WORDS, 7)
    shots(page.locator("#word-pictures"), f"words-6-tiles-{width}.png")
    page.click("#word-tiles .tile-button >> nth=0")
    page.wait_for_selector("#picker-results .pick")
    box = page.locator("#picker").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    drawn_in(page, "#picker-results")
    shots(page, f"words-7-picker-{width}.png")
