"""Hostile files: each gives one clear line (or a clean skip), never a traceback, a hang, a read
outside the file or a network connection."""

from __future__ import annotations

import socket
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from dobble_print.cli.commands import app
from dobble_print.errors import DobbleError
from dobble_print.symbols.loading import SymbolOptions, find_sources, load_symbols
from tests.support import symbol_files as sf
from tests.support.messages import cli_lines


def _make(kind: str, folder: Path) -> Path:
    """One hostile file of ``kind`` in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    if kind == "bomb.png":
        return sf.png_bomb(folder / kind)
    if kind == "truncated.png":
        good = sf.save(sf.photo(200, 150, seed=1), folder / "whole.png.tmp", format="PNG")
        return sf.truncated(good, folder / kind)
    if kind == "truncated.jpg":
        good = sf.save(sf.photo(200, 150, seed=1), folder / "whole.jpg.tmp", format="JPEG")
        return sf.truncated(good, folder / kind)
    if kind == "empty.png":
        (folder / kind).write_bytes(b"")
        return folder / kind
    if kind == "text.png":
        (folder / kind).write_text("hello, I am not a picture\n")
        return folder / kind
    if kind == "transparent.png":
        return sf.save(Image.new("RGBA", (30, 30), (255, 0, 0, 0)), folder / kind)
    if kind == "entities.svg":
        (folder / kind).write_text(sf.ENTITY_BOMB)
        return folder / kind
    if kind == "uses.svg":
        (folder / kind).write_text(sf.USE_BOMB)
        return folder / kind
    if kind == "notxml.svg":
        (folder / kind).write_text("<svg <<< not xml")
        return folder / kind
    raise AssertionError(kind)


BAD = {
    "bomb.png": "too large (",
    "truncated.png": "cut short: the file ends before its picture does",
    "truncated.jpg": "cut short: the file ends before its picture does",
    "empty.png": "empty file (0 bytes)",
    "text.png": "the contents are not a PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP or TIFF picture; "
    "the file may be damaged or misnamed",
    "transparent.png": "the picture is empty (fully transparent)",
    "entities.svg": "uses XML entities or external DTDs, refused for safety",
    "uses.svg": "draws over 30000 elements once every <use>, pattern and marker is counted; "
    "simplify it",
    "notxml.svg": "not valid SVG/XML",
}


@pytest.mark.parametrize(
    ("kind", "renderer"),
    [(k, r) for k in sorted(BAD) for r in (("cairosvg", "resvg") if k.endswith(".svg") else ("",))],
)
def test_each_bad_file_gives_its_reason_quickly(tmp_path, kind, renderer, monkeypatch):
    if renderer:  # each SVG with both renderers
        monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", renderer)
    path = _make(kind, tmp_path)
    start = time.perf_counter()
    with pytest.raises(DobbleError) as info:
        load_symbols(find_sources([path]), max_px=200)
    assert time.perf_counter() - start < 3
    (line,) = str(info.value).splitlines()  # alone, the file's own line: nothing to skip to
    assert line.startswith(f"{path}: {BAD[kind]}")
    if kind == "bomb.png":  # said with the limit a PNG has, not a JPEG's
        assert line.endswith(
            "(50000×50000 pixels, over 40 megapixels; a PNG decodes in full, and a card needs "
            "at most 2400 pixels across); shrink it"
        )


def test_every_bad_file_is_listed_and_skip_bad_builds_from_the_rest(tmp_path):
    folder = tmp_path / "mixed"
    for kind in BAD:
        _make(kind, folder)
    for tmp in folder.glob("*.tmp"):
        tmp.unlink()
    for i in range(3):
        sf.save(sf.blob(colour=(60 * i, 90, 30)), folder / f"good{i}.png")
    with pytest.raises(DobbleError) as info:
        load_symbols(find_sources([folder]), max_px=100)
    lines = str(info.value).splitlines()
    assert lines[0].startswith(f"{len(BAD)} files cannot be read; fix or remove them")
    assert sorted(Path(line.split(": ")[0].strip()).name for line in lines[1:]) == sorted(BAD)
    result = load_symbols(find_sources([folder]), max_px=100, options=SymbolOptions(skip_bad=True))
    assert [s.name for s in result.symbols] == ["good0", "good1", "good2"]
    assert len(result.warnings) == len(BAD)
    assert all(w.startswith("skipped ") for w in cli_lines(result.warnings))


def test_cli_stops_with_every_bad_file_then_skips_them(tmp_path):
    folder = tmp_path / "pics"
    for i in range(7):
        sf.save(sf.blob(colour=(30 * i, 200 - 20 * i, 90)), folder / f"p{i}.png")
    bad = [_make("text.png", folder), _make("empty.png", folder)]
    bad = [b.rename(b.with_name("0" + b.name)) for b in bad]  # first: read before the deck is full
    out = tmp_path / "d.pdf"
    runner = CliRunner()
    result = runner.invoke(app, ["build", str(folder), "-o", str(out), "--seed", "1", "-q"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "dobble-print: error: 2 files cannot be read; fix or remove them, or use --skip-bad "
        "to build from the rest:",
        f"  {bad[1]}: empty file (0 bytes)",
        f"  {bad[0]}: the contents are not a PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP or TIFF "
        "picture; the file may be damaged or misnamed",
    ]
    assert not out.exists()
    result = runner.invoke(
        app, ["build", str(folder), "-o", str(out), "--seed", "1", "-q", "--skip-bad"]
    )
    assert result.exit_code == 0, result.output
    assert f"warning: skipped {bad[1]}: empty file (0 bytes)" in result.stderr.splitlines()
    assert out.exists()


# --- SVG never reaches the network or another file -------------------------------------------


@pytest.fixture
def listener():
    """A local TCP server that counts connection attempts (it must stay at zero)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.settimeout(0.1)
    hits = []
    stop = threading.Event()

    def serve():
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            hits.append(1)
            conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield server.getsockname()[1], hits
    stop.set()
    thread.join(2)
    server.close()


