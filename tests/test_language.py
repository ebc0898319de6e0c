"""The printed pages' languages: every catalogue holds every English sentence with the same
placeholders, each compiled .mo is its .po, each rules file has the English one's keys and
placeholders, and the locale's language is read as POSIX says."""

from __future__ import annotations

import io
import re
import string
import tomllib
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from dobble_print.language import LANGUAGES, language_of_locale, locale_dir, number, words
from dobble_print.resources import templates_dir

REPO = Path(__file__).resolve().parent.parent
TRANSLATED = sorted(set(LANGUAGES) - {"en"})
# gettext's plural forms, as each .po declares them: French counts 0 and 1 as one.
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "ja": "nplurals=1; plural=0;",
}


def _catalogue(lang: str):
    path = locale_dir() / lang / "LC_MESSAGES" / "dobble_print.po"
    with path.open("rb") as f:
        return read_po(f)


def _fields(text: str) -> list[str]:
    return sorted({name for _, name, _, _ in string.Formatter().parse(text) if name is not None})


# pybabel's keywords, and the messages' (make catalogues gives pybabel the same): N_("…") is
# default; Nn_("one", "many", n) is a plural; Np_("context", "…") has a message context.
KEYWORDS = {**DEFAULT_KEYWORDS, "Nn_": (1, 2), "Np_": ((1, "c"), 2)}


def _code_messages() -> set[tuple[str | None, object]]:
    """(context, msgid) of every sentence the code marks for translation, as pybabel finds it
    with babel.cfg (the Python, and the page's script, HTML and menus' TOML)."""
    with (REPO / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: set[tuple[str | None, object]] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        REPO, method_map=method_map, options_map=options_map, keywords=KEYWORDS
    ):
        found.add((context, message))
    return found


def test_the_template_holds_every_sentence_of_the_code():
    with (locale_dir() / "dobble_print.pot").open("rb") as f:
        template = {(m.context, m.id) for m in read_po(f) if m.id}
    assert template == _code_messages()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_sentence_is_translated_with_the_same_placeholders(lang):
    with (locale_dir() / "dobble_print.pot").open("rb") as f:
        template = {(m.context, m.id) for m in read_po(f) if m.id}
    catalogue = _catalogue(lang)
    assert catalogue.plural_forms == PLURAL_FORMS[lang]
    held = {(m.context, m.id): m for m in catalogue if m.id}
    assert set(held) == template
    for key, message in held.items():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(strings) == (catalogue.num_plurals if len(ids) > 1 else 1), key
        for text in strings:
            assert text, f"{lang}: {key} is not translated"
            assert _fields(text) == _fields(ids[-1]), f"{lang}: {key} -> {text}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_compiled_catalogue_is_its_source_compiled(lang):
    compiled = io.BytesIO()
    write_mo(compiled, _catalogue(lang))
    shipped = locale_dir() / lang / "LC_MESSAGES" / "dobble_print.mo"
    assert shipped.read_bytes() == compiled.getvalue(), "run `make catalogues`"


def _rules(name: str) -> dict:
    return tomllib.loads((templates_dir() / "rules" / name).read_text(encoding="utf-8"))


def _texts(rules: dict, prefix: str = "") -> dict[str, str]:
    """Every text of a rules file by its path (``games.2.text``), the nouns left out."""
    out: dict[str, str] = {}
    for key, value in rules.items():
        if key in ("nouns", "game-heading"):
            continue
        if isinstance(value, dict):
            out |= _texts(value, f"{prefix}{key}.")
        elif isinstance(value, list):
            for n, item in enumerate(value):
                out |= _texts(item, f"{prefix}{key}.{n}.")
        else:
            out[prefix + key] = value
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_rules_file_has_the_english_texts_and_placeholders(lang):
    english, own = _texts(_rules("rules.toml")), _rules(f"rules.{lang}.toml")
    texts = _texts(own)
    assert set(texts) == set(english)
    for key, text in texts.items():
        assert _fields(text) == _fields(english[key]), f"{lang}: {key}"
        assert text != english[key] or key == "connect.name", f"{lang}: {key} is English"
    assert set(own["nouns"]) == {"picture", "word", "picture or word"}


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "it"),
        ({"LANG": "it_IT", "LC_MESSAGES": "es_ES", "LC_ALL": "fr_FR"}, "fr"),
        ({"LC_ALL": "", "LANG": "es_MX.UTF-8"}, "es"),  # an empty variable is not set
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "nl_NL.UTF-8"}, "en"),  # no Dutch catalogue: English
        ({"LC_ALL": "nl_NL", "LANG": "de_DE"}, "en"),  # LC_ALL wins, even unknown
        ({}, "en"),
    ],
)
def test_the_locale_names_the_language(environ, lang):
    assert language_of_locale(environ) == lang


