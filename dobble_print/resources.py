"""Files the tool needs at run time: the default icons and the templates.

In an installed wheel they live inside the package (``dobble_print/data``, mapped there by the build
backend); in a source checkout they are the repository's ``assets/`` and ``templates/`` folders.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_REPO = Path(__file__).resolve().parent.parent


def _data_dir(packaged: str, in_repo: Path) -> Path:
    inside = Path(str(resources.files("dobble_print") / "data" / packaged))
    return inside if inside.is_dir() else in_repo


def default_icons() -> Path:
    """The folder of 57 default icons."""
    return _data_dir("icons", _REPO / "assets" / "icons")


def templates_dir() -> Path:
    """The folder of card backs and deck presets."""
    return _data_dir("templates", _REPO / "templates")


def bold_font() -> Path:
    """The PDF's bold face (Vera Bold, shipped inside reportlab), for PNGs that print what the
    PDF prints in it: found without importing reportlab, which only printing/pdf imports."""
    import importlib.util

    spec = importlib.util.find_spec("reportlab")
    roots = list(spec.submodule_search_locations or ()) if spec else []
    return Path(roots[0]) / "fonts" / "VeraBd.ttf" if roots else Path("VeraBd.ttf")


def default_font() -> Path:
    """The bundled font for word symbols (DejaVu Sans: Latin, Greek, Cyrillic, Arabic, Hebrew)."""
    return Path(str(resources.files("dobble_print") / "data" / "fonts" / "DejaVuSans.ttf"))
