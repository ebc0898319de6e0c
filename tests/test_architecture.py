"""The architecture holds: one folder per stage, imports one way, no cycles (imports inside
functions counted), heavy dependencies in their folder, no private names across modules; and each
rule fails when it is broken on purpose, in a planted copy of the package."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import architecture

REPO = Path(__file__).resolve().parent.parent
STAGES = {"deck", "symbols", "layout", "printing", "cli"}


def test_the_stage_folders_are_packages():
    package = REPO / "dobble_print"
    folders = {p.parent.name for p in package.glob("*/__init__.py")}
    assert STAGES <= folders
    for stage in STAGES:
        init = (package / stage / "__init__.py").read_text(encoding="utf-8")
        assert "__all__" in init, f"{stage}/__init__.py declares no __all__"


def test_the_package_breaks_no_rule():
    assert architecture.violations() == []


def _violations_of_copy(tmp_path: Path, plant: dict[str, str]) -> list[str]:
    """The rules checked on a copy of the package with ``plant`` appended to its modules."""
    copy = tmp_path / "dobble_print"
    shutil.copytree(REPO / "dobble_print", copy, ignore=shutil.ignore_patterns("__pycache__"))
    for rel, code in plant.items():
        with (copy / rel).open("a", encoding="utf-8") as f:
            f.write("\n" + code + "\n")
    script = (
        "import json, sys; "
        f"sys.path[:0] = [{str(tmp_path)!r}, {str(REPO)!r}]; "
        "from tests.support.architecture import violations; "
        "print(json.dumps(violations()))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# Each plant hides its import inside a function, where an import cycle is easiest to miss.
PLANTS = {
    "an upward import": (
        {"deck/plane.py": "def _planted():\n    from dobble_print.printing import sheet"},
        "dobble_print.deck.plane imports dobble_print.printing.sheet",
    ),
    "printing importing layout": (
        {"printing/cover.py": "def _planted():\n    from dobble_print.layout import ranks"},
        "printing may not import layout",
    ),
    "a cycle": (
        {
            "symbols/ink.py": "def _planted():\n    from dobble_print.symbols import raster",
            "symbols/raster.py": "def _planted():\n    from dobble_print.symbols import ink",
        },
        "import cycle: dobble_print.symbols.ink -> dobble_print.symbols.raster",
    ),
    "reportlab outside printing/pdf": (
        {"layout/ranks.py": "def _planted():\n    import reportlab"},
        "dobble_print.layout.ranks imports reportlab, which belongs in printing.pdf",
    ),
    "a private name": (
        {"layout/ranks.py": "def _planted():\n    from dobble_print.seeds import _hidden"},
        "dobble_print.layout.ranks takes _hidden from dobble_print.seeds",
    ),
}


@pytest.mark.parametrize("name", PLANTS)
def test_each_rule_fails_when_broken_on_purpose(tmp_path, name):
    plant, expected = PLANTS[name]
    found = _violations_of_copy(tmp_path, plant)
    assert any(expected in line for line in found), found
