"""A file named the way people type it: on any system, a path copied from Windows works too."""

from __future__ import annotations

from pathlib import Path


def given_file(text: str) -> Path:
    """A file path as typed, or as Windows writes it (``templates\\shops\\x.toml``) with ``/``
    when only that names a file, so a command copied from Windows works here too."""
    path = Path(text)
    if "\\" in text and not path.is_file() and Path(text.replace("\\", "/")).is_file():
        return Path(text.replace("\\", "/"))
    return path
