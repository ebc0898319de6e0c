"""A build's outputs are put in place together (issue 35): stopped at any moment, a build with
``--png-dir``, ``--report``, ``--play`` and ``--shop`` over an earlier deck leaves the earlier set
or the new one, never a mix, and says truly which.

Ctrl-C is sent to this process at chosen moments of an in-process build (a progress stage, a
file of the commit). ``kill -9`` runs no code at all, so what it leaves is what is on disk at that
instant: the same moments' snapshots stand for it. SIGTERM, held back like Ctrl-C while the files
are put in place, is checked inside the commit.
"""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dobble_print.files.staging as staging_module
from dobble_print.cli import app
from dobble_print.cli.progress import Bars
from dobble_print.files.owned import MARKER, marker_text
from dobble_print.files.staging import Staging, remove_stale
from tests.conftest import make_pictures

NOTHING = "dobble-print: interrupted; nothing was written"
ALL = "dobble-print: interrupted, after every file was written in full"

# (moment, what Ctrl-C there must leave and say); a moment is a progress call (stage, done) or
# ("swap", n): just before the n-th file of the commit is put in place; ("commit", 0) and
# ("after", 0): just before and after the commit
MOMENTS = [
    (("load", 1), "old"),
    (("layout", 1), "old"),
    (("render", 1), "old"),  # the PDF being written
    (("png", 1), "old"),  # the PDF and the report staged
    (("shop", 1), "old"),
    (("shop", 3), "old"),  # all but the shop's README staged
    (("commit", 0), "old"),  # all staged, nothing in place
    (("swap", 2), "new"),  # the PDF in place, the rest not: Ctrl-C waits
    (("swap", 6), "new"),  # halfway through the card PNGs
    (("after", 0), "new"),  # all in place, the build not yet returned
]


