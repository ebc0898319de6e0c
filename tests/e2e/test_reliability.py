"""Reliability and safety through the CLI: hostile folders, outputs, inputs, kills, determinism.

Builds on ``test_hostile_symbols`` (each bad file through the loaders, SVG without network or file
access) and ``test_output`` (atomic writes, kills): here every case is a *folder* given to
``dobble-print build``, alone and mixed into a good folder, and must end in a clean skip with a
message or a one-line error; never a traceback. The worst cases run in a child process whose peak
memory (VmHWM) and time are bounded. Decks stay small (7 cards) to keep the suite quick.
"""

from __future__ import annotations

import functools
import hashlib
import os
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from dobble_print.cli.commands import app
from tests.conftest import REPO, make_pictures
from tests.support import symbol_files as sf
from tests.symbols.test_hostile_symbols import BAD, listener  # noqa: F401  (a fixture)
from tests.symbols.test_hostile_symbols import _make as make_bad

# builds here start their worker processes, as on a user's machine
pytestmark = pytest.mark.usefixtures("all_cores")


ERROR = "dobble-print: error: "
SKIP_BAD_HEAD = "cannot be read; fix"  # then the files, one a line


def cli(*args: str):
    return CliRunner().invoke(app, list(args))


def assert_clean(result) -> None:
    """Exit 0 or 1, no traceback, and an error is exactly one line (plus listed files)."""
    text = result.output + (result.stderr or "")
    assert "Traceback" not in text, text
    assert result.exit_code in (0, 1), (result.exit_code, text, result.exception)
    assert "internal error" not in text, text
    if result.exit_code == 1:
        errors = [line for line in result.stderr.splitlines() if line.startswith(ERROR)]
        assert len(errors) == 1, result.stderr
        if SKIP_BAD_HEAD not in errors[0]:
            assert result.stderr.splitlines() == errors, result.stderr


# --- the cases: each maker fills a folder and says what must be said about it ----------------


def _same_each_time(make: Callable[[Path], list[Path]]) -> Callable[[Path], list[Path]]:
    """``make``, whose files are the same bytes every time: made once in this process, then
    their bytes written again (four tests make each; the 6000×4000 pair alone takes a second)."""
    kept: dict[str, bytes] = {}

    @functools.wraps(make)
    def again(folder: Path) -> list[Path]:
        if not kept:
            made = make(folder)
            kept.update((path.name, path.read_bytes()) for path in made)
            return made
        for name, data in kept.items():
            (folder / name).write_bytes(data)
        return [folder / name for name in kept]

    return again


@_same_each_time
def _huge(folder: Path) -> list[Path]:
    """6000×4000, as a PNG and as a JPEG: smooth gradients, cheap to encode. The JPEG is turned
    upside down: the same picture re-saved would be a near-duplicate, used once."""
    grey = Image.linear_gradient("L").resize((6000, 4000))
    im = Image.merge("RGB", (grey, grey.transpose(Image.Transpose.FLIP_LEFT_RIGHT), grey))
    return [
        sf.save(im, folder / "000 huge.png", compress_level=1),
        sf.save(im.transpose(Image.Transpose.ROTATE_180), folder / "000 huge.jpg", quality=80),
    ]


def _tiny(folder: Path) -> list[Path]:
    return [
        sf.save(Image.new("RGB", (1, 1), (200, 30, 30)), folder / "000_tiny.png"),
        sf.save(Image.new("RGBA", (1, 1), (30, 30, 200, 255)), folder / "000_tiny_alpha.png"),
    ]


def _white(folder: Path) -> list[Path]:
    return [sf.save(sf.blob(colour=(255, 255, 255)), folder / "000_white.png")]


def _unicode(folder: Path) -> list[Path]:
    names = ["000 ça va 🙂 — ünï.png", "000  lots   of spaces .png", "000 猫 кот قطة.png"]
    return [sf.save(sf.blob(colour=(40 * i, 120, 200)), folder / n) for i, n in enumerate(names)]


