"""Font fallback: words in scripts DejaVu Sans lacks find an installed font, one per script for the
deck; CFF fonts print as outlines, emoji lines as colour pictures; what no font has is a warning
naming a font to install. The "installed" fonts are ones the tests build, in a folder the search
is pointed at (``DOBBLE_PRINT_FONT_DIRS``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
import pytest

from dobble_print.errors import DobbleError
from dobble_print.resources import default_font
from dobble_print.symbols.fonts import installed as fonts_module
from dobble_print.symbols.fonts.installed import FontFace, faces_with, forget_fonts
from dobble_print.symbols.loading import SymbolOptions, find_sources, load_symbols
from dobble_print.symbols.words.emoji import is_emoji_line, may_be_emoji, render_emoji
from dobble_print.symbols.words.typeset import load_font
from tests.support.fonts import make_collection, make_colour_font, make_font
from tests.support.messages import as_cli, cli_lines

JAPANESE = "猫電車ねこ"


def load(tmp_path: Path, words, **options):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return load_symbols(find_sources([path]), max_px=300, options=SymbolOptions(**options))


def fonts_of(result) -> dict[str, str]:
    return {s.name: Path(s.font).name for s in result.symbols}


def test_words_dejavu_lacks_print_in_an_installed_font_and_the_rest_stay(tmp_path, installed):
    make_font(installed / "jp.ttf", JAPANESE + "abc", "Test JP")
    result = load(tmp_path, ["chat", "猫", "電車", "Γάτα"])
    assert result.warnings == ()
    assert fonts_of(result) == {
        "chat": "DejaVuSans.ttf",
        "猫": "jp.ttf",
        "電車": "jp.ttf",
        "Γάτα": "DejaVuSans.ttf",
    }
    assert all(not s.outline for s in result.symbols)  # TrueType: printed as text


def test_one_font_for_all_the_words_of_a_script(tmp_path, installed):
    """a.ttf ranks first and has 猫, but only b.ttf has every Japanese character of the deck:
    both words print in b.ttf, alike."""
    make_font(installed / "a.ttf", "猫", "A")
    make_font(installed / "b.ttf", "猫電車", "B")
    assert faces_with("猫")[0].path.name == "a.ttf"
    assert set(fonts_of(load(tmp_path, ["猫", "電車"])).values()) == {"b.ttf"}


def test_the_font_found_depends_on_the_fonts_not_on_listing_order(tmp_path, installed, monkeypatch):
    make_font(installed / "z-regular.ttf", "猫", "Z Sans")
    make_font(installed / "a-bold.ttf", "猫", "A Sans Bold", weight=700)
    make_font(installed / "b-serif.ttf", "猫", "B Serif")
    make_collection(installed / "c-cff.ttc", [("猫", "C Sans CJK")])
    make_font(installed / "y-regular.ttf", "猫", "Y Sans")
    expected = ["y-regular.ttf", "z-regular.ttf", "a-bold.ttf", "b-serif.ttf", "c-cff.ttc"]
    assert [f.path.name for f in faces_with("猫")] == expected
    forget_fonts()
    listed = Path.rglob
    monkeypatch.setattr(Path, "rglob", lambda self, pattern: reversed(list(listed(self, pattern))))
    assert [f.path.name for f in faces_with("猫")] == expected


def test_fontconfig_answers_when_present(tmp_path, installed, monkeypatch):
    """With fontconfig, its ``fc-list :charset=`` answer is the candidates (here a stand-in
    script that answers with one face), checked against the font's own character map."""
    font = make_font(installed / "jp.ttf", "猫", "JP")
    fc = tmp_path / "fc-list"
    fc.write_text(f"#!/bin/sh\necho \"$3\" > {tmp_path}/asked\nprintf '{font}\\t0\\n'\n")
    fc.chmod(0o755)
    monkeypatch.delenv("DOBBLE_PRINT_FONT_DIRS")
    monkeypatch.setattr(fonts_module.shutil, "which", lambda name: str(fc))
    assert faces_with("猫") == (FontFace(font, 0),)
    assert (tmp_path / "asked").read_text().strip() == ":charset=732b"
    assert faces_with("電") == ()  # fontconfig's answer, but the font has no 電


def test_cff_collection_prints_as_outlines_on_the_packed_shape(tmp_path, installed):
    from reportlab.pdfgen import canvas

    from dobble_print.printing.pdf.canvas import _draw_word

    make_collection(installed / "cjk.ttc", [("abc", "Other"), (JAPANESE, "Test CJK JP")])
    result = load(tmp_path, ["猫", "電車"])
    assert result.warnings == ()
    assert {(s.font, s.font_index) for s in result.symbols} == {(str(installed / "cjk.ttc"), 1)}
    pdf, pad = tmp_path / "w.pdf", 20
    c = canvas.Canvas(str(pdf), pagesize=(400, 400))
    for s in result.symbols:
        assert s.outline and s.outline[0][0] == "M"
        h, w = s.rgba.shape[:2]
        c.setPageSize((w + 2 * pad, h + 2 * pad))
        c.translate(pad, pad)  # _draw_word draws in the raster's pixels
        _draw_word(c, s)
        c.showPage()
    c.save()
    for s, page in zip(result.symbols, pymupdf.open(pdf), strict=True):
        assert page.get_text().strip() == ""  # paths, not text
        pix = page.get_pixmap(dpi=72, alpha=False)
        grey = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, 3).min(axis=2)
        ys, xs = np.nonzero(grey < 200)
        h, w = s.rgba.shape[:2]
        box = (xs.min() - pad, ys.min() - pad, xs.max() + 1 - pad, ys.max() + 1 - pad)
        assert np.allclose(box, (0, 0, w, h), atol=2), (s.name, box, (w, h))


