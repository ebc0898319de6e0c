"""Benchmarks (`make bench`): wall time, CPU time and peak memory of the whole process tree, PDF
size, sheets, coverage.

Each scenario runs the installed CLI in a fresh process (process start included) at least three
times, counted over every process it starts (``bench/tree.py``: CPU time of each to its end, PSS
summed over the tree at each moment; each time a run timed with nothing sampled, then one whose
memory is sampled); the median wall and CPU times and the largest peak are reported. Three decks are
paired with their floor (``bench/floor.py``: the same pictures or words decoded and written to a
PDF, nothing more): the classic deck (also as where nothing can be forked, ``bench/no_fork.py``:
Windows), a 133-card deck of words and a 57-photo deck. Each pair runs in turn (at least four
times), and its ratios are total over total, so that both meet the same minutes of a machine whose
speed drifts. The table is printed as Markdown and appended, with the date and commit, to
bench/RESULTS.md. Benchmarks are not tests: nothing here asserts a time.
"""

from __future__ import annotations

import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tree import measure_tree  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "bench" / "data"
ICONS = REPO / "assets" / "icons"
CLI = [sys.executable, "-m", "dobble_print"]
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
# Ratios of two runs' costs: on a shared machine whose speed drifts by tens of per cent from
# minute to minute, each deck and its floor run in turn, and the ratio is taken of their totals.
PAIRED = {
    "classic": "floor",
    "classic-no-fork": "floor",
    "classic-numba": "floor",
    "words-133": "floor-words-133",
    "photos-57": "floor-photos-57",
}
PAIRS = max(RUNS, 4)


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    pss_mb: float


def measure(cmd: list[str], cwd: Path) -> Run:
    """Run ``cmd`` twice: wall time to the end of its last process and CPU time of its whole
    process tree from a run with nothing sampled, its peak PSS from the next (sampling the
    memory takes the kernel a fifth of a core, which a build on two cores pays: see
    :mod:`tree`)."""
    timed = measure_tree(cmd, cwd=cwd, memory=False)
    sampled = measure_tree(cmd, cwd=cwd)
    for run in (timed, sampled):
        if run.returncode != 0:
            raise SystemExit(f"bench: {' '.join(cmd)} failed: {run.stderr.strip()}")
    assert sampled.peak_pss_mb is not None  # sampled
    return Run(timed.wall, timed.cpu, sampled.peak_pss_mb)


