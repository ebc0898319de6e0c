"""What the tool says when something is off matches what happened (issue 23, items 8 and 11):
args → exit code → exact line, for the mistakes new users make."""

from __future__ import annotations

import os
import re
import shlex
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
from typer.testing import CliRunner

from dobble_print.cli import app
from dobble_print.cli.wording import notice_line
from dobble_print.errors import DobbleError
from dobble_print.pipeline import plan_deck
from dobble_print.printing.paper import parse_paper
from dobble_print.symbols import find_sources, load_symbols, visual
from dobble_print.symbols.names import distinct_names
from dobble_print.symbols.words.typeset import display_order
from dobble_print.units import parse_card_size
from tests.conftest import make_pictures
from tests.support.messages import as_cli

runner = CliRunner()
WORDS = ["cat", "dog", "sun", "moon", "star", "tree", "fish", "bird"]


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def error(line: str) -> list[str]:
    return [f"dobble-print: error: {line}"]


# --- word lists saved the way Windows and people save them ----------------------------------


def _word_file(tmp_path: Path, kind: str, words: list[str] = WORDS) -> Path:
    path = tmp_path / f"{kind}.txt"
    text = "\n".join(words) + "\n"
    data = {
        "ansi": ("café\n" + text).encode("cp1252"),  # Notepad's "ANSI" with an accent
        "mac-roman": ("café\n" + text).encode("mac_roman"),  # a Mac's plain text
        "accent": ("café\n" + text).encode(),
        # UTF-8 and ANSI mixed in one file: neither reading gives words, so it is refused
        "garbled": "café\n".encode() + "thé\n".encode("cp1252") + text.encode(),
        "commas": b"cat, dog, sun, moon, star, tree, fish\n",
        "semicolons": b"cat; dog; sun; moon\n",
        "utf-16": text.encode("utf-16"),  # Notepad's "Unicode": little-endian with a BOM
        "utf-16-be": b"\xfe\xff" + text.encode("utf-16-be"),
        "utf-8-bom": text.encode("utf-8-sig"),
        "utf-8": text.encode(),
    }[kind]
    path.write_bytes(data)
    return path


LONE_WORD_FILES = {
    "garbled": "line 2 is not UTF-8 text; save the file as UTF-8",
    "commas": "the words are on one line, separated by commas; put one word per line",
    "semicolons": "the words are on one line, separated by semicolons; put one word per line",
}


@pytest.mark.parametrize("skip_bad", [[], ["--skip-bad"]], ids=["", "skip-bad"])
@pytest.mark.parametrize("kind", sorted(LONE_WORD_FILES))
def test_a_lone_word_file_says_what_is_wrong_with_it(tmp_path, kind, skip_bad):
    words = _word_file(tmp_path, kind)
    result = run("build", words, "-o", tmp_path / "d.pdf", "--seed", 1, "-q", *skip_bad)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(f"{words}: {LONE_WORD_FILES[kind]}")


def test_a_bad_word_file_beside_pictures_is_named_too(tmp_path):
    words = _word_file(tmp_path, "garbled")
    make_pictures(tmp_path / "p", 2)  # too few without the words: the file is still named
    result = run("build", words, tmp_path / "p", "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: 1 file cannot be read; fix or remove it, or use --skip-bad to "
        "build from the rest:",
        f"  {words}: line 2 is not UTF-8 text; save the file as UTF-8",
    ]


def _word_deck(folder: Path, kind: str, words: list[str]) -> bytes:
    """The deck of a word file of ``kind``: three words in all (the full 3-card deck), so that
    every word, "café" too, is on its cards and in the cover's key."""
    out = folder / f"{kind}.pdf"
    result = run("build", _word_file(folder, kind, words), "-o", out, "--seed", 1, "-q")
    assert result.exit_code == 0, result.stderr
    return out.read_bytes()


@pytest.fixture(scope="module")
def utf8_deck(tmp_path_factory) -> bytes:
    """Three words, "café" first, saved as UTF-8, built once: the deck each other encoding of
    the same words must give (Windows', a Mac's and UTF-16's)."""
    return _word_deck(tmp_path_factory.mktemp("utf8"), "accent", WORDS[:2])  # "café" first


