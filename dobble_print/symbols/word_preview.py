"""The words' pictures as the app shows them before a deck is made (``--illustrate``): each
line of the word lists with the picture that will draw it — the user's own picture of that
name, else the bundled one :func:`~.illustrate.illustrated_words` finds — or why it has none.

The same rules as :func:`~.illustrate.illustrate_sources`, which the build follows: a word
asked for a picture (``word=picture``) takes it, the user's own pictures come first, one
picture never draws two words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dobble_print.language import Msg
from dobble_print.symbols.illustrate import illustrated_words, unfound_reason
from dobble_print.symbols.names import display_name
from dobble_print.symbols.word_forms import fold, form
from dobble_print.symbols.word_match import WordMatch, split_asked
from dobble_print.symbols.words import BadWords, read_words

__all__ = ["WordTile", "listed_word", "word_tiles"]

MOST_WORDS = 400  # a list's first words shown: the largest deck uses 183 symbols


@dataclass(frozen=True)
class WordTile:
    """One line of a word list and what draws it.

    Attributes:
        file: the word list.
        line: its line number, from 1.
        text: the line as written (``chat=black-cat``).
        match: the bundled picture found, the others that fit, or the nearest names.
        own: the user's own picture drawing the word instead, if any.
        reason: why no picture draws it, in one line (None when one does).
    """

    file: Path
    line: int
    text: str
    match: WordMatch
    own: Path | None = None
    reason: Msg | None = None


def listed_word(line: str) -> str:
    """The word of a list's line (``chat=black-cat`` → ``chat``)."""
    return split_asked(line)[0]


def word_tiles(
    lists: Sequence[Path], pictures: Sequence[Path], lang: str, *, most: int = MOST_WORDS
) -> tuple[str, tuple[WordTile, ...]]:
    """The language the words are in and a tile for each of the first ``most`` lines of
    ``lists`` (a list that cannot be read is passed over: the plan says why), ``pictures``
    being the user's own."""
    lines: list[tuple[Path, int, str]] = []
    for path in lists:
        try:
            lines += [(path, number, line) for number, line in read_words(path)]
        except (BadWords, OSError):
            continue
    lines = lines[:most]
    if not lines:
        return lang, ()
    found, matches = illustrated_words([line for _, _, line in lines], lang)
    own: dict[str, Path] = {}
    for path in pictures:
        name = display_name(path)
        own.setdefault(fold(name, found), path)
        own.setdefault(form(name, found), path)
    used: set[Path] = set()
    tiles = []
    for (path, number, line), match in zip(lines, matches, strict=True):
        mine = own.get(fold(match.word, found), own.get(form(match.word, found)))
        if not match.asked and mine is not None and mine not in used:
            used.add(mine)
            tiles.append(WordTile(path, number, line, match, own=mine))
        elif match.key:
            tiles.append(WordTile(path, number, line, match))
        else:
            tiles.append(WordTile(path, number, line, match, reason=unfound_reason(match)))
    return found, tuple(tiles)
