"""Benchmarks: run with `make bench`. Placeholder scenario until the speed issue lands."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "deck.pdf"
        cmd = [sys.executable, "-m", "dobble_print", "build", str(REPO / "assets/icons"),
               "-o", str(out), "--seed", "1"]
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        wall = time.perf_counter() - start
        print(f"| classic | {wall:.2f} s | {out.stat().st_size / 1e6:.2f} MB |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
