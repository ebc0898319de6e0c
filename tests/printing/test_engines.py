"""One deck of every kind, every page drawn by PDFium, poppler, MuPDF and Ghostscript (and the
word, emoji and cover pages by pdf.js): no engine may lose ink another draws.

Most families print from a browser's viewer (PDFium in Chrome and Edge, pdf.js in Firefox); many
printers' RIPs run Ghostscript. A word PDFium cut to "bic" while poppler drew "bicycle" is what
this catches (tests/support/engines.py says how it measures). The decks are small (3 or 4 symbols
a card) so the whole module stays within a few seconds a deck.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dobble_print.cli import app
from dobble_print.symbols.fonts.installed import FONT_DIRS_ENV, forget_fonts
from tests.conftest import ICONS
from tests.support import engines
from tests.support.fonts import make_font, system_fonts
from tests.support.preflight import preflight

pytestmark = [
    pytest.mark.skipif(
        bool(engines.missing_tools()),
        reason="the engine test needs poppler-utils and ghostscript (.ci/run installs them)",
    ),
    pytest.mark.skipif(
        not system_fonts(),
        reason="no TrueType Japanese or colour emoji font here (.ci/run installs them)",
    ),
]

# Words in every script the project sets, long ones that wrap, and a colour emoji.
SCRIPT_WORDS = [
    "bicycle",
    "Schildkröte",
    "éléphant",
    "σφυρί",
    "Γάτα",
    "медведь",
    "кошка",
    "قطة",
    "חתול",
    "かたつむり",
    "電車",
    "🦊",
    "the very hungry caterpillar",
]
JAPANESE_CFF = [
    "ねこ",
    "いぬ",
    "とり",
    "さかな",
    "うし",
    "うま",
    "くま",
]  # set in a CFF font: outlines
LETTERS = ["6", "9", "u", "n", "b", "q", "d"]  # turned letters that read as others carry a bar


def _lines(folder: Path, name: str, lines: list[str]) -> Path:
    path = folder / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _icons(folder: Path, count: int) -> Path:
    """The first ``count`` bundled icons, in a folder of their own."""
    folder.mkdir()
    for svg in sorted(ICONS.glob("*.svg"))[:count]:
        shutil.copy(svg, folder / svg.name)
    return folder


def _vocabulary(folder: Path) -> Path:
    pictures = _icons(folder / "pictures", 7)
    rows = ["picture,word"] + [
        f"pictures/{svg.name},{svg.stem.replace('_', ' ')}" for svg in sorted(pictures.iterdir())
    ]
    return _lines(folder, "vocab.csv", rows)


# name -> (sources made in a folder, options); the PDFs each deck writes are all checked.
DECKS = {
    "icons-cover-rules-box": (
        lambda d: [_icons(d / "icons", 7)],
        ["-n", "3", "--rules", "--box", "--title", "Τα ζώα 猫"],
    ),
    "photos-hexagon-backs": (
        lambda d: [ICONS.parent.parent / "tests" / "data" / "photos"],
        ["-n", "3", "--shape", "hexagon", "--card-size", "70mm", "--backs"],
    ),
    "words-every-script-square-eu-3mm": (
        lambda d: [_lines(d, "words.txt", SCRIPT_WORDS)],
        ["-n", "4", "--shape", "square", "--shop", "shop", "--shop-profile", "eu-3mm", "--backs"],
    ),
    "japanese-cff-outlines": (
        lambda d: [_lines(d, "words.txt", JAPANESE_CFF)],
        ["-n", "3", "--font", "cff.otf"],
    ),
    "letters-with-bars-print-and-cut": (
        lambda d: [_lines(d, "letters.txt", LETTERS)],
        ["-n", "3", "--preset", "junior", "--shop", "shop", "--backs"],
    ),
    "labels-rounded": (
        lambda d: [_icons(d / "icons", 7)],
        ["-n", "3", "--labels", "--shape", "rounded"],
    ),
    "vocabulary-picture-word": (
        lambda d: [_vocabulary(d)],
        ["-n", "3", "--faces", "picture+word,word"],
    ),
    "connect": (
        lambda d: [_icons(d / "icons", 21)],
        ["--preset", "connect", "-n", "5", "--cards", "14", "--rules"],
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """``built(name)``: deck ``name`` built once in this test process; the PDFs it wrote. The
    decks are built with the machine's fonts, as a user's are, found and read once for them all
    (as one process of the app building deck after deck reads them)."""
    done: dict[str, list[Path]] = {}

    def get(name: str) -> list[Path]:
        if name not in done:
            done[name] = _build(name, tmp_path_factory.mktemp(name))
        return done[name]

    with machine_fonts():
        yield get


@pytest.fixture(scope="module")
def poppler():
    """``poppler(pdf)``: every page of a PDF built above drawn by poppler, once for the module
    (it is the reference each engine, pdf.js too, is compared with)."""
    drawn: dict[Path, engines.Pages] = {}

    def get(pdf: Path) -> engines.Pages:
        if pdf not in drawn:
            drawn[pdf] = engines.poppler(pdf)
        return drawn[pdf]

    return get


@contextlib.contextmanager
def machine_fonts():
    """The installed fonts, as a user has them (the suite otherwise hides them: conftest)."""
    hidden = os.environ.pop(FONT_DIRS_ENV)
    forget_fonts()
    try:
        yield
    finally:
        os.environ[FONT_DIRS_ENV] = hidden
        forget_fonts()


def _build(name: str, folder: Path) -> list[Path]:
    """Build deck ``name`` in ``folder`` (inside :func:`machine_fonts`); the PDFs it wrote (the
    deck's and the shop's)."""
    make_sources, options = DECKS[name]
    make_font(folder / "cff.otf", "".join(JAPANESE_CFF), "TestCFFKana", cff=True)
    sources = [str(s) for s in make_sources(folder)]
    args = ["build", *sources, "-o", str(folder / "deck.pdf"), "--seed", "1"]
    args += [str(folder / a) if a in ("shop", "cff.otf") else a for a in options]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "font" not in result.output, result.output  # every script has a font: no warning
    return [folder / "deck.pdf", *sorted((folder / "shop").glob("*.pdf"))]


@pytest.mark.parametrize("name", sorted(DECKS))
def test_every_engine_draws_the_same_ink_and_a_preflight_finds_nothing(name, built, poppler):
    for pdf in built(name):
        assert preflight(pdf) == [], pdf.name
        reference = poppler(pdf)
        for engine, draw in engines.ENGINES.items():
            lost = engines.disagreements(reference, draw(pdf))
            assert not lost, f"{pdf.name}: {engine} and poppler differ on pages {lost}"


@pytest.mark.parametrize("mode", [[], ["-raw"]])
def test_every_word_is_found_whole_and_arabic_in_the_order_typed(mode, built):
    """Words stay real text: pdftotext, in reading order or the content's own, finds every
    word that is not an emoji whole on the cards' pages, however it is turned, and the Arabic
    and Hebrew in the order they were typed."""
    pdf = built("words-every-script-square-eu-3mm")[0]
    text = subprocess.run(
        ["pdftotext", *mode, "-f", "2", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    text = text.replace("\u202b", "").replace("\u202c", "")  # poppler's marks round RTL runs
    assert [w for w in SCRIPT_WORDS if w not in text and w != "🦊"] == []


@pytest.fixture(scope="module")
def browser():
    from tests.app.test_browser import CHROMIUM, FLAGS

    if not CHROMIUM.exists():
        pytest.skip(f"pdf.js runs in Chromium at {CHROMIUM}; .ci/run installs it")
    if not (engines.PDFJS / "build" / "pdf.min.mjs").is_file():
        pytest.skip("pdf.js is installed by `make test` (npm ci in tests/viewers)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield browser
        browser.close()


def test_pdfjs_draws_the_cover_words_and_emoji_as_poppler_does(built, poppler, browser):
    """Firefox's pdf.js on the cover (answer key, title), a card page of words in every script
    with the colour emoji, and the rules page."""
    pdf = built("icons-cover-rules-box")[0]
    words = built("words-every-script-square-eu-3mm")[0]
    for deck, pages in ((pdf, [1, 2]), (words, [1, 2, 3])):
        reference = poppler(deck)
        drawn = engines.pdfjs_pages(browser, deck, pages)
        lost = engines.disagreements([reference[p - 1] for p in pages], drawn)
        assert not lost, f"{deck.name}: pdf.js and poppler differ on pages {lost}"


def test_the_preflight_finds_what_a_shop_would_refuse(tmp_path):
    """The preflight above can fail: a font left out of the file, see-through ink, a page box
    outside the page."""
    from reportlab.pdfgen import canvas

    pdf = tmp_path / "bad.pdf"
    c = canvas.Canvas(str(pdf), pagesize=(200, 200))
    c.setFont("Helvetica", 12)  # one of the 14 standard fonts: reportlab does not embed it
    c.drawString(20, 20, "not embedded")
    c.setFillAlpha(0.5)
    c.rect(10, 10, 50, 50, fill=1)
    c.setTrimBox((0, 0, 300, 300))
    c.save()
    problems = preflight(pdf)
    assert problems == [
        "page 1: font /Helvetica not embedded",
        "page 1: constant alpha /ca 0.5",
        "page 1: TrimBox outside the BleedBox",
    ], problems
