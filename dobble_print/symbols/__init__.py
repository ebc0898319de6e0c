"""Symbols: pictures and words found, loaded safely and trimmed to their ink, with how much prints.

cairosvg and resvg are imported only here.
"""

from typing import TYPE_CHECKING

from dobble_print.lazy import lazy_exports

if TYPE_CHECKING:  # the exports as type checkers and editors see them
    from dobble_print.symbols.cache import SymbolCache as SymbolCache
    from dobble_print.symbols.cielab import colour_difference as colour_difference
    from dobble_print.symbols.cielab import to_lab as to_lab
    from dobble_print.symbols.contour import with_outlines as with_outlines
    from dobble_print.symbols.early import start_drawing as start_drawing
    from dobble_print.symbols.folders import SYSTEM_FOLDERS as SYSTEM_FOLDERS
    from dobble_print.symbols.fonts.fallback import check_fonts as check_fonts
    from dobble_print.symbols.fonts.fallback import drawn_characters as drawn_characters
    from dobble_print.symbols.fonts.fallback import text_font as text_font
    from dobble_print.symbols.fonts.fallback import text_fonts as text_fonts
    from dobble_print.symbols.fonts.fallback import text_warning as text_warning
    from dobble_print.symbols.formats import PICTURE_FORMATS as PICTURE_FORMATS
    from dobble_print.symbols.formats import format_names as format_names
    from dobble_print.symbols.ink import INK_ALPHA as INK_ALPHA
    from dobble_print.symbols.ink import WHITE as WHITE
    from dobble_print.symbols.ink import Ink as Ink
    from dobble_print.symbols.ink import measure_ink as measure_ink
    from dobble_print.symbols.ink import symbols_ink as symbols_ink
    from dobble_print.symbols.labels import small_labels as small_labels
    from dobble_print.symbols.labels import with_labels as with_labels
    from dobble_print.symbols.library import LIBRARY_LANGUAGES as LIBRARY_LANGUAGES
    from dobble_print.symbols.library import LibraryPicture as LibraryPicture
    from dobble_print.symbols.library import Theme as Theme
    from dobble_print.symbols.library import emoji_code as emoji_code
    from dobble_print.symbols.library import emoji_names as emoji_names
    from dobble_print.symbols.library import is_library_file as is_library_file
    from dobble_print.symbols.library import library_file as library_file
    from dobble_print.symbols.library import library_folder as library_folder
    from dobble_print.symbols.library import library_picture as library_picture
    from dobble_print.symbols.library import library_pictures as library_pictures
    from dobble_print.symbols.library import library_sources as library_sources
    from dobble_print.symbols.library import library_svg as library_svg
    from dobble_print.symbols.library import theme as theme
    from dobble_print.symbols.library import themes as themes
    from dobble_print.symbols.loading import PhotoShape as PhotoShape
    from dobble_print.symbols.loading import faint_on_card as faint_on_card
    from dobble_print.symbols.loading import find_images as find_images
    from dobble_print.symbols.loading import find_sources as find_sources
    from dobble_print.symbols.loading import load_symbols as load_symbols
    from dobble_print.symbols.pictures import is_svg as is_svg
    from dobble_print.symbols.pictures import load_picture as load_picture
    from dobble_print.symbols.pixels import Pixels as Pixels
    from dobble_print.symbols.raster import MAX_PICTURE_BYTES as MAX_PICTURE_BYTES
    from dobble_print.symbols.raster import BadPicture as BadPicture
    from dobble_print.symbols.raster import picture_preview as picture_preview
    from dobble_print.symbols.sources import IMAGE_SUFFIXES as IMAGE_SUFFIXES
    from dobble_print.symbols.sources import Sources as Sources
    from dobble_print.symbols.sources import refuse_too_few as refuse_too_few
    from dobble_print.symbols.sources import refuse_unreadable as refuse_unreadable
    from dobble_print.symbols.svg.choice import SvgRenderer as SvgRenderer
    from dobble_print.symbols.svg.choice import svg_renderer as svg_renderer
    from dobble_print.symbols.svg.worker import end_drawers as end_drawers
    from dobble_print.symbols.svg.worker import end_untaken_drawers as end_untaken_drawers
    from dobble_print.symbols.symbol import Background as Background
    from dobble_print.symbols.symbol import Symbol as Symbol
    from dobble_print.symbols.symbol import SymbolOptions as SymbolOptions
    from dobble_print.symbols.symbol import SymbolSet as SymbolSet
    from dobble_print.symbols.vision import vision_warnings as vision_warnings
    from dobble_print.symbols.vocabulary.faces import load_faces as load_faces
    from dobble_print.symbols.vocabulary.rows import VOCABULARY_SUFFIXES as VOCABULARY_SUFFIXES
    from dobble_print.symbols.vocabulary.rows import Face as Face
    from dobble_print.symbols.vocabulary.rows import TableCells as TableCells
    from dobble_print.symbols.vocabulary.rows import Vocabulary as Vocabulary
    from dobble_print.symbols.vocabulary.rows import choose_faces as choose_faces
    from dobble_print.symbols.vocabulary.rows import face_choices as face_choices
    from dobble_print.symbols.vocabulary.rows import table_cells as table_cells
    from dobble_print.symbols.words.file_names import key_name as key_name
    from dobble_print.symbols.words.file_names import picture_name as picture_name
    from dobble_print.symbols.words.illustrate import illustrate_sources as illustrate_sources
    from dobble_print.symbols.words.illustrate import illustrated_words as illustrated_words
    from dobble_print.symbols.words.matching import Candidate as Candidate
    from dobble_print.symbols.words.matching import WordMatch as WordMatch
    from dobble_print.symbols.words.preview import WordTile as WordTile
    from dobble_print.symbols.words.preview import listed_word as listed_word
    from dobble_print.symbols.words.preview import word_tiles as word_tiles
    from dobble_print.symbols.words.typeset import PALETTE as PALETTE
    from dobble_print.symbols.words.typeset import WORD_SUFFIXES as WORD_SUFFIXES
    from dobble_print.symbols.words.typeset import BadWords as BadWords
    from dobble_print.symbols.words.typeset import Font as Font
    from dobble_print.symbols.words.typeset import TabbedLines as TabbedLines
    from dobble_print.symbols.words.typeset import cap_height as cap_height
    from dobble_print.symbols.words.typeset import display_order as display_order
    from dobble_print.symbols.words.typeset import is_letter as is_letter
    from dobble_print.symbols.words.typeset import read_words as read_words
    from dobble_print.symbols.words.typeset import shown_length as shown_length
    from dobble_print.symbols.words.typeset import space_width as space_width
    from dobble_print.symbols.words.typeset import visual as visual