_events: list[tuple[str, tuple]] = []
_watching = threading.Event()


def _audit(event: str, args: tuple) -> None:
    if _watching.is_set() and event in (
        "open",
        "socket.connect",
        "urllib.Request",
        "subprocess.Popen",
        "os.system",
    ):
        _events.append((event, args))


sys.addaudithook(_audit)


def test_svg_reads_no_other_file_and_no_network(tmp_path, listener, svg_renderer):
    port, hits = listener
    secret = sf.save(Image.new("RGB", (40, 40), (255, 0, 0)), tmp_path / "secret.png")
    other = tmp_path / "other.svg"
    other.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"><rect id="a" width="9" height="9" '
        'fill="red"/></svg>'
    )
    svgs = {
        "http.svg": sf.svg_with_image(f"http://127.0.0.1:{port}/x.png"),
        "local.svg": sf.svg_with_image(secret.name),
        "file_url.svg": sf.svg_with_image(secret.as_uri()),
        "other_svg.svg": sf.svg_with_image(other.name),
        "css.svg": sf.svg_with_image("x").replace(
            "<rect", f'<style>@import url("http://127.0.0.1:{port}/s.css");</style><rect'
        ),
        "script.svg": sf.SCRIPT_SVG,
    }
    folder = tmp_path / "svgs"
    folder.mkdir()
    for name, text in svgs.items():
        (folder / name).write_text(text)
    sources = find_sources([folder])
    from dobble_print.symbols.svg.choice import svg_renderer as chosen

    assert chosen().name == svg_renderer  # imported now: its first import reads libraries

    _events.clear()
    _watching.set()
    try:
        result = load_symbols(sources, max_px=120)
    finally:
        _watching.clear()
    assert hits == []
    # the tool's own drawing process may start (a build ends its drawing processes once its
    # pictures are loaded): the only process the SVGs' drawing may start
    ours = [
        e
        for e in _events
        if e[0] == "subprocess.Popen" and "dobble_print.symbols.svg.worker" in str(e[1][1])
    ]
    assert not [e for e in _events if e[0] != "open" and e not in ours], _events
    assert len(ours) <= 1, ours
    opened = {str(e[1][0]) for e in _events if e[0] == "open"}
    assert not {str(secret), str(other), secret.name, other.name} & opened
    assert all(o.startswith(str(folder)) or not o.startswith(str(tmp_path)) for o in opened)
    for symbol in result.symbols:
        rgba = symbol.rgba
        red = (rgba[..., 0] > 200) & (rgba[..., 1] < 60) & (rgba[..., 3] > 0)
        assert not red.any(), symbol.name  # nothing of secret.png or other.svg was drawn
    # Every external reference drew nothing, so those pictures are identical: used once (one
    # warning counts them; --verbose names each).
    assert [s.name for s in result.symbols] == ["css", "script"]
    assert [w.split(": ")[0] for w in cli_lines(result.warnings)] == [
        "4 pictures have the same pixels as others and are used once"
    ]
    assert sorted(
        n.split(": ")[0] for n in map(str, result.notes) if "same pixels as" in n
    ) == sorted(str(folder / n) for n in svgs if n not in ("css.svg", "script.svg"))


