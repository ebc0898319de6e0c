"""The reportlab toolkit every PDF of the deck shares: a canvas set up for print, mm to points, the
fonts, the card's outline, and each symbol and the back drawn once into a form.

reportlab is imported only in ``printing/pdf``. Each symbol's picture is downscaled once to what
its largest printed size needs at :data:`PRINT_DPI`, stored once (drawn art losslessly,
photographs as JPEG) and drawn once into a PDF form XObject, and every placement reuses that form
with its own transform, so a file stores each picture exactly once. The card back is likewise one
form used on every back.
"""

from __future__ import annotations

import math
import weakref
import zlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dobble_print.card import CardLayout, CardShape, ShapeKind
from dobble_print.printing.document import DocumentInfo
from dobble_print.printing.paper import PRINT_DPI
from dobble_print.symbols import Pixels, Symbol

PT_PER_MM = 72.0 / 25.4
CUT_LINE_PT = 0.3  # a hairline that still prints on every printer
CUT_GREY = 0.55  # mid-grey: visible to cut along, not loud if the cut wanders
LEGEND_PX = 120  # longest side of a symbol drawn only in the legend (~10 mm at 300 dpi)
WHITE = (1.0, 1.0, 1.0)
OVERSIZE_OK = 1.15  # resampling costs more than storing a picture up to 15 % larger than needed


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM


def open_canvas(path: Path, *, size: tuple[float, float], info: DocumentInfo):
    """A canvas whose pages are ``size`` mm, with every font embedded, the same bytes for the
    same input, viewers told to print at 100 %, and ``info`` (title, subject, keywords in the
    deck's language, and the catalog's ``/Lang``) set.

    Returns:
        The canvas, and the names of its (regular, bold) fonts.
    """
    from reportlab import rl_config
    from reportlab.pdfgen import canvas as rl_canvas

    rl_config.useA85 = 0  # binary streams: 7x faster and 20 % smaller than ASCII85
    fonts = register_fonts()
    c = rl_canvas.Canvas(
        str(path),
        pagesize=(pt(size[0]), pt(size[1])),
        invariant=1,
        pdfVersion=(1, 7),  # PrintScaling needs 1.6, Duplex 1.7
        initialFontName=fonts[0],  # type: ignore[arg-type]  # types-reportlab says a number
        pageCompression=1,
        lang=info.lang,
    )
    c.setTitle(info.title)
    c.setSubject(info.subject)
    c.setKeywords(info.keywords)
    c.setCreator("dobble-print")
    c.setAuthor("dobble-print")
    c.setViewerPreference("PrintScaling", "None")
    return c, fonts


def print_pixels(symbols: Sequence[Symbol], layouts: Sequence[CardLayout]) -> dict[int, int]:
    """Longest side in pixels each symbol needs: its largest drawn size at 300 dpi (every symbol
    appears at least in the legend)."""
    need: dict[int, float] = {}
    for layout in layouts:
        for p in layout.placements:
            need[p.symbol] = max(need.get(p.symbol, 0.0), max(p.width, p.height))
    px = {s: max(8, math.ceil(mm / 25.4 * PRINT_DPI)) for s, mm in need.items()}
    return {s: max(px.get(s, 0), LEGEND_PX) for s in range(len(symbols))}


# A symbol up to this many times the pixels it needs (300 dpi at its largest) is embedded as loaded:
# at most ~400 dpi, and resampling every picture cost more than the bytes it saved.
SYMBOL_SLACK = 1.35


def _print_size(width: int, height: int, longest_px: int, slack: float) -> tuple[int, int]:
    """The size :func:`_print_image` gives a ``width`` × ``height`` picture."""
    if max(width, height) <= longest_px * slack:
        return width, height
    scale = longest_px / max(width, height)
    return max(1, round(width * scale)), max(1, round(height * scale))


def _print_image(rgba: np.ndarray, longest_px: int, slack: float = 1.0):
    """The pixels as a PIL image no larger than needed (never upscaled); within ``slack`` times
    the need, left as they are. A wholly opaque picture (a photo cut as a rectangle) loses its
    alpha: no soft mask to write, and three channels to resample instead of four."""
    from PIL import Image

    if bool((rgba[..., 3] == 255).all()):
        im = Image.fromarray(np.ascontiguousarray(rgba[..., :3]), "RGB")
    else:
        im = Image.fromarray(rgba, "RGBA")
    size = _print_size(im.width, im.height, longest_px, slack)
    if size != im.size:
        # Bicubic (antialiased, as Pillow scales its support): a third faster than Lanczos and
        # alike at these ratios (1.3-2×) in print
        im = im.resize(size, Image.Resampling.BICUBIC)
    return im


