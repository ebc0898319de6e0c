"""The built PDF's pages as PNGs, drawn from the PDF itself (pdfium), so the page shows every
sheet exactly as it will print: the cover, the fronts and the backs.

pypdfium2 (Apache-2.0/BSD) is used rather than PyMuPDF (AGPL, a test dependency only). pdfium is
not thread-safe, so one page is drawn at a time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium

MM_PER_PT = 25.4 / 72.0
PAGE_WIDTH_PX = 1000  # about 120 dpi on A4: large enough to judge a card
_PDFIUM = threading.Lock()


def render_pages(
    pdf: Path,
    folder: Path,
    *,
    prefix: str,
    width_px: int = PAGE_WIDTH_PX,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Draw every page of ``pdf`` into ``folder`` as ``{prefix}-{n}.png`` (n from 1).

    Returns one entry per page: its file name and its size in mm.
    """
    pages = []
    with _PDFIUM:
        doc = pdfium.PdfDocument(pdf)
        try:
            count = len(doc)
            for i in range(count):
                page = doc[i]
                w_pt, h_pt = page.get_size()
                image = page.render(scale=width_px / w_pt).to_pil()
                name = f"{prefix}-{i + 1}.png"
                image.save(folder / name, compress_level=1)
                page.close()
                pages.append(
                    {"file": name, "width_mm": w_pt * MM_PER_PT, "height_mm": h_pt * MM_PER_PT}
                )
                if progress:
                    progress(i + 1, count)
        finally:
            doc.close()
    return pages


def describe_pages(
    pages: list[dict[str, Any]], report: dict[str, Any], half_extent: tuple[float, float]
) -> list[dict[str, Any]]:
    """Each page's kind (cover, front or back), title and, on fronts, each card's box as
    fractions of the page (left, top, width, height), for the page to lay buttons over."""
    fronts: dict[int, list[dict[str, Any]]] = {}
    for card in report["cards"]:
        fronts.setdefault(card["page"], []).append(card)
    first = min(fronts) if fronts else len(pages) + 1
    hx, hy = half_extent
    described, sheet = [], 0
    for number, page in enumerate(pages, 1):
        w, h = page["width_mm"], page["height_mm"]
        cards = []
        if number in fronts:
            sheet += 1
            kind, title = "front", f"Sheet {sheet}"
            for card in fronts[number]:
                x, y = card["center_mm"]  # from the page's bottom left, y up
                cards.append(
                    {
                        "number": card["index"] + 1,
                        "box": [(x - hx) / w, (h - y - hy) / h, 2 * hx / w, 2 * hy / h],
                    }
                )
        elif number < first:
            kind, title = "cover", "Cover: how to play, and the answer key"
        else:
            kind, title = "back", f"Sheet {sheet}, back"
        described.append({**page, "number": number, "kind": kind, "title": title, "cards": cards})
    return described
