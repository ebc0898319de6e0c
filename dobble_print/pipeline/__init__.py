"""The wiring: what the sources make (loading.py, planning.py; a vocabulary file's deck in
matching.py), the build that lays it out and writes it (building.py, with the pages before the
cards in front_matter.py, the report in report.py and the outputs checked in writing.py), one
card drawn (preview.py), and the presets both shells read (presets.py). One flow for picture,
word and vocabulary decks; the public Python API (:mod:`dobble_print`) calls it."""

from dobble_print.lazy import lazy_exports

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
    "PLACES": "presets",
    "bundled_presets": "presets",
    "bundled_shops": "presets",
    "load_preset": "presets",
    "preset_about": "presets",
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
