"""The PDFs: the deck to print at home and the print shop's files; reportlab only in here."""

from dobble_print.lazy import lazy_exports

_EXPORTS = {
    "render_pdf": "deck",
    "render_shop_backs": "shop",
    "render_shop_cards": "shop",
    "render_shop_pairs": "shop",
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
