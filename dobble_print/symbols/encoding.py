"""Text files' bytes to text, for word lists and vocabulary files alike: UTF-8 (with or without a
BOM) or UTF-16, as spreadsheets and Windows save them.

Excel's "Unicode Text" export is UTF-16 with a BOM; a few programs write UTF-16 without one, which
shows as a NUL byte beside every Latin letter: that pattern is read as UTF-16 rather than printed
as NULs. Any other encoding is refused rather than guessed: a guess can turn "café" into "cafÃ©".
"""

from __future__ import annotations

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


def decode_text(raw: bytes) -> str:
    """The text of a file's bytes: UTF-8 (a BOM dropped), or UTF-16 with its BOM or, for text of
    Latin letters, without one.

    Raises:
        NotText: damaged UTF-16, bytes that are not UTF-8, or a binary file (NUL bytes).
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
            line = raw[: exc.start].count(b"\n") + 1
            raise NotText("utf-8", line) from None
    if "\x00" in text:
        raise NotText("binary")
    return text
