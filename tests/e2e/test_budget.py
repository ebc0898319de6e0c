"""The resource budget, through the CLI: small hostile inputs made here (never stored), each run
in a child process under a time limit while its memory is sampled.

Memory is the peak of VmRSS summed over the child and its children (read from ``/proc`` every
10 ms; ``resource.getrusage`` would give only the largest single process), and the child is
killed as soon as the sum passes the case's ceiling, so that an old build's 10 GB never happens
here. Each case must end in exit 0 or 1 with at most one clean error line (its exact text),
under its ceiling and time limit. Floods are kept small and ceilings tight, so the module stays
quick: the new code refuses or shrinks each input in about a second.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import REPO, make_pictures
from tests.support.fonts import font_builder

# builds here start their worker processes, as on a user's machine
pytestmark = pytest.mark.usefixtures("all_cores")

ERROR = "dobble-print: error: "
# Lines a build may print besides warnings: the seed it drew, and a first run's packer warm-up.
INFO = ("no seed given", "preparing the fast packer")
TIME_LIMIT = 12.0  # seconds a case may take, here; the budget allows a minute for any refusal
CEILING_MB = 400  # summed over the process tree; the budget allows 1,500 for any build
WORDS = "cat\ndog\nsun\nmoon\nstar\nsea\nsky\n"


@dataclass(frozen=True)
class Run:
    code: int | None  # None: killed (time or memory)
    seconds: float
    peak_mb: float
    stdout: str
    stderr: str


def _tree(pid: int) -> list[int]:
    found = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in children:
            found += _tree(int(child))
    return found


def _rss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def run_cli(*args: str, ceiling_mb: float = CEILING_MB, limit: float = TIME_LIMIT) -> Run:
    """``dobble-print ARGS`` in a child process, killed past ``limit`` s or ``ceiling_mb``."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    start = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "dobble_print", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=REPO,
        start_new_session=True,
    )
    peak = 0
    killed = False
    while proc.poll() is None:
        peak = max(peak, sum(_rss(p) for p in set(_tree(proc.pid))))
        if peak > ceiling_mb * 1e6 or time.monotonic() - start > limit:
            os.killpg(proc.pid, 9)
            killed = True
            break
        time.sleep(0.01)
    out, err = proc.communicate()
    return Run(
        None if killed else proc.returncode,
        time.monotonic() - start,
        peak / 1e6,
        out.decode(errors="replace"),
        err.decode(errors="replace"),
    )


def assert_within_budget(run: Run, error: str | None = None, *, ceiling_mb: float = CEILING_MB):
    """Finished in time and memory, exit 0 or 1, no internal error; ``error`` the exact line."""
    assert run.code is not None, f"killed after {run.seconds:.1f} s at {run.peak_mb:.0f} MB"
    assert run.code in (0, 1), run.stderr
    assert "internal error" not in run.stderr and "Traceback" not in run.stderr, run.stderr
    assert run.peak_mb < ceiling_mb
    lines = [line for line in run.stderr.splitlines() if not line.startswith(INFO)]
    errors = [line for line in lines if line.startswith(ERROR)]
    others = [line for line in lines if not line.startswith((ERROR, "warning: "))]
    assert others == [], run.stderr  # nothing unworded (a library's own warnings)
    if error is None:
        assert run.code == 0 and errors == [], run.stderr
    else:
        assert (run.code, errors) == (1, [ERROR + error]), run.stderr


# --- words -------------------------------------------------------------------------------------


def test_repeated_lines_are_one_word_before_any_is_drawn(tmp_path):
    words = tmp_path / "same.txt"
    words.write_text("cat\n" * 20_000, encoding="utf-8")
    run = run_cli("plan", str(words))
    assert_within_budget(
        run,
        f"{words}: 1 word cannot make a deck; the smallest deck needs 3 words "
        "(3 cards of 2 symbols)",
    )


def test_thousands_of_words_plan_twelve_a_card_at_once(tmp_path):
    words = tmp_path / "many.txt"
    words.write_text("\n".join(f"w{i:05d}" for i in range(20_000)) + "\n", encoding="utf-8")
    run = run_cli("plan", str(words))
    assert_within_budget(run)
    assert run.stdout.splitlines()[-2:] == [
        "build makes 133 cards of 12 symbols.",
        "12 per card is the most build chooses (the largest deck people play); -n 14 to -n 32 "
        "ask for more, with smaller pictures.",
    ]


