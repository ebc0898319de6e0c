"""What a family brings: 13 iPhone photos (HEIC, made here at test time) in a folder of years
and trips, built with --labels: 13 cards, no camera name printed anywhere, photos kept within
±25° of upright."""

from __future__ import annotations

import json

import numpy as np
import pymupdf
from PIL import Image, ImageDraw
from typer.testing import CliRunner

from dobble_print.cli.commands import app
from dobble_print.layout.masks import WORD_ROTATION
from tests.symbols.test_formats import save_heic


def _photo(rng: np.random.Generator) -> Image.Image:
    """A small photo-like picture: a coloured ground (no plain backdrop to remove) with shapes."""
    im = Image.fromarray(rng.integers(60, 200, (60, 80, 3), dtype=np.uint8))
    draw = ImageDraw.Draw(im)
    for _ in range(4):
        x, y = (int(v) for v in rng.integers(0, 60, 2))
        draw.ellipse([x, y, x + 20, y + 16], fill=tuple(int(c) for c in rng.integers(0, 255, 3)))
    return im


def test_family_heic_folders_build_13_cards_without_camera_names(tmp_path):
    family = tmp_path / "Family"
    rng = np.random.default_rng(7)
    for i in range(13):
        folder = family / ("2023" if i < 7 else "2024/Trip")
        folder.mkdir(parents=True, exist_ok=True)
        save_heic(folder / f"IMG_{4100 + i}.HEIC", _photo(rng), orientation=6 if i == 3 else 1)
    out, report = tmp_path / "family.pdf", tmp_path / "family.json"
    args = ["build", str(family), "--labels", "-o", str(out), "--seed", "1", "--report"]
    result = CliRunner().invoke(app, [*args, str(report)])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == (
        "warning: 13 pictures print without a label: their names are a camera's numbers, a date "
        "or a code, not words (e.g. IMG_4100.HEIC); rename them to label them"
    )
    assert "(3 subfolders searched too)" in result.stdout
    data = json.loads(report.read_text())
    assert len(data["cards"]) == 13
    cards = pymupdf.open(out)
    pages = [page.get_text() for page in cards]  # the cover's key too: its pictures, unnamed
    assert "Answer key" in pages[0]
    assert not any("IMG" in text or "41" in text for text in pages)
    turns = [abs(p["rotation_deg"]) for card in data["cards"] for p in card["placements"]]
    assert turns and max(turns) <= WORD_ROTATION
