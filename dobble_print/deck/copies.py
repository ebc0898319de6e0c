"""Class sets: several copies of one deck, or one deck split into two halves, each card marked.

A teacher running one deck with several groups prints each copy on a different colour of card,
"so when a card is found on the floor I know which copy it belongs to". Here each card carries its
copy's letter and a coloured rim (the band inside the cut line that the Connect game's teams use).
The rims are chosen to differ in black and white too: the first four copies' colours are 17 to
25 points apart in lightness (CIE L* 19, 44, 70, 87); the letter tells every copy apart.

Split: any cards of a deck still share exactly one symbol two by two, so the first half of the
shuffled deck (A) and the second (B) each play on their own, by construction.

Examples:
    >>> [m.letter for m in copy_marks(2, 3)]
    ['A', 'A', 'B', 'B', 'C', 'C']
    >>> [m.letter for m in split_marks(5)]
    ['A', 'A', 'A', 'B', 'B']
"""

from __future__ import annotations

from collections.abc import Sequence

from dobble_print.deck.connect import Team
from dobble_print.language import words

MAX_COPIES = 6
LETTER_MM = 2.2  # the letter's capital height, inside the 3 mm rim (connect.BORDER_MM)

# (letter, rim colour) in the order copies take them; lightness L* in the comments.
RIMS = (
    Team("A", (0.10, 0.16, 0.42), "A"),  # navy, 19
    Team("B", (0.96, 0.58, 0.10), "B"),  # orange, 70
    Team("C", (0.80, 0.10, 0.12), "C"),  # red, 44
    Team("D", (1.00, 0.84, 0.10), "D"),  # yellow, 87
    Team("E", (0.16, 0.58, 0.26), "E"),  # green, 54
    Team("F", (0.58, 0.28, 0.72), "F"),  # purple, 45
)


def letter_ink(rim: tuple[float, float, float]) -> tuple[float, float, float]:
    """The letter's colour on a rim: white on a dark one, black on a light one (L* over 60)."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rim]
    luminance = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return (0.0, 0.0, 0.0) if luminance > 0.28 else (1.0, 1.0, 1.0)  # Y 0.28 is L* 60


def copy_marks(card_count: int, copies: int) -> tuple[Team, ...]:
    """Each printed card's mark when ``copies`` copies of a ``card_count``-card deck are printed
    one after the other (copy A's cards, then B's, …)."""
    if not 1 <= copies <= MAX_COPIES:
        raise ValueError(f"copies must be 1 to {MAX_COPIES}, not {copies}")
    return tuple(RIMS[copy] for copy in range(copies) for _ in range(card_count))


def split_marks(card_count: int) -> tuple[Team, ...]:
    """Each card's half: the first ⌈K/2⌉ cards are A, the rest B."""
    first = (card_count + 1) // 2
    return (RIMS[0],) * first + (RIMS[1],) * (card_count - first)


def class_set_lines(marks: Sequence[Team], *, split: bool, lang: str = "en") -> tuple[str, ...]:
    """What the cover says about a class set's copies, or a deck's two halves (``split``): one
    line, in ``lang``."""
    _ = words(lang).gettext
    letters = list(dict.fromkeys(m.letter for m in marks))
    sizes = [sum(1 for m in marks if m.letter == letter) for letter in letters]
    if split:
        line = _(
            "Two half decks, A ({first} cards) and B ({second} cards), each playing on its own: "
            "a card's letter and rim say its half."
        )
        return (line.format(first=sizes[0], second=sizes[-1]),)
    line = _(
        "{copies} copies of the deck, {first} to {last}, {cards} cards each: a card's letter and "
        "rim say which copy it belongs to."
    )
    return (line.format(copies=len(letters), first=letters[0], last=letters[-1], cards=sizes[0]),)
