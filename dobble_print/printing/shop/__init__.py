"""Print shops: what a shop asks for (profile.py, read from templates/shops by profiles.py) and
the folder of files written for it (folder.py; a card printer's by card_printer.py)."""

from typing import TYPE_CHECKING

from dobble_print.lazy import lazy_exports

if TYPE_CHECKING:  # the exports as type checkers and editors see them
    from dobble_print.printing.shop.card_printer import README as README
    from dobble_print.printing.shop.card_printer import shop_readme as shop_readme
    from dobble_print.printing.shop.folder import SHOP_BLEED as SHOP_BLEED
    from dobble_print.printing.shop.folder import shop_paths as shop_paths
    from dobble_print.printing.shop.folder import write_shop as write_shop
    from dobble_print.printing.shop.profile import FileKind as FileKind
    from dobble_print.printing.shop.profile import ShopProfile as ShopProfile
    from dobble_print.printing.shop.profiles import DEFAULT_PROFILE as DEFAULT_PROFILE
    from dobble_print.printing.shop.profiles import bundled_shop_profiles as bundled_shop_profiles
    from dobble_print.printing.shop.profiles import fit_to_shop as fit_to_shop
    from dobble_print.printing.shop.profiles import load_shop_profile as load_shop_profile
    from dobble_print.printing.shop.profiles import same_card as same_card

_EXPORTS = {
    "FileKind": "profile",
    "ShopProfile": "profile",
    "DEFAULT_PROFILE": "profiles",
    "bundled_shop_profiles": "profiles",
    "fit_to_shop": "profiles",
    "load_shop_profile": "profiles",
    "same_card": "profiles",
    "SHOP_BLEED": "folder",
    "shop_paths": "folder",
    "write_shop": "folder",
    "README": "card_printer",
    "shop_readme": "card_printer",
}
__all__ = sorted(_EXPORTS)
if not TYPE_CHECKING:  # so a name missing above is an error to mypy, not an object
    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
