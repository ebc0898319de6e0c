"""Near-duplicates (issue 23, item 5): resized, recompressed and re-saved copies of a picture are
used once, as exact duplicates are; distinct pictures, even of the same scene, are all kept.

The photos are real (``tests/data/similar``, see its README); the copies are made here.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from dobble_print.symbols import find_sources, load_symbols
from dobble_print.symbols.similar import MAX_COLOUR, MAX_SHAPE, Look, distance, look, looks_same
from dobble_print.symbols.svg.rasterise import load_svg
from tests.conftest import ICONS
from tests.support import symbol_files as sf
from tests.support.messages import cli_lines

PHOTOS = sorted((Path(__file__).parents[1] / "data" / "similar").glob("*.jpg"))
MAX_PX = 400  # the photos are 360 px: loaded as they are


def look_of(path: Path, max_px: int = MAX_PX) -> Look:
    [symbol] = load_symbols(find_sources([path]), max_px=max_px).symbols
    return look(symbol.rgba)


def _rgb(path: Path) -> Image.Image:
    with Image.open(path) as im:
        return im.convert("RGB")


def _half(im: Image.Image) -> Image.Image:
    return im.resize((im.width // 2, im.height // 2), Image.Resampling.LANCZOS)


def _on_white(im: Image.Image) -> Image.Image:
    """What saving a transparent PNG as JPEG gives: its colours over white."""
    return Image.alpha_composite(Image.new("RGBA", im.size, "white"), im.convert("RGBA")).convert(
        "RGB"
    )


def _tinted(im: Image.Image, gains: tuple[float, float, float]) -> Image.Image:
    """What a photo app's colour filter does: each channel scaled by a few percent (alpha kept)."""
    a = np.asarray(im).astype(np.float32)
    a[..., :3] *= np.array(gains, np.float32)
    return Image.fromarray(np.clip(np.round(a), 0, 255).astype(np.uint8), im.mode)


# Filters that moved 21 pairs of pictures into one deck: R and B 6 % apart (warm, cool); a small
# brightness change.
TINTS = {
    "warm filter": (1.06, 1.0, 0.94),
    "cool filter": (0.94, 1.0, 1.06),
    "brighter": (1.08, 1.08, 1.08),
    "darker": (0.93, 0.93, 0.93),
}


# A PNG is lossless: its quickest compression gives the same pixels, which are all a look is
# made from.
QUICK_PNG = {"compress_level": 1}

# A copy maker: (original file, folder) -> (the file to compare with, the copy).
Copier = Callable[[Path, Path], tuple[Path, Path]]


def _as_png_then(make: Callable[[Image.Image, Path], Path]) -> Copier:
    """The original given as a PNG (lossless), its copy made from that PNG."""

    def copy(path: Path, folder: Path) -> tuple[Path, Path]:
        png = sf.save(_rgb(path), folder / "original.png", **QUICK_PNG)
        return png, make(_rgb(png), folder)

    return copy


PHOTO_COPIES: dict[str, Copier] = {
    "resized 50 %": lambda p, d: (p, sf.save(_half(_rgb(p)), d / "copy.jpg", quality=85)),
    "recompressed JPEG q60": lambda p, d: (p, sf.save(_rgb(p), d / "copy.jpg", quality=60)),
    "re-saved JPEG to PNG": lambda p, d: (p, sf.save(_rgb(p), d / "copy.png", **QUICK_PNG)),
    "re-saved PNG to JPEG": _as_png_then(lambda im, d: sf.save(im, d / "copy.jpg", quality=75)),
    "resized 50 % and JPEG q60 (a messaging app)": lambda p, d: (
        p,
        sf.save(_half(_rgb(p)), d / "copy.jpg", quality=60),
    ),
    "resized 50 % as PNG": lambda p, d: (p, sf.save(_half(_rgb(p)), d / "copy.png", **QUICK_PNG)),
    "PNG resized 50 % to JPEG q60": _as_png_then(
        lambda im, d: sf.save(_half(im), d / "copy.jpg", quality=60)
    ),
} | {
    f"{tint} (JPEG q85)": lambda p, d, gains=gains: (
        p,
        sf.save(_tinted(_rgb(p), gains), d / "copy.jpg", quality=85),
    )
    for tint, gains in TINTS.items()
}


def test_the_photos_are_twenty_small_files():
    assert len(PHOTOS) == 20
    assert sum(p.stat().st_size for p in PHOTOS) < 1_500_000
    for path in PHOTOS:
        with Image.open(path) as im:
            assert im.format == "JPEG" and max(im.size) <= 400


