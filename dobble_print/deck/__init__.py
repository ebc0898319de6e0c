"""The deck: finite projective planes (cards as tuples of symbol indices), verified, never assumed.

For a size no plane has (7, 11 per card), the small deck in which every symbol is on two cards.
Which decks a number of pictures allows, the best partial deck, which pictures share a card, and
the Connect variant's teams. galois is imported only here.
"""

from dobble_print.lazy import lazy_exports

_EXPORTS = {
    "Deck": "plane",
    "build_deck": "plane",
    "card_count": "plane",
    "check_symbols_per_card": "plane",
    "shuffle_cards": "plane",
    "supported_sizes": "plane",
    "take_cards": "plane",
    "DeckOption": "choice",
    "MOST_BY_DEFAULT": "choice",
    "beyond_default": "choice",
    "best_partial_deck": "choice",
    "choose_option": "choice",
    "counted": "choice",
    "more_give": "choice",
    "deck_options": "choice",
    "next_option": "choice",
    "mix": "mixing",
    "BORDER_MM": "connect",
    "Team": "connect",
    "assign_teams": "connect",
    "cover_lines": "connect",
    "assign_faces": "faces",
    "MAX_COPIES": "copies",
    "RIMS": "copies",
    "LETTER_MM": "copies",
    "letter_ink": "copies",
    "class_set_lines": "copies",
    "copy_marks": "copies",
    "split_marks": "copies",
    "MAX_PAIR_SIZE": "pairs",
    "build_pair_deck": "pairs",
    "pair_card_count": "pairs",
    "pair_symbol_count": "pairs",
    "pair_options": "choice",
    "pair_phrase": "choice",
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
