"""Issue 45: printed like a native. The sentences that reached a French, German, Spanish,
Italian or Japanese user in English (a warning built with an f-string, the vocabulary's faces,
the operating system's own words, the paper's code name) are said in the user's language."""

from __future__ import annotations

import errno

import pytest

from dobble_print.card import CardShape, ShapeKind
from dobble_print.errors import DobbleError, plain
from dobble_print.language import said
from dobble_print.pipeline.matching import _shown
from dobble_print.pipeline.report import small_words
from dobble_print.printing.imposition import plan_sheets
from dobble_print.printing.paper import PAPERS
from dobble_print.symbols.vocabulary.rows import Face

LANGS = ("fr", "de", "es", "it", "ja")
# English a user met inside the other languages' sentences
ENGLISH = ("print small", "capitals", "more room", "shown as", " or ", "Permission", "a4")


def _small_report(low: int) -> dict:
    cards = [{"smallest_word_cap_mm": 3.0, "smallest_word": 0, "smallest_picture": None}] * low
    cards += [{"smallest_word_cap_mm": 5.0, "smallest_word": 0, "smallest_picture": None}]
    return {"readable_cap_mm": 4.0, "symbols": [{"name": "hippopotame"}], "cards": cards}


@pytest.mark.parametrize("lang", LANGS)
def test_the_small_words_warning_is_said_in_the_language(lang):
    for low in (1, 2, 13):
        text = said(small_words(_small_report(low)), lang)
        assert "hippopotame" in text and not [w for w in ENGLISH if w in text], text


def test_the_small_words_warning_counts_the_other_cards_in_french():
    assert said(small_words(_small_report(2)), "fr").replace("\u00a0", " ") == (
        "carte 1 et 1 autre carte : des mots s’impriment petit (« hippopotame » : capitales de "
        "3,0 mm de haut, sous les 4,0 mm qui se lisent facilement sur ces cartes) ; donnez plus "
        "de place aux mots : moins de symboles par carte, des cartes plus grandes ou des mots "
        "plus courts"
    )
    assert str(small_words(_small_report(3))).startswith("card 1 and 2 more cards: words print")


@pytest.mark.parametrize("lang", LANGS)
def test_the_faces_of_a_vocabulary_are_said_in_the_language(lang):
    faces = (Face("image", (0,)), Face("français", (1,)), Face("anglais", (2,)))
    text = said(_shown(faces), lang)
    assert "anglais" in text and not [w for w in ENGLISH if w in text], text
    in_french = said(_shown(faces), "fr").replace("\u00a0", " ")
    assert in_french == " ; chaque symbole montré en image, français ou anglais"


@pytest.mark.parametrize("lang", LANGS)
def test_an_unwritable_output_is_said_without_the_systems_english(lang, tmp_path):
    from dobble_print.errors import system_reason  # new with issue 45
    from dobble_print.files.output import _cannot_write

    refused = PermissionError(errno.EACCES, "Permission denied")
    text = _cannot_write(tmp_path / "deck.pdf", refused).words(plain, str, lang)
    assert not [w for w in ENGLISH if w in text], text
    assert said(system_reason(refused), "de") == "Zugriff verweigert"
    assert str(system_reason(OSError(errno.EXDEV, "Invalid cross-device link"))) == (
        "system error EXDEV"
    )


@pytest.mark.parametrize(("paper", "name"), [("a4", "A4"), ("letter", "US Letter")])
def test_paper_is_named_as_packs_print_it(paper, name):
    with pytest.raises(DobbleError) as caught:
        plan_sheets(1, paper=PAPERS[paper], card=CardShape(ShapeKind.CIRCLE, 400.0))
    for lang in ("en", *LANGS):
        text = caught.value.text(plain, str, lang)
        assert name in text and paper not in text, text


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_german_cover_says_turn_the_sheet_as_the_command_line_does(duplex):
    """The cover said "an langer Kante spiegeln" (mirror); a sheet is turned (wenden)."""
    from dobble_print.printing import Duplex
    from dobble_print.printing.cover import _instructions

    plan = plan_sheets(
        13, paper=PAPERS["a4"], card=CardShape(size=50.8), cover_pages=1, duplex=Duplex(duplex)
    )
    edge = {"long": "langen", "short": "kurzen"}[duplex]
    line = _instructions(plan, 2, lang="de")[1]
    assert f"beidseitig drucken, an der {edge} Kante wenden: " in line and "spiegeln" not in line


@pytest.mark.parametrize("lang", ("en", *LANGS))
@pytest.mark.parametrize("asked", [7, 11, 13])
def test_an_impossible_size_is_said_in_the_symbols_the_user_asked_for(asked, lang):
    """``-n 7`` said "no deck exists for n = 6": the plane's order, which nobody typed."""
    from dobble_print.deck.plane import check_symbols_per_card

    with pytest.raises(DobbleError) as caught:
        check_symbols_per_card(asked)
    text = caught.value.text(plain, str, lang)
    assert f"{asked} " in text and f"n = {asked - 1}" not in text, text


