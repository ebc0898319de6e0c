"""Every exception an input can cause is one plain line naming the file or option (issue 35):
args → exit code → exact line; ``internal error`` is left for real bugs."""

from __future__ import annotations

import errno
import json
import os
import struct
import warnings
import zlib
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from dobble_print.cli import app
from tests.conftest import make_pictures

runner = CliRunner()


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def error(line: str) -> list[str]:
    return [f"dobble-print: error: {line}"]


def unreadable(path: Path, reason: str) -> list[str]:
    return [
        "dobble-print: error: 1 file cannot be read; fix or remove it, or use --skip-bad to "
        "build from the rest:",
        f"  {path}: {reason}",
    ]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png_with(folder: Path, name: str, chunk: bytes | None = None, *, header: bytes = b"") -> Path:
    """A good picture's PNG with ``chunk`` after its header, or with its header's data replaced
    by ``header``."""
    good = (folder / "pic_000.png").read_bytes()
    end = 8 + 25  # signature + IHDR
    if chunk is None:
        data = good[:8] + _chunk(b"IHDR", header) + good[end:]
    else:
        data = good[:end] + chunk + good[end:]
    path = folder / name
    path.write_bytes(data)
    return path


BOMB = zlib.compress(b"\0" * 2_000_000, 9)  # 2 MB unpacked: past Pillow's 1 MB for a chunk
TOO_BIG = (
    "its colour profile or text unpacks to more than 1 MB (a decompression bomb?); "
    "save the picture again"
)
BAD_PNGS = {
    "colour-profile": (_chunk(b"iCCP", b"icc\0\0" + BOMB), TOO_BIG),
    "text": (_chunk(b"zTXt", b"Comment\0\0" + BOMB), TOO_BIG),
    "empty-header": (None, "truncated or damaged (its PNG header is cut short)"),
}


@pytest.mark.parametrize(
    ("kind", "skip_bad"),
    [(kind, []) for kind in sorted(BAD_PNGS)]
    + [("colour-profile", ["--skip-bad"]), ("empty-header", ["--skip-bad"])],
)
def test_a_png_pillow_refuses_in_its_header_is_a_bad_picture(tmp_path, kind, skip_bad):
    folder = tmp_path / "p"
    make_pictures(folder, 7)
    chunk, reason = BAD_PNGS[kind]
    bad = _png_with(folder, "zz_bad.png", chunk)
    result = run("build", folder, "-o", tmp_path / "d.pdf", "--seed", 1, "-q", *skip_bad)
    if skip_bad:
        assert result.exit_code == 0, result.stderr
        assert result.stderr.splitlines() == [f"warning: skipped {bad}: {reason}"]
    else:
        assert result.exit_code == 1
        assert result.stderr.splitlines() == unreadable(bad, reason)


def test_a_bmp_with_a_negative_width_is_damaged_not_a_bomb(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 7)
    bmp = folder / "neg.bmp"
    Image.new("RGB", (20, 20), "red").save(bmp)
    data = bytearray(bmp.read_bytes())
    data[18:22] = struct.pack("<i", -20)  # the width
    bmp.write_bytes(bytes(data))
    result = run("build", folder, "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == unreadable(
        bmp, "its header gives an impossible size (4294967276×20 pixels); the file is damaged"
    )


def test_pillows_own_warnings_stay_off_the_terminal(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 7)
    tiff = folder / "zz.tif"
    Image.new("RGB", (40, 40), "red").save(tiff, description="x" * 100)
    data = bytearray(tiff.read_bytes())
    ifd = struct.unpack("<I", data[4:8])[0]
    for i in range(struct.unpack("<H", data[ifd : ifd + 2])[0]):
        entry = ifd + 2 + 12 * i
        if struct.unpack("<H", data[entry : entry + 2])[0] == 270:  # ImageDescription
            data[entry + 4 : entry + 8] = struct.pack("<I", 10**6)  # more than the file holds
    tiff.write_bytes(bytes(data))
    with warnings.catch_warnings(record=True) as caught:  # else pytest would catch them
        warnings.simplefilter("always")
        result = run("build", folder, "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert [str(w.message) for w in caught if "PIL" in w.filename] == []


# --- names ----------------------------------------------------------------------------------


def test_a_file_name_that_is_not_utf8_builds_and_is_printed_escaped(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 7)
    os.rename(folder / "pic_000.png", os.fsencode(folder) + b"/caf\xe9.png")
    report = tmp_path / "d.json"
    result = run("build", folder, "-o", tmp_path / "d.pdf", "-q", "-v", "--report", report)
    assert result.exit_code == 0, result.stderr
    assert f"used: {folder}/caf\\xe9.png" in result.stdout.splitlines()
    names = [s["source"] for s in json.loads(report.read_text(encoding="utf-8"))["symbols"]]
    assert os.fsencode(names[0]) == os.fsencode(folder) + b"/caf\xe9.png"


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("red\x1b[31mtext", "red\\x1b[31mtext"),
        ("a\x9bb", "a\\x9bb"),
        ("evil\u202egnp.exe", "evil\\u202egnp.exe"),
        ("caf\udce9", "caf\\xe9"),
        ("two\nlines\tand a tab, café 🦔", "two\nlines\tand a tab, café 🦔"),
    ],
)
def test_control_characters_are_escaped_before_they_reach_the_terminal(text, printed):
    from dobble_print.cli.errors import shown

    assert shown(text) == printed


