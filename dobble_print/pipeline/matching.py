"""Matching decks: a vocabulary file's symbols, each shown on every card by one of its faces.

The deck is planned on the file's rows as on any symbols; each chosen face of each row is loaded
as its own symbol (:func:`symbols.load_faces`, face ``f`` of row ``e`` is symbol ``e·F + f``);
the rows are mixed and the cards shuffled as usual, then :func:`deck.assign_faces` picks which
face each card shows (:func:`.loading.load_deck`), and the layout packs those faces like any
symbols. :class:`Matching` says
which face symbol is which row, for the report and the cover's answer key.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dobble_print.deck import Deck
from dobble_print.errors import Advice, Notice, OptionError, Setting
from dobble_print.language import N_, Msg
from dobble_print.layout import start_packers
from dobble_print.options import BuildOptions
from dobble_print.pipeline.planning import (
    DeckPlan,
    Progress,
    choose_deck,
    crowded,
    stage_progress,
    symbol_pixels,
)
from dobble_print.printing import CoverPage
from dobble_print.symbols import (
    Face,
    Sources,
    SymbolCache,
    SymbolSet,
    Vocabulary,
    choose_faces,
    load_faces,
)

NOUN = "symbols"


@dataclass(frozen=True)
class Matching:
    """The faces of a matching deck's symbols.

    Attributes:
        vocabulary: the file read.
        faces: the faces shown, in ``--faces`` order.
        entries: how many rows the deck uses (its first ones).
    """

    vocabulary: Vocabulary
    faces: tuple[Face, ...]
    entries: int

    def of(self, symbol: int) -> tuple[int, int]:
        """``(row, face)`` of a face symbol."""
        return divmod(symbol, len(self.faces))

    def key_names(self) -> list[str]:
        """Each row's line in the answer key: all its text faces."""
        rows = self.vocabulary.entries[: self.entries]
        return [self.vocabulary.key(e) for e in rows]

    def key_symbols(self) -> list[int]:
        """The face symbol each row's key cell draws: its first face with a picture."""
        pictured = [
            f
            for f, face in enumerate(self.faces)
            if any(self.vocabulary.pictures[k] for k in face.columns)
        ]
        first = pictured[0] if pictured else 0
        return [e * len(self.faces) + first for e in range(self.entries)]

    def as_json(self) -> dict:
        """The report's ``"vocabulary"``: the file, the faces, and each row with its cells and
        its face symbols."""
        v = self.vocabulary
        return {
            "file": str(v.path),
            "columns": list(v.columns),
            "faces": [face.name for face in self.faces],
            "entries": [
                {
                    "id": e,
                    "line": entry.line,
                    "name": v.name(entry),
                    "cells": dict(zip(v.columns, entry.cells, strict=True)),
                    "symbols": [e * len(self.faces) + f for f in range(len(self.faces))],
                }
                for e, entry in enumerate(v.entries[: self.entries])
            ],
        }


def faces_for(options: BuildOptions, vocabulary: Vocabulary) -> tuple[Face, ...]:
    """The faces ``--faces`` asks for; with ``--labels`` and no ``--faces``, each picture
    column labelled with the first text column (``picture+word``) and the other columns.

    Raises:
        OptionError: see :func:`symbols.choose_faces`.
    """
    spec: Sequence[str] = options.faces
    texts = [c for c, p in zip(vocabulary.columns, vocabulary.pictures, strict=True) if not p]
    if options.labels and spec:
        raise OptionError(
            "labels",
            N_(
                "does nothing with {faces}, which says the faces itself; ask for a labelled "
                "picture there, e.g. {example}",
                faces=Setting("faces"),
                example=Setting("faces", "picture+word,word"),
            ),
        )
    if options.labels and not (texts and any(vocabulary.pictures)):
        raise OptionError(
            "labels",
            N_(
                "puts a word under each picture, and {file} needs a picture column and a text "
                "column for that",
                file=vocabulary.path.name,
            ),
            advice=(Advice("leave_out", "labels", lead=N_("; ")),),
        )
    if options.labels and not spec and texts:
        spec = [
            f"{c}+{texts[0]}" if p else c
            for c, p in zip(vocabulary.columns, vocabulary.pictures, strict=True)
            if p or c != texts[0]
        ]
    return choose_faces(vocabulary, spec)