def test_no_installed_font_warns_once_per_word_naming_a_font_to_install(tmp_path, installed):
    result = load(tmp_path, ["chat", "猫", "🦊", "ሰላም"])
    label = tmp_path / "words.txt"
    assert cli_lines(result.warnings) == (
        f'{label}:2: "猫" has characters no installed font has (猫); they would print as empty '
        "boxes; install a font that has them (e.g. `apt install fonts-noto-cjk`) or use --font",
        f'{label}:3: "🦊" has characters no installed font has (🦊); they would print as empty '
        "boxes; install a font that has them (e.g. `apt install fonts-noto-color-emoji`) or use "
        "--font",
        f'{label}:4: "ሰላም" has characters no installed font has (ሰ, ላ, ም); they would print as '
        "empty boxes; install a font that has them (e.g. `apt install fonts-noto-core`) or use "
        "--font",
    )


def test_many_words_wanting_one_font_make_one_warning(tmp_path, installed):
    result = load(tmp_path, ["chat", "猫", "犬", "dog", "電車", "鳥", "ሰላም"])
    label = tmp_path / "words.txt"
    assert cli_lines(result.warnings) == (
        f"{label}: 4 words have characters no installed font has (猫, 犬, 電, 車, 鳥); they "
        "would print as empty boxes; install a font that has them (e.g. `apt install "
        "fonts-noto-cjk`) or use --font (lines 2, 3, 5, 6)",
        f'{label}:7: "ሰላም" has characters no installed font has (ሰ, ላ, ም); they would print as '
        "empty boxes; install a font that has them (e.g. `apt install fonts-noto-core`) or use "
        "--font",
    )


@pytest.mark.parametrize(
    ("line", "emoji"),
    [("🦊", True), ("🦊🐱", True), ("👍🏽", True), ("❤️", True), ("🇫🇷", True), ("1️⃣", True),
     ("☀", False), ("chat 🦊", False), ("猫", False), ("12", False)],
)  # fmt: skip
def test_emoji_lines(line, emoji):
    assert is_emoji_line(line) is emoji


def test_emoji_line_prints_as_a_colour_picture(tmp_path, installed):
    make_colour_font(installed / "emoji.ttf", "🦊🐱")
    result = load(tmp_path, ["chat", "🦊", "🐱"])
    assert result.warnings == ()
    [chat, fox, cat] = result.symbols
    assert (chat.kind, fox.kind, fox.name) == ("word", "image", "🦊")
    assert fox.font == str(installed / "emoji.ttf")
    ink = fox.rgba[fox.rgba[..., 3] == 255][:, :3].astype(int)
    orange = (np.abs(ink - (255, 115, 0)) < 8).all(axis=1).mean()
    assert orange > 0.5 and (np.abs(ink - (51, 26, 0)) < 8).all(axis=1).any()  # both layers
    assert not np.array_equal(fox.rgba, cat.rgba)
    # As drawn (no scaling): the slanted edges' pixels keep their orange, not darkened by the
    # transparent canvas they were drawn on.
    drawn = render_emoji("🦊", load_font(installed / "emoji.ttf"), max_px=1)
    edge = drawn[(drawn[..., 3] > 30) & (drawn[..., 3] < 220)]
    assert len(edge) > 20 and np.median(edge[:, 0]) > 240, edge[:, 0]


def test_font_option_is_repeatable_and_takes_no_script_away(tmp_path, installed):
    first = make_font(tmp_path / "first.ttf", "猫cha", "First")
    second = make_font(tmp_path / "second.ttf", "電車", "Second")
    emoji = make_colour_font(tmp_path / "emoji.ttf", "🦊")
    result = load(
        tmp_path, ["cha", "chat", "猫", "電車", "Γάτα", "🦊"], fonts=(first, second, emoji)
    )
    assert result.warnings == ()
    assert fonts_of(result) == {
        "cha": "first.ttf",
        "chat": "DejaVuSans.ttf",  # first.ttf has no t
        "猫": "first.ttf",
        "電車": "second.ttf",
        "Γάτα": "DejaVuSans.ttf",
        "🦊": "emoji.ttf",
    }


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("missing.ttf", "no such file"),
        ("folder", "is a folder"),
    ],
)
def test_font_option_errors_say_what_is_wrong(tmp_path, name, problem):
    (tmp_path / "folder").mkdir()
    with pytest.raises(DobbleError) as info:
        load(tmp_path, ["chat"], fonts=(default_font(), tmp_path / name))
    assert as_cli(info.value) == (
        f"--font {tmp_path / name}: {problem}; give a font file (.ttf, .otf or .ttc)"
    )