@pytest.fixture(scope="module")
def original_looks() -> Callable[[Path], Look]:
    """``look(original)``: :func:`look_of` an original, made once per content for every kind of
    copy (each photo's own file, and the same PNG re-saved from it)."""
    made: dict[bytes, Look] = {}

    def get(path: Path) -> Look:
        key = hashlib.sha256(path.read_bytes()).digest()
        if key not in made:
            made[key] = look_of(path)
        return made[key]

    return get


@pytest.mark.parametrize("kind", PHOTO_COPIES)
def test_copies_of_photos_are_caught(tmp_path, original_looks, kind):
    missed = []
    for path in PHOTOS:
        folder = tmp_path / path.stem
        folder.mkdir()
        original, copy = PHOTO_COPIES[kind](path, folder)
        a, b = original_looks(original), look_of(copy)
        if not looks_same(a, b):
            missed.append(f"{path.name}: {distance(a, b)}")
    assert not missed, missed


def test_twenty_photos_of_similar_scenes_are_not_merged():
    result = load_symbols(find_sources(PHOTOS), max_px=MAX_PX)
    assert result.warnings == ()
    assert [s.source for s in result.symbols] == [str(p) for p in PHOTOS]
    looks = {p.name: look(s.rgba) for p, s in zip(PHOTOS, result.symbols, strict=True)}
    merged = [
        f"{a} ~ {b}: {distance(looks[a], looks[b])}"
        for a, b in itertools.combinations(looks, 2)
        if looks_same(looks[a], looks[b])
    ]
    assert not merged, merged


# --- icons and drawings ---------------------------------------------------------------------

ICON_PX = 300


def _icon_png(svg: Path, folder: Path) -> Path:
    picture = Image.fromarray(load_svg(svg, max_px=ICON_PX), "RGBA")
    return sf.save(picture, folder / "original.png", **QUICK_PNG)


ICON_COPIES: dict[str, Callable[[Image.Image, Path], Path]] = {
    "resized 50 %": lambda im, d: sf.save(_half(im), d / "copy.png", **QUICK_PNG),
    "PNG to JPEG q60 (on white)": lambda im, d: sf.save(_on_white(im), d / "copy.jpg", quality=60),
    "resized 50 % and PNG to JPEG q60": lambda im, d: sf.save(
        _half(_on_white(im)), d / "copy.jpg", quality=60
    ),
}


@pytest.fixture(scope="module")
def icon_originals(tmp_path_factory) -> dict[str, tuple[Path, Look]]:
    """Each default icon drawn as a PNG and its look, once for every kind of copy."""
    folder = tmp_path_factory.mktemp("icons")
    originals = {}
    for svg in sorted(ICONS.glob("*.svg")):
        (folder / svg.stem).mkdir()
        original = _icon_png(svg, folder / svg.stem)
        originals[svg.stem] = original, look_of(original, ICON_PX)
    return originals


@pytest.mark.parametrize("kind", ICON_COPIES)
def test_copies_of_the_default_icons_are_caught(tmp_path, icon_originals, kind):
    """Symmetric ones too (sun, star, snowflake, crown), whose pHash bits differed by up to 28 of
    64 in such copies: many of their frequencies are near zero, with signs left to chance."""
    assert len(icon_originals) == 57
    missed = []
    for stem, (original, a) in icon_originals.items():
        folder = tmp_path / stem
        folder.mkdir()
        with Image.open(original) as im:
            copy = ICON_COPIES[kind](im.convert("RGBA"), folder)
        b = look_of(copy, ICON_PX)
        if not looks_same(a, b):
            missed.append(f"{stem}: {distance(a, b)}")
    assert not missed, missed


def test_the_57_default_icons_are_not_merged():
    result = load_symbols(find_sources([ICONS]), max_px=ICON_PX)
    assert len(result.symbols) == 57 and result.warnings == ()
    looks = {s.name: look(s.rgba) for s in result.symbols}
    merged = [
        f"{a} ~ {b}" for a, b in itertools.combinations(looks, 2) if looks_same(looks[a], looks[b])
    ]
    assert not merged, merged


def test_the_same_blob_in_another_colour_is_not_merged(tmp_path):
    """A red and a green blob of the same luminance have the same shape: their colours tell them
    apart."""
    red = sf.save(sf.blob(colour=(200, 40, 40)), tmp_path / "red.png")
    green = sf.save(sf.blob(colour=(40, 122, 40)), tmp_path / "green.png")
    shape, colour, aspect = distance(look_of(red), look_of(green))
    assert shape < MAX_SHAPE / 10 and aspect == 1 and colour > MAX_COLOUR
    result = load_symbols(find_sources([tmp_path]), max_px=MAX_PX)
    assert [s.name for s in result.symbols] == ["green", "red"] and result.warnings == ()


