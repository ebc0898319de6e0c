"""Package exports loaded on first use (PEP 562), so a process that needs one module of a stage
does not import the whole stage: the packing workers import ``layout.packing`` without the
measuring code, and ``symbols.ink`` comes without cairosvg and fontTools.

Each package's ``__init__`` imports the same names under ``TYPE_CHECKING`` beside its table, so
mypy and editors see each name's real type and home (the architecture test keeps the two alike).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy_exports(
    package: str,
    table: Mapping[str, str],
    computed: Mapping[str, Callable[[], object]] | None = None,
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``, exporting each name of ``table`` from
    its submodule (``{"Symbol": "loading"}`` exports ``package.loading.Symbol``), kept in the
    package once loaded, and each name of ``computed`` worked out on every use."""
    names = vars(sys.modules[package])
    computed = computed or {}

    def __getattr__(name: str) -> object:
        if name in table:
            value = getattr(importlib.import_module(f"{package}.{table[name]}"), name)
            names[name] = value  # the next use finds it without this function
            return value
        if name in computed:
            return computed[name]()
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted([*table, *computed])

    return __getattr__, __dir__
