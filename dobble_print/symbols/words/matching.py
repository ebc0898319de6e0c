"""Words matched to the bundled pictures by their Unicode CLDR names and keywords, in the deck's
language, as a teacher would: case, accents and width aside, plural or singular, kana or kanji.

Each word is compared with every picture's name and keywords in one language, by tiers: the name
itself, the name in another number (Snowball's stemmers: "chats" and "chat", "Äpfel" and
"Apfel"; a Japanese word by its reading: ねこ, ネコ, 猫), then the keywords the same two ways, then
a name or keyword that holds the word ("pomme" in "pomme rouge", 猫 in 猫の顔) (:mod:`words.forms`
says how words compare). The best tier wins; within one, the picture with more terms that are
the word, then one whose name holds it as its head ("gâteau d'anniversaire" for "gâteau", not
"croquette de poisson"), then the library's order. One picture never draws two words: the best
fits are handed out first.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dobble_print.symbols.library import LibraryPicture
from dobble_print.symbols.words.forms import (
    fold,
    form,
    heads,
    holds,
    homophones,
    is_japanese,
)

__all__ = ["Candidate", "WordMatch", "choose_language", "match_words", "split_asked"]

MATCHED = ("en", "fr", "de", "es", "it", "ja")  # the languages CLDR names the pictures in
# Tiers, best first: the name, the name inflected, a keyword, a keyword inflected, a name that
# holds the word, a keyword that does.
NAME, NAME_FORM, KEYWORD, KEYWORD_FORM, IN_NAME, IN_KEYWORD = range(6)
ALTERNATIVES = 8  # other pictures offered for a word (the app's picker searches further)
NEAREST = 3  # names offered for a word with no picture


@dataclass(frozen=True)
class Candidate:
    """A picture that fits a word: its key, its name in the deck's language and how well it
    fits (its tier, 0 best)."""

    key: str
    name: str
    tier: int


@dataclass(frozen=True)
class WordMatch:
    """What a word of the list is drawn as.

    Attributes:
        word: the word as written (before any ``=``).
        key: the picture chosen; "" when none fits (or all that fit draw other words).
        name: the chosen picture's name in the deck's language.
        alternatives: other pictures that fit, best first (for a picker).
        nearest: for a word with no picture, the names spelled most like it.
        taken_by: for a word whose pictures all draw other words, the first such word.
        asked: the picture name asked for (``word=picture-name``), if any.
    """

    word: str
    key: str = ""
    name: str = ""
    alternatives: tuple[Candidate, ...] = ()
    nearest: tuple[str, ...] = ()
    taken_by: str = ""
    asked: str = ""


@dataclass(frozen=True)
class _Term:
    picture: int
    text: str
    folded: str
    form: str
    is_name: bool
    words: int


class _Index:
    """One language's names and keywords of the pictures, folded, by exact and inflected form."""

    def __init__(self, pictures: Sequence[LibraryPicture], lang: str) -> None:
        self.pictures = tuple(pictures)
        self.lang = lang
        self.terms: list[_Term] = []
        for i, picture in enumerate(pictures):
            name = picture.names.get(lang) or picture.names.get("en", picture.key)
            texts = [(name, True)] + [(k, False) for k in picture.keywords.get(lang, ())]
            for text, is_name in texts:
                folded = fold(text, lang)
                self.terms.append(
                    _Term(i, text, folded, form(text, lang), is_name, len(folded.split()))
                )
        self.by_emoji = {p.emoji.replace("\ufe0f", ""): i for i, p in enumerate(pictures)}
        self.of_picture: dict[int, list[_Term]] = {}
        for term in self.terms:
            self.of_picture.setdefault(term.picture, []).append(term)
        self.by_folded: dict[str, list[_Term]] = {}
        self.by_form: dict[str, list[_Term]] = {}
        for term in self.terms:
            self.by_folded.setdefault(term.folded, []).append(term)
            self.by_form.setdefault(term.form, []).append(term)

    def name(self, picture: int) -> str:
        names = self.pictures[picture].names
        return names.get(self.lang) or names.get("en", self.pictures[picture].key)

    def fits(self, word: str, *, holding: bool = True) -> dict[int, tuple]:
        """The pictures that fit ``word``, each with its rank: its tier, then how many of its
        terms are the word, then whether its name holds it as its head, or at all, then the
        library's order."""
        folded, shape = fold(word, self.lang), form(word, self.lang)
        found: dict[int, tuple] = {}
        if (p := self.by_emoji.get(word.replace("\ufe0f", ""))) is not None:
            return {p: (NAME, 0, False, False, p)}  # the emoji itself

        def says(term: _Term) -> bool:  # the term is the word
            return term.folded == folded or term.form == shape

        def add(term: _Term, tier: int) -> None:
            p = term.picture
            if p in found and found[p][0] <= tier:
                return
            # a picture whose name and keywords are the word more often is more surely it
            # then one whose name holds it ("part de fromage" before "pizza", for "fromage")
            support = sum(1 for t in self.of_picture[p] if says(t))
            # as its head ("chaussure" in "chaussure de sport", "ball" in "soccer ball")
            names = [t for t in self.of_picture[p] if t.is_name]
            named = any(holds(t.folded, folded, self.lang) for t in names)
            head = any(heads(t.folded, folded, self.lang) for t in names)
            found[p] = (tier, -support, not head, not named, p)

        for term in self.by_folded.get(folded, ()):
            add(term, NAME if term.is_name else KEYWORD)
        shapes = [shape] if shape else []
        if self.lang == "de" and folded.endswith("s"):  # Autos, Babys: no stemmer's plural
            shapes.append(form(word[:-1], self.lang))
        for term in (t for s in shapes for t in self.by_form.get(s, ())):
            if not homophones(term.folded, folded, self.lang):
                add(term, NAME_FORM if term.is_name else KEYWORD_FORM)
        if holding and not found:
            for term in self.terms:
                if holds(term.folded, folded, self.lang) or holds(term.form, shape, self.lang):
                    add(term, IN_NAME if term.is_name else IN_KEYWORD)
        return found

    def nearest(self, word: str, taken: Iterable[int] = ()) -> tuple[str, ...]:
        """The names and keywords spelled most like ``word`` (of pictures not ``taken``)."""
        used = set(taken)
        spelled: dict[str, str] = {}
        for term in self.terms:
            if term.picture not in used:
                spelled.setdefault(term.folded, term.text)
        close = difflib.get_close_matches(fold(word, self.lang), list(spelled), NEAREST, 0.6)
        return tuple(dict.fromkeys(spelled[c] for c in close))


