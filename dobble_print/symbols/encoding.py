"""Text files' bytes to text, for word lists and vocabulary files alike: UTF-8 (with or without a
BOM), UTF-16, or the one-byte encodings Excel's plain "CSV" is saved in (Windows-1252 on Windows,
Mac Roman on a Mac).

Tried in this order, the first that fits wins:

1. UTF-16 by its BOM (Excel's "Unicode Text"), or without one when a NUL byte sits beside every
   Latin letter;
2. strict UTF-8 (a BOM dropped): text in any other encoding with a letter outside ASCII is almost
   never valid UTF-8, so UTF-8 is never a wrong guess;
3. a file with NUL bytes left is binary, and refused;
4. Windows-1252 and Mac Roman, and nothing else (a detector left free would answer Cyrillic or
   Shift-JIS for a short French list). Each decoding is scored by the characters a Western word
   list would not hold (a control code, a capital inside a word, a dash between two letters, a
   sign such as "Š" or "ˆ"); the fewer wins, a tie goes to charset-normalizer's ranking of the
   two, then to Windows-1252. When over one in ten of the better decoding's characters outside
   ASCII are such characters, the file is refused rather than printed as "cafÃ©" or "cafƒ": a
   wrong guess is refused, not printed on the cards.
"""

from __future__ import annotations

import unicodedata

_SAMPLE = 4096  # bytes looked at to tell UTF-16 without a BOM from a binary file


class NotText(Exception):
    """The bytes are not text in an encoding read: ``kind`` says how (``"utf-16"``: damaged
    UTF-16, ``"utf-8"``: not UTF-8 from ``line`` on, ``"binary"``: NUL bytes); each reader words
    it for its own kind of file."""

    def __init__(self, kind: str, line: int = 0) -> None:
        super().__init__(kind)
        self.kind = kind
        self.line = line


def _utf16_without_bom(raw: bytes) -> str:
    """``utf-16-le`` or ``utf-16-be`` when nearly every other byte is NUL on one side only (text
    of Latin letters), else ""."""
    sample = raw[:_SAMPLE]
    pairs = len(sample) // 2
    if pairs < 2 or len(raw) % 2:
        return ""
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    if odd >= 0.5 * pairs and even <= 0.02 * pairs:
        return "utf-16-le"
    if even >= 0.5 * pairs and odd <= 0.02 * pairs:
        return "utf-16-be"
    return ""


_ONE_BYTE = ("cp1252", "mac_roman")  # Excel's "CSV" on Windows and on a Mac, in that order
_LOWER = "àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿœß"  # the letters of French, German, Spanish, Italian...
_STARTERS = set("ÀÁÂÄÅÆÇÉÈÊÎÓÔÖØŒÚÜÑ")  # ... and the capitals that begin a word of them
_WESTERN = set(_LOWER) | set(_LOWER.upper()) | set("Ÿ€£°«»‘’“”–—…·ºª¿¡\u00a0")


def _odd(text: str) -> int:
    """How many characters of ``text`` a Western word list would not hold where they stand."""
    odd = 0
    for i, c in enumerate(text):
        if ord(c) < 128:
            continue
        before = text[i - 1] if i else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        if c not in _WESTERN:
            odd += 1
        elif c.isupper() and (before.islower() or (c not in _STARTERS and after.islower())):
            odd += 1  # "MŠuse", "Ïuf": a capital inside a word
        elif not c.isalpha() and c not in "’·" and before.isalpha() and after.isalpha():
            odd += 1  # "ni–o": a dash between two letters
        elif c in "”’»" and after.isalpha() and not before.isalpha():
            odd += 1  # a closing quote that opens a word
    return odd


def _one_byte(raw: bytes) -> str | None:
    """The text of ``raw`` as Windows-1252 or Mac Roman, whichever reads as Western words; None
    when neither does."""
    texts = {}
    for encoding in _ONE_BYTE:
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:  # Windows-1252 leaves five bytes undefined
            continue
        if not any(unicodedata.category(c) == "Cc" and c not in "\t\r\n" for c in text):
            texts[encoding] = text
    if not texts:
        return None
    from charset_normalizer import from_bytes  # only for files that are not UTF-8

    ranked = [match.encoding for match in from_bytes(raw, cp_isolation=list(texts))]

    def score(encoding: str) -> tuple[int, int, int]:
        rank = ranked.index(encoding) if encoding in ranked else len(ranked)
        return _odd(texts[encoding]), rank, _ONE_BYTE.index(encoding)

    text = texts[min(texts, key=score)]
    if _odd(text) * 10 > sum(ord(c) >= 128 for c in text):  # over one in ten: not words
        return None
    return text


def decode_text(raw: bytes) -> str:
    """The text of a file's bytes: UTF-16 with its BOM or, for text of Latin letters, without
    one; UTF-8 (a BOM dropped); else Windows-1252 or Mac Roman when it reads as Western words.

    Raises:
        NotText: damaged UTF-16, bytes that are none of these, or a binary file (NUL bytes).
    """
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    else:
        encoding = _utf16_without_bom(raw) if b"\x00" in raw[:_SAMPLE] else ""
    if encoding:
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            raise NotText("utf-16") from None
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            if b"\x00" in raw[:_SAMPLE]:  # a picture or a document renamed .txt: not text at all
                raise NotText("binary") from None
            one_byte = _one_byte(raw)
            if one_byte is None:
                line = raw[: exc.start].count(b"\n") + 1
                raise NotText("utf-8", line) from None
            text = one_byte
    if "\x00" in text:
        raise NotText("binary")
    return text
