"""An SVG's XML read safely: its encoding (a byte order mark wins), its tree parsed without
entities, external DTDs or network, and its inline ``data:`` pictures decoded.

Both renderers get what is read here: cairosvg the bytes (as UTF-8 when the file was UTF-16 or
UTF-32), resvg the tree, cleaned (:mod:`svg.by_resvg`).
"""

from __future__ import annotations

import base64
import re
import urllib.parse
from xml.etree.ElementTree import Element

from dobble_print.language import N_, Msg
from dobble_print.symbols.bad_picture import BadPicture

# The attributes an element names another element or file by: SVG 2's, and SVG 1.1's.
HREFS = ("href", "{http://www.w3.org/1999/xlink}href")


def href_of(el: Element) -> str:
    """What ``el`` names by :data:`HREFS` (the first given), stripped; "" for nothing."""
    return next((el.get(n, "") for n in HREFS if el.get(n)), "").strip()


_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']{1,40})["']""")
_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
# Byte order marks, longest first (UTF-32's little-endian mark starts with UTF-16's).
_MARKS = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)


def as_utf8(data: bytes) -> bytes:
    """The SVG as UTF-8 when a byte order mark says it is UTF-16 or UTF-32, else unchanged.

    The mark wins over the XML declaration, as in browsers: Windows Notepad's "Unicode" keeps a
    file's ``encoding="UTF-8"`` while writing UTF-16, which no XML parser reads. The declaration
    goes (UTF-8 needs none); text that does not decode is left for the parser to refuse.
    """
    for mark, codec in _MARKS:
        if data.startswith(mark):
            try:
                text = data[len(mark) :].decode(codec)
            except UnicodeDecodeError:
                return data
            return _DECLARATION.sub("", text, count=1).encode("utf-8")
    return data


def parse_svg(data: bytes) -> Element:
    """The SVG's XML tree, parsed without entities, external DTDs or network.

    Raises:
        BadPicture: when the XML is unsafe, not well-formed or in an unknown encoding.
    """
    from defusedxml import ElementTree
    from defusedxml.common import DefusedXmlException

    data = as_utf8(data)
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


def data_url(url: str) -> tuple[str, bytes] | None:
    """A ``data:`` URL's media type and bytes; None when it cannot be read."""
    head, sep, payload = url[5:].partition(",")
    if not sep:
        return None
    kind = head.split(";")[0].strip().lower()
    try:
        raw = (
            base64.b64decode(payload + "=" * (-len(payload) % 4))
            if head.lower().endswith(";base64")
            else urllib.parse.unquote_to_bytes(payload)
        )
    except ValueError:
        return None
    return kind, raw


def is_svg_data(kind: str, raw: bytes) -> bool:
    """Whether an inline picture is an SVG (by its type, or its text starting with a tag)."""
    return kind == "image/svg+xml" or as_utf8(raw).lstrip()[:1] == b"<"