def test_a_font_with_nothing_to_draw_is_refused_by_what_it_lacks(tmp_path):
    from fontTools.ttLib import TTFont

    font = make_font(tmp_path / "empty.ttf", "a")
    tt = TTFont(font)
    del tt["glyf"], tt["loca"]
    tt.save(font)
    with pytest.raises(DobbleError) as info:
        load(tmp_path, ["a"], fonts=(font,))
    assert as_cli(info.value) == (
        f"--font {font}: has neither glyph outlines nor colour glyphs to draw words with; "
        "give a font file (.ttf, .otf or .ttc)"
    )


def test_one_colour_font_for_all_the_emoji_when_one_has_them_all(tmp_path, installed):
    make_colour_font(installed / "a.ttf", "🦊")
    make_colour_font(installed / "b.ttf", "🦊🐱")
    make_colour_font(installed / "c.ttf", "🐸")
    result = load(tmp_path, ["🦊", "🐱"])
    assert set(fonts_of(result).values()) == {"b.ttf"}
    result = load(tmp_path, ["🦊", "🐸"])  # no font has both: each its own
    assert fonts_of(result) == {"🦊": "a.ttf", "🐸": "c.ttf"}


@pytest.mark.parametrize(
    ("line", "emoji"),
    [("⭐", True), ("☕", True), ("⚽ ⛄", True), ("1️⃣", True), ("♠", True), ("☀︎", False),
     ("7", False), ("a", False), ("⭐ star", False), ("猫", False), ("", False)],
)  # fmt: skip
def test_lines_a_colour_font_may_draw(line, emoji):
    assert may_be_emoji(line) is emoji


def test_symbols_a_colour_font_has_print_in_colour(tmp_path, installed):
    """⭐ ⏰ have no glyph in DejaVu, ☕ ♠ have monochrome ones: in colour all the same (the
    test font's glyphs differ by code point modulo 7: these four differ)."""
    make_colour_font(installed / "emoji.ttf", "⭐⏰☕♠0123456789")
    result = load(tmp_path, ["⭐", "⏰", "☕", "♠", "cat", "7"])
    assert result.warnings == ()
    kinds = {s.name: (s.kind, Path(s.font).name) for s in result.symbols}
    assert kinds == {
        **{e: ("image", "emoji.ttf") for e in "⭐⏰☕♠"},
        "cat": ("word", "DejaVuSans.ttf"),
        "7": ("word", "DejaVuSans.ttf"),  # a colour font's digit is for keycaps
    }


def test_missing_emoji_name_the_colour_emoji_font_to_install(tmp_path, installed):
    result = load(tmp_path, ["⭐", "🦊 fox", "☕"])
    label = tmp_path / "words.txt"
    hint = "(e.g. `apt install fonts-noto-color-emoji`) or use --font"
    assert cli_lines(result.warnings) == (
        f'{label}:1: "⭐" has characters no installed font has (⭐); they would print as empty '
        f"boxes; install a font that has them {hint}",
        f'{label}:2: "🦊 fox" has characters no installed font has (🦊); they would print as '
        f"empty boxes; install a font that has them {hint}",
    )
    assert [s.kind for s in result.symbols] == ["word", "word", "word"]  # ☕: DejaVu's


def test_text_font_is_a_truetype_font_with_every_character(tmp_path, installed):
    from dobble_print.symbols.fonts.fallback import text_font

    given = load_font(make_font(tmp_path / "given.ttf", "Ωcat", "Given"))
    assert text_font("cat", (given,)) is given
    assert text_font("dog", (given,)).path == default_font()  # the bundled DejaVu Sans
    assert text_font("猫") is None
    make_collection(installed / "cff.ttc", [("猫", "CFF JP")])
    assert text_font("猫") is None  # CFF: not text a PDF can embed
    make_font(installed / "jp.ttf", "猫cat", "TT JP")
    forget_fonts()
    assert text_font("猫").path == installed / "jp.ttf"
    assert text_font("cat 猫").path == installed / "jp.ttf"
    assert text_font("Ω 猫") is None  # no one font has both


def test_a_font_read_once_is_kept_until_its_file_changes(tmp_path, monkeypatch):
    """A face is read (and its file checked) once while the file is unchanged: a CJK face's
    map takes ~0.1 s, and a build, the app and a test process ask for the same faces again.
    Once the file is rewritten it is read again, not kept stale."""
    from dobble_print.symbols.fonts import checked

    reads: list[Path] = []
    real = checked.font_problem

    def counted(path: Path, index: int = 0):
        reads.append(path)
        return real(path, index)

    monkeypatch.setattr(checked, "font_problem", counted)
    path = make_font(tmp_path / "kept.ttf", "ab")
    first = load_font(path)
    assert load_font(path) is first
    assert reads == [path]
    make_font(path, "abc")  # the same file, rewritten with another glyph
    again = load_font(path)
    assert ord("c") in again.cmap and ord("c") not in first.cmap
    assert reads == [path, path]
