"""The app's door to the words' pictures and the bundled library: a word list's tiles before
the deck is made (:func:`~dobble_print.symbols.word_tiles`), and the pictures a picker offers,
each with its SVG file."""

from __future__ import annotations

from dobble_print.symbols import (
    LibraryPicture,
    WordTile,
    library_file,
    library_picture,
    library_pictures,
    listed_word,
    word_tiles,
)

__all__ = [
    "LibraryPicture",
    "WordTile",
    "library_file",
    "library_picture",
    "library_pictures",
    "listed_word",
    "word_tiles",
]
