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
    file was cut. (Data after the end, as a phone's motion photo appends, does not matter.)
    The last 64 kB are looked at first: a whole file ends there, so only a cut one (or one
    with data after its end) is read through."""
    with path.open("rb") as f:
        f.seek(max(0, f.seek(0, 2) - 65536))
        if b"\xff\xd9" in f.read():
            return False
        f.seek(0)
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


def avif_coded_size(path: Path) -> tuple[int, int]:
    """The largest frame size an AVIF's coded pictures declare (their AV1 sequence headers,
    found through the ``iloc`` box), to hold against what its ``ispe`` boxes claim: libavif
    stretches a 64×48 picture over a claimed 6000×6000 without a word. (0, 0) when it cannot be
    told: a grid or overlay of pictures (each smaller than the whole), or a box not
    understood."""
    with path.open("rb") as f:
        head = f.read(HEAD_BYTES)
        at = head.find(b"meta")
        meta = head[at : at - 4 + int.from_bytes(head[at - 4 : at], "big")] if at >= 4 else b""
        if not meta or b"grid" in meta or b"iovl" in meta:  # a canvas of several pictures
            return 0, 0
        best = (0, 0)
        for offset in _item_offsets(head):
            f.seek(offset)
            size = _av1_frame_size(f.read(64))
            if size[0] * size[1] > best[0] * best[1]:
                best = size
    return best


def _item_offsets(head: bytes) -> list[int]:
    """Where each item's data starts in the file, from the ``iloc`` box (items stored in the
    file itself); [] when there is none or it cannot be read."""
    at = head.find(b"iloc")
    if at < 4:
        return []
    try:
        version = head[at + 4]
        sizes, more = head[at + 8], head[at + 9]
        offset_size, length_size = sizes >> 4, sizes & 15
        base_size, index_size = more >> 4, (more & 15) if version else 0
        pos = at + 10

        def take(n: int) -> int:
            nonlocal pos
            value = int.from_bytes(head[pos : pos + n], "big") if n else 0
            if pos + n > len(head):
                raise IndexError
            pos += n
            return value

        offsets = []
        for _ in range(take(2 if version < 2 else 4)):
            take(2 if version < 2 else 4)  # item ID
            method = take(2) & 15 if version else 0
            take(2)  # data reference index
            base = take(base_size)
            extents = [
                (take(index_size), take(offset_size), take(length_size))[1] for _ in range(take(2))
            ]
            if method == 0 and extents:
                offsets.append(base + extents[0])
        return offsets
    except IndexError:
        return []


class _Bits:
    """Big-endian bits of ``data``, read ``n`` at a time (the AV1 spec's f(n))."""

    def __init__(self, data: bytes) -> None:
        self.value, self.left = int.from_bytes(data, "big"), 8 * len(data)

    def __call__(self, n: int) -> int:
        if n > self.left:
            raise IndexError
        self.left -= n
        return (self.value >> self.left) & ((1 << n) - 1)


def _av1_frame_size(data: bytes) -> tuple[int, int]:
    """(max_frame_width, max_frame_height) of the AV1 sequence header ``data`` starts with (a
    temporal delimiter before it skipped); (0, 0) when it starts with none."""
    if data[:2] == b"\x12\x00":
        data = data[2:]
    if len(data) < 3 or data[0] != 0x0A or data[1] & 0x80:  # sequence header, size in a byte
        return 0, 0
    try:
        read = _Bits(data[2 : 2 + data[1]])
        read(3)  # seq_profile
        read(1)  # still_picture
        if read(1):  # reduced_still_picture_header
            read(5)
        else:
            model, delay = _timing(read)
            initial = read(1)
            for _ in range(read(5) + 1):  # operating points
                read(12)
                if read(5) > 7:
                    read(1)
                if model and read(1):
                    read(2 * delay + 1)
                if initial and read(1):
                    read(4)
        width_bits, height_bits = read(4) + 1, read(4) + 1
        return read(width_bits) + 1, read(height_bits) + 1
    except IndexError:
        return 0, 0


def _timing(read: _Bits) -> tuple[bool, int]:
    """A full sequence header's timing and decoder model info, read past: (whether a decoder
    model is present, its buffer delay length in bits)."""
    if not read(1):  # timing_info_present_flag
        return False, 0
    read(32)
    read(32)
    if read(1):  # equal_picture_interval: num_ticks_per_picture_minus_1, uvlc()
        zeros = 0
        while not read(1):
            zeros += 1
            if zeros >= 32:
                raise IndexError
        read(zeros)
    if not read(1):  # decoder_model_info_present_flag
        return False, 0
    delay = read(5) + 1
    read(32)
    read(10)
    return True, delay
