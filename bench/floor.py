"""The floor: the least any tool must do for a deck — decode the pictures and write them to a PDF.

Each picture is decoded (SVG rasterised at the size the deck loads it) and drawn one per page in a
plain reportlab PDF; a text file's words are written one per page in a standard font.
`bench/run.py` reports each paired deck's costs as ratios to its floor's.
Usage: python bench/floor.py FOLDER|WORDS.txt OUT.pdf [MAX_PX]
"""

from __future__ import annotations

import io
import sys
from pathlib import Path


def main() -> int:
    folder, out = Path(sys.argv[1]), Path(sys.argv[2])
    max_px = int(sys.argv[3]) if len(sys.argv) > 3 else 528
    import cairosvg
    from PIL import Image
    from reportlab import rl_config
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    rl_config.useA85 = 0
    c = canvas.Canvas(str(out), invariant=1)
    if folder.is_file():  # words
        for word in folder.read_text(encoding="utf-8").split("\n"):
            if word.strip():
                c.setFont("Helvetica", 36)
                c.drawString(72, 400, word.strip())
                c.showPage()
        c.save()
        return 0
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() == ".svg":
            png = cairosvg.svg2png(bytestring=path.read_bytes(), output_width=max_px)
            im = Image.open(io.BytesIO(png)).convert("RGBA")
        elif path.suffix.lower() in {".png", ".jpg", ".jpeg"}:
            im = Image.open(path).convert("RGBA")
        else:
            continue
        c.drawImage(ImageReader(im), 72, 72, 300, 300, mask="auto")
        c.showPage()
    c.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
