"""Layout time of this checkout against an earlier commit, measured in turn.

This machine's speed drifts by tens of per cent from minute to minute, so two layout timings taken
minutes apart say little about the code. Here the commit is checked out into a temporary git
worktree, and ``bench/layout.py`` runs for it and for this checkout alternately, ``--pairs``
times, in fresh processes. Each run is given its own ``PYTHONPATH``, so that the packing workers'
fork server imports the same package as the run's main process. One untimed run of each comes
first (numba compiles a fresh worktree's loops). The best times of each pair are printed, and the
ratio of their totals.

A benchmark, not a test: nothing here asserts.

Usage: .venv/bin/python bench/compare.py REV [--pairs 3] [--runs 2] [FOLDER]
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


def best_time(checkout: Path, folder: Path, runs: int) -> float:
    """The best of ``runs`` layouts of ``folder`` by ``checkout``'s own package, seconds."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(
        [sys.executable, str(checkout / "bench" / "layout.py"), "--runs", str(runs), str(folder)],
        env=env,
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = BEST.search(out)
    if found is None:
        raise SystemExit(f"bench/layout.py of {checkout} printed no time:\n{out}")
    return float(found.group(1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the earlier commit (anything git rev-parse takes)")
    ap.add_argument("folder", nargs="?", type=Path, default=REPO / "assets" / "icons")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
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
