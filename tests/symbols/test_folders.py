"""Folders searched with their subfolders: own files first, then subfolders, by name; hidden and
system folders passed over; no link followed twice; too few pictures said with the reasons."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from dobble_print.errors import DobbleError
from dobble_print.symbols import find_sources, load_symbols
from dobble_print.symbols.names import distinct_names
from tests.support import symbol_files as sf


def _pic(path: Path, shade: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    return sf.save(sf.blob(colour=(shade, 40, 200 - shade)), path)


def test_subfolders_are_searched_and_hidden_or_system_ones_are_not(tmp_path):
    family = tmp_path / "Family"
    _pic(family / "zebra.png", 10)
    _pic(family / "2024" / "Trip" / "beach.png", 30)
    _pic(family / "2023" / "beach.png", 50)
    _pic(family / "2023" / "IMG_4100.png", 70)
    for skipped in (".thumbnails", "__MACOSX", "@eaDir", ".git", "$RECYCLE.BIN"):
        _pic(family / skipped / "copy.png", 90)
    (family / "2024" / "Trip" / "up").symlink_to(family, target_is_directory=True)
    found = find_sources([family])
    assert [p.path.relative_to(family).as_posix() for p in found.items] == [
        "zebra.png",
        "2023/IMG_4100.png",
        "2023/beach.png",
        "2024/Trip/beach.png",
    ]
    assert found.search.subfolders == 3 and str(found.searched) == "3 subfolders searched too"
    assert f"{family / '2024' / 'Trip' / 'up'}: skipped (a link that loops)" in map(
        str, found.notes
    )
    assert f"{family / '__MACOSX'}: skipped (a system folder)" in map(str, found.notes)
    assert f"{family / '.thumbnails'}: skipped (hidden)" in map(str, found.notes)
    # same-named files in two subfolders stay two symbols, told apart in the answer key
    loaded = load_symbols(found, max_px=64)
    names = distinct_names([(s.name, s.source, True) for s in loaded.symbols])
    assert names == ["zebra", "IMG 4100", "2023/beach", "Trip/beach"]


def test_too_few_pictures_say_why(tmp_path):
    from dobble_print.symbols.sources import refuse_too_few

    folder = tmp_path / "Phone"
    for i in range(3):
        (folder / "Live").mkdir(parents=True, exist_ok=True)
        (folder / "Live" / f"IMG_{i}.MOV").write_bytes(b"x")
        (folder / f"DSC_{i}.NEF").write_bytes(b"x")
    (folder / "list.xyz").write_bytes(b"x")
    (folder / ".thumbnails").mkdir()
    with pytest.raises(DobbleError) as info:
        refuse_too_few(find_sources([folder]), str(folder))
    assert str(info.value) == (
        f"{folder}: no pictures to make a deck from (it needs 3): 7 files of a type "
        "dobble-print does not read: .nef (3), .mov (3), .xyz (1); for each camera RAW photo "
        "(.nef), export it as JPEG from the camera's or a photo app; for each video (.mov), save "
        "a still of it as JPEG or PNG; 1 hidden or system file or folder passed over; "
        "1 subfolder was searched"
    )


def test_a_folder_of_enough_pictures_is_not_refused(tmp_path):
    from dobble_print.symbols.sources import refuse_too_few

    for i in range(3):
        _pic(tmp_path / "a" / f"p{i}.png", 20 * i)
    (tmp_path / "a" / "clip.mov").write_bytes(b"x")
    refuse_too_few(find_sources([tmp_path / "a"]), "a")  # no error


def test_a_picture_given_twice_is_read_once(tmp_path):
    """A folder named twice, or a folder and a picture in it (a link to it too): each picture
    is one source, where the second copy was a look-alike of the first and both copies'
    names were listed among the pictures left out while the picture was on the cards."""
    folder = tmp_path / "pics"
    folder.mkdir()
    for name in ("a.png", "b.png"):
        Image.new("RGB", (8, 8), (200, 30, 30)).save(folder / name)
    (tmp_path / "link.png").symlink_to(folder / "b.png")
    found = find_sources([folder, folder / "b.png", folder, tmp_path / "link.png"])
    assert [s.path.name for s in found.items] == ["a.png", "b.png"]
    assert [p.name for p in found.files] == ["a.png", "b.png"]


def test_a_folder_named_twice_is_searched_once(tmp_path):
    """Its notes and counts too: a document and a hidden file were counted twice, and a word
    list beside the pictures was said twice."""
    folder = tmp_path / "pics"
    folder.mkdir()
    Image.new("RGB", (8, 8), (200, 30, 30)).save(folder / "a.png")
    (folder / "notes.doc").write_bytes(b"x")
    (folder / ".hidden").write_bytes(b"x")
    (folder / "list.txt").write_text("cat\ndog\n")
    once, twice = find_sources([folder]), find_sources([folder, folder])
    assert twice.items == once.items and twice.files == once.files
    assert twice.notes == once.notes and twice.warnings == once.warnings
    assert twice.search == once.search
