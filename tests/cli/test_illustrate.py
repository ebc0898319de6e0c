"""``--illustrate``: a word list built as a deck of the bundled pictures
(symbols/words/illustrate.py, through the pipeline), each word said when no picture fits,
``--skip-bad`` leaving it out, the user's own pictures first, ``--labels`` printing the user's word,
the same bytes twice, and plan naming each word's picture and the others to choose from."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from dobble_print.cli.commands import app
from dobble_print.symbols import find_sources
from dobble_print.symbols.words.illustrate import illustrate_sources

runner = CliRunner()
WORDS = "chat\nchiens\nVache\nÉléphant\npommes\nfraise\nsouris\n"


def _list(tmp_path: Path, text: str, name: str = "mots.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _build(tmp_path: Path, *args: str, out: str = "d.pdf"):
    return runner.invoke(
        app, ["build", *args, "-o", str(tmp_path / out), "--seed", "3", "--lang", "fr"]
    )


def test_a_word_list_becomes_a_picture_deck_the_same_twice(tmp_path):
    words = _list(tmp_path, "chiens\nÉléphant\npommes\n")  # small: 3 cards of 2
    args = (str(words), "--illustrate", "--labels", "--no-cover")
    first = _build(tmp_path, *args, out="a.pdf")
    second = _build(tmp_path, *args, out="b.pdf")
    assert first.exit_code == 0, first.stderr
    assert second.exit_code == 0, second.stderr
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert first.stderr == ""
    import fitz

    with fitz.open(tmp_path / "a.pdf") as pdf:
        text = pdf[0].get_text()
        images = len(pdf[0].get_images())
    # the labels are the words as the user wrote them, not the pictures' CLDR names
    assert {"chiens", "Éléphant", "pommes"} <= set(text.split()) and "rouge" not in text
    assert images == 3


def test_sources_become_pictures_with_the_user_s_word_as_name():
    found = illustrate_sources(_sources(["chat", "chiens"]), "fr")
    assert [(s.word, s.library) for s in found.items] == [("chat", "cat"), ("chiens", "dog")]
    assert found.noun == "pictures"


def _sources(words):
    from dobble_print.symbols.sources import Source, Sources

    return Sources(tuple(Source(Path("m.txt"), w, i) for i, w in enumerate(words, 1)))


def test_a_word_with_no_picture_is_one_line_with_the_nearest_names(tmp_path):
    words = _list(tmp_path, WORDS + "tatou\n")
    result = _build(tmp_path, str(words), "--illustrate")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"dobble-print\u00a0: erreur\u00a0: {words}:8: «\u00a0tatou\u00a0»\u00a0: aucune image"
        "\u00a0; noms proches\u00a0: matou, statue, trou\u00a0? écrivez tatou=matou, ou utilisez "
        "--skip-bad pour faire le jeu sans lui"
    ]
    assert not (tmp_path / "d.pdf").exists()


def test_words_with_no_picture_are_listed_one_a_line(tmp_path):
    words = _list(tmp_path, WORDS + "tatou\nxyzzyq\nlapin=armadillo\n")
    result = runner.invoke(
        app,
        ["build", str(words), "--illustrate", "-o", str(tmp_path / "d.pdf"), "--lang", "en"],
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: 3 words have no picture; write word=picture-name, or use "
        "--skip-bad to build without them:",
        f"  {words}:8: 'tatou': no picture; nearest: matou, statue, trou? write tatou=matou",
        f"  {words}:9: 'xyzzyq': no picture, and none is named like it; give a picture of "
        "your own named xyzzyq",
        f"  {words}:10: 'lapin': no picture named armadillo; nearest: maillot, radio, "
        "maillons? write lapin=maillot",
    ]


def test_skip_bad_plans_without_the_words_with_no_picture(tmp_path):
    words = _list(tmp_path, WORDS + "tatou\n")
    result = runner.invoke(app, ["plan", str(words), "--illustrate", "--skip-bad", "--lang", "en"])
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [
        f"warning: skipped {words}:8: 'tatou': no picture; nearest: matou, statue, trou? "
        "write tatou=matou"
    ]
    assert result.stdout.startswith("7 pictures:")


@pytest.mark.parametrize("name", ["Chats.png", "chat.png"])
def test_the_user_s_own_picture_draws_its_word(tmp_path, name):
    own = tmp_path / "mine"
    own.mkdir()
    Image.new("RGBA", (40, 40), (200, 30, 30, 255)).save(own / name)
    words = _list(tmp_path, WORDS)
    found = illustrate_sources(find_sources([words, own]), "fr")
    assert [s.path.name if not s.word else s.library for s in found.items] == [
        name,
        "dog",
        "cow",
        "elephant",
        "red-apple",
        "strawberry",
        "mouse",
    ]


def test_without_illustrate_words_stay_words(tmp_path):
    from dobble_print import BuildOptions
    from dobble_print.pipeline.planning import sources_of

    words = _list(tmp_path, WORDS)
    found = sources_of(BuildOptions(sources=(words,), output=tmp_path / "d.pdf", seed=1))
    assert [s.library for s in found.items] == [""] * 7 and found.noun == "words"


def test_plan_says_each_word_s_picture_and_the_others_to_choose_from(tmp_path):
    words = _list(tmp_path, "chat\nvache\npomme=🍏\n")
    result = runner.invoke(app, ["plan", str(words), "--illustrate", "--lang", "en"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-4:] == [
        "Pictures for the words (write word=picture-name in the list for another):",
        "  chat: chat (or: chat noir, chat qui sourit, chat qui sourit avec des yeux rieurs, "
        "chat qui pleure de joie)",
        "  vache: vache (or: tête de vache)",
        "  pomme: pomme verte",
    ]
