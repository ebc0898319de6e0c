"""The tuck box (``--box``): its inside from the card and the stack, and the flat net that folds
into it, as polygons, cut and fold lines in mm. :mod:`box_pages` puts the net on paper and
:mod:`dobble_print.printing.pdf.box` draws it.

The box is a tube of four panels (back, side, front, side) closed by a glued seam flap. The top
opens: a lid on the back with a tuck flap that slides down inside the front, under a thumb notch,
and a dust flap on each side. The bottom is glued: the sides' and the back's bottom flaps fold in,
and the bottom panel on the front is pressed onto them from outside. Every glue area is on the
printed face, where the print says "glue".

When the net does not fit the paper it is cut in two pieces, back + side and front + side, each
with a seam flap that glues inside the other piece's first panel.

Cuts and folds are not drawn by hand: every panel and flap is a polygon, and an edge two polygons
share is a fold, an edge only one has is a cut (:func:`cut_and_fold`).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace

from dobble_print.card import CardShape
from dobble_print.errors import OptionError
from dobble_print.language import N_, words
from dobble_print.printing.sheet import Segment
from dobble_print.printing.text_width import text_width

# Width and height: hand-cut cards come out up to 1-2 mm off the line (PRINT.md), and each fold of
# 250-300 g/m² card takes ~0.3 mm from the inside; 3 mm leaves a card cut 1 mm large room to slide.
CLEARANCE = 3.0
# Depth: a home-printed stack is never quite flat (cards curl after cutting); two folds eat ~0.6 mm.
DEPTH_CLEARANCE = 2.0
SEAM = 10.0  # mm, the glued seam flap
TUCK = 15.0  # mm, the tuck flap that slides inside the front
TUCK_INSET = 1.0  # mm the tuck flap is narrower on each side, so it slides in
DUST_SHARE, DUST_MAX = 0.45, 25.0  # side flaps reach under half the width: the two never meet
MAX_THICKNESS = 2.0  # mm; thicker than any card, so a mistake (a stack height, cm for mm)

Point = tuple[float, float]
Polygon = tuple[Point, ...]


@dataclass(frozen=True)
class BoxInside:
    """The inside of the box, mm: ``width`` × ``height`` faces the cards, ``depth`` the stack."""

    width: float
    height: float
    depth: float
    cards: int
    thickness: float


def box_inside(card: CardShape, cards: int, thickness: float) -> BoxInside:
    """The inside that holds ``cards`` cards of ``thickness`` mm standing in the box.

    Raises:
        DobbleError: a thickness of 0 or less, or thicker than any card.
    """
    if not 0 < thickness <= MAX_THICKNESS:
        raise OptionError(
            "card_thickness",
            N_(
                "{thickness:g}mm is not the thickness of one card; give it in mm, more than 0 and "
                "at most {most:g}, e.g. {printed}mm (printed card) or {laminated}mm (laminated)",
                thickness=float(thickness),
                most=float(MAX_THICKNESS),
                printed=0.3,
                laminated=0.5,
            ),
        )
    hx, hy = card.half_extent
    depth = cards * thickness + DEPTH_CLEARANCE
    return BoxInside(2 * hx + CLEARANCE, 2 * hy + CLEARANCE, depth, cards, thickness)


@dataclass(frozen=True)
class Label:
    """Text on the net: ``x``/``y`` is its centre line's middle, ``angle`` degrees
    counter-clockwise; the writer shrinks it to ``max_width`` mm."""

    x: float
    y: float
    text: str
    size: float  # points
    bold: bool = False
    angle: float = 0.0
    max_width: float | None = None
    grey: float = 0.0  # fill, 0 black: a part's name is grey, quieter than the deck's title


PART_SIZE = 6.0  # points, the name of a panel or flap, as the steps call it
PART_GREY = 0.45


def _part(x: float, y: float, name: str, room: float, *, angle: float = 0.0) -> Label:
    """A panel's or flap's name (``lid``, ``glue flap``…), the steps' word for it, in grey."""
    return Label(x, y, name, PART_SIZE, angle=angle, max_width=room, grey=PART_GREY)


