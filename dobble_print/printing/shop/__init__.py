"""Print shops: what a shop asks for (profile.py, read from templates/shops by profiles.py) and
the folder of files written for it (folder.py; a card printer's by card_printer.py)."""

from dobble_print.lazy import lazy_exports

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
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
