"""``Start dobble-print.pyw`` loaded as a module (its name has a space and a .pyw ending)."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys

from tests.conftest import REPO

STARTER = REPO / "Start dobble-print.pyw"


def load_starter():
    """The starter as a module named ``dobble_start``, loaded once."""
    if "dobble_start" in sys.modules:
        return sys.modules["dobble_start"]
    loader = importlib.machinery.SourceFileLoader("dobble_start", str(STARTER))
    spec = importlib.util.spec_from_loader("dobble_start", loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules["dobble_start"] = module
    loader.exec_module(module)
    return module