_EXPORTS = {
    "Background": "symbol",
    "PhotoShape": "loading",
    "Symbol": "symbol",
    "Pixels": "pixels",
    "SymbolOptions": "symbol",
    "SymbolSet": "symbol",
    "faint_on_card": "loading",
    "vision_warnings": "vision",
    "with_outlines": "contour",
    "find_images": "loading",
    "find_sources": "loading",
    "load_symbols": "loading",
    "refuse_unreadable": "sources",
    "refuse_too_few": "sources",
    "IMAGE_SUFFIXES": "sources",
    "Sources": "sources",
    "Font": "words.typeset",
    "WORD_SUFFIXES": "words.typeset",
    "display_order": "words.typeset",
    "format_names": "formats",
    "PICTURE_FORMATS": "formats",
    "SYSTEM_FOLDERS": "folders",
    "SymbolCache": "cache",
    "BadPicture": "raster",
    "MAX_PICTURE_BYTES": "raster",
    "picture_preview": "raster",
    "is_svg": "pictures",
    "load_picture": "pictures",
    "SvgRenderer": "svg.choice",
    "svg_renderer": "svg.choice",
    "end_drawers": "svg.worker",
    "end_untaken_drawers": "svg.worker",
    "start_drawing": "early",
    "INK_ALPHA": "ink",
    "WHITE": "ink",
    "Ink": "ink",
    "measure_ink": "ink",
    "symbols_ink": "ink",
    "visual": "words.typeset",
    "key_name": "words.file_names",
    "picture_name": "words.file_names",
    "cap_height": "words.typeset",
    "space_width": "words.typeset",
    "PALETTE": "words.typeset",
    "colour_difference": "cielab",
    "to_lab": "cielab",
    "is_letter": "words.typeset",
    "with_labels": "labels",
    "small_labels": "labels",
    "load_faces": "vocabulary.faces",
    "text_font": "fonts.fallback",
    "text_fonts": "fonts.fallback",
    "check_fonts": "fonts.fallback",
    "drawn_characters": "fonts.fallback",
    "text_warning": "fonts.fallback",
    "Face": "vocabulary.rows",
    "Vocabulary": "vocabulary.rows",
    "choose_faces": "vocabulary.rows",
    "face_choices": "vocabulary.rows",
    "TableCells": "vocabulary.rows",
    "table_cells": "vocabulary.rows",
    "VOCABULARY_SUFFIXES": "vocabulary.rows",
    "read_words": "words.typeset",
    "shown_length": "words.typeset",
    "illustrate_sources": "words.illustrate",
    "illustrated_words": "words.illustrate",
    "WordTile": "words.preview",
    "listed_word": "words.preview",
    "word_tiles": "words.preview",
    "WordMatch": "words.matching",
    "Candidate": "words.matching",
    "BadWords": "words.typeset",
    "TabbedLines": "words.typeset",
    "LibraryPicture": "library",
    "Theme": "library",
    "LIBRARY_LANGUAGES": "library",
    "library_pictures": "library",
    "library_picture": "library",
    "library_svg": "library",
    "library_file": "library",
    "library_folder": "library",
    "is_library_file": "library",
    "library_sources": "library",
    "themes": "library",
    "theme": "library",
    "emoji_code": "library",
    "emoji_names": "library",
}
__all__ = sorted(_EXPORTS)
if not TYPE_CHECKING:  # so a name missing above is an error to mypy, not an object
    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
