"""Reading a built PDF back, independently of the code that wrote it (PyMuPDF)."""

from __future__ import annotations

import math
from pathlib import Path

import pymupdf

MM_PER_PT = 25.4 / 72.0


def images_per_card(pdf: Path, report: dict) -> dict[int, list[int]]:
    """Image XObject numbers drawn inside each card's circle, keyed by card index."""
    doc = pymupdf.open(pdf)
    radius = report["card"]["diameter_mm"] / 2
    drawn: dict[int, list[tuple[float, float, int]]] = {}  # each page's images, read once
    for number in sorted({c["page"] for c in report["cards"]}):
        page = doc[number - 1]
        drawn[number] = []
        for info in page.get_image_info(xrefs=True):  # xrefs=True hashes every image: slow
            centre = pymupdf.Point(0.5, 0.5) * pymupdf.Matrix(info["transform"])
            x, y = centre.x * MM_PER_PT, (page.rect.height - centre.y) * MM_PER_PT
            drawn[number].append((x, y, info["xref"]))
    out: dict[int, list[int]] = {c["index"]: [] for c in report["cards"]}
    for card in report["cards"]:
        for x, y, xref in drawn[card["page"]]:
            if math.dist((x, y), card["center_mm"]) < radius:
                out[card["index"]].append(xref)
    return out


def stored_images(pdf: Path) -> list[int]:
    """Every image XObject stored in the file (soft masks excluded)."""
    doc = pymupdf.open(pdf)
    xrefs = set()
    masks = set()
    for page in doc:
        for img in page.get_images(full=True):
            xrefs.add(img[0])
            if img[1]:
                masks.add(img[1])
    return sorted(xrefs - masks)
