"""Re-make the README's pictures from the bundled icons: `.venv/bin/python assets/readme/make.py`.

A front sheet of the classic deck (seed 1) rasterised with PyMuPDF (a test dependency), and one
card drawn by `dobble-print preview`; and for the classroom, two cards of a picture-and-word
deck whose match is a picture on one and its word on the other.
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
        classroom_pair(Path(tmp), cli)
    return 0


def classroom_pair(tmp: Path, cli: list[str]) -> None:
    """``classroom.png``: cards 1 and the first card whose match with it changes face."""
    import itertools
    import json

    from PIL import Image

    icons = sorted((HERE.parent / "icons").glob("*.svg"))[:31]
    (tmp / "pictures").mkdir()
    rows = ["picture,word"]
    for icon in icons:
        (tmp / "pictures" / icon.name).write_bytes(icon.read_bytes())
        rows.append(f"pictures/{icon.name},{icon.stem.replace('_', ' ')}")
    vocab = tmp / "vocab.csv"
    vocab.write_text("\n".join(rows) + "\n", encoding="utf-8")
    report = tmp / "vocab.json"
    subprocess.run([*cli, "build", str(vocab), "-o", str(tmp / "vocab.pdf"), "--seed", "1",
                    "--report", str(report), "--quiet"], check=True, capture_output=True)
    cards = sorted(json.loads(report.read_text())["cards"], key=lambda c: c["index"])
    faces = [{p["entry"]: p["face"] for p in c["placements"]} for c in cards]
    pair = next((a, b) for a, b in itertools.combinations(range(len(faces)), 2)
                if len({faces[a][e] + faces[b][e] for e in faces[a].keys() & faces[b].keys()}
                       - {"picturepicture", "wordword"}))
    shots = []
    for n in pair:
        png = tmp / f"card{n}.png"
        subprocess.run([*cli, "preview", str(vocab), "-o", str(png), "--card", str(n + 1),
                        "--seed", "1", "--dpi", "80"], check=True, capture_output=True)
        shots.append(Image.open(png).convert("RGBA"))
    gap = 20
    both = Image.new("RGBA", (sum(s.width for s in shots) + gap, max(s.height for s in shots)))
    both.paste(shots[0], (0, 0))
    both.paste(shots[1], (shots[0].width + gap, 0))
    both.save(HERE / "classroom.png", optimize=True)


if __name__ == "__main__":
    sys.exit(main())
