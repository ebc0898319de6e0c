"""Words children can read (issue 25, section 4): the smallest word's cap height, reported and
at least 6 mm on junior cards (94 mm, 6 a card) and 4 mm on classic ones (85 mm, 8 a card)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from fontTools.ttLib import TTFont

from dobble_print.card import CardShape
from dobble_print.cli.summary import summary_line
from dobble_print.layout import smallest_word
from dobble_print.layout.word_size import readable_cap, turn_limit
from dobble_print.options import BuildOptions
from dobble_print.pipeline import build, prepare
from dobble_print.resources import default_font
from dobble_print.symbols import cap_height
from tests.support.messages import cli_lines

DATA = Path(__file__).parents[1] / "data"
PT = 25.4 / 72


def test_cap_height_is_the_fonts_capital_height(tmp_path):
    """From OS/2 ``sCapHeight`` when the table has it (version 2 on), else the top of "H"."""
    font = TTFont(default_font())
    assert font["OS/2"].version < 2  # DejaVu Sans: no sCapHeight, so its "H" says
    top = font["glyf"]["H"].yMax / font["head"].unitsPerEm
    assert cap_height(str(default_font())) == pytest.approx(top) == pytest.approx(0.729, abs=1e-3)
    # The capped copy from a font of its own whose glyphs were never read: saving copies their
    # table as it is (~0.05 s) instead of compiling DejaVu's ~6,000 glyphs again (~0.45 s).
    tt = TTFont(default_font())
    tt["OS/2"].version = 2
    tt["OS/2"].sxHeight, tt["OS/2"].sCapHeight = 1100, 1000
    tt["OS/2"].usDefaultChar = tt["OS/2"].usBreakChar = tt["OS/2"].usMaxContext = 0
    tt.save(tmp_path / "capped.ttf")
    assert cap_height(str(tmp_path / "capped.ttf")) == 1000 / tt["head"].unitsPerEm


@pytest.fixture(scope="module")
def classic_words(tmp_path_factory):
    """The 57 words on classic cards (85 mm, 8 a card, seed 3), built once: the smallest-word
    test reads its layouts and the no-warning test its warnings."""
    options = BuildOptions(
        sources=(DATA / "words57.txt",),
        output=tmp_path_factory.mktemp("words57") / "w.pdf",
        seed=3,
        symbols_per_card=8,
        card=CardShape(size=85.0),
    )
    return build(options)


@pytest.mark.parametrize(
    ("words", "size", "per_card", "least"),
    [("words31.txt", 94.0, 6, 6.0), ("words57.txt", 85.0, 8, 4.0)],
)
def test_smallest_word_reaches_the_readable_cap_height(
    tmp_path, request, words, size, per_card, least
):
    """Real word lists with long words and phrases ("hippopotamus", "ice cream cone", "the very
    hungry caterpillar"): by ink alone their smallest words printed at 4.7 and 2.6 mm."""
    if words == "words57.txt":  # the module's classic word deck, built once
        result = request.getfixturevalue("classic_words")
    else:
        options = BuildOptions(
            sources=(DATA / words,),
            output=tmp_path / "w.pdf",
            seed=3,
            symbols_per_card=per_card,
            card=CardShape(size=size),
        )
        result = prepare(options)
    caps = [smallest_word(layout, result.symbols)[0] for layout in result.layouts]
    assert len(caps) == {"words31.txt": 31, "words57.txt": 57}[words]
    assert min(caps) >= least, min(caps)
    assert readable_cap(CardShape(size=size), per_card) >= least


def test_report_and_summary_give_the_smallest_words_cap_height_as_printed(tmp_path):
    """The report's figure is the cap height of the smallest text in the PDF (font size × the
    font's cap height), and the summary line says it."""
    words = tmp_path / "words.txt"
    words.write_text("ice cream cone\ncat\nhippopotamus\nsun\ntree\nbanana\nfire engine\n")
    out = tmp_path / "w.pdf"
    result = build(BuildOptions(sources=(words,), output=out, seed=1, cover=False))
    report = result.report
    sizes = [
        span["size"]
        for page in pymupdf.open(out)
        for block in page.get_text("dict")["blocks"]
        for line in block.get("lines", ())
        for span in line["spans"]
    ]
    printed = min(sizes) * PT * cap_height(str(default_font()))
    assert report["smallest_word_cap_mm"] == pytest.approx(printed, abs=0.01)
    per_card = [c["smallest_word_cap_mm"] for c in report["cards"]]
    assert report["smallest_word_cap_mm"] == min(per_card)
    assert all(report["symbols"][c["smallest_word"]]["name"] for c in report["cards"])
    line = summary_line(result, seed=1, output=out)
    assert line.endswith(f", smallest word {report['smallest_word_cap_mm']:.1f} mm cap height")


def test_a_deck_of_pictures_reports_no_word(tmp_path):
    from tests.conftest import make_pictures

    make_pictures(tmp_path / "pictures", 7)  # PNGs, quicker to load than drawing SVGs
    out = tmp_path / "p.pdf"
    result = build(BuildOptions(sources=(tmp_path / "pictures",), output=out, seed=1, cover=False))
    assert result.report["smallest_word_cap_mm"] is None
    assert all(c["smallest_word"] is None for c in result.report["cards"])
    assert "smallest word" not in summary_line(result, seed=1, output=out)


def test_letters_turn_like_pictures_and_words_stay_nearly_upright():
    class Word:
        kind = "word"

        def __init__(self, name):
            self.name = name

    assert turn_limit(Word("6")) == 180.0
    assert turn_limit(Word("cat")) == 25.0
    assert turn_limit(Word("a b")) == 25.0


def test_photos_stay_nearly_upright_and_drawings_turn_freely():
    """A photo (printed whole with its background) has an up: a family photo upside down is
    hard to know; an icon cut to its outline turns freely, as in the retail game."""
    from dobble_print.symbols import find_sources, load_symbols

    data = Path(__file__).resolve().parents[1] / "data"
    icons = Path(__file__).resolve().parents[2] / "assets" / "icons"
    paths = [data / "photos" / "cat.jpg", data / "photos" / "astronaut.jpg", icons / "apple.svg"]
    loaded = load_symbols(find_sources(paths), max_px=64)
    assert [s.photo for s in loaded.symbols] == [True, True, False]
    assert [turn_limit(s) for s in loaded.symbols] == [25.0, 25.0, 180.0]


def test_a_letter_deck_turns_its_letters_and_its_phrase_stays_upright(tmp_path):
    """Seven symbols, three a card: the letters turn past 90° somewhere, the phrase never past
    25°, and with ``max_rotation`` 25 nothing turns further."""
    from dobble_print.deck.plane import build_deck
    from dobble_print.layout.deck_layout import layout_deck
    from dobble_print.symbols import find_sources, load_symbols

    path = tmp_path / "letters.txt"
    path.write_text("6\n9\na\nb\nx\nk\nice cream\n", encoding="utf-8")
    symbols = load_symbols(find_sources([path]), max_px=200).symbols
    deck = build_deck(3)
    for cap, turned in ((180.0, True), (25.0, False)):
        layouts = layout_deck(deck, symbols, card=CardShape(85.0), max_rotation=cap, seed=1)
        phrase = [abs(p.rotation) for lay in layouts for p in lay.placements if p.symbol == 6]
        letters = [abs(p.rotation) for lay in layouts for p in lay.placements if p.symbol != 6]
        assert symbols[6].name == "ice cream" and max(phrase) <= 25.0
        assert (max(letters) > 90) is turned


def test_words_printing_under_the_readable_size_are_warned_about(tmp_path):
    """Among photos the packing cannot always reach the readable size: the build says so, in
    one line naming the smallest word, as the report measures it."""
    from tests.conftest import make_pictures

    pictures = tmp_path / "p"
    make_pictures(pictures, 4)
    words = tmp_path / "words.txt"
    words.write_text("the very hungry caterpillar\nice cream cone\nfire engine\n", encoding="utf-8")
    report = tmp_path / "r.json"
    options = BuildOptions(
        sources=(pictures, words), output=tmp_path / "d.pdf", seed=1, report=report
    )
    result = build(options)
    import json

    data = json.loads(report.read_text(encoding="utf-8"))
    readable = min(data["readable_cap_mm"], 6.25)  # junior's capitals read easily anywhere
    low = sorted(
        (c["smallest_word_cap_mm"], c["smallest_word"], i + 1)
        for i, c in enumerate(data["cards"])
        if c["smallest_word_cap_mm"] is not None and c["smallest_word_cap_mm"] < readable - 0.05
    )
    assert low, "the case no longer shows small words: pick words that print smaller"
    cap, index, card = low[0]
    more = f" and {len(low) - 1} more card{'s' if len(low) > 2 else ''}" if len(low) > 1 else ""
    expected = (
        f'card {card}{more}: words print small ("{data["symbols"][index]["name"]}": capitals '
        f"{cap:.1f} mm tall, under the {readable:.1f} mm that reads easily on these cards); give "
        "the words more room: fewer symbols per card, larger cards, or fewer pictures beside them"
    )
    assert [w for w in cli_lines(result.warnings) if "words print small" in w] == [expected]


def test_a_word_deck_that_reads_has_no_such_warning(classic_words):
    """The 57 words on classic cards reach the readable 4 mm on every card (see above; the
    smallest prints 4.26 mm tall): no warning."""
    assert not [w for w in cli_lines(classic_words.warnings) if "words print small" in w]


def _maths_deck(folder: Path) -> Path:
    """31 facts `a + b` and `a × b` with distinct answers, as a maths vocabulary file."""
    rows, answers = ["fact,answer"], set()
    for a in range(2, 13):
        for b in range(a, 13):
            for sign, answer in (("+", a + b), ("×", a * b)):
                if answer not in answers and len(rows) <= 31:
                    answers.add(answer)
                    rows.append(f"{a} {sign} {b},{answer}")
    path = folder / "maths.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_a_maths_deck_grows_its_facts_into_the_room_it_has(tmp_path):
    """Issue 31, item 7: a deck of text faces printed ink on 0.08 of its cards, the gaps between
    facts as tall as the facts. Its facts' boxes now cover over 0.33 of each card (on these
    four cards they covered 0.26 to 0.31) and its smallest capitals are over 7 mm."""
    options = BuildOptions(sources=(_maths_deck(tmp_path),), output=tmp_path / "m.pdf", seed=2)
    result = prepare(options, only=lambda plan: range(4))
    area = options.card.area(0.0)
    boxes = [sum(p.width * p.height for p in result.layouts[i].placements) / area for i in range(4)]
    caps = [smallest_word(result.layouts[i], result.symbols)[0] for i in range(4)]
    assert min(boxes) > 0.33, boxes
    assert min(caps) > 7.0, caps


@pytest.mark.parametrize(
    ("picture", "remedy"),
    [(None, "larger cards or shorter words"), (3, "larger cards, or fewer pictures beside them")],
)
def test_the_small_words_advice_speaks_of_pictures_only_beside_pictures(picture, remedy):
    """Issue 31, item 7: a deck of words only was told to put "fewer pictures beside them"."""
    from dobble_print.pipeline.report import small_words

    report = {
        "readable_cap_mm": 4.0,
        "symbols": [{"name": "hippopotamus"}],
        "cards": [
            {"smallest_word_cap_mm": 3.0, "smallest_word": 0, "smallest_picture": picture},
            {"smallest_word_cap_mm": 5.0, "smallest_word": 0, "smallest_picture": None},
        ],
    }
    assert str(small_words(report)) == (
        'card 1: words print small ("hippopotamus": capitals 3.0 mm tall, under the 4.0 mm '
        "that reads easily on these cards); give the words more room: fewer symbols per card, "
        f"{remedy}"
    )
