"""Shop profiles: the bundled TOML files read into the requirements they state, the user's own
file, one-line messages for bad ones, and the card and margin a profile lays a deck out with."""

from __future__ import annotations

from pathlib import Path

import pytest

from dobble_print.card import CardShape, ShapeKind
from dobble_print.errors import DobbleError, OptionError
from dobble_print.options import BuildOptions
from dobble_print.pipeline.writing import check_fits_shop
from dobble_print.printing import FileKind
from dobble_print.printing.shop.profiles import (
    bundled_shop_profiles,
    fit_to_shop,
    load_shop_profile,
)
from tests.support.messages import as_cli

INCH = 25.4


# name, card size (None: the deck's), bleed, safe margin, files, px a side for an 85 mm card
# or the die, cut path
PROFILES = [
    ("tgc-circle", 3.5 * INCH, INCH / 8, INCH / 8, FileKind.PNG, 1125, False),
    (
        "makeplayingcards-round",
        3.5 * INCH,
        36 / 300 * INCH,
        36 / 300 * INCH,
        FileKind.PNG,
        1122,
        False,
    ),
    ("eu-3mm", None, 3.0, 4.0, FileKind.PDF_PAIRS, 1075, False),
    ("print-and-cut", None, 3.0, 0.0, FileKind.PDF, 1075, True),
]


def test_the_four_profiles_ship():
    assert sorted(bundled_shop_profiles()) == sorted(p[0] for p in PROFILES)


@pytest.mark.parametrize(("name", "size", "bleed", "safe", "files", "px", "cut"), PROFILES)
def test_bundled_profile_states_the_shops_requirements(name, size, bleed, safe, files, px, cut):
    profile = load_shop_profile(name)
    assert profile.name == name
    if size is None:
        assert profile.card is None
    else:
        assert profile.card.kind is ShapeKind.CIRCLE
        assert profile.card.size == pytest.approx(size, abs=1e-9)
    assert profile.bleed == pytest.approx(bleed, abs=1e-9)
    assert profile.safe_margin == pytest.approx(safe, abs=1e-9)
    assert profile.files is files and profile.cut_path is cut and profile.dpi == 300
    assert profile.pixels(profile.card or CardShape()) == (px, px)
    assert profile.upload  # README.txt has something to say


def test_picture_profiles_name_fronts_in_order():
    profile = load_shop_profile("tgc-circle")
    assert [profile.front_name(n) for n in (1, 2, 57)] == [
        "001-front.png",
        "002-front.png",
        "057-front.png",
    ]
    assert profile.back == "back.png"


def test_a_users_own_profile_file(tmp_path):
    own = tmp_path / "hex-shop.toml"
    own.write_text(
        'title = "My shop"\nshape = "hexagon"\ncard-size = "70mm"\nbleed = "2mm"\n'
        'safe-margin = "5mm"\ndpi = 600\nfiles = "png"\nfront = "card-{number}.png"\n'
        'back = "b.png"\ncut-path = false\nupload = "Upload them."\n',
        encoding="utf-8",
    )
    profile = load_shop_profile(str(own))
    assert profile.name == "hex-shop" and profile.card == CardShape(ShapeKind.HEXAGON, 70.0)
    assert profile.dpi == 600 and profile.front_name(7) == "card-7.png"
    w, h = profile.pixels(profile.card)
    assert (w, h) == (round(74 / INCH * 600), round((70 * 2 / 3**0.5 + 4) / INCH * 600))


