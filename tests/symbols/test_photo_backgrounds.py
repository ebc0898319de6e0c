"""Photos keep their background; drawn art on plain paper loses it (issue 23, item 1).

Real photos (``tests/data/photos``, sources and licences in its README) and three crops of each,
48 pictures: a night sky, a handwritten page photographed on grey paper and a flat orange
close-up among them, whose borders are plain enough to pass for paper. Removing that "paper"
used to leave specks spread over the card and shrink every other symbol to 5–11 mm.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw
from typer.testing import CliRunner

from dobble_print.card import CardShape
from dobble_print.cli import app
from dobble_print.layout import recognisable_size
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.symbols import SymbolOptions, find_sources, load_symbols
from dobble_print.symbols.background import judge_removal, plain_background, remove_background
from dobble_print.symbols.raster import load_raster
from tests.conftest import ICONS
from tests.support import symbol_files as sf

PHOTOS = sorted((Path(__file__).parents[1] / "data" / "photos").glob("*.jpg"))
# Three crops of each photo (left, top, right, bottom as shares of its size): a corner, the
# middle and the lower right, so every photo gives four pictures of different borders.
CROPS = ((0.0, 0.0, 0.5, 0.5), (0.25, 0.3, 0.75, 0.8), (0.45, 0.4, 1.0, 1.0))


@pytest.fixture(scope="module")
def photo_set(tmp_path_factory) -> Path:
    """The 12 photos and 3 crops of each (lossless PNG), in one folder. The crops are
    compressed the least: the same pixels, a few per cent larger, in a third of the time."""
    folder = tmp_path_factory.mktemp("photos")
    for path in PHOTOS:
        shutil.copy(path, folder / path.name)
        with Image.open(path) as im:
            w, h = im.size
            for i, (left, top, right, bottom) in enumerate(CROPS):
                box = (round(left * w), round(top * h), round(right * w), round(bottom * h))
                im.crop(box).save(folder / f"{path.stem}_crop{i}.png", compress_level=1)
    return folder


def test_the_set_holds_a_night_sky_a_grey_document_and_a_flat_close_up(photo_set):
    """The hard cases are there, and their borders pass for plain paper: the judgement of what
    removal leaves decides for them, not the border test."""
    assert len(PHOTOS) == 12 and len(list(photo_set.iterdir())) == 48
    plain = sorted(
        p.stem for p in photo_set.iterdir() if plain_background(load_raster(p, max_px=600))
    )
    assert {"night_sky", "handwriting", "orange_suit"} <= set(plain)
    assert len(plain) >= 12, plain


def test_every_photo_and_crop_keeps_its_background(photo_set):
    """(a) Loaded as ``build`` loads them, with the default options, every one of the 48 is
    its whole rectangle, fully opaque (the old code cut 16 of them apart)."""
    loaded = load_symbols(find_sources([photo_set]), options=SymbolOptions())
    assert len(loaded.symbols) == 48 and not loaded.warnings
    cut = []
    for symbol in loaded.symbols:
        with Image.open(symbol.source) as im:
            size = im.size[::-1]
        if symbol.rgba.shape[:2] != size or (symbol.rgba[..., 3] < 255).any():
            cut.append(Path(symbol.source).name)
    assert not cut, f"cut apart: {cut}"
    assert not any(s.background_removed for s in loaded.symbols)


def _outline_on_white(name: str) -> str:
    """An outline icon (symbol_files) drawn on a white square, as an SVG."""
    svg = sf.outline_svg(name)
    head, body = svg.split(">", 1)
    return f'{head}><rect width="24" height="24" fill="#fff" stroke="none"/>{body}'


def _star(path: Path) -> Path:
    """Clip art: a flat yellow star with a darker edge on white."""
    im = Image.new("RGB", (400, 400), "white")
    a = np.arange(10) * np.pi / 5
    r = np.where(np.arange(10) % 2, 75, 180)
    ImageDraw.Draw(im).polygon(
        list(zip(200 + r * np.sin(a), 200 - r * np.cos(a), strict=True)),
        fill=(240, 190, 20),
        outline=(120, 80, 0),
    )
    return sf.save(im, path)


def _product(path: Path) -> Path:
    """A product shot: a shaded blue ball with a soft shadow on an off-white sweep, JPEG."""
    y, x = np.mgrid[0:400, 0:400].astype(np.float32)
    a = np.full((400, 400, 3), 250, np.float32)
    a -= (np.exp(-(((x - 210) / 120) ** 2 + ((y - 330) / 25) ** 2)) * 60)[..., None]
    ball = np.hypot(x - 200, y - 190) < 130
    light = np.clip(1 - np.hypot(x - 160, y - 150) / 260, 0, 1)[ball][:, None]
    a[ball] = np.array([30, 90, 200], np.float32) * (0.4 + 0.9 * light)
    a += np.random.default_rng(0).normal(0, 3, a.shape)
    return sf.save(Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)), path, quality=88)


def _spiral(path: Path) -> Path:
    """Open line art: one 3 px black line, a spiral, on white (thin, like handwriting)."""
    im = Image.new("RGB", (500, 500), "white")
    t = np.linspace(0, 6 * np.pi, 400)
    ImageDraw.Draw(im).line(
        list(zip(250 + 7 * t * np.cos(t), 250 + 7 * t * np.sin(t), strict=True)),
        fill=(0, 0, 0),
        width=3,
    )
    return sf.save(im, path)


DRAWN = {
    "face.jpg": lambda p: sf.save(sf.drawing(seed=2), p, quality=90),
    "face_on_cream.png": lambda p: sf.save(sf.drawing(seed=4, paper=(250, 235, 200)), p),
    "sun.svg": lambda p: p.write_text(_outline_on_white("sun")),
    "key.svg": lambda p: p.write_text(_outline_on_white("key")),
    "house.svg": lambda p: p.write_text(_outline_on_white("house")),
    "star.png": _star,
    "ball.jpg": _product,
    "spiral.png": _spiral,
}


@pytest.mark.parametrize("name", list(DRAWN))
def test_drawn_art_on_plain_paper_still_loses_it(tmp_path, name):
    """(b) Drawings, outline icons, clip art, a product shot and thin line art on plain paper:
    their paper is removed, so the box around the art is partly transparent."""
    path = tmp_path / name
    DRAWN[name](path)
    [symbol] = load_symbols(find_sources([path]), options=SymbolOptions()).symbols
    assert symbol.background_removed
    assert (symbol.rgba[..., 3] == 0).mean() > 0.15


@pytest.fixture(scope="module")
def flat_icons() -> dict[str, Image.Image]:
    """The 57 default icons drawn at 400 px and flattened on white, drawn once for both
    qualities."""
    from dobble_print.symbols.svg.rasterise import load_svg

    flat = {}
    for icon in sorted(ICONS.glob("*.svg")):
        art = Image.fromarray(load_svg(icon, max_px=400), "RGBA")
        flat[icon.stem] = Image.new("RGBA", art.size, (255, 255, 255, 255))
        flat[icon.stem].alpha_composite(art)
    return flat


@pytest.mark.parametrize("quality", [60, 90])
def test_clip_art_saved_as_jpeg_on_white_still_loses_it(tmp_path, flat_icons, quality):
    """The 57 default icons flattened on white and saved as JPEG, as clip art is downloaded:
    the blurred edge of a flat-coloured shape must not make it a photo (a white box). Only the
    watermelon, whose pale rind fades into the white, may keep its paper (the old rule kept
    16 of them as white boxes at quality 60)."""
    assert len(flat_icons) == 57
    for stem, flat in flat_icons.items():
        flat.convert("RGB").save(tmp_path / f"{stem}.jpg", quality=quality)
    loaded = load_symbols(find_sources([tmp_path]), options=SymbolOptions()).symbols
    kept = [s.name for s in loaded if not s.background_removed]
    assert set(kept) <= {"watermelon"}


def _disc(size: int, radius: float, *, blur: float = 0.0) -> np.ndarray:
    y, x = np.mgrid[0:size, 0:size] - size / 2
    inside = np.clip(radius - np.hypot(x, y), -1, 1) if not blur else radius - np.hypot(x, y)
    return np.clip(0.5 + inside / max(2 * blur, 1), 0, 1)


@pytest.mark.parametrize(
    ("what", "subject"),
    [
        ("crisp disc on grey", True),
        ("crisp stars on black: many pieces", False),
        ("blurred disc on grey: soft edge", False),
    ],
)
def test_each_rule_can_keep_a_picture_whole(what, subject):
    """Crisp but scattered ink (stars, printed text) is no subject, and neither is one piece
    whose edge fades into its backdrop (a blurred object, a fold in a flat surface)."""
    grey = np.array([128, 128, 128], np.float32)
    if what.startswith("crisp stars"):
        rng = np.random.default_rng(1)
        shade = np.zeros((300, 300), np.float32)
        for cy, cx in rng.integers(10, 290, (60, 2)):
            shade[cy - 2 : cy + 2, cx - 2 : cx + 2] = 1.0
        ink, back = np.array([255, 255, 240], np.float32), np.array([5, 5, 10], np.float32)
    else:
        shade = _disc(300, 90, blur=30.0 if what.startswith("blurred") else 0.0)
        ink, back = np.array([20, 40, 160], np.float32), grey
    rgb = back + shade[..., None] * (ink - back)
    rgba = np.dstack([np.round(rgb).astype(np.uint8), np.full((300, 300), 255, np.uint8)])
    colour = plain_background(rgba)
    assert colour is not None
    removal = judge_removal(rgba, remove_background(rgba, colour), colour)
    assert removal.keeps_subject is subject, removal


def test_a_deck_of_the_photos_keeps_every_symbol_above_the_floor(photo_set, tmp_path):
    """(c) The 48 pictures built with the default options (8 per card, so that every one of
    them is on the cards): no card's smallest symbol is under the floor, and nothing warns.
    The old code left a card at 6.4 mm."""
    report = tmp_path / "deck.json"
    result = build(
        BuildOptions(
            sources=(photo_set,),
            output=tmp_path / "deck.pdf",
            seed=1,
            symbols_per_card=8,
            report=report,
        )
    )
    assert result.warnings == ()
    data = json.loads(report.read_text(encoding="utf-8"))
    assert len(data["symbols"]) == 48
    # the floor, 9 mm √ink-area on an 85 mm card of 8, scaled with the room each symbol has
    floor = recognisable_size(CardShape(), data["symbols_per_card"])
    assert data["recognisable_size_mm"] == pytest.approx(floor, abs=1e-3)
    smallest = {c["index"]: c["metrics"]["smallest"] for c in data["cards"]}
    assert min(smallest.values()) >= floor, sorted(smallest.items(), key=lambda kv: kv[1])
    assert all(c["recognisable"] for c in data["cards"])


def test_the_summary_names_the_pictures_that_lost_their_background(tmp_path):
    """Six drawings and a photo make the full 7-card deck: one line names the six."""
    src = tmp_path / "pics"
    for seed in range(6):
        sf.save(sf.drawing(seed=seed), src / f"face{seed}.png")
    shutil.copy(PHOTOS[0], src / PHOTOS[0].name)
    result = CliRunner().invoke(
        app, ["build", str(src), "-o", str(tmp_path / "d.pdf"), "--seed", "1", "--no-cover"]
    )
    assert result.exit_code == 0, result.output
    assert (
        "background removed from 6 pictures: face0.png, face1.png, face2.png, face3.png, "
        "face4.png, face5.png (--background keep keeps them)"
    ) in result.stdout.splitlines()
