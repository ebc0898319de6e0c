"""Layout: where each symbol sits on its card, in card coordinates (mm, origin at the card centre,
y up, rotation counter-clockwise in degrees).

Symbols are packed by their real shapes (alpha masks), not by bounding circles, so they nestle
into each other's gaps the way the retail game's artwork does:

1. **Size ranks, balanced over the deck** (:mod:`ranks`): on a card of N symbols
   the wanted sizes step geometrically from the largest to 1/1.8 of it (by √ink-area; growing
   later spreads them to about 2; a deck of words only, to 1/1.35: ``WORD_SPREAD``); every
   card has each rank once and every symbol each rank once over its cards, so each is
   sometimes the largest and sometimes the smallest. Given the pictures' printed shares, the
   ranks are chosen so that no card has its largest places taken by the pictures that print
   least ink.
2. **Packing each card** (:mod:`packing`): an occupancy grid of the safe disc; for a
   rotated, scaled shape, compiled loops find every free position; largest first, each takes the
   tightest free position over a few angles; when one fits nowhere all shrink and it tries
   again; then all grow in place, are taken out and put back bigger, and settle on a grid
   ``FINER`` times finer (:mod:`settling`). Every card starts from the same
   ambitious scale (``FILL`` of the safe disc in ink) and settles where its shapes fit.
   Last, the shapes grow and shift into the slack the grid still leaves at every contact,
   measured on their outlines (:mod:`tightening`): coverage about 0.03 higher. A
   card's smallest symbol short of the size it would have on a card ``SMALLEST_FILL`` covered
   (11.3 mm on 85 mm cards of 8) is grown to it there, its neighbours giving a little room.
3. **Weak cards packed again** (``_layout_one``): a card that prints clearly less ink than its
   symbols predict, or whose smallest symbol stays boxed in under that size, or whose smallest
   picture is under the size a player recognises (:mod:`recognisable`), is packed again from
   other random streams and the better packing kept.
4. **Rotation**: random over 360° for pictures and single letters, within ±25° for words and
   labelled pictures;
   ``max_rotation`` caps both.

Each card has its own random generator seeded by (seed, card index), so the result for a seed does
not depend on how many processes lay out the cards; from ``PARALLEL_FROM`` cards on, the work is
shared by worker processes (:mod:`parallel`), one per available core. Where ``make`` compiled
the packer's loops ahead of time (:mod:`loops`), the workers are forked from this process as
packing starts: they share its copy of every shape's summed-area tables (made first, here;
the pyramids' levels are not kept, :class:`masks.Shape`), and loading the loops takes them no
time. Otherwise they come from a fork server
that :func:`start_packers` starts while the pictures load, which compiles numba's loops once
(:mod:`warm_packer`, about a second, ~95 MB); so this process never loads numba, and the
workers do not inherit this process's pictures, only get the card shapes they pack.
Where no process can be forked (Windows) or should not be (macOS), threads of this process pack
instead, and :func:`start_packers` loads the compiled packer in a thread while the pictures load.
"""

from __future__ import annotations

import concurrent.futures
import functools
import itertools
import math
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from dobble_print.card import CardLayout, CardShape, Placement, ShapeKind
from dobble_print.deck import Deck
from dobble_print.errors import OptionError
from dobble_print.language import N_
from dobble_print.layout.grid import LEAST_SPREAD
from dobble_print.layout.masks import Shape, shapes_of
from dobble_print.layout.packing import GRID, Board, make_board, pack
from dobble_print.layout.ranks import balance_ranks, expected_ink, rank_sizes, size_ranks
from dobble_print.layout.recognisable import largest_size, reach, recognisable_size
from dobble_print.layout.tightening import Depth, load_solver, tighten
from dobble_print.layout.word_colours import colour_words
from dobble_print.layout.word_size import letter_heights, readable_cap, turn_limit
from dobble_print.parallel import can_fork, give_back, in_order, start_server, worker_count
from dobble_print.seeds import Stream, generator
from dobble_print.symbols import PALETTE, Ink, Symbol