@pytest.mark.parametrize("kind", ["utf-16", "utf-16-be"])
def test_utf16_and_bom_word_lists_are_read_as_utf8_is(tmp_path, utf8_deck, kind):
    assert _word_deck(tmp_path, kind, ["café", *WORDS[:2]]) == utf8_deck


def test_windows_and_mac_word_lists_are_read_as_utf8_is(tmp_path, utf8_deck):
    """Notepad's "ANSI" (Windows-1252) and a Mac's plain text (Mac Roman) with "café" in them
    make the deck the same words in UTF-8 make (main refused both: "line 1 is not UTF-8")."""
    assert _word_deck(tmp_path, "ansi", WORDS[:2]) == utf8_deck  # and "café" first
    assert _word_deck(tmp_path, "mac-roman", WORDS[:2]) == utf8_deck


# --- option values --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--card-size", "8.5"], "--card-size 8.5 has no unit — 8.5cm?"),
        (["--card-size", "3.3"], "--card-size 3.3 has no unit — 3.3in?"),
        (["--paper", "b5"], "--paper 'b5' is not a paper size; use a4, letter, a3, a5, a6, "
         "legal, tabloid or WxH like 210x297mm"),
        (["--font", "{tmp}/missing.ttf"],
         "--font {tmp}/missing.ttf: no such file; give a font file (.ttf, .otf or .ttc)"),
        (["-o", "{tmp}/deck.png"], "-o {tmp}/deck.png: build writes a PDF; name it "
         "{tmp}/deck.pdf"),
    ],
)  # fmt: skip
def test_build_option_messages(tmp_path, args, line):
    make_pictures(tmp_path / "p", 7)
    args = [a.format(tmp=tmp_path) for a in args]
    result = run("build", tmp_path / "p", "-o", tmp_path / "d.pdf", "--seed", 1, "-q", *args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(line.format(tmp=tmp_path))
    assert list(tmp_path.glob("*.pdf")) == []


@pytest.mark.parametrize(
    ("text", "mm"),
    [
        ("85", 85.0),
        ("85mm", 85.0),
        ("8.5cm", 85.0),
        ("3.3in", 83.82),
        ("25", 25.0),
        ("8.5", "--card-size 8.5 has no unit — 8.5cm?"),
        ("20", "--card-size 20 has no unit — 20cm?"),
        ("5", "--card-size 5 has no unit — 5in?"),
    ],
)
def test_a_bare_card_size_is_mm_unless_no_card_is_that_small(text, mm):
    if isinstance(mm, str):
        with pytest.raises(DobbleError, match=f"^{re.escape(mm)}$"):
            parse_card_size(text, option="--card-size")
    else:
        assert parse_card_size(text, option="--card-size") == pytest.approx(mm)


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("A5", (148.0, 210.0)),
        ("a6", (105.0, 148.0)),
        ("legal", (215.9, 355.6)),
        ("Tabloid", (279.4, 431.8)),
    ],
)
def test_more_paper_sizes(name, size):
    paper = parse_paper(name)
    assert (paper.width, paper.height) == size


def test_a_small_paper_builds(tmp_path):
    make_pictures(tmp_path / "p", 7)
    result = run("build", tmp_path / "p", "-o", tmp_path / "d.pdf", "--paper", "a6", "-q")
    assert result.exit_code == 0, result.stderr
    page = pymupdf.open(tmp_path / "d.pdf")[-1].rect
    assert (round(page.width * 25.4 / 72), round(page.height * 25.4 / 72)) == (105, 148)


def test_an_unquoted_preset_value_says_put_it_in_quotes(tmp_path):
    make_pictures(tmp_path / "p", 7)
    preset = tmp_path / "mine.toml"
    preset.write_text("symbols-per-card = 3\ncard-size = 80mm\n", encoding="utf-8")
    result = run("build", tmp_path / "p", "--preset", preset, "-o", tmp_path / "d.pdf")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(
        f'--preset {preset}: line 2: put the value in quotes: card-size = "80mm"'
    )


