"""SVGs drawn by cairosvg and by resvg (the fallback where cairo does not load): the same
pictures, the same limits, the fallback chosen on its own, and each renderer's decks repeatable.
"""

from __future__ import annotations

import base64
import io
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from dobble_print.cli import app
from dobble_print.symbols.raster import BadPicture
from dobble_print.symbols.svg.choice import svg_renderer
from dobble_print.symbols.svg.rasterise import load_svg
from tests.conftest import ICONS, REPO
from tests.support import symbol_files as sf

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '

# Hides cairocffi from a fresh interpreter, as on a computer without the cairo library.
HIDE_CAIRO = textwrap.dedent(
    """\
    import importlib.abc
    import sys


    class _Hide(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] == "cairocffi":
                raise ImportError("cairocffi is hidden by the test")


    sys.meta_path.insert(0, _Hide())
    """
)


def _draw_all(paths: list[Path], renderer: str, monkeypatch) -> list[np.ndarray]:
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", renderer)
    assert svg_renderer().name == renderer
    return [load_svg(p, max_px=96) for p in paths]


def _premultiplied(rgba: np.ndarray) -> np.ndarray:
    a = rgba[..., 3:].astype(np.float64)
    return np.concatenate([rgba[..., :3] * a / 255, a], axis=-1)


def test_both_renderers_draw_the_same_pictures(tmp_path, monkeypatch):
    """The bundled icons, the back design and the tests' outline icons: the same size and, to
    antialiasing, the same pixels. Measured (96 px of ink): 6 of 63 come out a pixel apart in
    size (the ink box found a pixel larger); mean |difference| 0.32 of 255 over all, worst 1.79
    (snowflake, resampled); at most 1.3 % of one picture's pixels off by more than 32 of 255."""
    for name in sf.OUTLINE_ICONS:
        (tmp_path / f"{name}.svg").write_text(sf.outline_svg(name))
    paths = [*sorted(ICONS.glob("*.svg")), REPO / "templates/backs/default.svg"]
    paths += sorted(tmp_path.glob("*.svg"))
    cairo = _draw_all(paths, "cairosvg", monkeypatch)
    resvg = _draw_all(paths, "resvg", monkeypatch)
    means, shares, resized = [], [], 0
    for path, a, b in zip(paths, cairo, resvg, strict=True):
        assert abs(a.shape[0] - b.shape[0]) <= 1 and abs(a.shape[1] - b.shape[1]) <= 1, path.name
        if a.shape != b.shape:  # the ink found a pixel larger: compare at the same size
            resized += 1
            im = Image.fromarray(b, "RGBA").convert("RGBa").resize(a.shape[1::-1], Image.LANCZOS)
            b = np.asarray(im.convert("RGBA"))
        diff = np.abs(_premultiplied(a) - _premultiplied(b))
        means.append(diff.mean())
        shares.append((diff.max(axis=-1) > 32).mean())
    print(
        f"{len(paths)} SVGs, {resized} a pixel apart in size; mean |diff| {np.mean(means):.3f}"
        f"/255 (worst {max(means):.3f}), worst share of pixels off by >32: {max(shares):.4f}"
    )
    assert np.mean(means) < 0.5 and max(means) < 2.5
    assert max(shares) < 0.02


def test_cairosvg_gives_straight_colours_rounded_in_rgba_order():
    """Cairo stores premultiplied B, G, R, A; the picture comes back straight, in R, G, B, A
    order, each partly covered pixel divided by its alpha and rounded: a half-transparent orange
    square is (255, 128, 0, 128) inside (truncating, as Pillow's own ``BGRa`` does, gives 127),
    fully covered and empty pixels are kept as they are."""
    from dobble_print.symbols.svg.by_cairosvg import render_cairosvg

    svg = (
        SVG + 'width="40" height="20"><rect width="20" height="20" fill="#ff8000" '
        'fill-opacity="0.5"/><rect x="20" width="20" height="20" fill="#0040ff"/></svg>'
    )
    rgba = render_cairosvg(svg.encode(), width=40)
    assert rgba.shape == (20, 40, 4)
    assert {tuple(p) for p in rgba[:, :20].reshape(-1, 4)} == {(255, 128, 0, 128)}
    assert {tuple(p) for p in rgba[:, 20:].reshape(-1, 4)} == {(0, 64, 255, 255)}


