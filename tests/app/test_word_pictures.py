"""The words' pictures over the app's API (app/illustrations.py): the tiles of the typed words
and of a dropped word list, a picture chosen written into its own list, the bundled library
for the picker, a theme's deck in the choices and the command; the page's gate on each route."""

from __future__ import annotations

import pytest

from dobble_print import OptionError
from dobble_print.app.settings import Choices, command
from tests.app.conftest import BASE, POST, new_session

FR = {"X-Dobble-Lang": "fr"}


def tiles(client, sid: str) -> list[tuple[str, int, str, str]]:
    answer = client.get(f"/api/s/{sid}/word-pictures", headers=FR)
    assert answer.status_code == 200, answer.text
    return [(w["file"], w["line"], w["word"], w["key"]) for w in answer.json()["words"]]


def test_typed_words_and_a_dropped_list_are_tiles_and_a_choice_goes_into_its_own_list(client):
    sid = new_session(client)
    client.post(f"/api/s/{sid}/words", content=b"chat\nchiens\n", headers=POST)
    dropped = client.post(
        f"/api/s/{sid}/pictures",
        params={"name": "ferme.txt"},
        content=b"vache\n# un commentaire\ntatou\n",
        headers=POST,
    )
    assert dropped.status_code == 200, dropped.text
    assert tiles(client, sid) == [
        ("words.txt", 1, "chat", "cat"),
        ("words.txt", 2, "chiens", "dog"),
        ("ferme.txt", 1, "vache", "cow"),
        ("ferme.txt", 3, "tatou", ""),
    ]
    tatou = client.get(f"/api/s/{sid}/word-pictures", headers=FR).json()["words"][3]
    assert tatou["reason"] == (
        "«\u00a0tatou\u00a0»\u00a0: aucune image\u00a0; "
        "noms proches\u00a0: matou, statue, trou\u00a0? écrivez tatou=matou"
    )
    assert tatou["nearest"] == ["matou", "statue", "trou"]

    chosen = client.post(
        f"/api/s/{sid}/word-pictures/choose",
        json={"file": "ferme.txt", "line": 3, "word": "tatou", "picture": "hedgehog"},
        headers={**POST, **FR},
    )
    assert chosen.status_code == 200, chosen.text
    assert chosen.json()["text"] == "vache\n# un commentaire\ntatou=hedgehog\n"
    assert tiles(client, sid)[3] == ("ferme.txt", 3, "tatou", "hedgehog")
    # the word alone again: its picture is the one found first
    client.post(
        f"/api/s/{sid}/word-pictures/choose",
        json={"file": "words.txt", "line": 1, "word": "chat", "picture": "black-cat"},
        headers=POST,
    )
    assert tiles(client, sid)[0] == ("words.txt", 1, "chat", "black-cat")
    again = client.post(
        f"/api/s/{sid}/word-pictures/choose",
        json={"file": "words.txt", "line": 1, "word": "chat", "picture": ""},
        headers=POST,
    )
    assert again.json()["text"] == "chat\nchiens\n"


@pytest.mark.parametrize(
    ("sent", "status", "error"),
    [
        (
            {"file": "words.txt", "line": 1, "word": "chien", "picture": "cat"},
            409,
            "The words changed meanwhile; look at the pictures again.",
        ),
        (
            {"file": "words.txt", "line": 9, "word": "chat", "picture": "cat"},
            409,
            "The words changed meanwhile; look at the pictures again.",
        ),
        (
            {"file": "../words.txt", "line": 1, "word": "chat", "picture": "cat"},
            404,
            "../words.txt: no such word list in this deck",
        ),
        (
            {"file": "words.txt", "line": "1", "word": "chat", "picture": "cat"},
            400,
            "The request was not a word and a picture.",
        ),
        (
            {"file": "words.txt", "line": 1, "word": "chat", "picture": "a=b"},
            400,
            "a=b is not a picture's name",
        ),
    ],
)
def test_a_choice_that_does_not_fit_the_list_is_refused_and_changes_nothing(
    client, sent, status, error
):
    sid = new_session(client)
    client.post(f"/api/s/{sid}/words", content=b"chat\n", headers=POST)
    answer = client.post(f"/api/s/{sid}/word-pictures/choose", json=sent, headers=POST)
    assert (answer.status_code, answer.json()) == (status, {"error": error})
    assert tiles(client, sid) == [("words.txt", 1, "chat", "cat")]