def _shown(faces: Sequence[Face]) -> Msg:
    """What the summary adds about the faces: ``; each symbol shown as picture or word``, its
    words in the user's language (the faces keep the vocabulary file's names for them)."""
    names = [face.name for face in faces]
    some: str | Msg = names[0]
    for name in names[1:-1]:  # the language's own comma: Japanese lists with 、
        # TRANSLATORS: a list of names: "picture, word"; "or" joins the last ("…, word or gloss")
        some = N_("{some}, {next}", some=some, next=name)
    listed = N_("{some} or {last}", some=some, last=names[-1])
    return N_("; each symbol shown as {faces}", faces=listed if len(names) > 1 else names[0])


def refuse_faces(options: BuildOptions, found: Sources) -> None:
    """``--faces`` needs a vocabulary file, and ``--labels`` pictures to label.

    Raises:
        OptionError: ``--faces`` without one; ``--labels`` on a list of words alone.
    """
    if options.faces and found.vocabulary is None:
        raise OptionError(
            "faces", N_("needs a vocabulary file (.csv or .tsv with a header) as the source")
        )
    if options.labels and found.vocabulary is None and found.noun == "words":
        raise OptionError(
            "labels",
            N_("puts each picture's name under it, and these sources are words only; add pictures"),
            advice=(Advice("leave_out", "labels", lead=N_(", or ")),),
        )


def load_rows(
    options: BuildOptions,
    vocabulary: Vocabulary,
    load_progress: Callable[[int, int], None] | None,
    *,
    packers: bool = False,
    cache: SymbolCache | None = None,
) -> tuple[tuple[Face, ...], Deck, Notice, SymbolSet]:
    """The faces shown, the deck the vocabulary's rows make (cards as rows), why this deck, and
    the faces of its rows loaded (kept in ``cache`` when given): the steps
    :func:`plan_matching` and the build share.

    With ``packers``, the packing workers start getting ready once the deck's size is known.
    """
    faces = faces_for(options, vocabulary)
    deck, why = choose_deck(options, len(vocabulary.entries), vocabulary.path, NOUN)
    why = why.then(_shown(faces))
    if packers:
        start_packers(len(deck.cards))
    # the deck's rows only: 50,000 rows were all drawn
    loaded = (cache.load_faces if cache else load_faces)(
        vocabulary,
        faces,
        need=deck.symbol_count,
        max_px=symbol_pixels(options.card.size, options.symbol_margin, deck.symbols_per_card),
        options=options.symbol_loading,
        progress=load_progress,
    )
    return faces, deck, why, loaded


def plan_matching(
    options: BuildOptions,
    found: Sources,
    progress: Progress | None = None,
    *,
    cache: SymbolCache | None = None,
) -> DeckPlan:
    """What :func:`planning.plan_sources` says of a vocabulary file: its rows counted as symbols,
    the faces of the deck's rows loaded, as build would (kept in ``cache`` when given)."""
    from dobble_print.deck import deck_options

    assert found.vocabulary is not None  # planned as a vocabulary file's deck only when it has one
    rows = len(found.vocabulary.entries)
    _, deck, why, loaded = load_rows(
        options, found.vocabulary, stage_progress(progress, "load"), cache=cache
    )
    choices = deck_options(rows, larger=2) if rows >= 3 else ()
    warnings = loaded.warnings + crowded(options, deck.symbols_per_card)
    return DeckPlan(
        deck,
        why,
        rows,
        rows,
        choices,
        warnings,
        NOUN,
        unused=loaded.unused,
        unused_files=loaded.unused_files,
    )


def key_faces(cover: Sequence[CoverPage], symbols: Sequence[int]) -> tuple[CoverPage, ...]:
    """The cover with each answer-key cell, planned for row ``r``, drawing face symbol
    ``symbols[r]``."""
    return tuple(
        dataclasses.replace(
            page,
            legend=tuple(
                dataclasses.replace(cell, symbol=symbols[cell.symbol]) for cell in page.legend
            ),
        )
        for page in cover
    )


def faces_report(report: dict, matching: Matching) -> dict:
    """The report with the vocabulary (``"vocabulary"``) and, on every placement, the row it
    shows (``"entry"``) and by which face (``"face"``)."""
    names = [face.name for face in matching.faces]
    cards = []
    for card in report["cards"]:
        placements = []
        for p in card["placements"]:
            entry, face = matching.of(p["symbol"])
            placements.append({**p, "entry": entry, "face": names[face]})
        cards.append({**card, "placements": placements})
    return {**report, "vocabulary": matching.as_json(), "cards": cards}
