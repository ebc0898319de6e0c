"""The wiring: what the sources make (loading.py, planning.py; a vocabulary file's deck in
matching.py), the build that lays it out and writes it (building.py, with the pages before the
cards in front_matter.py, the report in report.py and the outputs checked in writing.py), one
card drawn (preview.py). One flow for picture, word and vocabulary decks; the public Python API
(:mod:`dobble_print`) calls it."""

from typing import TYPE_CHECKING

from dobble_print.lazy import lazy_exports

if TYPE_CHECKING:  # the exports as type checkers and editors see them
    from dobble_print.pipeline.building import BuildResult as BuildResult
    from dobble_print.pipeline.building import build as build
    from dobble_print.pipeline.building import prepare as prepare
    from dobble_print.pipeline.ladder import build_ladder as build_ladder
    from dobble_print.pipeline.ladder import ladder_sizes as ladder_sizes
    from dobble_print.pipeline.ladder import rung_path as rung_path
    from dobble_print.pipeline.loading import LoadedDeck as LoadedDeck
    from dobble_print.pipeline.loading import load_deck as load_deck
    from dobble_print.pipeline.loading import plan as plan
    from dobble_print.pipeline.planning import DeckPlan as DeckPlan
    from dobble_print.pipeline.planning import Progress as Progress
    from dobble_print.pipeline.planning import default_seed as default_seed
    from dobble_print.pipeline.planning import plan_deck as plan_deck
    from dobble_print.pipeline.planning import symbol_pixels as symbol_pixels
    from dobble_print.pipeline.preview import draw_preview as draw_preview
    from dobble_print.pipeline.themes import ThemeSize as ThemeSize
    from dobble_print.pipeline.themes import theme_keys as theme_keys
    from dobble_print.pipeline.themes import theme_sizes as theme_sizes
    from dobble_print.pipeline.themes import theme_sources as theme_sources
    from dobble_print.pipeline.word_pictures import LibraryPicture as LibraryPicture
    from dobble_print.pipeline.word_pictures import WordTile as WordTile
    from dobble_print.pipeline.word_pictures import library_file as library_file
    from dobble_print.pipeline.word_pictures import library_picture as library_picture
    from dobble_print.pipeline.word_pictures import library_pictures as library_pictures
    from dobble_print.pipeline.word_pictures import listed_word as listed_word
    from dobble_print.pipeline.word_pictures import word_tiles as word_tiles

_EXPORTS = {
    "BuildResult": "building",
    "build": "building",
    "prepare": "building",
    "build_ladder": "ladder",
    "ladder_sizes": "ladder",
    "rung_path": "ladder",
    "LoadedDeck": "loading",
    "load_deck": "loading",
    "plan": "loading",
    "DeckPlan": "planning",
    "Progress": "planning",
    "default_seed": "planning",
    "plan_deck": "planning",
    "symbol_pixels": "planning",
    "draw_preview": "preview",
    "ThemeSize": "themes",
    "theme_keys": "themes",
    "theme_sizes": "themes",
    "theme_sources": "themes",
    "LibraryPicture": "word_pictures",
    "WordTile": "word_pictures",
    "library_file": "word_pictures",
    "library_picture": "word_pictures",
    "library_pictures": "word_pictures",
    "listed_word": "word_pictures",
    "word_tiles": "word_pictures",
}
__all__ = sorted(_EXPORTS)
if not TYPE_CHECKING:  # so a name missing above is an error to mypy, not an object
    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
