"""The words' pictures as the app shows them before a deck is made (``--illustrate``): each
line of the word lists with the picture that will draw it — the user's own picture of that
name, else the bundled one :func:`~.word_match.match_words` finds — or why it has none.

The same rules as :func:`~.illustrate.illustrate_sources`, which the build follows: a word
asked for a picture (``word=picture``) takes it, the user's own pictures come first, one
picture never draws two words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dobble_print.language import Msg
from dobble_print.symbols.names import display_name
from dobble_print.symbols.words.forms import fold, form
from dobble_print.symbols.words.illustrate import unfound_reason
from dobble_print.symbols.words.matching import WordMatch, choose_language, match_words, split_asked
from dobble_print.symbols.words.typeset import BadWords, read_words

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
    # as illustrate_sources does: the language of all the words, the user's own pictures
    # first, then the bundled ones for the rest
    found = choose_language([line for _, _, line in lines], lang)
    own: dict[str, Path] = {}
    for path in pictures:
        name = display_name(path)
        own.setdefault(fold(name, found), path)
        own.setdefault(form(name, found), path)
    mine: dict[int, Path] = {}
    for i, (_, _, line) in enumerate(lines):
        word, asked = split_asked(line)
        picture = own.get(fold(word, found), own.get(form(word, found)))
        if not asked and picture is not None and picture not in mine.values():
            mine[i] = picture
    rest = [i for i in range(len(lines)) if i not in mine]
    matches = dict(zip(rest, match_words([lines[i][2] for i in rest], found), strict=True))
    tiles = []
    for i, (path, number, line) in enumerate(lines):
        if i in mine:
            word = split_asked(line)[0]
            tiles.append(WordTile(path, number, line, WordMatch(word), own=mine[i]))
        elif (match := matches[i]).key:
            tiles.append(WordTile(path, number, line, match))
        else:
            tiles.append(WordTile(path, number, line, match, reason=unfound_reason(match)))
    return found, tuple(tiles)
