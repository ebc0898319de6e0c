"""Printing: cards and paper to a plan of sheets in mm, then the PDF, PNG previews, shop files."""

from typing import TYPE_CHECKING

from dobble_print.lazy import lazy_exports

if TYPE_CHECKING:  # the exports as type checkers and editors see them
    from dobble_print.printing.backs import check_back as check_back
    from dobble_print.printing.backs import default_back as default_back
    from dobble_print.printing.backs import load_back as load_back
    from dobble_print.printing.box import MAX_THICKNESS as MAX_THICKNESS
    from dobble_print.printing.box import box_inside as box_inside
    from dobble_print.printing.box_pages import BoxPage as BoxPage
    from dobble_print.printing.box_pages import plan_box as plan_box
    from dobble_print.printing.cover import DeckFacts as DeckFacts
    from dobble_print.printing.cover import cover_page_count as cover_page_count
    from dobble_print.printing.cover import plan_cover as plan_cover
    from dobble_print.printing.document import DocumentInfo as DocumentInfo
    from dobble_print.printing.document import document_info as document_info
    from dobble_print.printing.grey import GreyDeck as GreyDeck
    from dobble_print.printing.grey import GreyMap as GreyMap
    from dobble_print.printing.grey import in_grey as in_grey
    from dobble_print.printing.imposition import MARGIN_SHARE as MARGIN_SHARE
    from dobble_print.printing.imposition import plan_sheets as plan_sheets
    from dobble_print.printing.page import CoverPage as CoverPage
    from dobble_print.printing.paper import PAPERS as PAPERS
    from dobble_print.printing.paper import PRINT_DPI as PRINT_DPI
    from dobble_print.printing.paper import Paper as Paper
    from dobble_print.printing.paper import parse_paper as parse_paper
    from dobble_print.printing.pdf import encode_pictures as encode_pictures
    from dobble_print.printing.pdf import render_pdf as render_pdf
    from dobble_print.printing.play import play_page as play_page
    from dobble_print.printing.preview import MAX_PREVIEW_PIXELS as MAX_PREVIEW_PIXELS
    from dobble_print.printing.preview import card_pixels as card_pixels
    from dobble_print.printing.preview import card_png_paths as card_png_paths
    from dobble_print.printing.preview import draw_card as draw_card
    from dobble_print.printing.preview import draw_sheet as draw_sheet
    from dobble_print.printing.preview import save_png as save_png
    from dobble_print.printing.preview import sheet_pixels as sheet_pixels
    from dobble_print.printing.preview import write_card_pngs as write_card_pngs
    from dobble_print.printing.rules import RulesDeck as RulesDeck
    from dobble_print.printing.rules import plan_rules as plan_rules
    from dobble_print.printing.sheet import Duplex as Duplex
    from dobble_print.printing.sheet import SheetPlan as SheetPlan
    from dobble_print.printing.shop import DEFAULT_PROFILE as DEFAULT_PROFILE
    from dobble_print.printing.shop import FileKind as FileKind
    from dobble_print.printing.shop import ShopProfile as ShopProfile
    from dobble_print.printing.shop import bundled_shop_profiles as bundled_shop_profiles
    from dobble_print.printing.shop import fit_to_shop as fit_to_shop
    from dobble_print.printing.shop import load_shop_profile as load_shop_profile
    from dobble_print.printing.shop import same_card as same_card
    from dobble_print.printing.shop import shop_paths as shop_paths
    from dobble_print.printing.shop import write_shop as write_shop

_EXPORTS = {
    "PAPERS": "paper",
    "PRINT_DPI": "paper",
    "Paper": "paper",
    "parse_paper": "paper",
    "Duplex": "sheet",
    "SheetPlan": "sheet",
    "plan_sheets": "imposition",
    "MARGIN_SHARE": "imposition",
    "CoverPage": "page",
    "DeckFacts": "cover",
    "cover_page_count": "cover",
    "plan_cover": "cover",
    "default_back": "backs",
    "load_back": "backs",
    "check_back": "backs",
    "MAX_PREVIEW_PIXELS": "preview",
    "card_pixels": "preview",
    "card_png_paths": "preview",
    "draw_card": "preview",
    "draw_sheet": "preview",
    "save_png": "preview",
    "sheet_pixels": "preview",
    "write_card_pngs": "preview",
    "play_page": "play",
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
    "encode_pictures": "pdf",
    "GreyDeck": "grey",
    "GreyMap": "grey",
    "in_grey": "grey",
    "DocumentInfo": "document",
    "document_info": "document",
    "RulesDeck": "rules",
    "plan_rules": "rules",
    "box_inside": "box",
    "MAX_THICKNESS": "box",
    "BoxPage": "box_pages",
    "plan_box": "box_pages",
}
__all__ = sorted(_EXPORTS)
if not TYPE_CHECKING:  # so a name missing above is an error to mypy, not an object
    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