FILL = 0.62  # share of the safe disc every card first aims to fill with ink (packing shrinks it)
FINER = 3  # the grid shapes finally grow on has this many times more cells across (0.26 mm)
SPREAD = 2.3  # the largest symbol on a card is never more than this times the smallest
# A deck of words only reads by its letters, not by a picture's ink: its sizes vary less than
# pictures' (ranks from 1 down to 1/1.35, largest / smallest within 1.2 to 1.8 rather than 1.65
# to 2.3), so the smallest word takes the room the largest one's rank left it.
WORD_SIZE_RATIO = 1.35
WORD_SPREAD = (1.2, 1.8)
# One size for every symbol (the accessible edition's cards): the packer still needs a little
# room to fit them, so the largest may be up to this much the smallest, by √ink-area.
SAME_SPREAD = (1.0, 1.05)
SMALLEST_FILL = 0.39  # a card's smallest symbol is traded for when smaller than on a card this full
RETRY_BELOW = 0.60  # a card printing less than this share of its expected ink is packed again
ATTEMPTS = 3  # packings at most of a card that stays short
RECOGNISABLE_ATTEMPTS = 6  # the same for a card with a picture under the recognisable size
# The same for words, which pack to ~0.42 of theirs (± 0.03 over five lists of 31 to 57 words,
# phrases and letters alike; letters 0.40): at 0.53, set when words packed to ~0.59, every card of
# every word deck was packed three times, in vain (a word deck took twice as long).
WORD_RETRY_BELOW = 0.38
# Among pictures, words are sized by their box and pack about as pictures do (a deck of half each,
# 0.64 ± 0.044): a card's threshold is its symbols' mean (``_retry_below``), so it slides from
# RETRY_BELOW to this with its share of words.
MIXED_WORD_RETRY_BELOW = 0.53
# The same for labelled pictures, whose labels' room holds no ink: drawings pack to ~0.48 of theirs
# (± 0.024; photos 0.57). At RETRY_BELOW every card of a labelled deck was packed three times, in
# vain (still short): three times the time, for 0.005 of coverage.
LABELLED_RETRY_BELOW = 0.45
# The same for photos, rectangles that nestle less than drawings: 0.576 ± 0.016 of theirs (57
# phone-sized photos); at RETRY_BELOW nearly every card of a photo deck was packed three times.
PHOTO_RETRY_BELOW = 0.55
# A card's expected ink is taken as at least this share of the deck's mean: a card of the palest
# pictures that packs about as well as they allow still prints least of the deck, so it is packed
# again like a weak one, which lifts the palest card for one or two more packings a deck.
PALE = 0.97
PARALLEL_FROM = 12  # cards: below this a process pool costs more than it saves


@dataclass(frozen=True)
class _Job:
    """What every card's packing needs; inherited by forked workers rather than pickled."""

    cards: tuple[tuple[int, ...], ...]
    ranks: tuple[tuple[int, ...], ...]
    shapes: tuple[Shape, ...]
    caps: tuple[float, ...]
    board: tuple[Board, Board]  # the packing grid and the finer one shapes finally grow on
    seed: int
    area: float  # of the safe area, mm²: what FILL is a share of
    clearance: float  # least distance between two symbols' inks, mm
    depth: Depth  # how far inside the safe area each point (mm) lies
    todo: tuple[int, ...] = ()  # the cards to lay out, in order
    ink: Ink | None = None  # the symbols' printed ink, when known: weak cards are packed again
    card_area: float = 0.0  # of the whole card, mm²
    mean_expected: float = 0.0  # the cards' mean expected ink (see ``PALE``)
    reshuffles: Mapping[int, int] = field(default_factory=dict)  # card index -> times re-laid
    card: CardShape = CardShape()  # what the recognisable size is scaled to
    reach: float = 0.0  # at least the longest line in the safe area, mm
    letters: tuple[float, ...] = ()  # each symbol's cap height per mm of height (0: a picture)
    words: bool = False  # every symbol is a word: sizes spread less (``WORD_SPREAD``)
    same_size: bool = False  # every symbol of a card at one size (``SAME_SPREAD``)
    colours: tuple[tuple[int, int, int] | None, ...] = ()  # each word's own colour (else None)
    ems: tuple[float, ...] = ()  # each word's font size per mm of its drawn height (else 0)
    photos: frozenset[int] = frozenset()  # the symbols printed whole with their background

    def rank_sizes(self, count: int) -> np.ndarray:
        """Relative sizes of a card's ranks (:func:`ranks.rank_sizes`), closer for words, all
        1 for one size."""
        if self.same_size:
            return np.ones(count)
        return rank_sizes(count, WORD_SIZE_RATIO) if self.words else rank_sizes(count)

    @property
    def spread(self) -> tuple[float, float]:
        """The least and the largest ratio of a card's largest to its smallest symbol."""
        if self.same_size:
            return SAME_SPREAD
        return WORD_SPREAD if self.words else (LEAST_SPREAD, SPREAD)


