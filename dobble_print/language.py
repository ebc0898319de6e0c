"""The language of the printed pages and of the messages: which languages there are, which one
the user's locale asks for, each one's words and numbers, and the sentences (:class:`Msg`) the
engine raises in no language, said in the user's when a shell words them.

The words are gettext catalogues, ``dobble_print/locale/<lang>/LC_MESSAGES/dobble_print.mo``
(compiled from the ``.po`` beside them with Babel, shipped in the wheel), read with the standard
library's :mod:`gettext`, so nothing beyond Python is needed at run time. English is the
catalogues' source: its words are the ``msgid`` themselves, so English pages print exactly the
text written in the code. The languages are the catalogues found: a new one is a ``.po`` file (and
its rules sheet, ``templates/rules/rules.<lang>.toml``).
"""

from __future__ import annotations

import functools
import gettext
import re
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

ENGLISH = "en"
# The languages that write 0.5 as 0,5.
DECIMAL_COMMA = frozenset({"fr", "de", "es", "it"})
DOMAIN = "dobble_print"
# Where POSIX looks for the language of messages, the first set one winning.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def locale_dir() -> Path:
    """The folder of the compiled catalogues (inside the package, so the wheel carries them)."""
    return Path(__file__).resolve().parent / "locale"


def language_of_locale(environ: Mapping[str, str]) -> str:
    """The language the locale asks for (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``:
    ``de_DE.UTF-8`` → ``de``), or English when it names none of :data:`LANGUAGES` (``C``,
    ``POSIX``, unset)."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            code = value[:2].lower()
            return code if code in _languages() else ENGLISH
    return ENGLISH


def unspoken_locale(environ: Mapping[str, str]) -> str | None:
    """The language the locale asks for when it is none of :data:`LANGUAGES` (``pt`` for
    ``pt_BR.UTF-8``), so a shell can say it speaks English instead; None for one of ours, for
    ``C``/``POSIX`` (no language asked) and when nothing is set."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            code = value[:2].lower()
            asked = value.upper() != "POSIX" and len(code) == 2 and code.isalpha()
            asked = asked and value[2:3] in ("", "_", ".", "@")
            return code if asked and code not in _languages() else None
    return None