def test_duplex_without_backs_is_refused_when_typed_not_when_a_preset_sets_it(tmp_path):
    make_pictures(tmp_path / "p", 3)  # the full 3-card deck: two are built
    out = tmp_path / "d.pdf"
    typed = run("build", tmp_path / "p", "--duplex", "long", "-o", out, "--seed", 1, "-q")
    assert typed.exit_code == 1 and not out.exists()
    assert typed.stderr.splitlines() == error(
        "--duplex long does nothing without --backs or --back-image FILE; add one to print the "
        "backs, or leave --duplex out"
    )
    preset = tmp_path / "two-sided.toml"  # a preset for decks with and without backs
    preset.write_text('duplex = "short"\n', encoding="utf-8")
    result = run("build", tmp_path / "p", "--preset", preset, "-o", out, "--seed", 1, "-q")
    assert result.exit_code == 0, result.stderr
    with_backs = run("build", tmp_path / "p", "--duplex", "short", "--backs", "-o", out, "-q")
    assert with_backs.exit_code == 0, with_backs.stderr
    assert "Print two-sided, flip on short edge." in with_backs.stdout


# --- output files ---------------------------------------------------------------------------


def test_an_output_that_cannot_be_replaced_is_said_plainly(tmp_path, monkeypatch):
    make_pictures(tmp_path / "p", 3)  # the full 3-card deck, built before it is refused
    out = tmp_path / "deck.pdf"
    out.write_bytes(b"the old deck, open in a viewer")
    replace = os.replace

    def locked(src, dst, *args, **kwargs):  # what Windows does while a viewer holds the file
        if Path(dst) == out:
            raise PermissionError(13, "Permission denied")
        return replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", locked)
    result = run("build", tmp_path / "p", "-o", out, "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(
        f"{out} cannot be replaced: it is open in a program or read-only; close it in your PDF "
        "viewer and try again"
    )
    assert out.read_bytes() == b"the old deck, open in a viewer"
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["deck.pdf"]


