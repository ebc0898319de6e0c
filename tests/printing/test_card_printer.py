"""Card-printer files, read back from what was written: picture profiles give exact-size RGB PNGs
with the card colour to the edge and one back; PDF-pair profiles give front, back, front, … pages
with trim and bleed boxes and nothing stroked; README.txt says what to upload; print-and-cut keeps
today's PDF."""

from __future__ import annotations

import math

import numpy as np
import pikepdf
import pymupdf
import pytest
from PIL import Image

from dobble_print.card import CardShape, ShapeKind
from dobble_print.deck.connect import assign_teams
from dobble_print.printing.backs import default_back
from dobble_print.printing.shop.card_printer import shop_readme
from dobble_print.printing.shop.folder import shop_paths, write_shop
from dobble_print.printing.shop.profiles import load_shop_profile
from tests.printing.test_pdf import LAYOUTS, SYMBOLS

MM_PER_PT = 25.4 / 72.0
CREAM = (1.0, 0.94, 0.8)
CREAM_RGB = np.array([255, 240, 204])


@pytest.fixture(scope="module")
def tgc(tmp_path_factory):
    profile = load_shop_profile("tgc-circle")
    folder = tmp_path_factory.mktemp("tgc")
    files = write_shop(
        folder,
        symbols=SYMBOLS,
        layouts=LAYOUTS,
        shape=profile.card,
        card_color=CREAM,
        profile=profile,
    )
    return folder, files


def test_picture_profile_writes_a_png_per_front_one_back_and_the_readme(tgc):
    folder, files = tgc
    names = sorted(p.name for p in folder.iterdir())
    fronts = [f"{i:03d}-front.png" for i in range(1, 8)]
    assert names == sorted([*fronts, "back.png", "README.txt"])
    assert [p.name for p in files.pngs] == fronts and files.backs.name == "back.png"
    assert files.cards is None
    assert (
        sorted(
            p.name
            for p in shop_paths(folder, 7, backs=False, profile=load_shop_profile("tgc-circle"))
        )
        == names
    )


def test_every_face_is_1125_px_rgb_at_300_dpi(tgc):
    folder, _ = tgc
    for path in sorted(folder.glob("*.png")):
        with Image.open(path) as im:
            assert im.size == (1125, 1125) and im.mode == "RGB"
            assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_card_colour_runs_through_the_bleed_and_symbols_sit_inside(tgc):
    folder, _ = tgc
    face = np.asarray(Image.open(folder / "001-front.png")).astype(int)
    yy, xx = np.mgrid[0:1125, 0:1125]
    r = np.hypot(xx + 0.5 - 562.5, yy + 0.5 - 562.5)
    outside = r > 525 + 1  # beyond the 1050 px trim circle: the bleed
    assert np.abs(face[outside] - CREAM_RGB).max() <= 1
    assert (np.abs(face[r < 450] - CREAM_RGB).max(axis=1) > 30).mean() > 0.2  # symbols printed


def test_back_picture_covers_the_whole_face(tgc):
    folder, _ = tgc
    back = np.asarray(Image.open(folder / "back.png")).astype(int)
    for corner in (back[2, 2], back[2, -3], back[-3, 2], back[-3, -3]):  # the design, not paper
        assert np.abs(corner - CREAM_RGB).max() > 50


def test_readme_says_what_to_upload_and_how_many_to_order(tgc):
    folder, _ = tgc
    text = (folder / "README.txt").read_text(encoding="utf-8")
    assert "The Game Crafter (Circle Deck)" in text
    assert (
        "001-front.png ... 007-front.png   the 7 card fronts, 1125 x 1125 pixels at 300 dpi" in text
    )
    assert "back.png" in text and "Circle Deck component" in text
    assert "Order 7 cards: one of each front, all with the same back." in text.replace("\n", " ")
    assert "retail game's count" not in text  # only said when the deck has more than 55
    words = " ".join(text.split())  # paragraphs are wrapped
    assert "88.9 mm (3.5 in) across" in words and "3.2 mm (0.125 in) inside the cut" in words
    assert max(len(line) for line in text.splitlines()) <= 90


