"""The resource budget for SVG pictures, through the CLI, on both renderers (issue 40, 1 to 3).

Each hostile SVG is made here (the largest is 7 MB of one line repeated) and put in a folder
beside three bundled icons; ``plan --skip-bad`` must skip it with one warning naming the file,
what is wrong and what to do, within the harness's memory ceiling (summed over the process tree,
the drawing process included) and time limit (:mod:`tests.e2e.test_budget`). On the old code
resvg ended the whole process (``memory allocation of … failed``, SIGABRT) on the first three
and the pattern scaled up by a transform, and the work bombs ran for minutes.
"""

from __future__ import annotations

import base64
import io
import os
import shutil
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import ICONS
from tests.e2e.test_budget import ERROR, assert_within_budget, run_cli

# builds here start their worker processes, as on a user's machine (each with its drawing process)
pytestmark = pytest.mark.usefixtures("all_cores")
RENDERERS = ("cairosvg", "resvg")
# Three loading processes (the build and two forked workers, each counting the build's 150 MB
# again, and 100 MB of parsed XML for the largest case) and two drawing processes of 55 MB:
# 762 MB measured at the peak.
CEILING_MB = 900
NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def _svg(body: str, size: str = 'width="100" height="100"') -> str:
    return f"<svg {NS} {size}>{body}</svg>"


def _png_data(width: int, height: int) -> str:
    """A flat green PNG of ``width`` × ``height`` pixels, a few kB. In one palette colour, which
    decodes to the pixels the same picture in RGB would: each test process makes it as it
    collects the module, and 5000×4000 in RGB took 0.3 s to compress, in a palette 0.03 s."""
    buf = io.BytesIO()
    im = Image.new("P", (width, height), 0)
    im.putpalette([0, 160, 0])
    im.save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def _use_bomb() -> str:
    """An inline SVG of 190,000 rectangles through <use>, 2 MB of <use> lines."""
    rects = '<rect width="1" height="1"/>' * 10
    inner = _svg(f'<defs><g id="a">{rects}</g></defs>' + '<use xlink:href="#a"/>' * 19_000)
    data = base64.b64encode(inner.encode()).decode()
    return _svg(f'<image width="100" height="100" xlink:href="data:image/svg+xml;base64,{data}"/>')


def _nested(svg: str, times: int) -> str:
    """``svg`` as an inline picture of an SVG, that as one of another, ``times`` over."""
    for _ in range(times):
        data = base64.b64encode(svg.encode()).decode()
        svg = _svg(f'<image width="9" height="9" xlink:href="data:image/svg+xml;base64,{data}"/>')
    return svg


_REDRAW = "; open it in a drawing program and save it again"
_SLOW = "takes over 1 s to draw, the most an SVG may take; simplify it, or export it as PNG"
# name: (the SVG's text, the reason said on each renderer (None: it draws))
CASES = {
    "tall": (
        _svg('<rect width="1" height="1"/>', 'width="1" height="1e9"'),
        "is 1 by 1e9, one side over 100 times the other; no card shows that; crop it, or "
        "correct its width and height",
    ),
    "narrow": (
        _svg('<rect width="2" height="2"/>', 'width="2mm" height="100000mm"'),
        "is 2mm by 100000mm, one side over 100 times the other; no card shows that; crop "
        "it, or correct its width and height",
    ),
    "zero": (
        _svg('<rect width="2" height="2"/>', 'width="0" height="10" viewBox="0 0 10 10"'),
        f"has a width or height of zero, below zero or too large{_REDRAW}",
    ),
    "pattern": (
        _svg(
            '<defs><pattern id="p" width="1e7" height="1e7" patternUnits="userSpaceOnUse">'
            '<rect width="5" height="5"/></pattern></defs>'
            '<rect width="100" height="100" fill="url(#p)"/>'
        ),
        "has a <pattern> 1e7 units across, over 4 times the drawing's own size; correct "
        "its size in a drawing program",
    ),
    "filter": (
        _svg(
            '<defs><filter id="f" x="0" y="0" width="5e8" height="1" filterUnits='
            '"userSpaceOnUse"><feFlood/></filter></defs><rect width="9" height="9" '
            'filter="url(#f)"/>'
        ),
        "has a <filter> 5e8 units across, over 4 times the drawing's own size; correct "
        "its size in a drawing program",
    ),
    "effects": (
        _svg(
            '<defs><filter id="f"><feFlood flood-color="red"/></filter></defs>'
            + '<rect width="9" height="9" filter="url(#f)"/>' * 201
        ),
        "applies filters, masks or clip paths over 200 times once every <use> is counted; "
        "simplify it",
    ),
    "png-uses": (
        _svg(
            f'<defs><image id="i" width="100" height="100" xlink:href="{_png_data(2000, 2000)}"'
            "/></defs>" + '<use xlink:href="#i"/>' * 1000
        ),
        "draws over 64 megapixels of inline pictures once every <use> is counted; use them "
        "fewer times, or shrink them",
    ),
    "png-huge": (
        _svg(f'<image width="100" height="100" xlink:href="{_png_data(5000, 4000)}"/>'),
        "holds an inline picture of 5000×4000 pixels, over 16 megapixels; shrink it",
    ),
    "nested-uses": (
        _use_bomb(),
        "draws over 30000 elements once every <use>, pattern and marker is counted; simplify it",
    ),
    "nested-deep": (
        _nested(_svg('<rect width="9" height="9"/>'), 6),
        "holds SVG pictures inside SVG pictures over 4 deep; flatten it",
    ),
    "text": (
        _svg('<text x="0" y="50" font-size="10">' + "abcdefghij" * 100_000 + "</text>"),
        "draws over 10000 characters of text once every <use> is counted; a picture on a card "
        "shows a few words: shorten it",
    ),
    "elements": (
        _svg('<rect x="1" width="1" height="1"/>' * 199_000),
        "draws over 30000 elements once every <use>, pattern and marker is counted; simplify it",
    ),
    "markers": (
        _svg(
            '<defs><marker id="m">' + '<circle r="1"/>' * 200 + "</marker></defs>"
            '<path marker-mid="url(#m)" d="M0 0' + " L1 1" * 2000 + '"/>'
        ),
        "draws over 30000 elements once every <use>, pattern and marker is counted; simplify it",
    ),
}