BASE = (
    'title = "t"\nbleed = "3mm"\nsafe-margin = "3mm"\ndpi = 300\nfiles = "pdf"\n'
    'front = "c.pdf"\ncut-path = true\nupload = "u"\n'
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (BASE + "colour = 1\n", "'colour' is not a setting; a profile has back, bleed, card-size"),
        (BASE.replace("dpi = 300\n", ""), "'dpi' is missing; a profile has back, bleed"),
        (BASE.replace('"3mm"', '"3 furlongs"', 1), "bleed '3 furlongs' is not a length"),
        (BASE.replace("dpi = 300", "dpi = 20"), "dpi 20 is out of range; use 72 to 1200"),
        (BASE.replace('"pdf"', '"jpeg"'), "files 'jpeg' is not a choice; use pdf, pdf-pairs, png"),
        (BASE.replace('"pdf"', '"png"'), 'front must hold {number}, e.g. "{number:03d}-front.png"'),
        (BASE.replace('"pdf"', '"pdf-pairs"'), 'cut-path needs files = "pdf"'),
        (BASE.replace("cut-path = true", 'cut-path = "yes"'), "cut-path must be true or false"),
        (BASE + "title = 2\n", "not a readable TOML file"),
        (
            BASE.replace('"pdf"', '"png"').replace('"c.pdf"', '"{number:03d}.png"')
            + 'back = "001.png"\n',
            "back '001.png' is also the name of a card's front; give it another name",
        ),
        (
            BASE.replace('"pdf"', '"png"').replace('"c.pdf"', '"../{number}.png"'),
            "front '../1.png' must be a file name in the shop folder, with no folder in it",
        ),
        (BASE + 'back = "sub/back.png"\n', "back 'sub/back.png' must be a file name"),
        (BASE.replace('"c.pdf"', '"{page}.pdf"'), "front '{page}.pdf' is not a name pattern"),
    ],
)
def test_a_bad_profile_file_is_one_line_naming_it(tmp_path, text, message):
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(DobbleError) as info:
        load_shop_profile(str(bad))
    assert as_cli(info.value).startswith(f"--shop-profile {bad}: ")
    assert message in as_cli(info.value)


def test_an_unknown_profile_names_the_bundled_ones():
    with pytest.raises(DobbleError) as info:
        load_shop_profile("tgc")
    assert as_cli(info.value) == (
        "--shop-profile tgc: no such profile or file; use one of eu-3mm, "
        "makeplayingcards-round, print-and-cut, tgc-circle or a .toml file"
    )


def test_fit_takes_the_die_and_the_larger_margin():
    tgc = load_shop_profile("tgc-circle")
    card, margin = fit_to_shop(tgc, CardShape(size=85.0), 3.0)
    assert card == tgc.card and margin == pytest.approx(3.175)
    assert fit_to_shop(tgc, CardShape(size=85.0), 5.0)[1] == 5.0
    eu = load_shop_profile("eu-3mm")
    assert fit_to_shop(eu, CardShape(ShapeKind.SQUARE, 60.0), 3.0) == (
        CardShape(ShapeKind.SQUARE, 60.0),
        4.0,
    )


def _options(**fields) -> BuildOptions:
    return BuildOptions(sources=(), output=Path("d.pdf"), seed=1, shop=Path("shop"), **fields)


def test_a_deck_not_laid_out_for_its_profile_is_refused():
    tgc = load_shop_profile("tgc-circle")
    with pytest.raises(OptionError) as info:
        check_fits_shop(_options(shop_profile=tgc))
    assert as_cli(info.value) == (
        "--shop-profile tgc-circle cuts 88.9 mm cards (circle); this deck's are 85 mm (circle): "
        "lay the deck out at the shop's card"
    )
    with pytest.raises(OptionError) as info:
        check_fits_shop(_options(shop_profile=tgc, card=tgc.card))
    assert as_cli(info.value) == (
        "--shop-profile tgc-circle keeps pictures 3.175 mm inside the cut; this deck's safe "
        "margin is 3 mm: use at least 3.175 mm"
    )
    check_fits_shop(_options(shop_profile=tgc, card=tgc.card, safe_margin=3.2))  # fits
    check_fits_shop(_options(shop_profile=tgc, card=CardShape(size=88.9), safe_margin=3.2))
