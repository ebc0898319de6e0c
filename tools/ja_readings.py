"""Make ``dobble_print/data/readings/ja.json``: the hiragana reading of the Japanese CLDR emoji
names and keywords written in kanji (猫: ねこ), and the kanji spellings of the nouns CLDR writes in
kana only (リンゴ: 林檎 reads りんご).

A teacher writes ねこ, ネコ or 猫 for the same cat; CLDR names it ネコ here, 猫 there. The
matcher folds kana itself (katakana to hiragana); kanji need a dictionary. Janome (Apache-2.0)
carries one, IPADIC (NAIST's licence: free to use and redistribute with its notice), but it is
200 MB installed, so it runs here, once, at build time, and only its readings of these few
thousand words ship, with IPADIC's notice (``dobble_print/data/readings/README.md``).

Run from the repository (janome and emojibase-data installed anywhere, e.g.
``pip install --target /tmp/janome janome==0.5.0`` and ``npm install emojibase-data@17.0.0``):

    PYTHONPATH=/tmp/janome python tools/ja_readings.py node_modules/emojibase-data/ja/data.json
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "dobble_print" / "data" / "readings" / "ja.json"
LONGEST_SPELLING = 3  # kanji spellings of kana terms: words of up to this many characters


def _kanji(ch: str) -> bool:
    return 0x3400 <= ord(ch) <= 0x9FFF or 0xF900 <= ord(ch) <= 0xFAFF


def _hiragana(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    return "".join(chr(ord(c) - 0x60) if 0x30A1 <= ord(c) <= 0x30F6 else c for c in text)


def main(data: Path) -> None:
    from janome import sysdic
    from janome.tokenizer import Tokenizer

    entries = json.loads(data.read_text(encoding="utf-8"))
    terms = sorted({t for e in entries for t in [e["label"], *e.get("tags", ())]})
    tokenizer = Tokenizer()
    readings = {}
    for term in terms:
        if any(_kanji(ch) for ch in term):
            tokens = tokenizer.tokenize(unicodedata.normalize("NFKC", term))
            read = [t.reading if t.reading != "*" else t.surface for t in tokens]
            readings[term] = _hiragana("".join(read))
    # kanji spellings of the nouns CLDR writes in kana only (リンゴ: 林檎), when IPADIC reads
    # the spelling one way only
    kana = {_hiragana(t) for t in terms if not any(_kanji(ch) for ch in t)}
    spelled: dict[str, set[str]] = {}
    for entry in sysdic.entries().values():
        surface, kind, reading = entry[0], entry[4], entry[8]
        if len(surface) <= LONGEST_SPELLING and all(_kanji(ch) for ch in surface):
            if kind.startswith("名詞"):
                spelled.setdefault(surface, set()).add(_hiragana(reading))
    for surface, read in spelled.items():
        if len(read) == 1 and (y := next(iter(read))) in kana and surface not in readings:
            readings[surface] = y
    OUT.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(dict(sorted(readings.items())), ensure_ascii=False, indent=0)
    OUT.write_text(text + "\n", encoding="utf-8")
    print(f"{OUT}: {len(readings)} readings")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
