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
        ("1F98A.svg", "fox"),
        ("emoji_u1f994.png", "hedgehog"),
        ("2615.svg", "hot beverage"),
        ("1f468-200d-1f469.svg", "man woman"),
        ("1f44d-1f3fd.svg", "thumbs up"),
        ("1f1eb-1f1f7.svg", "flag: France"),
        ("1f3f4-e0067-e0062-e0065-e006e-e0067-e007f.svg", "flag: England"),
        ("1f3f4-e0067-e007f.svg", None),  # a tag sequence CLDR does not name
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
    from dobble_print.symbols.words.file_names import name_label

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


@pytest.mark.parametrize(
    ("language", "labels", "names"),
    [
        ("fr", False, {"champignon", "ananas", "hérisson", "tortue", "renard", "citron",
                       "abeille"}),
        ("de", True, {"Fliegenpilz", "Ananas", "Igel", "Schildkröte", "Fuchs", "Zitrone", "Biene"}),
        ("es", True, {"champiñón", "piña", "erizo", "tortuga", "zorro", "limón", "abeja"}),
    ],
)  # fmt: skip
def test_code_point_file_names_are_named_in_the_decks_language_on_the_key_and_labels(
    tmp_path, language, labels, names
):
    """An emoji set's files (1f344.svg, 1F34D.svg, Noto's emoji_u1f994.svg…) are named on the
    answer key and, with labels, under the pictures by their CLDR names in the deck's language
    (the key printed 1f344 before, and labels the English Unicode name). Japanese is checked
    below, on the names: the cover's Japanese text is not extractable from the PDF."""
    import fitz

    from dobble_print.options import BuildOptions
    from dobble_print.pipeline import build
    from dobble_print.symbols.library import library_folder

    folder = tmp_path / "emoji"
    folder.mkdir()
    files = {"1f344": "1f344", "1f34d": "1F34D", "1f994": "emoji_u1f994", "1f422": "1f422",
             "1f98a": "1f98a", "1f34b": "1f34b", "1f41d": "1F41D"}  # fmt: skip
    for code, stem in files.items():
        (folder / f"{stem}.svg").write_bytes((library_folder() / f"{code}.svg").read_bytes())
    out = tmp_path / "deck.pdf"
    build(BuildOptions((folder,), out, seed=1, lang=language, labels=labels), measure=False)
    doc = fitz.open(out)
    key = doc[0].get_text()
    assert all(name in key for name in names), key
    assert not any(stem in key for stem in files.values())
    if labels:
        cards = "".join(page.get_text() for page in doc.pages(1))
        assert all(name in cards for name in names), cards


@pytest.mark.parametrize(
    ("source", "kind", "language", "key"),
    [
        ("emoji/1f344.svg", "image", "ja", "キノコ"),
        ("emoji/1F34D.png", "labelled", "it", "ananas"),
        ("emoji/1f44d-1f3fd.svg", "image", "de", "Daumen hoch"),
        ("emoji/1f468-200d-1f469.svg", "image", "fr", "homme femme"),  # no CLDR name: its parts'
        ("emoji/1f344.svg", "image", "qps", "mushroom"),  # no CLDR names: English
        ("photos/IMG_4100.jpg", "image", "fr", ""),
        ("photos/chat.jpg", "image", "fr", "chat"),
        ("words.txt:3", "word", "fr", "1f344"),  # a word is what it says
    ],
)
def test_the_key_names_a_picture_in_the_decks_language(source, kind, language, key):
    from dobble_print.symbols import key_name

    name = "1f344" if kind == "word" else display_name(Path(source))
    assert key_name(name, source, kind, language) == key
