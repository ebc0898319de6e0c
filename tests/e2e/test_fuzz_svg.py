"""Fuzzing the SVG path on both renderers: generated drawings of extreme sizes, deep nesting and
references of every kind (``<use>``, patterns, markers, filters, masks, inline SVGs and PNGs,
transforms scaling them up) must each be drawn within the limits or refused with a reason.

Each example is loaded here, in the test's process, as the CLI loads it: the checks run here
and the drawing in the drawing process (:mod:`svg.worker`), so a renderer's abort ends that
process only. A failure is any other exception, a reason that is not one plain line, a picture
larger than the drawing's cap, or a drawing process over its memory. Every reason met is
counted and printed (``-s``). ``DOBBLE_SVG_FUZZ_EXAMPLES=500`` runs a long session; the suite
keeps to a few dozen a renderer, with the time budget lowered to 2 s so that the slow drawings
it finds are stopped quickly.
"""

from __future__ import annotations

import base64
import collections
import io
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PIL import Image

from dobble_print.language import Msg, reason
from dobble_print.symbols.raster import BadPicture
from dobble_print.symbols.svg.rasterise import load_svg

EXAMPLES = int(os.environ.get("DOBBLE_SVG_FUZZ_EXAMPLES", "30"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
IDS = ("a", "b", "c")

SANE = ["1", "7", "20", "50", "100", "3.5"]
NUMBERS = st.sampled_from(
    SANE * 2 + ["0", "-5", "0.001", "1e-9", "1e5", "1e9", "1e300", "1e999", "nan", "x"]
)
LENGTHS = st.builds(
    lambda n, u: n + u, NUMBERS, st.sampled_from(["", "", "px", "mm", "in", "%", "em"])
)
TRANSFORMS = st.sampled_from(
    ["", "scale(1e6)", "scale(0)", "scale(1e-6)", "rotate(45)", "scale(100000 1)", "skewX(89.9)"]
)


def _png(width: int, height: int) -> str:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), (30, 90, 200)).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


PNGS = [_png(4, 4), _png(300, 200), _png(2000, 2000)]


def _attrs(pairs: dict[str, str]) -> str:
    return "".join(f' {k}="{v}"' for k, v in pairs.items() if v)


@st.composite
def element(draw, depth: int) -> str:
    """One element, maybe holding others, with sizes and references drawn at random."""
    kind = draw(
        st.sampled_from(
            ["rect", "circle", "path", "text", "g", "use", "pattern", "filter", "mask",
             "marker", "clipPath", "image", "svg"]
        )
    )  # fmt: skip
    a = {"id": draw(st.sampled_from(IDS + ("",))), "transform": draw(TRANSFORMS)}
    ref = f"url(#{draw(st.sampled_from(IDS))})"
    a[draw(st.sampled_from(["fill", "stroke", "filter", "mask", "clip-path", "marker-mid"]))] = ref
    a["width"], a["height"] = draw(LENGTHS), draw(LENGTHS)
    children = ""
    if depth > 0 and kind in ("g", "pattern", "mask", "marker", "clipPath", "svg"):
        children = "".join(draw(st.lists(element(depth - 1), max_size=3)))
    if kind == "path":
        a["d"] = "M0 0" + " L5 9 L9 0" * draw(st.sampled_from([1, 50, 2000]))
        a["stroke-dasharray"] = draw(st.sampled_from(["", "0.001", "1e-9 1e-9"]))
    elif kind == "circle":
        a["r"] = draw(LENGTHS)
    elif kind == "text":
        children = "W" * draw(st.sampled_from([1, 100, 5000]))
    elif kind == "use":
        a["xlink:href"] = f"#{draw(st.sampled_from(IDS))}"
        return "".join(f"<use{_attrs(a)}/>" for _ in range(draw(st.sampled_from([1, 30]))))
    elif kind == "filter":
        radius = draw(st.sampled_from(["1", "50", "1e6"]))
        children = draw(
            st.sampled_from(
                [f'<feGaussianBlur stdDeviation="{radius}"/>',
                 f'<feMorphology radius="{radius}"/>',
                 f'<feTurbulence baseFrequency="0.05" numOctaves="{radius}"/>',
                 '<feFlood flood-color="red"/>']
            )
        )  # fmt: skip
        a["filterUnits"] = draw(st.sampled_from(["", "userSpaceOnUse"]))
    elif kind == "pattern":
        a["patternUnits"] = draw(st.sampled_from(["", "userSpaceOnUse"]))
        a["patternTransform"] = draw(TRANSFORMS)
    elif kind == "image":
        inner = draw(svg_text(depth - 1)) if depth > 0 and draw(st.booleans()) else None
        a["xlink:href"] = (
            "data:image/svg+xml;base64," + base64.b64encode(inner.encode()).decode()
            if inner
            else draw(st.sampled_from(PNGS))
        )
    return f"<{kind}{_attrs(a)}>{children}</{kind}>"