def test_an_output_without_a_suffix_gets_pdf_and_says_so(tmp_path):
    make_pictures(tmp_path / "p", 3)
    result = run("build", tmp_path / "p", "-o", tmp_path / "mydeck", "--seed", 1, "-q")
    assert result.exit_code == 0, result.stderr
    assert f"seed 1 -> {tmp_path / 'mydeck.pdf'} (.pdf added); " in result.stdout
    assert (tmp_path / "mydeck.pdf").read_bytes().startswith(b"%PDF")
    assert not (tmp_path / "mydeck").exists()


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["-o", "{tmp}/x.pdf"], "-o {tmp}/x.pdf: preview writes a PNG; name it {tmp}/x.png"),
        (["--card", "3", "--sheet", "1"], "--card 3 and --sheet 1 cannot go together; give "
         "--card N for one card or --sheet N for a whole sheet"),
    ],
)  # fmt: skip
def test_preview_option_messages(tmp_path, args, line):
    make_pictures(tmp_path / "p", 7)
    args = [a.format(tmp=tmp_path) for a in args]
    result = run("preview", tmp_path / "p", "-o", tmp_path / "c.png", "--seed", 1, *args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(line.format(tmp=tmp_path))
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == []


def test_preview_without_a_suffix_writes_a_png_and_says_so(tmp_path):
    make_pictures(tmp_path / "p", 7)
    result = run("preview", tmp_path / "p", "-o", tmp_path / "card", "--seed", 1)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [f"card 1, seed 1 -> {tmp_path / 'card.png'} (.png added)"]
    assert (tmp_path / "card.png").read_bytes().startswith(b"\x89PNG")


# --- what is said about the pictures -------------------------------------------------------


def test_skip_bad_never_calls_a_broken_file_unused(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 8)  # 7 make the deck; the 8th and the broken one are not needed
    (folder / "zz_broken.jpg").write_bytes(b"not a picture")
    result = run("build", folder, "-o", tmp_path / "d.pdf", "--seed", 1, "-q", "--skip-bad")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [
        f"warning: skipped {folder / 'zz_broken.jpg'}: the contents are not a PNG, JPEG, "
        "HEIC, AVIF, WebP, GIF, BMP or TIFF picture; the file may be damaged or misnamed"
    ]
    assert "unused pictures (1): pic_007.png" in result.stdout.splitlines()
    result = run("build", folder, "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 1  # as when the broken file comes first
    assert result.stderr.splitlines()[1:] == [
        f"  {folder / 'zz_broken.jpg'}: the contents are not a PNG, JPEG, HEIC, AVIF, WebP, "
        "GIF, BMP or TIFF picture; the file may be damaged or misnamed"
    ]


def test_the_choice_counts_the_pictures_that_can_be_used(tmp_path):
    folder = tmp_path / "p"
    pictures = make_pictures(folder, 7)
    (folder / "a_copy.png").write_bytes(pictures[0].read_bytes())  # pic_000 is its duplicate
    (folder / "zz_broken.jpg").write_bytes(b"not a picture")
    result = run("build", folder, "-o", tmp_path / "d.pdf", "--seed", 1, "--skip-bad")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0] == (  # not "9 pictures"
        "7 pictures: 3 per card gives the full 7-card deck (the most cards); "
        "4 per card needs 13 pictures for its full 13-card deck"
    )


def test_a_word_deck_speaks_of_words(tmp_path):
    words = _word_file(tmp_path, "utf-8")
    result = run("build", words, "-o", tmp_path / "d.pdf", "-q")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "8 words: 3 per card gives the full 7-card deck (the most cards); 4 per card needs "
        "13 words for its full 13-card deck"
    )
    assert "unused words (1): bird" in lines
    assert re.fullmatch(
        r"no seed given, using --seed \d+ \(from the words and options\)", result.stderr.strip()
    )
    words.write_text("\n".join(WORDS + ["kite"]) + "\n", encoding="utf-8")
    assert "  4 per card gives 3 cards (4 more words give the full 13-card deck)" in (
        run("plan", words).stdout.splitlines()
    )


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        ((None, None, 3), "3 pictures: 2 per card gives the full 3-card deck (the most cards); "
         "3 per card needs 7 pictures for its full 7-card deck"),
        ((None, None, 12), "12 pictures: 4 per card gives 9 cards, the most (1 more picture "
         "gives the full 13-card deck); 5 per card needs 21 pictures for its full 21-card deck"),
        ((None, None, 20, "words"), "20 words: 5 per card gives 16 cards, the most (1 more word "
         "gives the full 21-card deck); 6 per card gives 5 cards (11 more words give the full "
         "31-card deck)"),
        ((4, None, 12, "symbols"), "12 symbols, 4 per card: 9 of 13 cards (1 more symbol gives the "
         "full deck)"),
    ],
)  # fmt: skip
def test_the_choice_sentence_counts_in_the_sources_own_words(args, sentence):
    n, cards, count, *noun = args
    said = plan_deck(n, cards, count, **({"noun": noun[0]} if noun else {}))[1]
    assert notice_line(said) == sentence


@pytest.mark.parametrize(("count", "n", "advised"), [(6, 8, 3), (6, 4, 3), (20, 8, 5), (20, 7, 5)])
def test_advice_for_too_few_pictures_is_never_worse_than_the_default(count, n, advised):
    """The "or use -n K" of a shortfall is the tool's own choice: 6 pictures with -n 8 advised
    -n 2 (3 cards) on main where 3 per card, the default, gives 4; 20 advised -n 4 (13 cards)
    where 5 per card gives 16."""
    with pytest.raises(DobbleError) as info:
        plan_deck(n, None, count)
    assert as_cli(info.value).endswith(f" or use -n {advised}")
    advice_cards = len(plan_deck(advised, None, count)[0].cards)
    assert advice_cards == len(plan_deck(None, None, count)[0].cards)
    assert advice_cards > max(len(plan_deck(k, None, count)[0].cards) for k in range(2, advised))


@pytest.mark.parametrize(
    ("args", "line"),
    [
        ((9, None, 8), "words: -n 9 needs more words: 8 words give no card; add 65 words or use "
         "-n 3"),
        ((4, None, 5), "words: -n 4 needs more words: 5 words give only 1 card; add 8 words or "
         "use -n 2"),
        ((None, None, 1), "words: 1 word cannot make a deck; the smallest deck needs 3 words "
         "(3 cards of 2 symbols)"),
    ],
)  # fmt: skip
def test_too_few_words_are_counted_as_words(args, line):
    with pytest.raises(DobbleError) as info:
        plan_deck(*args, where=Path("words"), noun="words")
    assert as_cli(info.value) == line


# --- the cover's answer key -----------------------------------------------------------------