def make_words(path: Path, count: int = 133) -> Path:
    """``count`` words, one a line: the names of the bundled benchmark icons (a 12-a-card deck)."""
    names = sorted(p.stem.replace("-", " ") for p in (DATA / "lucide").glob("*.svg"))
    path.write_text("\n".join(names[:count]) + "\n", encoding="utf-8")
    return path


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
    photos, photos_57 = tmp / "photos", tmp / "photos-57"
    subprocess.run([sys.executable, __file__, "--make-photos", str(photos)], check=True)
    subprocess.run([sys.executable, __file__, "--make-photos", str(photos_57), "57"], check=True)
    words_133 = make_words(tmp / "words-133.txt")

    def floor(name: str, source: Path, max_px: int) -> tuple[str, list[str], None]:
        script = str(REPO / "bench" / "floor.py")
        return (
            name,
            [sys.executable, script, str(source), str(out / f"{name}.pdf"), str(max_px)],
            None,
        )

    def build(name: str, *args: str, cli: Sequence[str] = CLI) -> tuple[str, list[str], Path]:
        report = out / f"{name}.json"
        return (
            name,
            [
                *cli,
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
        # as on Windows: no process forked, every stage in threads (bench/no_fork.py)
        build(
            "classic-no-fork",
            *(str(ICONS), "-n", "8", "--paper", "a4", "--card-size", "85mm"),
            cli=[sys.executable, str(REPO / "bench" / "no_fork.py")],
        ),
        # numba's loops rather than the ones make compiled ahead of time (layout/loops.py)
        build(
            "classic-numba",
            *(str(ICONS), "-n", "8", "--paper", "a4", "--card-size", "85mm"),
            cli=["env", "DOBBLE_PRINT_LOOPS=numba", *CLI],
        ),
        build("svg-large", str(DATA / "lucide"), "-n", "12"),
        build("photos", str(photos), "-n", "4"),
        build("words", str(DATA / "words.txt"), "-n", "8"),
        build("words-133", str(words_133), "-n", "12"),
        build("photos-57", str(photos_57), "-n", "8"),
        ("deck-only", [*CLI, "deck", "32", "--json"], None),
        floor("floor", ICONS, 528),
        floor("floor-words-133", words_133, 400),
        floor("floor-photos-57", photos_57, 528),
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
        "cpu_s": statistics.median(r.cpu for r in runs),
        "cores": sum(r.cpu for r in runs) / sum(r.wall for r in runs),
        "pss_mb": max(r.pss_mb for r in runs),
        "pdf_mb": pdf.stat().st_size / 1e6 if pdf and pdf.exists() else None,
        "cards": len(data.get("cards", [])) or None,
        "sheets": len({c["page"] for c in data.get("cards", [])}) or None,
        "coverage": metrics.get("coverage_mean"),
    }


def table(rows: list[dict], ratios: dict[str, tuple[float, float]]) -> str:
    def f(v, fmt):
        return "" if v is None else format(v, fmt)

    lines = [
        "| scenario | wall s (median) | CPU s (median) | CPU / wall | peak PSS MB | PDF MB | cards "
        "| sheets | coverage |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['scenario']} | {f(r['wall_s'], '.2f')} | {f(r['cpu_s'], '.2f')} | "
            f"{f(r['cores'], '.2f')} | "
            f"{f(r['pss_mb'], '.0f')} | {f(r['pdf_mb'], '.2f')} | {f(r['cards'], 'd')} | "
            f"{f(r['sheets'], 'd')} | {f(r['coverage'], '.3f')} |"
        )
    by = {r["scenario"]: r for r in rows}
    lines.append(
        "\nWall, CPU and PSS count every process of the tree (bench/tree.py); wall and CPU from"
        " runs with nothing sampled, PSS from the runs after them."
    )
    for deck, (wall, cpu) in ratios.items():
        lines.append(
            f"{deck} / {PAIRED[deck]}: wall {wall:.2f}, CPU {cpu:.2f} (total over total of {PAIRS} "
            "runs of each, made in turn)"
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
        make_photos(Path(sys.argv[2]), *map(int, sys.argv[3:4]))
        return 0
    only = set(sys.argv[1:])
    rows = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        todo = [s for s in scenarios(tmp) if not only or s[0] in only]
        runs: dict[str, list[Run]] = {name: [] for name, _, _ in todo}
        by_name = {name: cmd for name, cmd, _ in todo}
        pairs = [(d, f) for d, f in PAIRED.items() if d in by_name and f in by_name]
        paired: dict[str, tuple[list[Run], list[Run]]] = {d: ([], []) for d, _ in pairs}
        for deck, base in pairs:  # in turn, so that both meet the same minutes
            for _ in range(PAIRS):
                for name, kept in zip((deck, base), paired[deck], strict=True):
                    kept.append(measure(by_name[name], tmp))
                    runs[name].append(kept[-1])
        for name, cmd, report in todo:
            if not runs[name]:
                runs[name] = [measure(cmd, tmp) for _ in range(RUNS)]
            pdf = next((Path(a) for a in cmd if a.endswith(".pdf")), None)
            rows.append(row(name, runs[name], report, pdf))
            print(f"  {name}: {rows[-1]['wall_s']:.2f} s", file=sys.stderr)
    ratios = {  # over the runs made in turn with the deck's (a floor may serve two decks)
        deck: (
            sum(r.wall for r in ours) / sum(r.wall for r in theirs),
            sum(r.cpu for r in ours) / sum(r.cpu for r in theirs),
        )
        for deck, (ours, theirs) in paired.items()
    }
    text = table(rows, ratios)
    print(text)
    commit = (
        subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
        ).stdout.strip()
        or "unknown"
    )
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    from dobble_print.layout.loops import compiled_path

    loops = "compiled ahead of time" if compiled_path() else "numba's"
    with open(REPO / "bench" / "RESULTS.md", "a", encoding="utf-8") as fh:
        fh.write(
            f"\n## {stamp}, commit {commit}, {os.cpu_count()} cores, the packer's loops {loops}"
            f"\n\n{text}\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
