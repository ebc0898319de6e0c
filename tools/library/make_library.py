"""Make the bundled picture library (dobble_print/data/library/) from two pinned npm packages.

Run at build time only, never by the tool: ``cd tools/library && npm ci && python3 make_library.py``
(standard library only). It reads

- ``@iconify-json/fluent-emoji-flat`` (Fluent Emoji Flat by Microsoft, MIT): the pictures;
- ``emojibase-data`` (MIT; names and keywords from Unicode CLDR): each emoji's name, keywords,
  group and subgroup in English, French, German, Spanish, Italian and Japanese,

and writes, byte for byte the same on every run:

- ``pictures/<code>.svg``: one standalone SVG per picture, named by its code points as emoji
  sets name their files (``1f431.svg``), so a bundled picture is a file like any other source;
- ``index.json.gz``: the themes, each picture's emoji, code points, theme, names and keywords,
  and the names of every emoji (also those not shipped) by code points, for pictures whose file
  names are code points.

What ships is what a teacher makes a deck of: animals, plants and weather, food, transport,
places, sport, games, clothing, music, objects, faces, the body and people's jobs; not symbols,
flags, hands, hearts, skin-tone or man/woman variants of the same picture.
"""

from __future__ import annotations

import gzip
import io
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODULES = HERE / "node_modules"
OUT = HERE.parent.parent / "dobble_print" / "data" / "library"
LANGUAGES = ("en", "fr", "de", "es", "it", "ja")
FORMAT = 1

# Theme id → its name in each language, and the CLDR subgroups it is made of (in this order).
THEMES: tuple[tuple[str, dict[str, str], tuple[str, ...]], ...] = (
    (
        "animals",
        {
            "en": "Animals",
            "fr": "Animaux",
            "de": "Tiere",
            "es": "Animales",
            "it": "Animali",
            "ja": "動物",
        },
        (
            "animal-mammal",
            "animal-bird",
            "animal-amphibian",
            "animal-reptile",
            "animal-marine",
            "animal-bug",
        ),
    ),
    (
        "nature",
        {
            "en": "Nature and weather",
            "fr": "Nature et météo",
            "de": "Natur und Wetter",
            "es": "Naturaleza y tiempo",
            "it": "Natura e meteo",
            "ja": "自然と天気",
        },
        ("plant-flower", "plant-other", "sky-weather", "place-geographic"),
    ),
    (
        "food",
        {
            "en": "Food and drink",
            "fr": "Nourriture et boissons",
            "de": "Essen und Trinken",
            "es": "Comida y bebida",
            "it": "Cibo e bevande",
            "ja": "食べ物と飲み物",
        },
        (
            "food-fruit",
            "food-vegetable",
            "food-prepared",
            "food-asian",
            "food-marine",
            "food-sweet",
            "drink",
            "dishware",
        ),
    ),
    (
        "transport",
        {
            "en": "Transport",
            "fr": "Transports",
            "de": "Verkehrsmittel",
            "es": "Transporte",
            "it": "Trasporti",
            "ja": "乗り物",
        },
        ("transport-ground", "transport-water", "transport-air"),
    ),
    (
        "places",
        {
            "en": "Places and buildings",
            "fr": "Lieux et bâtiments",
            "de": "Orte und Gebäude",
            "es": "Lugares y edificios",
            "it": "Luoghi ed edifici",
            "ja": "場所と建物",
        },
        ("place-map", "place-building", "place-religious", "place-other", "hotel"),
    ),
    (
        "sport",
        {
            "en": "Sport",
            "fr": "Sport",
            "de": "Sport",
            "es": "Deporte",
            "it": "Sport",
            "ja": "スポーツ",
        },
        ("sport", "award-medal"),
    ),
    (
        "games",
        {
            "en": "Games and celebrations",
            "fr": "Jeux et fêtes",
            "de": "Spiele und Feste",
            "es": "Juegos y fiestas",
            "it": "Giochi e feste",
            "ja": "遊びとお祝い",
        },
        ("event", "game", "arts-crafts"),
    ),
    (
        "clothing",
        {
            "en": "Clothes",
            "fr": "Vêtements",
            "de": "Kleidung",
            "es": "Ropa",
            "it": "Vestiti",
            "ja": "服",
        },
        ("clothing",),
    ),
    (
        "music",
        {
            "en": "Music",
            "fr": "Musique",
            "de": "Musik",
            "es": "Música",
            "it": "Musica",
            "ja": "音楽",
        },
        ("music", "musical-instrument", "sound"),
    ),
    (
        "objects",
        {
            "en": "Objects",
            "fr": "Objets",
            "de": "Gegenstände",
            "es": "Objetos",
            "it": "Oggetti",
            "ja": "物",
        },
        (
            "household",
            "tool",
            "writing",
            "office",
            "book-paper",
            "phone",
            "computer",
            "light-video",
            "mail",
            "money",
            "lock",
            "science",
            "medical",
            "time",
            "other-object",
        ),
    ),
    (
        "faces",
        {
            "en": "Faces and feelings",
            "fr": "Visages et émotions",
            "de": "Gesichter und Gefühle",
            "es": "Caras y emociones",
            "it": "Facce ed emozioni",
            "ja": "顔と気持ち",
        },
        (
            "face-smiling",
            "face-affection",
            "face-tongue",
            "face-hand",
            "face-neutral-skeptical",
            "face-sleepy",
            "face-unwell",
            "face-hat",
            "face-glasses",
            "face-concerned",
            "face-negative",
            "face-costume",
            "cat-face",
            "monkey-face",
        ),
    ),
    (
        "body",
        {
            "en": "The body",
            "fr": "Le corps",
            "de": "Der Körper",
            "es": "El cuerpo",
            "it": "Il corpo",
            "ja": "からだ",
        },
        ("body-parts",),
    ),
    (
        "people",
        {
            "en": "Jobs and characters",
            "fr": "Métiers et personnages",
            "de": "Berufe und Figuren",
            "es": "Oficios y personajes",
            "it": "Mestieri e personaggi",
            "ja": "仕事とキャラクター",
        },
        ("person-role", "person-fantasy"),
    ),
)

