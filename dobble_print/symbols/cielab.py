"""Colours as the eye compares them: sRGB in CIELAB (D65 white), and the CIE76 colour difference
ΔE, the distance there (about 2.3 is the least a viewer sees; the words' palette's red and blue
are 90 apart, its red and rust 20)."""

from __future__ import annotations

import numpy as np

_SRGB_TO_XYZ = np.array(
    [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
)
_D65 = np.array([0.95047, 1.0, 1.08883])


def to_lab(rgb) -> np.ndarray:
    """sRGB colours (0–255, any shape ending in 3) in CIELAB: L from 0 to 100, a and b."""
    c = np.asarray(rgb, float) / 255.0
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    xyz = c @ _SRGB_TO_XYZ.T / _D65
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])],
        axis=-1,
    )


def colour_difference(a, b) -> np.ndarray:
    """CIE76 ΔE between sRGB colours ``a`` and ``b`` (0–255; arrays broadcast)."""
    return np.linalg.norm(to_lab(a) - to_lab(b), axis=-1)
