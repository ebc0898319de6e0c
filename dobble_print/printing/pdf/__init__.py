"""The PDFs: the deck to print at home and the print shop's files; reportlab only in here."""

from typing import TYPE_CHECKING

from dobble_print.lazy import lazy_exports

if TYPE_CHECKING:  # the exports as type checkers and editors see them
    from dobble_print.printing.pdf.canvas import encode_pictures as encode_pictures
    from dobble_print.printing.pdf.deck import render_pdf as render_pdf
    from dobble_print.printing.pdf.shop import render_shop_backs as render_shop_backs
    from dobble_print.printing.pdf.shop import render_shop_cards as render_shop_cards
    from dobble_print.printing.pdf.shop import render_shop_pairs as render_shop_pairs

_EXPORTS = {
    "encode_pictures": "canvas",
    "render_pdf": "deck",
    "render_shop_backs": "shop",
    "render_shop_cards": "shop",
    "render_shop_pairs": "shop",
}
__all__ = sorted(_EXPORTS)
if not TYPE_CHECKING:  # so a name missing above is an error to mypy, not an object
    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
