"""The resource budget of sheets, folders and outputs, through the CLI (issue 40, items 3, 4, 5
and 7), in the harness of :mod:`tests.e2e.test_budget`: each case in a child process under a
memory ceiling summed over its process tree and a time limit, ending in exit 0 or 1 with at most
one clean error line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import REPO, make_pictures
from tests.e2e.test_budget import WORDS, assert_within_budget, run_cli
from tests.support import symbol_files as sf

pytestmark = pytest.mark.usefixtures("all_cores")

RENDERERS = ["cairosvg", "resvg"]


@pytest.fixture(params=RENDERERS)
def renderer(request, monkeypatch):
    """Each case that draws pictures runs on both SVG renderers."""
    monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", request.param)
    return request.param


def _pictures(folder: Path, count: int = 3) -> Path:
    """``count`` pictures, one an SVG (drawn by the renderer under test)."""
    make_pictures(folder, count - 1)
    (folder / "sun.svg").write_text(sf.outline_svg("sun"), encoding="utf-8")
    return folder


# --- item 3: a preview's pixels ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("--sheet", "1", "--paper", "1200x1200mm", "--dpi", "1200"),
            "draws this sheet at 56693×56693 pixels, over the 40 megapixels a preview may have; "
            "use 133 or less",
        ),
        (
            ("--sheet", "1", "--paper", "841x1189mm", "--dpi", "600"),
            "draws this sheet at 19866×28087 pixels, over the 40 megapixels a preview may have; "
            "use 160 or less",
        ),
        (
            ("--sheet", "1", "--dpi", "1200"),
            "draws this sheet at 9921×14031 pixels, over the 40 megapixels a preview may have; "
            "use 643 or less",
        ),
        (
            ("--card-size", "300mm", "--paper", "400x400mm", "--dpi", "600"),
            "draws this card at 7089×7089 pixels, over the 40 megapixels a preview may have; "
            "use 535 or less",
        ),
    ],
    ids=["plotter-1200dpi", "a0-600dpi", "a4-1200dpi", "card-300mm-600dpi"],
)
def test_a_preview_of_too_many_pixels_is_refused_naming_the_dpi_that_fits(tmp_path, args, said):
    words = tmp_path / "words.txt"
    words.write_text(WORDS, encoding="utf-8")
    out = tmp_path / "sheet.png"
    run = run_cli("preview", str(words), "-o", str(out), "--seed", "1", *args, ceiling_mb=300)
    dpi = args[args.index("--dpi") + 1]
    assert_within_budget(run, f"--dpi {dpi} {said}", ceiling_mb=300)
    assert not out.exists()


@pytest.mark.parametrize(
    ("whole_sheet", "paper", "card", "fit"),
    [
        (True, (1200, 1200), 85, 133),
        (True, (841, 1189), 85, 160),
        (True, (210, 297), 85, 643),
        (False, (400, 400), 300, 535),
    ],
)
def test_the_dpi_named_is_the_largest_that_fits(whole_sheet, paper, card, fit):
    """(An A4 sheet drawn at 643 dpi, 40 megapixels, took 559 MB over the process tree.)"""
    from dobble_print.card import CardShape
    from dobble_print.printing import MAX_PREVIEW_PIXELS, Paper, card_pixels, sheet_pixels

    def pixels(dpi: int) -> int:
        w, h = (
            sheet_pixels(Paper("paper", *map(float, paper)), dpi)
            if whole_sheet
            else card_pixels(CardShape(size=float(card)), dpi)
        )
        return w * h

    assert pixels(fit) <= MAX_PREVIEW_PIXELS < pixels(fit + 1)


# --- item 4: many cards' places on one sheet ---------------------------------------------------


def test_small_round_cards_on_plotter_paper_are_planned_in_seconds(tmp_path):
    """25 mm cards on 1200 × 1200 mm paper: 2,175 places, each with its compass ticks (the old
    code looked at every other place for each tick: half a minute to plan, minutes to build)."""
    words = tmp_path / "words.txt"
    words.write_text(WORDS, encoding="utf-8")
    run = run_cli("plan", str(words), "--paper", "1200x1200mm", "--card-size", "25mm")
    assert_within_budget(run)
    assert run.stdout.splitlines()[-1] == "build makes 7 cards of 3 symbols."


# --- item 5: folders nested over a thousand deep ---------------------------------------


@pytest.fixture(scope="module")
def deep(tmp_path_factory):
    """``deep/d/d/…`` 1,100 folders deep (past Python's 1,000 nested calls), a word list at the
    bottom; removed here without recursion (shutil.rmtree recurses once per folder)."""
    top = tmp_path_factory.mktemp("nested") / "deep"
    top.mkdir()
    fds = [os.open(top, os.O_RDONLY)]
    for _ in range(1100):
        os.mkdir("d", dir_fd=fds[-1])
        fds.append(os.open("d", os.O_RDONLY, dir_fd=fds[-1]))
    with open(os.open("w.txt", os.O_WRONLY | os.O_CREAT, dir_fd=fds[-1]), "w") as f:
        f.write(WORDS)
    os.close(fds.pop())
    yield top
    os.unlink("d/w.txt", dir_fd=fds[-1])
    while fds:
        fd = fds.pop()
        os.rmdir("d", dir_fd=fd)
        os.close(fd)


def test_folders_nested_a_thousand_deep_are_refused_in_one_line(deep):
    run = run_cli("plan", str(deep))
    assert_within_budget(
        run, f"{deep}: holds folders nested over 32 deep; give the folder that holds the pictures"
    )


def test_an_output_folder_nested_a_thousand_deep_is_refused_in_one_line(tmp_path, deep):
    words = tmp_path / "words.txt"
    words.write_text(WORDS, encoding="utf-8")
    run = run_cli("build", str(words), "-o", str(tmp_path / "deck.pdf"), "--png-dir", str(deep))
    assert_within_budget(
        run,
        f"--png-dir {deep} holds files this tool did not write (d/d/d/d/); choose a new or empty "
        "folder",
    )


# --- item 7: a kill while the card PNGs are written --------------------------------------------


def _writing_cards(pid: int, out: Path) -> bool:
    """Whether the build ``pid`` is writing card PNGs into ``out``: one is staged in a hidden
    folder there, or the build holds nameless files there."""
    if any(out.glob(".*.part/card_*.png")):
        return True
    held = 0
    for fd in Path(f"/proc/{pid}/fd").glob("*"):
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        held += target.startswith(f"{out}/#") and target.endswith("(deleted)")
    return held >= 3  # the marker, and two cards


def test_a_kill_while_card_pngs_are_written_leaves_nothing(tmp_path, renderer):
    """7 cards, drawn one after the other (a second or two of writing), killed as soon as two
    are written: the hidden folder they were staged in used to stay."""
    folder = _pictures(tmp_path / "pics", 7)
    out = tmp_path / "out"
    out.mkdir()
    proc = subprocess.Popen(
        [sys.executable, "-m", "dobble_print", "build", str(folder), "-o", str(out / "deck.pdf")]
        + ["--png-dir", str(out / "png"), "--seed", "1", "--quiet"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        cwd=REPO,
        start_new_session=True,
    )
    start = time.monotonic()
    try:
        while not _writing_cards(proc.pid, out):
            assert proc.poll() is None, "the build ended before its cards were written"
            assert time.monotonic() - start < 60, "the cards were never written"
            time.sleep(0.005)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert sorted(os.listdir(out)) == []
