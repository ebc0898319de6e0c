"""Labels: each picture with its name under it, packed as one shape; on the default icons every
label reads (≥ 6 pt), turns no more than a word, and no other symbol's ink is under its letters —
measured from the PDF."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import fitz
import numpy as np
import pytest
from PIL import Image

from dobble_print.options import BuildOptions
from dobble_print.pipeline import build
from dobble_print.symbols import SymbolOptions, find_sources, load_symbols, with_labels
from dobble_print.symbols.labels import LABEL_COLOR
from tests.support.messages import cli_lines

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"


def _blob(path: Path, green: int) -> None:
    rgba = np.zeros((80, 120, 4), np.uint8)
    rgba[10:70, 10:110] = (200, green, 40, 255)
    Image.fromarray(rgba, "RGBA").save(path)


def test_names_from_file_names_and_the_label_under_the_picture(tmp_path):
    _blob(tmp_path / "ice-cream.png", 40)
    _blob(tmp_path / unicodedata.normalize("NFD", "Éléphant.png"), 160)
    loaded = with_labels(load_symbols(find_sources([tmp_path])), SymbolOptions())
    by_name = {unicodedata.normalize("NFC", s.name): s for s in loaded.symbols}
    assert set(by_name) == {"ice cream", "Éléphant"}
    for text, symbol in by_name.items():
        assert symbol.kind == "labelled"
        assert "".join(line.text for line in symbol.lines).replace(" ", "") == text.replace(" ", "")
        h, w = symbol.rgba.shape[:2]
        ph, pw = symbol.picture.shape[:2]
        left, top = symbol.picture_at
        assert (symbol.rgba[top : top + ph, left : left + pw] == symbol.picture.array()).all()
        assert all(ph < line.baseline <= h + 1 for line in symbol.lines)  # under the picture
        label = symbol.rgba[ph:, :, 3] > 0
        assert label.any() and not label[:1].any()  # a gap between


@pytest.fixture(scope="module")
def labelled_deck(tmp_path_factory):
    out = tmp_path_factory.mktemp("labels") / "deck.pdf"
    report = out.with_suffix(".json")
    build(BuildOptions(sources=(ICONS,), output=out, seed=1, report=report, labels=True))
    return fitz.open(out), json.loads(report.read_text(encoding="utf-8"))


# The text alone: PyMuPDF's default copies out every picture's pixels too, which no letter needs
# and which took most of the reading's time.
TEXT = fitz.TEXTFLAGS_RAWDICT & ~fitz.TEXT_PRESERVE_IMAGES


def _letters(doc):
    """Every printed letter of the cards: (page, char, bbox in points, font size)."""
    for page in doc.pages(1):
        for block in page.get_text("rawdict", flags=TEXT)["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    for ch in span["chars"]:
                        if ch["c"].strip():
                            yield page, ch["c"], ch["bbox"], span["size"]


def test_every_picture_has_its_label_and_every_label_reads(labelled_deck):
    doc, report = labelled_deck
    placed = sum(len(card["placements"]) for card in report["cards"])
    assert placed == 57 * 8
    spans = [
        s
        for page in doc.pages(1)
        for b in page.get_text("dict", flags=TEXT)["blocks"]
        for line in b.get("lines", [])
        for s in line["spans"]
        if s["text"].strip()
    ]
    assert len(spans) >= placed  # two-line labels are two spans
    assert min(s["size"] for s in spans) >= 6.0  # points: readable in print
    assert all(abs(p["rotation_deg"]) <= 25.0 for c in report["cards"] for p in c["placements"])
    # coverage counts the labels' ink too, and is reported
    assert 0.3 <= report["metrics"]["coverage_mean"] <= 0.6


def test_no_other_symbol_is_under_a_label(labelled_deck):
    """In the middle of each letter's box, the page shows only the label's colour blended with
    white; another symbol's ink there would be other colours."""
    doc, _ = labelled_deck
    slate, white = np.array(LABEL_COLOR, float), np.full(3, 255.0)
    zoom, images, worst = 150 / 72, {}, 0.0
    for page, _ch, (x0, y0, x1, y1), _size in _letters(doc):
        if page.number not in images:
            pix = page.get_pixmap(matrix=fitz.Matrix(zoom, zoom), alpha=False)
            images[page.number] = np.frombuffer(pix.samples, np.uint8).reshape(
                pix.height, pix.width, 3
            )
        img = images[page.number]
        cx, cy, w, h = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) * 0.35, (y1 - y0) * 0.35
        rows = slice(int((cy - h) * zoom), int((cy + h) * zoom) + 1)
        cols = slice(int((cx - w) * zoom), int((cx + w) * zoom) + 1)
        v = img[rows, cols].reshape(-1, 3).astype(float)
        t = np.clip(((v - white) @ (slate - white)) / ((slate - white) @ (slate - white)), 0, 1)
        off = np.linalg.norm(v - (white + t[:, None] * (slate - white)), axis=1)
        worst = max(worst, float((off > 60).mean()))
    assert worst < 0.15