def test_pictures_of_the_same_name_are_told_apart_in_the_key(tmp_path):
    pictures = make_pictures(tmp_path / "tmp", 7)
    folders = []
    for i, folder in enumerate(("cats", "dogs", "birds")):
        (tmp_path / folder).mkdir()
        pictures[i].rename(tmp_path / folder / "image.png")
        folders.append(tmp_path / folder)
    loaded = load_symbols(find_sources([*folders, tmp_path / "tmp"]), max_px=64)
    assert [s.name for s in loaded.symbols] == [
        "cats/image", "dogs/image", "birds/image", "pic 003", "pic 004", "pic 005", "pic 006",
    ]  # fmt: skip
    out = tmp_path / "d.pdf"
    assert run("build", *folders, tmp_path / "tmp", "-o", out, "--seed", 1, "-q").exit_code == 0
    assert "cats/image" in pymupdf.open(out)[0].get_text()


@pytest.mark.parametrize(
    ("symbols", "names"),
    [
        ([("image", "a/cats/image.png", True), ("image", "b/dogs/image.png", True)],
         ["cats/image", "dogs/image"]),
        ([("image", "cats/image.png", True), ("image", "x/cats/image.jpg", True),
          ("image", "image.png", True)], ["cats/image", "cats/image (2)", "image"]),
        ([("cat", "icons/cat.svg", True), ("cat", "words.txt:1", False)], ["cat", "cat"]),
        ([("Sun", "a/Sun.png", True), ("sun", "b/sun.png", True)], ["a/Sun", "b/sun"]),
    ],
)  # fmt: skip
def test_only_pictures_that_read_the_same_get_their_folder(symbols, names):
    assert distinct_names(symbols) == names


def test_arabic_names_in_the_key_are_joined_and_right_to_left(tmp_path):
    names = ["قطة", "كلب", "شمس", "قمر", "نجمة", "شجرة", "سمكة"]
    words = tmp_path / "ar.txt"
    words.write_text("\n".join(names) + "\n", encoding="utf-8")
    out = tmp_path / "d.pdf"
    assert run("build", words, "-o", out, "--seed", 1, "-q").exit_code == 0
    drawn = Counter(_left_to_right(pymupdf.open(out)[0]))
    for name in names:  # its name below as drawn, joined; the word above read as its ActualText
        assert visual(name) != name and drawn[visual(name)] == drawn[display_order(name)] == 1
    arabic = {line for line in drawn if re.search("[\u0600-\u06ff\ufb50-\ufeff]", line)}
    # no name reversed or unjoined
    assert arabic == {visual(name) for name in names} | {display_order(n) for n in names}


def _left_to_right(page) -> list[str]:
    """Each line of text as drawn, its characters read from left to right (PyMuPDF's own text
    would put right-to-left runs back in reading order)."""
    lines = []
    for block in page.get_text("rawdict")["blocks"]:
        for line in block.get("lines", ()):
            chars = [c for span in line["spans"] for c in span["chars"]]
            lines.append("".join(c["c"] for c in sorted(chars, key=lambda c: c["origin"][0])))
    return lines


@pytest.mark.parametrize(
    ("flag", "where", "line"),
    [
        ("--shop", "afile", "--shop {tmp}/afile is a file; give a folder for these files"),
        (
            "--png-dir",
            "afile/cards",
            "--png-dir {tmp}/afile/cards cannot be made: {tmp}/afile is a file; "
            "give a folder for these files",
        ),
    ],
)
def test_a_file_in_the_way_of_an_output_folder_is_said_before_any_pdf(tmp_path, flag, where, line):
    make_pictures(tmp_path / "p", 7)
    (tmp_path / "afile").write_bytes(b"")
    out = tmp_path / "deck.pdf"
    result = run("build", tmp_path / "p", "-o", out, "--seed", 1, flag, tmp_path / where)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"dobble-print: error: {line.format(tmp=tmp_path)}"]
    assert not out.exists()  # once, the PDF was written and then the shop files failed


