"""Card backs: ``--back-image`` takes every picture ``build`` takes as a symbol, and prints it."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from dobble_print.errors import DobbleError
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.printing.backs import load_back
from dobble_print.symbols.sources import IMAGE_SUFFIXES
from tests.support.messages import as_cli
from tests.symbols.test_formats import save_heic

BLUE = (30, 120, 200)
BLUE_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">'
    '<rect width="40" height="30" fill="#1e78c8"/></svg>'
)
DPI = 30


def _blue_picture(folder: Path, suffix: str) -> Path:
    """A flat blue picture of the kind ``suffix`` names."""
    path = folder / f"back{suffix}"
    if suffix.lower() == ".svg":
        path.write_text(BLUE_SVG)
    elif suffix.lower() == ".svgz":
        path.write_bytes(gzip.compress(BLUE_SVG.encode()))
    elif suffix.lower() in (".heic", ".heif"):
        save_heic(path, Image.new("RGB", (120, 90), BLUE))
    else:
        Image.new("RGB", (120, 90), BLUE).save(path)
    return path


@pytest.mark.parametrize("suffix", [*sorted(IMAGE_SUFFIXES), ".SVGZ", ".Png"])
def test_back_image_takes_every_picture_kind_build_takes(tmp_path, pictures, suffix):
    out, report = tmp_path / "deck.pdf", tmp_path / "deck.json"
    options = BuildOptions(
        sources=(pictures(7),),
        output=out,
        seed=1,
        report=report,
        backs=_blue_picture(tmp_path, suffix),
        cover=False,
    )
    build(options)
    card = json.loads(report.read_text())["cards"][0]
    page = pymupdf.open(out)[card["back_page"] - 1]
    pix = page.get_pixmap(dpi=DPI)
    x, y = (mm / 25.4 * DPI for mm in card["back_center_mm"])
    assert pix.pixel(round(x), round(pix.height - y)) == pytest.approx(BLUE, abs=6)


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("back.png", b"not a picture"),
        ("back.svgz", b"\x1f\x8b\x08\x00damaged"),
        ("back.svg", b"<svg"),
        ("back.webp", b""),
    ],
)
def test_a_back_image_that_is_not_a_picture_is_one_clear_error(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(DobbleError) as err:
        load_back(path, diameter=89.0)
    message = as_cli(err.value)
    assert message.startswith(f"--back-image {path}: ")
    assert message.endswith("; give a picture (PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP, TIFF or SVG)")
    assert "\n" not in message