def register_fonts() -> tuple[str, str]:
    """Register the PDF's fonts, so every font in it is embedded: the bundled DejaVu Sans (symbol
    names in Greek, Cyrillic, … too) and reportlab's Vera Bold for the cover's headings."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from dobble_print.resources import bold_font, default_font

    # reportlab's own fonts by their paths: by name alone, reportlab tried each as a URL first
    # (importing urllib.request, ~16 ms) and then walked its font folders
    regular, bold = default_font(), bold_font()
    fonts = [
        ("DejaVuSans", str(regular))
        if regular.is_file()
        else ("Vera", str(bold.with_name("Vera.ttf")))
    ]
    fonts.append(("VeraBd", str(bold)))
    for name, file in fonts:
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, file))
    return fonts[0][0], fonts[1][0]


def define_symbol_forms(
    c, symbols: Sequence[Symbol], layouts: Sequence[CardLayout], *, grey: bool = False
) -> None:
    """Draw every symbol once into form ``sym{i}``: a unit square the picture is stretched over.

    Placements and the legend reuse these forms with their own transforms. With ``grey`` (the
    symbols already grey), pictures are stored as grey images (``DeviceGray``).
    """
    needs = sorted(print_pixels(symbols, layouts).items())
    encoded = iter(encode_all(_pictures(symbols, needs), grey=grey))
    recoloured = sorted({(p.symbol, p.color) for lay in layouts for p in lay.placements if p.color})
    for sym, px in needs:
        symbol = symbols[sym]
        if symbol.kind == "labelled":  # its picture alone too, form ``pic{i}``, for the key
            _define_picture_form(c, sym, symbol, px, grey)
        if symbol.kind in ("word", "labelled"):
            _define_text_form(c, sym, symbol)
            continue
        c.beginForm(f"sym{sym}")
        _draw_pixels(c, f"sym{sym}", next(encoded))
        c.endForm()
    for sym, colour in recoloured:  # a word in another colour on some cards: a form of its own
        _define_text_form(c, sym, symbols[sym], colour)


def encode_pictures(symbols: Sequence[Symbol], layouts: Sequence[CardLayout]) -> None:
    """Encode now the pictures a PDF of these cards stores (:func:`define_symbol_forms` finds
    them kept), where the caller is about to start work that should not share what encoding
    leaves behind: decoding, resampling and compressing on two threads freed ~28 MB of the
    classic deck's that stayed resident, through the measuring that runs beside the writing
    (the build's peak), and in the measuring processes forked from it. Grey pictures are not
    kept (:func:`_keep`): they are encoded as the PDF is written."""
    encode_all(_pictures(symbols, sorted(print_pixels(symbols, layouts).items())))


def _pictures(symbols: Sequence[Symbol], needs: Sequence[tuple[int, int]]) -> list:
    """The pictures the forms ``sym{i}`` store, each with its need (longest side, pixels)."""
    return [(symbols[sym].pixels, px) for sym, px in needs if symbols[sym].kind == "image"]


def form_name(symbol: int, colour: tuple[int, int, int] | None = None) -> str:
    """The form a placement of ``symbol`` draws: ``sym{i}``, or for a word in a colour of this
    card's (:attr:`Placement.color`), ``sym{i}-rrggbb``."""
    return f"sym{symbol}" + ("-{:02x}{:02x}{:02x}".format(*colour) if colour else "")


def _define_text_form(c, sym: int, symbol: Symbol, colour=None) -> None:
    """A word or a labelled picture as form ``sym{sym}`` (:func:`form_name`, with a word's
    ``colour`` when not its own) drawn in its raster's own pixels (y up), so
    its text matrix is uniform and the form's bounding box is the word's own: the form's
    ``/Matrix`` maps those pixels onto the unit square every placement stretches.

    reportlab's default bounding box is the page's size in the form's units; read in a space
    whose unit is a whole symbol, PDFium (Chrome, Edge) clipped most words to a few letters
    while poppler and MuPDF drew them whole. The box is the raster grown by its own size each
    way: a glyph the PDF viewer draws a little wider than the raster never meets it.
    """
    from reportlab.pdfbase.pdfdoc import PDFArray

    h, w = symbol.pixels.shape[:2]
    c.beginForm(form_name(sym, colour), -w, -h, 2 * w, 2 * h)
    if symbol.kind == "word":
        _draw_word(c, symbol, colour)
    else:
        _draw_labelled(c, f"pic{sym}", symbol)
    c.endForm(Matrix=PDFArray([1 / w, 0, 0, 1 / h, 0, 0]))


@dataclass(frozen=True)
class _Encoded:
    """A symbol's picture as the PDF stores it: colour (Flate or JPEG) and a soft mask."""

    width: int
    height: int
    colour: bytes
    colour_filter: str
    mask: bytes | None
    space: str = "DeviceRGB"


# A picture to encode: a symbol's pixels, decoded by the thread that encodes them, or an array
# (a back, a label's picture).
Picture = np.ndarray | Pixels

# Pictures encoded for earlier PDFs of this process, by (pixels, size): a session of the app
# writes the deck again after each change, and resampling and compressing the pictures was most
# of writing it. The same pixels at the same size give the same bytes, so the PDF is unchanged.
# Each is kept while its pixels live, not longer: holding the pixels themselves kept up to 400
# pictures' (~1 MB each) in the app's server after their sessions let them go.
_ENCODED: OrderedDict[tuple[int, int, int, bool], tuple[weakref.ref, _Encoded]] = OrderedDict()
ENCODED_KEPT = 400  # pictures: a few decks' worth


def encode_all(pictures: Sequence[tuple[Picture, int]], *, grey: bool = False) -> list[_Encoded]:
    """Each ``(rgba, longest_px)`` encoded as :func:`_encoded` does, those not kept from an
    earlier PDF on two threads: decoding, resampling and compressing, most of writing a deck,
    run in LZ4's, Pillow's and zlib's C code without the interpreter lock. Each result depends
    on its picture alone, so the bytes do not depend on which thread made them."""
    missing = [(rgba, px) for rgba, px in pictures if _kept(rgba, px, SYMBOL_SLACK, grey) is None]
    if len(missing) > 1:
        with ThreadPoolExecutor(ENCODING_THREADS) as pool:
            made = list(
                pool.map(lambda item: _encode(item[0], item[1], SYMBOL_SLACK, grey), missing)
            )
        for (rgba, px), encoded in zip(missing, made, strict=True):
            _keep(rgba, px, SYMBOL_SLACK, encoded, grey)
    return [_encoded(rgba, px, grey=grey) for rgba, px in pictures]


ENCODING_THREADS = 2  # the cores this machine class has; more threads only contend


def _key(rgba: Picture, longest_px: int, slack: float, grey: bool) -> tuple[int, int, int, bool]:
    # Keyed by the size it is stored at: a picture embedded as loaded is the same at any need.
    return (id(rgba), *_print_size(rgba.shape[1], rgba.shape[0], longest_px, slack), grey)


def _kept(rgba: Picture, longest_px: int, slack: float, grey: bool) -> _Encoded | None:
    key = _key(rgba, longest_px, slack, grey)
    hit = _ENCODED.get(key)
    if hit is not None and hit[0]() is rgba:
        _ENCODED.move_to_end(key)
        return hit[1]
    return None


def _keep(rgba: Picture, longest_px: int, slack: float, encoded: _Encoded, grey: bool) -> None:
    if grey:  # grey pixels are made anew for each PDF: kept, they would only hold memory
        return
    key = _key(rgba, longest_px, slack, grey)
    _ENCODED[key] = (weakref.ref(rgba, _forgetting(key)), encoded)
    while len(_ENCODED) > ENCODED_KEPT:
        _ENCODED.popitem(last=False)


def _forgetting(key: tuple[int, int, int, bool]) -> Callable[[weakref.ref], None]:
    """What forgets ``key``'s stream as its pixels go (before their id can be another's)."""

    def forget(_: weakref.ref) -> None:
        _ENCODED.pop(key, None)

    return forget


def _encoded(
    rgba: Picture, longest_px: int, slack: float = SYMBOL_SLACK, *, grey: bool = False
) -> _Encoded:
    """``rgba`` at ``longest_px`` (see :func:`_print_image`), encoded; kept for the next PDF."""
    kept = _kept(rgba, longest_px, slack, grey)
    if kept is not None:
        return kept
    encoded = _encode(rgba, longest_px, slack, grey)
    _keep(rgba, longest_px, slack, encoded, grey)
    return encoded


def _encode(rgba: Picture, longest_px: int, slack: float, grey: bool = False) -> _Encoded:
    """The picture resampled (:func:`_print_image`) and compressed as the PDF stores it; with
    ``grey`` (its channels equal), as one grey channel."""
    image = _print_image(rgba.array() if isinstance(rgba, Pixels) else rgba, longest_px, slack)
    pixels = np.asarray(image)
    channels = pixels[..., :1] if grey else pixels[..., :3]
    colour = _flate(channels)
    colour_filter = "FlateDecode"
    if len(colour) > PHOTO_RATIO * channels.size:
        colour, colour_filter = _jpeg(channels), "DCTDecode"
    alpha = pixels[..., 3] if image.mode == "RGBA" else None
    mask = _flate(alpha) if alpha is not None and not bool((alpha == 255).all()) else None
    space = "DeviceGray" if grey else "DeviceRGB"
    return _Encoded(pixels.shape[1], pixels.shape[0], colour, colour_filter, mask, space)


def _flate(channels: np.ndarray) -> bytes:
    return zlib.compress(np.ascontiguousarray(channels).tobytes(), FLATE_LEVEL)


FLATE_LEVEL = 3  # zlib level of the pictures' streams: half the time of the default 6, 15 % larger
PHOTO_RATIO = 0.3  # colour that Flate leaves above this share of its bytes is photographic
JPEG_QUALITY = 92  # for photographic colour, with full-resolution chroma: no visible loss in print


def _draw_pixels(c, name: str, encoded: _Encoded) -> None:
    """Draw an encoded picture over the unit square, as image XObject ``name.image`` (with
    ``name.mask`` as its soft mask) of this module's own streams.

    The colour is Flate (lossless) unless it is photographic, which Flate barely shrinks (to
    more than ``PHOTO_RATIO`` of its bytes; drawn art shrinks to a tenth): then it is JPEG, a
    fifth of the size (a deck of 57 photos would otherwise be tens of MB, too big to e-mail to
    a print shop). The soft mask stays Flate. reportlab's ``drawImage`` would convert the
    pixels to RGB and hash them (to name the image) five times over, its soft mask included: a
    fifth of the whole render. The XObjects are registered as ``drawImage`` registers them
    (reportlab is pinned).
    """
    picture = _image_xobject(f"{name}.image", encoded, encoded.colour, encoded.space)
    picture._filters = (encoded.colour_filter,)
    doc = c._doc
    if encoded.mask is not None:
        mask = _image_xobject(f"{name}.mask", encoded, encoded.mask, "DeviceGray")
        picture.smask = doc.Reference(mask, doc.getXObjectName(mask.name))
    registered = doc.getXObjectName(picture.name)
    doc.Reference(picture, registered)
    doc.addForm(picture.name, picture)
    c._code.append(f"/{registered} Do")
    c._formsinuse.append(picture.name)


def _image_xobject(name: str, encoded: _Encoded, stream: bytes, space: str):
    """An image XObject of ``encoded``'s size holding ``stream`` (8-bit, Flate unless told)."""
    from reportlab.pdfbase import pdfdoc

    obj = pdfdoc.PDFImageXObject(name)
    obj.height, obj.width = encoded.height, encoded.width
    obj.bitsPerComponent = 8
    obj.colorSpace = space
    # reportlab has no public way to name the filter of a stream compressed already, and takes
    # its content as bytes too (types-reportlab says text)
    obj._filters = ("FlateDecode",)  # type: ignore[attr-defined]
    obj.streamContent = stream  # type: ignore[assignment]
    obj.mask = None
    return obj


def _jpeg(rgb: np.ndarray) -> bytes:
    """``rgb`` (or one grey channel) as a baseline JPEG file (what a DCTDecode stream holds)."""
    import io

    from PIL import Image

    out = io.BytesIO()
    one = rgb.shape[-1] == 1
    image = Image.fromarray(
        np.ascontiguousarray(rgb[..., 0] if one else rgb), "L" if one else "RGB"
    )
    image.save(out, "JPEG", quality=JPEG_QUALITY, subsampling=0)
    return out.getvalue()


_WORD_FONTS: dict[tuple[str, int], str] = {}


def word_font(path: str, index: int = 0) -> str:
    """Register a word symbol's TrueType font once; the PDF embeds the glyphs used as a subset.

    The name comes from the file's contents (and the face's number in a collection), so the
    same font gives the same PDF bytes anywhere.
    """
    if (path, index) not in _WORD_FONTS:
        import hashlib

        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:8]
        name = f"{Path(path).stem}-{digest}" + (f"-{index}" if index else "")
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, path, subfontIndex=index))
        _WORD_FONTS[(path, index)] = name
    return _WORD_FONTS[(path, index)]


