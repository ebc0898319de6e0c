"""How the command line words the engine's records: each option by its flag (``-n 4``), each
:class:`~dobble_print.errors.Advice` as what to type (``use -n 4``, ``leave --labels out``).

Every sentence the engine's records make on the terminal is worded here, in one place, in the
language the command speaks: ``--lang`` when given, else the locale's (:func:`speak`).
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from dobble_print import (
    LANGUAGES,
    N_,
    PSEUDO,
    Advice,
    DobbleError,
    Msg,
    Notice,
    OptionError,
    Setting,
    language_of_locale,
    said,
)
from dobble_print.cli import stopping

# The language of the command's messages: the locale's until --lang (or a preset) says another.
_spoken = {"lang": "en"}


def speak(lang: str | None = None) -> str:
    """Speak ``lang`` from now on, or the locale's language when it is None or unknown (an
    unknown --lang is refused in the locale's words); returns the language chosen."""
    known = lang in LANGUAGES or lang == PSEUDO
    _spoken["lang"] = lang if lang is not None and known else language_of_locale(os.environ)
    stopping.speak(_spoken["lang"])  # what Ctrl-C says, too
    return _spoken["lang"]


def typed_lang(args: list[str]) -> str | None:
    """The language ``--lang`` names among a command's ``args`` (the last one given), so that
    even a mistake in the options before it is said in it."""
    found = None
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


def spoken() -> str:
    """The language the command speaks."""
    return _spoken["lang"]


def say_in(msg: Msg) -> str:
    """``msg`` in the command's language, its records worded as the command line words them."""
    return said(msg, spoken(), _value)


def _value(value: object) -> str:
    if isinstance(value, Advice | Setting):
        return words(value)
    return str(value)


# Fields named by no option of the table, or by another than the one that fills them.
FLAGS = {
    "output": "-o",
    "backs": "--back-image",  # a back picture that cannot be read
    "preview_card": "--card",
    "preset": "--preset",
}


def flag(field: str) -> str:
    """The flag of an option or a :class:`BuildOptions` field: ``safe_margin`` →
    ``--safe-margin``, ``symbols_per_card`` → ``-n``, ``card`` → ``--card-size``."""
    from dobble_print import option_of

    if field in FLAGS:
        return FLAGS[field]
    option = option_of(field)
    return option_flag(option.name) if option else "--" + field.replace("_", "-")


def option_flag(name: str) -> str:
    """The flag of the option ``name`` of the table: its one-letter alias, or its long name."""
    from dobble_print import BY_NAME

    return BY_NAME[name].flag


# The nouns of the fields an Advice asks to make larger or fewer, to be said in the language.
NOUNS = {
    "card": N_("cards"),
    "paper": N_("paper"),
    "symbols_per_card": N_("symbols per card"),
    "cards": N_("cards"),
}
# What each Advice asks for, in words to translate.
ASKED = {
    "set": N_("use {flag} {value}"),
    "use": N_("use {flag}"),
    "leave_out": N_("leave {flag} out"),
    "larger": N_("larger {noun} ({flag})"),
    "fewer": N_("fewer {noun} ({flag})"),
    "choose_another": N_("choose another {flag}"),
}


def words(part: Advice | Setting) -> str:
    """A record as the command line says it: ``-n 8``; ``use -n 4``; ``leave --labels out``."""
    if isinstance(part, Setting):
        value = part.value
        if isinstance(value, tuple):
            low, high = (f"{flag(part.field)} {v}" for v in value)
            return said(N_("{low} to {high}", low=low, high=high), spoken())
        return flag(part.field) if value is None else f"{flag(part.field)} {value}"
    noun = NOUNS.get(part.field, part.noun)
    params = (("flag", flag(part.field)), ("value", part.value), ("noun", noun))
    return said(Msg(ASKED[part.action].msgid, params=params), spoken())


# Bidirectional overrides: they reorder what follows on the terminal, so a name could show
# another name than the file's.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def shown(text: str) -> str:
    """``text`` safe to print: control characters (terminal escapes among them), bidirectional
    overrides and the bytes of a file name that is not UTF-8 written as ``\\x1b``, ``\\u202e``,
    ``\\xe9``; line breaks and tabs stay. A file's name or a title reaches the terminal, and an
    escape sequence in it could rewrite what the terminal shows."""
    return "".join(ch if ch in "\n\t" or not _hidden(ch) else _escaped(ch) for ch in text)


def one_line(text: str) -> str:
    """:func:`shown`, line breaks and tabs escaped too (``\\n``, ``\\t``, ``\\u2028``): a
    name or line printed as one line stays one (a file named ``a<newline>b.png`` would split a
    ``--verbose`` line in two, the second looking like a line of its own)."""
    return "".join(_escaped(ch) if _hidden(ch) or ch in _BREAKS else ch for ch in text)


_BREAKS = frozenset("\u2028\u2029")  # line and paragraph separators (Zl, Zp): not Cc
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _hidden(ch: str) -> bool:
    return ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs")


def _escaped(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _path(path: Path) -> str:
    return one_line(str(path))


def error_line(exc: DobbleError) -> str:
    """The line after ``dobble-print: error:`` for ``exc``: an option's problem after its flag,
    one line whatever the value typed holds (``--preset`` of a line break printed two)."""
    if isinstance(exc, OptionError):
        return one_line(exc.words(words, _path, spoken(), label=flag(exc.field)))
    return exc.words(words, _path, spoken())


def notice_line(notice: Notice) -> str:
    """A warning's line, after ``warning:``."""
    return notice.words(words, _path, spoken())


def warning_line(notice: Notice, line: str | None = None) -> str:
    """``warning: …``, in the command's language: ``notice``'s line, or ``line`` in its place."""
    return say_in(N_("warning: {line}", line=notice_line(notice) if line is None else line))
