"""``grey``: the whole PDF in shades of grey for a black-and-white printer (issue 42), its greys
chosen to keep the deck's colours apart (:mod:`printing.grey`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pymupdf
import pypdfium2
import pytest
from PIL import Image

from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.printing import default_back, in_grey
from dobble_print.printing.grey import KEEP, LUMA
from dobble_print.symbols import find_sources, load_symbols

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"
DPI = 40


def _disc(folder: Path, name: str, rgb: tuple[int, int, int], *, ring: bool = False) -> Path:
    """A disc of one colour on a clear square (with ``ring``, a ring: another shape)."""
    y, x = np.mgrid[:120, :120]
    r = np.hypot(x - 59.5, y - 59.5)
    inside = (r < 50) & ((r > 30) if ring else True)
    rgba = np.zeros((120, 120, 4), np.uint8)
    rgba[inside] = (*rgb, 255)
    path = folder / f"{name}.png"
    Image.fromarray(rgba, "RGBA").save(path)
    return path


# Two apples that differ only by colour: a printer's luminance prints both as one grey (125 and
# 120 of 255).
RED, GREEN = (230, 80, 80), (45, 170, 45)


def test_hues_of_one_brightness_print_as_different_greys(tmp_path):
    """The red and the green disc, within 8 grey levels of each other by luminance, print at
    least 40 apart; every disc and ring, a light yellow ring on the white card included, stays
    at least ``KEEP`` as far from the card's white as luminance puts it."""
    paths = [_disc(tmp_path, "red", RED), _disc(tmp_path, "green", GREEN)]
    paths.append(_disc(tmp_path, "yellow", (250, 230, 90), ring=True))
    paths.append(_disc(tmp_path, "blue", (60, 90, 220), ring=True))
    paths += [_disc(tmp_path, f"dark{k}", (40 * k, 30, 60), ring=True) for k in range(3)]
    symbols = load_symbols(find_sources(paths), max_px=120).symbols
    look = in_grey(symbols, [], back=None, card_color=(1.0, 1.0, 1.0))

    def ink(rgba):
        return rgba[rgba[..., 3] >= 128][:, :3].astype(float).mean(axis=0)

    colours = [ink(s.rgba) for s in symbols]
    greys = [ink(s.rgba) for s in look.symbols]
    assert all(g[0] == g[1] == g[2] for g in greys)  # grey pixels
    assert abs(np.dot(LUMA, colours[0]) - np.dot(LUMA, colours[1])) < 8
    assert abs(greys[0][0] - greys[1][0]) >= 40, (look.grey, greys[:2])
    for colour, grey in zip(colours, greys, strict=True):
        assert 255 - grey[0] >= KEEP * (255 - np.dot(LUMA, colour)) - 1, (colour, grey)


def _pages_rgb(pdf: Path) -> list[tuple[str, int, np.ndarray]]:
    """Every page drawn in colour by PDFium and by poppler."""
    out = []
    doc = pypdfium2.PdfDocument(pdf)
    for i in range(len(doc)):
        image = doc[i].render(scale=DPI / 72).to_pil().convert("RGB")
        out.append(("pdfium", i + 1, np.asarray(image)))
    doc.close()
    folder = pdf.parent / f"{pdf.stem}-pages"
    folder.mkdir()
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", str(pdf), f"{folder}/p"], check=True)
    for i, png in enumerate(sorted(folder.glob("p*.png"))):
        out.append(("poppler", i + 1, np.asarray(Image.open(png).convert("RGB"))))
    return out


def _coloured(pixels: np.ndarray) -> int:
    """How many pixels are not grey (their channels differ)."""
    p = pixels.astype(np.int16)
    return int(((p[..., 0] != p[..., 1]) | (p[..., 1] != p[..., 2])).sum())


@pytest.fixture(scope="module")
def deck(tmp_path_factory) -> Path:
    """Four icons and three words (7 symbols, 3 a card), a cream card, backs, the cover, rules
    and a box: every kind of page."""
    folder = tmp_path_factory.mktemp("grey")
    pictures = folder / "pictures"
    pictures.mkdir()
    for name in ("apple", "clover", "balloon", "banana"):
        (pictures / f"{name}.svg").write_bytes((ICONS / f"{name}.svg").read_bytes())
    words = folder / "words.txt"
    words.write_text("red\ngreen\nblue\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("grey", [False, True])
def test_the_grey_pdf_has_no_colour_on_any_page(deck, grey, tmp_path):
    """With ``grey`` every page, drawn by PDFium and by poppler, is grey in every pixel, and
    every picture in the file is stored grey (``DeviceGray``); without it the same deck has
    colour on its cover, its cards, its backs and its box (so the check can fail)."""
    out = tmp_path / "deck.pdf"
    options = BuildOptions(
        sources=(deck / "pictures", deck / "words.txt"),
        output=out,
        seed=1,
        card_color=(1.0, 0.97, 0.88),
        backs=default_back(),
        rules=True,
        box=True,
        grey=grey,
    )
    build(options, measure=False)
    pages = _pages_rgb(out)
    coloured = {(engine, n) for engine, n, pixels in pages if _coloured(pixels)}
    doc = pymupdf.open(out)
    spaces = {
        doc.xref_get_key(xref, "ColorSpace")[1]
        for page in doc
        for xref, *_ in page.get_images(full=True)
    }
    if grey:
        assert coloured == set()
        assert spaces == {"/DeviceGray"}
    else:  # the cover's key, the box's front, the cards and their backs: every page but rules
        assert {n for _, n in coloured} == set(range(1, len(doc) + 1)) - {2}, coloured
        assert "/DeviceRGB" in spaces


def test_a_preview_in_grey_is_grey(deck, tmp_path):
    """``preview`` with ``grey`` draws the card as the grey PDF prints it (the map is chosen
    from the deck's symbols, not from the cards laid out, so one card gets the build's)."""
    from dobble_print.pipeline import draw_preview

    out = tmp_path / "card.png"
    options = BuildOptions(
        sources=(deck / "pictures", deck / "words.txt"), output=out, seed=1, grey=True
    )
    draw_preview(options, card=2, dpi=60)
    assert _coloured(np.asarray(Image.open(out).convert("RGB"))) == 0