def test_more_than_twelve_a_card_warns_how_small_pictures_print(tmp_path):
    words = tmp_path / "many.txt"
    words.write_text("\n".join(f"w{i:03d}" for i in range(91)) + "\n", encoding="utf-8")
    run = run_cli("plan", str(words), "-n", "14")
    assert_within_budget(run)
    assert run.stderr.splitlines() == [
        "warning: 14 per card is more than the 12 of the largest deck people play: its pictures "
        "may print as small as 6.8 mm across on these cards (9 mm on the game's 85 mm card of 8)"
    ]


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (" ".join(["ab"] * 3000), "line 8 has 3000 words; a symbol shows at most 12"),
        ("a" * 1000, "line 8 has 1000 characters; a symbol shows at most 60"),
        ("b" * 40, "line 8 has a word of 40 letters; a symbol shows words of at most 30"),
    ],
    ids=["3000-words", "1000-characters", "40-letters"],
)
def test_a_line_no_symbol_can_show_is_refused(tmp_path, line, why):
    words = tmp_path / "words.txt"
    words.write_text(WORDS + line + "\n", encoding="utf-8")
    run = run_cli("plan", str(words))
    assert_within_budget(run, f"{words}: {why}; shorten it")


def test_a_vocabulary_of_thousands_of_columns_is_refused(tmp_path):
    vocabulary = tmp_path / "wide.csv"
    rows = [",".join(f"c{k}" for k in range(2000))]
    rows += [",".join(f"r{r}c{k}" for k in range(2000)) for r in range(8)]
    vocabulary.write_text("\n".join(rows) + "\n", encoding="utf-8")
    run = run_cli("plan", str(vocabulary))
    assert_within_budget(
        run,
        f"{vocabulary}:1: 2000 columns; a symbol shows at most 12 faces (it is on at most 12 "
        "cards); keep 12 columns or fewer",
    )


# --- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("--card-size", "0mm"), "--card-size 0 mm is out of range; printers take 25 to 300 mm"),
        (("--card-size", "1mm"), "--card-size 1 mm is out of range; printers take 25 to 300 mm"),
        (
            ("--card-size", "3000mm"),
            "--card-size 3000 mm is out of range; printers take 25 to 300 mm",
        ),
        (
            ("--paper", "100000x100000mm"),
            "--paper 100000x100000 mm is out of range; printers take sides of 25 to 1200 mm",
        ),
        (
            ("--paper", "8.5x11"),  # US Letter in inches, typed without its unit
            "--paper 8.5x11 mm is too small for paper; write its unit: 8.5x11in or 8.5x11cm",
        ),
        (
            ("--paper", "0.5x0.5"),
            "--paper 0.5x0.5 mm is out of range; printers take sides of 25 to 1200 mm",
        ),
        (
            ("--paper", "0.5x0.9in"),  # a unit was typed: no other one is suggested
            "--paper 12.7x22.86 mm is out of range; printers take sides of 25 to 1200 mm",
        ),
        (
            ("--paper", "2x2cm"),
            "--paper 20x20 mm is out of range; printers take sides of 25 to 1200 mm",
        ),
        (
            ("--title", "T" * 100_000),
            "--title has 100000 characters; a box's front shows at most 60; shorten it",
        ),
    ],
    ids=[
        "card-0",
        "card-1",
        "card-3000",
        "paper-100m",
        "paper-inches",
        "paper-tiny",
        "paper-tiny-in",
        "paper-tiny-cm",
        "title-100000",
    ],
)
def test_sizes_no_printer_takes_are_refused_before_loading(tmp_path, args, error):
    words = tmp_path / "words.txt"
    words.write_text(WORDS, encoding="utf-8")
    run = run_cli("build", str(words), "-o", str(tmp_path / "deck.pdf"), "--seed", "1", *args)
    assert_within_budget(run, error)
    assert not (tmp_path / "deck.pdf").exists()


# --- pixels ------------------------------------------------------------------------------------


def _png(
    path: Path, width: int, height: int, *, depth: int, colour: int, palette=b"", rows=None
) -> Path:
    """A PNG of zeros (a few hundred kB at most), written a row at a time: ``depth`` bits a
    sample, ``colour`` type 0 (grey) or 3 (palette, then ``palette`` is its PLTE); only the
    first ``rows`` rows when given (the header still says ``height``)."""
    row = b"\0" * (1 + (width * depth + 7) // 8)
    pack = zlib.compressobj(1)  # fast; its zeros still take a few hundred kB at most
    data = b"".join(pack.compress(row) for _ in range(rows or height)) + pack.flush()

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    body = chunk(b"IHDR", header) + (chunk(b"PLTE", palette) if palette else b"")
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + body + chunk(b"IDAT", data) + chunk(b"IEND", b""))
    return path


FLOODS = {  # under the 40 MP cap: decoded, shrunk before any conversion
    "grey16.png": dict(depth=16, colour=0),
    "bits.png": dict(depth=1, colour=0),
    "palette.png": dict(depth=8, colour=3, palette=bytes([200, 30, 30]) * 2),
}


@pytest.mark.parametrize("name", sorted(FLOODS))
def test_a_flood_of_pixels_is_shrunk_before_it_is_converted(tmp_path, name):
    folder = tmp_path / "pics"
    make_pictures(folder, 2)
    _png(folder / name, 6000, 6600, **FLOODS[name])
    run = run_cli("plan", str(folder), ceiling_mb=350)
    assert_within_budget(run, ceiling_mb=350)
    assert run.stdout.splitlines()[0] == "3 pictures:"