def _duplicates(folder: Path) -> list[Path]:
    first = sf.save(sf.blob(colour=(10, 200, 10)), folder / "000_a.png")
    copy = folder / "000_b (copy).png"
    shutil.copyfile(first, copy)
    return [first, copy]


def _nested(folder: Path) -> list[Path]:
    make_pictures(folder / "000 sub" / "deeper", 3, seed=9)
    return sorted((folder / "000 sub" / "deeper").iterdir())


def _system_folders(folder: Path) -> list[Path]:
    made = []
    for name in (".thumbnails", "__MACOSX", "@eaDir"):
        make_pictures(folder / name, 1, seed=11)
        made.append(folder / name)
    (folder / "000_up").symlink_to(folder, target_is_directory=True)
    return [*made, folder / "000_up"]


def _outside_links(folder: Path) -> list[Path]:
    outside = folder.parent / f"{folder.name}-outside"
    make_pictures(outside, 1, seed=4)
    links = {
        "000_link.png": outside / "pic_000.png",
        "000_dirlink": outside,
        "000_passwd.png": Path("/etc/passwd"),
    }
    for name, target in links.items():
        (folder / name).symlink_to(target)
    return [folder / n for n in links]


def _bad_links(folder: Path) -> list[Path]:
    (folder / "000_loop.png").symlink_to("000_loop.png")
    (folder / "000_broken.png").symlink_to("nowhere.png")
    os.mkfifo(folder / "000_pipe.png")
    return [folder / "000_loop.png", folder / "000_broken.png", folder / "000_pipe.png"]


def _non_images(folder: Path) -> list[Path]:
    made = []
    for name, data in {"000 notes.doc": b"x", "000 README": b"x", ".DS_Store": b"\0"}.items():
        (folder / name).write_bytes(data)
        made.append(folder / name)
    return made


@_same_each_time
def _gzip_bomb(folder: Path) -> list[Path]:
    import gzip

    (folder / "000_bomb.svgz").write_bytes(gzip.compress(b"<svg>" + b" " * 30_000_000, 9))
    return [folder / "000_bomb.svgz"]


def _junk(folder: Path) -> list[Path]:
    import numpy as np

    rng = np.random.default_rng(5)
    made = [folder / f"000_junk{ext}" for ext in (".webp", ".gif", ".tif", ".bmp")]
    for path in made:
        path.write_bytes(rng.bytes(700))
    return made


def _hostile(kind: str) -> Callable[[Path], list[Path]]:
    def make(folder: Path) -> list[Path]:
        path = make_bad(kind, folder)
        for tmp in folder.glob("*.tmp"):
            tmp.unlink()
        return [path.rename(path.with_name("000_" + path.name))]

    return make


# name → (maker, what a mixed build prints). "skipped: reason" means the file is refused (exit 1
# without --skip-bad, a warning with it); "warning: text" and "note" are printed by a build that
# succeeds; "used" means the file just works.
CASES: dict[str, tuple[Callable[[Path], list[Path]], str]] = {
    **{
        f"symbols issue: {k}": (_hostile(k), f"skipped: {v}")
        for k, v in BAD.items()
        if k != "transparent.png"
    },
    "symbols issue: transparent.png": (
        _hostile("transparent.png"),
        "skipped: the picture is empty (fully transparent)",
    ),
    "gzip bomb .svgz": (_gzip_bomb, "skipped: too large (over 20 MB of SVG); simplify it"),
    "random bytes named as pictures": (_junk, "skipped: "),
    "6000x4000 PNG and JPEG": (_huge, "used"),
    "1x1 pictures": (_tiny, "used"),
    "white on transparent": (_white, "warning: nearly all the card's colour (#ffffff)"),
    "unicode and spaces in names": (_unicode, "used"),
    "byte-identical duplicates": (_duplicates, "warning: same pixels as"),
    "nested folders": (_nested, "found"),
    "hidden and system folders, a link back up": (_system_folders, "note"),
    "symlinks leaving the folder": (_outside_links, "note: a link to outside the folder"),
    "symlink loop, broken link, pipe": (_bad_links, "note"),
    "files that are not pictures": (_non_images, "note"),
}


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("good") / "pics"
    make_pictures(folder, 7, seed=3)
    return folder


