"""The tool replaces only what it made (issue 35, "Files that are not ours get replaced", and the
Windows names and locked files of issue 34): args → exit code → exact line, and every file that
was there before left as it was."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dobble_print.cli import app
from tests.conftest import make_pictures

ERROR = "dobble-print: error: "
MARKER = (  # the first line of the list of files a build wrote into a folder
    "dobble-print wrote the files listed here; its next build into this folder replaces them\n"
)


def run(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def snapshot(folder: Path) -> dict[str, object]:
    """Every entry under ``folder``: a file's bytes, a link's target, a pipe's kind."""
    seen: dict[str, object] = {}
    for top, dirs, names in os.walk(folder):
        for name in names + [d for d in dirs if os.path.islink(os.path.join(top, d))]:
            path = Path(top, name)
            rel = path.relative_to(folder).as_posix()
            if path.is_symlink():
                seen[rel] = ("link", os.readlink(path))
            elif path.is_file():
                seen[rel] = path.read_bytes()
            else:
                seen[rel] = ("special", os.lstat(path).st_mode)
    return seen


@pytest.fixture
def pics(tmp_path):
    make_pictures(tmp_path / "p", 7)
    return tmp_path / "p"


def _special(path: Path, kind: str) -> Path:
    """``path``, made a named pipe, a socket or a link (to the user's notes, or nowhere)."""
    tmp_path = path.parent
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        server.close()
    elif kind == "link":
        (tmp_path / "notes.txt").write_text("the user's notes\n")
        path.symlink_to(tmp_path / "notes.txt")
    elif kind == "dead-link":
        path.symlink_to(tmp_path / "nowhere.json")
    return path


KINDS = {
    "fifo": "a named pipe (FIFO)",
    "socket": "a socket",
    "link": "a symbolic link",
    "dead-link": "a symbolic link",
}


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("flag", ["--report", "-o"])
def test_an_output_that_is_no_ordinary_file_is_refused_before_any_work(tmp_path, pics, kind, flag):
    """Run as root, ``--report /dev/null`` replaced /dev/null itself; a pipe, a socket or a
    link (to the user's notes) are the same case made in a temporary folder."""
    path = _special(tmp_path / ("deck.pdf" if flag == "-o" else "report.json"), kind)
    before = snapshot(tmp_path)
    other = ["-o", tmp_path / "deck.pdf"] if flag == "--report" else []
    result = run("build", pics, "-n", 3, "--seed", 1, "-q", *other, flag, path)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{ERROR}{flag} {path} is {KINDS[kind]}, not an ordinary file; give a new file name"
    ]
    assert snapshot(tmp_path) == before