def test_pdf_pairs_alternate_front_and_back_with_no_marks(tmp_path):
    profile = load_shop_profile("eu-3mm")
    files = write_shop(
        tmp_path,
        symbols=SYMBOLS,
        layouts=LAYOUTS,
        shape=CardShape(),
        card_color=CREAM,
        back=default_back(),
        profile=profile,
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["README.txt", "cards.pdf"]
    doc = pymupdf.open(files.cards)
    assert len(doc) == 2 * len(LAYOUTS)
    for i, page in enumerate(doc):
        assert page.trimbox.width * MM_PER_PT == pytest.approx(85.0, abs=0.01)
        assert page.rect.width * MM_PER_PT == pytest.approx(91.0, abs=0.01)
        assert not [d for d in page.get_drawings() if d["type"] != "f"]  # nothing stroked
        images = page.get_image_info()
        if i % 2:  # a back: one picture covering the page
            (back,) = images
            assert back["bbox"][0] <= 0.01 and back["bbox"][2] >= page.rect.width - 0.01
        else:
            assert len(images) == 3  # the card's three symbols
    with pikepdf.open(files.cards) as pdf:
        assert b"CutContour" not in b"".join(
            page.Contents.read_bytes() if not isinstance(page.Contents, pikepdf.Array) else b""
            for page in pdf.pages
        )
        assert not any("/ColorSpace" in p.Resources for p in pdf.pages)
    text = (tmp_path / "README.txt").read_text(encoding="utf-8")
    assert "front page is followed by its back page" in text and "  cards.pdf" in text


def test_hexagon_faces_take_the_team_colour_into_the_bleed(tmp_path):
    own = tmp_path / "hex.toml"
    own.write_text(
        'title = "t"\nbleed = "3mm"\nsafe-margin = "4mm"\ndpi = 100\nfiles = "png"\n'
        'front = "{number}.png"\nback = "back.png"\ncut-path = false\nupload = "u"\n',
        encoding="utf-8",
    )
    teams = assign_teams(90)[10:17]
    hexagon = CardShape(ShapeKind.HEXAGON, 60.0)
    write_shop(
        tmp_path / "out",
        symbols=SYMBOLS,
        layouts=LAYOUTS,
        shape=hexagon,
        teams=teams,
        profile=load_shop_profile(str(own)),
    )
    face = np.asarray(Image.open(tmp_path / "out" / "1.png")).astype(int)
    h = 60 * 2 / math.sqrt(3)
    assert face.shape[:2] == (round((h + 6) / 25.4 * 100), round(66 / 25.4 * 100))
    team = np.array([round(v * 255) for v in teams[0].rgb])
    assert np.abs(face[1, 1] - team).max() <= 1


def test_print_and_cut_profile_keeps_todays_pdf_and_adds_the_readme(tmp_path):
    kw = dict(symbols=SYMBOLS, layouts=LAYOUTS, shape=CardShape(), card_color=CREAM)
    today = write_shop(tmp_path / "today", **kw)
    profiled = write_shop(
        tmp_path / "profiled", **kw, profile=load_shop_profile("print-and-cut"), safe_margin=3.0
    )
    assert profiled.cards.read_bytes() == today.cards.read_bytes()
    assert [p.name for p in profiled.pngs] == [p.name for p in today.pngs]
    assert today.readme is None and not (tmp_path / "today" / "README.txt").exists()
    text = profiled.readme.read_text(encoding="utf-8")
    assert "CutContour" in text and "png/card_001.png ... png/card_007.png" in text
    assert "7 cards, one of each." in text
    assert "stays at least 3 mm inside the cut" in " ".join(text.split())  # the deck's margin


@pytest.mark.parametrize(
    ("shows", "title", "first", "facts"),
    [
        (
            ("picture", "pictures"),
            None,
            "Your Spot it! deck, ready for The Game Crafter (Circle Deck)",
            "57 cards of 8 pictures; any two cards share exactly one picture.",
        ),
        (
            ("word", "words"),
            "Animaux",
            '"Animaux", your Spot it! deck, ready for The Game Crafter (Circle Deck)',
            "57 cards of 8 words; any two cards share exactly one word.",
        ),
        (
            ("picture or word", "pictures and words"),
            "Maths",
            '"Maths", your Spot it! deck, ready for The Game Crafter (Circle Deck)',
            "57 cards of 8 pictures and words; any two cards share exactly one picture or word.",
        ),
    ],
)
def test_readme_names_the_deck_and_what_its_cards_show(shows, title, first, facts):
    profile = load_shop_profile("tgc-circle")
    files = [f"{i:03d}-front.png" for i in range(1, 58)] + ["back.png"]
    text = shop_readme(
        profile,
        shape=profile.card,
        cards=57,
        symbols_per_card=8,
        files=files,
        shows=shows,
        title=title,
    )
    assert text.splitlines()[0] == first
    words = " ".join(text.split())
    assert facts in words
    assert f"Every {shows[0]} stays at least" in words
    assert f"any two cards still share exactly one {shows[0]}." in words  # 57 > 55: make 55
    assert max(len(line) for line in text.splitlines()) <= 90


def test_faces_drawn_by_worker_processes_are_the_bytes_one_process_writes(tmp_path, monkeypatch):
    """Card printers' faces and card PNGs are drawn and compressed by worker processes from 8
    cards on; what they write, and in which order the progress is told, is what one process
    writes and tells."""
    from dobble_print import parallel
    from dobble_print.printing import preview

    profile = load_shop_profile("tgc-circle")
    layouts = (LAYOUTS * 4)[:9]
    teams = assign_teams(90)[10 : 10 + len(layouts)]  # cards of every team
    written, told = {}, {}
    for cores in (1, 2):
        monkeypatch.setattr("dobble_print.parallel.cores", lambda cores=cores: cores)
        asked = []

        def counted(*args, asked=asked, **kwargs):
            asked.append(kwargs["workers"])
            return parallel.in_order(*args, **kwargs)

        monkeypatch.setattr(preview, "in_order", counted)
        folder = tmp_path / str(cores)
        steps = []
        write_shop(
            folder / "shop",
            symbols=SYMBOLS,
            layouts=layouts,
            shape=profile.card,
            card_color=CREAM,
            profile=profile,
            teams=teams,
            progress=lambda done, total, steps=steps: steps.append(done),
        )
        preview.write_card_pngs(folder / "png", layouts, SYMBOLS, shape=profile.card, dpi=60)
        written[cores] = {
            p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.png")
        }
        told[cores] = steps
        assert asked == [cores, cores]  # the shop's faces, then the card PNGs
    assert len(written[1]) == 2 * len(layouts) + 1 and written[1] == written[2]
    assert told[1] == told[2] and told[1][-1] == len(layouts)


@pytest.mark.parametrize(
    ("lang", "first", "said"),
    [
        (
            "fr",
            "«\u00a0Notre zoo\u00a0», votre jeu de Dobble, prêt pour l’imprimeur\u00a0: The Game "
            "Crafter (Circle Deck)",
            "ronde, 88,9 mm (3,5 in) de diamètre. Chaque face est la carte plus 3,2 mm (0,125 in)",
        ),
        (
            "ja",
            "「Notre zoo」（ドブル）：The Game Crafter（Circle Deck）用のファイルです",
            "円形、直径88.9 mm (3.5 in)。各面はカードのまわりに3.2 mm (0.125 in)の塗り足し",
        ),
    ],
)
def test_readme_speaks_the_decks_language_in_its_numbers(lang, first, said):
    profile = load_shop_profile("tgc-circle")
    files = [f"{i:03d}-front.png" for i in range(1, 58)] + ["back.png"]
    text = shop_readme(
        profile, shape=profile.card, cards=57, symbols_per_card=8, files=files,
        title="Notre zoo", lang=lang,
    )  # fmt: skip
    assert text.splitlines()[0] == first
    assert said in " ".join(text.split()) or said in text.replace("\n", "")
    assert ("55 cartes à imprimer" if lang == "fr" else "カードを55枚にして") in " ".join(
        text.split()
    )
    assert "any two cards" not in text and "the card colour" not in text


def test_the_readme_names_a_bundled_shop_in_its_language():
    from dobble_print.card import CardShape
    from dobble_print.language import words
    from dobble_print.printing.shop.card_printer import shop_readme
    from dobble_print.printing.shop.profiles import load_shop_profile

    profile = load_shop_profile("print-and-cut")
    text = shop_readme(profile, shape=CardShape(), cards=7, symbols_per_card=3,
                       files=["cards.pdf"], lang="fr")  # fmt: skip
    shop = words("fr").gettext(profile.title)
    assert shop != profile.title
    assert text.splitlines()[0] == f"Votre jeu de Dobble, prêt pour l’imprimeur\u00a0: {shop}"
    upload = text.split("CE QU’IL FAUT ENVOYER\n")[1].split("\n\nLES FICHIERS")[0]
    upload = upload.replace("\n", " ")
    assert upload.startswith("Envoyez cards.pdf\u00a0: une carte par page")


@pytest.mark.parametrize(
    "name", ["print-and-cut", "tgc-circle", "makeplayingcards-round", "eu-3mm"]
)
def test_the_readme_of_every_bundled_shop_comes_through_the_catalogue(name):
    """In the pseudo-language every word of README.txt is accented but the files' names and
    the units: a sentence still in English was never in the catalogue."""
    import re

    from dobble_print.card import CardShape
    from dobble_print.language import PSEUDO
    from dobble_print.printing.shop.card_printer import shop_readme
    from dobble_print.printing.shop.profiles import load_shop_profile

    profile = load_shop_profile(name)
    files = [f"png/card_{n:03}.png" for n in range(1, 58)] + ["back.png"]
    text = shop_readme(profile, shape=profile.card or CardShape(), cards=57,
                       symbols_per_card=8, files=files, lang=PSEUDO)  # fmt: skip
    named = re.compile(r"\S*[./]\S*|(?<!\w)(mm|in|dpi|x)(?!\w)")  # files, links, units
    plain = [line for line in text.splitlines() if re.search("[aeiou]", named.sub("", line))]
    assert plain == []


def test_the_german_readme_says_sie_to_the_grown_up_who_orders():
    """The README is read by the parent or teacher who orders, so German says "Ihr", as every
    other adult-facing text does (the rules sheet alone says "du" to the children)."""
    from dobble_print.language import words

    profile = load_shop_profile("tgc-circle")
    shop = words("de").gettext(profile.title)
    files = [f"{i:03d}-front.png" for i in range(1, 8)] + ["back.png"]
    made = {
        title: shop_readme(profile, shape=profile.card, cards=7, symbols_per_card=3,
                           files=files, title=title, lang="de").splitlines()[0]
        for title in ("", "Unser Zoo")
    }  # fmt: skip
    assert made == {
        "": f"Ihr Dobble-Spiel, fertig für die Druckerei: {shop}",
        "Unser Zoo": f"„Unser Zoo“, Ihr Dobble-Spiel, fertig für die Druckerei: {shop}",
    }