def _snapshot(folder: Path) -> dict[str, tuple]:
    """Every entry under ``folder`` (links not followed): kind, size, mtime_ns, sha256."""
    found = {}
    for path in sorted(folder.rglob("*")):
        st = path.lstat()
        digest = ""
        if path.is_file() and not path.is_symlink():
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
        found[str(path.relative_to(folder))] = (st.st_mode, st.st_size, st.st_mtime_ns, digest)
    return found


# An audit hook (it cannot be removed, so it only records while the event is set) sees every file
# the build opens, with the flags it opens it with.
_opened: list[tuple[str, int]] = []
_recording = threading.Event()


_connected: list[tuple] = []


def _audit(event: str, args: tuple) -> None:
    if not _recording.is_set():
        return
    if event == "open" and isinstance(args[0], (str, Path)):
        _opened.append((os.path.abspath(args[0]), args[2] if isinstance(args[2], int) else 0))
    elif event in ("socket.connect", "socket.getaddrinfo", "urllib.Request"):
        _connected.append((event, args))


sys.addaudithook(_audit)
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _build_recorded(*args: str):
    _opened.clear()
    _connected.clear()
    _recording.set()
    try:
        return cli(*args)
    finally:
        _recording.clear()


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_case_alone(tmp_path, case):
    """A folder holding only the case: a one-line error (too few pictures, or the bad files)."""
    folder = tmp_path / "alone"
    folder.mkdir()
    CASES[case][0](folder)
    out = tmp_path / "out" / "d.pdf"
    result = cli("build", str(folder), "-o", str(out), "--seed", "1", "-q")
    assert_clean(result)
    assert out.exists() == (result.exit_code == 0)
    if case not in ("unicode and spaces in names", "nested folders"):  # 3 make 3 cards of 2
        assert result.exit_code == 1


def test_an_empty_folder_and_a_folder_of_non_pictures(tmp_path):
    why = {
        "empty": "0 pictures cannot make a deck; the smallest deck needs 3 pictures "
        "(3 cards of 2 symbols)",
        "others": "no pictures to make a deck from (it needs 3): 2 files of a type dobble-print "
        "does not read: no extension (1), .doc (1); for each word processor's document (.doc), "
        "save it as plain text (.txt); 1 hidden or system file or folder passed over; no "
        "subfolders to search",
    }
    for name, maker in (("empty", lambda f: []), ("others", _non_images)):
        folder = tmp_path / name
        folder.mkdir()
        maker(folder)
        result = cli("build", str(folder), "-o", str(tmp_path / "d.pdf"), "--seed", "1")
        assert_clean(result)
        assert result.stderr.splitlines()[-1] == f"{ERROR}{folder}: {why[name]}"


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_case_mixed_into_a_good_folder(tmp_path, good, case):
    """Mixed with 7 good pictures the case sorts first, so it is read; the inputs stay untouched,
    are only ever opened read-only, and links that leave the folder are never opened."""
    folder = tmp_path / "mixed"
    shutil.copytree(good, folder)
    maker, expect = CASES[case]
    made = maker(folder)
    outside = folder.parent / f"{folder.name}-outside"
    before = _snapshot(folder), _snapshot(outside) if outside.exists() else {}
    out = tmp_path / "out" / "new folder" / "deck.pdf"  # the missing folder is made
    args = ["build", str(folder), "-o", str(out), "--seed", "1", "-q", "--verbose", "--cards", "3"]
    start = time.perf_counter()
    result = _build_recorded(*args)
    assert_clean(result)
    if expect.startswith("skipped: "):
        reason = expect.removeprefix("skipped: ")
        assert result.exit_code == 1 and not out.exists()
        assert all(f"  {p}: {reason}" in result.stderr for p in made), result.stderr
        result = _build_recorded(*args, "--skip-bad")
        assert_clean(result)
        assert all(f"warning: skipped {p}: {reason}" in result.stderr for p in made)
    assert time.perf_counter() - start < 20
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 1000
    if expect.startswith("warning: "):
        warned = [w for w in result.stderr.splitlines() if w.startswith("warning: ")]
        assert any(expect.removeprefix("warning: ") in w for w in warned), result.stderr
    if expect.startswith("note"):
        lines = result.stdout.splitlines()
        for p in made:
            assert any(line.startswith(f"{p}: skipped (") for line in lines), result.stdout
        assert expect.removeprefix("note").removeprefix(": ") in result.stdout
    if expect == "used":
        assert all(f"used: {p}" in result.stdout for p in made), result.stdout
    if expect == "found":  # found in a subfolder: used, or unused (named by file name)
        lines = result.stdout.splitlines()
        assert all(f"used: {p}" in lines or f"unused: {p.name}" in lines for p in made)
    # Input safety: nothing changed, nothing opened for writing, no link target outside opened.
    assert (_snapshot(folder), _snapshot(outside) if outside.exists() else {}) == before
    inside = [(p, flags) for p, flags in _opened if p.startswith(str(folder) + os.sep)]
    assert inside, "the build read nothing from the folder?"
    assert all(flags & _WRITING == 0 for _, flags in inside), inside
    if outside.exists():
        assert not [p for p, _ in _opened if p.startswith(str(outside))]
        assert not [p for p, _ in _opened if p == "/etc/passwd"]


