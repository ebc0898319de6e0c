"""Layout: each card's symbols packed by their real outlines, and every card measured.

numba is imported only in ``kernels``, highspy only in ``tightening``.
"""

from dobble_print.lazy import lazy_exports

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
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
