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
    from dobble_print.symbols.faces import load_faces as load_faces
    from dobble_print.symbols.fallback import check_fonts as check_fonts
    from dobble_print.symbols.fallback import drawn_characters as drawn_characters
    from dobble_print.symbols.fallback import text_font as text_font
    from dobble_print.symbols.fallback import text_fonts as text_fonts
    from dobble_print.symbols.fallback import text_warning as text_warning
    from dobble_print.symbols.folders import SYSTEM_FOLDERS as SYSTEM_FOLDERS
    from dobble_print.symbols.formats import PICTURE_FORMATS as PICTURE_FORMATS
    from dobble_print.symbols.formats import format_names as format_names
    from dobble_print.symbols.illustrate import illustrate_sources as illustrate_sources
    from dobble_print.symbols.illustrate import illustrated_words as illustrated_words
    from dobble_print.symbols.ink import INK_ALPHA as INK_ALPHA
    from dobble_print.symbols.ink import WHITE as WHITE
    from dobble_print.symbols.ink import Ink as Ink
    from dobble_print.symbols.ink import measure_ink as measure_ink
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
    from dobble_print.symbols.name_words import key_name as key_name
    from dobble_print.symbols.name_words import picture_name as picture_name
    from dobble_print.symbols.pictures import is_svg as is_svg
    from dobble_print.symbols.pictures import load_picture as load_picture
    from dobble_print.symbols.raster import MAX_PICTURE_BYTES as MAX_PICTURE_BYTES
    from dobble_print.symbols.raster import BadPicture as BadPicture
    from dobble_print.symbols.raster import picture_preview as picture_preview
    from dobble_print.symbols.sources import IMAGE_SUFFIXES as IMAGE_SUFFIXES
    from dobble_print.symbols.sources import Sources as Sources
    from dobble_print.symbols.sources import refuse_too_few as refuse_too_few
    from dobble_print.symbols.sources import refuse_unreadable as refuse_unreadable
    from dobble_print.symbols.svg import SvgRenderer as SvgRenderer
    from dobble_print.symbols.svg import svg_renderer as svg_renderer
    from dobble_print.symbols.symbol import Background as Background
    from dobble_print.symbols.symbol import Symbol as Symbol
    from dobble_print.symbols.symbol import SymbolOptions as SymbolOptions
    from dobble_print.symbols.symbol import SymbolSet as SymbolSet
    from dobble_print.symbols.vision import vision_warnings as vision_warnings
    from dobble_print.symbols.vocabulary import VOCABULARY_SUFFIXES as VOCABULARY_SUFFIXES
    from dobble_print.symbols.vocabulary import Face as Face
    from dobble_print.symbols.vocabulary import TableCells as TableCells
    from dobble_print.symbols.vocabulary import Vocabulary as Vocabulary
    from dobble_print.symbols.vocabulary import choose_faces as choose_faces
    from dobble_print.symbols.vocabulary import face_choices as face_choices
    from dobble_print.symbols.vocabulary import table_cells as table_cells
    from dobble_print.symbols.word_match import Candidate as Candidate
    from dobble_print.symbols.word_match import WordMatch as WordMatch
    from dobble_print.symbols.word_preview import WordTile as WordTile
    from dobble_print.symbols.word_preview import listed_word as listed_word
    from dobble_print.symbols.word_preview import word_tiles as word_tiles
    from dobble_print.symbols.words import PALETTE as PALETTE
    from dobble_print.symbols.words import WORD_SUFFIXES as WORD_SUFFIXES
    from dobble_print.symbols.words import BadWords as BadWords
    from dobble_print.symbols.words import Font as Font
    from dobble_print.symbols.words import TabbedLines as TabbedLines
    from dobble_print.symbols.words import cap_height as cap_height
    from dobble_print.symbols.words import display_order as display_order
    from dobble_print.symbols.words import is_letter as is_letter
    from dobble_print.symbols.words import read_words as read_words
    from dobble_print.symbols.words import shown_length as shown_length
    from dobble_print.symbols.words import space_width as space_width
    from dobble_print.symbols.words import visual as visual

_EXPORTS = {
    "Background": "symbol",
    "PhotoShape": "loading",
    "Symbol": "symbol",
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
    "Font": "words",
    "WORD_SUFFIXES": "words",
    "display_order": "words",
    "format_names": "formats",
    "PICTURE_FORMATS": "formats",
    "SYSTEM_FOLDERS": "folders",
    "SymbolCache": "cache",
    "BadPicture": "raster",
    "MAX_PICTURE_BYTES": "raster",
    "picture_preview": "raster",
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
    "picture_name": "name_words",
    "cap_height": "words",
    "space_width": "words",
    "PALETTE": "words",
    "colour_difference": "cielab",
    "to_lab": "cielab",
    "is_letter": "words",
    "with_labels": "labels",
    "small_labels": "labels",
    "load_faces": "faces",
    "text_font": "fallback",
    "text_fonts": "fallback",
    "check_fonts": "fallback",
    "drawn_characters": "fallback",
    "text_warning": "fallback",
    "Face": "vocabulary",
    "Vocabulary": "vocabulary",
    "choose_faces": "vocabulary",
    "face_choices": "vocabulary",
    "TableCells": "vocabulary",
    "table_cells": "vocabulary",
    "VOCABULARY_SUFFIXES": "vocabulary",
    "read_words": "words",
    "shown_length": "words",
    "illustrate_sources": "illustrate",
    "illustrated_words": "illustrate",
    "WordTile": "word_preview",
    "listed_word": "word_preview",
    "word_tiles": "word_preview",
    "WordMatch": "word_match",
    "Candidate": "word_match",
    "BadWords": "words",
    "TabbedLines": "words",
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