def _draw_word(c, symbol: Symbol, colour: tuple[int, int, int] | None = None) -> None:
    """A word symbol as vector text (or its glyphs' outlines) in its raster's pixels, y up (see
    :func:`_define_text_form`), in ``colour`` (else its own): its lines are measured in those
    pixels (y down), so they land exactly on the shape the layout packed."""
    h, w = symbol.pixels.shape[:2]
    c.setFillColorRGB(*(v / 255 for v in colour or symbol.color))
    if symbol.outline:
        _fill_outline(c, symbol.outline, h)
    else:
        font = word_font(symbol.font, symbol.font_index)
        if symbol.kind == "word":  # found whole when searched or copied, however it is turned
            c._code.append(f"/Span <</ActualText {_actual_text(symbol.name)}>> BDC")
        for line in symbol.lines:
            c.setFont(font, line.size)
            c.drawString(line.x, h - line.baseline, line.text)
        if symbol.kind == "word":
            c._code.append("EMC")
    for left, top, right, bottom in symbol.bars:  # a turned letter's bar, as on dice
        c.rect(left, h - bottom, right - left, bottom - top, stroke=0, fill=1)


def _actual_text(word: str) -> str:
    """A word's ``/ActualText``: the whole word as one line, in the left-to-right order its
    letters stand in (extractors turn right-to-left runs back, as they do for the drawn glyphs),
    as a PDF text string (UTF-16BE with its byte-order mark, in hex)."""
    from dobble_print.symbols import display_order

    return "<FEFF" + display_order(word).encode("utf-16-be").hex().upper() + ">"