def test_svgs_in_a_folder_reach_no_network_and_no_other_file(tmp_path, good, listener):  # noqa: F811
    """The folder-level case of test_hostile_symbols' SVG test: external images, <use> of other
    files, file: URLs and CSS imports draw nothing, connect nowhere and open nothing."""
    port, hits = listener
    secret = sf.save(Image.new("RGB", (40, 40), (255, 0, 0)), tmp_path / "secret.png")
    folder = tmp_path / "pics"
    shutil.copytree(good, folder)
    (folder / "000_http.svg").write_text(sf.svg_with_image(f"http://127.0.0.1:{port}/x.png"))
    (folder / "000_local.svg").write_text(sf.svg_with_image("../secret.png"))
    (folder / "000_file_url.svg").write_text(sf.svg_with_image(secret.as_uri()))
    (folder / "000_css.svg").write_text(
        sf.svg_with_image("x").replace(
            "<rect", f'<style>@import url("http://127.0.0.1:{port}/s.css");</style><rect'
        )
    )
    result = _build_recorded(
        "build", str(folder), "-o", str(tmp_path / "d.pdf"), "--seed", "1", "-q", "--cards", "3"
    )
    assert_clean(result)
    assert result.exit_code == 0, result.output
    assert hits == [] and _connected == []
    assert str(secret) not in {p for p, _ in _opened}
    # Each external reference drew nothing, so three of them are the same picture: used once.
    assert "warning: 3 pictures have the same pixels as others and are used once" in result.stderr


def test_everything_at_once_with_skip_bad(tmp_path, good):
    """The whole corpus in one folder, plus a word list that is not UTF-8: every file gets its
    line and the deck is still built from the good pictures."""
    folder = tmp_path / "everything"
    shutil.copytree(good, folder)
    made = {case: maker(folder) for case, (maker, _) in CASES.items()}
    refused = sum(
        len(made[case]) for case, (_, expect) in CASES.items() if expect.startswith("skipped")
    )
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("chat\néléphant\n".encode() + "thé\n".encode("cp1252"))  # mixed
    out = tmp_path / "deck.pdf"
    before = _snapshot(folder)
    result = _build_recorded(
        "build",
        str(folder),
        str(latin1),
        "-o",
        str(out),
        "--seed",
        "1",
        "-q",
        "--skip-bad",
        "--cards",
        "3",
    )
    assert_clean(result)
    assert result.exit_code == 0 and out.exists()
    skipped = [w for w in result.stderr.splitlines() if w.startswith("warning: skipped ")]
    assert len(skipped) == refused + 1
    notes = [n for n in result.stderr.splitlines() if n.startswith("note: ")]
    assert len(notes) == 1 and " files passed over (" in notes[0]  # README-like files quietly
    assert f"warning: skipped {latin1}: line 3 is not UTF-8 text; save the file as UTF-8" in skipped
    assert _snapshot(folder) == before
    assert all(flags & _WRITING == 0 for p, flags in _opened if p.startswith(str(folder)))