@pytest.mark.parametrize("renderer", ["cairosvg", "resvg"])
def test_the_drawing_process_finds_the_ink_the_pixels_hold(renderer):
    """The drawing process finds the ink without numpy (Pillow, on the drawing as the renderer
    left it): the same alpha channel as the pixels made of that drawing, partly covered pixels
    and all, and the same box as :func:`raster.ink_box` finds in them, fuzz at the threshold
    (alpha 8) left out and just above it (10) kept."""
    from dobble_print.symbols.raster import ink_box
    from dobble_print.symbols.svg import draw, drawn
    from dobble_print.symbols.svg.pixels import pixels

    shapes = (
        '<rect width="20" height="20" fill="#ff8000" fill-opacity="0.5"/>'
        '<circle cx="24" cy="10" r="5.3" fill="#0040ff"/>',
        '<rect x="2" width="6" height="20" fill-opacity="0.0314"/>'  # alpha 8: fuzz
        '<circle cx="20" cy="9" r="4.3" fill="#0040ff"/>',
        '<rect x="2" width="6" height="20" fill-opacity="0.0314"/>'
        '<rect x="12" y="3" width="6" height="5" fill-opacity="0.04"/>',  # alpha 10: ink
    )
    boxes = []
    for inside in shapes:
        svg = (SVG + f'width="30" height="20">{inside}</svg>').encode()
        made = draw._drawer(renderer, svg, draw.parse_svg(svg))(width=61)
        rgba = pixels(made)
        alpha = np.asarray(drawn.alpha_image(made))
        assert alpha.shape == rgba.shape[:2] == (41, 61)
        assert (alpha == rgba[..., 3]).all()
        assert drawn.ink_box(made) == ink_box(rgba)
        if not boxes:  # the first: the circle's edge is partly covered
            assert {0, 128, 255} < set(np.unique(alpha).tolist())
        boxes.append(ink_box(rgba))
    # 61 pixels for 30 units: the fuzz is pixels 4 to 16 and not ink, the circle starts at 32,
    # the rect of alpha 10 at 24 and is
    assert boxes[1][0] >= 31 and 24 <= boxes[2][0] <= 25


def test_without_cairo_resvg_draws_and_each_renderer_repeats_its_deck(tmp_path, monkeypatch):
    """With cairocffi hidden the CLI builds from SVGs with resvg (``--verbose`` says so), and
    the PDF is the one that forcing resvg gives, byte for byte. Hiding cairo takes a fresh
    interpreter (the command, as a user runs it); the forced deck is built by the CLI's own app
    in this process, so the two PDFs still come from two processes. Three icons: the full
    3-card deck."""
    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "sitecustomize.py").write_text(HIDE_CAIRO)
    icons = tmp_path / "icons"
    icons.mkdir()
    for path in sorted(ICONS.glob("*.svg"))[:3]:
        (icons / path.name).write_bytes(path.read_bytes())
    args = ["build", str(icons), "--seed", "1", "--no-cover", "--quiet", "--verbose", "-o"]

    def said(stdout: str) -> list[str]:
        return [line for line in stdout.splitlines() if line.startswith("svg:")]

    env = {k: v for k, v in os.environ.items() if k != "DOBBLE_PRINT_SVG_RENDERER"}
    env["PYTHONPATH"] = os.pathsep.join([str(hide), str(REPO)])
    hidden = subprocess.run(
        [sys.executable, "-m", "dobble_print", *args, str(tmp_path / "hidden.pdf")],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert hidden.returncode == 0, hidden.stderr
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", "resvg")
    forced = CliRunner().invoke(app, [*args, str(tmp_path / "forced.pdf")])
    assert forced.exit_code == 0, (forced.output, forced.exception)

    import resvg_py

    version = resvg_py.__resvg_version__
    assert said(hidden.stdout) == [
        f"svg: drawn with resvg {version} (the cairo library was not found)"
    ]
    assert said(forced.stdout) == [
        f"svg: drawn with resvg {version} (DOBBLE_PRINT_SVG_RENDERER=resvg)"
    ]
    assert (tmp_path / "hidden.pdf").read_bytes() == (tmp_path / "forced.pdf").read_bytes()


def test_a_renderer_that_cannot_be_used_is_one_line(tmp_path, monkeypatch):
    """Run by the CLI's own app in this process: the environment variable is read when the
    first SVG is drawn, as in a fresh command."""
    for name in ("sun", "key", "bell"):
        (tmp_path / f"{name}.svg").write_text(sf.outline_svg(name))
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", "inkscape")
    done = CliRunner().invoke(app, ["build", str(tmp_path), "-o", str(tmp_path / "d")])
    assert done.exit_code == 1
    assert done.stderr.splitlines()[-1] == (
        "dobble-print: error: DOBBLE_PRINT_SVG_RENDERER=inkscape names no SVG renderer; set it "
        "to cairosvg or resvg, or unset it to choose on its own"
    )


def test_cairo_forced_where_it_does_not_load_is_one_line_and_nothing_is_written(tmp_path):
    """The drawing process chooses the renderer (:mod:`svg.choice`), so its answer that
    cairosvg cannot be used crosses back to the command as the same one line, whether the
    pictures load one by one (3) or on threads (20)."""
    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "sitecustomize.py").write_text(HIDE_CAIRO)
    env = {**os.environ, "DOBBLE_PRINT_SVG_RENDERER": "cairosvg"}
    env["PYTHONPATH"] = os.pathsep.join([str(hide), str(REPO)])
    for count in (3, 20):
        icons = tmp_path / f"icons{count}"
        icons.mkdir()
        for path in sorted(ICONS.glob("*.svg"))[:count]:
            (icons / path.name).write_bytes(path.read_bytes())
        out = tmp_path / f"deck{count}.pdf"
        done = subprocess.run(
            [sys.executable, "-m", "dobble_print", "build", str(icons), "-o", str(out)],
            capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path,
        )  # fmt: skip
        assert done.returncode == 1, done.stderr
        assert done.stderr.splitlines() == [
            "dobble-print: error: DOBBLE_PRINT_SVG_RENDERER=cairosvg, but the cairo library does "
            "not load (cairocffi is hidden by the test); install cairo, or unset it to draw SVGs "
            "with resvg"
        ]
        assert not out.exists()