@functools.cache
def _languages() -> Mapping[str, str]:
    """English, then each language with a compiled catalogue, by code, in its own words (the
    catalogue's word for "English" in the sense of "this language": "Français").

    Read on first use (:data:`LANGUAGES`), not on import, and only that entry of each
    catalogue (:func:`_entry`): gettext reads a whole catalogue into a dictionary, and every
    command's start read the five (~16 ms) whatever language it then spoke. A process that only
    says its messages as :class:`Msg` records (an SVG drawing process, :mod:`symbols.svg.worker`)
    never asks."""
    found = {ENGLISH: "English"}
    for compiled in sorted(locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
        # TRANSLATORS: the name of your language, in your language ("Français")
        name = Np_("language", "English")
        found[compiled.parent.parent.name] = _entry(compiled.read_bytes(), name)
    return MappingProxyType(found)


def _entry(data: bytes, msg: Msg) -> str:
    """A compiled catalogue's (GNU ``.mo``) words for ``msg`` (an :func:`Np_`), found alone:
    what ``pgettext`` gives, ``msg``'s English when the catalogue has none."""
    order, count, originals, translations = _header(data)
    key = f"{msg.context}\x04{msg.msgid}".encode()
    table = struct.unpack(f"{order}{2 * count}I", data[originals : originals + 8 * count])
    for n in range(count):
        length, offset = table[2 * n], table[2 * n + 1]
        if length == len(key) and data[offset : offset + length] == key:
            tlen, toff = struct.unpack(
                order + "2I", data[translations + 8 * n : translations + 8 * n + 8]
            )
            return data[toff : toff + tlen].decode("utf-8")
    return msg.msgid


PSEUDO = "qps"  # accented and longer: any English left on the page stands out
_ACCENTED = str.maketrans(
    "AaCcEeIiNnOoSsUuYyZz", "ÀáÇçÉéÎíÑñÖóŠšÛúÝýŽž"
)  # each letter stays readable
# a placeholder keeps its name, conversion and format: {text!r}, {size:.1f}
_FIELD = re.compile(r"(\{[a-z_]*(?:![rsa])?(?::[^{}]*)?\})")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: every letter accented, placeholders kept, and about
    40 % longer (the long words of German or French), between ⟦ ⟧ so a cut-off shows."""
    parts = _FIELD.split(text)
    accented = "".join(p if _FIELD.fullmatch(p) else p.translate(_ACCENTED) for p in parts)
    dots = max(1, round(len(text) * 0.4) - 2)
    # in words of at most 8, as a long text's extra length comes: a line can break in it
    padding = " ".join("·" * min(8, dots - n) for n in range(0, dots, 8))
    return f"⟦{accented}{padding}⟧"


class _Pseudo(gettext.NullTranslations):
    """The catalogue of :data:`PSEUDO`: every English text turned by :func:`pseudo`."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


@functools.cache
def words(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang``: its ``gettext`` and ``ngettext`` give the words printed.
    English (and a language with no catalogue) gives the words as written in the code;
    :data:`PSEUDO` gives them accented and longer."""
    if lang == ENGLISH:
        return gettext.NullTranslations()
    if lang == PSEUDO:
        return _Pseudo()
    return gettext.translation(DOMAIN, locale_dir(), languages=[lang], fallback=True)


def _header(data: bytes) -> tuple[str, int, int, int]:
    """A compiled catalogue's byte order (struct's ``<`` or ``>``, by its magic number), its
    number of entries and where its tables of originals and of translations start."""
    order = "<" if struct.unpack("<I", data[:4])[0] == 0x950412DE else ">"
    count, originals, translations = struct.unpack(order + "3I", data[8:20])
    return order, count, originals, translations


def compiled_words(lang: str) -> dict[str, str | tuple[str, ...]]:
    """A compiled catalogue's entries (GNU ``.mo``: lengths and offsets, then the texts): an
    English text, or ``singular\\0plural``, to its words; context entries left out."""
    data = (locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").read_bytes()
    order, count, originals, translations = _header(data)
    entries = {}
    for n in range(count):
        olen, ooff = struct.unpack(order + "2I", data[originals + 8 * n : originals + 8 * n + 8])
        tlen, toff = struct.unpack(
            order + "2I", data[translations + 8 * n : translations + 8 * n + 8]
        )
        key = data[ooff : ooff + olen].decode("utf-8")
        if key and "\x04" not in key:
            forms = data[toff : toff + tlen].decode("utf-8").split("\0")
            entries[key] = forms[0] if "\0" not in key else tuple(forms)
    return entries


def number(value: float, lang: str, spec: str = "g") -> str:
    """``value`` formatted by ``spec`` as ``lang`` writes it: ``0.5`` in English and Japanese,
    ``0,5`` in French, German, Spanish and Italian."""
    text = format(value, spec)
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


# Each language, in its own words (the page's menu shows them so): a catalogue is a language.
# Made on first use (module __getattr__ below); within this module, _languages().
LANGUAGES: Mapping[str, str]


def __getattr__(name: str) -> Any:
    if name == "LANGUAGES":
        return _languages()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class Msg:
    """A sentence (or a piece of one) said in the user's language when a shell words it, not
    when it is made: the engine raises in no language, the CLI words the error in the locale's
    and the page in its own. ``str()`` is the English.

    Attributes:
        msgid: the English words, the catalogues' key, with ``{name}`` placeholders.
        plural: the English plural, chosen by ``count`` (gettext's ``ngettext``).
        count: the number choosing between them; also the ``{count}`` placeholder.
        params: the placeholders' values, as data: words, numbers (written as the language
            writes them: ``0,5``), files and records (worded by the shell).
        context: gettext's message context (``msgctxt``), when the same English words need
            other words in another language (a die's "square" cards, not a square card).
    """

    msgid: str
    plural: str | None = None
    count: int | None = None
    params: tuple[tuple[str, Any], ...] = ()
    context: str | None = None

    def __str__(self) -> str:
        return said(self, ENGLISH)


def N_(msgid: str, **params: Any) -> Msg:  # noqa: N802 - gettext's name, so pybabel finds it
    """A sentence to translate when it is worded (``make catalogues`` extracts ``msgid``)."""
    return Msg(msgid, params=tuple(params.items()))


def Np_(context: str, msgid: str, **params: Any) -> Msg:  # noqa: N802
    """:func:`N_` in a message context (gettext's ``pgettext``): the same English words as
    another sentence's, translated on their own (extracted with ``-k Np_:1c,2``)."""
    return Msg(msgid, params=tuple(params.items()), context=context)


def Nn_(singular: str, plural: str, count: int, **params: Any) -> Msg:  # noqa: N802
    """A sentence with a number, singular or plural in the language's own way (French counts
    0 as one; Japanese has no plural); ``count`` is also its ``{count}``."""
    return Msg(singular, plural, count, (("count", count), *params.items()))


class _Number:
    """A float placeholder written as the language writes it, by the sentence's own format
    spec (``{size:g}`` → ``0,5`` in French)."""

    def __init__(self, value: float, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        text = format(self.value, spec)
        return text.replace(".", ",") if self.lang in DECIMAL_COMMA else text


def said(msg: Msg, lang: str, part: Callable[[Any], str] = str) -> str:
    """``msg`` in ``lang``: its catalogue's words with the placeholders filled; ``part`` words a
    value that is not a word or a number (a file, a record, another :class:`Msg`)."""
    t = words(lang)
    if msg.plural:  # a plural message has its count
        assert msg.count is not None
        text = t.ngettext(msg.msgid, msg.plural, msg.count)
    elif msg.context:
        text = t.pgettext(msg.context, msg.msgid)
    else:
        text = t.gettext(msg.msgid)
    return text.format(**{k: _value(v, lang, part) for k, v in msg.params})


def _value(value: Any, lang: str, part: Callable[[Any], str]) -> Any:
    if isinstance(value, Msg):
        return said(value, lang, part)
    if isinstance(value, float):
        return _Number(value, lang)
    if isinstance(value, bool | int | str):
        return value
    return part(value)


def reason(exc: BaseException) -> str | Msg:
    """What ``exc`` says: the :class:`Msg` it was raised with, to be said in the user's
    language, or its English text."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Msg) else str(exc)
