"""Picture formats: iPhone photos (HEIC) and AVIF read upright and bounded like any raster; the
formats not read are named with what to export instead. HEIC files are made at test time."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from dobble_print.errors import DobbleError
from dobble_print.symbols import find_sources, load_picture, raster
from dobble_print.symbols.raster import BadPicture


def _halves(w: int = 40, h: int = 20) -> Image.Image:
    """Left half red, right half blue: which way up it comes back shows how it was turned."""
    a = np.zeros((h, w, 3), np.uint8)
    a[:, : w // 2] = (255, 0, 0)
    a[:, w // 2 :] = (0, 0, 255)
    return Image.fromarray(a)


def save_heic(path: Path, im: Image.Image, orientation: int = 1) -> Path:
    """A HEIC file as an iPhone writes it; ``orientation`` is its EXIF rotation."""
    from pillow_heif import register_heif_opener

    register_heif_opener()
    exif = Image.Exif()
    exif[0x0112] = orientation
    im.save(path, format="HEIF", exif=exif.tobytes(), quality=90)
    return path


def test_heic_photo_loads_upright_as_its_exif_says(tmp_path):
    flat = load_picture(save_heic(tmp_path / "IMG_4100.HEIC", _halves()), max_px=100)
    turned = load_picture(save_heic(tmp_path / "IMG_4101.heic", _halves(), 6), max_px=100)
    assert flat.shape == (20, 40, 4) and tuple(flat[10, 2, :3]) > (200, 0, 0)
    # orientation 6: the camera was turned a quarter clockwise; upright, red is on top
    assert turned.shape == (40, 20, 4)
    assert turned[2, 10, 0] > 200 and turned[2, 10, 2] < 50
    assert turned[-3, 10, 2] > 200 and turned[-3, 10, 0] < 50


def test_avif_is_read(tmp_path):
    path = tmp_path / "photo.avif"
    _halves().save(path, quality=90)
    assert load_picture(path, max_px=100).shape == (20, 40, 4)


def test_heic_over_the_size_cap_is_refused_before_decoding(tmp_path, monkeypatch):
    path = save_heic(tmp_path / "big.heic", _halves())
    monkeypatch.setitem(raster.MAX_FULL_PIXELS, "HEIF", 500)
    with pytest.raises(BadPicture) as info:
        load_picture(path, max_px=100)
    assert str(info.value) == (
        "too large (40×20 pixels, over 0 megapixels; a HEIC decodes in full, and a card needs "
        "at most 2400 pixels across); shrink it"
    )


def test_a_48_megapixel_iphone_heic_is_within_the_cap():
    assert 8064 * 6048 <= raster.MAX_FULL_PIXELS["HEIF"]


def test_a_video_named_heic_is_not_a_picture(tmp_path):
    path = tmp_path / "clip.heic"
    path.write_bytes(b"\x00\x00\x00\x18ftypmp42" + bytes(40))
    with pytest.raises(BadPicture) as info:
        load_picture(path, max_px=100)
    assert str(info.value) == (
        "the contents are not a PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP or TIFF picture; "
        "the file may be damaged or misnamed"
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "IMG_0001.CR2",
            "a camera RAW photo (.CR2), which dobble-print does not read; export it as JPEG "
            "from the camera's or a photo app",
        ),
        (
            "clip.mov",
            "a video (.mov), which dobble-print does not read; save a still of it as JPEG or PNG",
        ),
        (
            "poster.psd",
            "a drawing program's file (.psd), which dobble-print does not read; export it as PNG",
        ),
        (
            "notes.doc",
            "a word processor's document (.doc), which dobble-print does not read; save it as "
            "plain text (.txt), one word per line",
        ),
        (
            "mots.rtf",
            "a word processor's document (.rtf), which dobble-print does not read; save it as "
            "plain text (.txt), one word per line",
        ),
        (
            "vocabulaire.xlsx",
            "a spreadsheet (.xlsx), which dobble-print does not read; save it as CSV and give "
            "that file",
        ),
        (
            "photos.zip",
            "a compressed folder (.zip), which dobble-print does not read; unzip it and give the "
            "folder",
        ),
        (
            "notes.xyz",
            "not a folder, picture or .txt word list; give pictures (PNG, JPEG, HEIC, AVIF, "
            "WebP, GIF, BMP, TIFF or SVG) or a .txt file of words",
        ),
    ],
)
def test_a_kind_not_read_is_named_with_what_to_export(tmp_path, name, message):
    path = tmp_path / name
    path.write_bytes(b"x")
    with pytest.raises(DobbleError) as info:
        find_sources([path])
    assert str(info.value) == f"{path}: {message}"


def test_one_size_limit_for_a_picture_file_in_both_shells(tmp_path):
    """The page took 25 MB a picture where the command line took any size: both now take up to
    MAX_PICTURE_BYTES, and a larger file is refused by its size before it is opened (a sparse
    file: no disk written)."""
    from dobble_print import MAX_PICTURE_BYTES
    from dobble_print.app.uploads import DEFAULT_LIMITS
    from dobble_print.symbols import BadPicture
    from dobble_print.symbols.raster import check_raster

    assert DEFAULT_LIMITS.file_bytes == MAX_PICTURE_BYTES == 200_000_000
    huge = tmp_path / "scan.png"
    with huge.open("wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.truncate(MAX_PICTURE_BYTES + 1)
    with pytest.raises(BadPicture) as info:
        check_raster(huge)
    assert str(info.value) == "too large (201 MB, over 200 MB for a picture); shrink it"


def test_a_rich_text_document_named_txt_is_said_to_be_one(tmp_path):
    """WordPad and TextEdit save RTF, and a teacher may name it .txt: read as words, its codes
    (``{\\rtf1\\ansi``, ``chien\\par``) were printed on the cards."""
    path = tmp_path / "mots.txt"
    path.write_text(
        "{\\rtf1\\ansi\\deff0\n{\\fonttbl{\\f0 Arial;}}\n\\f0 chat\\par\nchien\\par\n}\n"
    )
    sources = find_sources([path])
    assert [(str(s.path), str(why)) for s, why in sources.bad] == [
        (
            str(path),
            "is a rich-text (RTF) document, not plain text; save it as plain text, one word per "
            "line",
        )
    ]


def test_a_list_of_notes_only_says_the_hash_marks_a_note(tmp_path):
    """A line starting with # is a note; a list of "#1" … "#7" said it held no words."""
    path = tmp_path / "numbers.txt"
    path.write_text("#1\n#2\n\n#3\n")
    assert [str(why) for _, why in find_sources([path]).bad] == [
        "its lines all start with #, which marks a note, not a word; remove the # to print them"
    ]
    path.write_text("# my list\ncat\ndog\n")
    assert [s.word for s in find_sources([path]).items] == ["cat", "dog"]
