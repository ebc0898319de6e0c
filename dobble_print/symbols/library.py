"""The bundled picture library (placeholder for the ``library`` branch's module, same API)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class LibraryPicture:
    key: str
    emoji: str
    theme: str
    names: Mapping[str, str]
    keywords: Mapping[str, tuple[str, ...]]


def library() -> tuple[LibraryPicture, ...]:
    return ()


def library_svg(key: str) -> bytes:
    raise KeyError(key)
