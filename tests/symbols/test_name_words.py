"""Camera and emoji file names as labels: a name that is no words gets no label (one warning
counts them); an emoji's code points read as its Unicode name."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from dobble_print.symbols import SymbolOptions, find_sources, load_symbols, with_labels
from dobble_print.symbols.names import display_name
from tests.support.messages import cli_lines


@pytest.mark.parametrize(
    ("file", "label"),
    [
        ("IMG_2034.HEIC", None),
        ("IMG 2034.jpg", None),
        ("IMG_E4100.JPG", None),
        ("IMG_4100 (1).jpg", None),
        ("DSC01234.JPG", None),
        ("P1010001.JPG", None),
        ("PXL_20240101_123456789.jpg", None),
        ("IMG-20240101-WA0001.jpg", None),
        ("WhatsApp Image 2024-01-01 at 10.00.00.jpeg", None),
        ("Screenshot 2024-01-01 at 10.00.00.png", None),
        ("20240101_123456.jpg", None),
        ("3F2504E0-4F89-11D3-9A0C-0305E82C3301.jpg", None),
        ("0042.png", None),
        ("1f994.svg", "hedgehog"),
        ("1F98A.svg", "fox face"),
        ("emoji_u1f994.png", "hedgehog"),
        ("2615.svg", "hot beverage"),
        ("1f468-200d-1f469.svg", "man woman"),
        ("1f44d-1f3fd.svg", "thumbs up sign"),
        ("1f1eb-1f1f7.svg", "flag FR"),
        ("1f3f4-e0067-e0062-e0065-e006e-e0067-e007f.svg", None),  # a tag sequence: no name
        ("2023.png", None),  # a year, not the code point of an emoji
        ("ice-cream.png", "ice cream"),
        ("Éléphant.jpg", "Éléphant"),
        ("Photo of Grandma.jpg", "Photo of Grandma"),
        ("cafe.png", "cafe"),
        ("4x4.png", "4x4"),
        ("R2D2.png", "R2D2"),
    ],
)
def test_the_label_a_file_name_gives(file, label):
    from dobble_print.symbols.name_words import name_label

    path = Path(file)
    assert name_label(display_name(path), path.stem) == label


def _blob(path: Path, red: int) -> Path:
    rgba = np.zeros((60, 80, 4), np.uint8)
    rgba[5:55, 5:75] = (red, 90, 40, 255)
    Image.fromarray(rgba, "RGBA").save(path)
    return path


def test_camera_names_get_no_label_and_one_warning(tmp_path):
    names = ["IMG_2034.png", "DSC01234.png", "PXL_20240101_123456789.png", "1f994.png", "cat.png"]
    for i, name in enumerate(names):
        _blob(tmp_path / name, 40 * i)
    loaded = with_labels(load_symbols(find_sources([tmp_path]), max_px=64), SymbolOptions())
    labels = {Path(s.source).name: " ".join(t.text for t in s.lines) for s in loaded.symbols}
    assert labels == {
        "1f994.png": "hedgehog",
        "DSC01234.png": "",
        "IMG_2034.png": "",
        "PXL_20240101_123456789.png": "",
        "cat.png": "cat",
    }
    assert cli_lines(loaded.warnings) == (
        "3 pictures print without a label: their names are a camera's numbers, a date or a "
        "code, not words (e.g. DSC01234.png); rename them to label them",
    )
