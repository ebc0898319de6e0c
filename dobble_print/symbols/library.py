"""The bundled picture library: about a thousand Fluent Emoji pictures with their CLDR names and
keywords in six languages, grouped in themes.

The data is made at build time by ``tools/library/make_library.py`` from two pinned npm packages
and ships inside the package (``data/library``): ``index.json.gz`` (themes, names, keywords) is
read once, on first use; ``pictures/`` holds one SVG file per picture, named by its code points
(``1f431.svg``), each read when asked for.
Nothing is fetched at run time.

Examples:
    >>> cat = library_picture("cat")
    >>> cat.theme, cat.names["fr"], cat.keywords["en"][:2]
    ('animals', 'chat', ('animal', 'animals'))
    >>> library_svg("cat").startswith(b"<svg")
    True
    >>> emoji_names("1f344")["fr"]
    'champignon'
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType

LIBRARY_LANGUAGES = ("en", "fr", "de", "es", "it", "ja")
# The CLDR name of a picture in a language the data lacks is its English one.
_FALLBACK = "en"


@dataclass(frozen=True)
class LibraryPicture:
    """One bundled picture.

    Attributes:
        key: its stable id, the Fluent Emoji icon name (``"cat-face"``); also its SVG's name.
        emoji: the emoji it draws, fully qualified (``"🐱"``).
        theme: the id of the theme it belongs to (``"animals"``).
        names: its CLDR name in each of :data:`LIBRARY_LANGUAGES` (``names["fr"] == "tête de
            chat"``).
        keywords: its CLDR keywords in each language, in CLDR's order.
        code: its code points as emoji file names spell them: lower case hex joined by dashes,
            without VS16 (``"1f431"``, ``"1f468-200d-1f373"``).
    """

    key: str
    emoji: str
    theme: str
    names: Mapping[str, str] = field(compare=False, hash=False)
    keywords: Mapping[str, tuple[str, ...]] = field(compare=False, hash=False)
    code: str = ""

    def name(self, language: str) -> str:
        """Its name in ``language`` (a code such as ``"fr"`` or ``"fr_CA"``), English if the
        library has no such language."""
        return self.names.get(_language(language)) or self.names[_FALLBACK]


@dataclass(frozen=True)
class Theme:
    """A ready-made deck's worth of pictures.

    Attributes:
        id: ``"animals"``, ``"food"``…, as ``--theme`` takes it.
        names: its name in each of :data:`LIBRARY_LANGUAGES`.
        keys: the pictures a theme deck draws from, in the library's order. Every picture of the
            theme that suits a children's deck: a few of the theme's pictures (alcohol,
            weapons, clock faces) are in the library for words to ask for, but not here.
    """

    id: str
    names: Mapping[str, str] = field(compare=False, hash=False)
    keys: tuple[str, ...] = ()

    def name(self, language: str) -> str:
        """Its name in ``language``, English if the library has no such language."""
        return self.names.get(_language(language)) or self.names[_FALLBACK]


def _language(code: str) -> str:
    return code.replace("-", "_").split("_")[0].lower()


@dataclass(frozen=True)
class _Index:
    pictures: tuple[LibraryPicture, ...]
    by_key: Mapping[str, LibraryPicture]
    themes: tuple[Theme, ...]
    names: Mapping[str, Mapping[str, str]]
    sources: Mapping[str, Mapping[str, str]]


def _data(name: str) -> bytes:
    return (resources.files("dobble_print") / "data" / "library" / name).read_bytes()


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@cache
def _index() -> _Index:
    raw = json.loads(gzip.decompress(_data("index.json.gz")))
    pictures = tuple(
        LibraryPicture(
            key=p["key"],
            emoji=p["emoji"],
            theme=p["theme"],
            names=_frozen(p["names"]),
            keywords=_frozen({lang: tuple(words) for lang, words in p["keywords"].items()}),
            code=p["code"],
        )
        for p in raw["pictures"]
    )
    themes = tuple(Theme(t["id"], _frozen(t["names"]), tuple(t["keys"])) for t in raw["themes"])
    return _Index(
        pictures=pictures,
        by_key=_frozen({p.key: p for p in pictures}),
        themes=themes,
        names=_frozen({code: _frozen(n) for code, n in raw["names"].items()}),
        sources=_frozen({k: _frozen(v) for k, v in raw["sources"].items()}),
    )


def library() -> tuple[LibraryPicture, ...]:
    """Every bundled picture, by theme then in CLDR's order (the same on every run)."""
    return _index().pictures


# The stage exports library() by this name: ``dobble_print.symbols.library`` is this module.
library_pictures = library


def library_picture(key: str) -> LibraryPicture:
    """The bundled picture ``key``; KeyError if there is none."""
    return _index().by_key[key]


def themes() -> tuple[Theme, ...]:
    """The themes, in the order a menu lists them (animals first)."""
    return _index().themes


def theme(theme_id: str) -> Theme:
    """The theme ``theme_id``; KeyError if there is none."""
    for t in themes():
        if t.id == theme_id:
            return t
    raise KeyError(theme_id)


def library_sources() -> Mapping[str, Mapping[str, str]]:
    """Where the data comes from: ``{"pictures": {"package", "version", "license"}, "names":
    {…}}`` (the npm packages it was made from)."""
    return _index().sources


def library_folder() -> Path:
    """The folder of the bundled pictures' SVG files, each named by its picture's code points
    (``1f431.svg``), as emoji sets name their files."""
    return Path(str(resources.files("dobble_print") / "data" / "library" / "pictures"))


def library_file(key: str) -> Path:
    """The SVG file of the bundled picture ``key`` (``cat-face`` → ``…/pictures/1f431.svg``),
    to give as a source like any picture file; KeyError if there is none."""
    return library_folder() / f"{library_picture(key).code}.svg"


def is_library_file(path: str | Path) -> bool:
    """Whether ``path`` is one of the bundled pictures' files (a theme deck's, or a word's
    picture), so the cover names where the pictures come from."""
    path = Path(path)
    return path.suffix == ".svg" and path.parent == library_folder()


def library_svg(key: str) -> bytes:
    """The SVG of the bundled picture ``key`` (a standalone ``<svg>`` with its viewBox), read
    when asked for; KeyError if there is none."""
    return library_file(key).read_bytes()


# 1f344, 1F34D, 1f468-200d-1f469, 1f468_200d_1f469, emoji_u1f344 (Noto), u1f344
_CODE_POINTS = re.compile(r"(?:emoji_)?u?([0-9a-f]{2,6}(?:[-_ ]u?[0-9a-f]{2,6})*)", re.I)
_SKIN_TONES = frozenset(f"{c:04x}" for c in range(0x1F3FB, 0x1F400))


def emoji_code(stem: str) -> str:
    """The code points a file name spells, in the library's form: lower case, at least four
    digits, dashes, no VS16 (``"1F34D"`` → ``"1f34d"``, ``"a9"`` → ``"00a9"``,
    ``"emoji_u1f468_200d_1f469"`` → ``"1f468-200d-1f469"``); "" when it spells none."""
    match = _CODE_POINTS.fullmatch(stem.strip())
    if not match or not any(ch.isdigit() for ch in stem):
        return ""
    parts = re.split(r"[-_ ]", match.group(1).lower())
    codes = [int(p.removeprefix("u"), 16) for p in parts]
    if any(c > 0x10FFFF for c in codes):
        return ""
    return "-".join(f"{c:04x}" for c in codes if c != 0xFE0F)


def emoji_names(stem: str) -> Mapping[str, str]:
    """The CLDR names, by language, of the emoji a file name's code points spell (``1f344`` →
    mushroom, champignon, Fliegenpilz…): any emoji, not only the bundled pictures; VS16 and
    skin tones let go (``1f44d-1f3fd`` is named as thumbs up: a picture's name, not its
    skin's). Empty when the name spells no emoji CLDR names."""
    code = emoji_code(stem)
    if not code:
        return MappingProxyType({})
    names = _index().names
    plain = "-".join(p for p in code.split("-") if p not in _SKIN_TONES)
    return names.get(plain) or names.get(code) or MappingProxyType({})


def emoji_name(stem: str, language: str) -> str:
    """The CLDR name in ``language`` (English where it has none) of the emoji ``stem`` spells;
    "" when it spells none the library knows."""
    names = emoji_names(stem)
    return (names.get(_language(language)) or names.get(_FALLBACK, "")) if names else ""
