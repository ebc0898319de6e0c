"""Layout time of this checkout against an earlier commit, measured in turn.

This machine's speed drifts by tens of per cent from minute to minute, so two layout timings taken
minutes apart say little about the code. Here the commit is checked out into a temporary git
worktree, and ``bench/layout.py`` runs for it and for this checkout alternately, ``--pairs``
times, in fresh processes. Each run is given its own ``PYTHONPATH``, so that the packing workers'
fork server imports the same package as the run's main process. One untimed run of each comes
first (numba compiles a fresh worktree's loops). The best times of each pair are printed, and the
ratio of their totals.

Even in turn, the speed can change by a third within one pair. ``--side-by-side`` runs the two at
the same time instead, each in one process (``--workers 1``) pinned to a core of its own, the
cores swapped from pair to pair: both see the same minute, so the ratio measures the packing's
CPU time (not the start-up of the packing workers, which only the default mode sees). Each loads
the pictures before its timed layouts, so the two overlap closely but not exactly, and a core can
be slower than the other for a while: it narrows the spread, it does not remove it (icons, four
pairs: 7.7/7.9, 9.5/6.7, 8.3/6.9, 7.6/7.6 s).

A benchmark, not a test: nothing here asserts.

Usage: .venv/bin/python bench/compare.py REV [FOLDER] [--pairs 3] [--runs 2] [--side-by-side]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BEST = re.compile(r"laid out in ([0-9.]+) s best")


def _command(checkout: Path, folder: Path, runs: int, workers: int | None) -> list[str]:
    more = ["--workers", str(workers)] if workers else []
    layout = str(checkout / "bench" / "layout.py")
    return [sys.executable, layout, "--runs", str(runs), *more, str(folder)]


def _best(checkout: Path, out: str) -> float:
    found = BEST.search(out)
    if found is None:
        raise SystemExit(f"bench/layout.py of {checkout} printed no time:\n{out}")
    return float(found.group(1))


def best_time(checkout: Path, folder: Path, runs: int) -> float:
    """The best of ``runs`` layouts of ``folder`` by ``checkout``'s own package, seconds."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(
        _command(checkout, folder, runs, None),
        env=env,
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return _best(checkout, out)


def side_by_side(checkouts: list[Path], cores: list[int], folder: Path, runs: int) -> list[float]:
    """The best of ``runs`` one-process layouts by each checkout, run at the same time, each
    pinned to its core, seconds."""
    procs = []
    for checkout, core in zip(checkouts, cores, strict=True):
        procs.append(
            subprocess.Popen(
                _command(checkout, folder, runs, 1),
                env={**os.environ, "PYTHONPATH": str(checkout)},
                cwd=checkout,
                stdout=subprocess.PIPE,
                text=True,
                preexec_fn=lambda core=core: os.sched_setaffinity(0, {core}),
            )
        )
    outs = [p.communicate()[0] for p in procs]
    for p, checkout in zip(procs, checkouts, strict=True):
        if p.returncode:
            raise SystemExit(f"bench/layout.py of {checkout} failed")
    return [_best(c, o) for c, o in zip(checkouts, outs, strict=True)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the earlier commit (anything git rev-parse takes)")
    ap.add_argument("folder", nargs="?", type=Path, default=REPO / "assets" / "icons")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument(
        "--side-by-side",
        action="store_true",
        help="run both at once, one process each, pinned to a core each (swapped every pair)",
    )
    args = ap.parse_args()
    cores = sorted(os.sched_getaffinity(0))
    if args.side_by_side and len(cores) < 2:
        raise SystemExit("--side-by-side needs two cores")
    folder = args.folder.resolve()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(
            ["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(old), args.rev],
            check=True,
        )
        try:
            for checkout in (old, REPO):  # untimed: numba compiles a fresh worktree's loops
                best_time(checkout, folder, 1)
            totals = [0.0, 0.0]
            for pair in range(args.pairs):
                if args.side_by_side:
                    pinned = cores[:2] if pair % 2 == 0 else cores[1::-1]
                    then, now = side_by_side([old, REPO], pinned, folder, args.runs)
                else:
                    then = best_time(old, folder, args.runs)
                    now = best_time(REPO, folder, args.runs)
                totals[0] += then
                totals[1] += now
                print(f"pair {pair + 1}: {args.rev} {then:.2f} s, this checkout {now:.2f} s")
        finally:
            subprocess.run(
                ["git", "-C", str(REPO), "worktree", "remove", "--force", str(old)], check=True
            )
    print(f"this checkout / {args.rev} = {totals[1] / totals[0]:.3f} (total over total)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