_JOB: _Job | None = None


def _install(job: _Job) -> None:
    """Run first in each worker: the job it packs cards of."""
    global _JOB
    _JOB = job


def start_packers(cards: int, workers: int | None = None) -> None:
    """Start the packing workers' fork server now when laying out ``cards`` cards will use
    workers from it (numba's loops, :func:`_fork_here`), so that compiling the packer in it
    overlaps with loading the pictures.

    The server also imports this module, which a worker needs to unpickle its job: imported in
    each worker as it starts, it would hold up the start of the next one."""
    if worker_count(cards, parallel_from=PARALLEL_FROM, workers=workers) <= 1:
        return
    if can_fork():
        if not _fork_here():
            start_server(["dobble_print.layout.warm_packer", "dobble_print.layout.deck_layout"])
        return
    with _warm_lock:  # no fork (Windows, macOS): the threads that pack load it here
        if not _warming:
            # not a daemon: stopped (Ctrl-C), the command waits for it to finish (a second at
            # most) before it ends; a daemon thread still loading the compiled code as the
            # interpreter ended aborted the process ("terminate called without an active
            # exception", once in ~450 Ctrl-Cs)
            thread = threading.Thread(target=_warm, name="warm-packer")
            _warming.append(thread)
            thread.start()


_warm_lock = threading.Lock()
_warming: list[threading.Thread] = []  # the thread loading the packer in this process, if any


def _fork_here() -> bool:
    """Whether packing workers are forked from this process rather than from the fork server:
    when the packer's loops were compiled ahead of time (:func:`loops.compiled_path`).

    The server exists to keep numba (~95 MB, a second of CPU) out of this process. The compiled
    loops are a small module that loads at once, so the server then only cost a process (~40
    MB) and the workers' copies of every shape's pyramid and tables (~45 MB each for the
    classic deck: each made nearly every table), which workers forked from here share with
    this process instead.
    """
    from dobble_print.layout.loops import compiled_path

    return compiled_path() is not None


def _warm() -> None:
    import dobble_print.layout.warm_packer  # noqa: F401  (its import is the warming)


def _packer_ready() -> None:
    """Wait for the thread :func:`start_packers` started, if any: the packing threads would
    otherwise each load the compiled loops it is loading."""
    for thread in _warming:
        thread.join()


