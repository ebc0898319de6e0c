"""dobble-print: a folder of pictures or a list of words becomes a print-ready Spot it! deck.

The public Python API, for scripts and notebooks (the CLI and the app are shells over it)::

    from dobble_print import BuildOptions, build, default_icons

    result = build(BuildOptions(sources=(default_icons(),), output=Path("deck.pdf"), seed=1))

Names are imported on first use, so ``import dobble_print`` stays instant and a worker process
that needs one stage does not load the others.
"""

from __future__ import annotations

import importlib

# Public name -> the module that defines it.
_API = {
    "build": "dobble_print.pipeline",
    "plan": "dobble_print.pipeline",
    "draw_preview": "dobble_print.pipeline",
    "BuildResult": "dobble_print.pipeline",
    "DeckPlan": "dobble_print.pipeline",
    "SymbolCache": "dobble_print.symbols",
    "picture_preview": "dobble_print.symbols",
    "BadPicture": "dobble_print.symbols",
    "MAX_PICTURE_BYTES": "dobble_print.symbols",
    "windows_problem": "dobble_print.files",
    "BuildOptions": "dobble_print.options",
    "Variant": "dobble_print.options",
    # the one table of options both shells are made from, how values are read, their rules
    "OPTIONS": "dobble_print.options",
    "BY_NAME": "dobble_print.options",
    "PLAN_LISTED": "dobble_print.options",
    "RULES": "dobble_print.options",
    "Option": "dobble_print.options",
    "Kind": "dobble_print.options",
    "Group": "dobble_print.options",
    "Conflict": "dobble_print.options",
    "ConflictError": "dobble_print.options",
    "option_of": "dobble_print.options",
    "options_for": "dobble_print.options",
    "read_options": "dobble_print.options",
    "read_value": "dobble_print.options",
    "CardShape": "dobble_print.card",
    "ShapeKind": "dobble_print.card",
    "SymbolOptions": "dobble_print.symbols",
    "Background": "dobble_print.symbols",
    "PhotoShape": "dobble_print.symbols",
    "Duplex": "dobble_print.printing",
    "Paper": "dobble_print.printing",
    "PAPERS": "dobble_print.printing",
    "DobbleError": "dobble_print.errors",
    "OptionError": "dobble_print.errors",
    "Interrupted": "dobble_print.errors",
    "Advice": "dobble_print.errors",
    "Setting": "dobble_print.errors",
    "Notice": "dobble_print.errors",
    "default_icons": "dobble_print.resources",
    # the languages, the sentences each shell says in its user's language, each one's
    # catalogue and numbers, and the pseudo-language of the page's test
    "LANGUAGES": "dobble_print.language",
    "language_of_locale": "dobble_print.language",
    "unspoken_locale": "dobble_print.language",
    "Msg": "dobble_print.language",
    "N_": "dobble_print.language",
    "Nn_": "dobble_print.language",
    "said": "dobble_print.language",
    "ENGLISH": "dobble_print.language",
    "PSEUDO": "dobble_print.language",
    "words": "dobble_print.language",
    "number": "dobble_print.language",
    "pseudo": "dobble_print.language",
    "compiled_words": "dobble_print.language",
}

__all__ = [*_API, "__version__"]


def __getattr__(name: str):
    """Public names on first use; ``__version__`` too (importlib.metadata costs ~70 ms)."""
    if name in _API:
        value = getattr(importlib.import_module(_API[name]), name)
        globals()[name] = value
        return value
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("dobble-print")
        except PackageNotFoundError:  # a source tree that was never installed
            return "0.0.0"
    raise AttributeError(f"module 'dobble_print' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