def test_a_png_dir_that_is_a_link_or_holds_a_pipe_of_ours_is_refused(tmp_path, pics):
    (tmp_path / "mine").mkdir()
    (tmp_path / "cards").symlink_to(tmp_path / "mine")
    before = snapshot(tmp_path)
    result = run("build", pics, "-o", tmp_path / "d.pdf", "--png-dir", tmp_path / "cards")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{ERROR}--png-dir {tmp_path / 'cards'} is a symbolic link, not an ordinary folder; "
        "give a new folder name"
    ]
    assert snapshot(tmp_path) == before
    mine = tmp_path / "mine"  # a folder of ours whose card_001.png has become a pipe
    (mine / ".dobble-print").write_text(MARKER + "card_001.png\n", encoding="utf-8")
    os.mkfifo(mine / "card_001.png")
    before = snapshot(tmp_path)
    result = run("build", pics, "-o", tmp_path / "d.pdf", "--png-dir", mine)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{ERROR}--png-dir {mine / 'card_001.png'} is a named pipe (FIFO), not an ordinary file; "
        "remove it and try again"
    ]
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    ("key", "says"),
    [
        ('output = "notes.txt"', "'output' says where the PDF goes"),
        ('report = "notes.txt"', "'report' says where the report goes"),
        ('png-dir = "cards"', "'png-dir' says where the card pictures go"),
        ('shop = "shop"', "'shop' says where the shop files go"),
        ('sources = ["/home"]', "'sources' says what is read"),
        ('back-image = "secret.png"', "'back-image' says what is read"),
    ],
)
def test_a_preset_may_not_say_where_files_go_or_what_is_read(tmp_path, pics, key, says):
    (tmp_path / "notes.txt").write_text("the user's notes\n")
    preset = tmp_path / "mine.toml"
    preset.write_text(f"symbols-per-card = 3\n{key}\n", encoding="utf-8")
    before = snapshot(tmp_path)
    result = run("build", pics, "-o", tmp_path / "d.pdf", "--preset", preset, "--seed", 1)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{ERROR}--preset {preset}: {says}, which a preset may not set (it sets how a deck "
        "looks); take it out and give it on the command line"
    ]
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("flag", ["--png-dir", "--shop"])
def test_a_folder_of_someone_elses_files_is_refused_before_any_work(tmp_path, pics, flag):
    folder = tmp_path / "holiday"
    folder.mkdir()
    (folder / "card_001.png").write_bytes(b"the user's own picture")
    (folder / "README.txt").write_text("the user's own notes\n")
    before = snapshot(tmp_path)
    result = run("build", pics, "-n", 3, "-o", tmp_path / "d.pdf", flag, folder, "--seed", 1)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{ERROR}{flag} {folder} holds files this tool did not write (README.txt); choose a new "
        "or empty folder"
    ]
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("inside", ["", "cards"])
def test_a_png_dir_in_the_picture_folder_is_refused(tmp_path, pics, inside):
    """The cards would be read as pictures by the next build from that folder."""
    folder = pics / inside if inside else pics
    before = snapshot(tmp_path)
    result = run("build", pics, "-n", 3, "-o", tmp_path / "d.pdf", "--png-dir", folder)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{ERROR}--png-dir {folder} is inside the picture folder {pics}: the cards would be read "
        "as pictures next time; choose a folder outside it"
    ]
    assert snapshot(tmp_path) == before


def test_a_preview_in_the_picture_folder_is_refused(tmp_path, pics):
    """A card saved among the pictures was one of them in the next build (a new user's trial:
    card1.png printed as a symbol, and a picture of the folder left out)."""
    out = pics / "card1.png"
    before = snapshot(tmp_path)
    result = run("preview", pics, "-n", 3, "--card", 1, "-o", out)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{ERROR}-o {out} is inside the picture folder {pics}: the cards would be read as "
        "pictures next time; choose a folder outside it"
    ]
    assert snapshot(tmp_path) == before


def test_a_folder_of_ours_is_replaced_its_stale_cards_removed_and_other_files_kept(
    tmp_path, pics, monkeypatch
):
    """A 7-card deck, then a 3-card one into the same folders: card_004…007 of the first go,
    the user's notes stay; a file of the user's with a name the deck needs (backs.pdf, with
    --backs) is refused."""
    monkeypatch.setattr("dobble_print.parallel.cores", lambda: 1)  # no worker start-up
    cards, shop = tmp_path / "cards", tmp_path / "shop"
    common = ["-o", tmp_path / "d.pdf", "--png-dir", cards, "--shop", shop, "--seed", 1, "-q"]
    common += ["--card-size", "30mm", "--no-cover"]
    assert run("build", pics, "-n", 3, *common).exit_code == 0
    assert sorted(p.name for p in cards.glob("*.png")) == [f"card_{i:03d}.png" for i in range(1, 8)]
    (cards / "notes.txt").write_text("the user's notes\n")
    result = run("build", pics, "-n", 2, *common)
    assert result.exit_code == 0, result.stderr
    names = sorted(p.name for p in cards.iterdir())
    assert names == [".dobble-print", "card_001.png", "card_002.png", "card_003.png", "notes.txt"]
    assert (cards / ".dobble-print").read_text().splitlines()[1:] == names[1:4]
    shop_names = sorted(p.relative_to(shop).as_posix() for p in shop.rglob("*"))
    assert shop_names == [
        ".dobble-print", "README.txt", "cards.pdf", "png",
        "png/card_001.png", "png/card_002.png", "png/card_003.png",
    ]  # fmt: skip
    (shop / "backs.pdf").write_bytes(b"the user's own backs")  # in a folder of ours
    before = snapshot(tmp_path)
    result = run("build", pics, "-n", 2, *common, "--backs")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{ERROR}--shop {shop / 'backs.pdf'} was not written by this tool and would be replaced; "
        "move it out or choose a new folder"
    ]
    assert snapshot(tmp_path) == before


