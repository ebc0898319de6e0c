"""`make print` as the README gives it, with folder and file names that have spaces in them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pymupdf
import pytest

from tests.conftest import make_pictures

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
def test_make_print_takes_folders_and_outputs_with_spaces(tmp_path):
    icons = tmp_path / "My Photos" / "Family 2024"
    make_pictures(icons, 13)
    out = tmp_path / "my decks" / "family deck.pdf"
    done = subprocess.run(
        # -o: the set-up is done (make test made it); only the print step runs here
        ["make", "-s", "-o", ".venv/.installed", "-o", ".venv/.loops", "print"]
        + [f"ICONS={icons}", f"OUT={out}", "SEED=1"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert pymupdf.open(out).page_count == 4  # a cover and 3 sheets of 13 cards