def _fill_outline(c, ops, height: float) -> None:
    """Fill glyph outlines given in pixels, y down (see ``symbols.outlines``), nonzero winding
    as fonts are drawn."""
    path = c.beginPath()
    for op, v in ops:
        if op == "M":
            path.moveTo(v[0], height - v[1])
        elif op == "L":
            path.lineTo(v[0], height - v[1])
        elif op == "C":
            path.curveTo(v[0], height - v[1], v[2], height - v[3], v[4], height - v[5])
        else:
            path.close()
    c.drawPath(path, stroke=0, fill=1, fillMode=1)  # 1: reportlab FILL_NON_ZERO


def _define_picture_form(c, sym: int, symbol: Symbol, longest_px: int, grey: bool) -> None:
    """A labelled picture's picture alone, over the unit square, as form ``pic{sym}``."""
    assert symbol.picture is not None  # a labelled picture's
    h, w = symbol.pixels.shape[:2]
    ph, pw = symbol.picture.shape[:2]
    c.beginForm(f"pic{sym}")
    px = max(8, math.ceil(longest_px * max(pw, ph) / max(w, h)))
    _draw_pixels(c, f"sym{sym}", _encoded(symbol.picture, px, grey=grey))
    c.endForm()


def _draw_labelled(c, picture_form: str, symbol: Symbol) -> None:
    """A labelled picture in its raster's pixels, y up: the picture (its form, a unit square)
    where it lies in the raster, then its label as vector text (:func:`_draw_word`)."""
    assert symbol.picture is not None  # a labelled picture's
    h, w = symbol.pixels.shape[:2]
    ph, pw = symbol.picture.shape[:2]
    left, top = symbol.picture_at
    c.saveState()
    c.translate(left, h - (top + ph))
    c.scale(pw, ph)
    c.doForm(picture_form)
    c.restoreState()
    _draw_word(c, symbol)