def packer_cached() -> bool:
    """Whether the packer's compiled loops are ready: compiled ahead of time for this machine
    (:func:`loops.compiled_path`), or in numba's cache beside ``kernels.py`` (or in
    ``NUMBA_CACHE_DIR``) made since ``kernels.py`` last changed. When not, the next build
    compiles them first, once (~20 s). An update that changed ``kernels.py`` leaves the old
    loops' files behind, which neither uses: the build compiled for 20 s unannounced."""
    from dobble_print.layout.loops import compiled_path

    if compiled_path() is not None:
        return True
    source = Path(__file__).parent / "kernels.py"
    changed = source.stat().st_mtime if source.is_file() else 0.0
    folders = [Path(__file__).parent / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        folders.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    return any(
        index.stat().st_mtime >= changed
        for folder in folders
        if folder.is_dir()
        for index in folder.rglob("kernels.*.nbi")
    )


def _layout_nth(k: int) -> CardLayout:
    """Pack the ``k``-th card to do of the job the worker inherited."""
    assert _JOB is not None  # set before the workers were forked
    return _layout_one(_JOB.todo[k], _JOB)


def _layout_one(index: int, job: _Job) -> CardLayout:
    """Pack card ``index`` of ``job``; when the symbols' ink is known and the card prints
    less of it than cards usually do, or is full yet leaves its smallest symbol under the size
    floor, pack it again from other random streams (``ATTEMPTS`` packings at most); when its
    smallest picture is under the recognisable size, whether the ink is known or not, pack it
    again until one reaches it (``RECOGNISABLE_ATTEMPTS`` at most).

    A card's printed ink is about 0.63 (words 0.42, labelled drawings 0.48) of its *expected*
    ink, Σ rank area × printed share of its symbols, give or take 0.03: what is left is how well
    this packing went. Packing again the cards more than ~1.3 deviations short lifts the palest
    cards, and a little the mean, for a sixth to a quarter more packings; the one that prints
    most is kept. A card's expected ink counts as at least ``PALE`` of the deck's mean, so a
    card of pale pictures is held to nearly the deck's standard.

    The size floor (``_floor``) is the smallest symbol's size on a card ``SMALLEST_FILL``
    covered; a card whose ink covers at least that much but whose smallest symbol is boxed in
    under it (tightening could not grow it there) is packed again, and the first packing to
    reach the floor is kept, so the deck's smallest symbol reaches it, for a few more packings
    a deck. A card filled less (thin line icons, words) cannot be expected to reach the floor
    and is not packed again for it.

    The recognisable size (:func:`recognisable.recognisable_size`) comes before both: of
    packings whose smallest picture is under it, the one whose smallest picture is largest is
    kept, and the first to reach it is kept over any that does not. A picture that could not
    reach it even alone on the card (scattered specks) is not waited for: the build warns.

    Last, the card's words get their colours (:func:`word_colours.colour_words`): no two
    read together share one.

    Depends only on the card and the deck's mean expected ink (of every card, even in a
    preview), so a preview shows the card the build prints.
    """
    best = _attempt(index, job, _stream(job, index, 0))
    spot = recognisable_size(job.card, len(job.cards[index])) * (1 - 1e-6)
    can = _can_reach(job, index, spot)
    pic, least = _smallest_picture(job, best, can), _smallest(job, best)
    read, word = readable_cap(job.card, len(job.cards[index])) * (1 - 1e-6), _word(job, best)
    enough = floor = printed = 0.0
    if job.ink is not None:
        card = job.cards[index]
        expected = max(
            expected_ink(card, job.ranks[index], job.ink.shares), PALE * job.mean_expected
        )
        below = sum(_retry_below(job, s) for s in card) / len(card)
        enough = below * expected * job.card_area
        floor = _floor(job, index) * (1 - 1e-6)
        printed = job.ink.printed_area(best)
    for stream in itertools.count(1):
        tiny, unread = pic < spot, word < read
        short = least < floor and _fill(job, best) >= SMALLEST_FILL
        if stream >= (RECOGNISABLE_ATTEMPTS if tiny or unread else ATTEMPTS):
            break
        if printed >= enough and not short and not tiny and not unread:
            break
        other = _attempt(index, job, _stream(job, index, stream))
        more = job.ink.printed_area(other) if job.ink is not None else 0.0
        small, other_pic = _smallest(job, other), _smallest_picture(job, other, can)
        other_word = _word(job, other)
        if tiny or other_pic < spot:  # the largest smallest picture, until one is recognisable
            better = other_pic > pic
        elif unread or other_word < read:  # the same for the smallest word's letters
            better = other_word > word
        elif least < floor <= small:  # the first to reach the size floor
            better = True
        else:  # more ink, unless it leaves the smallest symbol under the floor where best did not
            better = more > printed and small >= min(least, floor)
        if better:
            best, printed, least, pic, word = other, more, small, other_pic, other_word
    return colour_words(best, job.colours, job.ems, PALETTE) if job.colours else best


def _retry_below(job: _Job, symbol: int) -> float:
    """The share of its expected ink under which a card of this symbol's kind is packed again
    (a card's is its symbols' mean): each kind packs to its own share."""
    kind = job.shapes[symbol].kind
    if kind == "word":
        return WORD_RETRY_BELOW if job.words else MIXED_WORD_RETRY_BELOW
    if kind == "labelled":
        return LABELLED_RETRY_BELOW
    return PHOTO_RETRY_BELOW if symbol in job.photos else RETRY_BELOW


def _stream(job: _Job, index: int, attempt: int) -> np.random.Generator:
    """The random stream of card ``index``'s ``attempt``-th packing: a card laid out again on
    request draws from streams of its own, so no other card changes."""
    times = job.reshuffles.get(index, 0)
    if times:
        return generator(job.seed, Stream.RESHUFFLE, index, times, attempt)
    if attempt:
        return generator(job.seed, Stream.PACKING, index, attempt)
    return generator(job.seed, Stream.PACKING, index)


def _ink_areas(job: _Job, layout: CardLayout) -> list[float]:
    """Each symbol's ink area on the card, mm²."""
    shapes = job.shapes
    return [p.width * p.height * shapes[p.symbol].drawn_ink_fraction for p in layout.placements]


def _fill(job: _Job, layout: CardLayout) -> float:
    """The share of the safe area the card's ink covers."""
    return sum(_ink_areas(job, layout)) / job.area


def _smallest(job: _Job, layout: CardLayout) -> float:
    """The smallest √ink-area on the card, mm: of its pictures, when it has words beside them.

    Among pictures a word is sized by its box, and its thin ink is a third of that: measured by
    ink, a word was always the card's smallest and under the size floor, so a card of a deck
    mixing pictures and words was packed three times in vain (36 cards of 57). Its words are held
    to the readable size instead (``readable_cap``)."""
    areas = _ink_areas(job, layout)
    if not job.words:
        pictures = [
            a
            for a, p in zip(areas, layout.placements, strict=True)
            if job.shapes[p.symbol].kind != "word"
        ]
        areas = pictures or areas
    return math.sqrt(min(areas))


def _can_reach(job: _Job, index: int, spot: float) -> frozenset[int]:
    """The pictures of card ``index`` that could print at ``spot`` mm alone on the card."""
    return frozenset(
        s
        for s in job.cards[index]
        if job.shapes[s].kind != "word"
        and largest_size(job.shapes[s].ink_fraction, job.shapes[s].aspect, job.reach) >= spot
    )


def _smallest_picture(job: _Job, layout: CardLayout, among: frozenset[int]) -> float:
    """The smallest √ink-area of the pictures ``among`` on the card, mm (inf for none)."""
    areas = _ink_areas(job, layout)
    return math.sqrt(
        min(
            (a for a, p in zip(areas, layout.placements, strict=True) if p.symbol in among),
            default=math.inf,
        )
    )


def _word(job: _Job, layout: CardLayout) -> float:
    """The cap height of the smallest word on the card, mm (inf for none)."""
    heights = [p.height * job.letters[p.symbol] for p in layout.placements]
    return min((h for h in heights if h > 0), default=math.inf)


def _floor(job: _Job, index: int) -> float:
    """The size floor of card ``index`` (see ``SMALLEST_FILL``), mm."""
    rel = job.rank_sizes(len(job.cards[index]))
    return math.sqrt(SMALLEST_FILL * job.area / float((rel**2).sum())) * float(rel.min())


def _attempt(index: int, job: _Job, rng: np.random.Generator) -> CardLayout:
    """Pack card ``index`` of ``job`` with the random stream ``rng``."""
    card = job.cards[index]
    rel = job.rank_sizes(len(card))[list(job.ranks[index])]
    least, spread = job.spread
    fill = FILL
    while True:  # pack() shrinks as it needs; only shapes it cannot fit at all come back here
        scale = math.sqrt(fill * job.area / float((rel**2).sum()))
        packed = pack(
            job.board[0],
            [job.shapes[s] for s in card],
            scale * rel,
            [job.caps[s] for s in card],
            rng,
            spread=spread,
            fine=job.board[1],
            least=least,
        )
        if packed is not None:
            break
        fill /= 4
    spots, _ = packed
    nudges = tighten(
        [
            (job.shapes[s], sp.center, sp.height, sp.angle)
            for s, sp in zip(card, spots, strict=True)
        ],
        clearance=job.clearance,
        spread=spread,
        depth=job.depth,
        floor=_floor(job, index),
        least=least,
    )
    placements = []
    for s, sp, nudge in zip(card, spots, nudges, strict=True):
        shape = job.shapes[s]
        height = shape.drawn_height(sp.height * nudge.factor)
        centre = (sp.center[0] + nudge.shift[0], sp.center[1] + nudge.shift[1])
        width = height * shape.drawn[0] / shape.drawn[1] if shape.margin else height * shape.aspect
        placements.append(Placement(s, centre, width, height, sp.angle))
    return CardLayout(tuple(placements))


def _word_colours(symbols: Sequence[Symbol]) -> tuple[tuple, tuple[float, ...]]:
    """Each word's own colour and font size per mm of drawn height (None and 0 for a picture),
    for :func:`word_colours.colour_words`; two empty tuples for a deck without words."""
    words = [
        getattr(s, "kind", "image") == "word" and bool(getattr(s, "lines", ())) for s in symbols
    ]
    if not any(words):
        return (), ()
    colours = tuple(s.color if w else None for s, w in zip(symbols, words, strict=True))
    ems = tuple(
        max(line.size for line in s.lines) / s.pixels.shape[0] if w else 0.0
        for s, w in zip(symbols, words, strict=True)
    )
    return colours, ems


def layout_deck(
    deck: Deck,
    symbols: Sequence[Symbol],
    *,
    card: CardShape,
    safe_margin: float = 3.0,
    clearance: float = 1.0,
    max_rotation: float = 180.0,
    seed: int,
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = None,
    only: Sequence[int] | None = None,
    ink: Ink | None = None,
    reshuffles: Mapping[int, int] | None = None,
    same_size: bool = False,
) -> tuple[CardLayout, ...]:
    """Lay out every card of ``deck``; the same seed gives the same layouts for any ``workers``.

    Args:
        deck: the cards, as symbol indices.
        symbols: every symbol of the deck (trimmed pictures or words).
        card: the card's shape and size: the symbols are packed into its outline shrunk by
            ``safe_margin``.
        safe_margin: no ink this close to the cut line, mm.
        clearance: least distance between two symbols' inks, mm.
        max_rotation: largest tilt either way, degrees; pictures and single letters turn freely
            up to it (180 = any angle), words up to 25°; 0 keeps everything upright.
        seed: the layout's random seed.
        progress: called as ``progress(done, total)`` as cards are finished.
        workers: processes to use; None means one per available core.
        only: lay out just these cards (0-based), returned in this order, for a preview. A card's
            layout depends only on its own index and the deck, so each is the full deck's card.
        ink: how much of each symbol prints (:func:`ink.measure_ink`): the size ranks are then
            chosen so that every card prints as much as it can (:func:`ranks.balance_ranks`),
            and cards that packed worse than usual are packed again (see ``_layout_one``).
        reshuffles: card index -> how many times that card was laid out again on request; each
            time gives it other random streams and leaves every other card as it was.
        same_size: every symbol of a card at one size (by √ink-area, within ``SAME_SPREAD``).
    """
    global _JOB
    radius = card.size / 2 - safe_margin
    if safe_margin < 0 or radius < card.size / 6:
        raise OptionError(
            "safe_margin",
            N_(
                "{margin:g} mm leaves too little room on a {size:g} mm card; use at most "
                "{most:g} mm",
                margin=float(safe_margin),
                size=float(card.size),
                most=float(card.size / 3),
            ),
        )
    if not 0 <= clearance <= radius / 4:
        raise OptionError(
            "clearance",
            N_(
                "{clearance:g} mm is out of range; use 0 to {most:.0f} mm",
                clearance=float(clearance),
                most=float(radius / 4),
            ),
        )
    # The shapes are made in a thread while the size ranks are chosen: thresholding the pictures
    # is numpy, which lets go of the interpreter, and choosing the ranks is plain Python, so
    # the two overlap in the serial work before any card is packed.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        made = pool.submit(shapes_of, symbols)
        cards = tuple(tuple(c) for c in deck.cards)
        ranks = size_ranks(cards, generator(seed, Stream.SIZE_RANKS, len(cards)))
        if ink is not None:
            ranks = balance_ranks(
                cards, ranks, ink.shares, generator(seed, Stream.INK_BALANCE, len(cards))
            )
        shapes = made.result()
    caps = tuple(min(max_rotation, turn_limit(s)) for s in symbols)
    depth = functools.partial(card.depth, inset=safe_margin)  # what tightening keeps ink inside
    if card.kind is ShapeKind.CIRCLE:
        boards = [make_board(radius, clearance, g) for g in (GRID, GRID * FINER)]
        area = math.pi * radius**2
    else:
        half = max(card.half_extent) - safe_margin
        boards = [make_board(half, clearance, g, depth=depth) for g in (GRID, GRID * FINER)]
        area = card.area(safe_margin)
    board = boards[0], boards[1]
    todo = tuple(range(len(cards))) if only is None else tuple(only)
    n = worker_count(len(todo), parallel_from=PARALLEL_FROM, workers=workers)
    if not can_fork() and all(getattr(s, "kind", "image") == "word" for s in symbols):
        # threads pack words no faster than one (their packing is mostly the packer's Python,
        # which they take turns at) for 40 % more CPU time: 133-word deck 28.7-30.9 s on one,
        # 28.6-29.7 s on two
        n = 1
    if n > 1:
        start_packers(len(todo), n)  # already running when the pipeline started it early
        _packer_ready()
    done: list[CardLayout] = []
    mean_expected = 0.0
    if ink is not None:  # over the whole deck, so a previewed card is the one the build prints
        mean_expected = float(
            np.mean([expected_ink(c, r, ink.shares) for c, r in zip(cards, ranks, strict=True)])
        )
    _JOB = _Job(
        cards,
        ranks,
        shapes,
        caps,
        board,
        seed,
        area,
        clearance,
        depth,
        todo,
        ink,
        card.area(0.0),
        mean_expected,
        dict(reshuffles or {}),
        card,
        reach(card, safe_margin),
        letter_heights(symbols),
        all(shape.kind == "word" for shape in shapes),
        same_size,
        *_word_colours(symbols),
        frozenset(i for i, s in enumerate(symbols) if getattr(s, "photo", False)),
    )
    setup: tuple[Callable[..., None], tuple] | None = (_install, (_JOB,))
    if n > 1 and can_fork() and _fork_here():
        # made once, here (~0.06 s for the classic deck), and shared by the forked workers; given
        # back to the system once the layout is done (pipeline: give_back). Not on threads: in
        # a second malloc arena they peaked ~2.5 MB higher, for no time measured (4 pairs)
        for shape in shapes:
            shape.make_tables()
        load_solver()
        # what making the tables freed goes back to the system before the fork: left resident,
        # this process's packing thread wrote over it, and its forked worker kept the old
        # pages (classic deck, 6 pairs: peak median 144.2 -> 142.5 MB, max 149.5 -> 144.0)
        give_back()
        setup = None  # forked from here, the workers inherit _JOB
    try:
        with in_order(
            _layout_nth, len(todo), workers=n, what=N_("packing cards"), setup=setup, here=True
        ) as results:
            for result in results:
                done.append(result)
                if progress:
                    progress(len(done), len(todo))
    finally:
        _JOB = None
    return tuple(done)