def test_a_file_name_with_a_terminal_escape_is_printed_escaped(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 6)  # the seventh picture is needed: it is read
    (folder / "x\x1b[2Jy.png").write_bytes(b"not a picture")
    result = run("build", folder, "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[1] == (
        f"  {folder}/x\\x1b[2Jy.png: the contents are not a PNG, JPEG, HEIC, AVIF, WebP, GIF, "
        "BMP or TIFF picture; the file may be damaged or misnamed"
    )


# --- options --------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["build", "preview"])
@pytest.mark.parametrize("seed", [-1, -5])
def test_a_negative_seed_is_said_plainly(tmp_path, command, seed):
    make_pictures(tmp_path / "p", 7)
    out = tmp_path / ("d.pdf" if command == "build" else "d.png")
    result = run(command, tmp_path / "p", "-o", out, "--seed", seed)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(
        f"--seed {seed} is negative; give a whole number from 0 up"
    )


def test_an_output_name_too_long_to_stage_is_refused_before_the_build(tmp_path):
    make_pictures(tmp_path / "p", 7)
    ok, long = tmp_path / ("y" * 236 + ".pdf"), tmp_path / ("y" * 237 + ".pdf")
    result = run("build", tmp_path / "p", "-o", long, "--seed", 1, "-q", "--png-dir", tmp_path)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(
        f"{long}: the file name is too long (241 bytes; at most 240 here); choose a shorter name"
    )
    assert list(tmp_path.glob("*.png")) == []  # refused before the cards were made
    assert run("build", tmp_path / "p", "-o", ok, "--seed", 1, "-q").exit_code == 0


def test_a_full_disk_is_said_plainly(tmp_path, monkeypatch):
    make_pictures(tmp_path / "p", 7)

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    out = tmp_path / "d.pdf"
    result = run("build", tmp_path / "p", "-o", out, "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(
        f"{out}: the disk is full (no space left on the disk); free some space or choose another "
        "output path"
    )
    assert not out.exists()


FONT = ("--font", ".ttf", "give a font file (.ttf, .otf or .ttc)")
PICTURE = "give a picture (PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP, TIFF or SVG)"
BACK = ("--back-image", ".png", PICTURE)
PIPE = (os.mkfifo, "not a regular file (a pipe or a device)")


@pytest.mark.parametrize(
    ("flag", "suffix", "remedy", "make", "what"),
    [(*FONT, *PIPE), (*BACK, *PIPE), (*BACK, os.mkdir, "is a folder")],
    ids=["font-pipe", "back-pipe", "back-folder"],
)
def test_a_pipe_or_folder_given_as_a_file_is_called_what_it_is(
    tmp_path, flag, suffix, remedy, make, what
):
    make_pictures(tmp_path / "p", 7)
    path = tmp_path / f"thing{suffix}"
    make(path)
    words = tmp_path / "w.txt"  # a font is checked for words
    words.write_text("cat\n", encoding="utf-8")
    result = run("build", tmp_path / "p", words, "-o", tmp_path / "d.pdf", "--seed", 1, "-q",
                 flag, path)  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(f"{flag} {path}: {what}; {remedy}")


def test_a_fully_transparent_back_is_refused(tmp_path):
    make_pictures(tmp_path / "p", 7)
    back = tmp_path / "clear.png"
    Image.new("RGBA", (50, 50), (0, 0, 0, 0)).save(back)
    out = tmp_path / "d.pdf"
    result = run("build", tmp_path / "p", "-o", out, "--seed", 1, "-q", "--back-image", back)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(
        f"--back-image {back}: the picture is empty (fully transparent); give a picture with "
        "something to print"
    )
    assert not out.exists()


