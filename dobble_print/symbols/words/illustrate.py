"""Words drawn as pictures (``--illustrate``): each word of a list becomes the user's own picture
of that name, else the bundled picture whose CLDR name or keyword fits it
(:mod:`words.matching`), else it is said in one line with the names nearest to it.

:func:`illustrate_sources` turns the words of :class:`~.sources.Sources` into pictures before
the deck is planned (:mod:`loading` draws them); :func:`illustrated_words` is what the app asks
for a list's pictures.
"""

from __future__ import annotations

from collections.abc import Sequence

from dobble_print.errors import Advice, DobbleError, Notice, Part
from dobble_print.language import N_, Msg, Nn_
from dobble_print.symbols.library import LibraryPicture
from dobble_print.symbols.names import display_name
from dobble_print.symbols.sources import Source, Sources
from dobble_print.symbols.words.matching import (
    WordMatch,
    choose_language,
    fold,
    form,
    match_words,
    split_asked,
)

__all__ = ["illustrate_sources", "illustrated_words"]


def illustrated_words(
    words: Sequence[str],
    lang: str,
    pictures: Sequence[LibraryPicture] | None = None,
    *,
    exclude: Sequence[str] = (),
) -> tuple[str, tuple[WordMatch, ...]]:
    """The language ``words`` are in (``lang``, the deck's, unless another fits clearly more of
    them: :func:`word_match.choose_language`) and each word's picture, with the others that fit
    (for a picker) or the names nearest to it. What the app calls to show a list's pictures.

    Args:
        words: the lines of a word list, each maybe ``word=picture-name``.
        lang: the deck's language.
        pictures: the pictures to choose from; the bundled library when None.
        exclude: keys of bundled pictures not to use.
    """
    found = choose_language(words, lang, pictures)
    return found, match_words(words, found, pictures, exclude=exclude)


def _own_pictures(items: Sequence[Source], lang: str) -> dict[str, int]:
    """The user's pictures by their names, folded and in singular form (``Chats.png``: ``chat``),
    first one first."""
    own: dict[str, int] = {}
    for i, source in enumerate(items):
        if not source.word:
            name = display_name(source.path)
            own.setdefault(fold(name, lang), i)
            own.setdefault(form(name, lang), i)
    return own


def illustrate_sources(
    sources: Sources,
    lang: str,
    *,
    skip_bad: bool = False,
    pictures: Sequence[LibraryPicture] | None = None,
) -> Sources:
    """``sources`` with each word drawn as a picture: the user's own picture of that name (moved
    to the word's place), else the bundled one that fits it best, never one picture for two
    words. A vocabulary file's sources are returned as they are.

    Raises:
        DobbleError: words no picture fits, each in one line with the names nearest to it,
            unless ``skip_bad`` (then each is a warning and the word is left out).
    """
    items = sources.items
    words = [i for i, s in enumerate(items) if s.word and not s.library]
    if not words or sources.vocabulary is not None:
        return sources
    lang = choose_language([items[i].word for i in words], lang, pictures)
    own = _own_pictures(items, lang)
    drawn: dict[int, int] = {}  # word's index → the user's picture drawing it
    for i in words:
        word, asked = split_asked(items[i].word)
        j = own.get(fold(word, lang), own.get(form(word, lang)))
        if not asked and j is not None and j not in drawn.values():
            drawn[i] = j
    rest = [i for i in words if i not in drawn]
    matches = dict(
        zip(rest, match_words([items[i].word for i in rest], lang, pictures), strict=True)
    )
    out: list[Source] = []
    unfound: list[tuple[Source, Msg]] = []
    for i, source in enumerate(items):
        if i in drawn.values():
            continue  # drawn at its word's place
        if i in drawn:
            out.append(items[drawn[i]])
        elif i in matches and matches[i].key:
            m = matches[i]
            out.append(Source(source.path, m.word, source.line, m.key))
        elif i in matches:
            unfound.append((source, unfound_reason(matches[i])))
        else:
            out.append(source)
    if unfound and not skip_bad:
        raise _unfound_error(unfound, rest=bool(out))
    skipped = tuple(Notice((*s.parts, ": ", why), s.path, "skipped") for s, why in unfound)
    illustrated = tuple(
        (m.word, m.name, tuple(c.name for c in m.alternatives))
        for i in rest
        if (m := matches[i]).key
    )
    return Sources(
        tuple(out),
        sources.files,
        sources.notes,
        sources.bad,
        None,
        skipped + sources.warnings,
        sources.search,
        illustrated,
    )


def unfound_reason(match: WordMatch) -> Msg:
    """Why a word has no picture, in one line, with the names to write after ``=`` instead."""
    word = match.word
    if match.asked:
        said = N_("'{word}': no picture named {asked}", word=word, asked=match.asked)
    elif match.taken_by:
        said = N_("'{word}': its pictures draw '{other}' already", word=word, other=match.taken_by)
    else:
        said = N_("'{word}': no picture", word=word)
    if not match.nearest:
        return N_(
            "{said}, and none is named like it; give a picture of your own named {word}",
            said=said,
            word=word,
        )
    return N_(
        "{said}; nearest: {names}? write {word}={name}",
        said=said,
        names=", ".join(match.nearest),
        word=word,
        name=match.nearest[0],
    )


def _unfound_error(unfound: list[tuple[Source, Msg]], *, rest: bool) -> DobbleError:
    """The error for words no picture fits: one alone is its own line; more are listed, one a
    line, under a line that says how many and what to do."""
    count = len(unfound)
    skip: tuple[Part, ...] = (
        (
            Advice("use", "skip_bad", lead=N_(", or ")),
            Nn_(" to build without it", " to build without them", count),
        )
        if rest
        else ()
    )
    if count == 1:
        source, why = unfound[0]
        return DobbleError((*source.parts, ": ", why, *skip))
    listed: list[Part] = []
    for source, why in unfound:
        listed += ["\n  ", *source.parts, ": ", why]
    return DobbleError(
        (
            Nn_("{count} word has no picture", "{count} words have no picture", count),
            N_("; write word=picture-name"),
            *skip,
            N_(":"),
            *listed,
        )
    )