def visible(folder: Path) -> dict[str, bytes]:
    """The files a user sees (and this tool's marker), by content; staging names left out."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        hidden = any(part.startswith(".") and part != MARKER for part in rel.split("/"))
        if path.is_file() and not hidden:
            seen[rel] = path.read_bytes()
    return seen


def _args(tmp_path: Path, out: Path, seed: int) -> list[str]:
    return [
        "build", str(tmp_path / "p"), "-n", "2", "--card-size", "30mm", "--no-cover", "-q",
        "-o", str(out / "deck.pdf"), "--report", str(out / "report.json"),
        "--png-dir", str(out / "cards"), "--shop", str(out / "shop"), "--seed", str(seed),
        "--play", str(out / "deck.html"),
    ]  # fmt: skip


def test_stopped_at_ten_moments_a_build_leaves_the_old_set_or_the_new_and_says_which(
    tmp_path, monkeypatch
):
    monkeypatch.setattr("dobble_print.parallel.cores", lambda: 1)  # no worker start-up
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # the disk's own speed is not at stake
    make_pictures(tmp_path / "p", 3)
    old_dir, new_dir = tmp_path / "old", tmp_path / "new"
    assert CliRunner().invoke(app, _args(tmp_path, old_dir, 1)).exit_code == 0
    shutil.copytree(old_dir, new_dir)
    assert CliRunner().invoke(app, _args(tmp_path, new_dir, 2)).exit_code == 0
    sets = {"old": visible(old_dir), "new": visible(new_dir)}
    assert len(sets["old"]) == 13 and sets["old"].keys() == sets["new"].keys()
    changed = [n for n in sets["old"] if sets["old"][n] != sets["new"][n]]
    changed_too = {"deck.pdf", "report.json", "deck.html", "cards/card_001.png", "shop/cards.pdf"}
    assert changed_too <= set(changed)

    progress, swap, commit = Bars.__call__, staging_module._swap, Staging.commit
    for (at, count), expected in MOMENTS:
        out = tmp_path / f"{at}-{count}"
        shutil.copytree(old_dir, out)
        seen, left_by_kill, terms = {"swap": 0}, [], []

        def moment(name, done, out=out, at=at, count=count, left_by_kill=left_by_kill):
            if (name, done) == (at, count):
                left_by_kill.append(visible(out))
                if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                    # what Python's own handler does, at once: a signal's handler runs at the
                    # next bytecode, which may be a finaliser's, where it would be swallowed
                    raise KeyboardInterrupt
                os.kill(os.getpid(), signal.SIGINT)
                if at == "swap":  # held back too: the process ends once all is in place
                    os.kill(os.getpid(), signal.SIGTERM)

        def on_progress(self, stage, done, total, moment=moment):
            moment(stage, done)
            return progress(self, stage, done, total)

        def on_swap(*args, moment=moment, seen=seen, **kwargs):
            seen["swap"] += 1
            moment("swap", seen["swap"])
            return swap(*args, **kwargs)

        def on_commit(self, moment=moment):
            moment("commit", 0)
            commit(self)
            moment("after", 0)

        monkeypatch.setattr(Bars, "__call__", on_progress)
        monkeypatch.setattr(staging_module, "_swap", on_swap)
        monkeypatch.setattr(Staging, "commit", on_commit)
        before = signal.signal(signal.SIGTERM, lambda *_, terms=terms: terms.append(1))
        try:
            result = CliRunner().invoke(app, _args(tmp_path, out, 2))
        finally:
            signal.signal(signal.SIGTERM, before)
        where = f"Ctrl-C at {at} {count}"
        assert len(left_by_kill) == 1, f"{where}: the moment never came"
        assert result.exit_code == 130, f"{where}: exit code {result.exit_code}, {result.output!r}"
        assert result.stderr.splitlines()[-1] == (NOTHING if expected == "old" else ALL), where
        assert visible(out) == sets[expected], where
        assert sorted(os.listdir(out)) == sorted(os.listdir(old_dir)), f"{where}: left staged"
        assert terms == ([1] if at == "swap" and expected == "new" else []), where
        if at != "swap" or expected == "old":  # kill -9 in the commit's renames is a mix
            assert left_by_kill[0] == sets[expected], f"kill -9 at {at} {count}"


def test_what_a_killed_build_left_staged_is_removed_and_nothing_else(tmp_path):
    (tmp_path / "deck.pdf").write_bytes(b"the deck")
    (tmp_path / ".deck.pdf.0a1b2c3d.part").write_bytes(b"half a deck")
    (tmp_path / ".deck.pdf.notours.part").write_bytes(b"someone's")
    for name, ours in ((".cards.0a1b2c3d.part", True), (".cards.ffffffff.part", False)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "card_001.png").write_bytes(b"a card")
        if ours:
            (tmp_path / name / MARKER).write_text(marker_text([]), encoding="utf-8")
    remove_stale([tmp_path / "deck.pdf", tmp_path / "cards"])
    assert sorted(os.listdir(tmp_path)) == [
        ".cards.ffffffff.part",
        ".deck.pdf.notours.part",
        "deck.pdf",
    ]


@pytest.mark.parametrize("failing", [1, 3])
def test_a_file_that_cannot_be_replaced_puts_back_those_already_replaced(
    tmp_path, monkeypatch, failing
):
    """The k-th rename fails (a file open in a viewer on Windows): all is as it was, and nothing
    staged is left."""
    from dobble_print.errors import DobbleError

    targets = [tmp_path / f"f{i}.txt" for i in range(4)]
    for target in targets[:3]:
        target.write_text(f"old {target.name}")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    replace, calls = os.replace, []

    def held(src, dst, *args, **kwargs):
        calls.append(dst)
        if len(calls) == failing + 1:
            raise PermissionError(13, "Permission denied")
        return replace(src, dst, *args, **kwargs)

    with Staging() as staging:
        for target in targets:
            staging.file(target, lambda tmp, t=target: tmp.write_text(f"new {t.name}"))
        monkeypatch.setattr(os, "replace", held)
        with pytest.raises(DobbleError):
            staging.commit()
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_only_a_file_that_another_could_still_undo_is_kept_while_replaced(tmp_path, monkeypatch):
    """What a file replaces is kept (a hard link under a hidden name) only while a later file
    could still fail and need it back: the last file's is not, so a ``kill -9`` in the commit
    of a lone PDF has one hidden name fewer to leave behind, for a shorter moment."""
    targets = [tmp_path / "deck.pdf", tmp_path / "report.json"]
    for target in targets:
        target.write_text(f"old {target.name}")
    link, kept = os.link, []

    def recorded(src, dst, *args, **kwargs):
        kept.append(Path(src).name)  # the staged files are linked from /proc/self/fd/N
        return link(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "link", recorded)
    for files in (targets[:1], targets):
        kept.clear()
        with Staging() as staging:
            for target in files:
                staging.file(target, lambda tmp, t=target: tmp.write_text(f"new {t.name}"))
            staging.commit()
        assert [name for name in kept if not name.isdigit()] == [t.name for t in files[:-1]]
        assert sorted(os.listdir(tmp_path)) == ["deck.pdf", "report.json"]
        assert all(t.read_text() == f"new {t.name}" for t in files)
