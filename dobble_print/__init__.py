"""dobble-print: a folder of pictures or a list of words becomes a print-ready Spot it! deck.

The public Python API, for scripts and notebooks (the CLI and the app are shells over it)::

    from dobble_print import BuildOptions, build, default_icons

    result = build(BuildOptions(sources=(default_icons(),), output=Path("deck.pdf"), seed=1))

Names are imported on first use, so ``import dobble_print`` stays instant and a worker process
that needs one stage does not load the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dobble_print.lazy import lazy_exports

if TYPE_CHECKING:  # the exports as type checkers and editors see them
    from dobble_print.card import CardShape as CardShape
    from dobble_print.card import ShapeKind as ShapeKind
    from dobble_print.errors import Advice as Advice
    from dobble_print.errors import DobbleError as DobbleError
    from dobble_print.errors import Interrupted as Interrupted
    from dobble_print.errors import Notice as Notice
    from dobble_print.errors import OptionError as OptionError
    from dobble_print.errors import Setting as Setting
    from dobble_print.files import windows_problem as windows_problem
    from dobble_print.language import ENGLISH as ENGLISH
    from dobble_print.language import LANGUAGES as LANGUAGES
    from dobble_print.language import N_ as N_
    from dobble_print.language import PSEUDO as PSEUDO
    from dobble_print.language import Msg as Msg
    from dobble_print.language import Nn_ as Nn_
    from dobble_print.language import compiled_words as compiled_words
    from dobble_print.language import language_of_locale as language_of_locale
    from dobble_print.language import number as number
    from dobble_print.language import pseudo as pseudo
    from dobble_print.language import said as said
    from dobble_print.language import unspoken_locale as unspoken_locale
    from dobble_print.language import words as words
    from dobble_print.options import BY_NAME as BY_NAME
    from dobble_print.options import OPTIONS as OPTIONS
    from dobble_print.options import PLACES as PLACES
    from dobble_print.options import PLAN_LISTED as PLAN_LISTED
    from dobble_print.options import RULES as RULES
    from dobble_print.options import BuildOptions as BuildOptions
    from dobble_print.options import Conflict as Conflict
    from dobble_print.options import ConflictError as ConflictError
    from dobble_print.options import Group as Group
    from dobble_print.options import Kind as Kind
    from dobble_print.options import Option as Option
    from dobble_print.options import Variant as Variant
    from dobble_print.options import bundled_presets as bundled_presets
    from dobble_print.options import bundled_shops as bundled_shops
    from dobble_print.options import load_preset as load_preset
    from dobble_print.options import option_of as option_of
    from dobble_print.options import options_for as options_for
    from dobble_print.options import preset_about as preset_about
    from dobble_print.options import read_options as read_options
    from dobble_print.options import read_value as read_value
    from dobble_print.parallel import one_blas_thread as one_blas_thread
    from dobble_print.parallel import share_arenas as share_arenas
    from dobble_print.pipeline import BuildResult as BuildResult
    from dobble_print.pipeline import DeckPlan as DeckPlan
    from dobble_print.pipeline import build as build
    from dobble_print.pipeline import draw_preview as draw_preview
    from dobble_print.pipeline import plan as plan
    from dobble_print.printing import PAPERS as PAPERS
    from dobble_print.printing import Duplex as Duplex
    from dobble_print.printing import Paper as Paper
    from dobble_print.resources import default_icons as default_icons
    from dobble_print.symbols import MAX_PICTURE_BYTES as MAX_PICTURE_BYTES
    from dobble_print.symbols import Background as Background
    from dobble_print.symbols import BadPicture as BadPicture
    from dobble_print.symbols import PhotoShape as PhotoShape
    from dobble_print.symbols import SymbolCache as SymbolCache
    from dobble_print.symbols import SymbolOptions as SymbolOptions
    from dobble_print.symbols import picture_preview as picture_preview

    __version__: str

# Public name -> the module of dobble_print that defines it.
_API = {
    "build": "pipeline",
    "plan": "pipeline",
    "draw_preview": "pipeline",
    "BuildResult": "pipeline",
    "DeckPlan": "pipeline",
    "SymbolCache": "symbols",
    "picture_preview": "symbols",
    "BadPicture": "symbols",
    "MAX_PICTURE_BYTES": "symbols",
    "windows_problem": "files",
    "BuildOptions": "options",
    "PLACES": "options",
    "bundled_presets": "options",
    "bundled_shops": "options",
    "load_preset": "options",
    "preset_about": "options",
    "Variant": "options",
    # the one table of options both shells are made from, how values are read, their rules
    "OPTIONS": "options",
    "BY_NAME": "options",
    "PLAN_LISTED": "options",
    "RULES": "options",
    "Option": "options",
    "Kind": "options",
    "Group": "options",
    "Conflict": "options",
    "ConflictError": "options",
    "option_of": "options",
    "options_for": "options",
    "read_options": "options",
    "read_value": "options",
    "CardShape": "card",
    "ShapeKind": "card",
    "SymbolOptions": "symbols",
    "Background": "symbols",
    "PhotoShape": "symbols",
    "Duplex": "printing",
    "Paper": "printing",
    "PAPERS": "printing",
    "DobbleError": "errors",
    "OptionError": "errors",
    "Interrupted": "errors",
    "Advice": "errors",
    "Setting": "errors",
    "Notice": "errors",
    "default_icons": "resources",
    "share_arenas": "parallel",  # what a shell does first: its threads share malloc's arenas
    "one_blas_thread": "parallel",  # and numpy's BLAS starts no threads of its own
    # the languages, the sentences each shell says in its user's language, each one's
    # catalogue and numbers, and the pseudo-language of the page's test
    "LANGUAGES": "language",
    "language_of_locale": "language",
    "unspoken_locale": "language",
    "Msg": "language",
    "N_": "language",
    "Nn_": "language",
    "said": "language",
    "ENGLISH": "language",
    "PSEUDO": "language",
    "words": "language",
    "number": "language",
    "pseudo": "language",
    "compiled_words": "language",
}

__all__ = [*_API, "__version__"]


def _version() -> str:
    """The installed distribution's version (importlib.metadata costs ~70 ms: asked on use)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dobble-print")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0.0.0"


if not TYPE_CHECKING:  # so a name missing above is an error to mypy, not an object
    __getattr__, __dir__ = lazy_exports(__name__, _API, {"__version__": _version})