# In the library (a word may ask for them) but left out of the ready-made theme decks, which
# are for children: alcohol, smoking, weapons, death, clock faces that differ by a hand's angle,
# pictures that only differ from another by an arrow or a badge, and an animal's traces.
NOT_IN_THEME_DECKS = frozenset(
    """
    beer-mug clinking-beer-mugs clinking-glasses cocktail-glass sake tumbler-glass wine-glass
    bottle-with-popping-cork cigarette coffin headstone funeral-urn bomb dagger crossed-swords
    pistol kitchen-knife syringe drop-of-blood military-medal skull-and-crossbones
    mobile-phone-with-arrow envelope-with-arrow incoming-envelope airplane-departure
    airplane-arrival locked-with-pen locked-with-key low-battery mx-claus person-feeding-baby
    paw-prints spider-web wing feather mechanical-arm mechanical-leg ear-with-hearing-aid
    biting-lip
    """.split()
)
_CLOCK_WORDS = ("-o-clock", "-thirty")
# Man, woman, pregnancy and feeding variants of a person: the neutral person stays.
_GENDERED = ("2640", "2642", "1f930", "1fac3", "1fac4", "1f931")
_MAN_WOMAN = ("1f468-", "1f469-")
_MOON_PHASES = ("moon", "quarter-moon", "crescent-moon", "gibbous-moon")


def _read(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def _code(hexcode: str) -> str:
    """Code points as file names spell them: lower case, at least four digits, dashes, no VS16
    (twemoji's form: ``1f344``, ``00a9``, ``1f468-200d-1f373``)."""
    return "-".join(f"{int(c, 16):04x}" for c in hexcode.split("-") if c.lower() != "fe0f")


def _person_variant(code: str, label: str) -> bool:
    parts = code.split("-")
    return (
        any(g in parts for g in _GENDERED)
        or (code.startswith(_MAN_WOMAN) and "200d" in parts)
        or label.startswith(("man ", "woman ", "pregnant", "breast-feeding"))
    )


def _theme_deck_ok(key: str, theme_keys: set[str]) -> bool:
    if key in NOT_IN_THEME_DECKS or key.endswith(_CLOCK_WORDS):
        return False
    if key.endswith("-face") and key.removesuffix("-face") in theme_keys:
        return False  # a cat's face beside the cat: which one did a player see?
    # new moon … waning crescent: eight grey discs that differ by a shadow's width
    return not (
        key.startswith(("new-", "waxing-", "waning-", "first-", "last-", "full-"))
        and key.endswith(_MOON_PHASES)
    )


def _svg(icon: dict, width: int, height: int) -> bytes:
    w, h = icon.get("width", width), icon.get("height", height)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
    )
    return (head + icon["body"] + "</svg>").encode("utf-8")