@functools.cache
def _bundled_index(lang: str) -> _Index:
    from dobble_print.symbols.library import library

    return _Index(library(), lang)


def _index(lang: str, pictures: Sequence[LibraryPicture] | None) -> _Index:
    lang = lang if lang in MATCHED else "en"
    return _bundled_index(lang) if pictures is None else _Index(pictures, lang)


def split_asked(line: str) -> tuple[str, str]:
    """``"tatou=armadillo"`` → ``("tatou", "armadillo")``: the word, and the picture asked for
    ("" when the line asks for none)."""
    word, sep, asked = line.partition("=")
    return (word.strip(), asked.strip()) if sep and word.strip() else (line.strip(), "")


def match_words(
    lines: Sequence[str],
    lang: str,
    pictures: Sequence[LibraryPicture] | None = None,
    *,
    exclude: Iterable[str] = (),
) -> tuple[WordMatch, ...]:
    """Each line's picture, one per line, no picture for two words (the same word twice gets
    the same one).

    Args:
        lines: the words, each maybe ``word=picture-name`` (a name or keyword in ``lang`` or
            English, or the picture's key or emoji) to ask for a picture.
        lang: the language the words are in (one of :data:`MATCHED`; another reads as English).
        pictures: the pictures to match against; the bundled library when None.
        exclude: keys of pictures not to use (those drawing other symbols already).
    """
    index = _index(lang, pictures)
    asked = [split_asked(line) for line in lines]
    firsts: dict[str, int] = {}
    for i, (word, _) in enumerate(asked):
        firsts.setdefault(fold(word, index.lang), i)
    fits: dict[int, dict[int, tuple]] = {}
    for i, (word, wanted) in enumerate(asked):
        if firsts[fold(word, index.lang)] != i:
            continue
        fits[i] = _asked_fits(index, wanted, pictures) if wanted else index.fits(word)
    keys = [p.key for p in index.pictures]
    used = {k for k in exclude}
    chosen: dict[int, int] = {}
    owner: dict[int, int] = {}
    # the asked-for pictures first, then every word's best fit in order of how well it fits
    pairs = sorted(
        (not asked[i][1], rank, i, p) for i, found in fits.items() for p, rank in found.items()
    )
    for _, _, i, p in pairs:
        if i not in chosen and p not in owner and keys[p] not in used:
            chosen[i], owner[p] = p, i
    out = []
    for word, wanted in asked:
        first = firsts[fold(word, index.lang)]
        found = fits[first]
        ranked = sorted(found, key=found.__getitem__)
        if first in chosen:
            p = chosen[first]
            others = tuple(
                Candidate(keys[q], index.name(q), found[q][0]) for q in ranked if q != p
            )[:ALTERNATIVES]
            out.append(WordMatch(word, keys[p], index.name(p), others, asked=wanted))
            continue
        taken = next((asked[owner[q]][0] for q in ranked if q in owner), "")
        near = index.nearest(wanted or word, (chosen.values()))
        out.append(WordMatch(word, nearest=near, taken_by=taken, asked=wanted))
    return tuple(out)