PART_LEAST = 4.0  # points: the writer shrinks a name no further, then cuts it short with "…"
CORNER = 10.0  # mm: a wall's name in its lower-left corner has this much room, or its word's


def _corner_part(x: float, y: float, name: str, wall: float) -> Label:
    """A wall's name in its lower-left corner, at full size: a longer word than ``front``
    (``Vorderseite``) gets the room it takes, up to half the wall, and starts where it would."""
    room = min(max(CORNER, text_width(name, PART_SIZE) + 0.5), wall / 2)
    return _part(x + 1.0 + room / 2, y, name, room)


def _side_part(x: float, base: float, depth: float, height: float, name: str) -> Label:
    """A side's name across its foot, or, when the side is too narrow for it even at the
    smallest size (``Seite`` on a box of 7 cards), up along it as its flap's is."""
    if text_width(name, PART_LEAST) <= depth - 1:
        return _part(x + depth / 2, base + 2.0, name, depth - 1)
    room = min(text_width(name, PART_SIZE) + 0.5, height / 3)
    return _part(x + depth / 2, base + 2.0 + room / 2, name, room, angle=90)


@dataclass(frozen=True)
class Picture:
    """One card drawn at ``scale`` with its centre at ``center``, turned ``angle`` degrees."""

    center: Point
    scale: float
    angle: float = 0.0


@dataclass(frozen=True)
class NetPiece:
    """One piece of the net: what is cut, folded, glued and printed on it (mm, y up).

    ``width``/``height`` is its bounding box, which starts at (0, 0) until it is placed.
    """

    width: float
    height: float
    cuts: tuple[Segment, ...]
    folds: tuple[Segment, ...]
    glue: tuple[Polygon, ...]
    labels: tuple[Label, ...]
    picture: Picture | None = None


def _dust(width: float) -> float:
    """How far the sides' flaps reach across a box ``width`` mm wide."""
    return min(DUST_SHARE * width, DUST_MAX)


def _flap(x0: float, x1: float, y: float, length: float, chamfer: float, inset=0.0) -> Polygon:
    """A flap on the hinge from (x0, y) to (x1, y), ``length`` long (down when negative), its
    free corners cut by ``chamfer``; counter-clockwise."""
    a, b = x0 + inset, x1 - inset
    c = min(chamfer, (b - a) / 2.01, abs(length))
    tip = y + length
    points = [(a, y), (b, y), (b - c, tip), (a + c, tip)]
    if length < 0:
        points = [(a, y), (a + c, tip), (b - c, tip), (b, y)]
    return tuple(points)


def _notched_top(x0: float, x1: float, y: float, radius: float) -> list[Point]:
    """The front's top edge from right to left with a half-circle thumb notch in its middle."""
    mid = (x0 + x1) / 2
    arc = [
        (mid + radius * math.cos(math.pi * k / 16), y - radius * math.sin(math.pi * k / 16))
        for k in range(17)
    ]
    return [(x1, y), *arc, (x0, y)]


def _panel(kind: str, x: float, inside: BoxInside, base: float) -> tuple[list, list]:
    """The polygons of one wall of the tube at ``x`` and its flaps: (paper, glue)."""
    w, h, d = inside.width, inside.height, inside.depth
    top = base + h
    if kind == "side":
        dust = _dust(w)
        wall: tuple[Point, ...] = ((x, base), (x + d, base), (x + d, top), (x, top))
        tip = _flap(x, x + d, top, dust, min(d / 3, 4.0))
        bottom = _flap(x, x + d, base, -dust, min(d / 3, 4.0))
        return [wall, tip], [bottom]
    if kind == "back":
        wall = ((x, base), (x + w, base), (x + w, top), (x, top))
        lid = ((x, top), (x + w, top), (x + w, top + d), (x, top + d))
        tuck = _flap(x, x + w, top + d, TUCK, 6.0, inset=TUCK_INSET)
        bottom = _flap(x, x + w, base, -min(SEAM, d - 1.0), 2.0, inset=1.0)
        return [wall, lid, tuck], [bottom]
    notch = min(w / 6, 12.0)
    wall = ((x, base), (x + w, base), *_notched_top(x, x + w, top, notch))
    floor = ((x, base), (x, base - d), (x + w, base - d), (x + w, base))
    return [wall, floor], []