def test_a_word_list_or_vocabulary_in_a_picture_folder_is_said_not_read(tmp_path):
    folder = tmp_path / "my pictures"
    make_pictures(folder, 3)
    (folder / "words.txt").write_text("cat\ndog\n", encoding="utf-8")
    (folder / "vocab.csv").write_text("picture,word\npic_000.png,cat\n", encoding="utf-8")
    result = run("build", folder, "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [
        f"warning: {folder / 'vocab.csv'}: skipped, a folder's vocabulary files are not read; "
        f"give it as the only source: dobble-print build '{folder / 'vocab.csv'}'",
        f"warning: {folder / 'words.txt'}: skipped, a folder's word lists are not read; give it "
        f"as a source too: dobble-print build '{folder}' '{folder / 'words.txt'}'",
    ]


def test_excels_unicode_text_in_a_picture_folder_is_said_a_vocabulary_file_with_advice_that_works(
    tmp_path,
):
    """Excel's "Unicode Text" (UTF-16, tabs, .txt) among the pictures is a vocabulary file, and
    the command the warning gives builds it (main called it a word list, and its advice
    failed: "a vocabulary file makes the whole deck; give it as the only source")."""
    folder = tmp_path / "V2"
    pictures = make_pictures(folder, 3)  # each build the full 3-card deck
    table = folder / "vocabulaire.txt"
    rows = "".join(f"{p.name}\tmot{k}\r\n" for k, p in enumerate(pictures))
    table.write_bytes(("image\tmot\r\n" + rows).encode("utf-16"))
    result = run("build", folder, "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 0, result.stderr
    said = (
        f"warning: {table}: skipped, a folder's vocabulary files are not read; give it as the "
        f"only source: dobble-print build {table}"
    )
    assert result.stderr.splitlines() == [said]
    advice = shlex.split(said.rpartition(": dobble-print ")[2])
    result = run(*advice, "-o", tmp_path / "v.pdf", "--seed", 1, "-q")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("3 symbols")


def test_a_word_list_in_a_folder_given_as_a_source_too_is_read_without_a_warning(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 1)  # and the two words: the full 3-card deck
    (folder / "words.txt").write_text("cat\ndog\n", encoding="utf-8")
    result = run("build", folder, folder / "words.txt", "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.startswith("3 symbols")


# --- issue 31 §8: messages that are true and plain ------------------------------------------


def test_an_svg_with_entities_names_the_entity_not_a_python_class(tmp_path):
    make_pictures(tmp_path / "p", 7)
    svg = tmp_path / "p" / "lol.svg"
    svg.write_text(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol">]>'
        '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><text>&lol;</text></svg>',
        encoding="utf-8",
    )
    result = run("build", tmp_path / "p", "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[1:] == [
        f"  {svg}: uses XML entities or external DTDs, refused for safety (the entity 'lol')"
    ]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--shape", "star"], "--shape 'star' is not a choice; use circle, hexagon, square or "
         "rounded"),
        (["--variant", "team"], "--variant 'team' is not a choice; use classic or connect"),
        (["--seed", "abc"], "--seed 'abc' is not a whole number"),
        (["-n", "eight"], "-n 'eight' is not a whole number"),
        (["--rotation=tilted"], "--rotation 'tilted' is not a number"),
    ],
)  # fmt: skip
def test_a_value_of_the_wrong_kind_is_one_plain_line(tmp_path, args, line):
    result = run("build", tmp_path, "-o", tmp_path / "d.pdf", *args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(line)


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["deck", "eight"], "N 'eight' is not a whole number"),
        (["preview", ".", "--dpi", "1.5"], "--dpi '1.5' is not a whole number"),
        (["app", "--port=http"], "--port 'http' is not a whole number"),
        (["build", ".", "--seed", "it's"], "--seed \"it's\" is not a whole number"),
    ],
)  # fmt: skip
def test_typers_own_numbers_are_said_in_one_plain_line_too(args, line):
    """The options typer reads as numbers itself (not the table's), an argument among them: one
    line naming the flag (or the argument's name) and the value as typed, quotes and all."""
    result = run(*args)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(line)