def _asked_fits(
    index: _Index, wanted: str, pictures: Sequence[LibraryPicture] | None
) -> dict[int, tuple]:
    """The pictures ``word=wanted`` asks for: by key or emoji, else by name in the deck's
    language, else in English."""
    for i, picture in enumerate(index.pictures):
        if wanted in (picture.key, picture.emoji):
            return {i: (NAME, 0, False, False, i)}
    found = index.fits(wanted, holding=False)
    if not found and index.lang != "en":
        found = _index("en", pictures).fits(wanted, holding=False)
    return found


def choose_language(
    words: Sequence[str], lang: str, pictures: Sequence[LibraryPicture] | None = None
) -> str:
    """The language ``words`` are in: Japanese when one is written in kana or kanji; else the
    one of :data:`MATCHED` whose names and keywords fit the most of them, ``lang`` (the deck's)
    when it fits as many as any.

    The deck's language is matched in full; the others only by their names and keywords as
    written, or without a plural's last letter or two (stemming every name of five languages
    took seconds), which tells a list's language as well."""
    if any(is_japanese(w) for w in words):
        return "ja"
    plain = [split_asked(w)[0] for w in words]
    home = lang if lang in MATCHED and lang != "ja" else "en"
    index = _index(home, pictures)
    counts = {home: sum(1 for w in plain if index.fits(w, holding=False))}
    if counts[home] == len(plain):  # all found: no need to look further
        return home
    for code in MATCHED:
        if code not in ("ja", home):
            spelled = _spelled(code, pictures)
            counts[code] = sum(1 for w in plain if _spelled_like(fold(w, code), spelled))
    best = max(counts, key=lambda c: (counts[c], c == home))
    return best if counts[best] > counts[home] else home


def _spelled(lang: str, pictures: Sequence[LibraryPicture] | None) -> frozenset[str]:
    if pictures is None:
        return _bundled_spelled(lang)
    return frozenset(
        fold(t, lang)
        for p in pictures
        for t in (p.names.get(lang, ""), *p.keywords.get(lang, ()))
        if t
    )


@functools.cache
def _bundled_spelled(lang: str) -> frozenset[str]:
    from dobble_print.symbols.library import library

    return _spelled(lang, library())


def _spelled_like(word: str, spelled: frozenset[str]) -> bool:
    return any(w in spelled for w in (word, word[:-1], word[:-2]) if len(w) >= 3 or w == word)
