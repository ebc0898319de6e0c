"""Real files of every kind a user brings, good and hostile, made by the tests themselves.

Every maker writes one file into ``folder`` and returns its path. Everything is seeded.
"""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

# --- good pictures --------------------------------------------------------------------------


def blob(w: int = 120, h: int = 90, colour=(200, 40, 40)) -> Image.Image:
    """A coloured ellipse on transparency."""
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse((5, 5, w - 6, h - 6), fill=(*colour, 255))
    return im


def drawing(w: int = 400, h: int = 300, *, seed: int = 0, paper=(255, 255, 255)) -> Image.Image:
    """A cartoon face drawn on plain paper: black outline, coloured fill, white eyes inside."""
    rng = np.random.default_rng(seed)
    im = Image.new("RGB", (w, h), paper)
    d = ImageDraw.Draw(im)
    fill = tuple(int(c) for c in rng.integers(60, 230, 3))
    d.ellipse((w * 0.12, h * 0.1, w * 0.88, h * 0.9), fill=fill, outline=(0, 0, 0), width=6)
    for ex in (0.35, 0.6):
        d.ellipse(
            (w * ex, h * 0.3, w * (ex + 0.1), h * 0.45),
            fill=(255, 255, 255),
            outline=(0, 0, 0),
            width=4,
        )
    d.arc((w * 0.3, h * 0.45, w * 0.7, h * 0.75), 20, 160, fill=(0, 0, 0), width=6)
    return im


def photo(w: int, h: int, *, seed: int = 0) -> Image.Image:
    """A photo-like picture: a sky-to-ground gradient, noise and a few soft shapes."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    top, bottom = rng.integers(40, 230, 3), rng.integers(20, 200, 3)
    t = (y / max(h - 1, 1))[..., None]
    a = top * (1 - t) + bottom * t + rng.normal(0, 12, (h, w, 3))
    for _ in range(4):
        cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.1, 0.3) * min(w, h)
        inside = ((x - cx) ** 2 + (y - cy) ** 2) < r * r
        a[inside] = a[inside] * 0.4 + rng.integers(0, 255, 3) * 0.6
    a += (x / w * 30)[..., None]
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "RGB")


OUTLINE_ICONS = {
    "house": '<path d="M3 10l9-7 9 7v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z"/><path d="M9 21v-7h6v7"/>',
    "sun": '<circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7'
    'l1.4 1.4M2 12h2M20 12h2M6.3 17.7l-1.4 1.4M19.1 4.9l-1.4 1.4"/>',
    "heart": '<path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2'
    '-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7z"/>',
    "bell": '<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/>'
    '<path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"/>',
    "key": '<circle cx="7.5" cy="15.5" r="5.5"/><path d="m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3"/>',
}


def outline_svg(name: str) -> str:
    """A Lucide-style outline icon: 24-unit viewBox, ``stroke="currentColor"``, no fill."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" '
        'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" '
        f'stroke-linejoin="round">{OUTLINE_ICONS[name]}</svg>'
    )


def save(im: Image.Image, path: Path, **kw) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    im.save(path, **kw)
    return path


def cmyk_jpeg(path: Path) -> Path:
    """Pure cyan left half, pure magenta right half, as a CMYK JPEG."""
    a = np.zeros((60, 120, 4), np.uint8)
    a[:, :60, 0] = 255
    a[:, 60:, 1] = 255
    return save(Image.fromarray(a, "CMYK"), path, quality=95)


def exif_rotated_jpeg(path: Path) -> Path:
    """Stored 160×80 with a red block at the stored top-left; EXIF says rotate 90° clockwise."""
    im = Image.new("RGB", (160, 80), (30, 90, 200))
    ImageDraw.Draw(im).rectangle((0, 0, 39, 39), fill=(230, 20, 20))
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: rotate 90 CW to display
    return save(im, path, quality=95, exif=exif)


def png16(path: Path) -> Path:
    """16-bit greyscale: a horizontal ramp 0 … 65535."""
    ramp = np.tile(np.linspace(0, 65535, 256).astype(np.uint16), (32, 1))
    return save(Image.fromarray(ramp), path)  # uint16 → mode I;16


def palette_png(path: Path) -> Path:
    """Palette PNG: index 0 transparent around a green square of index 1."""
    im = Image.new("P", (50, 50), 0)
    im.putpalette([255, 255, 255, 20, 160, 60] + [0] * 762)
    ImageDraw.Draw(im).rectangle((10, 15, 39, 34), fill=1)
    return save(im, path, transparency=0)


def animated_gif(path: Path) -> Path:
    """Three frames: red, green, blue squares; the first frame is red."""
    frames = [Image.new("RGB", (40, 40), c) for c in ((220, 20, 20), (20, 220, 20), (20, 20, 220))]
    return save(frames[0], path, save_all=True, append_images=frames[1:], duration=100, loop=0)


# --- hostile files --------------------------------------------------------------------------


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bomb(path: Path, side: int = 50_000) -> Path:
    """A tiny PNG whose header claims side×side pixels (2.5 gigapixels at the default)."""
    ihdr = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    row = b"\x00" + b"\x00" * 3 * side
    idat = zlib.compress(row * 4, 9)  # a few rows are enough: it must never be decoded
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", ihdr)
        + _png_chunk(b"IDAT", idat)
        + _png_chunk(b"IEND", b"")
    )
    return path


def truncated(good: Path, path: Path) -> Path:
    data = good.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


ENTITY_BOMB = """<?xml version="1.0"?>
<!DOCTYPE svg [
 <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
 <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
 <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
 <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
 <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
 <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">
]>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&g;</text></svg>
"""

USE_BOMB = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    'width="10" height="10"><defs><circle id="l0" r="1"/>'
    + "".join(
        f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 9)
    )
    + '</defs><use xlink:href="#l8"/></svg>'
)

SCRIPT_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" onload="alert(1)">'
    "<script>fetch('http://127.0.0.1:9/x')</script>"
    '<rect x="2" y="2" width="16" height="16" fill="#2a6"/></svg>'
)


def svg_with_image(href: str, *, use: bool = True) -> str:
    """A blue square plus an <image> (and a <use>) pointing at ``href`` (never to be read)."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="40" height="40"><rect x="0" y="0" width="20" height="20" fill="#1565c0"/>'
        f'<image x="0" y="0" width="40" height="40" xlink:href="{href}"/>'
        + (f'<use xlink:href="{href}#a"/>' if use else "")
        + "</svg>"
    )


def png_bytes(im: Image.Image) -> bytes:
    buf = io.BytesIO()
    im.save(buf, format="PNG")
    return buf.getvalue()
