"""Loading cairo for SVG pictures without cairocffi's library search (``svg_cairo._load_cairo``).

Each check runs in a fresh interpreter: the test process may have imported cairocffi already,
and ``_load_cairo`` does nothing then (and is cached).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the search is skipped on Linux only"
)

ROOT = Path(__file__).resolve().parents[2]

# A 20×10 viewBox: left half opaque red, right half transparent.
HALF_RED_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">'
    '<rect x="0" y="0" width="10" height="10" fill="#ff0000"/></svg>'
)

COUNT_SEARCHES = """\
import ctypes.util
import sys

real_search = ctypes.util.find_library
searches = []


def counting(name):
    searches.append(name)
    return real_search(name)


ctypes.util.find_library = counting
"""


def _run(code: str, *args: str) -> list[str]:
    """Run ``code`` in a fresh interpreter that imports this checkout; its stdout lines."""
    path = [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(path)},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_cairo_loads_without_searching_and_the_search_is_put_back(tmp_path):
    """The search (ldconfig, gcc and ld for three names) cost every run 0.3 s. ``_load_cairo``
    must import cairocffi without calling ``ctypes.util.find_library`` at all, then put the very
    function it found back, in ``ctypes.util`` and in ``cairocffi`` (which keeps its own
    reference for other libraries); and SVGs must still draw."""
    svg = tmp_path / "half.svg"
    svg.write_text(HALF_RED_SVG)
    lines = _run(
        COUNT_SEARCHES
        + """
from pathlib import Path

import dobble_print.symbols.svg.rasterise as svg
import dobble_print.symbols.svg.by_cairosvg as svg_cairo

print("before", len(searches), "cairocffi" in sys.modules)
svg_cairo._load_cairo()
print("during", len(searches), "cairocffi" in sys.modules)
import cairocffi

print("restored", ctypes.util.find_library is counting, cairocffi.find_library is counting)
rgba = svg.load_svg(Path(sys.argv[1]), max_px=64)
h, w = rgba.shape[:2]
left, right = rgba[h // 2, w // 4].tolist(), int(rgba[h // 2, 3 * w // 4, 3])
print("drawn", rgba.shape, rgba.dtype, left, right)
""",
        str(svg),
    )
    assert lines == [
        "before 0 False",
        "during 0 True",
        "restored True True",
        "drawn (66, 131, 4) uint8 [255, 0, 0, 255] 0",  # red ink ~64 px (x1.02) a side
    ]


def test_when_the_usual_name_does_not_load_the_next_import_searches():
    """On a system where ``libcairo.so.2`` does not load, ``_load_cairo`` must leave no
    half-imported cairocffi behind (its submodules included), so that cairosvg's own import
    runs cairocffi afresh, with the real library search, and succeeds."""
    lines = _run(
        COUNT_SEARCHES
        + """
import cffi.api

real_dlopen = cffi.api.FFI.dlopen
opened = []


def first_cairo_fails(self, name, *args, **kwargs):
    opened.append(name)
    if "cairo" in str(name) and sum("cairo" in str(n) for n in opened) == 1:
        raise OSError(f"cannot load library {name!r}: refused by the test")
    return real_dlopen(self, name, *args, **kwargs)


cffi.api.FFI.dlopen = first_cairo_fails

import dobble_print.symbols.svg.rasterise as svg
import dobble_print.symbols.svg.by_cairosvg as svg_cairo

# cairocffi parses its declarations, so that its FFI is cffi.api's, whose dlopen is refused
# above (the declarations read ahead of time make a compiled FFI, which cannot be patched)
svg_cairo.install = lambda: False
svg_cairo._load_cairo()
print("tried", opened, searches)
print("left", sorted(m for m in sys.modules if m.split(".")[0] == "cairocffi"))
print("restored", ctypes.util.find_library is counting)
import cairocffi

print("searched", searches, opened[3:])
print("loaded", cairocffi.find_library is counting, cairocffi.cairo_version() > 0)
""",
    )
    assert lines == [
        "tried ['libcairo.so.2', 'libcairo.2.dylib', 'libcairo-2.dll'] []",
        "left []",
        "restored True",
        "searched ['cairo-2', 'cairo', 'libcairo-2'] ['libcairo.so.2']",
        "loaded True True",
    ]
