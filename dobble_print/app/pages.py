"""The built PDF's pages as PNGs, drawn from the PDF itself (pdfium), so the page shows every
sheet exactly as it will print: the cover, the fronts and the backs. A page is drawn when the
browser first asks for it, so the first sheet shows while the others are still being drawn.

pypdfium2 (Apache-2.0/BSD) is used rather than PyMuPDF (AGPL, a test dependency only). pdfium is
not thread-safe, so one page is drawn at a time.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium

MM_PER_PT = 25.4 / 72.0
PAGE_WIDTH_PX = 1000  # about 120 dpi on A4: large enough to judge a card
_PDFIUM = threading.Lock()


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    """Each page's width and height, mm."""
    with _PDFIUM:
        doc = pdfium.PdfDocument(pdf)
        try:
            return [
                (w * MM_PER_PT, h * MM_PER_PT)
                for w, h in (doc.get_page_size(i) for i in range(len(doc)))
            ]
        finally:
            doc.close()


def render_page(pdf: Path, index: int, target: Path, *, width_px: int = PAGE_WIDTH_PX) -> None:
    """Draw page ``index`` (from 0) of ``pdf`` as a PNG at ``target``, written whole or not at
    all (a second request for the same page finds it done)."""
    with _PDFIUM:
        if target.exists():
            return
        doc = pdfium.PdfDocument(pdf)
        try:
            page = doc[index]
            image = page.render(scale=width_px / page.get_width()).to_pil()
            page.close()
        finally:
            doc.close()
        part = target.with_suffix(".part")
        image.save(part, format="PNG", compress_level=1)
        part.replace(target)


def describe_pages(
    sizes: list[tuple[float, float]],
    report: dict[str, Any],
    half_extent: tuple[float, float],
    *,
    prefix: str,
) -> list[dict[str, Any]]:
    """Each page's kind (cover, rules, box, front or back), its sheet's number and, on fronts,
    each card's box as fractions of the page (left, top, width, height), for the page to lay
    buttons over (the page words each page's title in its own language)."""
    fronts: dict[int, list[dict[str, Any]]] = {}
    for card in report["cards"]:
        fronts.setdefault(card["page"], []).append(card)
    first = min(fronts) if fronts else len(sizes) + 1
    hx, hy = half_extent
    described, sheet = [], 0
    kinds = report.get("pages", [])  # the PDF's pages, in order: cover, rules, box, front, back
    for number, (w, h) in enumerate(sizes, 1):
        cards = []
        if number in fronts:
            sheet += 1
            kind = "front"
            for card in fronts[number]:
                x, y = card["center_mm"]  # from the page's bottom left, y up
                cards.append(
                    {
                        "number": card["index"] + 1,
                        "box": [(x - hx) / w, (h - y - hy) / h, 2 * hx / w, 2 * hy / h],
                    }
                )
        elif number <= len(kinds) and kinds[number - 1] in {"rules", "box"}:
            kind = kinds[number - 1]
        elif number < first:
            kind = "cover"
        else:
            kind = "back"
        described.append(
            {
                "file": f"{prefix}-{number}.png",
                "width_mm": w,
                "height_mm": h,
                "number": number,
                "kind": kind,
                "sheet": sheet,
                "cards": cards,
            }
        )
    return described
