"""The deck maker in the browser: a local server (Starlette under uvicorn) and a plain page.

``dobble-print app`` (or ``python -m dobble_print.app``) starts it on 127.0.0.1 and opens the
page; people add pictures and words, see the plan and every sheet, and download the PDF. Like
the CLI it is a shell over the public API: :mod:`settings` turns the page's choices into
:class:`~dobble_print.BuildOptions` and the matching command line, :mod:`jobs` calls the engine,
:mod:`pages` draws the PDF's pages, :mod:`routes` and :mod:`security` are the HTTP side, and
:mod:`server` starts and stops it all. The page itself is ``static/`` (no build step, no CDN).
"""

from typing import TYPE_CHECKING

from dobble_print.lazy import lazy_exports

if TYPE_CHECKING:  # the exports as type checkers and editors see them
    from dobble_print.app.server import make_app as make_app
    from dobble_print.app.server import serve as serve
    from dobble_print.app.uploads import Limits as Limits

_EXPORTS = {"serve": "server", "make_app": "server", "Limits": "uploads"}
__all__ = sorted(_EXPORTS)
if not TYPE_CHECKING:  # so a name missing above is an error to mypy, not an object
    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
