"""Scale: peak memory of big builds (issue 8: a 500-picture folder and a 133-card, 12-per-card deck
stay under 500 MB). A measurement, not a test: nothing here asserts a time.

    .venv/bin/python bench/scale.py            # both scenarios
    .venv/bin/python bench/scale.py 500-n12    # one of them

Scenarios:
    500-n12   a folder of 500 pictures (photos up to 4000×3000 JPEG and 2000×1500 PNG, clip art,
              SVG icons) built with -n 12: 133 cards; 133 pictures are decoded, 367 never are.
    133-icons the 133-card, 12-per-card deck from the bundled icons repeated as needed (SVGs).

Memory is measured three ways, because the layout forks worker processes:
    main VmHWM   the CLI process's own peak resident set (from /proc/self/status at exit);
    tree RSS     the largest sum of RSS over the process and its workers, sampled every 50 ms
                 (counts pages the forked workers share with the parent several times);
    tree PSS     the same with proportional set size: shared pages split between sharers.
``ru_maxrss`` from ``wait4`` is not used: a child inherits its parent's high-water mark at exec.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ICONS = REPO / "assets" / "icons"

_MEASURED = """
import atexit, re, sys
def _peak():
    status = open("/proc/self/status").read()
    sys.stderr.write("VmHWM-kB %s\\n" % re.search(r"VmHWM:\\s+(\\d+)", status)[1])
atexit.register(_peak)
from dobble_print.cli.commands import app
app(sys.argv[1:], prog_name="dobble-print")
"""


def _tree(pid: int) -> list[int]:
    pids, todo = [], [pid]
    while todo:
        p = todo.pop()
        pids.append(p)
        try:
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return pids


def _kb(path: str, field: str) -> int:
    try:
        text = Path(path).read_text()
    except OSError:
        return 0
    m = re.search(rf"^{field}:\s+(\d+)", text, re.M)
    return int(m[1]) if m else 0


def measure(args: list[str]) -> dict:
    """Run the CLI with ``args``; wall time, main VmHWM and peak tree RSS/PSS, in MB."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", _MEASURED, *args],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    rss = pss = 0
    while proc.poll() is None:
        pids = _tree(proc.pid)
        rss = max(rss, sum(_kb(f"/proc/{p}/status", "VmRSS") for p in pids))
        pss = max(pss, sum(_kb(f"/proc/{p}/smaps_rollup", "Pss") for p in pids))
        time.sleep(0.05)
    err = proc.stderr.read() if proc.stderr else ""
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"scale: {' '.join(args)} failed:\n{err}")
    hwm = int(re.search(r"VmHWM-kB (\d+)", err)[1])
    return {
        "wall_s": wall,
        "main_hwm_mb": hwm / 1024,
        "tree_rss_mb": rss / 1024,
        "tree_pss_mb": pss / 1024,
    }


def make_500(folder: Path) -> Path:
    """500 distinct pictures of mixed kinds and sizes, made reproducibly (~1 min)."""
    import numpy as np
    from PIL import Image, ImageDraw

    sys.path.insert(0, str(REPO))
    from tests.support.symbol_files import OUTLINE_ICONS, outline_svg

    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(500)
    grey = Image.linear_gradient("L")
    for i in range(500):
        kind = i % 5
        if kind in (0, 1):  # photos: big JPEGs, and PNGs (no reduced decoding for PNG)
            w, h = ((4000, 3000), (2000, 1500))[kind]
            bands = [grey.rotate(int(rng.integers(0, 360))).resize((w, h)) for _ in range(3)]
            im = Image.merge("RGB", bands)
            d = ImageDraw.Draw(im)
            for _ in range(5):
                x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
                r = int(rng.integers(50, h // 3))
                fill = tuple(int(c) for c in rng.integers(0, 255, 3))
                d.ellipse((x - r, y - r, x + r, y + r), fill=fill)
            if kind == 0:
                im.save(folder / f"photo_{i:03d}.jpg", quality=85)
            else:
                im.save(folder / f"scan_{i:03d}.png", compress_level=1)
        elif kind in (2, 3):  # clip art on white or on transparency
            w, h = (int(v) for v in rng.integers(200, 900, 2))
            im = Image.new(
                "RGBA" if kind == 3 else "RGB",
                (w, h),
                (0, 0, 0, 0) if kind == 3 else (255, 255, 255),
            )
            d = ImageDraw.Draw(im)
            for _ in range(3):
                box = sorted(rng.integers(0, w, 2)) + sorted(rng.integers(0, h, 2))
                d.ellipse(
                    (box[0], box[2], box[1] + 5, box[3] + 5),
                    fill=tuple(int(c) for c in rng.integers(0, 230, 3)),
                    outline=(0, 0, 0),
                    width=4,
                )
            im.save(folder / f"art_{i:03d}.png")
        else:  # outline icons, each a different stroke colour so none is a duplicate
            name = sorted(OUTLINE_ICONS)[i % len(OUTLINE_ICONS)]
            colour = f"#{int(rng.integers(0, 0xFFFFFF)):06x}"
            text = outline_svg(name).replace('stroke="currentColor"', f'stroke="{colour}"')
            (folder / f"icon_{i:03d}.svg").write_text(text)
    return folder


def make_133_icons(folder: Path) -> Path:
    """133 SVGs: the bundled icons, recoloured copies where there are fewer than 133."""
    folder.mkdir(parents=True, exist_ok=True)
    icons = sorted(ICONS.glob("*.svg"))
    if not icons:
        raise SystemExit(f"scale: no icons in {ICONS}")
    for i in range(133):
        src = icons[i % len(icons)]
        text = src.read_text(encoding="utf-8")
        if i >= len(icons):  # a distinct copy: turned a few degrees, so its pixels differ
            turn = f'<g transform="rotate({3 * (i // len(icons))})">'
            text = re.sub(r"(<svg\b[^>]*>)", rf"\1{turn}", text, count=1)
            text = text[: text.rindex("</svg>")] + "</g></svg>\n"
        (folder / f"{i:03d}_{src.name}").write_text(text, encoding="utf-8")
    return folder


SCENARIOS = {"500-n12": make_500, "133-icons": make_133_icons}


def main() -> int:
    only = set(sys.argv[1:]) or set(SCENARIOS)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for name, make in SCENARIOS.items():
            if name not in only:
                continue
            t = time.perf_counter()
            folder = make(tmp / name)
            made = time.perf_counter() - t
            out = tmp / f"{name}.pdf"
            r = measure(["build", str(folder), "-n", "12", "-o", str(out), "--seed", "1", "-q"])
            print(
                f"{name}: {len(list(folder.iterdir()))} pictures (made in {made:.0f} s), "
                f"133 cards: {r['wall_s']:.1f} s, main VmHWM {r['main_hwm_mb']:.0f} MB, "
                f"tree RSS {r['tree_rss_mb']:.0f} MB, tree PSS {r['tree_pss_mb']:.0f} MB, "
                f"PDF {out.stat().st_size / 1e6:.1f} MB",
                flush=True,
            )
            shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
