"""Issue 45, done when: a French (German, Spanish, Italian, Japanese) locale's builds of a word
deck whose words print small, of a vocabulary deck, of a folder of pictures with files passed
over, and to an output that cannot be written show no English word in any line the command
prints, on any page of the PDFs, in their metadata or in the shop's README.txt.

English is the words of the catalogues' English (every msgid) and of the English rules sheet,
less the words the language's own catalogue and rules sheet print too (``mm``, ``PDF``,
``Dobble``, ``photo``…) and the user's own words (file names, words, a vocabulary's cells); flags
(``--verbose``) are the command's names, not words. The decks are small and each is built once
per language; the languages share one symbol cache (as the app's builds do), so the cards are
laid out once and each language reads, lays out its pages and writes its own files.
"""

from __future__ import annotations

import functools
import re
import string
import tomllib
from pathlib import Path

import pymupdf
import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from dobble_print.language import locale_dir
from dobble_print.resources import templates_dir
from dobble_print.symbols.cache import SymbolCache
from tests.conftest import make_pictures

LANGS = ("fr", "de", "es", "it", "ja")
LOCALES = {"fr": "fr_FR", "de": "de_DE", "es": "es_ES", "it": "it_IT", "ja": "ja_JP"}
# the user's own words: long ones, so that they print small on 40 mm cards; none is English
WORDS: tuple[str, ...] = (
    "Donaudampfschifffahrt",
    "Streichholzschachtel",
    "Eichhörnchen",
    "Nashornkäfer",
)
WORDS += ("Kühlschrankmagnet", "Flusspferdchen", "Schmetterlingsflügel")
LATIN = ("felis", "canis", "equus")
ESPERANTO = ("kato", "hundo", "ĉevalo")
OWN = {"foto", "nomen", "verbum", "bildoj", "vortoj", "tabelo", "filmo", "kaŝita", "ligilo"}
OWN |= {"png", "csv", "txt", "mov", "pic", "eldono", "butiko"}


# Names, not words: the program's, the game's, the shops' and their products'.
NAMES: tuple[str, ...] = (
    "dobble-print",
    "Spot it!",
    "print-and-cut",
    "The Game Crafter",
    "Circle Deck",
)
NAMES += ("CutContour", "TrimBox", "BleedBox")  # a cutting machine's colour, a PDF's boxes
UNITS = {"mm", "cm", "dpi", "jpeg"}  # every language writes them so
# Flags (--card-size), and names joined by dots, slashes, underscores, pluses or commas: files
# (deck.pdf, bildoj/filmo.mov), an example's columns (picture,word).
NOT_WORDS = re.compile(r"(?<![\w-])--?[a-z][\w-]*|\S*\w[./_+,]\w\S*")


def _tokens(text: str) -> set[str]:
    """The words of ``text`` in Latin letters, lower case, names and flags left out."""
    for name in NAMES:
        text = text.replace(name, " ")
    text = NOT_WORDS.sub(" ", text)
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ɏ]+", text) if len(w) > 1}


def _plain(text: str) -> str:
    """A catalogue's or the rules sheet's text without its placeholders."""
    return "".join(literal for literal, *_ in string.Formatter().parse(text.replace("{{", "(")))


def _sheet(rules: dict) -> list[str]:
    """Every text of a rules sheet."""
    texts = [v for v in rules.values() if isinstance(v, str)]
    for game in [*rules.get("games", []), rules.get("connect", {})]:
        texts += [v for v in game.values() if isinstance(v, str)]
    texts += [noun for pair in rules.get("nouns", {}).values() for noun in pair]
    return [_plain(t) for t in texts]


def _entries(lang: str) -> list[tuple[str, str]]:
    """(English, words in ``lang``) for each form of each entry of the catalogue of ``lang``."""
    with (locale_dir() / lang / "LC_MESSAGES" / "dobble_print.po").open("rb") as f:
        catalogue = [m for m in read_po(f) if m.id]
    pairs = []
    for m in catalogue:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        # each form is text (babel types a message's id and string loosely)
        pairs += [
            (_plain(str(ids[min(n, len(ids) - 1)])), _plain(str(s))) for n, s in enumerate(strings)
        ]
    return pairs


def _rules(lang: str) -> dict:
    name = f"rules.{lang}.toml" if lang != "en" else "rules.toml"
    return tomllib.loads((templates_dir() / "rules" / name).read_text(encoding="utf-8"))


@functools.cache
def english(lang: str) -> frozenset[str]:
    """The English words the tool says, less those ``lang``'s own words say too: a word of one
    of its catalogue's entries that the entry's English does not hold (a word copied from the
    English is a name or a value: ``kind`` must be ``cards``), a word of its rules sheet, and
    the words the language shares with English (:data:`SHARED`)."""
    entries = _entries(lang)
    said = set().union(*(_tokens(en) for en, _ in entries), *map(_tokens, _sheet(_rules("en"))))
    own = set().union(*(_tokens(text) - _tokens(en) for en, text in entries))
    own |= set().union(*map(_tokens, _sheet(_rules(lang))))
    user = _tokens(" ".join(WORDS + LATIN + ESPERANTO)) | OWN
    return frozenset(said - own - SHARED.get(lang, set()) - UNITS - user)


# Words of the language spelt as in English, that its catalogue happens to copy from the English
# wherever it says them: "pages", "Link", "video", "error"; "min." (minimum); "plus 3 mm"; an
# Italian printer's "colore spot".
SHARED = {
    "fr": {"pages", "min"},
    "de": {"min", "link", "video", "plus"},
    "es": {"error"},
    "it": {"min", "video", "spot"},
}


