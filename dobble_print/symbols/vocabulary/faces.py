"""A vocabulary's faces loaded as symbols: each face of each row its own :class:`Symbol`, in
the order entry by entry, face by face, so face ``f`` of entry ``e`` is symbol ``e·F + f``.

A picture face loads as any picture does, a text face as a word, and a combined face
(``picture+word``) as the picture with that text as its label (:mod:`labels`). Rows were checked
as the file was read; a picture that will not decode is refused here, naming its line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from dobble_print.errors import DobbleError
from dobble_print.symbols.fonts.fallback import WordFonts, missing_warning
from dobble_print.symbols.labels import is_labelled, label_fonts, label_symbol
from dobble_print.symbols.loading import DEFAULT_OPTIONS, load_source
from dobble_print.symbols.raster import BadPicture
from dobble_print.symbols.sources import Source
from dobble_print.symbols.symbol import Symbol, SymbolOptions, SymbolSet
from dobble_print.symbols.vocabulary.rows import Entry, Face, Vocabulary
from dobble_print.symbols.words.typeset import Font

# A text face packs with this much room around it (a share of its font size; a plain word deck's
# words get 0.06): faces are short, often numbers, and "14" beside "18" read as "1418".
TEXT_ROOM = 0.25


def _face(
    vocabulary: Vocabulary,
    entry: Entry,
    face: Face,
    *,
    max_px: int,
    options: SymbolOptions,
    fonts: WordFonts,
    bundled: Font,
    index: int,
) -> Symbol:
    """Face ``face`` of ``entry``: a picture, a word (coloured by ``index``), or a labelled
    picture; its source is the row (``vocab.csv:3``)."""
    picture = next((k for k in face.columns if vocabulary.pictures[k]), None)
    text = next((entry.cells[k] for k in face.columns if not vocabulary.pictures[k]), None)
    where = f"{vocabulary.path}:{entry.line}"
    if picture is None:
        assert text is not None  # a face of no picture column has a word column
        source = Source(vocabulary.path, text, entry.line)
        upright = dataclasses.replace(options, max_rotation=0.0)  # turns as words do: no bar
        try:
            word = load_source(source, max_px=max_px, options=upright, fonts=fonts, index=index)
        except BadPicture as exc:
            raise DobbleError((vocabulary.path, f":{entry.line}: {exc}")) from None
        return dataclasses.replace(word, room=TEXT_ROOM)
    path = vocabulary.picture(entry, picture)
    try:
        symbol = load_source(Source(path), max_px=max_px, options=options, fonts=None, index=0)
    except BadPicture as exc:
        raise DobbleError(
            (vocabulary.path, f":{entry.line}: {entry.cells[picture]}: {exc}")
        ) from None
    if text is None or not is_labelled(text):  # an emoji's picture is its own label
        return dataclasses.replace(symbol, name=text or vocabulary.name(entry), source=where)
    font = fonts.text.get(text, bundled)
    return dataclasses.replace(label_symbol(symbol, text, font), name=text, source=where)


def load_faces(
    vocabulary: Vocabulary,
    faces: Sequence[Face],
    *,
    need: int | None = None,
    max_px: int = 600,
    options: SymbolOptions = DEFAULT_OPTIONS,
    progress: Callable[[int, int], None] | None = None,
) -> SymbolSet:
    """The ``faces`` of the first ``need`` entries (all when None) as symbols, entry by entry.

    Raises:
        DobbleError: a picture that cannot be decoded, or a font that cannot be used.
    """
    entries = vocabulary.entries[:need] if need is not None else vocabulary.entries
    texts = [
        entry.cells[k]
        for entry in entries
        for face in faces
        for k in face.columns
        if not vocabulary.pictures[k]
    ]
    fonts, bundled = label_fonts(texts, options)
    symbols, warnings = [], []
    for e, entry in enumerate(entries):
        for f, face in enumerate(faces):
            symbol = _face(
                vocabulary,
                entry,
                face,
                max_px=max_px,
                options=options,
                fonts=fonts,
                bundled=bundled,
                index=e * len(faces) + f,
            )
            if symbol.kind != "image" and (
                said := missing_warning(
                    (vocabulary.path, f":{entry.line}"),
                    symbol.name,
                    fonts,
                    file=vocabulary.path,
                )
            ):
                warnings.append(said)
            symbols.append(symbol)
        if progress:
            progress(e + 1, len(entries))
    unused = tuple(vocabulary.name(e) for e in vocabulary.entries[len(entries) :])
    shown = {  # a picture of a row left out may still be shown by a row kept
        vocabulary.picture(e, k)
        for e in entries
        for face in faces
        for k in face.columns
        if vocabulary.pictures[k]
    }
    files = tuple(p for p in dict.fromkeys(vocabulary.files) if p not in shown)
    return SymbolSet(tuple(symbols), unused, tuple(warnings), unused_files=files)