def test_inline_data_images_still_draw(tmp_path, svg_renderer):
    import base64

    data = base64.b64encode(sf.png_bytes(Image.new("RGB", (8, 8), (0, 200, 0)))).decode()
    path = tmp_path / "inline.svg"
    path.write_text(sf.svg_with_image(f"data:image/png;base64,{data}", use=False))
    rgba = load_symbols(find_sources([path]), max_px=80).symbols[0].rgba
    green = (rgba[..., 1] > 150) & (rgba[..., 0] < 60)
    assert green.mean() > 0.5


def test_gzip_bomb_svgz_is_refused(tmp_path):
    import gzip

    path = tmp_path / "bomb.svgz"
    path.write_bytes(gzip.compress(b"<svg>" + b" " * 30_000_000 + b"</svg>", 9))
    with pytest.raises(DobbleError, match="too large \\(over 20 MB of SVG\\)"):
        load_symbols(find_sources([path]), max_px=80)


def test_word_list_that_is_not_utf8_is_a_bad_file(tmp_path):
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("chat\néléphant\n".encode() + "thé\n".encode("cp1252"))  # mixed
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"chat\x00\n")
    with pytest.raises(DobbleError) as info:
        load_symbols(find_sources([latin1, binary]), max_px=80)
    assert str(info.value).splitlines()[1:] == [
        f"  {latin1}: line 3 is not UTF-8 text; save the file as UTF-8",
        f"  {binary}: is binary, not a text file of words",
    ]


def test_no_traceback_for_random_bytes_with_picture_names(tmp_path):
    rng = np.random.default_rng(5)
    for ext in (".png", ".jpg", ".gif", ".webp", ".bmp", ".tif", ".svg"):
        (tmp_path / f"junk{ext}").write_bytes(rng.bytes(500))
    result = load_symbols(find_sources([tmp_path]), max_px=80, options=SymbolOptions(skip_bad=True))
    assert result.symbols == () and len(result.warnings) == 7


# --- every reason in plain words: no class name, no library's own text ----------------------

_CUT_SHORT = (
    "cut short: the file ends before its picture does; copy it again from where it came from"
)
_DAMAGED = (
    "damaged: the picture inside cannot be decoded; copy it again, or save it again from the "
    "program that made it"
)
_REDRAW = "; open it in a drawing program and save it again"
_SQUARE = np.full((40, 40, 3), (200, 40, 40), np.uint8)


def _encoded(kind: str) -> bytes:
    """A small picture saved as ``kind`` by Pillow (HEIF through pillow-heif)."""
    import io

    if kind == "HEIF":
        import pillow_heif

        pillow_heif.register_heif_opener()
    buf = io.BytesIO()
    Image.fromarray(_SQUARE).save(buf, format=kind)
    return buf.getvalue()


_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="20">{}</svg>'
_MAKERS = {  # each broken file's bytes
    "entity.svg": lambda: (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY cat "meow">]>\n'
        + _SVG.format(20, "<text>&cat;</text>")
    ).encode(),
    "page.svg": lambda: b"<html><body><p>a web page saved as .svg</p></body></html>",
    "cut.svg": lambda: _SVG.format(20, "<rect")[:-6].encode(),
    "negative.svg": lambda: _SVG.format(-5, '<rect width="5" height="5"/>').encode(),
    "packed.svgz": lambda: b"\x1f\x8b" + bytes(range(40)),
    "empty.png": lambda: b"",
    "truncated.png": lambda: (data := sf.png_bytes(sf.photo(200, 150, seed=1)))[: len(data) // 2],
    "scrambled.png": lambda: (
        b"\x89PNG\r\n\x1a\n"
        + sf._png_chunk(b"IHDR", bytes.fromhex("00000028000000280802000000"))
        + sf._png_chunk(b"IDAT", b"these bytes are not zlib data")
        + sf._png_chunk(b"IEND", b"")
    ),
    "not-really.heic": lambda: b"a text file named as an iPhone photo\n" * 4,
    "cut.heic": lambda: _encoded("HEIF")[:-10],
    "no-item.avif": lambda: _encoded("AVIF").replace(b"pitm", b"xitm"),  # no primary picture
    "photo.txt": lambda: sf.png_bytes(sf.blob()),  # a picture renamed .txt
}


