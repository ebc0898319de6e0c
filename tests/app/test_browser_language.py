"""The page in the family's language, in real Chromium: a French browser gets the page in
French throughout, switches to Italian from the header's menu and makes a deck whose printed
pages are Italian; the pseudo-language shows no text that did not come through the catalogue,
and no control whose words overflow it.

Screenshots go to ``$DOBBLE_APP_SHOTS`` (none are taken when it is not set).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dobble_print.app.catalogue import catalogue
from dobble_print.language import pseudo, words
from tests.app import test_browser
from tests.app.test_browser import CHROMIUM, WAIT, assert_accessible
from tests.conftest import make_pictures

# the browser tests' own fixtures: a page, the screenshots' folder (Chromium, its window and the
# server process this module shares with test_browser_words are conftest's)
page, shots = test_browser.page, test_browser.shots
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=f"needs Chromium at {CHROMIUM}")

# Every text node the reader sees, and the words of what has no text node (an option of a
# select, a placeholder, an aria-label, an image's alt): [selector-ish, text].
VISIBLE_TEXTS = """() => {
  const out = [];
  const shown = (e) => !!e && !e.closest('[hidden]') && e.getClientRects().length > 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.replace(/\\s+/g, ' ').trim();
    const parent = n.parentElement;
    if (!text || !shown(parent) || parent.closest('script, option')) continue;
    const owner = parent.closest('[id]');
    out.push([`${owner ? owner.id : ''}>${parent.className || parent.tagName}`, text]);
  }
  for (const e of document.querySelectorAll('option')) {
    if (shown(e.parentElement)) out.push(['option of ' + e.parentElement.id, e.textContent.trim()]);
  }
  for (const e of document.querySelectorAll('[aria-label], [placeholder], img[alt]')) {
    if (!shown(e)) continue;
    for (const a of ['aria-label', 'placeholder', 'alt']) {
      const v = e.getAttribute(a);
      if (v) out.push([a + ' of ' + (e.id || e.className || e.tagName), v.trim()]);
    }
  }
  out.push(['title', document.title]);
  return out;
}"""
# Text the user gave or that names a thing, never a sentence: file names, the command,
# numbers, the languages' own names (in the menu), the paper and shop names.
USERS = (">name", "command>", "option of lang-menu", "option of paper", "option of shop_profile")


def english_sentences() -> set[str]:
    """Every English text of the catalogue of more than one word that French words otherwise
    (not a name: "US Letter", "The Game Crafter")."""
    texts = catalogue("fr")["words"]
    return {
        english
        for english, french in texts.items()
        if len(english.split()) > 1
        and english not in (french if isinstance(french, list) else [french])
    }


def add_pictures(page, pictures: list[Path]) -> None:
    """Add the pictures and wait for their uploads to end. PNGs: what they show is not what
    these tests check, and an icon's SVG costs the server and Chromium more to draw."""
    page.set_input_files("#files", [str(p) for p in pictures])
    page.wait_for_function(
        "n => document.querySelectorAll('.thumb').length === n && "
        "!document.body.classList.contains('working') && "
        "document.querySelector('#upload-status').textContent.includes(String(n))",
        arg=len(pictures),
    )


def made(page) -> None:
    page.click("#make")
    page.wait_for_function(
        "() => !document.querySelector('#result').hidden && "
        "!document.body.classList.contains('working') && "
        "[...document.querySelectorAll('.sheet img')].every(i => i.complete && i.width)",
        timeout=WAIT,
    )


def test_a_french_browser_gets_french_then_italian_and_italian_printed_pages(
    browser, server, shots, tmp_path
):
    import pypdfium2 as pdfium

    context = browser.new_context(
        locale="fr-FR", viewport={"width": 1280, "height": 900}, accept_downloads=True
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='true']")
    assert page.evaluate("document.documentElement.lang") == "fr"
    add_pictures(page, make_pictures(tmp_path / "p", 7))
    # the uploads end (and the status says so) before the plan is asked for; a plan shown
    # before the uploads ended matched the selector below at once
    page.wait_for_selector("#upload-status:not(:has-text('…'))")
    page.wait_for_selector("#plan:not(.busy) .why")
    english = english_sentences()
    seen = page.evaluate(VISIBLE_TEXTS)
    left = [(where, t) for where, t in seen if t in english]
    assert left == [], left
    assert page.inner_text("#make") == "Créer le jeu"
    assert page.inner_text("#upload-status") == "7 images ajoutées."
    shots(page, "lang-fr.png", full_page=True)
    assert_accessible(page, "French")

    page.select_option("#lang-menu", "it")
    page.wait_for_selector("body[data-worded='it']")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.inner_text("#make") == "Crea il mazzo"
    assert page.inner_text("label[for=card_size]") == "Dimensione delle carte (mm)"
    assert page.evaluate("sessionStorage.getItem('dobble-lang')") == "it"
    made(page)
    assert page.inner_text("#status").startswith("Fatto: 7 carte su 2 fogli (seme ")
    assert " --lang it " in page.inner_text("#command") + " "
    left = [(where, t) for where, t in page.evaluate(VISIBLE_TEXTS) if t in english]
    assert left == [], left
    assert_accessible(page, "Italian")
    shots(page, "lang-it-made.png", full_page=True)
    sid = page.evaluate("sessionStorage.getItem('dobble-session')")
    pdf = tmp_path / "deck.pdf"
    pdf.write_bytes(page.request.get(f"{server.base}/api/s/{sid}/download/deck.pdf").body())
    doc = pdfium.PdfDocument(pdf)
    cover = doc[0].get_textpage().get_text_range()
    doc.close()
    assert words("it").gettext("How to print") in cover
    assert "How to print" not in cover
    context.close()
    assert errors == [], errors


def test_the_pseudo_language_shows_every_text_came_through_the_catalogue(
    page, server, shots, tmp_path
):
    page.goto(server.base + "/?lang=qps")  # the page again (its cookie set), in the pseudo-language
    page.wait_for_selector("body[data-ready='true']")
    assert page.inner_text("#make") == pseudo("Make the deck")
    page.check("#rules")  # the extras' controls too
    page.check("#box")
    add_pictures(page, make_pictures(tmp_path / "p", 7))
    made(page)
    shots(page, "lang-qps.png", full_page=True)
    plain = [
        (where, text)
        for where, text in page.evaluate(VISIBLE_TEXTS)
        if any(c.isalpha() for c in text)
        and "⟦" not in text
        and not any(part in where for part in USERS)
    ]
    assert plain == [], plain
    overflowing = page.evaluate(
        """() => [...document.querySelectorAll('button, label, select, .button')]
          .filter(e => e.getClientRects().length && getComputedStyle(e).display !== 'inline')
          .filter(e => e.scrollWidth > e.clientWidth + 1)
          .map(e => [e.id || e.htmlFor || e.className, e.scrollWidth, e.clientWidth])"""
    )
    assert overflowing == [], overflowing
    assert " --lang qps " in page.inner_text("#command") + " "  # the printed pages too
    import pypdfium2 as pdfium

    sid = page.evaluate("sessionStorage.getItem('dobble-session')")
    body = page.request.get(f"{server.base}/api/s/{sid}/download/deck.pdf").body()
    doc = pdfium.PdfDocument(body)
    cover = doc[0].get_textpage().get_text_range()
    doc.close()
    assert pseudo("How to print") in cover and "How to print" not in cover