def _entries(lang: str) -> dict[str, dict]:
    """Each emoji of a language's data, skin tones included, by its code points."""
    out: dict[str, dict] = {}
    for entry in _read(MODULES / "emojibase-data" / lang / "data.json"):
        out[_code(entry["hexcode"])] = entry
        for skin in entry.get("skins", ()):
            out[_code(skin["hexcode"])] = skin
    return out


def build() -> tuple[bytes, dict[str, bytes]]:
    iconify = MODULES / "@iconify-json" / "fluent-emoji-flat"
    icons = _read(iconify / "icons.json")
    by_code = {_code(c): name for c, name in _read(iconify / "chars.json").items()}
    data = {lang: _entries(lang) for lang in LANGUAGES}
    messages = _read(MODULES / "emojibase-data" / "en" / "messages.json")
    subgroup = {s["order"]: s["key"] for s in messages["subgroups"]}
    theme_of = {sub: t for t, _, subs in THEMES for sub in subs}
    rank = {sub: i for _, _, subs in THEMES for i, sub in enumerate(subs)}

    pictures, themes = [], {t: [] for t, _, _ in THEMES}
    for entry in _read(MODULES / "emojibase-data" / "en" / "data.json"):
        code = _code(entry["hexcode"])
        sub = subgroup.get(entry.get("subgroup"))
        key = by_code.get(code)
        if key is None or sub not in theme_of or key not in icons["icons"]:
            continue
        if theme_of[sub] == "people" and _person_variant(code, entry["label"]):
            continue
        if not all(code in data[lang] for lang in LANGUAGES):
            continue
        theme = theme_of[sub]
        pictures.append(
            {
                "key": key,
                "emoji": entry["emoji"],
                "code": code,
                "theme": theme,
                "names": {lang: data[lang][code]["label"] for lang in LANGUAGES},
                "keywords": {lang: data[lang][code].get("tags", []) for lang in LANGUAGES},
                "_order": (rank[sub], entry["order"]),
            }
        )
    # pictures in theme order, then CLDR's order inside a theme (cats near dogs)
    order = {t: i for i, (t, _, _) in enumerate(THEMES)}
    pictures.sort(key=lambda p: (order[p["theme"]], p["_order"]))
    same_theme: dict[str, set[str]] = {t: set() for t in themes}
    for p in pictures:
        same_theme[p["theme"]].add(p["key"])
    for p in pictures:
        del p["_order"]
        if _theme_deck_ok(p["key"], same_theme[p["theme"]]):
            themes[p["theme"]].append(p["key"])

    names = {
        code: {lang: data[lang][code]["label"] for lang in LANGUAGES if code in data[lang]}
        for code in sorted(data["en"])
    }
    index = {
        "format": FORMAT,
        "sources": {
            "pictures": _source(iconify / "package.json"),
            "names": _source(MODULES / "emojibase-data" / "package.json"),
        },
        "languages": list(LANGUAGES),
        "themes": [{"id": t, "names": n, "keys": themes[t]} for t, n, _ in THEMES],
        "pictures": pictures,
        "names": names,
    }
    text = json.dumps(index, ensure_ascii=False, sort_keys=False, separators=(",", ":"))
    packed = io.BytesIO()
    with gzip.GzipFile(fileobj=packed, mode="wb", compresslevel=9, mtime=0, filename="") as gz:
        gz.write(text.encode("utf-8"))

    width, height = icons.get("width", 16), icons.get("height", 16)
    svgs = {p["code"]: _svg(icons["icons"][p["key"]], width, height) for p in pictures}
    return packed.getvalue(), svgs


def _source(package_json: Path) -> dict[str, str]:
    package = _read(package_json)
    return {
        "package": package["name"],
        "version": package["version"],
        "license": package.get("license", "MIT"),
    }


LICENCES = {
    "LICENSE-fluent-emoji": HERE.parent.parent / "assets" / "icons" / "LICENSE",
    "LICENSE-emojibase": MODULES / "emojibase-data" / "LICENSE",
    "LICENSE-unicode": HERE / "LICENSE-unicode.txt",
}


def main() -> int:
    index, svgs = build()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "index.json.gz").write_bytes(index)
    folder = OUT / "pictures"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    for code, svg in sorted(svgs.items()):
        (folder / f"{code}.svg").write_bytes(svg)
    for name, source in LICENCES.items():
        (OUT / name).write_bytes(source.read_bytes())
    size = sum(map(len, svgs.values()))
    print(f"{len(svgs)} pictures; index {len(index):,} bytes, pictures {size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
