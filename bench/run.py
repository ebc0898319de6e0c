"""Benchmarks (`make bench`): whole-process wall time, peak RSS, PDF size, sheets, coverage.

Each scenario runs the installed CLI in a fresh process (process start included) at least three
times; the median wall time and the largest peak RSS are reported. classic and floor run in turn
(at least four pairs), and their ratio is total over total, so that both meet the same minutes of
a machine whose speed drifts. The table is printed as Markdown and appended, with the date and
commit, to bench/RESULTS.md. Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "bench" / "data"
ICONS = REPO / "assets" / "icons"
CLI = [sys.executable, "-m", "dobble_print"]
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
# classic / floor is a ratio of two times: on a shared machine whose speed drifts by tens of per
# cent from minute to minute, the two are run in turn, and the ratio is taken of their totals
PAIRED = ("classic", "floor")
PAIRS = max(RUNS, 4)


@dataclass(frozen=True)
class Run:
    wall: float
    rss_mb: float


def measure(cmd: list[str], cwd: Path) -> Run:
    """Run ``cmd`` once; wall time and peak RSS of the largest single process of the build.

    wait4 reports the child's peak RSS or, when larger, that of any of its own children it has
    waited for (its worker processes): the largest process, not the sum of the tree. A forked
    worker's RSS counts the pages it shares with the main process. Linux also carries a
    process's peak RSS across exec, so a child forked from a large parent would report the
    parent's size: this script keeps itself small (photos are made in a subprocess).
    """
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        raise SystemExit(f"bench: {' '.join(cmd)} failed: {err.strip()}")
    return Run(wall, usage.ru_maxrss / 1024)


def make_photos(folder: Path, count: int = 13) -> Path:
    """Photo-like JPEGs of mixed aspect ratios (gradients, noise, shapes), made reproducibly."""
    import numpy as np
    from PIL import Image, ImageDraw

    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(13)
    sizes = [(4000, 3000), (3000, 4000), (4032, 2268), (2268, 4032), (3000, 3000)]
    for i in range(count):
        w, h = sizes[i % len(sizes)]
        w, h = w // 2, h // 2  # phone-sized photos, halved to keep the bench quick to set up
        y, x = np.mgrid[0:h, 0:w]
        base = rng.integers(0, 255, 3)
        img = np.stack(
            [(base[k] + 80 * np.sin(x / (90 + 20 * k) + y / 150 + i)) % 255 for k in range(3)],
            axis=-1,
        )
        img = (img + rng.normal(0, 12, img.shape)).clip(0, 255).astype(np.uint8)
        im = Image.fromarray(img, "RGB")
        draw = ImageDraw.Draw(im)
        for _ in range(6):
            cx, cy, r = rng.integers(0, w), rng.integers(0, h), rng.integers(h // 10, h // 3)
            draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r),
                fill=tuple(int(v) for v in rng.integers(0, 255, 3)),
            )
        im.save(folder / f"photo_{i:02d}.jpg", quality=88)
    return folder


def scenarios(tmp: Path) -> list[tuple[str, list[str], Path | None]]:
    """(name, command, report path or None) for every scenario."""
    out = tmp / "out"
    out.mkdir(exist_ok=True)
    photos = tmp / "photos"
    subprocess.run([sys.executable, __file__, "--make-photos", str(photos)], check=True)

    def build(name: str, *args: str) -> tuple[str, list[str], Path]:
        report = out / f"{name}.json"
        return (
            name,
            [
                *CLI,
                "build",
                *args,
                "-o",
                str(out / f"{name}.pdf"),
                "--seed",
                "1",
                "--quiet",
                "--report",
                str(report),
            ],
            report,
        )

    runs = [
        build("classic", str(ICONS), "-n", "8", "--paper", "a4", "--card-size", "85mm"),
        build("svg-large", str(DATA / "lucide"), "-n", "12"),
        build("photos", str(photos), "-n", "4"),
        build("words", str(DATA / "words.txt"), "-n", "8"),
        ("deck-only", [*CLI, "deck", "32", "--json"], None),
        (
            "floor",
            [sys.executable, str(REPO / "bench" / "floor.py"), str(ICONS), str(out / "floor.pdf")],
            None,
        ),
        # Scaling: the same 12-per-card deck cut to 31 and 57 cards; svg-large is its 133 cards.
        build("scale-31", str(DATA / "lucide"), "-n", "12", "--cards", "31"),
        build("scale-57", str(DATA / "lucide"), "-n", "12", "--cards", "57"),
    ]
    return [r for r in runs if all(Path(a).exists() for a in r[1] if a.startswith(str(REPO)))]


def row(name: str, runs: list[Run], report: Path | None, pdf: Path | None) -> dict:
    data = json.loads(report.read_text()) if report and report.exists() else {}
    metrics = data.get("metrics", {})
    return {
        "scenario": name,
        "wall_s": statistics.median(r.wall for r in runs),
        "rss_mb": max(r.rss_mb for r in runs),
        "pdf_mb": pdf.stat().st_size / 1e6 if pdf and pdf.exists() else None,
        "cards": len(data.get("cards", [])) or None,
        "sheets": len({c["page"] for c in data.get("cards", [])}) or None,
        "coverage": metrics.get("coverage_mean"),
    }


def table(rows: list[dict], ratio: float | None = None) -> str:
    def f(v, fmt):
        return "" if v is None else format(v, fmt)

    lines = [
        "| scenario | wall s (median) | peak RSS MB | PDF MB | cards | sheets | coverage |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['scenario']} | {f(r['wall_s'], '.2f')} | {f(r['rss_mb'], '.0f')} | "
            f"{f(r['pdf_mb'], '.2f')} | {f(r['cards'], 'd')} | {f(r['sheets'], 'd')} | "
            f"{f(r['coverage'], '.3f')} |"
        )
    by = {r["scenario"]: r for r in rows}
    if ratio is not None:
        lines.append(
            f"\nclassic / floor = {ratio:.2f} (total over total of {PAIRS} classic and floor runs "
            "made in turn)"
        )
    scale = [by[k] for k in ("scale-31", "scale-57", "svg-large") if k in by]
    if scale:
        per = ", ".join(
            f"{r['cards']} cards {r['wall_s']:.2f} s "
            f"({1000 * r['wall_s'] / r['cards']:.0f} ms/card)"
            for r in scale
        )
        lines.append(f"scaling: {per}")
    return "\n".join(lines)


def main() -> int:
    if sys.argv[1:2] == ["--make-photos"]:
        make_photos(Path(sys.argv[2]))
        return 0
    only = set(sys.argv[1:])
    rows, walls = [], {}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        todo = [s for s in scenarios(tmp) if not only or s[0] in only]
        runs: dict[str, list[Run]] = {name: [] for name, _, _ in todo}
        paired = [s for s in todo if s[0] in PAIRED]
        if len(paired) == len(PAIRED):  # in turn, so that both meet the same minutes
            for _ in range(PAIRS):
                for name, cmd, _ in paired:
                    runs[name].append(measure(cmd, tmp))
        for name, cmd, report in todo:
            if not runs[name]:
                runs[name] = [measure(cmd, tmp) for _ in range(RUNS)]
            pdf = next((Path(a) for a in cmd if a.endswith(".pdf")), None)
            rows.append(row(name, runs[name], report, pdf))
            walls[name] = sum(r.wall for r in runs[name])
            print(f"  {name}: {rows[-1]['wall_s']:.2f} s", file=sys.stderr)
    ratio = walls["classic"] / walls["floor"] if len(paired) == len(PAIRED) else None
    text = table(rows, ratio)
    print(text)
    commit = (
        subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
        ).stdout.strip()
        or "unknown"
    )
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    with open(REPO / "bench" / "RESULTS.md", "a", encoding="utf-8") as fh:
        fh.write(f"\n## {stamp}, commit {commit}, {os.cpu_count()} cores\n\n{text}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
