"""Pictures that only their colours tell apart, made by the tests: one seeded random silhouette
drawn in two colours picked on a confusion line of the simulation (issue 42)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

SIDE = 96  # small pictures: the check reduces every picture to 32 × 32 anyway

# Colour pairs, each one silhouette: protanopes see the red as dark as the green (Viénot 1999:
# within 3 levels), which a printer keeps 48 luma levels apart; tritanopes see the blue as the
# teal (Brettel 1997: within 3), 8 luma levels apart; the red and the blue are 6 luma levels apart
# and far apart to every colour blindness.
RED_GREEN = ((230, 80, 60), (0, 115, 60))
BLUE_TEAL = ((40, 90, 200), (0, 110, 135))
RED_BLUE = ((210, 40, 40), (0, 95, 255))
LIGHT_YELLOW = (255, 245, 140)  # luma 235 on white: vanishes in grey, not in colour


def silhouette(seed: int, colour, side: int = SIDE) -> Image.Image:
    """A seeded star-like polygon (5 to 9 points at random radii) on transparency."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 10))
    angles = np.sort(rng.uniform(0, 2 * np.pi, n))
    radii = rng.uniform(0.2, 0.48, n) * side
    points = [
        (side / 2 + r * np.cos(a), side / 2 + r * np.sin(a))
        for a, r in zip(angles, radii, strict=True)
    ]
    im = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    ImageDraw.Draw(im).polygon(points, fill=(*colour, 255))
    return im


def rgba(seed: int, colour) -> np.ndarray:
    return np.asarray(silhouette(seed, colour))


def save(folder: Path, name: str, seed: int, colour) -> Path:
    path = folder / f"{name}.png"
    silhouette(seed, colour).save(path)
    return path
