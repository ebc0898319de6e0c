"""Make ``dobble_print/data/readings/ja.json``: the hiragana reading of the Japanese CLDR emoji
names and keywords written in kanji, and the kanji spellings of those written in kana.

A teacher writes ねこ, ネコ or 猫 for the same cat; CLDR names it ネコ here, 猫 there. The
matcher folds kana itself (katakana to hiragana); kanji need a dictionary. pykakasi has one, but
it is GPL-3.0 and 10 MB installed, so it runs here, once, at build time, and only its readings of
these few thousand words ship (as facts about words, in a small JSON table).

Run from the repository (pykakasi and emojibase-data installed anywhere, e.g.
``pip install --target /tmp/kakasi pykakasi==2.3.0`` and ``npm install emojibase-data@17.0.0``):

    PYTHONPATH=/tmp/kakasi python tools/ja_readings.py node_modules/emojibase-data/ja/data.json
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
    import pykakasi
    from pykakasi.kanji import Kanwa

    entries = json.loads(data.read_text(encoding="utf-8"))
    terms = sorted({t for e in entries for t in [e["label"], *e.get("tags", ())]})
    kakasi = pykakasi.kakasi()
    readings = {}
    for term in terms:
        if any(_kanji(ch) for ch in term):
            readings[term] = "".join(_hiragana(part["hira"]) for part in kakasi.convert(term))
    # kanji spellings of the terms CLDR writes in kana only (リンゴ: 林檎)
    kana = {_hiragana(t) for t in terms if not any(_kanji(ch) for ch in t)}
    kanwa = Kanwa()
    for code in range(0x4E00, 0xA000):
        table = kanwa.load(chr(code)) or {}
        for word, spelled in table.items():
            if len(word) > LONGEST_SPELLING or not all(_kanji(ch) for ch in word):
                continue
            yomi = {y for y, context in spelled if context is None}
            if len(yomi) == 1 and (y := yomi.pop()) in kana and word not in readings:
                readings[word] = y
    OUT.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(dict(sorted(readings.items())), ensure_ascii=False, indent=0)
    OUT.write_text(text + "\n", encoding="utf-8")
    print(f"{OUT}: {len(readings)} readings")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