def define_back_form(
    c, back: np.ndarray, diameter: float, *, grey: bool = False
) -> tuple[float, float]:
    """Draw the back picture once into form ``back``; returns its (width, height) in mm when it
    covers a disc of ``diameter`` mm (cropped by the circle, never squashed)."""
    h, w = back.shape[:2]
    aspect = w / h
    size = (diameter * max(aspect, 1.0), diameter * max(1.0 / aspect, 1.0))
    px = math.ceil(max(size) / 25.4 * PRINT_DPI)
    c.beginForm("back")
    _draw_pixels(c, "back", _encoded(back, px, OVERSIZE_OK, grey=grey))
    c.endForm()
    return size


def shape_path(c, shape: CardShape, center: tuple[float, float], grow: float = 0.0):
    """A reportlab path of the card outline (mm) around ``center``, grown by ``grow`` mm: a true
    circle for round cards, the polygon of :meth:`CardShape.outline` for the rest."""
    path = c.beginPath()
    if shape.kind is ShapeKind.CIRCLE:
        path.circle(pt(center[0]), pt(center[1]), pt(shape.size / 2 + grow))
        return path
    points = shape.outline(grow)
    path.moveTo(pt(center[0] + points[0][0]), pt(center[1] + points[0][1]))
    for x, y in points[1:]:
        path.lineTo(pt(center[0] + x), pt(center[1] + y))
    path.close()
    return path


