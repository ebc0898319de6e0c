"""The deck: finite projective planes (cards as tuples of symbol indices), verified, never assumed.

For a size no plane has (7, 11 per card), the small deck in which every symbol is on two cards.
Which decks a number of pictures allows, the best partial deck, which pictures share a card, and
the Connect variant's teams. The prime-power planes' field tables are galois's, shipped
(``data/fields``): nothing imports galois at run time.
"""

from typing import TYPE_CHECKING

from dobble_print.lazy import lazy_exports

if TYPE_CHECKING:  # the exports as type checkers and editors see them
    from dobble_print.deck.choice import MOST_BY_DEFAULT as MOST_BY_DEFAULT
    from dobble_print.deck.choice import DeckOption as DeckOption
    from dobble_print.deck.choice import best_partial_deck as best_partial_deck
    from dobble_print.deck.choice import beyond_default as beyond_default
    from dobble_print.deck.choice import choose_option as choose_option
    from dobble_print.deck.choice import counted as counted
    from dobble_print.deck.choice import deck_options as deck_options
    from dobble_print.deck.choice import more_give as more_give
    from dobble_print.deck.choice import next_option as next_option
    from dobble_print.deck.choice import pair_options as pair_options
    from dobble_print.deck.choice import pair_phrase as pair_phrase
    from dobble_print.deck.connect import BORDER_MM as BORDER_MM
    from dobble_print.deck.connect import Team as Team
    from dobble_print.deck.connect import assign_teams as assign_teams
    from dobble_print.deck.connect import cover_lines as cover_lines
    from dobble_print.deck.copies import LETTER_MM as LETTER_MM
    from dobble_print.deck.copies import MAX_COPIES as MAX_COPIES
    from dobble_print.deck.copies import RIMS as RIMS
    from dobble_print.deck.copies import class_set_lines as class_set_lines
    from dobble_print.deck.copies import copy_marks as copy_marks
    from dobble_print.deck.copies import letter_ink as letter_ink
    from dobble_print.deck.copies import split_marks as split_marks
    from dobble_print.deck.mixing import mix as mix
    from dobble_print.deck.pairs import MAX_PAIR_SIZE as MAX_PAIR_SIZE
    from dobble_print.deck.pairs import build_pair_deck as build_pair_deck
    from dobble_print.deck.pairs import pair_card_count as pair_card_count
    from dobble_print.deck.pairs import pair_symbol_count as pair_symbol_count
    from dobble_print.deck.plane import Deck as Deck
    from dobble_print.deck.plane import build_deck as build_deck
    from dobble_print.deck.plane import card_count as card_count
    from dobble_print.deck.plane import check_symbols_per_card as check_symbols_per_card
    from dobble_print.deck.plane import shuffle_cards as shuffle_cards
    from dobble_print.deck.plane import supported_sizes as supported_sizes
    from dobble_print.deck.plane import take_cards as take_cards
    from dobble_print.deck.shown_faces import assign_faces as assign_faces

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
    "assign_faces": "shown_faces",
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
if not TYPE_CHECKING:  # so a name missing above is an error to mypy, not an object
    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
