"""True words (issue 40, item 8): each input that was said wrongly or not at all, with the line
a user now reads. Files are made here, small; pictures are read by Pillow, so the two SVG
renderers give the same answers (none of these files is an SVG)."""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

import pytest
from PIL import Image

from dobble_print.errors import DobbleError
from dobble_print.language import reason
from dobble_print.symbols import find_sources, load_picture, raster
from dobble_print.symbols.pictures import picture_problem
from dobble_print.symbols.raster import BadPicture
from dobble_print.symbols.words.typeset import read_words, too_long
from tests.conftest import make_pictures
from tests.e2e.test_budget import assert_within_budget, run_cli
from tests.support.messages import as_cli


def _avif(size=(64, 48), claimed: tuple[int, int] | None = None) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, "red").save(out, "AVIF")
    data = out.getvalue()
    if claimed:
        at = data.find(b"ispe")
        data = data[: at + 8] + struct.pack(">II", *claimed) + data[at + 16 :]
    return data


def _jpeg(claimed: tuple[int, int] | None = None) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (16, 16), "blue").save(out, "JPEG")
    data = out.getvalue()
    if claimed:
        at = data.find(b"\xff\xc0")
        data = data[: at + 5] + struct.pack(">HH", claimed[1], claimed[0]) + data[at + 9 :]
    return data


def _bad(path: Path) -> str:
    with pytest.raises(BadPicture) as info:
        load_picture(path, max_px=200)
    return str(reason(info.value))


# --- a: what a vocabulary cell names ---------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (os.mkfifo, "not a regular file (a pipe or a device); put the name of a picture file in "
         "the cell"),
        (os.mkdir, "a folder, not a picture file; put the name of a picture file in the cell"),
        (lambda p: os.symlink(os.devnull, p), "not a regular file (a pipe or a device); put the "
         "name of a picture file in the cell"),
    ],
)  # fmt: skip
def test_a_vocabulary_cell_naming_no_regular_file_says_what_it_is(tmp_path, make, said):
    make_pictures(tmp_path, 2)
    make(tmp_path / "odd.png")
    table = tmp_path / "v.csv"
    table.write_text("picture,word\npic_000.png,cat\nodd.png,dog\n", encoding="utf-8")
    with pytest.raises(DobbleError) as info:
        find_sources([table])
    assert as_cli(info.value) == f"{table}:3: odd.png: {said}"


# --- b: a preset's seed -----------------------------------------------------------------------


def test_a_presets_seed_is_said_to_be_the_command_lines(tmp_path):
    from dobble_print import BY_NAME, load_preset

    preset = tmp_path / "mine.toml"
    preset.write_text('seed = 7\ncard-size = "80mm"\n', encoding="utf-8")
    with pytest.raises(DobbleError) as info:
        load_preset(str(preset), known=set(BY_NAME))
    assert as_cli(info.value) == (
        f"--preset {preset}: 'seed' sets the random seed of one layout, which a preset may not "
        "set (it sets how a deck looks, for any pictures); take it out and give it on the "
        "command line"
    )


# --- c, d, f: AVIF, HEIC and JPEG said too large or damaged -----------------------------------


def test_an_avif_too_large_for_its_decoder_is_too_large_not_unknown(tmp_path):
    path = tmp_path / "huge.avif"
    path.write_bytes(_avif(claimed=(30000, 30000)))  # libavif itself refuses it as "not AVIF"
    assert _bad(path) == (
        "too large (30000×30000 pixels, over 50 megapixels; a AVIF decodes in full, and a card "
        "needs at most 2400 pixels across); shrink it"
    )


