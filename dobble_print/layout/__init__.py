"""Layout: each card's symbols packed by their real outlines, and every card measured.

numba is imported only in ``kernels`` (and ``build_loops``, which compiles it ahead of time),
highspy only in ``tightening``.
"""

from typing import TYPE_CHECKING

from dobble_print.lazy import lazy_exports

if TYPE_CHECKING:  # the exports as type checkers and editors see them
    from dobble_print.layout.deck_layout import layout_deck as layout_deck
    from dobble_print.layout.deck_layout import packer_cached as packer_cached
    from dobble_print.layout.deck_layout import start_packers as start_packers
    from dobble_print.layout.metrics import Measured as Measured
    from dobble_print.layout.metrics import as_json as as_json
    from dobble_print.layout.metrics import measure_deck as measure_deck
    from dobble_print.layout.metrics import measuring as measuring
    from dobble_print.layout.recognisable import Remedy as Remedy
    from dobble_print.layout.recognisable import SmallSymbol as SmallSymbol
    from dobble_print.layout.recognisable import estimated_sizes as estimated_sizes
    from dobble_print.layout.recognisable import recognisable_size as recognisable_size
    from dobble_print.layout.recognisable import smallest_picture as smallest_picture
    from dobble_print.layout.recognisable import too_small as too_small
    from dobble_print.layout.word_size import letter_heights as letter_heights
    from dobble_print.layout.word_size import readable_cap as readable_cap
    from dobble_print.layout.word_size import smallest_word as smallest_word
    from dobble_print.layout.word_size import word_cap_height as word_cap_height

_EXPORTS = {
    "layout_deck": "deck_layout",
    "start_packers": "deck_layout",
    "packer_cached": "deck_layout",
    "Measured": "metrics",
    "as_json": "metrics",
    "measuring": "metrics",
    "measure_deck": "metrics",
    "Remedy": "recognisable",
    "SmallSymbol": "recognisable",
    "estimated_sizes": "recognisable",
    "recognisable_size": "recognisable",
    "smallest_picture": "recognisable",
    "too_small": "recognisable",
    "smallest_word": "word_size",
    "word_cap_height": "word_size",
    "readable_cap": "word_size",
    "letter_heights": "word_size",
}
__all__ = sorted(_EXPORTS)
if not TYPE_CHECKING:  # so a name missing above is an error to mypy, not an object
    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
