"""Output safety: nothing partial ever appears under an output's name, even when killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dobble_print.errors import DobbleError
from dobble_print.files.output import write_atomically
from tests.conftest import every_core, make_pictures

# builds here start their worker processes, as on a user's machine
pytestmark = pytest.mark.usefixtures("all_cores")


def test_writes_and_replaces_whole_files(tmp_path):
    target = tmp_path / "new" / "deep" / "out.txt"
    write_atomically(target, lambda p: p.write_text("one"))
    write_atomically(target, lambda p: p.write_text("two"))
    assert target.read_text() == "two"
    assert sorted(os.listdir(target.parent)) == ["out.txt"]


def test_a_failing_writer_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")

    def broken(p: Path) -> None:
        p.write_text("half")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        write_atomically(target, broken)
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["out.txt"]


def test_output_folder_that_is_a_file(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(DobbleError) as err:
        write_atomically(blocker / "out.pdf", lambda p: p.write_text("x"))
    assert str(err.value).startswith(f"{blocker / 'out.pdf'}: cannot create the folder {blocker} (")
    assert str(err.value).endswith("); choose another output path")


def test_output_that_is_a_folder(tmp_path):
    with pytest.raises(DobbleError) as err:
        write_atomically(tmp_path, lambda p: p.write_text("x"))
    assert str(err.value) == f"{tmp_path}: is a folder; give a file name for the output"


def _build_command(src: Path, out: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "dobble_print",
        "build",
        str(src),
        "-o",
        str(out / "deck.pdf"),
        "--seed",
        "1",
        "--quiet",
    ]


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> tuple[Path, float, bytes]:
    """7 pictures, built once uninterrupted: the folder, how long the build took (the kills are
    spread over it) and the complete PDF every kill is compared with."""
    base = tmp_path_factory.mktemp("kills")
    src = base / "pics"
    make_pictures(src, 7)
    with every_core():  # as the kills have (all_cores, per test)
        start = time.perf_counter()
        subprocess.run(_build_command(src, base / "out"), check=True, capture_output=True)
        full = time.perf_counter() - start
    return src, full, (base / "out" / "deck.pdf").read_bytes()


@pytest.mark.parametrize(
    ("sig", "trials"), [(signal.SIGKILL, 5), (signal.SIGTERM, 2), (signal.SIGINT, 2)]
)
def test_killing_a_build_at_random_moments_leaves_nothing_partial(tmp_path, finished, sig, trials):
    src, full, complete = finished
    out = tmp_path / "out"
    cmd = _build_command(src, out)
    for i in range(trials):
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(full * (0.2 + 0.9 * i / trials))  # spread over the whole run
        proc.send_signal(sig)
        proc.wait()
        names = os.listdir(out) if out.exists() else []
        assert names in ([], ["deck.pdf"]), names
        if names:
            assert (out / "deck.pdf").read_bytes() == complete
            (out / "deck.pdf").unlink()
