"""Golden pictures: compare a rendered picture with ``golden/NAME`` here within a tolerance.

One place for the rule every golden test uses (as vpype's ``assert_image_similarity``): the mean
per-pixel difference stays under 1.5 levels and fewer than 0.2 % of pixels differ by more than 64.
Set ``DOBBLE_STORE_GOLDEN=1`` to re-store the pictures after a change you have looked at.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from PIL import Image

GOLDEN = Path(__file__).parent / "golden"


def page_pixels(page, dpi: int) -> np.ndarray:
    """A PyMuPDF page rasterised to an RGB array."""
    pix = page.get_pixmap(dpi=dpi)
    return np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)[..., :3]


def assert_golden(got: np.ndarray, name: str) -> None:
    """Compare ``got`` (H×W×3 uint8) with the stored golden ``name`` (or store it when asked)."""
    path = GOLDEN / name
    if os.environ.get("DOBBLE_STORE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        Image.fromarray(np.ascontiguousarray(got)).save(path, optimize=True)
    want = np.asarray(Image.open(path).convert("RGB"))
    assert want.shape == got.shape, (want.shape, got.shape)
    diff = np.abs(want.astype(np.int16) - got.astype(np.int16)).max(axis=2)
    assert diff.mean() < 1.5 and (diff > 64).mean() < 0.002, (diff.mean(), (diff > 64).mean())