PLAIN = {
    "entity.svg": "uses XML entities or external DTDs, refused for safety (the entity 'cat')",
    "page.svg": "is XML but not an SVG drawing (it starts with html, not svg); save the "
    "drawing itself as SVG",
    "cut.svg": f"not valid SVG/XML: the text ends in the middle of a tag (line 1){_REDRAW}",
    "negative.svg": f"has a width or height of zero, below zero or too large{_REDRAW}",
    "packed.svgz": "damaged: its gzip packing cannot be undone; copy it again, or save it as a "
    "plain .svg",
    "empty.png": "empty file (0 bytes)",
    "truncated.png": _CUT_SHORT,
    "scrambled.png": _DAMAGED,  # was zlib's and Pillow's "broken data stream when reading..."
    "not-really.heic": "the contents are not a PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP or TIFF "
    "picture; the file may be damaged or misnamed",
    "cut.heic": _CUT_SHORT,  # was libheif's "Invalid input: Unexpected end of file: Extent..."
    "no-item.avif": _DAMAGED,  # no primary item: was a RuntimeError's traceback
    "photo.txt": "is binary, not a text file of words",  # was "line 1 is not UTF-8 text"
}


@pytest.mark.parametrize(
    ("kind", "renderer"),
    [(k, r) for k in PLAIN for r in (("cairosvg", "resvg") if ".svg" in k else ("",))],
)
def test_a_broken_file_is_said_in_plain_words(tmp_path, kind, renderer, monkeypatch):
    """The exact reason, the same with either SVG renderer, with no Python class, repr or
    library message in it (the app's tiles show these lines as they are)."""
    if renderer:
        monkeypatch.setenv("DOBBLE_PRINT_SVG_RENDERER", renderer)
    path = tmp_path / kind
    path.write_bytes(_MAKERS[kind]())
    with pytest.raises(DobbleError) as info:
        load_symbols(find_sources([path]), max_px=100)
    (line,) = str(info.value).splitlines()
    assert line == f"{path}: {PLAIN[kind]}"
    for leak in ("Error", "Exception", "<", "(b'", "Invalid input", "stream"):
        assert leak not in line


FLOOD_SAID = (
    "draws over 30000 elements once every <use>, pattern and marker is counted; simplify it"
)


def test_a_flood_of_elements_is_refused_before_its_tree_is_built(tmp_path, monkeypatch):
    """20 MB of small elements (the size allowed) took ~2 s and ~200 MB to read into a tree
    before its count passed the limit a few percent in: counted as the parser meets them, it
    is refused at the limit, with the same words. A file whose many ``<`` are in a comment,
    not elements, is still drawn; one that is not an SVG still says so."""
    from dobble_print.symbols.bad_picture import BadPicture
    from dobble_print.symbols.svg import rasterise

    flood = tmp_path / "flood.svg"
    flood.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        + '<rect width="1" height="1"/>' * 40_000
        + "</svg>"
    )
    parsed = []
    whole = rasterise.parse_svg
    monkeypatch.setattr(rasterise, "parse_svg", lambda data: parsed.append(1) or whole(data))
    for check in (rasterise.check_svg, lambda p: rasterise.load_svg(p, max_px=80)):
        with pytest.raises(BadPicture) as info:
            check(flood)
        assert str(info.value) == FLOOD_SAID
    assert parsed == []  # refused before the whole parse

    talk = tmp_path / "talk.svg"
    talk.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><!-- '
        + "<b>" * 40_000
        + ' --><rect width="5" height="5"/></svg>'
    )
    rasterise.check_svg(talk)
    assert parsed == [1]
    page = tmp_path / "page.svg"
    page.write_text("<html>" + "<p>a</p>" * 40_000 + "</html>")
    with pytest.raises(BadPicture, match="is XML but not an SVG drawing"):
        rasterise.check_svg(page)


def test_an_svg_that_only_links_a_picture_says_so(tmp_path):
    """Inkscape links a dropped-in photo by default; the photo is never read (only inline
    pictures draw), and the drawing was said to be "empty (fully transparent)"."""
    Image.new("RGB", (40, 30), (0, 90, 200)).save(tmp_path / "photo.jpg")
    linked = tmp_path / "linked.svg"
    linked.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="100" height="100"><image xlink:href="photo.jpg" width="100" height="100"/></svg>'
    )
    empty = tmp_path / "empty.svg"
    empty.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"/>')
    with pytest.raises(DobbleError) as info:
        load_symbols(find_sources([linked, empty]), max_px=80)
    assert str(info.value).splitlines()[1:] == [
        f"  {linked}: shows the picture photo.jpg from another file, which is never read (for "
        "safety); embed the picture in the SVG, or give that picture itself",
        f"  {empty}: the picture is empty (fully transparent)",
    ]
