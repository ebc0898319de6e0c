"""The deck maker in the browser: a local server (Starlette under uvicorn) and a plain page.

``dobble-print app`` (or ``python -m dobble_print.app``) starts it on 127.0.0.1 and opens the
page; people add pictures and words, see the plan and every sheet, and download the PDF. Like
the CLI it is a shell over the public API: :mod:`settings` turns the page's choices into
:class:`~dobble_print.BuildOptions` and the matching command line, :mod:`jobs` calls the engine,
:mod:`pages` draws the PDF's pages, :mod:`routes` and :mod:`security` are the HTTP side, and
:mod:`server` starts and stops it all. The page itself is ``static/`` (no build step, no CDN).
"""

from dobble_print.lazy import lazy_exports

_EXPORTS = {"serve": "server", "make_app": "server", "Limits": "uploads"}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
