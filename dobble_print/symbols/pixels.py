"""A symbol's pixels, kept compressed between the stages that read them.

A picture's H×W×4 pixels are read where it is loaded (its ink, its look, its twins), where its
packing shape is made, by the colour checks, by the measuring's ink codes, and last where the
PDF stores it. Between these reads the build packs its cards, its peak: held whole, the classic
deck's 57 drawn icons are ~67 MB of a ~215 MB peak, in every phase of the build. Compressed with
LZ4 they are ~1.5 MB (drawn pictures are mostly transparent), at ~0.3 ms a picture each way;
zlib's fastest level shrinks them as well but costs four times as long, and 20 times on photos
(57 phone photos: 52 → 27 MB with LZ4 in 0.03 s, 22 MB with zlib in 0.63 s).
Each reader decodes a picture when it needs it and lets it go; readers at once (the loading
thread measuring what it decoded) share one decoding.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import lz4.block
import numpy as np

__all__ = ["Pixels"]


@dataclass(frozen=True, eq=False)
class Pixels:
    """RGBA pixels kept compressed: ``shape`` is the array's, :meth:`array` decodes them.

    Compared by identity, as arrays are by their readers' caches (the PDF's streams are kept
    while their pixels live: a ``Pixels`` takes weak references).
    """

    shape: tuple[int, ...]
    data: bytes
    # the last array decoded, while a reader holds it: another reader meanwhile gets it too
    _decoded: weakref.ref | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, rgba: np.ndarray) -> Pixels:
        """``rgba`` (uint8), compressed.

        Raises:
            ValueError: the array is not of bytes (it would come back other pixels).
        """
        if rgba.dtype != np.uint8:
            raise ValueError(f"pixels are bytes (uint8), not {rgba.dtype}")
        rgba = np.ascontiguousarray(rgba)
        return cls(rgba.shape, lz4.block.compress(rgba, store_size=True))

    def array(self) -> np.ndarray:
        """The pixels (read-only: they are a symbol's, shared): decoded anew, unless another
        reader holds them decoded."""
        held = self._decoded() if self._decoded is not None else None
        if held is not None:
            return held
        rgba = np.frombuffer(lz4.block.decompress(self.data), np.uint8).reshape(self.shape)
        object.__setattr__(self, "_decoded", weakref.ref(rgba))
        return rgba

    def __reduce__(self):
        """Pickled as its shape and bytes (a weak reference does not pickle)."""
        return Pixels, (self.shape, self.data)

    @property
    def height(self) -> int:
        return self.shape[0]

    @property
    def width(self) -> int:
        return self.shape[1]