# --- presets and shop profiles --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a = " + "[" * 100_000 + "]" * 100_000 + "\n",
         'its values are nested too deeply; a preset holds plain values such as '
         'card-size = "94mm"'),
        ("cards = true\n", "cards = true, but --cards takes a whole number, not true or false"),
        ("rotation = false\n",
         "rotation = false, but --rotation takes a number, not true or false"),
        ("card-size = true\n",
         "card-size = true, but --card-size takes text in quotes, not true or false"),
    ],
    ids=["nested", "cards", "rotation", "card-size"],
)  # fmt: skip
def test_a_preset_value_that_is_no_option_value_is_said(tmp_path, text, line):
    make_pictures(tmp_path / "p", 7)
    preset = tmp_path / "my.toml"
    preset.write_text(text, encoding="utf-8")
    result = run("build", tmp_path / "p", "-o", tmp_path / "d.pdf", "--seed", 1, "-q",
                 "--preset", preset)  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(f"--preset {preset}: {line}")


TGC = (Path(__file__).parents[2] / "templates" / "shops" / "tgc-circle.toml").read_text("utf-8")


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ('bleed = "0.125in"', 'bleed = "5000mm"',
         "bleed 5000 mm is out of range; use 0 to 6 mm (print shops ask for about 3 mm)"),
        ('front = "{number:03d}-front.png"', 'front = "{number:0300d}-front.png"',
         "front makes names of 310 bytes, too long for a file; keep it under 241 bytes"),
        ('front = "{number:03d}-front.png"', 'front = "{number:03d}\\u0000-front.png"',
         "front '{number:03d}\\x00-front.png' holds a control character; give a plain file "
         'name, e.g. "back.png"'),
        ('back = "back.png"', 'back = "b\\u0000ack.png"',
         "back 'b\\x00ack.png' holds a control character; give a plain file name, "
         'e.g. "back.png"'),
    ],
    ids=["bleed", "long-name", "nul-front", "nul-back"],
)  # fmt: skip
def test_a_shop_profile_that_cannot_be_made_is_said(tmp_path, old, new, line):
    make_pictures(tmp_path / "p", 7)
    profile = tmp_path / "shop.toml"
    assert old in TGC
    profile.write_text(TGC.replace(old, new), encoding="utf-8")
    result = run("build", tmp_path / "p", "-o", tmp_path / "d.pdf", "--seed", 1, "-q",
                 "--shop", tmp_path / "shop", "--shop-profile", profile)  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(f"--shop-profile {profile}: {line}")


# --- word lists and vocabulary files --------------------------------------------------------


@pytest.mark.parametrize("text", ["", "\n\n  \n# a comment\n"], ids=["empty", "blank"])
def test_an_empty_word_list_is_not_called_0_pictures(tmp_path, text):
    words = tmp_path / "words.txt"
    words.write_text(text, encoding="utf-8")
    result = run("build", words, "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(f"{words}: holds no words; put one word per line")


@pytest.mark.parametrize(
    ("name", "text"),
    [("words.txt", "cat\ndog\nsun\n"), ("vocab.csv", "word,fr\ncat,chat\ndog,chien\n")],
)
def test_utf16_without_a_bom_is_read_never_printed_with_zero_bytes(tmp_path, name, text):
    """Read as the UTF-16 it is (symbols/encoding.py): its words, not NUL bytes, are shown."""
    path = tmp_path / name
    path.write_bytes(text.encode("utf-16-le"))
    result = run("plan", path)
    assert "\x00" not in result.output
    said = "3 words" if name == "words.txt" else f"dobble-print: error: {path}: 2 symbols"
    assert result.output.startswith(said)


def _vocabulary(folder: Path, last: str) -> Path:
    make_pictures(folder, 6)
    rows = ["picture,word", *(f"pic_{i:03d}.png,w{i}" for i in range(6)), f"{last},last"]
    path = folder / "vocab.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_a_vocabulary_picture_path_too_long_for_the_system_is_said(tmp_path):
    cell = "z" * 300 + ".png"
    vocab = _vocabulary(tmp_path / "v", cell)
    result = run("build", vocab, "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(
        f"{vocab}:8: {cell}: cannot be opened (the name is too long); give a shorter path to the "
        "picture"
    )


def test_a_source_path_too_long_for_the_system_is_said(tmp_path):
    path = tmp_path / ("x" * 300 + ".csv")
    result = run("build", path, "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(
        f"{path}: cannot be opened (the name is too long); give a shorter path"
    )


def test_a_vocabulary_picture_linked_from_outside_its_folder_is_not_followed(tmp_path):
    make_pictures(tmp_path / "elsewhere", 1, seed=5)
    (tmp_path / "v").mkdir()
    (tmp_path / "v" / "out.png").symlink_to(tmp_path / "elsewhere" / "pic_000.png")
    vocab = _vocabulary(tmp_path / "v", "out.png")
    result = run("build", vocab, "-o", tmp_path / "d.pdf", "--seed", 1, "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == error(
        f"{vocab}:8: out.png: a link to a file outside the folder of vocab.csv, which is not "
        "followed (nor in a folder of pictures); copy the picture into the folder"
    )