def test_a_cut_short_avif_is_cut_short_not_unknown(tmp_path):
    path = tmp_path / "cut.avif"
    data = _avif()
    path.write_bytes(data[: len(data) // 2])
    assert _bad(path) == (
        "cut short: the file ends before its picture does; copy it again from where it came from"
    )


def test_a_heic_over_pillows_bomb_limit_is_said_with_the_heic_limit(tmp_path, monkeypatch):
    from tests.symbols.test_formats import _halves, save_heic

    path = save_heic(tmp_path / "big.heic", _halves(400, 300))
    # Pillow's own bomb error (twice MAX_IMAGE_PIXELS) is what a 180 MP HEIC meets
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 50_000)
    monkeypatch.setitem(raster.MAX_FULL_PIXELS, "HEIF", 100_000)
    assert _bad(path) == (
        "too large (400×300 pixels, over 0 megapixels; a HEIC decodes in full, and a card needs "
        "at most 2400 pixels across); shrink it"
    )


def test_a_jpeg_between_pillows_warning_and_the_limit_is_not_said_over_it(tmp_path):
    path = tmp_path / "ninety.jpg"
    path.write_bytes(_jpeg(claimed=(9500, 9500)))  # 90 MP, under the 100 MP limit
    assert "over 100 megapixels" not in str(picture_problem(path))


def test_a_jpeg_whose_header_claims_more_than_it_holds_is_damaged(tmp_path):
    path = tmp_path / "liar.jpg"
    path.write_bytes(_jpeg(claimed=(9500, 9400)))
    assert _bad(path) == (
        "damaged: its header says 9500×9400 pixels, more than the whole file can hold; copy it "
        "again, or save it again from the program that made it"
    )


def test_an_avif_whose_header_claims_another_size_is_damaged(tmp_path):
    path = tmp_path / "liar.avif"
    path.write_bytes(_avif(claimed=(6000, 6000)))  # libavif would stretch 64×48 over it
    assert _bad(path) == (
        "damaged: its header says 6000×6000 pixels, but the picture inside is 64×48; copy it "
        "again, or save it again from the program that made it"
    )


def test_avifs_as_pillow_writes_them_are_read(tmp_path):
    for n, (size, mode) in enumerate([((64, 48), "RGB"), ((30, 70), "RGBA"), ((640, 480), "L")]):
        path = tmp_path / f"{n}.avif"
        Image.new(mode, size).save(path)
        assert str(picture_problem(path)) == ""


def test_real_photos_are_not_said_damaged():
    photos = sorted((Path(__file__).parents[1] / "data" / "photos").glob("*.jpg"))
    assert photos and [str(picture_problem(p)) for p in photos] == [""] * len(photos)


def test_the_readme_states_the_heic_and_avif_limit():
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    row = f"| pictures (HEIC, AVIF) | {raster.MAX_FULL_PIXELS['HEIF'] // 1_000_000} megapixels |"
    assert row in readme


# --- e: characters as a reader counts them ----------------------------------------------------

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # 7 code points, 1 seen


def test_ten_family_emoji_are_ten_characters(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text(f"{FAMILY * 10}\ncat\ndog\n", encoding="utf-8")
    assert [w for _, w in read_words(words)][0] == FAMILY * 10
    assert str(too_long(FAMILY * 61)) == "61 characters; a symbol shows at most 60"


def test_a_title_of_sixty_families_fits_the_box(tmp_path):
    from dobble_print.options import BuildOptions, check_budget

    check_budget(BuildOptions(sources=[], output=tmp_path / "d.pdf", seed=0, title=FAMILY * 60))
    with pytest.raises(DobbleError) as info:
        check_budget(BuildOptions(sources=[], output=tmp_path / "d.pdf", seed=0, title=FAMILY * 61))
    assert as_cli(info.value) == (
        "--title has 61 characters; a box's front shows at most 60; shorten it"
    )


# --- g, h, i, j: through the CLI --------------------------------------------------------------


def _build(*args: str):
    """``dobble-print build ARGS`` in this process (a deck of 3 cards builds in a second)."""
    from typer.testing import CliRunner

    from dobble_print.cli import app

    return CliRunner().invoke(app, ["build", *args, "-q", "-v", "--seed", "1"])


def test_a_name_with_a_newline_stays_on_its_verbose_line(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 3)
    os.rename(folder / "pic_000.png", folder / "a\nb.png")
    done = _build(str(folder), "-o", str(tmp_path / "d.pdf"))
    assert done.exit_code == 0, done.output
    assert f"used: {folder}/a\\nb.png" in done.stdout.splitlines()


def test_copies_of_the_same_pixels_are_one_line(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 7)
    for k in range(5):
        (folder / f"z{k}.png").write_bytes((folder / f"pic_00{k}.png").read_bytes())
    run = run_cli("plan", str(folder))
    assert_within_budget(run)
    warnings = [line for line in run.stderr.splitlines() if line.startswith("warning: ")]
    assert warnings == [
        f"warning: 5 pictures have the same pixels as others and are used once: {folder}/z0.png "
        f"is like {folder}/pic_000.png, {folder}/z1.png is like {folder}/pic_001.png, "
        f"{folder}/z2.png is like {folder}/pic_002.png, and 2 more pairs"
    ]


def test_skip_bad_counts_a_cut_jpeg_never_decoded_as_skipped(tmp_path):
    folder = tmp_path / "p"
    make_pictures(folder, 4)  # a deck of 3: the fourth and the JPEG are never decoded
    out = io.BytesIO()
    Image.new("RGB", (300, 300), "green").save(out, "JPEG")
    (folder / "pic_009.jpg").write_bytes(out.getvalue()[: len(out.getvalue()) // 2])
    done = _build(str(folder), "-o", str(tmp_path / "d.pdf"), "--skip-bad")
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines() + done.stderr.splitlines()
    used = [x for x in lines if x.startswith("used: ")]
    unused = [x for x in lines if x.startswith("unused: ")]
    skipped = [x for x in lines if x.startswith("warning: skipped ")]
    assert skipped == [
        f"warning: skipped {folder}/pic_009.jpg: cut short: the file ends before its picture "
        "does; copy it again from where it came from"
    ]
    assert (len(used), len(skipped), len(unused)) == (3, 1, 1)  # the 5 found


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("backs", "--back-image {given}: not a regular file (a pipe or a device); give a "
         "picture (PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP, TIFF or SVG)"),
        ("font", "--font {given}: not a regular file (a pipe or a device); give a font file "
         "(.ttf, .otf or .ttc)"),
    ],
)  # fmt: skip
def test_a_pipe_named_as_a_file_is_refused_before_loading(tmp_path, option, said):
    from dobble_print.options import BuildOptions
    from dobble_print.pipeline.loading import check_given_files
    from dobble_print.symbols import SymbolOptions

    given = tmp_path / "given"
    os.mkfifo(given)
    fonts = {"symbol_options": SymbolOptions(fonts=(given,))}
    named = {"backs": given} if option == "backs" else fonts
    options = BuildOptions(sources=[], output=tmp_path / "d.pdf", seed=0, **named)
    with pytest.raises(DobbleError) as info:
        check_given_files(options)
    assert as_cli(info.value) == said.format(given=given)


@pytest.fixture(scope="module")
def slow_folder(tmp_path_factory) -> Path:
    """Pictures for a deck: one takes long and much memory to load (36 MP), and the first one
    loaded is cut short, which loading would say first: an option refused before loading
    reaches neither."""
    folder = tmp_path_factory.mktemp("slow")
    make_pictures(folder, 7)
    Image.new("RGB", (6000, 6000), "white").save(folder / "big.png", compress_level=1)
    whole = (folder / "pic_000.png").read_bytes()
    (folder / "a_cut.png").write_bytes(whole[: len(whole) // 2])
    return folder


@pytest.mark.parametrize(
    ("option", "make", "said"),
    [
        ("--back-image", os.mkdir, "is a folder; give a picture (PNG, JPEG, HEIC, AVIF, WebP, "
         "GIF, BMP, TIFF or SVG)"),
        ("--back-image", lambda p: Image.new("RGBA", (40, 40)).save(p, "PNG"),
         "the picture is empty (fully transparent); give a picture with something to print"),
        ("--font", lambda p: Path(p).write_text("no font"), "not a font file (or a damaged one); "
         "give a font file (.ttf, .otf or .ttc)"),
    ],
)  # fmt: skip
def test_files_options_name_are_refused_before_any_picture_loads(
    tmp_path, slow_folder, option, make, said
):
    folder = slow_folder
    given = tmp_path / ("given.ttf" if option == "--font" else "given.png")
    make(given)
    args = ("build", str(folder), "-o", str(tmp_path / "d.pdf"), "-q", option, str(given))
    run = run_cli(*args, "--seed", "1", ceiling_mb=250, limit=8.0)
    assert_within_budget(run, f"{option} {given}: {said}", ceiling_mb=250)