@pytest.fixture(scope="module")
def cache():
    """One symbol cache for the module's builds, as the app's builds share one."""
    from dobble_print import pipeline

    shared = SymbolCache()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pipeline, "build", functools.partial(pipeline.build, cache=shared))
        yield shared


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """The user's files: a word list, a vocabulary table, a folder of pictures beside a video,
    a hidden picture and a broken link, and a file where the output's folder should be."""
    root = tmp_path_factory.mktemp("eldono")
    (root / "vortoj.txt").write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    pictures = make_pictures(root / "bildoj", 7)
    cells = zip(pictures[:3], LATIN, ESPERANTO, strict=True)
    rows = [f"bildoj/{picture.name},{latin},{esperanto}" for picture, latin, esperanto in cells]
    (root / "tabelo.csv").write_text("foto,nomen,verbum\n" + "\n".join(rows) + "\n", "utf-8")
    (root / "bildoj" / "filmo.mov").write_bytes(b"\0\0\0\x18ftypqt  ")
    (root / "bildoj" / ".kaŝita.png").write_bytes(pictures[0].read_bytes())
    (root / "bildoj" / "ligilo.png").symlink_to(root / "nenio.png")
    (root / "butiko").write_text("a file, not a folder\n", encoding="utf-8")
    return root


BUILDS = {  # what each build is for: the lines it prints
    "words": ["vortoj.txt", "-n", "3", "--card-size", "40mm", "--rules", "--box"],
    "vocabulary": ["tabelo.csv", "-n", "2", "--rules", "--box"],
    "pictures": ["bildoj", "-n", "2", "--verbose"],  # no seed: the drawn seed is said
    "unwritable": ["vortoj.txt", "-n", "3", "-o", "butiko/vortoj.pdf"],
}


@pytest.fixture(scope="module", params=LANGS)
def built(request, folder, cache):
    """Each build in the language's locale: (lang, lines printed by build, texts written)."""
    from dobble_print.cli import app

    lang = request.param
    env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": f"{LOCALES[lang]}.UTF-8"}
    out = folder / lang
    runner = CliRunner()
    printed, written = {}, {}
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(folder)
        for name, args in BUILDS.items():
            seed = [] if name == "pictures" else ["--seed", "1"]
            extra = [] if "-o" in args else ["-o", f"{lang}/{name}.pdf"]
            if name == "vocabulary":  # a card printer's files: its README.txt, no PNGs
                extra += ["--shop", f"{lang}/shop", "--shop-profile", "eu-3mm"]
            result = runner.invoke(app, ["build", *args, *seed, *extra], env=env)
            assert result.exit_code == (1 if name == "unwritable" else 0), result.output
            printed[name] = result.output
    for pdf in sorted(out.rglob("*.pdf")):
        with pymupdf.open(pdf) as doc:
            meta = [doc.metadata[k] for k in ("title", "subject", "keywords")]
            written[pdf.relative_to(out)] = "\n".join(meta + [page.get_text() for page in doc])
    for text in sorted(out.rglob("*.txt")):
        written[text.relative_to(out)] = text.read_text(encoding="utf-8")
    return lang, printed, written


def _english_in(text: str, lang: str) -> list[str]:
    return sorted(_tokens(text) & english(lang))


def test_the_word_list_is_the_tools_english():
    """The check knows the words the tool prints, and no user's word hides one of them."""
    assert {"card", "cards", "deck", "symbol", "picture", "print", "sheet", "skipped"} <= (
        english("fr")
    )
    assert {"the", "and", "of", "to", "small", "each", "shown", "more", "than"} <= english("de")
    assert not english("fr") & _tokens(" ".join([*WORDS, *LATIN, *ESPERANTO, *OWN]))


def test_each_build_says_what_it_is_for(built):
    lang, printed, written = built
    assert len(printed["words"].splitlines()) >= 3  # the small words, the plan, the summary
    assert any(word in printed["words"] for word in WORDS)  # the words that print small
    assert "foto" in printed["vocabulary"]  # the faces, by the columns' names
    assert "filmo.mov" in printed["pictures"] and "ligilo.png" in printed["pictures"]
    assert "--seed " in printed["pictures"]  # the seed drawn, said
    assert "butiko" in printed["unwritable"]
    assert {Path("words.pdf"), Path("vocabulary.pdf"), Path("shop/README.txt")} <= set(written)


def test_no_english_word_in_what_the_command_prints(built):
    lang, printed, _ = built
    found = {name: _english_in(text, lang) for name, text in printed.items()}
    assert {name: words for name, words in found.items() if words} == {}, printed


def test_no_english_word_in_the_files_written(built):
    lang, _, written = built
    found = {str(name): _english_in(text, lang) for name, text in written.items()}
    assert {name: words for name, words in found.items() if words} == {}


def test_english_calls_a_picture_a_picture_on_every_page(folder, cache):
    """The English cover said "symbols" where its rules and box say "pictures"."""
    from dobble_print.cli import app

    out = folder / "en" / "pictures.pdf"
    args = ["build", "bildoj", "-n", "2", "-o", str(out), "--rules", "--box", "-q"]
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(folder)
        result = CliRunner().invoke(app, args, env={"LC_ALL": "", "LANG": "C"})
    assert result.exit_code == 0, result.output
    with pymupdf.open(out) as doc:
        cover, rules, box = (" ".join(doc[n].get_text().split()) for n in range(3))
    assert "3 cards · 2 pictures per card · 3 pictures · seed" in cover
    assert "Answer key: all 3 pictures" in cover
    assert "with 2 pictures on each" in rules and "2 pictures on each" in box
    assert "symbol" not in cover + rules + box
