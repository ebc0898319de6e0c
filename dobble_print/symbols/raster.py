"""Raster pictures (PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP, TIFF) decoded with Pillow (HEIC through
pillow-heif): upright, RGBA, bounded.

Decoding is bounded before any pixel is read: the header gives the size, and anything over
:data:`MAX_PIXELS` (a decompression bomb, or a panorama no card needs) is refused. JPEGs are decoded
straight at a reduced scale (``draft``), so a 6000×4000 phone photo never exists in memory at full
size; other formats are decoded once and shrunk at once to what the print needs. HEIC and AVIF
pass the same checks: the size in the container's header is bounded before any pixel is decoded.
"""

from __future__ import annotations

import functools
import io
import math
import warnings
from pathlib import Path

import numpy as np

from dobble_print.language import N_, Msg
from dobble_print.symbols.bad_picture import TRIM_ALPHA, BadPicture
from dobble_print.symbols.formats import PICTURE_FORMATS, format_list
from dobble_print.symbols.headers import (
    avif_coded_size,
    jpeg_cut_short,
    jpeg_least_bytes,
    media_kind,
    media_size,
)

# Only these decoders may run, whatever the extension says: a file named .png that is really an
# EPS must not start Ghostscript, and a JPEG named .png is still a fine picture.
_FORMATS = tuple(d for f in PICTURE_FORMATS for d in f.decoders if d != "HEIF")

# What a picture may have, read from its header before decoding. The largest symbol needs 2,400
# pixels on its longer side (300 dpi); more is shrunk away at once. A JPEG decodes straight at
# 1/2 to 1/8 scale, so a 48 MP phone photo costs a few; up to 100 MP (a 30000×30000 bomb is
# refused). Every other format decodes in full first, at 1 to 4 bytes a pixel: up to 40 MP, an
# A4 page scanned at 600 dpi (35 MP) loads, 160 MB at most a picture; 100 MP of 1-bit, palette
# or lossless WebP pixels (a few kB of file) took 1-1.5 GB, 16-bit grey 2.5 GB. WebP decodes
# through whole-canvas copies, ~16 bytes a pixel: 16 MP (its sides stop at 16,383 anyway). An
# iPhone's 48 MP HEIC (8064×6048, 3 bytes a pixel) must load: HEIF and AVIF up to 50 MP.
MAX_PIXELS = 100_000_000
MAX_FULL_PIXELS = {"WEBP": 16_000_000, "HEIF": 50_000_000, "AVIF": 50_000_000}
FULL_PIXELS = 40_000_000  # any other format but JPEG
_FORMAT_NAMES = {"WEBP": "WebP", "DIB": "BMP", "HEIF": "HEIC"}


def _most_pixels(kind: str | None) -> int:
    """The most pixels a picture of format ``kind`` may have (see :data:`MAX_PIXELS`)."""
    return MAX_PIXELS if kind in ("JPEG", "MPO") else MAX_FULL_PIXELS.get(kind or "", FULL_PIXELS)


# What Pillow's decoders (and the AVIF and HEIC plugins: RuntimeError) raise for a damaged
# file; each is the file's fault, said as a reason (:func:`_damage`), never a traceback.
# The largest picture file read, by both shells alike (the page's upload limit is this one): a
# phone photo is 3-12 MB, a scanned page as TIFF up to ~100 MB; pixels have their own limit.
MAX_PICTURE_BYTES = 200_000_000
DAMAGE = (OSError, SyntaxError, ValueError, EOFError, IndexError, TypeError, KeyError, RuntimeError)