def _profile(tmp_path: Path, front: str, back: str) -> Path:
    path = tmp_path / "shop.toml"
    path.write_text(
        'title = "A shop"\nbleed = "3mm"\nsafe-margin = "3mm"\ndpi = 300\nfiles = "png"\n'
        f'front = "{front}"\nback = "{back}"\ncut-path = false\nupload = "Upload them."\n',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("front", "back", "line"),
    [
        ("{number:03d}.png", "README.txt", "back 'README.txt' is the name of the shop folder's "
         "README; give it another name"),
        ("{number:03d}.png", "readme.TXT", "back 'readme.TXT' is the name of the shop folder's "
         "README; give it another name"),
        ("{number:03d}.png", "aux.png", "back 'aux.png' is a device name on Windows (CON, PRN, "
         "AUX, NUL, COM1…, LPT1…); give it another name"),
        ("{number:03d}.png", "CON", "back 'CON' is a device name on Windows (CON, PRN, AUX, NUL, "
         "COM1…, LPT1…); give it another name"),
        ("{number:03d}.png", "back.png.", "back 'back.png.' ends in a dot or a space, which "
         "Windows drops; give it another name"),
        ("{number:03d}.png", "back.png ", "back 'back.png ' ends in a dot or a space, which "
         "Windows drops; give it another name"),
        ("COM{number}.png", "back.png", "front 'COM1.png' is a device name on Windows (CON, PRN, "
         "AUX, NUL, COM1…, LPT1…); give it another name"),
        ("card {number}?.png", "back.png", "front 'card 1000?.png' holds a character Windows "
         'forbids in names (<>:"/\\|?* or a control character); give it another name'),
        ("{number}" + "x" * 260 + ".png", "back.png", "front makes names of 268 bytes, too long "
         "for a file; keep it under 241 bytes"),
    ],
)  # fmt: skip
def test_a_shop_profile_naming_its_readme_or_a_name_windows_forbids_is_refused(
    tmp_path, pics, front, back, line
):
    """A back named README.txt was written, then overwritten by the README (exit 0, no back)."""
    profile = _profile(tmp_path, front, back)
    result = run(
        "build", pics, "-n", 3, "-o", tmp_path / "d.pdf", "--shop", tmp_path / "shop",
        "--shop-profile", profile,
    )  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"{ERROR}--shop-profile {profile}: {line}"]
    assert not (tmp_path / "shop").exists() and not (tmp_path / "d.pdf").exists()


def test_a_locked_or_read_only_report_is_one_plain_line_and_the_pdf_is_put_back(
    tmp_path, pics, monkeypatch
):
    """Windows refuses to replace a file a program holds open (or one marked read-only): the
    PDF, replaced first, is put back, so nothing of the set changes (the PDF's own line is in
    test_messages)."""
    out, report = tmp_path / "deck.pdf", tmp_path / "r.json"
    monkeypatch.setattr("dobble_print.parallel.cores", lambda: 1)  # no worker start-up
    common = ["-n", 2, "--card-size", "30mm", "-o", out, "--report", report, "--seed", 1, "-q"]
    assert run("build", pics, *common).exit_code == 0
    locked = report
    replace = os.replace

    def held(src, dst, *args, **kwargs):
        if Path(dst) == locked:
            raise PermissionError(13, "Permission denied")
        return replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", held)
    before = snapshot(tmp_path)
    result = run("build", pics, *common[:-3], "--seed", 2, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{ERROR}{locked} cannot be replaced: it is open in a program or read-only; close it in "
        "the program that has it and try again"
    ]
    assert snapshot(tmp_path) == before  # the PDF put in place first is put back
