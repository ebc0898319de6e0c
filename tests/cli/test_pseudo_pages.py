"""The pseudo-language (``--lang qps``: every text accented, 40 % longer, between ⟦ ⟧) over the
printed pages: the cover, the rules and the box print no text that did not come through the
catalogues (English left hard-coded), and none of their texts overflows when it grows."""

from __future__ import annotations

import re

import pymupdf
import pytest
from typer.testing import CliRunner

from dobble_print.cli import app
from dobble_print.printing.pdf.cover import MIN_FONT
from dobble_print.printing.rules import SIZES

runner = CliRunner()
TITLE = "Zoo"
WORDS = ["cat", "dog", "sun", "moon", "star", "tree", "fish"]
MORE = [*WORDS, "bird", "car", "ball", "apple", "house", "ice", "boat"]
MORE += ["frog", "hat", "cake", "bee", "kite", "shoe", "bus"]
# The letters the pseudo-language accents: a text still holding one was not translated.
PLAIN = re.compile("[AaCcEeIiNnOoSsUuYyZz]")
# What the pages print that is no sentence of ours, and so stays as typed: the deck's own words
# and title (given by each test), and these units and abbreviations.
UNITS = ("mm", "g/m²")
DUPLEX = ["--duplex", "long", "--backs"]  # the cover's two-sided steps
MARGIN_PT = 5 * 72 / 25.4  # the printer's margin the pages keep clear (--margin's default)
SLACK = 0.5  # points: a glyph box's side bearing, not an overflow


def build(tmp_path, words, *args):
    """The deck's PDF in the pseudo-language, with its rules and box."""
    source = tmp_path / "words.txt"
    source.write_text("\n".join(words) + "\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    result = runner.invoke(
        app,
        [
            *("build", str(source), "-o", str(out), "--seed", "3", "-q", "--lang", "qps"),
            *("--rules", "--box", "--title", TITLE, *args),
        ],
    )
    assert result.exit_code == 0, result.output
    return pymupdf.open(out)


def spans(page) -> list[dict]:
    return [
        span
        for block in page.get_text("dict")["blocks"]
        for line in block.get("lines", ())
        for span in line["spans"]
        if span["text"].strip()
    ]


def own(allowed) -> re.Pattern:
    """The words of ``allowed`` (a deck's words and title) and the units, each word alone: a
    word of two (``ice cream``) may be set on two lines."""
    tokens = {t for text in (*allowed, *UNITS) for t in text.split()}
    return re.compile("|".join(rf"(?<!\w){re.escape(t)}(?!\w)" for t in sorted(tokens)))


def english(doc, pages, allowed) -> list[tuple[int, str]]:
    """(page, span) of every span of ``pages`` with a letter the pseudo-language would have
    accented, once the deck's own words, its title and the units are taken out."""
    return [
        (n, span["text"])
        for n in pages
        for span in spans(doc[n])
        if PLAIN.search(own(allowed).sub("", span["text"]))
    ]


def overflows(doc, pages, floors, allowed) -> list[tuple[int, str, str]]:
    """(page, span, what) for every span of ``pages`` cut short by the writer (``…``, or a ⟦
    whose ⟧ never comes), or past the printable area; and for every text of ours (not the
    deck's words, which are pictures, sized and overlapping as the card lays them out) below
    its page's smallest size (``floors``), or over another text."""
    found = []
    for n, floor in zip(pages, floors, strict=True):
        page = doc[n]
        area = page.rect + (MARGIN_PT - SLACK, MARGIN_PT - SLACK, SLACK - MARGIN_PT, 0)
        area.y1 -= MARGIN_PT - SLACK
        texts = spans(page)
        said = "".join(s["text"] for s in texts)
        if said.count("⟦") != said.count("⟧"):
            found.append((n, said, "⟦ and ⟧ do not pair"))
        deck = own(allowed)
        for s in texts:
            box = pymupdf.Rect(s["bbox"])
            if "…" in s["text"]:
                found.append((n, s["text"], "cut short"))
            if not area.contains(box):
                found.append((n, s["text"], f"outside the printable area: {box}"))
            if s["size"] < floor - 0.01 and deck.sub("", s["text"]).strip():
                found.append((n, s["text"], f"{s['size']:.2f} pt < {floor} pt"))
        boxes = [pymupdf.Rect(s["bbox"]) + (SLACK, SLACK, -SLACK, -SLACK) for s in texts]
        for a, s in zip(boxes, texts, strict=True):
            if not deck.sub("", s["text"]).strip():
                continue
            for b, other in zip(boxes, texts, strict=True):
                if b is not a and a.intersects(b):
                    found.append((n, s["text"], f"over {other['text']!r}"))
    return found


@pytest.mark.parametrize(
    ("words", "args"),
    [
        (WORDS, ["--cards", "7"]),
        (
            MORE,
            [
                "-n",
                "5",
                "--variant",
                "connect",
                "--shape",
                "hexagon",
                "--duplex",
                "long",
                "--backs",
            ],
        ),
    ],
    ids=["classic", "connect"],
)
def test_the_printed_pages_come_through_the_catalogue_and_fit(tmp_path, words, args):
    doc = build(tmp_path, words, *args)
    cover, rules, box = 0, 1, 2  # then the card sheets
    assert "⟦" not in doc[box + 1].get_text()
    assert english(doc, (cover, rules, box), (*words, TITLE)) == []
    # the smallest sizes the pages are set at: the rules' body, the writer's least for the rest
    floors = (MIN_FONT, SIZES[-1], MIN_FONT)
    assert overflows(doc, (cover, rules, box), floors, (*words, TITLE)) == []


def test_a_text_left_in_english_is_found(tmp_path, monkeypatch):
    from dobble_print.printing import cover

    def planted(plan, lang):  # a cutting line that skips the catalogue
        return "Cut along the grey circle."

    monkeypatch.setattr(cover, "_cutting", planted)
    doc = build(tmp_path, WORDS, "--cards", "7")
    assert english(doc, (0, 1, 2), (*WORDS, TITLE)) == [(0, "3.  Cut along the grey circle.")]