def test_an_icon_in_other_colours_is_not_merged(tmp_path):
    """The same silhouette and shading, hues turned by a third of the circle."""
    rgba = load_svg(ICONS / "cat.svg", max_px=ICON_PX)
    hsv = np.asarray(Image.fromarray(rgba[..., :3], "RGB").convert("HSV")).copy()
    hsv[..., 0] += 85  # uint8 hue: wraps around
    turned = np.dstack([np.asarray(Image.fromarray(hsv, "HSV").convert("RGB")), rgba[..., 3]])
    a = sf.save(Image.fromarray(rgba, "RGBA"), tmp_path / "cat.png")
    b = sf.save(Image.fromarray(turned, "RGBA"), tmp_path / "blue cat.png")
    assert not looks_same(look_of(a, ICON_PX), look_of(b, ICON_PX))


def test_tiny_and_plain_pictures_have_a_look():
    dot = np.full((1, 1, 4), 255, np.uint8)
    line = np.zeros((1, 40, 4), np.uint8)
    line[..., 3] = 255
    for rgba in (dot, line):
        assert look(rgba).colour.shape == (16, 16, 3)
    red = np.zeros((30, 60, 4), np.uint8)
    red[...] = (220, 0, 0, 255)
    blue = red[..., [2, 1, 0, 3]].copy()
    assert looks_same(look(red), look(red[::2, ::2].copy()))  # a plain picture's resized copy
    assert not looks_same(look(red), look(blue))
    assert not looks_same(look(red), look(red[:, :30].copy()))  # a square is not a 2:1 oblong


# --- loading --------------------------------------------------------------------------------


def test_load_symbols_uses_a_resized_copy_once_and_takes_the_next_picture(tmp_path):
    """A photo and its copy as a messaging app makes it (half size, JPEG q60): the copy is
    skipped with a warning and the deck takes one more source instead; an exact copy is still
    reported as the same pixels."""
    by_name = {p.stem: p for p in PHOTOS}
    a = sf.save(_rgb(by_name["garden_a"]), tmp_path / "a.jpg", quality=90)
    b = sf.save(_half(_rgb(a)), tmp_path / "b.jpg", quality=60)
    c = sf.save(_rgb(by_name["garden_b"]), tmp_path / "c.jpg", quality=90)
    d = tmp_path / "d.jpg"
    d.write_bytes(c.read_bytes())
    e = sf.save(_rgb(by_name["dune_a"]), tmp_path / "e.jpg", quality=90)
    f = sf.save(_rgb(by_name["dune_b"]), tmp_path / "f.jpg", quality=90)
    result = load_symbols(find_sources([tmp_path]), need=3, max_px=MAX_PX)
    assert [s.source for s in result.symbols] == [str(a), str(c), str(e)]
    assert cli_lines(result.warnings) == (
        f"{d}: same pixels as {c}; used once",
        f"{b}: looks the same as {a} (a resized, re-saved or colour-filtered copy?); used once",
    )
    assert result.unused == (f.name,)


def _mixed_folder(folder: Path, icons: dict[str, tuple[Path, Look]]) -> tuple[int, int]:
    """The default icons (their PNGs from ``icon_originals``) and the photos of
    ``tests/data/photos``, with colour-filtered copies of every third icon and of every photo
    (two filters each), the filters in turn. Returns (originals, copies)."""
    tints = itertools.cycle(TINTS.values())
    originals = copies = 0
    for i, (stem, (png, _)) in enumerate(icons.items()):  # in the files' order
        (folder / f"{stem}.png").write_bytes(png.read_bytes())
        if i % 3 == 0:
            with Image.open(png) as im:
                edited = _tinted(im.convert("RGBA"), next(tints))
                sf.save(edited, folder / f"{stem}_edited.png", **QUICK_PNG)
            copies += 1
        originals += 1
    for photo in sorted((Path(__file__).parents[1] / "data" / "photos").glob("*.jpg")):
        sf.save(_rgb(photo), folder / f"{photo.stem}.jpg", quality=90)
        for j in range(2):
            sf.save(_tinted(_rgb(photo), next(tints)), folder / f"{photo.stem}_{j}.jpg", quality=85)
        originals, copies = originals + 1, copies + 2
    return originals, copies