def cut_and_fold(polygons: list[Polygon]) -> tuple[list[Segment], list[Segment]]:
    """The cut and fold lines of polygons that meet edge to edge: an edge (or part of one) two
    polygons share is a fold, an edge only one has is a cut."""
    points = {p for poly in polygons for p in poly}
    count: Counter = Counter()
    for poly in polygons:
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
            for piece in _split(a, b, points):
                count[tuple(sorted(_key(p) for p in piece))] += 1
    cuts = [Segment(*k) for k, n in count.items() if n == 1]
    folds = [Segment(*k) for k, n in count.items() if n > 1]
    return cuts, folds


def _key(p: Point) -> Point:
    return (round(p[0], 6) + 0.0, round(p[1], 6) + 0.0)


def _split(a: Point, b: Point, points: set[Point]) -> list[tuple[Point, Point]]:
    """The edge a-b cut at every polygon corner lying on it."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    stops = [0.0, 1.0]
    for p in points:
        t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
        off = abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / math.sqrt(length2)
        if 1e-9 < t < 1 - 1e-9 and off < 1e-6:
            stops.append(t)
    stops.sort()
    at = [(a[0] + t * dx, a[1] + t * dy) for t in stops]
    return list(zip(at, at[1:], strict=False))


PIECES = {
    1: (("back", "side", "front", "side"),),
    2: (("back", "side"), ("front", "side")),
}


def part_names(lang: str = "en") -> dict[str, str]:
    """The names printed on the net's panels and flaps in ``lang``, as the steps call them."""
    t = words(lang)
    return {
        "front": t.pgettext("box", "front"),
        "back": t.pgettext("box", "back"),
        "side": t.pgettext("box", "side"),
        "bottom": t.pgettext("box", "bottom"),
        "lid": t.pgettext("box", "lid"),
        "tuck flap": t.pgettext("box", "tuck flap"),
        "side flap": t.pgettext("box", "side flap"),
        "glue flap": t.pgettext("box", "glue flap"),
        "seam flap": t.pgettext("box", "seam flap"),
    }


def net_piece(
    walls: tuple[str, ...], inside: BoxInside, *, title: str, facts: str, lang: str = "en"
) -> NetPiece:
    """One piece of the net: the ``walls`` left to right, a seam flap after the last, their
    flaps, and what is printed on them (the parts named in ``lang``); its bounding box starts
    at (0, 0)."""
    said = part_names(lang)
    w, h, d = inside.width, inside.height, inside.depth
    below = max(d, _dust(w))
    paper, glue, labels, picture, x = [], [], [], None, 0.0
    for kind in walls:
        parts, glued = _panel(kind, x, inside, below)
        paper += parts
        glue += glued
        labels += _wall_labels(kind, x, inside, below, title, facts, said)
        if kind == "front":
            picture = _front_picture(x, inside, below)
        x += d if kind == "side" else w
    glue.append(_flap_right(x, below, h))
    cuts, folds = cut_and_fold(paper + glue)
    names = ["glue flap"] * (len(glue) - 1) + ["seam flap"]  # as the steps call them
    labels += [_glue_label(poly, said[name]) for poly, name in zip(glue, names, strict=True)]
    top = below + h + max(d + TUCK, _dust(w))
    return NetPiece(x + SEAM, top, tuple(cuts), tuple(folds), tuple(glue), tuple(labels), picture)


def _flap_right(x: float, base: float, h: float) -> Polygon:
    """The seam flap on the edge x, narrowed at both ends so it slips past the folds."""
    c = min(3.0, h / 4)
    return ((x, base), (x + SEAM, base + c), (x + SEAM, base + h - c), (x, base + h))


FRONT_TITLE = 14.0  # points