def _open(path: Path):
    """Open lazily (header only), turning every way a file can fail into a reason."""
    from PIL import Image, UnidentifiedImageError

    size = path.stat().st_size
    if size == 0:
        raise BadPicture(N_("empty file (0 bytes)"))
    if size > MAX_PICTURE_BYTES:
        raise BadPicture(
            N_(
                "too large ({size} MB, over {most} MB for a picture); shrink it",
                size=math.ceil(size / 1_000_000),
                most=MAX_PICTURE_BYTES // 1_000_000,
            )
        )
    formats = _FORMATS + (("HEIF",) if _is_heif(path) else ())
    try:
        with warnings.catch_warnings():
            # Pillow's notes on damaged headers ("Tag data larger than file") are not ours to
            # print: a file too damaged to use is reported as BadPicture
            # and Pillow's own bomb warning (from 89 MP) is not our limit: each format's is
            # checked below, and said with its own number
            warnings.simplefilter("ignore", UserWarning)
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            im = Image.open(path, formats=formats)
    except UnidentifiedImageError:
        raise BadPicture(_unidentified(path)) from None
    except Image.DecompressionBombError:
        raise BadPicture(_too_big_reason(*_claimed_size(path))) from None
    except DAMAGE as exc:
        raise BadPicture(_damage(exc)) from None  # a header Pillow cannot parse
    w, h = im.size
    if w * h > _most_pixels(im.format):
        im.close()
        raise BadPicture(_too_big_reason(w, h, im.format or ""))  # an opened image has one
    if w < 1 or h < 1:
        im.close()
        raise BadPicture(N_("has no pixels ({w}×{h})", w=w, h=h))
    if im.format == "AVIF" and (coded := avif_coded_size(path)) != (0, 0) and coded != (w, h):
        im.close()
        raise BadPicture(
            N_(
                "damaged: its header says {w}×{h} pixels, but the picture inside is {cw}×{ch}; "
                "copy it again, or save it again from the program that made it",
                w=w,
                h=h,
                cw=coded[0],
                ch=coded[1],
            )
        )
    if im.format in ("JPEG", "MPO") and path.stat().st_size < jpeg_least_bytes(path):
        im.close()
        raise BadPicture(
            N_(
                "damaged: its header says {w}×{h} pixels, more than the whole file can hold; "
                "copy it again, or save it again from the program that made it",
                w=w,
                h=h,
            )
        )
    return im


def _unidentified(path: Path) -> Msg:
    """Why no decoder opens ``path``. An AVIF or HEIC that its decoder refuses (libavif refuses
    one too large or cut short as "not an AVIF") is said too large or damaged, as any other
    picture; anything else is not a picture of a kind read."""
    with path.open("rb") as f:
        kind = media_kind(f.read(12))
    if kind is not None:
        w, h = media_size(path)
        if w * h > _most_pixels(kind):
            return _too_big_reason(w, h, kind)
        return _decoder_damage(path, kind)
    return N_(
        "the contents are not a {formats} picture; the file may be damaged or misnamed",
        formats=format_list(rasters_only=True),
    )


def _decoder_damage(path: Path, kind: str) -> Msg:
    """The damage the ``kind`` decoder itself finds in ``path`` (Pillow's open keeps only "cannot
    identify")."""
    from PIL import Image

    factory, _accept = Image.OPEN[kind]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # typeshed types Image.OPEN's factories as (file, name); each takes a path alone too
            factory(str(path)).close()  # type: ignore[call-arg, arg-type]
    except DAMAGE as exc:
        return _damage(exc)
    return DAMAGED


def _is_heif(path: Path) -> bool:
    """Whether the file starts as a HEIF/HEIC picture does; if so, pillow-heif is registered
    with Pillow (once per process) to open it."""
    with path.open("rb") as f:
        head = f.read(12)
    if media_kind(head) != "HEIF":
        return False
    _register_heif()
    return True


@functools.cache
def _register_heif() -> None:
    from pillow_heif import register_heif_opener

    register_heif_opener()


def check_raster(path: Path) -> None:
    """Read the header (and a PNG's chunks), as a cheap check of a picture that is not decoded.

    Raises:
        BadPicture: when the file is not a picture Pillow may open, or is too large.
        OSError: when the file cannot be read.
    """
    with _open(path) as im:
        if im.format in ("JPEG", "MPO") and jpeg_cut_short(path):
            raise BadPicture(CUT_SHORT)
        if im.format != "PNG":  # Pillow verifies only a PNG's chunks (their lengths and CRCs)
            return
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                im.verify()  # reads the file, decodes nothing: a truncated PNG is said now
        except DAMAGE as exc:
            raise BadPicture(_damage(exc)) from None


def _claimed_size(path: Path) -> tuple[int, int, str]:
    """The size a picture's header claims, and its format, read without Pillow's bomb check
    (which only says that it is too large); (0, 0, "JPEG") when no decoder reads it."""
    from PIL import Image

    with path.open("rb") as f:
        kind = media_kind(f.read(12))
    if kind is not None:  # HEIC and AVIF: their box, not a decoder
        return (*media_size(path), kind)
    Image.init()
    for name in _FORMATS:
        factory, _accept = Image.OPEN[name]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                # typeshed types Image.OPEN's factories as (file, name); each takes a path alone
                with factory(str(path)) as im:  # type: ignore[call-arg, arg-type]
                    return (*im.size, im.format or name)
        except Exception:  # not this format, or damaged: try the next
            continue
    return 0, 0, "JPEG"


