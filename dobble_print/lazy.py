"""Package exports loaded on first use (PEP 562), so a process that needs one module of a stage
does not import the whole stage: the packing workers import ``layout.packing`` without the
measuring code, and ``symbols.ink`` comes without cairosvg and fontTools."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping


def lazy_exports(
    package: str, table: Mapping[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``, exporting each name of ``table`` from
    its submodule (``{"Symbol": "loading"}`` exports ``package.loading.Symbol``)."""

    def __getattr__(name: str) -> object:
        if name not in table:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{table[name]}"), name)

    def __dir__() -> list[str]:
        return sorted(table)

    return __getattr__, __dir__
