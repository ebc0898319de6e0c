"""Symbols' names, as the answer key on the cover and the report show them.

A picture is named after its file (``ice_cream.svg`` → ``ice cream``), a word is itself. Two
pictures must not read the same in the key, or players could not tell which is meant.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path


def display_name(path: Path) -> str:
    """``ice_cream.svg`` → ``ice cream``."""
    return " ".join(path.stem.replace("_", " ").replace("-", " ").split()) or path.stem


def distinct_names(symbols: Sequence[tuple[str, str, bool]]) -> list[str]:
    """The names to show for symbols given as ``(name, source, is_picture)``.

    Pictures whose names read the same (``image.png`` from three folders) are named with their
    folder (``cats/image``), then numbered if still the same (``image (2)``). A word's name is
    what its card shows, so it is never changed; a picture named like a word keeps its name too,
    as the key shows each name under its symbol.
    """
    names = [name for name, _, _ in symbols]

    def clashes() -> Counter[str]:
        return Counter(
            n.casefold() for n, (_, _, picture) in zip(names, symbols, strict=True) if picture
        )

    count = clashes()
    if all(n == 1 for n in count.values()):
        return names
    for i, (name, source, picture) in enumerate(symbols):
        if picture and count[name.casefold()] > 1 and (folder := Path(source).parent.name):
            names[i] = f"{folder}/{name}"
    count, seen = clashes(), Counter[str]()
    for i, (name, (_, _, picture)) in enumerate(zip(names, symbols, strict=True)):
        if picture and count[name.casefold()] > 1:
            seen[name.casefold()] += 1
            if seen[name.casefold()] > 1:
                names[i] = f"{name} ({seen[name.casefold()]})"
    return names
