"""The CLI's messages in the user's language: ``--lang`` when given, else the locale's; the
engine's records are said in it when the CLI words them, and the C locale is English byte for
byte."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from dobble_print.cli import app

runner = CliRunner()
C = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}
GERMAN = {**C, "LANG": "de_DE.UTF-8"}
SPANISH = {**C, "LANG": "es_ES.UTF-8"}


def _run(args, env, cwd):
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(cwd)
        return runner.invoke(app, args, env=env)


@pytest.fixture
def folder(tmp_path):
    """Word lists, a vocabulary file and pictures that are not pictures, for the cases below."""
    (tmp_path / "three.txt").write_text("cat\ndog\nsun\n", encoding="utf-8")
    (tmp_path / "two.txt").write_text("cat\ndog\n", encoding="utf-8")
    (tmp_path / "seven.txt").write_text("cat\ndog\nsun\nmoon\nstar\ntree\nfish\ncat\n", "utf-8")
    (tmp_path / "empty-cell.csv").write_text("picture,word\n,cat\n", encoding="utf-8")
    (tmp_path / "twice.csv").write_text("word,translation\ncat,chat\ndog,chat\n", "utf-8")
    for name in ("a.png", "b.png", "clip.mov", "videos/one.mov", "videos/two.mov"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_bytes(b"not a picture")
    return tmp_path


def test_the_locale_says_a_missing_folder_in_german(folder):
    result = _run(["build", "missing/"], GERMAN, folder)
    assert result.exit_code == 1
    assert result.output == (
        "dobble-print: Fehler: missing: Datei oder Ordner nicht gefunden; geben Sie "
        "Bilderordner oder .txt-Dateien an\n"
    )


def test_the_locale_says_the_plan_in_spanish(folder):
    result = _run(["plan", "three.txt"], SPANISH, folder)
    assert result.exit_code == 0
    assert result.output == (
        "3 palabras:\n"
        "  2 por carta da el juego completo de 3 cartas  <- la elección de build\n"
        "build hará 3 cartas de 2 símbolos.\n"
    )


def test_lang_wins_over_the_locale(folder):
    result = _run(["build", "missing/", "--lang", "fr"], GERMAN, folder)
    assert result.output == (
        "dobble-print\u00a0: erreur\u00a0: missing: ce fichier ou dossier n’existe "
        "pas\u00a0; donnez des dossiers d’images ou des fichiers .txt\n"
    )
    # a mistake typed before --lang is said in it too
    result = _run(["build", "three.txt", "--cards", "x", "--lang", "ja"], GERMAN, folder)
    assert result.output == "dobble-print：エラー：--cards 'x' は整数ではありません\n"


def test_the_c_locale_and_lang_en_are_the_english_words_byte_for_byte(folder):
    english = "3 words:\n  2 per card gives the full 3-card deck  <- build's choice\n"
    english += "build makes 3 cards of 2 symbols.\n"
    assert _run(["plan", "three.txt"], C, folder).output == english
    assert _run(["plan", "three.txt", "--lang", "en"], GERMAN, folder).output == english


# What users meet most: a missing source, files that are not pictures, too few words, a
# vocabulary file's mistakes, options' values (a length, a paper, a range, a choice, a number),
# a rule between options, the deck's size, the plan, and a build's warnings and summary.
CASES = [
    ["build", "missing/"],
    ["build", "a.png", "b.png", "three.txt"],
    ["build", "clip.mov"],
    ["build", "videos"],
    ["build", "two.txt"],
    ["build", "empty-cell.csv"],
    ["build", "twice.csv"],
    ["build", "three.txt", "--card-size", "5zz"],
    ["build", "three.txt", "--card-size", "5"],
    ["build", "three.txt", "--paper", "foo"],
    ["build", "three.txt", "--bleed", "30mm"],
    ["build", "three.txt", "--duplex", "sideways"],
    ["build", "three.txt", "--cards", "x"],
    ["build", "three.txt", "--cards", "5"],
    ["build", "three.txt", "--duplex", "long"],
    ["build", "three.txt", "-n", "7"],
    ["plan", "seven.txt"],
    ["plan", "seven.txt", "-n", "4"],
    ["build", "seven.txt", "--seed", "1", "-q", "-o", "deck.pdf", "--duplex", "long", "--backs"],
]


def _english_runs(text: str) -> set[str]:
    """Every run of three lower-case English-looking words in a row (file names, flags and
    numbers break a run)."""
    tokens = text.split()
    return {
        " ".join(tokens[i : i + 3])
        for i in range(len(tokens) - 2)
        if all(re.fullmatch(r"[a-z']+[,;:]?", t) for t in tokens[i : i + 3])
    }


@pytest.mark.parametrize("args", CASES, ids=lambda args: " ".join(args[1:3]))
def test_no_english_is_left_in_the_french_messages(folder, args):
    english = _run(args, C, folder)
    french = _run([*args, "--lang", "fr"], C, folder)
    assert french.exit_code == english.exit_code
    assert french.output != english.output
    left = {run for run in _english_runs(english.output) if run in french.output}
    assert not left, french.output
    # nor an English word joining French ones ("ajoutez 5 mots or utilisez -n 3")
    assert not re.search(
        r"(?<![\w.-])(or|and|the|of|to|use|give|add|with)(?![\w.-])", french.output
    )


@pytest.mark.parametrize(
    ("locale", "note"),
    [
        ("pt_BR.UTF-8", "pt"),  # a language not spoken: English, and said so
        ("C", None),  # no language asked
        ("POSIX", None),
        ("C.UTF-8", None),
        ("fr_CA.UTF-8", None),  # spoken: no note
    ],
)
def test_a_language_not_spoken_falls_back_to_english_with_a_note(folder, locale, note):
    result = _run(["plan", str(folder / "three.txt")], {**C, "LANG": locale}, folder)
    assert result.exit_code == 0, result.stderr
    said = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    if note is None:
        assert said == []
    else:
        assert said == [
            f"note: dobble-print does not speak your computer's language ({note}) yet, so it "
            "speaks English; --lang de, es, fr, it, ja chooses another"
        ]
        assert result.stdout.startswith("3 words")
    # --lang given: no note, whatever the locale
    typed = _run(["plan", str(folder / "three.txt"), "--lang", "en"], {**C, "LANG": locale}, folder)
    assert "note:" not in typed.stderr
