"""Issue 45, item 7: every PDF the tool writes says what it is in the deck's language: its title
is the deck's (``--title``, else the language's name for a deck), its subject and keywords are
in that language, and its catalog's ``/Lang`` names it (screen readers, print dialogs). Before,
each said ``/Title (dobble-print deck)`` in English whatever the title and language, and no
``/Lang``."""

from __future__ import annotations

import subprocess

import pikepdf
import pymupdf
import pypdfium2
import pytest

from dobble_print.card import CardShape
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.printing.backs import default_back
from dobble_print.printing.shop.folder import write_shop
from dobble_print.printing.shop.profiles import load_shop_profile
from tests.printing.test_pdf import LAYOUTS, SYMBOLS


def _said(path) -> dict[str, str]:
    """What the PDF says of itself, read by MuPDF, PDFium and qpdf (``/Lang``)."""
    meta = pymupdf.open(path).metadata
    pdfium = pypdfium2.PdfDocument(str(path))
    assert pdfium.get_metadata_dict()["Title"] == meta["title"]
    pdfium.close()
    with pikepdf.open(path) as pdf:
        lang = str(pdf.Root.get("/Lang", ""))
    return {"title": meta["title"], "subject": meta["subject"], "keywords": meta["keywords"],
            "lang": lang}  # fmt: skip


@pytest.fixture(scope="module")
def french_deck(tmp_path_factory):
    from tests.conftest import make_pictures

    folder = tmp_path_factory.mktemp("animaux")
    make_pictures(folder / "p", 7)
    options = BuildOptions(
        sources=(folder / "p",), output=folder / "animaux.pdf", symbols_per_card=3, seed=1,
        title="Les animaux", lang="fr",
    )  # fmt: skip
    build(options)
    return options.output


def test_a_french_deck_says_its_title_in_french(french_deck):
    assert _said(french_deck) == {
        "title": "Les animaux",
        "subject": "Jeu de cartes Dobble\u00a0: deux cartes quelconques ont toujours exactement un "
        "symbole en commun",
        "keywords": "Dobble, jeu de cartes, à imprimer soi-même",
        "lang": "fr",
    }
    info = subprocess.run(["pdfinfo", str(french_deck)], capture_output=True, text=True).stdout
    assert "Title:           Les animaux\n" in info


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "Your Spot it! card deck"), ("de", "Ihr Dobble-Spiel")],
)
def test_a_shops_pdfs_say_the_default_title_in_the_language(tmp_path, lang, title):
    from dobble_print.language import words

    pairs = write_shop(tmp_path / "eu", symbols=SYMBOLS, layouts=LAYOUTS[:2],
                       shape=CardShape(), back=default_back(),
                       profile=load_shop_profile("eu-3mm"), lang=lang)  # fmt: skip
    said = _said(pairs.cards)
    assert said["title"] == title and said["lang"] == lang
    assert said["subject"] == words(lang).gettext(
        "The cards for a card printer, each front followed by its back"
    )


def test_print_and_cut_cards_and_backs_carry_the_decks_title(tmp_path):
    files = write_shop(tmp_path / "pc", symbols=SYMBOLS, layouts=LAYOUTS[:2],
                       shape=CardShape(), back=default_back(),
                       profile=load_shop_profile("print-and-cut"), title="Il nostro zoo",
                       lang="it")  # fmt: skip
    assert [_said(p)["title"] for p in (files.cards, files.backs)] == ["Il nostro zoo"] * 2
    assert _said(files.backs)["subject"] == "I retro delle carte per la tipografia, uno per pagina"
    assert {_said(p)["lang"] for p in (files.cards, files.backs)} == {"it"}
