"""Printing: cards and paper to a plan of sheets in mm, then the PDF, PNG previews, shop files."""

from dobble_print.lazy import lazy_exports

_EXPORTS = {
    "PAPERS": "paper",
    "PRINT_DPI": "paper",
    "Paper": "paper",
    "parse_paper": "paper",
    "Duplex": "sheet",
    "SheetPlan": "sheet",
    "plan_sheets": "imposition",
    "CoverPage": "page",
    "DeckFacts": "cover",
    "cover_page_count": "cover",
    "plan_cover": "cover",
    "default_back": "backs",
    "load_back": "backs",
    "MAX_PREVIEW_PIXELS": "preview",
    "card_pixels": "preview",
    "card_png_paths": "preview",
    "draw_card": "preview",
    "draw_sheet": "preview",
    "save_png": "preview",
    "sheet_pixels": "preview",
    "write_card_pngs": "preview",
    "FileKind": "shop",
    "ShopProfile": "shop",
    "DEFAULT_PROFILE": "shop",
    "bundled_shop_profiles": "shop",
    "fit_to_shop": "shop",
    "load_shop_profile": "shop",
    "same_card": "shop",
    "shop_paths": "shop",
    "write_shop": "shop",
    "render_pdf": "pdf",
    "RulesDeck": "rules",
    "plan_rules": "rules",
    "box_inside": "box",
    "BoxPage": "box_pages",
    "plan_box": "box_pages",
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