def test_a_broken_picture_left_unused_is_named_broken_and_the_counts_add_up(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 8)
    for name in ("zz_cut.png", "zz_cut2.png"):  # headers whole, the rest cut off
        (folder / name).write_bytes((folder / "pic_000.png").read_bytes()[:300])
    result = run("build", folder, "-o", tmp_path / "d.pdf", "--seed", 1, "-q", "--skip-bad")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [
        f"warning: skipped {folder / n}: cut short: the file ends before its picture does; "
        "copy it again from where it came from"
        for n in ("zz_cut.png", "zz_cut2.png")
    ]
    lines = result.stdout.splitlines()
    assert lines[0].startswith("8 pictures: 3 per card gives the full 7-card deck")
    assert lines[1].startswith("7 cards, 3 symbols per card")  # 7 used + 1 unused = 8
    assert lines[2] == "unused pictures (1): pic_007.png"


@pytest.mark.parametrize(
    ("args", "why"),
    [
        ((8, 55, 57), "57 pictures, 8 per card: the full 57-card deck; 55 of the 57 cards printed"),
        ((None, 3, 7), "7 pictures: 3 per card gives the full 7-card deck (the most cards); 4 per "
         "card needs 13 pictures for its full 13-card deck; 3 of the 7 cards printed"),
        ((4, None, 13, "words"), "13 words, 4 per card: the full 13-card deck"),
    ],
)  # fmt: skip
def test_the_choice_says_how_many_cards_print_and_names_no_flag(args, why):
    n, cards, count, *noun = args
    assert notice_line(plan_deck(n, cards, count, **({"noun": noun[0]} if noun else {}))[1]) == why


@pytest.mark.parametrize(
    ("guides", "line"),
    [
        ({"cut_circle": False, "ticks": True},
         "No line to cut along: centre the punch on each card by the ticks around it."),
        ({"cut_circle": False, "ticks": False},
         "No cut guides are printed: cut each card out around its pictures."),
        ({"cut_circle": True, "ticks": True},
         "Cut along the grey circle; the short ticks mark its top, bottom and sides."),
    ],
    ids=["punch", "none", "circle"],
)  # fmt: skip
def test_the_cover_says_how_to_cut_with_the_guides_there_are(guides, line):
    from dobble_print.card import CardShape
    from dobble_print.printing.cover import _instructions
    from dobble_print.printing.imposition import plan_sheets

    plan = plan_sheets(13, paper=parse_paper("a4"), card=CardShape(size=50.8), cover_pages=1,
                       **guides)  # fmt: skip
    lines = _instructions(plan, 2)
    assert lines[1] == "Print page 2 one-sided; this cover is for you, not for cutting."
    assert lines[2] == line


def test_the_box_net_names_its_parts_as_the_steps_do():
    from dobble_print.printing.box import BoxInside, net_piece
    from dobble_print.printing.box_pages import box_steps

    inside = BoxInside(width=88.0, height=88.0, depth=11.3, cards=31, thickness=0.3)
    labels = {lb.text for lb in net_piece(("back", "side", "front", "side"), inside,
                                          title="Deck", facts="31 cards").labels}  # fmt: skip
    parts = {"front", "back", "side", "lid", "tuck flap", "side flap", "bottom", "glue flap",
             "seam flap"}  # fmt: skip
    assert parts <= labels
    steps = (
        " ".join(box_steps(1)).replace("glue flaps", "glue flap").replace("side flaps", "side flap")
    )
    assert [p for p in sorted(parts) if p not in steps and p != "side"] == []


@pytest.mark.parametrize(
    ("name", "order"),
    [
        ("makeplayingcards-round", "MakePlayingCards sells decks in fixed sizes (poker decks: "
         "up to 18, 36, 55 or 72 cards); check the order page and pick the smallest size that "
         "holds them."),
        ("tgc-circle", "Check on the Circle Deck's page that it holds exactly these cards "
         "before ordering."),
        ("eu-3mm", "Tell the printer the number of cards; if they sell decks in fixed sizes, "
         "pick the smallest size that holds them."),
    ],
)  # fmt: skip
def test_each_shop_readme_gives_its_own_deck_sizes(name, order):
    from dobble_print.card import CardShape
    from dobble_print.printing.shop.card_printer import shop_readme
    from dobble_print.printing.shop.profiles import load_shop_profile

    profile = load_shop_profile(name)
    text = shop_readme(profile, shape=profile.card or CardShape(), cards=31,
                       symbols_per_card=6, files=["cards.pdf"] * 40)  # fmt: skip
    order_section = " ".join(text.split("HOW MANY CARDS TO ORDER")[1].split())
    assert order_section == (f"Order 31 cards: one of each front, all with the same back. {order}")


