"""Golden pictures of loaded symbols: a contact sheet of every kind, the words as printed vector
text, and one whole card of a word deck.

Re-store them with ``DOBBLE_STORE_GOLDEN=1`` after a change you have looked at. The contact sheet
and the word sheet depend only on the loaders; the card also depends on the layout packer.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
import pytest
from PIL import Image

from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.symbols.loading import PhotoShape, SymbolOptions, find_sources, load_symbols
from tests.support import symbol_files as sf
from tests.support.goldens import GOLDEN, assert_golden
from tests.symbols.test_words import FIVE_SCRIPTS

CELL = 110
WORDS = [*FIVE_SCRIPTS, "ice cream sandwich"]


def contact_sheet(symbols, columns: int = 6) -> np.ndarray:
    """Each symbol fitted into a cell on white, on a light checker so transparency shows."""
    rows = -(-len(symbols) // columns)
    sheet = Image.new("RGB", (columns * CELL, rows * CELL), (255, 255, 255))
    y, x = np.mgrid[0:CELL, 0:CELL]
    checker = Image.fromarray(
        np.where(((x // 8 + y // 8) % 2)[..., None], 255, 232).repeat(3, axis=2).astype(np.uint8)
    )
    for i, s in enumerate(symbols):
        im = Image.fromarray(s.rgba, "RGBA")
        im.thumbnail((CELL - 10, CELL - 10), Image.Resampling.LANCZOS)
        left, top = (i % columns) * CELL, (i // columns) * CELL
        sheet.paste(checker, (left, top))
        sheet.paste(im, (left + (CELL - im.width) // 2, top + (CELL - im.height) // 2), im)
    return np.asarray(sheet)


@pytest.fixture(scope="module")
def kinds(tmp_path_factory) -> Path:
    """One folder with a file of every good kind, named so they sort in a fixed order."""
    d = tmp_path_factory.mktemp("kinds")
    sf.save(sf.drawing(seed=2), d / "a_drawing.jpg", quality=90)
    sf.save(sf.drawing(seed=5, paper=(246, 240, 228)), d / "b_cream_drawing.png")
    sf.save(sf.photo(300, 200, seed=5), d / "c_photo.jpg", quality=90)
    sf.exif_rotated_jpeg(d / "d_rotated.jpg")
    sf.cmyk_jpeg(d / "e_cmyk.jpg")
    sf.png16(d / "f_deep.png")
    sf.palette_png(d / "g_palette.png")
    sf.animated_gif(d / "h_anim.gif")
    sf.save(sf.blob(), d / "i_blob.webp", lossless=True)
    sf.save(sf.blob(colour=(30, 60, 200)).convert("RGB"), d / "j_blob.bmp")
    sf.save(sf.blob(colour=(200, 160, 20)), d / "k_blob.tiff")
    for name in sf.OUTLINE_ICONS:
        (d / f"l_{name}.svg").write_text(sf.outline_svg(name))
    return d


def test_contact_sheet_of_every_kind(kinds, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    loaded = load_symbols(find_sources([kinds, words]), max_px=200)
    assert len(loaded.symbols) == 16 + len(WORDS) and loaded.warnings == ()
    assert_golden(contact_sheet(loaded.symbols), "symbols_contact.png")


@pytest.mark.parametrize("shape", ["rounded", "circle"])
def test_contact_sheet_of_photo_shapes(kinds, shape):
    loaded = load_symbols(
        find_sources([kinds / "c_photo.jpg", kinds / "a_drawing.jpg"]),
        max_px=200,
        options=SymbolOptions(photo_shape=PhotoShape(shape)),
    )
    assert_golden(contact_sheet(loaded.symbols, columns=2), f"symbols_photo_{shape}.png")


def test_words_print_as_golden_vector_text(tmp_path):
    """The words as the PDF prints them (vector text, embedded subset), in a fixed grid."""
    from reportlab.pdfgen import canvas

    from dobble_print.printing.pdf.canvas import _draw_word

    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    symbols = load_symbols(find_sources([words]), max_px=300).symbols
    pdf = tmp_path / "words.pdf"
    c = canvas.Canvas(str(pdf), pagesize=(4 * 150, 3 * 90), invariant=1)
    for i, s in enumerate(symbols):
        scale = min(130 / s.rgba.shape[1], 70 / s.rgba.shape[0])
        w, h = s.rgba.shape[1] * scale, s.rgba.shape[0] * scale
        c.saveState()
        c.translate((i % 4) * 150 + (150 - w) / 2, (2 - i // 4) * 90 + (90 - h) / 2)
        c.scale(scale, scale)  # _draw_word draws in the raster's pixels
        _draw_word(c, s)
        c.restoreState()
    c.save()
    page = pymupdf.open(pdf)[0]
    text = page.get_text()
    assert "Schildkröte" in text and "Γάτα" in text and "кошка" in text
    pix = page.get_pixmap(dpi=72)
    got = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)[..., :3]
    assert_golden(np.ascontiguousarray(got), "symbols_words_vector.png")


def test_word_deck_card_golden(tmp_path):
    """One whole card of a word deck in five scripts (changes when the layout packer does)."""
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS[:7]) + "\n", encoding="utf-8")
    out = tmp_path / "w.pdf"
    build(BuildOptions(sources=(words,), output=out, seed=1, cover=False))
    pix = pymupdf.open(out)[0].get_pixmap(dpi=40, clip=pymupdf.Rect(0, 0, 300, 300))
    got = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)[..., :3]
    assert_golden(np.ascontiguousarray(got), "symbols_words_card.png")


def test_golden_comparison_can_fail(kinds):
    loaded = load_symbols(
        find_sources([kinds]), max_px=200, options=SymbolOptions(background="keep")
    )
    got = contact_sheet(loaded.symbols)
    want = np.asarray(Image.open(GOLDEN / "symbols_contact.png").convert("RGB"))[: got.shape[0]]
    diff = np.abs(want.astype(np.int16) - got.astype(np.int16)).max(axis=2)
    assert diff.mean() >= 1.5 or (diff > 64).mean() >= 0.002
