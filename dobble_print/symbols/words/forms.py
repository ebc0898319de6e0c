"""Words as the matcher compares them (:mod:`words.matching`): folded (case, accents, width and
punctuation aside), in the form singular and plural share (Snowball's stemmers, a few irregular
plurals), a Japanese word by its reading in hiragana; and whether a name holds a word, as its
head or anywhere.

Kanji are read with a table made once from Janome's IPADIC (``tools/ja_readings.py``): Janome is
200 MB installed, the table 127 kB.
"""

from __future__ import annotations

import functools
import json
import threading
import unicodedata
from pathlib import Path

__all__ = ["STEMMERS", "fold", "form", "holds", "heads", "homophones", "is_japanese"]

STEMMERS = {"en": "english", "fr": "french", "de": "german", "es": "spanish", "it": "italian"}
# Plurals no stemmer turns into their singular, in the languages that have them.
IRREGULAR = {
    "en": {"mice": "mouse", "geese": "goose", "teeth": "tooth", "feet": "foot",
           "children": "child", "men": "man", "women": "woman", "people": "person",
           "leaves": "leaf", "knives": "knife", "wolves": "wolf", "loaves": "loaf",
           "oxen": "ox", "dice": "die", "potatoes": "potato", "tomatoes": "tomato"},
    "fr": {"yeux": "œil", "œufs": "œuf", "bœufs": "bœuf"},
    "de": {"eier": "ei"},
    "it": {"uova": "uovo", "buoi": "bue", "dita": "dito", "orecchie": "orecchio"},
}  # fmt: skip


def _strip_accents(text: str) -> str:
    return unicodedata.normalize(
        "NFC",
        "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)),
    )


def _hiragana(text: str) -> str:
    return "".join(chr(ord(c) - 0x60) if 0x30A1 <= ord(c) <= 0x30F6 else c for c in text)


_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "’": " ", "'": " ", "-": " ", "_": " "})


def fold(text: str, lang: str) -> str:
    """``text`` as compared: width (NFKC), case, accents and punctuation aside (Japanese keeps its
    marks, its katakana read as hiragana)."""
    text = unicodedata.normalize("NFKC", text).casefold().strip()
    if lang == "ja":
        return "".join(_hiragana(text).split())
    return " ".join(_strip_accents(text.translate(_LIGATURES)).split())


@functools.cache
def _readings() -> dict[str, str]:
    path = Path(__file__).resolve().parents[2] / "data" / "readings" / "ja.json"
    return json.loads(path.read_text(encoding="utf-8"))


# A Snowball stemmer keeps the word it works on in itself: one per thread, or two threads
# stemming at once (the app's plan and its words' pictures) read each other's words.
_THREAD = threading.local()


def _stemmer(lang: str):
    import snowballstemmer

    mine = _THREAD.__dict__.setdefault("stemmers", {})
    if lang not in mine:
        mine[lang] = snowballstemmer.stemmer(STEMMERS[lang])
    return mine[lang]


def form(text: str, lang: str) -> str:
    """``text`` in the form two spellings of one word share: singular and plural alike (each
    word's Snowball stem, irregular plurals first), or a Japanese word's reading in hiragana."""
    if lang == "ja":
        plain = unicodedata.normalize("NFKC", text).strip()
        return _readings().get(plain) or fold(plain, lang)
    if lang not in STEMMERS:
        return fold(text, lang)
    irregular = IRREGULAR.get(lang, {})
    words = unicodedata.normalize("NFKC", text).casefold().translate(_LIGATURES).split()
    words = [irregular.get(w, w) for w in words]
    if lang == "es":  # lápices → lápiz, peces → pez: the stemmer keeps the c
        words = [w[:-3] + "z" if w.endswith("ces") and len(w) > 4 else w for w in words]
    return " ".join(_stem(w, lang) for w in words)


@functools.lru_cache(maxsize=100_000)
def _stem(word: str, lang: str) -> str:
    """One word's stem, accents aside (cached: names share many words, "tête de …")."""
    return _strip_accents(_stemmer(lang).stemWord(word))


def holds(term: str, word: str, lang: str) -> bool:
    """Whether the folded ``term`` holds the folded ``word`` as a whole part: a run of its words
    ("pomme" in "pomme rouge"), the end of a German compound ("Auto" in "Polizeiauto"), or in
    Japanese its start or end (猫 in 猫の顔, りんご in あかりんご)."""
    if not word or term == word:
        return False
    if lang == "ja":
        whole = len(word) >= 2 or is_japanese(word) and not _kana(word)  # a kanji is a word
        return whole and (term.startswith(word) or term.endswith(word))
    if f" {word} " in f" {term} ":
        return True
    return lang == "de" and len(word) >= 3 and term.split()[-1].endswith(word)


HEAD_LAST = frozenset({"en", "de", "ja"})  # "soccer ball", "Fußball", 赤リンゴ; else "pomme rouge"


def heads(term: str, word: str, lang: str) -> bool:
    """Whether ``word`` is the head of the longer ``term``: its last part in English, German
    and Japanese, its first in French, Spanish and Italian."""
    if not holds(term, word, lang):
        return False
    if lang in HEAD_LAST:
        return term.endswith(word) and (lang != "en" or term.endswith(" " + word))
    return term.startswith(word + " ")


def homophones(term: str, word: str, lang: str) -> bool:
    """Whether two Japanese words read alike but are written with other kanji (花 and 鼻, both
    はな): not one word, as kana and kanji of one reading are."""
    return lang == "ja" and term != word and not _kana(term) and not _kana(word)


def _kana(word: str) -> bool:
    return all(0x3040 <= ord(c) <= 0x30FF for c in word)


def is_japanese(word: str) -> bool:
    """Whether ``word`` holds kana or kanji (full- or half-width)."""
    return any(
        0x3040 <= ord(c) <= 0x30FF or 0x3400 <= ord(c) <= 0x9FFF or 0xFF66 <= ord(c) <= 0xFF9F
        for c in word
    )
