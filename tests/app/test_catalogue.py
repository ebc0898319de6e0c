"""The page's language: which one a browser's Accept-Language gets, the catalogue the page
reads (/api/words), the menus and the plan in that language, and the pseudo-language."""

from __future__ import annotations

import pytest

from dobble_print.app.catalogue import PSEUDO, asked_language, catalogue, pseudo
from tests.app.conftest import POST, new_session, upload
from tests.conftest import ICONS


@pytest.mark.parametrize(
    ("header", "lang", "missed"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr", None),
        ("de-CH", "de", None),
        ("pt-BR,pt;q=0.9,es;q=0.8", "es", "pt"),  # the first it speaks, and a note
        ("en-US,en;q=0.9", "en", None),
        ("ko", "en", "ko"),
        ("it;q=0.5,ja", "ja", None),  # by weight, not by order
        ("", "en", None),
        ("*", "en", None),
    ],
)
def test_the_browser_s_languages_choose_the_page_s(header, lang, missed):
    assert asked_language(header) == (lang, missed)


def test_the_words_answer_the_browser_s_language_and_say_when_it_is_not_spoken(client):
    french = client.get("/api/words", headers={"accept-language": "fr-FR,fr;q=0.9"}).json()
    assert french["lang"] == "fr" and french["note"] is None
    assert french["words"]["Make the deck"] == "Créer le jeu"
    assert french["words"]["{n} card"] == ["{n} carte", "{n} cartes"]
    assert set(french["languages"]) == {"en", "fr", "de", "es", "it", "ja"}
    korean = client.get("/api/words", headers={"accept-language": "ko-KR"}).json()
    assert korean["lang"] == "en"
    assert korean["note"] == (
        "Your browser asks for a language this page does not speak yet (ko), so it is shown in "
        "English; choose another in the Language menu."
    )
    asked = client.get("/api/words?lang=ja", headers={"accept-language": "fr"}).json()
    assert asked["lang"] == "ja" and asked["words"]["{n} card"] == ["{n} 枚のカード"]


def test_the_pseudo_language_is_offered_only_when_asked_for(client):
    shown = client.get("/api/words?lang=qps").json()
    assert shown["languages"][PSEUDO] == "Pseudo"
    assert shown["words"]["Make the deck"] == pseudo("Make the deck")
    assert PSEUDO not in client.get("/api/words?lang=fr").json()["languages"]
    assert client.get("/api/words?lang=xx").json()["lang"] == "en"


def test_pseudo_words_keep_their_placeholders_and_are_longer():
    text = "Card {n} shuffled; the other cards are as they were."
    said = pseudo(text)
    assert "{n}" in said and "Card" not in said
    assert len(said) >= 1.35 * len(text)


def test_every_catalogue_has_every_page_text_of_the_english_one():
    english = set(catalogue("fr")["words"])
    for lang in ("de", "es", "it", "ja", PSEUDO):
        assert set(catalogue(lang)["words"]) == english, lang


def test_the_menus_and_the_plan_speak_the_page_s_language(client):
    menus = client.get("/api/menus?lang=fr").json()
    controls = {c["name"]: c for c in menus["controls"]}
    assert "lang" not in controls  # the page's own language menu chooses it
    assert controls["card_size"]["label"] == "Taille des cartes"
    assert dict(controls["shape"]["choices"])["hexagon"] == "Hexagone"
    assert dict(controls["card_color"]["choices"])["cream"] == "Crème"
    presets = {p["name"]: p["about"] for p in menus["presets"]}
    assert presets["classic"] == "Classique\u00a0: 55 cartes de 8, comme le vrai jeu"
    assert menus["pictures"]["kinds"].endswith(" ou SVG")
    kinds = client.get("/api/menus?lang=ja").json()["pictures"]["kinds"]
    assert kinds.startswith("PNG、JPEG、") and kinds.endswith("、SVG")  # Japanese commas
    sid = new_session(client)
    german = {**POST, "X-Dobble-Lang": "de"}
    plan = client.post(f"/api/s/{sid}/plan", json={"choices": {}}, headers=german)
    assert plan.json()["error"] == (
        "Fügen Sie zuerst Bilder oder Wörter hinzu: Ein Spiel braucht mindestens 3."
    )


def test_the_server_s_own_refusals_come_in_the_page_s_language(client):
    sid = new_session(client)
    french = {**POST, "X-Dobble-Lang": "fr"}
    early = client.post(f"/api/s/{sid}/reshuffle", json={"card": 1}, headers=french)
    assert (early.status_code, early.json()["error"]) == (409, "Créez d’abord le jeu.")
    japanese = {**POST, "X-Dobble-Lang": "ja"}
    odd = client.post(f"/api/s/{sid}/pictures?name=notes.docx", content=b"x", headers=japanese)
    assert odd.status_code == 415
    assert odd.json()["error"].startswith("notes.docx：絵ではありません（.docx）。")
    words = client.post(
        f"/api/s/{sid}/pictures?name=zoo.txt", content=b"cat\ndog\n", headers=french
    )
    assert words.json()["about"] == "liste de mots\u00a0: 2 mots"


def test_the_plan_s_sentences_are_said_in_the_page_s_language(client):
    sid = new_session(client)
    for path in sorted(ICONS.glob("*.svg"))[:7]:
        upload(client, sid, path)
    italian = {**POST, "X-Dobble-Lang": "it"}
    plan = client.post(f"/api/s/{sid}/plan", json={"choices": {}}, headers=italian).json()
    assert plan["ok"], plan
    assert "3 per carta" in plan["why"] and "pictures" not in plan["why"]
    assert [c["text"] for c in plan["choices"]][-1].startswith("3 per carta")