@pytest.mark.parametrize(
    ("value", "lang", "spec", "text"),
    [(0.5, "fr", "g", "0,5"), (0.5, "en", "g", "0.5"), (88.04, "de", ".1f", "88,0"),
     (5.9, "ja", ".1f", "5.9"), (85.0, "it", "g", "85"), (0.125, "es", ".3g", "0,125")],
)  # fmt: skip
def test_numbers_are_written_as_the_language_writes_them(value, lang, spec, text):
    assert number(value, lang, spec) == text


@pytest.mark.parametrize(("n", "said"), [(0, "0 carte"), (1, "1 carte"), (2, "2 cartes")])
def test_french_counts_zero_and_one_as_one(n, said):
    assert words("fr").ngettext("{count} card", "{count} cards", n).format(count=n) == said


def test_french_sets_a_no_break_space_before_double_punctuation_and_inside_quotes():
    french = [m.string for m in _catalogue("fr") if m.id]
    texts = [t for s in french for t in (s if isinstance(s, tuple) else (s,))]
    texts += _texts(_rules("rules.fr.toml")).values()
    for text in texts:
        # a placeholder's format ({cap:.1f}) and a message's leading file:line (":{line}: ")
        # are not French punctuation
        words = re.sub(r"\{[^{}]*\}", "x", re.sub(r"^:\{line\}", "", text))
        assert not re.search(r"(?<!\u00a0)[:;!?»%]|«(?!\u00a0)", words), text


@pytest.mark.parametrize(
    ("msgid", "params", "kept"),
    [
        ("{text!r} is not a number", {"text": "x"}, "'x'"),
        (
            "{clearance:g} mm is out of range; use 0 to {most:.0f} mm",
            {"clearance": 9.0, "most": 4.2},
            "9",
        ),
    ],
)
def test_the_pseudo_language_keeps_conversions_and_formats(msgid, params, kept):
    from dobble_print.language import N_, PSEUDO, pseudo, said

    assert pseudo(msgid).count("{") == msgid.count("{")
    text = said(N_(msgid, **params), PSEUDO)  # a KeyError when {text!r} was accented
    assert text.startswith("⟦") and kept in text and "is not" not in text


def test_the_pseudo_language_is_read_but_never_offered():
    from dobble_print.language import PSEUDO
    from dobble_print.options.reading import read_value
    from dobble_print.options.table import BY_NAME

    lang = BY_NAME["lang"]
    assert read_value(lang, "qps") == PSEUDO
    assert PSEUDO not in lang.choices and PSEUDO not in lang.help and PSEUDO not in LANGUAGES


@pytest.mark.parametrize("lang", TRANSLATED)
def test_an_entry_read_alone_is_what_gettext_reads(lang):
    """Each language's own name is read from its catalogue alone (not the whole catalogue, as
    gettext reads it): for every entry with a context, and one the catalogue lacks, the same
    words as gettext's ``pgettext``."""
    from dobble_print.language import Np_, _entry

    data = (locale_dir() / lang / "LC_MESSAGES" / "dobble_print.mo").read_bytes()
    catalogue = words(lang)
    keyed = [key for key in catalogue._catalog if isinstance(key, str) and "\x04" in key]
    assert len(keyed) >= 5
    for key in [*keyed, "language\x04no such words"]:
        context, msgid = key.split("\x04")
        assert _entry(data, Np_(context, msgid)) == catalogue.pgettext(context, msgid), key
    assert LANGUAGES[lang] == catalogue.pgettext("language", "English") != "English"