def test_colour_filtered_copies_are_caught_and_plan_counts_the_originals(tmp_path, icon_originals):
    """Issue 31, item 6: warm, cool, brighter and darker copies among distinct icons and photos
    are used once, and reported in one line; each is listed in the notes."""
    from typer.testing import CliRunner

    from dobble_print.cli import app

    originals, copies = _mixed_folder(tmp_path, icon_originals)
    assert (originals, copies) == (69, 43)
    done = CliRunner().invoke(app, ["plan", str(tmp_path)])
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert (
        f"{originals} pictures ({copies} not used: duplicates or files that cannot be read):"
        in lines
    )
    assert lines[0] == (
        f"warning: {copies} pictures look the same as others (resized, re-saved or "
        f"colour-filtered copies?) and are used once: {tmp_path}/airplane_edited.png is like "
        f"{tmp_path}/airplane.png, {tmp_path}/apple_edited.png is like {tmp_path}/apple.png, "
        f"{tmp_path}/astronaut_0.jpg is like {tmp_path}/astronaut.jpg, and {copies - 3} more pairs"
    )
    assert (
        lines[1]
        == f"{originals} pictures ({copies} not used: duplicates or files that cannot be read):"
    )


def test_the_look_is_the_orthonormal_dct_and_loading_needs_no_scipy(tmp_path):
    import subprocess
    import sys

    from scipy.fft import dct

    from dobble_print.symbols.early import LOAD_IN_PARALLEL_FROM
    from dobble_print.symbols.similar import _DCT
    from tests.support.threads import copy_icons

    x = np.random.default_rng(0).random((32, 32)).astype(np.float32)
    want = dct(dct(x, axis=0, norm="ortho"), axis=1, norm="ortho")
    np.testing.assert_allclose(_DCT @ x @ _DCT.T, want, atol=1e-5)
    # As many icons as are loaded on threads, as a deck's are, not all 57: the same code runs,
    # each icon at the same size as before, in under half the time.
    copy_icons(tmp_path, LOAD_IN_PARALLEL_FROM)
    code = (
        "import sys; from dobble_print.symbols import find_sources, load_symbols; "
        f"load_symbols(find_sources([__import__('pathlib').Path({str(tmp_path)!r})])); "
        "print('scipy' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


def test_a_pictures_look_and_fingerprint_are_made_on_the_loading_threads(tmp_path, monkeypatch):
    """With 16 pictures or more, threads decode them; each picture's look (near copies) and
    fingerprint (the same pixels) are made there too, beside the decoding, not in the loop that
    keeps the symbols in order: they were ~0.25 s of the classic deck's serial work."""
    from dobble_print.symbols import loading
    from tests.support.threads import calls_by_thread, copy_icons

    copy_icons(tmp_path, 18)
    (tmp_path / "zz_airplane_again.svg").write_bytes((ICONS / "airplane.svg").read_bytes())
    where = calls_by_thread(monkeypatch, loading, "_identity")
    monkeypatch.setattr("dobble_print.parallel.cores", lambda: 2)
    result = load_symbols(find_sources([tmp_path]), max_px=64)
    assert len(result.symbols) == 18  # the airplane once, its copy found by its fingerprint
    assert len(where) == 19 and all(name.startswith("dobble-print") for name in where), where


def test_pairs_compared_at_once_are_decided_as_each_pair_alone(monkeypatch):
    """:func:`similar.same_pairs` (the loading's and the vision check's comparison, thousands of
    pairs at once, in chunks) says of every pair, in both orders, what its three distances say
    at the limits: 12 icons, a resized and a colour-filtered copy of each (alike), and one shape
    in 12 colours (close shapes, apart in colour), chunks of 7 pairs."""
    from dobble_print.symbols import similar

    pictures = [load_svg(svg, max_px=120) for svg in sorted(ICONS.glob("*.svg"))[:12]]
    copies = []
    for rgba in pictures:
        im = Image.fromarray(rgba, "RGBA")
        copies.append(np.asarray(_half(im)))
        tinted = rgba.astype(np.float32) * np.float32([1.08, 1.0, 0.93, 1.0])
        copies.append(np.clip(tinted, 0, 255).astype(np.uint8))
    blob = np.zeros((60, 90, 4), np.uint8)
    blob[10:50, 10:80] = 255
    hues = [
        blob * np.uint8([k % 2, k // 2 % 2, k // 4 % 2, 1]) + np.uint8([20 * k, 0, 0, 0])
        for k in range(12)
    ]
    looks = [look(p) for p in [*pictures, *copies, *hues]]
    first, second = np.nonzero(~np.eye(len(looks), dtype=bool))
    monkeypatch.setattr(similar, "PAIRS_AT_ONCE", 7)
    at_once = similar.same_pairs(similar.Looks.of(looks), first, second)
    alone = []
    for i, j in zip(first, second, strict=True):
        shape, colour, aspect = distance(looks[i], looks[j])
        alone.append(shape <= MAX_SHAPE and colour <= MAX_COLOUR and aspect <= similar.MAX_ASPECT)
    assert at_once.tolist() == alone
    assert sum(alone) == 84  # copies and originals (72, both ways); hues close in colour (12)