def test_build_help_names_vocabulary_files_and_plan_help_only_what_plans_use():
    build_help = " ".join(run("build", "--help").stdout.split())
    assert "or one vocabulary file (.csv, .tsv: a header row, then a row per symbol" in build_help
    plan_help = run("plan", "--help").stdout
    listed = {line.split()[0] for line in plan_help.splitlines() if line.startswith("  --")}
    unused = {"--paper", "--margin", "--cut-guides", "--card-color", "--bleed", "--clearance",
              "--rotation", "--photo-shape", "--reshuffle"}  # fmt: skip
    assert listed.isdisjoint(unused)
    assert {"--preset", "--cards", "--card-size", "--skip-bad"} <= listed


def test_verbose_names_a_used_word_itself(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS[:3]) + "\n", encoding="utf-8")
    result = run("build", words, "-o", tmp_path / "d.pdf", "--seed", 1, "-q", "-v")
    assert result.exit_code == 0, result.stderr
    used = [line for line in result.stdout.splitlines() if line.startswith("used: ")]
    assert used[0] == f'used: "cat" ({words}:1)'


@pytest.mark.parametrize(
    ("sources", "label"),
    [(["w.txt"], "Loading words"), (["p"], "Loading pictures"),
     (["p", "w.txt"], "Loading symbols"), (["v.csv"], "Loading symbols")],
)  # fmt: skip
def test_the_load_bar_says_what_it_loads(tmp_path, sources, label):
    from dobble_print.cli.progress import Bars, loading_noun

    (tmp_path / "p").mkdir()
    bars = Bars(False, loading=loading_noun([tmp_path / s for s in sources]))
    assert bars.labels["load"] == label


def test_notes_beside_pictures_are_skipped_quietly(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 7)
    (folder / "SOURCES.txt").write_text("icons from openclipart.org\n", encoding="utf-8")
    (folder / "README.txt").write_text("my pictures\n", encoding="utf-8")
    (folder / "Credits.txt").write_text("thanks\n", encoding="utf-8")
    found = find_sources([folder])
    assert found.warnings == ()
    assert f"{folder / 'SOURCES.txt'}: skipped (not a picture: .txt)" in map(str, found.notes)


def test_a_word_list_of_sentences_is_warned_about(tmp_path):
    lines = ["The cat sat on the mat.", "A dog ran in the park today", "Moon",
             "I like to eat red apples."]  # fmt: skip
    words = tmp_path / "story.txt"
    words.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert tuple(map(notice_line, find_sources([words]).warnings)) == (
        f'{words}: 3 of its 4 lines read as sentences ("The cat sat on the mat."); each line is '
        "one symbol, printed small in broken lines: put one word or short phrase per line",
    )
    words.write_text("ice cream\nfire engine\nteddy bear\ncat\n", encoding="utf-8")
    assert find_sources([words]).warnings == ()


@pytest.mark.parametrize(
    ("count", "preset", "instead"),
    [
        (31, "mini", "6 per card gives the full 31-card deck"),
        (6, "mini", "3 per card gives 4 cards (1 more picture gives the full 7-card deck)"),
        (31, "classic", "6 per card gives the full 31-card deck"),
    ],
)
def test_a_presets_shortfall_is_refused_in_the_presets_words(tmp_path, count, preset, instead):
    """--preset mini with 31 pictures made 5 cards without a word on main, and with 6 its error
    named -n 8, which nobody typed; --preset classic named --cards 55. Each is now refused in
    the preset's name, with what the pictures make without it."""
    folder = tmp_path / "p"
    make_pictures(folder, count)
    out = tmp_path / "d.pdf"
    result = run("build", folder, "--preset", preset, "-o", out, "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        f"dobble-print: error: {folder}: the {preset} preset makes cards of 8 symbols, whose deck "
        f"of 57 cards needs 57 pictures, and there are {count}; add {57 - count} pictures; "
        f"without the preset, {instead}"
    )
    assert not out.exists()
    typed = run("build", folder, "--preset", preset, "-n", 8, "-o", out, "--seed", 1, "-q")
    assert "the mini preset" not in typed.stderr  # -n typed: the user's own choice, as before