# Pillow's reasons that name its own internals, in plain words.
_PLAIN_DAMAGE = {
    "Decompressed data too large for PngImagePlugin.MAX_TEXT_CHUNK": N_(
        "its colour profile or text unpacks to more than 1 MB (a decompression bomb?); save the "
        "picture again"
    ),
    "Truncated IHDR chunk": N_("truncated or damaged (its PNG header is cut short)"),
}
CUT_SHORT = N_(
    "cut short: the file ends before its picture does; copy it again from where it came from"
)
DAMAGED = N_(
    "damaged: the picture inside cannot be decoded; copy it again, or save it again from the "
    "program that made it"
)
UNSUPPORTED = N_("stored in a way that cannot be read here; save it again as PNG or JPEG")


def _damage(exc: Exception) -> Msg:
    """A decoder's error about a damaged file as a reason in plain words. The decoders' own
    texts ("broken data stream when reading image file", libheif's "Extent in iloc box
    references data outside of file bounds") name their internals, so none is passed on."""
    reason = str(exc)
    if reason in _PLAIN_DAMAGE:
        return _PLAIN_DAMAGE[reason]
    lower = reason.lower()
    if isinstance(exc, EOFError) or "truncated" in lower or "end of file" in lower:
        return CUT_SHORT
    if "unsupported" in lower or "not supported" in lower:
        return UNSUPPORTED
    return DAMAGED


def _too_big_reason(w: int = 0, h: int = 0, kind: str = "JPEG") -> Msg:
    if w >= 2**31 or h >= 2**31:  # a BMP's negative width, read as a huge one
        return N_(
            "its header gives an impossible size ({w}×{h} pixels); the file is damaged", w=w, h=h
        )
    if w and kind not in ("JPEG", "MPO"):
        return N_(
            "too large ({w}×{h} pixels, over {most} megapixels; a {kind} decodes in full, and a "
            "card needs at most 2400 pixels across); shrink it",
            w=w,
            h=h,
            most=_most_pixels(kind) // 1_000_000,
            kind=_FORMAT_NAMES.get(kind, kind),
        )
    size = N_("{w}×{h} pixels, ", w=w, h=h) if w else ""
    return N_(
        "too large ({size}over {most} megapixels; a decompression bomb?); shrink it",
        size=size,
        most=_most_pixels(kind) // 1_000_000,
    )


def _to_rgba(im):
    """Any mode → RGBA, scaling 16-bit and float data instead of clipping it to white."""
    from PIL import Image, ImageCms

    if im.mode in ("I;16", "I;16B", "I;16L", "I;16N", "I", "F"):
        a = np.asarray(im, dtype=np.float64)
        top = a.max(initial=0)
        top = 65535.0 if top > 255 else 1.0 if im.mode == "F" and top <= 1 else 255.0
        grey = np.clip(a / top * 255.0 + 0.5, 0, 255).astype(np.uint8)
        return Image.fromarray(grey, "L").convert("RGBA")
    if im.mode == "CMYK" and im.info.get("icc_profile"):
        try:  # the picture's own profile gives far truer colours than Pillow's naive formula
            src = ImageCms.ImageCmsProfile(io.BytesIO(im.info["icc_profile"]))
            srgb = ImageCms.createProfile("sRGB")
            rgb = ImageCms.profileToProfile(im, src, srgb, outputMode="RGB")
            assert rgb is not None  # None only when converted in place
            return rgb.convert("RGBA")
        except (ImageCms.PyCMSError, OSError, ValueError):
            pass
    if im.mode == "P" and "transparency" in im.info:
        im = im.convert("PA")
    return im.convert("RGBA")


# EXIF orientation → the transposition that shows the picture upright (as ImageOps applies it).
_UPRIGHT = {
    2: "FLIP_LEFT_RIGHT",
    3: "ROTATE_180",
    4: "FLIP_TOP_BOTTOM",
    5: "TRANSPOSE",
    6: "ROTATE_270",
    7: "TRANSVERSE",
    8: "ROTATE_90",
}