# --- the worst cases in a child process: bounded memory and time -----------------------------

_MEASURED = """
import atexit, re, sys
def _peak():
    status = open("/proc/self/status").read()
    sys.stderr.write("VmHWM-MB %d\\n" % (int(re.search(r"VmHWM:\\s+(\\d+)", status)[1]) // 1024))
atexit.register(_peak)
from dobble_print.cli.commands import app
app(sys.argv[1:], prog_name="dobble-print")
"""


def run_measured(args: list[str], *, timeout: float, limit_mb: int = 3000):
    """Run the CLI in a fresh process under an address-space cap; (result, peak RSS in MB).

    The peak is the child's own VmHWM: ``ru_maxrss`` from ``wait4`` is useless here, because a
    child started by a large parent (pytest) inherits the parent's high-water mark through exec.
    """

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))

    proc = subprocess.run(
        [sys.executable, "-c", _MEASURED, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=cap,
        cwd=REPO,
    )
    lines = proc.stderr.splitlines()
    peak = int(lines[-1].split()[1]) if lines and lines[-1].startswith("VmHWM-MB") else -1
    proc.stderr = "\n".join(lines[:-1])
    return proc, peak


@pytest.fixture(scope="module")
def worst(tmp_path_factory, good) -> Path:
    folder = tmp_path_factory.mktemp("worst") / "pics"
    shutil.copytree(good, folder)
    _huge(folder)
    _gzip_bomb(folder)
    for kind in ("bomb.png", "uses.svg", "entities.svg"):
        _hostile(kind)(folder)
    return folder


def test_worst_cases_stay_bounded_in_memory_and_time(tmp_path, worst):
    start = time.perf_counter()
    proc, peak = run_measured(
        ["build", str(worst), "-o", str(tmp_path / "d.pdf"), "--seed", "1", "-q", "--skip-bad"],
        timeout=90,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert 0 < peak < 400, f"peak RSS {peak} MB"
    assert time.perf_counter() - start < 60
    assert proc.stderr.count("warning: skipped") == 4


# --- output safety ---------------------------------------------------------------------------


@pytest.fixture
def folder(tmp_path, good) -> Path:
    shutil.copytree(good, tmp_path / "pics")
    (tmp_path / "words.txt").write_text("chat\nchien\n")
    return tmp_path / "pics"


@pytest.mark.parametrize(
    ("args", "option", "victim"),
    [
        (
            ["-o", "{tmp}/deck.pdf", "--report", "{pics}/pic_001.png"],
            "--report",
            "pics/pic_001.png",
        ),
        (["-o", "{tmp}/link.pdf"], "-o", "link.pdf"),  # a symbolic link to an input
        (["-o", "{tmp}/hard.pdf"], "-o", "hard.pdf"),  # a hard link to an input
        (
            [
                "-o",
                "{tmp}/deck.pdf",
                "--back-image",
                "{tmp}/back.png",
                "--report",
                "{tmp}/back.png",
            ],
            "--report",
            "back.png",
        ),
    ],
)
def test_an_output_that_is_an_input_is_refused(tmp_path, folder, args, option, victim):
    (tmp_path / "link.pdf").symlink_to(folder / "pic_002.png")
    os.link(folder / "pic_003.png", tmp_path / "hard.pdf")
    sf.save(sf.blob(), tmp_path / "back.png")
    shutil.copyfile(folder / "pic_004.png", folder / "card_001.png")
    before = _snapshot(tmp_path)
    args = [a.format(pics=folder, tmp=tmp_path) for a in args]
    result = cli("build", str(folder), str(tmp_path / "words.txt"), "--seed", "1", *args)
    assert_clean(result)
    assert result.stderr.splitlines() == [
        f"{ERROR}{option} {tmp_path / victim}: that is one of the input files and would be "
        "replaced; choose another output path"
    ]
    assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("victim", ["pics/pic_000.png", "words.txt"])
def test_an_output_named_like_an_input_is_refused_for_its_suffix(tmp_path, folder, victim):
    before = _snapshot(tmp_path)
    path = tmp_path / victim
    result = cli("build", str(folder), str(tmp_path / "words.txt"), "--seed", "1", "-o", str(path))
    assert_clean(result)
    assert result.stderr.splitlines() == [
        f"{ERROR}-o {path}: build writes a PDF; name it {path.with_suffix('.pdf')}"
    ]
    assert _snapshot(tmp_path) == before


def test_preview_refuses_to_write_over_an_input(folder):
    before = _snapshot(folder)
    result = cli("preview", str(folder), "-o", str(folder / "pic_000.png"))
    assert result.stderr.splitlines() == [
        f"{ERROR}-o {folder / 'pic_000.png'}: that is one of the input files and would be "
        "replaced; choose another output path"
    ]
    assert _snapshot(folder) == before


@pytest.mark.parametrize(
    ("output", "line"),
    [
        (
            "{pics}/pic_000.png/deck.pdf",
            "{out}: cannot create the folder {pics}/pic_000.png (a "
            "file of that name is in the way); choose another output path",
        ),
        (
            "/proc/deck.pdf",
            "{out}: cannot write there (no such file or folder); choose another output path",
        ),
        ("{pics}", "{out}: is a folder; give a file name for the output"),
    ],
)
def test_unwritable_outputs_fail_at_once_with_one_line(folder, output, line):
    """Paths even root cannot write; checked before any picture is loaded."""
    out = output.format(pics=folder)
    start = time.perf_counter()
    result = cli("build", str(folder), "-o", out, "--seed", "1")
    assert_clean(result)
    assert result.stderr.splitlines()[-1] == ERROR + line.format(out=out, pics=folder)
    assert time.perf_counter() - start < 2  # failed before the layout


def _as_nobody() -> list[str] | None:
    """A command prefix running as ``nobody``, when that user can run this Python at all."""
    if os.geteuid() != 0:
        return []
    prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    try:
        ok = (
            subprocess.run(
                [*prefix, sys.executable, "-c", "import dobble_print"],
                capture_output=True,
                cwd="/",
                timeout=30,
            ).returncode
            == 0
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return prefix if ok else None


def test_a_read_only_folder_gives_a_clear_error(good):
    prefix = _as_nobody()
    if prefix is None:
        pytest.skip(
            "running as root, which writes into read-only folders, and user nobody cannot "
            "run this Python; /proc and a file in the way cover the message instead"
        )
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="dobble-ro-"))
    try:
        shutil.copytree(good, base / "pics")
        (base / "locked").mkdir()
        for path in (base, base / "pics", base / "locked"):
            path.chmod(0o755)
        (base / "locked").chmod(0o555)
        out = base / "locked" / "deck.pdf"
        proc = subprocess.run(
            [
                *prefix,
                sys.executable,
                "-m",
                "dobble_print",
                "build",
                str(base / "pics"),
                "-o",
                str(out),
                "--seed",
                "1",
            ],
            capture_output=True,
            text=True,
            cwd="/",
            timeout=60,
        )
        assert proc.returncode == 1
        assert proc.stderr.splitlines()[-1] == (
            f"{ERROR}{out}: cannot write there (permission denied); choose another output path"
        )
        assert os.listdir(base / "locked") == []
    finally:
        shutil.rmtree(base)


def test_a_failed_build_keeps_the_old_output(tmp_path, folder):
    old = tmp_path / "deck.pdf"
    old.write_bytes(b"%PDF-1.4 the old deck")
    make_bad("text.png", folder).rename(folder / "000.png")
    result = cli("build", str(folder), "-o", str(old), "--seed", "1")
    assert result.exit_code == 1
    assert old.read_bytes() == b"%PDF-1.4 the old deck"
    assert sorted(os.listdir(tmp_path)) == ["deck.pdf", "pics", "words.txt"]


# --- kills at spread moments, over an existing output; determinism across hash seeds ----------


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """A mixed 7-card deck (pictures, an SVG, words) built once in a child: its command, bytes
    and wall time."""
    tmp = tmp_path_factory.mktemp("reference")
    folder = tmp / "pics"
    make_pictures(folder, 4, seed=11)
    (folder / "sun.svg").write_text(sf.outline_svg("sun"))
    (tmp / "words.txt").write_text("chat\néléphant\n")
    out = tmp / "out" / "deck.pdf"
    cmd = [
        sys.executable,
        "-m",
        "dobble_print",
        "build",
        str(folder),
        str(tmp / "words.txt"),
        "-o",
        str(out),
        "--seed",
        "5",
        "--quiet",
    ]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    return cmd, out, out.read_bytes(), time.perf_counter() - start


@pytest.mark.parametrize("hash_seed", ["4242"])
def test_identical_bytes_across_runs_and_hash_seeds(reference, hash_seed):
    cmd, out, complete, _ = reference
    out.unlink()
    subprocess.run(
        cmd, check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": hash_seed}
    )
    assert out.read_bytes() == complete


def test_modules_in_the_folder_a_user_builds_from_are_not_imported(tmp_path):
    """The packing workers' server starts as ``python -c``, which would import from the current
    folder first: a user's ``numpy.py`` or an old ``dobble_print`` there must change nothing."""
    make_pictures(tmp_path / "pics", 13, seed=4)  # 13 cards: packed by worker processes
    args = ["build", str(tmp_path / "pics"), "--seed", "3", "--quiet", "-o"]
    assert cli(*args, str(tmp_path / "a.pdf")).exit_code == 0  # the deck, built here
    cmd = [str(Path(sys.executable).with_name("dobble-print")), *args]
    here = tmp_path / "here"
    (here / "dobble_print").mkdir(parents=True)
    (here / "dobble_print" / "__init__.py").write_text('raise SystemExit("an old copy")\n')
    (here / "numpy.py").write_text('raise SystemExit("the folder\'s numpy.py")\n')
    proc = subprocess.run([*cmd, str(tmp_path / "b.pdf")], cwd=here, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "b.pdf").read_bytes() == (tmp_path / "a.pdf").read_bytes()


KILLS = [signal.SIGKILL, signal.SIGTERM, signal.SIGINT] * 3 + [signal.SIGKILL, signal.SIGKILL]


def test_killing_at_spread_moments_keeps_the_old_output_or_the_new_one(tmp_path, good):
    """11 kills (test_output has 9 more) spread from process start to the end, over an existing
    deck: the folder then holds the old deck or the complete new one, and nothing else."""
    out = tmp_path / "out" / "deck.pdf"
    cmd = [
        sys.executable,
        "-m",
        "dobble_print",
        "build",
        str(good),
        "-o",
        str(out),
        "--seed",
        "2",
        "--quiet",
    ]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    full = time.perf_counter() - start
    complete = out.read_bytes()
    old = b"%PDF-1.4 the previous deck\n"
    outcomes = []
    for i, sig in enumerate(KILLS):
        out.write_bytes(old)
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(full * (i + 0.5) / len(KILLS))
        proc.send_signal(sig)
        proc.wait(timeout=60)
        assert os.listdir(out.parent) == ["deck.pdf"], os.listdir(out.parent)
        data = out.read_bytes()
        assert data in (old, complete), len(data)
        outcomes.append("new" if data == complete else "old")
    assert "old" in outcomes  # the kills did land before the end