# A pattern of a sensible size, scaled up 100,000 times by its transform: resvg asks for
# terabytes (the drawing process ends, not the build); cairo draws it.
SCALED = _svg(
    '<defs><pattern id="p" width="50" height="50" patternUnits="userSpaceOnUse" '
    'patternTransform="scale(100000)"><rect width="5" height="5" fill="red"/></pattern></defs>'
    '<rect width="100" height="100" fill="url(#p)"/>'
)
DIED = (
    "needs more than the 1000 MB an SVG may take to draw, or makes the SVG renderer fail; "
    "simplify it, or export it as PNG"
)


# 25,000 squares over the whole drawing, inside every count: over a second on either renderer.
SLOW = _svg('<rect width="100" height="100" fill="#123"/>' * 25_000)


# name: (the SVG's text, its reason) for what each renderer does differently
OTHERS = {
    "cairosvg": {"scaled": (SCALED, None), "slow": (SLOW, _SLOW)},
    "resvg": {"scaled": (SCALED, DIED), "slow": (SLOW, _SLOW)},
}


def _utf16(declared: str) -> bytes:
    """Notepad's "Unicode": UTF-16 with its byte order mark, the declaration kept."""
    shape = (  # two shapes: the two files are two pictures, in colour and in grey
        '<circle cx="50" cy="50" r="40" fill="#c03"/>'
        if declared == "UTF-8"
        else '<path d="M50 5 L95 95 L5 95 Z" fill="#03c"/>'
    )
    text = f'<?xml version="1.0" encoding="{declared}"?>\n' + _svg(shape)
    return text.encode("utf-16")


def _icons(folder: Path) -> Path:
    folder.mkdir()
    for icon in sorted(ICONS.glob("*.svg"))[:3]:
        shutil.copy(icon, folder / icon.name)
    return folder


def _write(svg: Path, text: str | bytes) -> Path:
    if isinstance(text, bytes):
        svg.write_bytes(text)
    else:
        svg.write_text(text)
    return svg


def _skipped(run) -> list[str]:
    """The warnings of a run within the budget, sorted."""
    assert_within_budget(run, ceiling_mb=CEILING_MB)
    return sorted(line for line in run.stderr.splitlines() if line.startswith("warning: "))


@pytest.mark.parametrize("renderer", RENDERERS)
def test_hostile_svgs_are_each_skipped_in_one_line(tmp_path, monkeypatch, renderer):
    """Every case of this module in one folder, beside three icons and two UTF-16 SVGs that
    draw, in one run a renderer (one run per case took 34 runs and a minute)."""
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", renderer)
    monkeypatch.setenv("DOBBLE_PRINT_SVG_SECONDS", "1")
    folder = _icons(tmp_path / "pictures")
    expected = []
    for name, (text, reason) in {**CASES, **OTHERS[renderer]}.items():
        svg = _write(folder / f"{name}.svg", text)
        expected += [f"warning: skipped {svg}: {reason}"] if reason else []
    for declared in ("UTF-8", "UTF-16"):
        _write(folder / f"unicode-{declared}.svg", _utf16(declared))
    run = run_cli("plan", str(folder), "--skip-bad", limit=30, ceiling_mb=CEILING_MB)
    print(f"{renderer}: {run.seconds:.1f} s, {run.peak_mb:.0f} MB over the process tree")
    assert _skipped(run) == sorted(expected), run.stderr
    drawn = 5 + (renderer == "cairosvg")
    assert run.stdout.splitlines()[0].startswith(f"{drawn} pictures ({len(expected)} not used"), (
        run.stdout
    )


@pytest.mark.skipif(not os.environ.get("DOBBLE_SVG_EACH"), reason="DOBBLE_SVG_EACH=1 runs them")
@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("name", sorted(CASES) + ["scaled", "slow", "unicode"])
def test_each_hostile_svg_alone(tmp_path, monkeypatch, name, renderer):
    """Each case in a run of its own, to see which fail on older code (slow: 38 runs)."""
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", renderer)
    monkeypatch.setenv("DOBBLE_PRINT_SVG_SECONDS", "1")
    text, reason = {**CASES, **OTHERS[renderer], "unicode": (_utf16("UTF-8"), None)}[name]
    svg = _write(_icons(tmp_path / "pictures") / f"{name}.svg", text)
    run = run_cli("plan", str(svg.parent), "--skip-bad", limit=30, ceiling_mb=CEILING_MB)
    assert _skipped(run) == ([f"warning: skipped {svg}: {reason}"] if reason else [])


@pytest.mark.parametrize("renderer", RENDERERS)
def test_without_skip_bad_loading_stops_naming_the_file(tmp_path, monkeypatch, renderer):
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", renderer)
    svg = _write(_icons(tmp_path / "pictures") / "tall.svg", CASES["tall"][0])
    run = run_cli("plan", str(svg.parent))
    assert run.code == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.splitlines() == [
        ERROR + "1 file cannot be read; fix or remove it, or use --skip-bad to build from the "
        "rest:",
        f"  {svg}: {CASES['tall'][1]}",
    ]
