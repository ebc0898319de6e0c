"""What an SVG may cost before either renderer draws it, checked on its parsed XML.

Both renderers (cairosvg and resvg) expand every ``<use>`` into a copy of what it names, draw a
pattern's, marker's, mask's or filter's content again wherever it is applied, and draw an inline
picture each time it is used, so a small file can ask for billions of elements, characters or
pixels (the SVG form of "billion laughs"). The work is counted here once, with every reference
expanded and inline ``data:`` SVGs counted as part of the drawing, and refused before any
drawing; what slips through is stopped by the drawing's time budget (:mod:`svg.worker`).

Measured with cairosvg on this machine: an element draws in about 70 µs (20,000 in 1.4 s), path
data at about 16 µs a segment, but one long path costs the square of its length (20,000 segments
1.9 s, 40,000 segments 7.8 s); resvg is linear and several times faster, but a filter costs it
the pixels it covers (100 blurred shapes took 30 s at 2,048 pixels). Bundled icons have at most
822 coordinates in a whole file.
"""

from __future__ import annotations

import io
import re
from xml.etree.ElementTree import Element

from dobble_print.language import N_, Msg
from dobble_print.symbols.bad_picture import BadPicture
from dobble_print.symbols.svg.parsed import data_url, href_of, is_svg_data, parse_svg
from dobble_print.symbols.svg.size import check_sizes

MAX_ELEMENTS = 30_000  # drawn elements once every reference is expanded: ~2 s with cairosvg
# Numbers in path data and points once every <use> is expanded: ~4 s a drawing with cairosvg.
MAX_COORDINATES = 500_000
# Numbers in one path's data: cairosvg's time grows with its square (~3 s a drawing at this).
MAX_PATH_COORDINATES = 50_000
MAX_CHARACTERS = 10_000  # characters of text drawn: a card's picture shows a few words
MAX_EFFECTS = 200  # filters, masks and clip paths applied: each is a picture of its own
MAX_IMAGE_PIXELS = 16_000_000  # one inline raster picture (a card needs 2,400 pixels across)
MAX_DRAWN_PIXELS = 64_000_000  # inline raster pixels drawn, each use of a picture counted
MAX_NESTED = 4  # inline SVG inside inline SVG inside …
# Elements inside elements, <use> hops included. resvg recurses ~40 KB of stack a level.
MAX_DEPTH = 64

_NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def _tag(el: Element) -> str:
    return el.tag.rsplit("}", 1)[-1] if isinstance(el.tag, str) else ""


def _own_coordinates(el: Element) -> int:
    """Numbers in this element's own path data (``d``) or points (``points``)."""
    name = {"path": "d", "polyline": "points", "polygon": "points"}.get(_tag(el))
    text = el.get(name) if name else None
    if not text:
        return 0
    count = len(_NUMBER.findall(text.encode("utf-8", "replace")))
    if count > MAX_PATH_COORDINATES:
        raise BadPicture(
            N_(
                "has a path of {count} coordinates, over the {most} that draw in reasonable "
                "time; simplify it",
                count=count,
                most=MAX_PATH_COORDINATES,
            )
        )
    return count


# What is counted, in this order, and its limit.
_LIMITS = (MAX_ELEMENTS, MAX_COORDINATES, MAX_CHARACTERS, MAX_EFFECTS, MAX_DRAWN_PIXELS)
_NONE = (0, 0, 0, 0, 0)
_TEXT = frozenset({"text", "tspan", "textPath"})
_URL = re.compile(r"url\(\s*['\"]?#([^)'\"\s]+)")
# Properties naming what is drawn again where they apply: (name, is an effect, is a marker).
_REFERENCES = (
    ("fill", False, False),
    ("stroke", False, False),
    ("filter", True, False),
    ("mask", True, False),
    ("clip-path", True, False),
    ("marker-start", False, False),
    ("marker-end", False, False),
    ("marker-mid", False, True),
    ("marker", False, True),
)