def test_pixels_over_what_a_card_needs_are_refused_from_the_header(tmp_path):
    picture = _png(tmp_path / "grey16.png", 9000, 9900, depth=16, colour=0, rows=1)
    words = tmp_path / "words.txt"
    words.write_text(WORDS, encoding="utf-8")
    run = run_cli("plan", str(picture), str(words), "--skip-bad")
    assert_within_budget(run)
    assert run.stderr.splitlines() == [
        f"warning: skipped {picture}: too large (9000×9900 pixels, over 40 megapixels; a PNG "
        "decodes in full, and a card needs at most 2400 pixels across); shrink it"
    ]


def test_a_webp_over_its_cap_is_refused(tmp_path):
    picture = tmp_path / "flood.webp"
    Image.new("RGB", (4100, 4000), (200, 30, 30)).save(picture, lossless=True, method=0)
    words = tmp_path / "words.txt"
    words.write_text(WORDS, encoding="utf-8")
    run = run_cli("plan", str(picture), str(words), "--skip-bad")
    assert_within_budget(run)
    assert run.stderr.splitlines() == [
        f"warning: skipped {picture}: too large (4100×4000 pixels, over 16 megapixels; a WebP "
        "decodes in full, and a card needs at most 2400 pixels across); shrink it"
    ]


def test_the_default_seed_reads_a_huge_file_a_chunk_at_a_time(tmp_path):
    big = tmp_path / "big.png"
    with big.open("wb") as f:  # sparse: 256 MB that take no disk, hashed for the seed first
        f.truncate(1 << 28)
    run = run_cli("build", str(big), "-o", str(tmp_path / "deck.pdf"), ceiling_mb=150)
    assert_within_budget(
        run,
        f"{big}: 1 picture cannot make a deck; the smallest deck needs 3 pictures "
        "(3 cards of 2 symbols)",
        ceiling_mb=150,
    )


# --- look-alikes and --cards -------------------------------------------------------------------


def test_cards_are_counted_after_look_alikes_are_removed(tmp_path):
    folder = tmp_path / "pics"
    for path in make_pictures(folder, 7):
        with Image.open(path) as im:
            im.resize((im.width // 2, im.height // 2)).save(path.with_name(path.stem + "_s.png"))
    run = run_cli("plan", str(folder), "--cards", "2")
    assert_within_budget(run)
    assert run.stdout.splitlines()[-1] == "build makes 2 cards of 3 symbols."


# --- fonts -------------------------------------------------------------------------------------


def _hostile_font(path: Path, kind: str) -> Path:
    """A small font (fontTools) that claims what no font may: see ``FONTS``."""
    from fontTools.ttLib.tables._g_l_y_f import Glyph
    from fontTools.ttLib.tables.DefaultTable import DefaultTable

    font = font_builder("abcdefghijklmnopqrstuvwxyz", "Hostile").font
    if kind.startswith("upm"):
        font["head"].unitsPerEm = int(kind[3:])
    elif kind == "cmap":  # one format-12 subtable claiming all of Unicode 50 times
        groups = 50
        table = struct.pack(">HHIII", 12, 0, 16 + 12 * groups, 0, groups)
        table += struct.pack(">III", 0, 0x10FFFF, 1) * groups
        cmap = DefaultTable("cmap")
        cmap.data = struct.pack(">HHHHI", 0, 1, 3, 10, 12) + table
        font["cmap"] = cmap
    elif kind == "loop":  # the glyph of "a" made of itself
        me = font.getGlyphOrder().index("u0061")
        raw = struct.pack(">hhhhh", -1, 0, 0, 100, 100) + struct.pack(">HHbb", 2, me, 0, 0)
        font["glyf"].glyphs["u0061"] = Glyph(raw)
        font.recalcBBoxes = False
    elif kind == "woff":
        font.flavor = "woff"
    font.save(path)
    return path


FONTS = {
    "upm0": "its unitsPerEm is 0, outside 64 to 16384",
    "upm16": "its unitsPerEm is 16, outside 64 to 16384",
    "cmap": "its character map claims more characters than Unicode has",
    "loop": "its glyph 2 is made of itself or of glyphs nested over 16 deep",
    "woff": "is a WOFF web font, not a TrueType or OpenType file",
}


@pytest.mark.parametrize("kind", sorted(FONTS))
def test_a_hostile_font_is_refused_naming_it(tmp_path, kind):
    font = _hostile_font(tmp_path / f"{kind}.ttf", kind)
    words = tmp_path / "words.txt"
    words.write_text(WORDS, encoding="utf-8")
    run = run_cli("build", str(words), "--font", str(font), "-o", str(tmp_path / "deck.pdf"))
    assert_within_budget(
        run, f"--font {font}: {FONTS[kind]}; give a font file (.ttf, .otf or .ttc)"
    )