def test_a_label_too_small_to_read_is_warned_about(tmp_path):
    from dobble_print.card import CardLayout, Placement
    from dobble_print.symbols import small_labels
    from dobble_print.symbols.labels import label_points

    _blob(tmp_path / "ice-cream.png", 40)
    (symbol,) = with_labels(load_symbols(find_sources([tmp_path])), SymbolOptions()).symbols
    h, w = symbol.rgba.shape[:2]
    size = symbol.lines[0].size

    def card(label_pt: float) -> CardLayout:
        height = label_pt / 72 * 25.4 * h / size  # the symbol's height, mm, for that label
        return CardLayout((Placement(0, (0.0, 0.0), height * w / h, height, 0.0),))

    assert label_points([card(8.0), card(5.5)], [symbol]) == pytest.approx([8.0, 5.5])
    assert small_labels([card(8.0), card(6.5)], [symbol]) == []
    assert list(cli_lines(small_labels([card(8.0), card(5.5)], [symbol]))) == [
        "labels print as small as 5.5 pt (card 2), hard to read under 6 pt; "
        "use larger cards (--card-size) or fewer symbols per card (-n)"
    ]


def test_the_answer_key_names_each_picture_once(labelled_deck):
    """The key draws a labelled picture without its label: its own line names it."""
    doc, report = labelled_deck
    words = doc[0].get_text("words")
    for symbol in report["symbols"]:
        first = symbol["name"].split()[0]
        assert sum(w[4] == first for w in words) >= 1
    assert sum(w[4] == "elephant" for w in words) == 1


def test_labels_with_the_apps_cache_make_the_same_pdf(tmp_path):
    from dobble_print import SymbolCache

    pictures = tmp_path / "p"
    pictures.mkdir()
    for i, green in enumerate((5, 40, 80, 120, 160, 200, 240)):
        _blob(pictures / f"pic{i}.png", green)
    cache = SymbolCache()
    made = []
    for name in ("plain.pdf", "cached.pdf", "again.pdf"):
        options = BuildOptions(sources=(pictures,), output=tmp_path / name, seed=1, labels=True)
        build(options, cache=None if name == "plain.pdf" else cache, measure=False)
        made.append((tmp_path / name).read_bytes())
    assert made[0] == made[1] == made[2]


def test_labels_on_words_alone_are_refused_in_one_line(tmp_path):
    from dobble_print.errors import OptionError
    from tests.support.messages import as_cli

    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\nsun\n", encoding="utf-8")
    out = tmp_path / "deck.pdf"
    with pytest.raises(OptionError) as caught:
        build(BuildOptions(sources=(words,), output=out, seed=1, labels=True))
    assert as_cli(caught.value) == (
        "--labels puts each picture's name under it, and these sources are words only; "
        "add pictures, or leave --labels out"
    )
    assert not out.exists()


def test_a_picture_named_with_emoji_only_stays_unlabelled(tmp_path):
    """🍕.png's name is its picture: no label (DejaVu Sans would print boxes), no warning."""
    _blob(tmp_path / "🍕.png", 40)
    _blob(tmp_path / "☕.png", 100)
    _blob(tmp_path / "fox 🦊.png", 160)
    loaded = with_labels(load_symbols(find_sources([tmp_path])), SymbolOptions())
    kinds = {s.name: s.kind for s in loaded.symbols}
    assert kinds == {"🍕": "image", "☕": "image", "fox 🦊": "labelled"}
    assert len(loaded.warnings) == 1 and '"fox 🦊"' in str(loaded.warnings[0])  # no font has 🦊


def test_a_label_reads_its_files_own_name_not_the_keys(tmp_path):
    """cat.png and Cat.png in one folder are named d/cat and d/Cat (2) in the key, so players
    can tell them apart there; on the card each label reads its own file's name."""
    folder = tmp_path / "d"
    folder.mkdir()
    _blob(folder / "cat.png", 40)
    _blob(folder / "Cat.png", 160)
    loaded = with_labels(load_symbols(find_sources([folder])), SymbolOptions())
    labels = {s.name: "".join(line.text for line in s.lines) for s in loaded.symbols}
    assert set(labels.values()) == {"cat", "Cat"}
    assert all(name.startswith("d/") for name in labels)
    assert {Path(s.source).stem: labels[s.name] for s in loaded.symbols} == {
        "cat": "cat",
        "Cat": "Cat",
    }
