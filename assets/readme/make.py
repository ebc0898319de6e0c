"""Re-make the README's pictures from the bundled icons: `.venv/bin/python assets/readme/make.py`.

A front sheet of the classic deck (seed 1) rasterised with PyMuPDF (a test dependency), and one
card drawn by `dobble-print preview`.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    import pymupdf

    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "deck.pdf"
        cli = [sys.executable, "-m", "dobble_print"]
        subprocess.run([*cli, "build", "-o", str(pdf), "--seed", "1", "--quiet"], check=True,
                       capture_output=True)
        page = pymupdf.open(pdf)[1]  # the first card sheet, after the cover
        page.get_pixmap(dpi=45).save(HERE / "sheet.png")
        subprocess.run([*cli, "preview", "-o", str(HERE / "card.png"), "--card", "1", "--seed",
                        "1", "--dpi", "90"], check=True, capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