def _plus(a: tuple[int, ...], b: tuple[int, ...], times: int = 1) -> tuple[int, ...]:
    """``a + b × times``, each figure capped just past its limit."""
    return tuple(min(x + y * times, most + 1) for x, y, most in zip(a, b, _LIMITS, strict=True))


def _properties(el: Element) -> dict[str, str]:
    """Its presentation attributes, with its ``style`` declarations over them."""
    found = dict(el.attrib)
    for declaration in (el.get("style") or "").split(";"):
        name, sep, value = declaration.partition(":")
        if sep:
            found[name.strip()] = value.strip()
    return found


class _Counter:
    """The cost of one drawing (a file, or an inline SVG in it) with every reference expanded."""

    def __init__(self, root: Element, nested: int) -> None:
        self.by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
        self.nested = nested
        self.memo: dict[int, tuple[int, ...]] = {}
        self.expanding: set[int] = set()  # elements under way: a <use> of one loops

    def cost(self, el: Element, depth: int) -> tuple[int, ...]:
        key = id(el)
        if key in self.memo:
            return self.memo[key]
        if depth > MAX_DEPTH:
            raise BadPicture(
                N_(
                    "nests elements over {most} levels deep (groups in groups, or <use> of "
                    "<use>); flatten it",
                    most=MAX_DEPTH,
                )
            )
        self.expanding.add(key)
        total = self._own(el)
        parts = [(part, 1) for part in el]
        for target, times in self._references(el):
            if id(target) in self.expanding:
                if _tag(el) == "use":
                    raise BadPicture(N_("has <use> references that loop; refused"))
                continue  # a pattern or marker drawing itself: the renderers leave it out
            parts.append((target, times))
        for part, times in parts:
            total = _plus(total, self.cost(part, depth + 1), times)
            if said := _over(total):  # refused once known: a bomb is not counted out
                raise BadPicture(said)
        self.expanding.discard(key)
        self.memo[key] = total
        return total

    def _references(self, el: Element) -> list[tuple[Element, int]]:
        """What ``el`` draws again: what its ``href`` names, and its patterns, markers (at
        each point, for the middle ones), filters, masks and clip paths; with how often."""
        found = []
        href = href_of(el)
        if href.startswith("#") and (target := self.by_id.get(href[1:])) is not None:
            found.append((target, 1))
        properties = _properties(el)
        points = max(1, _own_coordinates(el) // 2)
        for name, _effect, mid in _REFERENCES:
            url = _URL.search(properties.get(name) or "")
            if url and (target := self.by_id.get(url.group(1))) is not None:
                found.append((target, points if mid else 1))
        return found

    def _own(self, el: Element) -> tuple[int, ...]:
        """The element's own cost: itself, its coordinates and characters, its effects and
        its inline picture."""
        tag = _tag(el)
        characters = 0
        if tag in _TEXT:
            characters = len(el.text or "") + sum(len(part.tail or "") for part in el)
        properties = _properties(el)
        effects = sum(
            1 for name, effect, _ in _REFERENCES if effect and _URL.search(properties.get(name, ""))
        )
        own: tuple[int, ...] = (1, _own_coordinates(el), characters, effects, 0)
        href = href_of(el)
        if tag in ("image", "feImage") and href.lower().startswith("data:"):
            own = _plus(own, self._inline(href))
        return own

    def _inline(self, url: str) -> tuple[int, ...]:
        """The cost of drawing an inline picture once (nothing for one no renderer draws)."""
        read = data_url(url)
        if read is None or read[1].startswith(b"\x1f\x8b"):  # gzip: both renderers leave it out
            return _NONE
        kind, raw = read
        if is_svg_data(kind, raw):
            if self.nested >= MAX_NESTED:
                raise BadPicture(
                    N_(
                        "holds SVG pictures inside SVG pictures over {most} deep; flatten it",
                        most=MAX_NESTED,
                    )
                )
            check_elements(raw)
            root = parse_svg(raw)
            check_sizes(root)
            return _Counter(root, self.nested + 1).cost(root, 0)
        pixels = _raster_pixels(raw)
        return (0, 0, 0, 0, pixels) if pixels else _NONE


def _raster_pixels(raw: bytes) -> int:
    """Pixels of an inline raster picture, from its header (0 for what Pillow cannot open).

    Raises:
        BadPicture: over :data:`MAX_IMAGE_PIXELS`.
    """
    import warnings

    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(io.BytesIO(raw)) as im:
                width, height = im.size
    except Image.DecompressionBombError:
        raise BadPicture(N_("holds an embedded picture over the pixel limit; refused")) from None
    except (OSError, ValueError, SyntaxError):  # not a picture: no renderer draws it
        return 0
    if width * height > MAX_IMAGE_PIXELS:
        raise BadPicture(
            N_(
                "holds an inline picture of {width}×{height} pixels, over {most} megapixels; "
                "shrink it",
                width=width,
                height=height,
                most=MAX_IMAGE_PIXELS // 1_000_000,
            )
        )
    return width * height


def _over(figures: tuple[int, ...]) -> Msg | None:
    """The first figure over its limit, said; None when all are within."""
    elements, coordinates, characters, effects, pixels = figures
    if elements > MAX_ELEMENTS:
        return N_(
            "draws over {most} elements once every <use>, pattern and marker is counted; "
            "simplify it",
            most=MAX_ELEMENTS,
        )
    if coordinates > MAX_COORDINATES:
        return N_(
            "draws over {most} path coordinates once every <use> is expanded; simplify it",
            most=MAX_COORDINATES,
        )
    if characters > MAX_CHARACTERS:
        return N_(
            "draws over {most} characters of text once every <use> is counted; a picture on a "
            "card shows a few words: shorten it",
            most=MAX_CHARACTERS,
        )
    if effects > MAX_EFFECTS:
        return N_(
            "applies filters, masks or clip paths over {most} times once every <use> is "
            "counted; simplify it",
            most=MAX_EFFECTS,
        )
    if pixels > MAX_DRAWN_PIXELS:
        return N_(
            "draws over {most} megapixels of inline pictures once every <use> is counted; use "
            "them fewer times, or shrink them",
            most=MAX_DRAWN_PIXELS // 1_000_000,
        )
    return None


def check_elements(data: bytes) -> None:
    """Refuse an SVG of over :data:`MAX_ELEMENTS` elements as soon as the parser has met that
    many, before the rest of it is read into a tree: 20 MB of small elements (the file size
    allowed) took ~2 s and ~200 MB to parse in full before :func:`check_budget` counted past
    the limit at its first few percent. Every element counts at least once there, so this
    refuses nothing it would have drawn. What is wrong before the limit is met (not XML,
    entities, not an SVG) is left to the whole parse (:func:`parsed.parse_svg`), which says
    which; a file malformed only after it is refused for its elements all the same.

    Raises:
        BadPicture: over :data:`MAX_ELEMENTS` elements, as :func:`check_budget` says it.
    """
    if data.count(b"<") <= MAX_ELEMENTS:  # each element starts with one: no need to look
        return
    from defusedxml.common import DefusedXmlException
    from defusedxml.ElementTree import ParseError, iterparse

    met = 0
    try:
        for _event, element in iterparse(io.BytesIO(data), events=("start",)):
            if met == 0 and _tag(element) != "svg":
                return
            met += 1
            if met > MAX_ELEMENTS:
                said = _over((met, 0, 0, 0, 0))
                assert said is not None  # over the element limit
                raise BadPicture(said)
    except (DefusedXmlException, ParseError, LookupError, ValueError):
        return


def check_budget(root: Element) -> tuple[float, float] | None:
    """Refuse an SVG whose size (:func:`svg_size.check_sizes`) or whose drawing, with every
    reference and inline SVG expanded, is too large or too deep.

    Returns:
        The drawing's own size, when it is known from its XML.

    Raises:
        BadPicture: naming the limit: size, elements, coordinates, characters, effects,
            inline pixels, nesting, or a ``<use>`` loop.
    """
    size = check_sizes(root)
    _Counter(root, 0).cost(root, 0)
    return size
