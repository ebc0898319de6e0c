"""Issue 45, item 5: one thing, one name. Each language's glossary
(``dobble_print/locale/<lang>/glossary.toml``) says the word its catalogue uses for a deck, a
card, a symbol, a picture, a word, a card's back, a sheet, the cut line and the print shop, and
the other words a translator might reach for; no catalogue entry uses one of those.

On the catalogues before this test there were 24 such entries: Spanish 14 ("mazo" beside
"juego"), German 5 ("Kartenspiel", "Bogen" beside "Spiel", "Blatt"), French 3 ("planches",
"traits de coupe", "ligne de découpe"), Japanese 2 ("イラスト" beside "絵", "単語" beside
"言葉")."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from dobble_print.language import LANGUAGES, locale_dir

CONCEPTS = {"deck", "card", "symbol", "picture", "word", "back", "sheet", "cut-line", "print-shop"}


def glossary(lang: str, root: Path) -> dict:
    return tomllib.loads((root / lang / "glossary.toml").read_text(encoding="utf-8"))


def violations(lang: str, root: Path) -> list[str]:
    """``concept: "avoided" in <msgid>`` for each catalogue entry that names a glossary
    concept by a word the glossary refuses."""
    with (root / lang / "LC_MESSAGES" / "dobble_print.po").open("rb") as f:
        catalogue = read_po(f)
    edge = "" if lang == "ja" else r"(?<!\w)"
    found = []
    for concept, entry in glossary(lang, root).items():
        allow = [a.lower() for a in entry.get("allow", [])]
        for avoid in entry["avoid"]:
            pattern = re.compile(edge + avoid + edge.replace("<", ""), re.IGNORECASE)
            for message in catalogue:
                if not message.id:
                    continue
                strings = message.string if isinstance(message.string, tuple) else [message.string]
                for text in strings:
                    assert isinstance(text, str)  # each form of a message is text
                    text = text.lower()
                    for phrase in allow:
                        text = text.replace(phrase, "")
                    text = re.sub(r"\{[^{}]*\}", "", text)  # placeholders are no words
                    if (hit := pattern.search(text)) is not None:
                        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
                        found.append(f"{concept}: {hit.group()!r} in {msgid[:50]!r}")
                        break
    return found


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_each_language_names_one_thing_one_way(lang):
    assert set(glossary(lang, locale_dir())) == CONCEPTS
    assert violations(lang, locale_dir()) == []


def test_a_word_the_glossary_refuses_is_found(tmp_path):
    for lang in ("es", "ja"):
        (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / lang / "glossary.toml").write_bytes(
            (locale_dir() / lang / "glossary.toml").read_bytes()
        )
    (tmp_path / "es" / "LC_MESSAGES" / "dobble_print.po").write_text(
        'msgid "a deck"\nmsgstr "un mazo"\n\nmsgid "cards"\nmsgstr "cartas barajadas"\n',
        encoding="utf-8",
    )
    (tmp_path / "ja" / "LC_MESSAGES" / "dobble_print.po").write_text(
        'msgid "words"\nmsgstr "単語"\n', encoding="utf-8"
    )
    assert violations("es", tmp_path) == ["deck: 'mazo' in 'a deck'"]  # "barajadas": shuffled
    assert violations("ja", tmp_path) == ["word: '単語' in 'words'"]