def test_one_symbol_per_card_is_singular():
    from dobble_print.deck.plane import check_symbols_per_card

    with pytest.raises(DobbleError) as caught:
        check_symbols_per_card(1)
    assert str(caught.value).startswith("1 symbol per card is too few")
    assert caught.value.text(plain, str, "fr").startswith("1 symbole par carte")


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        ((8, None, 5), " demande plus d’images\u00a0: 5 images ne donnent aucune carte\u00a0;"),
        ((4, None, 7), " demande plus d’images\u00a0: 7 images donnent seulement 2 cartes\u00a0;"),
    ],
)
def test_french_too_few_pictures_elides_and_negates(asked, said):
    """It said "plus de images" and "5 images donnent aucune carte"."""
    from dobble_print.pipeline.planning import plan_deck

    with pytest.raises(DobbleError) as caught:
        plan_deck(*asked)
    assert said in caught.value.words(plain, str, "fr")


@pytest.mark.parametrize(("pictures", "verb"), [(190, "asks"), (400, "ask")])
def test_one_size_asks_and_several_ask(pictures, verb):
    from dobble_print.pipeline.planning import plan_deck

    _, why = plan_deck(None, None, pictures)
    assert f" {verb} for more (up to " in why.words(plain, str)


@pytest.mark.parametrize(
    ("lang", "start"), [("fr", "Imprimées sur"), ("es", "Impresas en"), ("it", "Stampate su")]
)
def test_the_covers_paper_line_has_its_participle(lang, start):
    """ "Sur du papier épais … ou plastifiées, les cartes…": one participle without the other."""
    from dobble_print.printing.cover import _instructions

    plan = plan_sheets(13, paper=PAPERS["a4"], card=CardShape(size=50.8), cover_pages=1)
    assert _instructions(plan, 2, lang=lang)[-1].startswith(start)


@pytest.mark.parametrize("kind", [ShapeKind.HEXAGON, ShapeKind.SQUARE, ShapeKind.ROUNDED])
def test_a_card_too_large_for_the_paper_is_named_in_the_language(kind):
    """The card that did not fit was "90mm hexagon" in every language (an f-string of the
    shape's code name); "90mm rounded" in English."""
    with pytest.raises(DobbleError) as caught:
        plan_sheets(1, paper=PAPERS["a4"], card=CardShape(kind, 400.0))
    english = str(caught.value)
    named = {"hexagon": "hexagon", "square": "square", "rounded": "rounded square"}[kind.value]
    assert english.startswith(f"card 400mm {named} does not fit on A4 paper inside"), english
    for lang in LANGS:
        text = caught.value.text(plain, str, lang)
        assert "400mm" in text and not {"hexagon", "square", "rounded"} & set(text.split()), text


def test_a_shop_profiles_card_is_named_in_the_language_whatever_its_shape():
    """The line saying a shop profile's die sets the card size named a rounded card in
    English ("cards: rounded, …"): its shape had no words."""
    from dobble_print.cli.commands import _SHAPES

    assert set(_SHAPES) == {"round", *(kind.value for kind in ShapeKind)} - {"circle"}
    for lang in LANGS:
        assert said(_SHAPES["rounded"], lang) not in ("rounded", "rounded square")


def test_a_list_of_faces_is_written_with_the_languages_comma():
    faces = (Face("絵", (0,)), Face("かな", (1,)), Face("英語", (2,)))
    assert said(_shown(faces), "ja") == "。各シンボルは絵、かな または 英語で表示"
    assert str(_shown(faces)) == "; each symbol shown as 絵, かな or 英語"


@pytest.mark.parametrize(
    ("shows", "facts", "key"),
    [
        ("picture", "3 pictures per card · 7 pictures", "Answer key: all 7 pictures"),
        ("word", "3 words per card · 7 words", "Answer key: all 7 words"),
        ("symbol", "3 symbols per card · 7 symbols", "Answer key: all 7 symbols"),
    ],
)
def test_the_cover_names_what_the_cards_show_as_the_rules_do(shows, facts, key):
    """The cover said symbols where the rules and the box say pictures (or words)."""
    from dobble_print.printing.cover import DeckFacts, cover_page_count, plan_cover

    pages = cover_page_count(7, PAPERS["a4"], 5.0)
    plan = plan_sheets(7, paper=PAPERS["a4"], card=CardShape(size=85.0), cover_pages=pages)
    names = [f"n{i}" for i in range(7)]
    cover = plan_cover(names, DeckFacts(3, 7, 7, 1, shows=shows), plan)
    texts = [text.text for text in cover[0].texts]
    assert texts[1].startswith(f"7 cards · {facts} · seed 1") and key in texts
