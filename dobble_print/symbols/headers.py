"""What a picture file's header claims, read from its first bytes without a decoder: the kind of
an ISO media file (HEIC, AVIF) and the size it declares, and the least a JPEG of its declared
size can weigh.

Used where a decoder says only "cannot identify" (libavif refuses a huge or cut-short AVIF that
way) or says nothing at all (a JPEG whose header claims 9500×9400 pixels but whose data holds
16×16 decodes as the 16×16 smeared over the whole canvas).
"""

from __future__ import annotations

import math
import struct
from pathlib import Path

# The first bytes looked at: a header bigger than this is not looked into (the decoder decides).
HEAD_BYTES = 1 << 20

# ISO media brands (the ``ftyp`` box): HEIF/HEIC as pillow-heif opens it, AVIF as Pillow does.
HEIF_BRANDS = (b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1")
AVIF_BRANDS = (b"avif", b"avis")


def media_kind(head: bytes) -> str | None:
    """``"AVIF"`` or ``"HEIF"`` (Pillow's format names) for a file starting with ``head`` (its
    first 12 bytes at least); None for anything else."""
    if head[4:8] != b"ftyp":
        return None
    brand = head[8:12]
    return "AVIF" if brand in AVIF_BRANDS else "HEIF" if brand in HEIF_BRANDS else None


def media_size(path: Path) -> tuple[int, int]:
    """The largest size an ISO media file's ``ispe`` boxes declare (the whole picture, not a
    tile or thumbnail); (0, 0) when none is found."""
    with path.open("rb") as f:
        head = f.read(HEAD_BYTES)
    best, at = (0, 0), head.find(b"ispe")
    while at >= 4 and at + 16 <= len(head):
        w, h = struct.unpack_from(">II", head, at + 8)  # after the version and flags
        if w * h > best[0] * best[1]:
            best = (w, h)
        at = head.find(b"ispe", at + 4)
    return best


# Start-of-frame markers coded with Huffman tables: baseline, extended, progressive, lossless.
_HUFFMAN_FRAMES = {0xC0, 0xC1, 0xC2, 0xC3}
_FRAMES = _HUFFMAN_FRAMES | {0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg_frame(head: bytes) -> tuple[int, int, int]:
    """(frame marker, position of the first scan, 0) of a JPEG's header in ``head``; the
    marker is 0 when no frame header is found, the position 0 when no scan starts in it."""
    at, frame = 2, 0  # after FF D8
    while at + 4 <= len(head):
        if head[at] != 0xFF:
            return frame, 0, 0
        marker = head[at + 1]
        if marker == 0xFF:  # fill bytes
            at += 1
            continue
        if marker in _FRAMES:
            frame = at
        if marker == 0xDA:
            return frame, at, 0
        (length,) = struct.unpack_from(">H", head, at + 2)
        at += 2 + length
    return frame, 0, 0


def jpeg_least_bytes(path: Path) -> int:
    """The fewest bytes a Huffman-coded JPEG of its declared size can hold: every 8×8 block of
    its fullest component costs at least one bit (a block's DC code, in every scan order), so a
    file smaller than this does not hold the picture its header claims. 0 when it cannot be
    told (arithmetic coding, or no frame header in the first megabyte)."""
    with path.open("rb") as f:
        head = f.read(HEAD_BYTES)
    at, _scan, _ = _jpeg_frame(head)
    if not at or head[at + 1] not in _HUFFMAN_FRAMES or at + 9 > len(head):
        return 0
    h, w = struct.unpack_from(">HH", head, at + 5)
    return math.ceil(w / 8) * math.ceil(h / 8) // 8


def jpeg_cut_short(path: Path) -> bool:
    """Whether a JPEG's data stops before its end marker: inside the coded data a 0xFF byte is
    always followed by 0 or a restart marker, so no end marker after the first scan means the
    file was cut. (Data after the end, as a phone's motion photo appends, does not matter.)"""
    with path.open("rb") as f:
        head = f.read(HEAD_BYTES)
        _frame, scan, _ = _jpeg_frame(head)
        if not scan:
            return False
        f.seek(scan)
        tail = b""
        while chunk := f.read(HEAD_BYTES):
            if b"\xff\xd9" in tail[-1:] + chunk:
                return False
            tail = chunk
    return True
