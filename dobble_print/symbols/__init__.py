"""Symbols: pictures and words found, loaded safely and trimmed to their ink, with how much prints.

cairosvg and resvg are imported only here.
"""

from dobble_print.lazy import lazy_exports

_EXPORTS = {
    "Background": "symbol",
    "PhotoShape": "loading",
    "Symbol": "symbol",
    "SymbolOptions": "symbol",
    "SymbolSet": "symbol",
    "faint_on_card": "loading",
    "find_images": "loading",
    "find_sources": "loading",
    "load_symbols": "loading",
    "refuse_unreadable": "sources",
    "refuse_too_few": "sources",
    "IMAGE_SUFFIXES": "sources",
    "Sources": "sources",
    "Font": "words",
    "WORD_SUFFIXES": "words",
    "display_order": "words",
    "format_names": "formats",
    "SYSTEM_FOLDERS": "folders",
    "SymbolCache": "cache",
    "BadPicture": "raster",
    "is_svg": "pictures",
    "load_picture": "pictures",
    "SvgRenderer": "svg",
    "svg_renderer": "svg",
    "INK_ALPHA": "ink",
    "WHITE": "ink",
    "Ink": "ink",
    "measure_ink": "ink",
    "visual": "words",
    "key_name": "name_words",
    "cap_height": "words",
    "is_letter": "words",
    "with_labels": "labels",
    "small_labels": "labels",
    "load_faces": "faces",
    "text_font": "fallback",
    "text_fonts": "fallback",
    "drawn_characters": "fallback",
    "text_warning": "fallback",
    "Face": "vocabulary",
    "Vocabulary": "vocabulary",
    "choose_faces": "vocabulary",
    "TableCells": "vocabulary",
    "table_cells": "vocabulary",
    "VOCABULARY_SUFFIXES": "vocabulary",
    "read_words": "words",
    "BadWords": "words",
    "TabbedLines": "words",
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
