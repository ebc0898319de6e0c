"""The picture formats dobble-print reads, listed once: the loaders, the folder search, the
messages that name them and the app's upload check and page all take them from here.

And the formats people often have that it does not read (camera RAW, Photoshop, videos), each
with what to export instead, so a file of such a kind is named with a way out rather than
"not a picture".
"""

from __future__ import annotations

from dataclasses import dataclass

from dobble_print.language import N_, Msg


@dataclass(frozen=True)
class PictureFormat:
    """A picture format: its name as people know it, its file suffixes and the Pillow decoders
    that may open it (none for SVG, drawn by cairosvg)."""

    name: str
    suffixes: tuple[str, ...]
    decoders: tuple[str, ...] = ()


PICTURE_FORMATS = (
    PictureFormat("PNG", (".png",), ("PNG",)),
    PictureFormat("JPEG", (".jpg", ".jpeg", ".jpe", ".jfif"), ("JPEG",)),  # JPEG opens MPO too
    # iPhones save HEIC by default; decoded by pillow-heif (libheif), AVIF by Pillow itself
    PictureFormat("HEIC", (".heic", ".heif"), ("HEIF",)),
    PictureFormat("AVIF", (".avif",), ("AVIF",)),
    PictureFormat("WebP", (".webp",), ("WEBP",)),
    PictureFormat("GIF", (".gif",), ("GIF",)),
    PictureFormat("BMP", (".bmp",), ("BMP", "DIB")),
    PictureFormat("TIFF", (".tif", ".tiff"), ("TIFF",)),
    PictureFormat("SVG", (".svg", ".svgz")),
)

SVG_SUFFIXES = frozenset(s for f in PICTURE_FORMATS if not f.decoders for s in f.suffixes)
RASTER_SUFFIXES = frozenset(s for f in PICTURE_FORMATS if f.decoders for s in f.suffixes)
PICTURE_SUFFIXES = RASTER_SUFFIXES | SVG_SUFFIXES


def format_names(*, rasters_only: bool = False) -> str:
    """The formats read, as a phrase: ``PNG, JPEG, HEIC, AVIF, WebP, GIF, BMP, TIFF or SVG``."""
    return str(format_list(rasters_only=rasters_only))


def format_list(*, rasters_only: bool = False) -> Msg:
    """:func:`format_names`, its "or" said in the user's language."""
    names = [f.name for f in PICTURE_FORMATS if f.decoders or not rasters_only]
    return N_("{some} or {last}", some=", ".join(names[:-1]), last=names[-1])


_RAW = "camera RAW photo", "export it as JPEG from the camera's or a photo app"
_LAYERED = "drawing program's file", "export it as PNG"
_VIDEO = "video", "save a still of it as JPEG or PNG"
_PRINTED = "document", "export the picture in it as PNG or SVG"
_SHEET = "spreadsheet", "save it as CSV"
_WRITTEN = "word processor's document", "save it as plain text (.txt), one word per line"
_PACKED = "compressed folder", "unzip it and give the folder"
# Formats people bring that are not read, by suffix: what a file is, and what to do with it.
NOT_READ = {
    **dict.fromkeys((".cr2", ".cr3", ".nef", ".arw", ".dng", ".orf", ".rw2", ".raf"), _RAW),
    **dict.fromkeys((".srw", ".pef", ".raw"), _RAW),
    **dict.fromkeys((".psd", ".psb", ".xcf", ".kra", ".ai", ".afphoto", ".sketch"), _LAYERED),
    **dict.fromkeys((".mov", ".mp4", ".m4v", ".3gp", ".avi", ".mkv", ".webm"), _VIDEO),
    **dict.fromkeys((".pdf", ".eps", ".ps", ".emf", ".wmf"), _PRINTED),
    # what a teacher's list or table is often saved as
    **dict.fromkeys((".xlsx", ".xls", ".ods", ".numbers"), _SHEET),
    **dict.fromkeys((".rtf", ".doc", ".docx", ".odt", ".pages"), _WRITTEN),
    **dict.fromkeys((".zip", ".7z", ".rar"), _PACKED),
    ".jxl": ("JPEG XL picture", "export it as JPEG or PNG"),
    ".ico": ("icon file", "export it as PNG"),
}


# The two sentences of each kind not read, to be said in the user's language: one file of it,
# and every file of it in a folder.
_SAID = {
    _RAW: (
        N_("a camera RAW photo ({suffix}), which dobble-print does not read; export it as JPEG "
           "from the camera's or a photo app"),
        N_("for each camera RAW photo ({suffix}), export it as JPEG from the camera's or a "
           "photo app"),
    ),
    _LAYERED: (
        N_("a drawing program's file ({suffix}), which dobble-print does not read; export it "
           "as PNG"),
        N_("for each drawing program's file ({suffix}), export it as PNG"),
    ),
    _VIDEO: (
        N_("a video ({suffix}), which dobble-print does not read; save a still of it as JPEG or "
           "PNG"),
        N_("for each video ({suffix}), save a still of it as JPEG or PNG"),
    ),
    _PRINTED: (
        N_("a document ({suffix}), which dobble-print does not read; export the picture in it "
           "as PNG or SVG"),
        N_("for each document ({suffix}), export the picture in it as PNG or SVG"),
    ),
    _SHEET: (
        N_("a spreadsheet ({suffix}), which dobble-print does not read; save it as CSV and give "
           "that file"),
        N_("for each spreadsheet ({suffix}), save it as CSV"),
    ),
    _WRITTEN: (
        N_("a word processor's document ({suffix}), which dobble-print does not read; save it "
           "as plain text (.txt), one word per line"),
        N_("for each word processor's document ({suffix}), save it as plain text (.txt)"),
    ),
    _PACKED: (
        N_("a compressed folder ({suffix}), which dobble-print does not read; unzip it and "
           "give the folder"),
        N_("for each compressed folder ({suffix}), unzip it and give the folder"),
    ),
    NOT_READ[".jxl"]: (
        N_("a JPEG XL picture ({suffix}), which dobble-print does not read; export it as JPEG "
           "or PNG"),
        N_("for each JPEG XL picture ({suffix}), export it as JPEG or PNG"),
    ),
    NOT_READ[".ico"]: (
        N_("an icon file ({suffix}), which dobble-print does not read; export it as PNG"),
        N_("for each icon file ({suffix}), export it as PNG"),
    ),
}  # fmt: skip


def not_read(suffix: str) -> str:
    """What a file of ``suffix`` is and what to export it as, when it is a kind people often
    have that is not read (``a camera RAW photo (.CR2), which dobble-print does not read;
    export it as JPEG …``); "" otherwise."""
    said = not_read_said(suffix)
    return str(said) if said else ""


def not_read_said(suffix: str) -> Msg | None:
    """:func:`not_read` as a sentence to say in the user's language; None for a kind not in
    :data:`NOT_READ`."""
    known = NOT_READ.get(suffix.lower())
    if not known:
        return None
    return Msg(_SAID[known][0].msgid, params=(("suffix", suffix),))


def each_not_read(suffix: str) -> Msg | str:
    """What to do with every file of ``suffix`` a folder holds (``for each video (.mov), save
    a still of it as JPEG or PNG``); "" for a kind not in :data:`NOT_READ`."""
    known = NOT_READ.get(suffix.lower())
    return Msg(_SAID[known][1].msgid, params=(("suffix", suffix.lower()),)) if known else ""