def _upright(im, max_px: int):
    """The decoded picture turned upright, box-reduced first when it is far larger than needed.

    Turning and converting a 6000×4000 PNG at full size took ~370 MB; reducing first by a whole
    factor (leaving at least twice ``max_px``, as Pillow's own ``reducing_gap`` does before
    LANCZOS) keeps only the decoded image itself at full size. 16-bit grey and palette pictures
    are sampled down instead (``reduce`` takes neither), before any conversion.
    """
    from PIL import Image, ImageOps

    factor = max(im.size) // (2 * max_px)
    if factor < 2:
        return ImageOps.exif_transpose(im)
    method = _UPRIGHT.get(im.getexif().get(0x0112, 1))
    if im.mode == "1":  # averaged as grey, not picked: thin black lines stay
        im = im.convert("L")
    if im.mode in ("P", "I;16", "I;16B", "I;16L", "I;16N"):
        # reduce() takes neither; converted first, a 9000×9900 16-bit grey took 2.5 GB. A
        # palette picture is sampled (its colours kept), then smoothed with the rest.
        w, h = im.size
        small = im.resize((max(1, w // factor), max(1, h // factor)), Image.Resampling.NEAREST)
    else:
        small = im.reduce(factor)
    small.info = {k: v for k, v in im.info.items() if k in ("icc_profile", "transparency")}
    return small.transpose(getattr(Image.Transpose, method)) if method else small


def load_raster(path: Path, *, max_px: int) -> np.ndarray:
    """Decode a raster picture as RGBA, upright, no larger than ``max_px`` on its longer side.

    Animated GIF, WebP and PNG give their first frame.

    Raises:
        BadPicture: with the reason, when the file cannot be decoded or is too large.
    """
    with warnings.catch_warnings():
        # Pillow's UserWarnings about damaged files ("Truncated File Read", TIFF tags larger than
        # the file) would print as multi-line noise; the damage is reported as BadPicture or the
        # picture is still usable.
        warnings.simplefilter("ignore", UserWarning)
        return _decode(path, max_px)


def _decode(path: Path, max_px: int) -> np.ndarray:
    from PIL import Image

    im = _open(path)
    try:
        with im:
            im.seek(0)
            if im.format in ("JPEG", "MPO"):
                # Decode at 1/2, 1/4 or 1/8 scale, still at least max_px on the longer side.
                # (draft keeps both sides at least the size asked: asking max_px for both would
                # decode a 2000×1500 photo in full for 793 px.)
                w, h = im.size
                im.draft(
                    None, (math.ceil(max_px * w / max(w, h)), math.ceil(max_px * h / max(w, h)))
                )
            im.load()
            im = _upright(im, max_px)
            if im.mode in ("RGB", "L") and max(im.size) > max_px:
                # No alpha: resizing before adding it gives the same pixels, for 3 channels (or
                # 1) instead of 4 and no premultiplying.
                im.thumbnail((max_px, max_px), Image.Resampling.LANCZOS)
            rgba = _to_rgba(im)
            if max(rgba.size) > max_px:
                rgba.thumbnail((max_px, max_px), Image.Resampling.LANCZOS)
            return np.asarray(rgba)
    except BadPicture:
        raise
    except DAMAGE as exc:
        # Pillow's decoders report damage as any of these; each is the file's fault.
        raise BadPicture(_damage(exc)) from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise BadPicture(_too_big_reason()) from None


def ink_box(rgba: np.ndarray) -> tuple[int, int, int, int] | None:
    """(left, top, right, bottom) of the pixels above :data:`TRIM_ALPHA`; None if there are none."""
    return alpha_box(rgba[..., 3])


def alpha_box(alpha: np.ndarray) -> tuple[int, int, int, int] | None:
    """:func:`ink_box` of the pixels whose alpha channel this is."""
    ink = alpha > TRIM_ALPHA
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    if not len(rows):
        return None
    return int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1


def picture_preview(path: Path, max_px: int = 256) -> bytes:
    """A small PNG of the picture at ``path``, upright, at most ``max_px`` a side: what a
    browser cannot draw itself (an iPhone's HEIC, TIFF) shown on the page's tile.

    Raises:
        BadPicture: when the file is not a picture that can be read.
        OSError: when the file cannot be read.
    """
    import io

    from PIL import Image

    with _open(path) as im:
        try:
            im.draft("RGB", (max_px, max_px))  # a JPEG decoded at a fraction of its size
            shown = _upright(im, max_px)
            shown = shown.convert("RGBA" if "A" in shown.getbands() else "RGB")
            shown.thumbnail((max_px, max_px), Image.Resampling.LANCZOS)
        except DAMAGE as exc:
            raise BadPicture(_damage(exc)) from None
    out = io.BytesIO()
    shown.save(out, "PNG")
    return out.getvalue()
