"""Word symbols: read as UTF-8, shaped and ordered, wrapped, coloured, printed as vector text."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import numpy as np
import pymupdf
import pytest

from dobble_print.errors import DobbleError
from dobble_print.resources import default_font
from dobble_print.symbols.loading import SymbolOptions, find_sources, load_symbols
from dobble_print.symbols.words.typeset import PALETTE, load_font, read_words, visual
from tests.support.messages import as_cli, cli_lines

FIVE_SCRIPTS = [
    "éléphant",
    "Schildkröte",
    "Γάτα",
    "ψάρι",
    "кошка",
    "ёжик",
    "قطة",
    "سلحفاة",
    "חתול",
    "אריה",
    "crocodile du Nil",
]


def words_file(tmp_path: Path, words, name: str = "words.txt") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


def load_words(path: Path, **options):
    return load_symbols(find_sources([path]), max_px=300, options=SymbolOptions(**options))


def test_read_words_skips_comments_and_blanks_and_tidies_spaces(tmp_path):
    path = tmp_path / "w.txt"
    path.write_bytes(
        "\ufeff# title\r\nchat\r\n\r\n   \r\n  ice   cream \r\n#x\r\nCafe\u0301\r\n".encode("utf-8")
    )
    assert read_words(path) == [(2, "chat"), (5, "ice cream"), (7, "Café")]
    assert unicodedata.is_normalized("NFC", read_words(path)[2][1])


def test_words_are_read_as_utf8_whatever_the_locale(tmp_path):
    path = words_file(tmp_path, ["Γάτα", "кошка"])
    code = (
        "import sys; from pathlib import Path; "
        "from dobble_print.symbols.words.typeset import read_words; "
        "print([w for _, w in read_words(Path(sys.argv[1]))] == "
        "['\\u0393\\u03ac\\u03c4\\u03b1', '\\u043a\\u043e\\u0448\\u043a\\u0430'])"
    )
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "ascii"}
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.stdout.strip() == "True", out.stderr


def test_bundled_font_covers_five_scripts_and_ships_in_the_package():
    font = load_font(default_font())
    assert default_font().parent.name == "fonts" and default_font().parent.parent.name == "data"
    assert (default_font().parent / "LICENSE").exists()
    for word in FIVE_SCRIPTS:
        assert all(ord(ch) in font.cmap for ch in visual(word) if ch != " "), word


@pytest.mark.parametrize(
    ("word", "drawn"),
    [
        ("חתול", "לותח"),  # Hebrew: reversed into drawing order
        ("shalom שלום!", "shalom םולש!"),  # a left-to-right phrase keeps "!" at its end
        ("שלום world", "world םולש"),  # a right-to-left phrase starts on the right
        ("abc", "abc"),
    ],
)
def test_right_to_left_words_are_put_in_drawing_order(word, drawn):
    assert visual(word) == drawn


def test_arabic_letters_are_joined():
    drawn = visual("سلحفاة")
    # Every letter became a contextual presentation form, drawn right to left.
    assert all(0xFE70 <= ord(ch) <= 0xFEFF for ch in drawn)
    assert unicodedata.name(drawn[-1]).endswith("INITIAL FORM")  # س starts the word: rightmost


def test_word_symbols_carry_text_font_colour_and_a_matching_raster(tmp_path):
    result = load_words(words_file(tmp_path, FIVE_SCRIPTS))
    assert [s.name for s in result.symbols] == FIVE_SCRIPTS
    assert result.warnings == ()
    colours = [s.color for s in result.symbols]
    assert colours[: len(PALETTE)] == list(PALETTE[: len(colours)])
    for s in result.symbols:
        assert s.kind == "word" and s.font == str(default_font()) and s.lines
        alpha = s.rgba[..., 3]
        assert alpha.max() == 255 and (s.rgba[alpha > 0][:, :3] == s.color).all()


def test_palette_is_readable_on_white():
    def luminance(rgb):
        c = np.array(rgb) / 255
        c = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    for colour in PALETTE:
        assert 1.05 / (luminance(colour) + 0.05) >= 4.5, colour
    assert len(set(PALETTE)) == len(PALETTE) >= 8


@pytest.mark.parametrize(
    ("word", "lines"),
    [
        ("ice cream sandwich with sprinkles", 3),
        ("crocodile du Nil", 2),
        ("big cat", 1),
        ("Donaudampfschifffahrt", 1),
    ],
)
def test_long_phrases_wrap_and_long_words_shrink(tmp_path, word, lines):
    [symbol] = load_words(words_file(tmp_path, [word])).symbols
    assert len(symbol.lines) == lines
    assert " ".join(line.text for line in symbol.lines) == word
    if lines > 1:
        assert symbol.aspect < 3.5


def test_missing_characters_warn_naming_the_word(tmp_path):
    path = words_file(tmp_path, ["chat", "你好", "Γάτα"])
    result = load_words(path)
    assert cli_lines(result.warnings) == (
        f'{path}:2: "你好" has characters no installed font has (你, 好); they would print '
        "as empty boxes; install a font that has them (e.g. `apt install fonts-noto-cjk`) or "
        "use --font",
    )


def test_font_option_goes_in_front_and_keeps_the_scripts_it_lacks(tmp_path):
    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    path = words_file(tmp_path, ["chat", "Γάτα"])
    result = load_words(path, fonts=(vera,))
    assert [Path(s.font).name for s in result.symbols] == ["Vera.ttf", "DejaVuSans.ttf"]
    assert result.warnings == ()


def test_font_that_is_not_a_font_is_a_clear_error(tmp_path):
    not_font = tmp_path / "nope.ttf"
    not_font.write_text("hello")
    with pytest.raises(DobbleError) as info:
        load_words(words_file(tmp_path, ["A"]), fonts=(not_font,))
    assert re.match(
        r"--font .*nope.ttf: not a font file \(.*\); give a font file \(.ttf, .otf or .ttc\)$",
        as_cli(info.value),
    )


def test_printed_text_covers_the_packed_shape(tmp_path):
    """The PDF's vector text lands on the raster the layout packed, within a pixel or two."""
    from reportlab.pdfgen import canvas

    from dobble_print.printing.pdf.canvas import _draw_word

    result = load_words(
        words_file(tmp_path, ["Schildkröte", "Γάτα", "قطة", "חתול", "ice cream sandwich"])
    )
    pdf = tmp_path / "w.pdf"
    pad = 20
    c = canvas.Canvas(str(pdf), pagesize=(400, 400))
    for s in result.symbols:
        h, w = s.rgba.shape[:2]
        c.setPageSize((w + 2 * pad, h + 2 * pad))
        c.translate(pad, pad)  # _draw_word draws in the raster's pixels
        _draw_word(c, s)
        c.showPage()
    c.save()
    doc = pymupdf.open(pdf)
    for s, page in zip(result.symbols, doc, strict=True):
        pix = page.get_pixmap(dpi=72, alpha=False)
        grey = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, 3).min(axis=2)
        ys, xs = np.nonzero(grey < 200)
        h, w = s.rgba.shape[:2]
        box = (xs.min() - pad, ys.min() - pad, xs.max() + 1 - pad, ys.max() + 1 - pad)
        assert np.allclose(box, (0, 0, w, h), atol=2), (s.name, box, (w, h))
        assert page.get_text().strip()  # real text, not a picture
    fonts = {f[3] for f in doc[0].get_fonts()}
    assert any(name.endswith("+DejaVuSans") for name in fonts)  # embedded as a subset


