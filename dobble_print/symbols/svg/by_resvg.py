"""SVG drawn by resvg (``resvg-py``), whose wheel carries its own engine: no system library.

It is the fallback where the cairo library does not load (most Windows and many Mac installs).
The same safety rules as for cairosvg hold, enforced on the tree before resvg sees it: the XML
was parsed without entities or external DTDs (:mod:`svg.budget`), and every reference to another
file or the network is taken out, so only ``#fragment`` and inline ``data:`` references remain
(resvg itself would read a picture's path from disk). Inline SVG pictures are cleaned the same
way, inline raster pictures are held to Pillow's pixel limit, as with cairosvg.
"""

from __future__ import annotations

import base64
import io
import threading
from xml.etree.ElementTree import Element

from dobble_print.symbols.svg.drawn import Drawn
from dobble_print.symbols.svg.parsed import HREFS

_NESTED_SVGS = 4  # inline SVG inside inline SVG (deeper ones are refused by the budget)
# resvg recurses about 40 KB of stack per nesting level: a 1 MB thread stack (a Mac's secondary
# threads have 512 KB) crashes the process at ~25 levels, so it draws on a thread of its own.
_STACK_BYTES = 16 * 1024 * 1024
_stack_lock = threading.Lock()


def resvg_version() -> str:
    """The resvg engine's version (``resvg-py`` wraps it)."""
    import resvg_py

    return resvg_py.__resvg_version__


def _inline(url: str, nested: int) -> str | None:
    """A safe version of an inline ``data:`` picture, or None to leave it out."""
    from PIL import Image

    from dobble_print.symbols.svg.parsed import data_url, is_svg_data, parse_svg

    read = data_url(url)
    if read is None:
        return None
    kind, raw = read
    if raw.startswith(b"\x1f\x8b"):  # gzipped: resvg would inflate it without a limit
        return None
    if is_svg_data(kind, raw):
        if nested >= _NESTED_SVGS:  # refused before, by the budget
            return None
        root = parse_svg(raw)  # its cost was counted with the drawing's (svg_budget)
        clean(root, nested + 1)
        return "data:image/svg+xml;base64," + base64.b64encode(_xml(root).encode()).decode()
    try:  # opening applies Pillow's pixel limit, as cairosvg's drawing of it does
        with Image.open(io.BytesIO(raw)):
            pass
    except (OSError, ValueError):  # not a picture Pillow knows: left out
        return None
    return url


def clean(root: Element, nested: int = 0) -> None:
    """Take every reference to another file or the network out of the tree, in place."""
    for el in root.iter():
        for name in HREFS:
            url = (el.get(name) or "").strip()
            if not url or url.startswith("#"):
                continue
            safe = _inline(url, nested) if url.lower().startswith("data:") else None
            if safe is None:
                del el.attrib[name]
            else:
                el.set(name, safe)


def _xml(root: Element) -> str:
    from defusedxml import ElementTree

    return ElementTree.tostring(root, encoding="unicode")


def _on_big_stack(call):
    """``call()`` on a thread with a large stack, its result or its exception."""
    done: dict = {}

    def run() -> None:
        try:
            done["value"] = call()
        except BaseException as exc:  # handed to the caller's thread
            done["error"] = exc

    with _stack_lock:  # the stack size is process-wide: set it for this one thread only
        before = threading.stack_size(_STACK_BYTES)
        try:
            thread = threading.Thread(target=run, name="resvg", daemon=True)
            thread.start()
        finally:
            threading.stack_size(before)
    thread.join()
    if "error" in done:
        raise done["error"]
    return done["value"]


def prepare_resvg(root: Element) -> str:
    """The tree, cleaned, as the XML text resvg draws (UTF-8, whatever the file declared)."""
    clean(root)
    return _xml(root)


def draw_resvg(text: str, *, width: int | None = None, height: int | None = None) -> Drawn:
    """Draw the cleaned SVG text at ``width`` (or ``height``) pixels, as the PNG file resvg
    makes (:class:`drawn.Drawn`)."""
    import resvg_py
    from PIL import Image

    png = _on_big_stack(lambda: resvg_py.svg_to_bytes(svg_string=text, width=width, height=height))
    with Image.open(io.BytesIO(png)) as im:  # its header alone
        return Drawn(im.width, im.height, bytes(png))
