"""Every page of a PDF drawn by the engines people print from, and where they disagree.

PDFium (Chrome, Edge, the app's previews; pypdfium2), poppler (Evince, Okular, CUPS; pdftoppm),
MuPDF (pymupdf) and Ghostscript (many printers' RIPs and CUPS filters; gs), and pdf.js (Firefox)
in headless Chromium (:func:`pdfjs_pages`). Each draws in colour at the same resolution, made grey
the same way. Engines smooth edges and set tones their own way; a letter or a picture one of them
loses does not: :func:`lost_ink` counts the pixels clearly inked in one picture with nothing
within a pixel in the other.
"""

from __future__ import annotations

import base64
import functools
import io
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image

# A word 3 mm high is 7 px at 60 dpi: a cut letter is a clear blob of lost pixels. Ink "near"
# is within 2 px (0.85 mm): Ghostscript's hinting moves a small Hebrew letter's stroke by more
# than one pixel (0.06 % of a one-card page within 1 px, none within 2), and its point-sampled
# shrinking of an emoji picture left stray dark pixels at 40 dpi; PDFium's cut words lose 0.49 %
# of a page measured so. PDFium also draws a picture turned by other than a quarter turn up to
# 2 px from where the others draw it, whatever the resolution (a disc turned 225° lands 2.0 px
# right at 40, 80 and 160 dpi; upright and quarter-turned ones within 0.2 px): within 1 px, decks
# of the bundled icons lose up to 0.018 % of a page to that alone, class-set rims or not.
DPI = 60
NEAR = 2
INKED, BLANK = 160, 245  # grey levels: clearly inked, and no ink at all
LIMIT = 0.00015  # share of a page's pixels lost, as ../shared/tools/enginecheck.py allows
PDFJS = Path(__file__).resolve().parents[1] / "viewers" / "node_modules" / "pdfjs-dist"

Pages = list[np.ndarray]


def _grey(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("RGB").convert("L"), float)


def _pngs(folder: str) -> Pages:
    return [_grey(Image.open(p)) for p in sorted(Path(folder).glob("p*.png"))]


def poppler(pdf: Path, dpi: int = DPI) -> Pages:
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), f"{d}/p"], check=True)
        return _pngs(d)


def ghostscript(pdf: Path, dpi: int = DPI) -> Pages:
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(
            ["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", f"-r{dpi}"]
            + ["-dTextAlphaBits=4", "-dGraphicsAlphaBits=4", f"-sOutputFile={d}/p%04d.png"]
            + [str(pdf)],
            check=True,
            capture_output=True,
        )
        return _pngs(d)


def mupdf(pdf: Path, dpi: int = DPI) -> Pages:
    import pymupdf

    with pymupdf.open(pdf) as doc:
        return [_grey(Image.open(io.BytesIO(p.get_pixmap(dpi=dpi).tobytes("png")))) for p in doc]


def pdfium(pdf: Path, dpi: int = DPI) -> Pages:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [_grey(doc[i].render(scale=dpi / 72).to_pil()) for i in range(len(doc))]
    finally:
        doc.close()


ENGINES: dict[str, Callable[[Path], Pages]] = {
    "pdfium": pdfium,
    "mupdf": mupdf,
    "ghostscript": ghostscript,
}


def missing_tools() -> list[str]:
    """The Debian commands the engines need that this machine lacks."""
    return [tool for tool in ("pdftoppm", "gs") if shutil.which(tool) is None]


def lost_ink(a: np.ndarray, b: np.ndarray) -> float:
    """Share of pixels clearly inked in one picture where the other has no ink within
    :data:`NEAR` pixels (either way round), after an opening that drops single stray pixels of
    edge smoothing."""
    from scipy import ndimage

    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    a, b = a[:h, :w], b[:h, :w]

    def near(ink: np.ndarray) -> np.ndarray:
        # the dilation by a (2·NEAR+1)² square, nothing beyond the edge: a separable maximum,
        # the same pixels as binary_dilation's in about half its time (four engines, every page)
        size = 2 * NEAR + 1
        return ndimage.maximum_filter(ink.view(np.uint8), size, mode="constant").view(bool)

    lost = (a < INKED) & ~near(b < BLANK)
    lost |= (b < INKED) & ~near(a < BLANK)
    return float(ndimage.binary_opening(lost, np.ones((2, 2), bool)).mean())


def disagreements(reference: Pages, pages: Pages) -> dict[int, float]:
    """Pages (from 1) whose lost ink against ``reference`` is over :data:`LIMIT`, with the share."""
    assert len(pages) == len(reference), (len(pages), len(reference))
    shares = {i + 1: lost_ink(a, b) for i, (a, b) in enumerate(zip(reference, pages, strict=True))}
    return {page: share for page, share in shares.items() if share > LIMIT}


@functools.cache
def _pdfjs_script() -> str:
    return (Path(__file__).with_name("pdfjs_render.js")).read_text(encoding="utf-8")


def pdfjs_pages(browser, pdf: Path, pages: list[int], dpi: int = DPI) -> Pages:
    """Pages (from 1) of ``pdf`` drawn by pdf.js (pinned in tests/viewers/package.json) in
    ``browser``'s Chromium, from a page served by Playwright's own routing: nothing leaves it.

    pdf.js runs as the module build with its worker; the PDF is handed over as bytes."""
    base = "http://pdfjs.test/"
    context = browser.new_context()
    try:
        files = {
            "pdf.mjs": PDFJS / "build" / "pdf.min.mjs",
            "pdf.worker.mjs": PDFJS / "build" / "pdf.worker.min.mjs",
        }

        def route(r):
            name = r.request.url.removeprefix(base)
            if name == "":
                r.fulfill(
                    body="<!doctype html><meta charset=utf-8><body></body>",
                    content_type="text/html",
                )
            elif name in files:
                r.fulfill(body=files[name].read_bytes(), content_type="text/javascript")
            elif name.startswith(("cmaps/", "standard_fonts/")):
                local = PDFJS / name
                if local.is_file():
                    r.fulfill(body=local.read_bytes())
                else:
                    r.fulfill(status=404)
            else:
                r.fulfill(status=404)

        context.route(base + "**", route)
        page = context.new_page()
        page.goto(base)
        data = base64.b64encode(pdf.read_bytes()).decode()
        urls = page.evaluate(_pdfjs_script(), {"data": data, "pages": pages, "scale": dpi / 72})
    finally:
        context.close()
    return [_grey(Image.open(io.BytesIO(base64.b64decode(u.split(",", 1)[1])))) for u in urls]
