"""What refuses a picture and what counts as its ink when it is trimmed: the two facts the SVG
drawing process needs of :mod:`raster`, without numpy (:mod:`svg.worker`: ~60 ms of CPU and
~16 MB of resident memory its start-up would pay for them in each drawing process).
"""

from __future__ import annotations

# Alpha at or below this counts as empty when trimming: anti-aliasing fuzz is not ink. (What
# *prints* is judged at alpha ≥ 0.5, :data:`ink.INK_ALPHA`; trimming keeps every visible pixel.)
TRIM_ALPHA = 8


class BadPicture(Exception):
    """The file cannot be used as a picture; the message is the reason, in a few words."""
