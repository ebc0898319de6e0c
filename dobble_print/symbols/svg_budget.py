"""What an SVG may cost before either renderer draws it, checked on its parsed XML.

Both renderers (cairosvg and resvg) expand every ``<use>`` into a copy of what it names, so a
small file can ask for billions of elements or path coordinates (the SVG form of "billion
laughs"). The figures are counted here once, after expansion, and refused before any drawing.

Measured with cairosvg on this machine: path data draws at about 16 µs a segment, but one long
path costs the square of its length (20,000 segments 1.9 s, 40,000 segments 7.8 s); resvg is
linear and several times faster. Bundled icons have at most 822 coordinates in a whole file.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from dobble_print.language import N_, Msg
from dobble_print.symbols.raster import BadPicture

MAX_ELEMENTS = 200_000  # drawn elements once every <use> is expanded
# Numbers in path data and points once every <use> is expanded: ~4 s a drawing with cairosvg.
MAX_COORDINATES = 500_000
# Numbers in one path's data: cairosvg's time grows with its square (~3 s a drawing at this).
MAX_PATH_COORDINATES = 50_000
# Elements inside elements, <use> hops included. resvg recurses ~40 KB of stack a level.
MAX_DEPTH = 64

_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']{1,40})["']""")


def parse_svg(data: bytes) -> Element:
    """The SVG's XML tree, parsed without entities, external DTDs or network.

    Raises:
        BadPicture: when the XML is unsafe, not well-formed or in an unknown encoding.
    """
    from defusedxml import ElementTree
    from defusedxml.common import DefusedXmlException

    try:
        root = ElementTree.fromstring(data, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:  # its repr names a Python class: say the entity only
        name = getattr(exc, "name", None) if type(exc).__name__ == "EntitiesForbidden" else None
        which = N_(" (the entity {name})", name=repr(name)) if isinstance(name, str) else ""
        raise BadPicture(
            N_("uses XML entities or external DTDs, refused for safety{which}", which=which)
        ) from None
    except ElementTree.ParseError as exc:
        raise BadPicture(_not_xml(exc)) from None
    except (LookupError, ValueError):  # an encoding Python does not know, or cannot parse
        declared = _ENCODING.match(data)
        name = declared.group(1).decode("ascii", "replace") if declared else "?"
        raise BadPicture(
            N_(
                'declares the text encoding "{name}", which cannot be read; save it as UTF-8',
                name=name,
            )
        ) from None
    tag = root.tag.rsplit("}", 1)[-1] if isinstance(root.tag, str) else ""
    if tag != "svg":  # an HTML page or other XML saved as .svg: no renderer says so plainly
        raise BadPicture(
            N_(
                "is XML but not an SVG drawing (it starts with {tag}, not svg); save the drawing "
                "itself as SVG",
                tag=tag or N_("no element"),
            )
        )
    return root


# expat's reasons (the start of its message) in plain words
_XML_FAULTS = {
    "no element found": N_("the text ends before the drawing does"),
    "unclosed token": N_("the text ends in the middle of a tag"),
    "mismatched tag": N_("a closing tag does not match the tag it closes"),
    "junk after document element": N_("there is text after the end of the drawing"),
    "syntax error": N_("it is not XML text"),
}


def _not_xml(exc: Exception) -> Msg:
    """Why the XML does not parse, in plain words, with where (expat's own message names its
    internals: "not well-formed (invalid token)")."""
    reason = str(exc)
    said = next((v for k, v in _XML_FAULTS.items() if reason.startswith(k)), N_("broken XML"))
    line = getattr(exc, "position", (0, 0))[0]
    where = N_(" (line {line})", line=line) if line else ""
    return N_(
        "not valid SVG/XML: {said}{where}; open it in a drawing program and save it again",
        said=said,
        where=where,
    )


def _own_coordinates(el: Element) -> int:
    """Numbers in this element's own path data (``d``) or points (``points``)."""
    tag = el.tag.rsplit("}", 1)[-1]
    name = {"path": "d", "polyline": "points", "polygon": "points"}.get(tag)
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


def check_budget(root: Element) -> None:
    """Refuse an SVG whose drawing, with every ``<use>`` expanded, is too large or too deep.

    Raises:
        BadPicture: naming the limit: elements, coordinates, nesting, or a ``<use>`` loop.
    """
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    memo: dict[int, tuple[int, int]] = {}
    expanding: set[int] = set()  # elements whose expansion is under way: a <use> of one loops

    def cost(el: Element, depth: int) -> tuple[int, int]:
        key = id(el)
        if key in memo:
            return memo[key]
        if key in expanding:
            raise BadPicture(N_("has <use> references that loop; refused"))
        if depth > MAX_DEPTH:
            raise BadPicture(
                N_(
                    "nests elements over {most} levels deep (groups in groups, or <use> of "
                    "<use>); flatten it",
                    most=MAX_DEPTH,
                )
            )
        expanding.add(key)
        elements, coordinates = 1, _own_coordinates(el)
        parts = list(el)
        if el.tag.rsplit("}", 1)[-1] == "use":
            href = el.get("href") or el.get(_XLINK_HREF) or ""
            target = by_id.get(href[1:]) if href.startswith("#") else None
            if target is not None:
                parts.append(target)
        for part in parts:
            e, c = cost(part, depth + 1)
            elements, coordinates = elements + e, coordinates + c
        expanding.discard(key)
        memo[key] = (min(elements, MAX_ELEMENTS + 1), min(coordinates, MAX_COORDINATES + 1))
        return memo[key]

    elements, coordinates = cost(root, 0)
    if elements > MAX_ELEMENTS:
        raise BadPicture(
            N_("expands to over {most} elements through <use>; refused", most=MAX_ELEMENTS)
        )
    if coordinates > MAX_COORDINATES:
        raise BadPicture(
            N_(
                "draws over {most} path coordinates once every <use> is expanded; simplify it",
                most=MAX_COORDINATES,
            )
        )
