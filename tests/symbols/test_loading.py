"""Pictures of every kind, good and hostile, through find_sources and load_symbols."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from dobble_print.errors import DobbleError
from dobble_print.symbols import loading
from dobble_print.symbols.loading import (
    Background,
    PhotoShape,
    Symbol,
    SymbolOptions,
    faint_on_card,
    find_sources,
    load_symbols,
)
from dobble_print.symbols.pixels import Pixels
from dobble_print.symbols.raster import load_raster
from tests.support import symbol_files as sf
from tests.support.messages import cli_lines


def load(*paths: Path, max_px: int = 200, **options):
    return load_symbols(find_sources(list(paths)), max_px=max_px, options=SymbolOptions(**options))


def one(path: Path, **kw):
    [symbol] = load(path, **kw).symbols
    return symbol


def assert_trimmed(rgba: np.ndarray) -> None:
    ink = rgba[..., 3] > 8
    assert ink[0].any() and ink[-1].any() and ink[:, 0].any() and ink[:, -1].any()


# --- formats --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kw"),
    [
        ("a.png", {}),
        ("b.JPG", {"quality": 90}),
        ("c.jpeg", {}),
        ("d.webp", {"lossless": True}),
        ("e.gif", {}),
        ("f.bmp", {}),
        ("g.TIFF", {}),
        ("h.Png", {}),
    ],
)
def test_every_raster_format_and_case_loads(tmp_path, name, kw):
    im = sf.photo(90, 60, seed=1) if name[-3:].lower() in ("jpg", "peg", "bmp") else sf.blob()
    path = sf.save(im, tmp_path / name, **kw)
    symbol = one(path)
    assert symbol.rgba.dtype == np.uint8 and symbol.rgba.shape[2] == 4
    assert symbol.kind == "image" and symbol.name == Path(name).stem
    assert_trimmed(symbol.rgba)


def test_svg_outline_icon_is_dark_and_trimmed_on_its_ink(tmp_path):
    path = tmp_path / "house.svg"
    path.write_text(sf.outline_svg("house"))
    symbol = one(path, max_px=300)
    rgba = symbol.rgba
    ink = rgba[..., 3] > 128
    assert ink.mean() > 0.08  # strokes visible, not hairlines
    assert rgba[..., :3][ink].mean() < 60  # currentColor came out dark
    # The ink (18 of 24 units) fills the requested size, not the padded viewBox.
    assert 290 <= max(rgba.shape[:2]) <= 310
    assert_trimmed(rgba)


def test_svgz_is_read(tmp_path):
    import gzip

    path = tmp_path / "sun.SVGZ"
    path.write_bytes(gzip.compress(sf.outline_svg("sun").encode()))
    assert one(path).rgba.shape[0] > 100


def test_exif_orientation_is_applied(tmp_path):
    rgba = one(sf.exif_rotated_jpeg(tmp_path / "rot.jpg")).rgba
    h, w = rgba.shape[:2]
    assert h > w  # stored landscape, displayed portrait
    # Rotated 90° clockwise: the stored top-left red block is now at the top-right.
    assert rgba[5, w - 5, 0] > 180 and rgba[5, w - 5, 2] < 80
    assert rgba[5, 5, 2] > 150


def test_cmyk_jpeg_becomes_rgb(tmp_path):
    rgba = one(sf.cmyk_jpeg(tmp_path / "cmyk.jpg")).rgba
    h, w = rgba.shape[:2]
    cyan, magenta = rgba[h // 2, w // 4, :3].astype(int), rgba[h // 2, 3 * w // 4, :3].astype(int)
    assert cyan[0] < 80 and cyan[1] > 170 and cyan[2] > 170
    assert magenta[1] < 80 and magenta[0] > 170 and magenta[2] > 170


def test_16_bit_png_is_scaled_not_clipped(tmp_path):
    rgba = load_raster(sf.png16(tmp_path / "deep.png"), max_px=256)
    row = rgba[16, :, 0].astype(int)
    assert row[0] < 3 and row[-1] > 252 and 110 < row[128] < 145
    assert np.all(np.diff(row) >= 0)


def test_palette_png_keeps_its_transparency(tmp_path):
    rgba = one(sf.palette_png(tmp_path / "pal.png")).rgba
    assert rgba.shape[:2] == (20, 30)  # trimmed to the green square
    assert (rgba[..., 3] == 255).all() and tuple(rgba[0, 0, :3]) == (20, 160, 60)


def test_animated_gif_gives_its_first_frame(tmp_path):
    rgba = one(sf.animated_gif(tmp_path / "anim.gif"), background="keep").rgba
    assert tuple(rgba[20, 20, :3]) == (220, 20, 20)


def test_one_pixel_picture(tmp_path):
    symbol = one(sf.save(Image.new("RGBA", (1, 1), (10, 20, 30, 255)), tmp_path / "dot.png"))
    assert symbol.rgba.shape == (1, 1, 4)


def test_large_jpeg_is_decoded_small(tmp_path, monkeypatch):
    """A 6000×4000 photo is decoded at 1/8 scale: the full-size pixels never exist in memory."""
    from PIL import JpegImagePlugin

    big = sf.save(sf.photo(600, 400, seed=3).resize((6000, 4000)), tmp_path / "big.jpg", quality=60)
    decoded = []
    original = JpegImagePlugin.JpegImageFile.load

    def spy(self):
        decoded.append(self.size)
        return original(self)

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "load", spy)
    rgba = load_raster(big, max_px=500)
    assert max(rgba.shape[:2]) == 500
    assert decoded and max(decoded[0]) == 750  # 6000 / 8, still ≥ 500


# --- backgrounds and photos ----------------------------------------------------------------


def test_white_background_removed_white_inside_kept(tmp_path):
    path = sf.save(sf.drawing(seed=2), tmp_path / "face.jpg", quality=92)
    rgba = one(path, max_px=400).rgba
    h, w = rgba.shape[:2]
    assert rgba[0, 0, 3] == 0 and rgba[-1, -1, 3] == 0  # paper outside the outline
    # The drawing is an ellipse: it touches the middle of each edge after trimming.
    assert rgba[h // 2, 2, 3] > 200
    # The white of an eye (inside the outline) stays white and opaque.
    eye = rgba[int(h * 0.3) : int(h * 0.45), int(w * 0.32) : int(w * 0.42)]
    white_opaque = (eye[..., 3] == 255) & (eye[..., :3].min(axis=2) > 235)
    assert white_opaque.mean() > 0.3


def test_coloured_paper_is_a_plain_background_too(tmp_path):
    path = sf.save(sf.drawing(seed=4, paper=(250, 235, 200)), tmp_path / "cream.png")
    assert one(path).rgba[0, 0, 3] == 0


def test_background_keep_leaves_the_paper(tmp_path):
    path = sf.save(sf.drawing(seed=2), tmp_path / "face.png")
    rgba = one(path, background=Background.KEEP).rgba
    assert (rgba[..., 3] == 255).all() and rgba.shape[1] > 190


def test_photo_stays_a_whole_rectangle(tmp_path):
    path = sf.save(sf.photo(300, 200, seed=5), tmp_path / "beach.jpg")
    rgba = one(path, max_px=300).rgba
    assert rgba.shape[:2] == (200, 300) and (rgba[..., 3] == 255).all()


@pytest.mark.parametrize(
    ("shape", "size", "corner_alpha"),
    [("rect", (200, 300), 255), ("rounded", (200, 300), 0), ("circle", (200, 200), 0)],
)
def test_photo_shapes(tmp_path, shape, size, corner_alpha):
    path = sf.save(sf.photo(300, 200, seed=5), tmp_path / "beach.png")
    rgba = one(path, max_px=300, photo_shape=PhotoShape(shape)).rgba
    assert rgba.shape[:2] == size
    assert rgba[0, 0, 3] == corner_alpha
    assert rgba[size[0] // 2, size[1] // 2, 3] == 255


# --- sources, names, duplicates -------------------------------------------------------------


def test_sources_merge_in_order_and_skip_what_is_not_a_picture(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    sf.save(sf.blob(colour=(10, 10, 200)), a / "zebra_crossing.png")
    sf.save(sf.blob(colour=(10, 200, 10)), a / "Apple-Pie.PNG")
    sf.save(sf.blob(colour=(200, 10, 10)), a / ".hidden.png")
    (a / "notes.md").write_text("x")
    (a / "sub").mkdir()
    sf.save(sf.blob(colour=(200, 200, 10)), b / "moon.gif")
    words = tmp_path / "w.txt"
    words.write_text("# colours\nrouge\n\n  bleu   ciel \n", encoding="utf-8")
    sources = find_sources([a, words, b])
    result = load_symbols(sources, max_px=100)
    assert [s.name for s in result.symbols] == [
        "Apple Pie",
        "zebra crossing",
        "rouge",
        "bleu ciel",
        "moon",
    ]
    assert [s.kind for s in result.symbols] == ["image"] * 2 + ["word"] * 2 + ["image"]
    assert result.symbols[3].source == f"{words}:4"
    notes = "\n".join(map(str, result.notes))
    assert ".hidden.png: skipped (hidden)" in notes and "notes.md: skipped (not a picture" in notes
    assert "sub: skipped" not in notes  # subfolders are searched (tests/symbols/test_folders.py)


def test_need_stops_loading_and_names_the_rest_unused(tmp_path):
    for i in range(5):
        sf.save(sf.blob(colour=(40 * i, 10, 10)), tmp_path / f"p{i}.png")
    result = load_symbols(find_sources([tmp_path]), need=3, max_px=64)
    assert len(result.symbols) == 3 and result.unused == ("p3.png", "p4.png")


def test_duplicates_are_reported_and_used_once(tmp_path):
    first = sf.save(sf.blob(), tmp_path / "cat.png")
    copy = tmp_path / "cat copy.png"  # sorts first: " " < "."
    copy.write_bytes(first.read_bytes())
    words = tmp_path / "w.txt"
    words.write_text("dog\nDog\n", encoding="utf-8")
    result = load(tmp_path, words)
    assert [s.name for s in result.symbols] == ["cat copy", "dog"]
    assert cli_lines(result.warnings) == (
        f"{first}: same pixels as {copy}; used once",
        f"{words}:2: same word as {words}:1; used once",
    )


def test_pictures_of_one_fingerprint_are_compared_pixel_for_pixel(tmp_path, monkeypatch):
    """A picture's fingerprint is a checksum of its pixels: two different pictures that share
    one (made to here) are both kept, and a real copy is still found among them. On the old code
    a shared fingerprint was taken for the same pixels."""
    sf.save(sf.blob(colour=(200, 10, 10)), tmp_path / "a.png")
    sf.save(sf.blob(colour=(10, 200, 10)), tmp_path / "b.png")
    (tmp_path / "c.png").write_bytes((tmp_path / "b.png").read_bytes())
    real = loading._fingerprint
    monkeypatch.setattr(loading, "_fingerprint", lambda s: b"one" if s.kind == "image" else real(s))
    result = load_symbols(find_sources([tmp_path]), max_px=64)
    assert [s.name for s in result.symbols] == ["a", "b"]
    assert cli_lines(result.warnings) == (
        f"{tmp_path / 'c.png'}: same pixels as {tmp_path / 'b.png'}; used once",
    )


def test_many_repeated_words_are_one_warning_and_never_drawn(tmp_path, monkeypatch):
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\nsun\n" + "Cat\n" * 10, encoding="utf-8")
    drawn = []
    real = loading.render_word
    monkeypatch.setattr(
        loading, "render_word", lambda text, **kw: drawn.append(text) or real(text, **kw)
    )
    result = load_symbols(find_sources([words]), max_px=100)
    assert drawn == ["cat", "dog", "sun"]
    assert cli_lines(result.warnings) == (
        f"{words}: 10 lines repeat a word given before (lines 4, 5, 6, 7, 8, 9, 10, 11, …); "
        "each word is used once",
    )


def test_link_leaving_the_folder_is_not_followed(tmp_path):
    outside = sf.save(sf.blob(), tmp_path / "outside" / "secret.png")
    inside = tmp_path / "in"
    sf.save(sf.blob(colour=(1, 2, 3)), inside / "ok.png")
    (inside / "link.png").symlink_to(outside)
    result = load(inside)
    assert [s.name for s in result.symbols] == ["ok"]
    assert any(
        "link.png: skipped (a link to outside the folder)" in n for n in map(str, result.notes)
    )


@pytest.mark.parametrize(
    ("arg", "message"),
    [
        ("nope", "{p}: no such file or folder; give folders of pictures or .txt files"),
        (
            "x.xyz",
            "{p}: not a folder, picture or .txt word list; give pictures (PNG, JPEG, HEIC, "
            "AVIF, WebP, GIF, BMP, TIFF or SVG) or a .txt file of words",
        ),
    ],
)
def test_bad_source_arguments(tmp_path, arg, message):
    p = tmp_path / arg
    if arg.endswith(".xyz"):
        p.write_text("x")
    with pytest.raises(DobbleError) as info:
        find_sources([p])
    assert str(info.value) == message.format(p=p)


def _art(share_white: float, size: int = 90) -> Symbol:
    """A square picture: the first ``share_white`` of its rows white, the rest dark blue."""
    rgba = np.zeros((size, size, 4), np.uint8)
    rgba[..., 3] = 255
    rgba[: round(size * share_white)] = (255, 255, 255, 255)
    rgba[round(size * share_white) :, :, :3] = (20, 40, 120)
    return Symbol("art", "art.png", Pixels.of(rgba))


@pytest.mark.parametrize(
    ("share_white", "card", "warned"),
    [
        (1.0, (1, 1, 1), True),  # white art on a white card
        (0.99, (1, 1, 1), True),  # a thin dark line does not save it
        (0.9, (1, 1, 1), False),  # a tenth of dark ink shows
        (1.0, (0.1, 0.1, 0.1), False),  # white art on a dark card
    ],
)
def test_faint_on_card(share_white, card, warned):
    found = faint_on_card([_art(share_white)], card)
    assert list(cli_lines(found)) == (
        [
            "art.png: nearly all the card's colour (#ffffff), it would barely show; darken it, "
            "give it an outline, or choose another --card-color"
        ]
        if warned
        else []
    )


def test_faint_on_card_ignores_words_and_sees_tiny_pictures():
    tiny = _art(1.0, size=2)  # smaller than the sampling stride: every pixel is looked at
    word = Symbol("snow", "words.txt:1", _art(1.0).rgba, kind="word")
    assert len(faint_on_card([tiny, word], (1, 1, 1))) == 1


@pytest.mark.parametrize("mode", ["RGB", "L"])
def test_an_opaque_picture_is_resized_to_the_same_pixels_before_alpha_is_added(tmp_path, mode):
    """Pictures without alpha are shrunk before RGBA is added (faster); LANCZOS over an alpha of
    255 everywhere is the same arithmetic, so the pixels must equal adding alpha first."""
    rng = np.random.default_rng(5)
    shape = (700, 1000, 3) if mode == "RGB" else (700, 1000)
    path = tmp_path / f"opaque_{mode}.png"
    Image.fromarray(rng.integers(0, 256, shape, dtype=np.uint8), mode).save(path)
    want = Image.open(path).convert("RGBA")
    want.thumbnail((300, 300), Image.Resampling.LANCZOS)
    got = load_raster(path, max_px=300)
    assert got.shape == (210, 300, 4)
    np.testing.assert_array_equal(got, np.asarray(want))


@pytest.mark.parametrize(
    ("size", "decoded"), [((2000, 1500), (1000, 750)), ((900, 3000), (450, 1500))]
)
def test_a_large_jpeg_is_decoded_at_the_smallest_scale_that_still_covers_the_need(
    tmp_path, monkeypatch, size, decoded
):
    """JPEG decodes at 1/2, 1/4 or 1/8 scale for free; the scale must keep the *longer* side at
    least max_px (asking draft for max_px on both sides decoded a 2000×1500 photo in full for
    793 px, twice the time of the whole load)."""
    from PIL import JpegImagePlugin

    path = tmp_path / "photo.jpg"
    rng = np.random.default_rng(3)
    Image.fromarray(rng.integers(0, 256, (size[1], size[0], 3), dtype=np.uint8)).save(path)
    seen = []
    draft = JpegImagePlugin.JpegImageFile.draft

    def spy(self, mode, want):
        out = draft(self, mode, want)
        seen.append(self.size)
        return out

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "draft", spy)
    got = load_raster(path, max_px=793)
    assert seen == [decoded]
    assert max(got.shape[:2]) == 793