def fill_shape(c, shape: CardShape, center: tuple[float, float], grow: float, rgb) -> None:
    """Fill the card outline (mm) around ``center``, grown by ``grow`` mm, in ``rgb``."""
    c.setFillColorRGB(*rgb)
    c.drawPath(shape_path(c, shape, center, grow), stroke=0, fill=1)


def draw_mark(c, shape: CardShape, center: tuple[float, float], team) -> None:
    """A class set's letter (:mod:`dobble_print.deck.copies`) on the card's rim
    (:func:`~dobble_print.printing.marks.mark_place`), in white or black as the rim's colour
    reads best; nothing for a card without a letter."""
    from reportlab.pdfbase import pdfmetrics

    from dobble_print.deck import LETTER_MM, letter_ink
    from dobble_print.printing.marks import mark_place

    if team is None or not team.letter:
        return
    bold = register_fonts()[1]
    # getFont is typed as the base Font; the fonts registered here are TTFonts, with a face
    cap = (pdfmetrics.getFont(bold).face.capHeight or 730) / 1000  # type: ignore[attr-defined]
    x, y, turn = mark_place(shape)
    c.saveState()
    c.translate(pt(center[0] + x), pt(center[1] + y))
    c.rotate(turn)
    c.setFillColorRGB(*letter_ink(team.rgb))
    c.setFont(bold, pt(LETTER_MM / cap))
    c.drawCentredString(0, pt(-LETTER_MM / 2), team.letter)
    c.restoreState()


def draw_placements(c, center: tuple[float, float], layout: CardLayout) -> None:
    """The card's symbols, each from its form, for a card centred on ``center`` (mm)."""
    cx, cy = pt(center[0]), pt(center[1])
    for p in layout.placements:
        c.saveState()
        c.translate(cx + pt(p.center[0]), cy + pt(p.center[1]))
        c.rotate(p.rotation)
        c.scale(pt(p.width), pt(p.height))
        c.translate(-0.5, -0.5)
        c.doForm(form_name(p.symbol, p.color))
        c.restoreState()


def draw_back(c, center: tuple[float, float], size: tuple[float, float], *, within=None, rgb=WHITE):
    """The back form, ``size`` mm (from :func:`define_back_form`), centred on ``center``.

    With ``within`` (a path) the art is clipped to it, and the path is first filled in ``rgb``,
    which shows through a back's transparent parts.
    """
    c.saveState()
    if within is not None:
        c.setFillColorRGB(*rgb)
        c.clipPath(within, stroke=0, fill=1)
    c.translate(pt(center[0] - size[0] / 2), pt(center[1] - size[1] / 2))
    c.scale(pt(size[0]), pt(size[1]))
    c.doForm("back")
    c.restoreState()