def test_word_deck_ink_stays_inside_and_text_stays_legible(tmp_path):
    """Seven words in five scripts, 3 per card: all ink inside the safe circle, no text smaller
    than 4 mm (about 11 pt) on any card."""
    import math

    from dobble_print.options import BuildOptions
    from dobble_print.pipeline import prepare

    seven = ["éléphant", "Γάτα", "кошка", "قطة", "חתול", "crocodile du Nil", "سلحفاة"]
    words = words_file(tmp_path, seven)
    result = prepare(BuildOptions(sources=(words,), output=tmp_path / "w.pdf", seed=2))
    assert len(result.layouts) == 7
    limit = 85.0 / 2 - 3.0 + 0.3  # card radius − safe margin, with a little anti-aliasing
    for layout in result.layouts:
        for p in layout.placements:
            s = result.symbols[p.symbol]
            h, w = s.rgba.shape[:2]
            ys, xs = np.nonzero(s.rgba[..., 3] > 128)
            u = (xs + 0.5) / w * p.width - p.width / 2
            v = p.height / 2 - (ys + 0.5) / h * p.height
            a = math.radians(p.rotation)
            x = p.center[0] + u * math.cos(a) - v * math.sin(a)
            y = p.center[1] + u * math.sin(a) + v * math.cos(a)
            assert np.hypot(x, y).max() <= limit, s.name
            em_mm = min(line.size for line in s.lines) * p.height / h
            assert em_mm >= 4.0, (s.name, em_mm)
