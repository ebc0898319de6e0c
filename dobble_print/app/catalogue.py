"""The page's language: which one a browser asks for, the page's words in it (the gettext
catalogue the printed pages use, sent to the page as JSON), and ``qps``, a pseudo-language
that shows which words did not come through the catalogue.

The page's own texts are marked where they are written: ``gettext("…")`` in ``js/*.js``,
``data-t`` on the elements of ``index.html``, ``_("…")`` in ``app/*.py``, ``N_("…")`` in the
option table, and the ``about`` of a preset and ``title`` of a shop profile in their TOML. The
extractors here let ``pybabel extract`` read the last two kinds (``babel.cfg``).
"""

from __future__ import annotations

import functools
import gettext
import html.parser
import re
import tomllib
from collections.abc import Iterator
from typing import Any

from dobble_print import ENGLISH, LANGUAGES, PSEUDO, compiled_words, pseudo, words


def N_(text: str) -> str:  # noqa: N802 - gettext's name for a marker, so pybabel finds it
    """Marks ``text`` for the catalogues; the page's words are looked up when it is said."""
    return text


_LANG_TAG = re.compile(r"([A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*(?:\s*;\s*q\s*=\s*([0-9.]+))?")


class Said(Exception):
    """A message for the page: its English text (marked for the catalogues where it is
    written, ``N_("…")``) and the values that fill it, worded in the page's language when the
    page is answered (:meth:`words`)."""

    def __init__(self, text: str, **values: object) -> None:
        super().__init__(text.format(**values) if values else text)
        self.text, self.values = text, values

    def words(self, lang: str) -> str:
        """The message in ``lang``."""
        said = page_words(lang).gettext(self.text)
        return said.format(**self.values) if self.values else said


def page_words(lang: str) -> gettext.NullTranslations:
    """The page's words in ``lang`` (its ``gettext`` and ``ngettext``); English as written,
    the pseudo-language made of the English."""
    return words(lang)


def known(lang: object) -> str:
    """``lang`` when the page speaks it (the pseudo-language too), else English."""
    return lang if isinstance(lang, str) and (lang in LANGUAGES or lang == PSEUDO) else ENGLISH


def asked_language(accept: str) -> tuple[str, str | None]:
    """The language a browser's ``Accept-Language`` asks for that the page speaks (the most
    wanted first), and the language it wanted most when the page does not speak that one
    (``pt``), for the page to say so; English when none is spoken."""
    tags = []
    for n, match in enumerate(_LANG_TAG.finditer(accept or "")):
        try:
            weight = float(match[2]) if match[2] else 1.0
        except ValueError:
            continue
        if weight > 0 and match[1] != "*":
            tags.append((-weight, n, match[1].lower()))
    wanted = [code for _, _, code in sorted(tags)]
    spoken = next((code for code in wanted if code in LANGUAGES), ENGLISH)
    missed = wanted[0] if wanted and wanted[0] != spoken else None
    return spoken, missed


@functools.cache
def catalogue(lang: str) -> dict[str, Any]:
    """The page's words in ``lang`` as the page takes them: ``words`` maps each English text
    to its words (a plural, by its singular, to its forms), ``plurals`` says how many forms
    the language has. English sends none (the page's texts are English)."""
    if lang == ENGLISH:
        return {"lang": ENGLISH, "plurals": 2, "words": {}}
    if lang == PSEUDO:  # the English texts are the keys of any catalogue
        source = compiled_words(next(code for code in LANGUAGES if code != ENGLISH))
        found: dict[str, Any] = {}
        for key in source:
            ids = key.split("\0")
            found[ids[0]] = [pseudo(t) for t in ids] if len(ids) > 1 else pseudo(key)
        return {"lang": PSEUDO, "plurals": 2, "words": found}
    entries = compiled_words(lang)
    plurals = max((len(v) for v in entries.values() if isinstance(v, tuple)), default=2)
    shown = {k.split("\0")[0]: list(v) if isinstance(v, tuple) else v for k, v in entries.items()}
    return {"lang": lang, "plurals": plurals, "words": shown}


# ---- what pybabel extracts besides Python (babel.cfg names these) -----------------------------


class _Marked(html.parser.HTMLParser):
    """The texts ``index.html`` marks: an element's text (``data-t``) or one of its
    attributes (``data-t="aria-label"``), spaces folded as the page folds them."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int]] = []
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        if "data-t" not in given:
            return
        line = self.getpos()[0]
        if given["data-t"]:
            self.found.append((line, " ".join((given[given["data-t"]] or "").split())))
        else:
            self._open.append((tag, line))
            self._text = []

    def handle_data(self, data: str) -> None:
        self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _, line = self._open.pop()
            self.found.append((line, " ".join("".join(self._text).split())))


def extract_html(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extractor for ``index.html``: each marked text."""
    parser = _Marked()
    parser.feed(fileobj.read().decode("utf-8"))
    for line, text in parser.found:
        yield line, None, text, []


def extract_toml(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel's extractor for the bundled presets and shop profiles: the words the page's menus
    show for each (a preset's ``about``, a shop's ``title``), and what a shop's README.txt says
    to upload and order, its lines joined as the README joins them."""
    data = tomllib.loads(fileobj.read().decode("utf-8"))
    for key in ("about", "title", "upload", "order"):
        if isinstance(data.get(key), str):
            yield (
                1,
                None,
                data[key] if key in ("about", "title") else " ".join(data[key].split()),
                [],
            )