def _front_picture(x: float, inside: BoxInside, base: float) -> Picture:
    """A card on the front, below the title and the thumb notch, as large as fits (at most 1:1)."""
    w, h = inside.width, inside.height
    bottom, top = base + 3.0, base + h - min(w / 6, 12.0) - 11.0
    scale = min(1.0, (w - 6.0) / (w - CLEARANCE), (top - bottom) / (h - CLEARANCE))
    return Picture((x + w / 2, (bottom + top) / 2), scale)


def _wall_labels(kind, x, inside: BoxInside, base, title, facts, said) -> list[Label]:
    """What a wall says: the deck's title (and facts on the back), and the names the steps give
    the wall and its flaps, in grey (``front``, ``bottom``; ``back``, ``lid``, ``tuck flap``;
    ``side``, ``side flap``)."""
    w, h, d = inside.width, inside.height, inside.depth
    top = base + h
    if kind == "front":
        y = top - min(w / 6, 12.0) - 7.0
        return [
            Label(x + w / 2, y, title, FRONT_TITLE, bold=True, max_width=w - 6),
            _corner_part(x, base + 2.0, said["front"], w),
            _part(x + w / 2, base - d / 2, said["bottom"], w - 4),
        ]
    if kind == "back":
        lines = [Label(x + w / 2, base + h / 2 + 6, title, 11, bold=True, max_width=w - 8)]
        for n, line in enumerate(facts.split("\n")):
            lines.append(Label(x + w / 2, base + h / 2 - 1 - 4.5 * n, line, 8, max_width=w - 8))
        return [
            *lines,
            _corner_part(x, base + 2.0, said["back"], w),
            _part(x + w / 2, top + d / 2, said["lid"], w - 4),
            _part(x + w / 2, top + d + TUCK / 2, said["tuck flap"], w - 16),
        ]
    dust = _dust(w)
    parts = [
        _side_part(x, base, d, h, said["side"]),
        _part(x + d / 2, top + dust / 2, said["side flap"], dust - 2, angle=90),
    ]
    if d >= 7.0:  # the spine says the title when there is room for a readable line
        size = min(10.0, (d - 2) * 72 / 25.4 * 0.7)
        spine = Label(x + d / 2, base + h / 2, title, size, bold=True, angle=90, max_width=h - 6)
        return [spine, *parts]
    return parts


def _glue_label(poly: Polygon, name: str) -> Label:
    """A glue area's name (``glue flap``, ``seam flap``) in its middle, along its longer side."""
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    wide, tall = max(xs) - min(xs), max(ys) - min(ys)
    size = max(4.0, min(8.0, min(wide, tall) * 72 / 25.4 * 0.55))
    return Label(
        (min(xs) + max(xs)) / 2,
        (min(ys) + max(ys)) / 2,
        name,
        size,
        angle=90 if tall > wide else 0,
        max_width=max(wide, tall) - 2,
    )


def place(piece: NetPiece, origin: Point, *, turned: bool) -> NetPiece:
    """``piece`` moved so its bounding box starts at ``origin``, turned a quarter turn
    counter-clockwise first when ``turned``."""

    def at(p: Point) -> Point:
        x, y = (piece.height - p[1], p[0]) if turned else p
        return (origin[0] + x, origin[1] + y)

    def seg(s: Segment) -> Segment:
        return Segment(at(s.start), at(s.end))

    turn = 90.0 if turned else 0.0
    labels = tuple(
        replace(lb, x=at((lb.x, lb.y))[0], y=at((lb.x, lb.y))[1], angle=lb.angle + turn)
        for lb in piece.labels
    )
    picture = piece.picture and Picture(
        at(piece.picture.center), piece.picture.scale, piece.picture.angle + turn
    )
    w, h = (piece.height, piece.width) if turned else (piece.width, piece.height)
    return NetPiece(
        w,
        h,
        tuple(map(seg, piece.cuts)),
        tuple(map(seg, piece.folds)),
        tuple(tuple(map(at, poly)) for poly in piece.glue),
        labels,
        picture,
    )