CHOSEN_WHERE = textwrap.dedent(
    """\
    import sys
    from pathlib import Path
    from dobble_print.symbols.loading import find_sources, load_symbols
    for folder in sys.argv[1:]:  # 3 pictures, loaded one by one; 20, on the loading threads
        loaded = load_symbols(find_sources([Path(folder)]), max_px=64)
        assert len(loaded.symbols) == len(list(Path(folder).iterdir()))
    renderers = {"cairocffi", "cairosvg", "resvg_py"}
    print(sorted(m for m in sys.modules if m.split(".")[0] in renderers))
    """
)


@pytest.mark.parametrize("wanted", ["", "cairosvg", "resvg"])
def test_the_building_process_never_loads_a_renderer(tmp_path, wanted):
    """Only the drawing processes load cairo or resvg: in the building process, finding out
    whether cairo loads took ~0.2 s of CPU and ~14 MB, kept through the build and shared by
    every worker forked from it."""
    folders = []
    for count in (3, 20):
        folders.append(tmp_path / f"icons{count}")
        folders[-1].mkdir()
        for path in sorted(ICONS.glob("*.svg"))[:count]:
            (folders[-1] / path.name).write_bytes(path.read_bytes())
    env = {**os.environ, "DOBBLE_PRINT_SVG_RENDERER": wanted, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", CHOSEN_WHERE, *map(str, folders)],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]"]


DRAWN_ALL = textwrap.dedent(
    """\
    import hashlib, sys
    from pathlib import Path
    from dobble_print.symbols.svg import by_cairosvg
    if sys.argv[1] == "parsed":  # cairocffi parses its declarations itself
        by_cairosvg.install = lambda: False
    if sys.argv[1] == "stale":  # declarations read from another cairocffi or cffi: not used
        from dobble_print.symbols.svg import cairo_ffi
        cairo_ffi.fingerprint = lambda: "0" * 32
    h = hashlib.sha256()
    for path in sys.argv[2:]:
        h.update(by_cairosvg.render_cairosvg(Path(path).read_bytes(), width=200).tobytes())
    print(h.hexdigest(), "pycparser" in sys.modules)
    """
)