def test_the_library_is_named_in_the_page_s_language_and_its_pictures_are_inert_svg(client):
    listed = client.get("/api/library", headers={"X-Dobble-Lang": "de"}).json()
    assert len(listed["pictures"]) > 1000
    cat = next(p for p in listed["pictures"] if p["key"] == "cat")
    assert (cat["name"], cat["theme"]) == ("Katze", "animals")
    svg = client.get("/api/library/cat")
    assert svg.status_code == 200 and svg.content.startswith(b"<svg")
    assert svg.headers["content-type"] == "image/svg+xml"
    assert svg.headers["content-security-policy"] == "sandbox"
    missing = client.get("/api/library/..%2Fpictures")
    assert missing.status_code == 404


def test_the_gate_holds_on_the_new_routes(client):
    sid = new_session(client)
    client.post(f"/api/s/{sid}/words", content=b"chat\n", headers=POST)
    choice = {"file": "words.txt", "line": 1, "word": "chat", "picture": "black-cat"}
    path = f"/api/s/{sid}/word-pictures/choose"
    assert client.post(path, json=choice).status_code == 403  # no X-Dobble header
    other = {**POST, "Origin": "http://127.0.0.1:9999"}
    assert client.post(path, json=choice, headers=other).status_code == 403
    for read in ("/api/library", "/api/library/cat", f"/api/s/{sid}/word-pictures"):
        assert client.get(read, headers={"Origin": "http://127.0.0.1:9999"}).status_code == 403
        assert client.get(read, headers={"Origin": BASE}).status_code == 200
    big = client.post(path, content=b"{" + b" " * 70_000 + b"}", headers=POST)
    assert big.status_code == 413
    assert tiles(client, sid) == [("words.txt", 1, "chat", "cat")]


def test_a_theme_makes_the_deck_without_the_session_s_files_and_the_command_says_it():
    chosen = Choices.from_json({"values": {"lang": "fr"}, "theme": "animals"})
    assert command(chosen, sources=[], seed=7) == (
        "dobble-print build -o deck.pdf --seed 7 --lang fr --theme animals"
    )
    with pytest.raises(OptionError):
        Choices.from_json({"values": {}, "theme": "dinosaurs"})


def test_the_plan_of_a_theme_needs_no_pictures(client):
    sid = new_session(client)
    choices = {"preset": "", "values": {"lang": "en"}, "theme": "body"}
    answer = client.post(f"/api/s/{sid}/plan", json={"choices": choices}, headers=POST).json()
    assert answer["ok"], answer
    assert (answer["cards"], answer["symbols_per_card"]) == (13, 4)


def test_the_user_s_own_picture_of_a_word_is_its_tile_as_it_is_the_deck_s(client, tmp_path):
    from PIL import Image

    from dobble_print import BuildOptions, plan

    png = tmp_path / "Chats.png"
    Image.new("RGB", (40, 40), (200, 30, 30)).save(png)
    sid = new_session(client)
    client.post(
        f"/api/s/{sid}/pictures", params={"name": png.name}, content=png.read_bytes(), headers=POST
    )
    words = "chat\nchats\nvache\nchien=cat-face\n"
    client.post(f"/api/s/{sid}/words", content=words.encode(), headers=POST)
    tiles = client.get(f"/api/s/{sid}/word-pictures", headers=FR).json()["words"]
    assert [(w["word"], w["own"], w["key"]) for w in tiles] == [
        ("chat", "Chats.png", ""),
        ("chats", None, "cat"),  # the bundled cat is free: the own picture draws "chat"
        ("vache", None, "cow"),
        ("chien", None, "cat-face"),  # asked for: never the own picture
    ]
    # the deck draws the same: the engine's plan of the same files
    (tmp_path / "words.txt").write_text(words, encoding="utf-8")
    (tmp_path / "pics").mkdir()
    png.rename(tmp_path / "pics" / png.name)
    sources = (tmp_path / "pics", tmp_path / "words.txt")
    options = BuildOptions(
        sources=sources, output=tmp_path / "d.pdf", seed=1, illustrate=True, lang="fr"
    )
    drawn = [(word, name) for word, name, _ in plan(options).drawn]
    assert drawn == [("chats", "chat"), ("vache", "vache"), ("chien", "tête de chat")]