@st.composite
def svg_text(draw, depth: int = 3) -> str:
    """A whole drawing: its size (or none), its viewBox (or none), a few elements."""
    a = {"width": "100", "height": "100", "viewBox": "0 0 100 100"}
    if draw(st.integers(0, 3)) == 0:  # else a sensible size, so that what it holds is drawn
        a = {"width": draw(LENGTHS | st.just("")), "height": draw(LENGTHS | st.just(""))}
        if draw(st.booleans()):
            a["viewBox"] = " ".join(draw(st.lists(NUMBERS, min_size=4, max_size=4)))
    body = "".join(draw(st.lists(element(depth), min_size=1, max_size=4)))
    return f"<svg {NS}{_attrs(a)}>{body}</svg>"


# Two that ended the process with resvg (``memory allocation of … failed``), always tried.
SCALED_PATTERN = (
    '<defs><pattern id="p" width="5" height="5" patternUnits="userSpaceOnUse" '
    'patternTransform="scale(1e6)"><rect width="2" height="2"/></pattern></defs>'
    '<rect width="9" height="9" fill="url(#p)"/>'
)
MET: dict[str, collections.Counter] = {}


def _kind(said: Msg) -> str:
    """The reason without its figures: its words' template (the inner one for ``{said}``)."""
    inner = dict(said.params).get("said")
    return said.msgid.replace("{said}", inner.msgid if isinstance(inner, Msg) else "{said}")


def _check(text: str, renderer: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzzed.svg"
        path.write_text(text, encoding="utf-8")
        try:
            rgba = load_svg(path, max_px=120)
        except BadPicture as exc:
            said = str(reason(exc))
            assert "\n" not in said and "Error" not in said and "Traceback" not in said, said
            MET[renderer][_kind(exc.args[0])] += 1
        else:
            assert rgba.ndim == 3 and rgba.shape[2] == 4, rgba.shape
            assert max(rgba.shape[:2]) <= 4096
            MET[renderer]["drawn"] += 1
    try:
        from dobble_print.symbols.svg import worker as svg_worker
    except ImportError:  # older code, which drew in this process (the fuzz test ran on it too)
        return
    for child in svg_worker._children.get(os.getpid(), []):
        status = Path(f"/proc/{child.process.pid}/status")
        if child.process.poll() is None and status.exists():  # its peak, while it lives
            peak = next(ln for ln in status.read_text().splitlines() if ln.startswith("VmHWM"))
            assert int(peak.split()[1]) < svg_worker.MEMORY_MB * 1024 * 1.1, peak


@pytest.mark.parametrize("renderer", ["cairosvg", "resvg"])
def test_generated_svgs_are_drawn_or_refused_on_both_renderers(renderer, monkeypatch):
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", renderer)
    monkeypatch.setenv("DOBBLE_PRINT_SVG_SECONDS", "2")
    MET[renderer] = collections.Counter()

    @FUZZ
    @given(text=svg_text())
    @example(text=f'<svg {NS} width="1" height="1e9"><rect width="1" height="1"/></svg>')
    @example(text=f'<svg {NS} width="9" height="9">{SCALED_PATTERN}</svg>')
    def run(text: str) -> None:
        _check(text, renderer)

    run()
    print(f"\n{renderer}, {EXAMPLES} examples:")
    for said, count in MET[renderer].most_common():
        print(f"  {count:4d}  {said}")