def test_cairos_declarations_read_ahead_draw_the_same_pictures_without_parsing():
    """cairocffi given its declarations read ahead of time (:mod:`cairo_ffi`) draws every
    bundled icon and the back design to the same pixels as when it parses them, and parses
    nothing (pycparser is not imported: it was, at every drawing process's start). Read from
    another cairocffi or cffi (the fingerprint differs), they are not used: cairocffi parses."""
    paths = [*map(str, sorted(ICONS.glob("*.svg"))), str(REPO / "templates/backs/default.svg")]
    said = {}
    for how in ("ahead", "parsed", "stale"):
        done = subprocess.run(
            [sys.executable, "-c", DRAWN_ALL, how, *paths],
            capture_output=True, text=True, timeout=120, cwd=REPO,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        said[how] = done.stdout.split()
    assert said["ahead"][0] == said["parsed"][0]
    drawn = said["ahead"][0]
    assert said == {"ahead": [drawn, "False"], "parsed": [drawn, "True"], "stale": [drawn, "True"]}


def test_cairos_declarations_read_ahead_are_this_cairocffis(tmp_path):
    """The generated module is what ``python -m dobble_print.symbols.svg.cairo_ffi`` writes
    from the cairocffi installed: after an update of cairocffi or cffi, run it again (until
    then cairocffi parses its declarations, as its fingerprint no longer matches)."""
    from dobble_print.symbols.svg import cairo_ffi

    made = tmp_path / "declared.py"
    cairo_ffi.generate(made)
    shipped = Path(cairo_ffi.__file__).with_name("_cairo_declared.py")
    assert made.read_text() == shipped.read_text()


def _path(segments: int) -> str:
    return "M0 0 " + " ".join(f"L{i % 24} {i * 7 % 24}" for i in range(segments))


def _nested_uses(inner: str, times: int) -> str:
    """``inner`` (with id p) drawn ``times`` ** 3 times through three levels of <use>."""
    levels = "".join(
        f'<g id="u{i}">' + f'<use xlink:href="#{"p" if i == 0 else f"u{i - 1}"}"/>' * times + "</g>"
        for i in range(3)
    )
    return f'{SVG}viewBox="0 0 24 24"><defs>{inner}{levels}</defs><use xlink:href="#u2"/></svg>'


BUDGET = {
    # issue 35: a 60,000-segment path multiplied 1,000 times by <use> hung for 10 minutes
    "long_path_used_1000_times": (
        _nested_uses(f'<path id="p" d="{_path(60_000)}" stroke="red"/>', 10),
        "has a path of 120002 coordinates, over the 50000 that draw in reasonable time; "
        "simplify it",
    ),
    "short_path_used_1000_times": (
        _nested_uses(f'<path id="p" d="{_path(2_000)}" stroke="red"/>', 10),
        "draws over 500000 path coordinates once every <use> is expanded; simplify it",
    ),
    "65_nested_groups": (
        f'{SVG}viewBox="0 0 9 9">' + "<g>" * 65 + '<rect width="9" height="9"/>' + "</g>" * 65
        + "</svg>",
        "nests elements over 64 levels deep (groups in groups, or <use> of <use>); flatten it",
    ),
    "use_loop": (
        f'{SVG}><g id="a"><rect width="3" height="3"/><use xlink:href="#b"/></g>'
        '<g id="b"><use xlink:href="#a"/></g></svg>',
        "has <use> references that loop; refused",
    ),
    "unknown_encoding": (
        f'<?xml version="1.0" encoding="x-klingon"?>{SVG}><rect width="3" height="3"/></svg>',
        'declares the text encoding "x-klingon", which cannot be read; save it as UTF-8',
    ),
}  # fmt: skip


@pytest.mark.timeout(30)
@pytest.mark.parametrize("case", sorted(BUDGET))
def test_svg_work_is_bounded_for_both_renderers(case, svg_renderer, tmp_path):
    text, message = BUDGET[case]
    path = tmp_path / f"{case}.svg"
    path.write_text(text, encoding="ascii")
    started = time.monotonic()
    with pytest.raises(BadPicture) as refused:
        load_svg(path, max_px=64)
    assert str(refused.value) == message
    assert time.monotonic() - started < 5


def test_64_nested_groups_still_draw_with_resvg(tmp_path, monkeypatch):
    """resvg recurses ~40 KB of stack a level; it crashed the process at 25 levels on a 1 MB
    thread stack (a Mac's threads have 512 KB), so it draws on a thread of its own."""
    import threading

    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", "resvg")
    path = tmp_path / "deep.svg"
    path.write_text(
        f'{SVG}viewBox="0 0 9 9">' + "<g>" * 63 + '<rect width="9" height="9" fill="red"/>'
        + "</g>" * 63 + "</svg>"
    )  # fmt: skip
    drawn = {}
    threading.stack_size(512 * 1024)
    try:
        thread = threading.Thread(target=lambda: drawn.update(rgba=load_svg(path, max_px=32)))
        thread.start()
    finally:
        threading.stack_size(0)
    thread.join()
    assert drawn["rgba"][..., 3].mean() > 250


def test_resvg_reads_no_picture_path_the_svg_names(tmp_path, monkeypatch):
    """resvg on its own draws an <image> from any path on disk; the cleaned tree draws none,
    and an inline picture still draws (green)."""
    import resvg_py

    secret = sf.save(Image.new("RGB", (40, 40), (255, 0, 0)), tmp_path / "secret.png")
    green = base64.b64encode(sf.png_bytes(Image.new("RGB", (8, 8), (0, 200, 0)))).decode()
    text = (
        f'{SVG}width="40" height="20" viewBox="0 0 40 20">'
        f'<image x="0" width="20" height="20" xlink:href="{secret}"/>'
        f'<image x="20" width="20" height="20" xlink:href="data:image/png;base64,{green}"/></svg>'
    )
    raw = np.asarray(Image.open(io.BytesIO(resvg_py.svg_to_bytes(svg_string=text))))
    assert raw[10, 10, 0] > 200  # the threat: resvg alone reads secret.png
    path = tmp_path / "pic.svg"
    path.write_text(text)
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", "resvg")
    rgba = load_svg(path, max_px=40)
    red = (rgba[..., 0] > 200) & (rgba[..., 1] < 60) & (rgba[..., 3] > 0)
    assert not red.any()
    assert ((rgba[..., 1] > 150) & (rgba[..., 0] < 60)).any()
