"""The architecture holds: one folder per stage, imports one way, no cycles (imports inside
functions counted), heavy dependencies in their folder, no private names across modules, a
stage's modules reached through its ``__init__``, shells on the public API and the wiring, lazy
exports that resolve and that type checkers see alike, no flags in engine strings; and each rule
fails when it is broken on purpose, in a planted copy of the package."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import architecture

REPO = Path(__file__).resolve().parent.parent
STAGES = {"deck", "symbols", "layout", "printing", "files", "pipeline", "cli", "app"}
# The shared values and plumbing the top of the package keeps; everything else is in a folder.
TOP = 10


def test_the_stage_folders_are_packages():
    package = REPO / "dobble_print"
    folders = {p.parent.name for p in package.glob("*/__init__.py")}
    assert STAGES <= folders
    for stage in STAGES:
        init = (package / stage / "__init__.py").read_text(encoding="utf-8")
        assert "__all__" in init, f"{stage}/__init__.py declares no __all__"


def test_the_top_of_the_package_keeps_at_most_ten_modules():
    top = sorted(p.stem for p in (REPO / "dobble_print").glob("*.py"))
    assert len(top) <= TOP, top


def test_the_package_breaks_no_rule():
    assert architecture.violations() == []


def _planted_copy(tmp_path: Path, plant: dict[str, str]) -> Path:
    """A copy of the package's modules (its data left out: no rule reads it) with ``plant``
    appended to them."""
    copy = tmp_path / "dobble_print"

    def not_source(folder: str, names: list[str]) -> set[str]:
        return {
            n
            for n in names
            if n == "__pycache__" or not n.endswith(".py") and (Path(folder) / n).is_file()
        }

    shutil.copytree(REPO / "dobble_print", copy, ignore=not_source)
    for rel, code in plant.items():
        with (copy / rel).open("a", encoding="utf-8") as f:
            f.write("\n" + code + "\n")
    return copy


# The import graphs of the planted copies, read by grimp in one process (a subprocess: grimp
# finds the package by its import path, and this process has the real one): each copy's folder
# put first on the path in turn, nothing imported from it.
_GRAPHS = """
import json, sys
sys.path.insert(0, sys.argv[1])
from tests.support.architecture import graph_violations
found = {}
for name, folder in json.loads(sys.argv[2]).items():
    sys.path.insert(0, folder)
    found[name] = graph_violations()
    sys.path.remove(folder)
print(json.dumps(found))
"""


def _graph_violations_of(folders: dict[str, Path]) -> dict[str, list[str]]:
    """The graph rules' findings on each planted copy of the package (``folders``: name -> the
    folder holding that copy's ``dobble_print``)."""
    named = json.dumps({name: str(folder) for name, folder in folders.items()})
    done = subprocess.run(
        [sys.executable, "-c", _GRAPHS, str(REPO), named], capture_output=True, text=True
    )
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


@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> dict[str, tuple[list[str], Path]]:
    """Each plant's copy of the package: the graph rules' findings on it, and the copy."""
    copies = {
        name: _planted_copy(tmp_path_factory.mktemp("planted"), PLANTS[name][0]) for name in PLANTS
    }
    graphs = _graph_violations_of({name: copy.parent for name, copy in copies.items()})
    return {name: (graphs[name], copy) for name, copy in copies.items()}


@pytest.mark.parametrize("name", PLANTS)
def test_each_rule_fails_when_broken_on_purpose(planted, name):
    graph, copy = planted[name]
    found = graph + architecture.source_violations(copy)  # violations() of the copy
    _, expected = PLANTS[name]
    assert any(expected in line for line in found), found


def _rules_of_copy(tmp_path: Path, plant: dict[str, str]) -> list[str]:
    """The rules read from the source alone (no import graph), on a planted copy."""
    copy = _planted_copy(tmp_path, plant)
    return (
        architecture.stage_insides(copy)
        + architecture.shells_past_api(copy)
        + architecture.unresolved_exports(copy)
        + architecture.untyped_exports(copy)
        + architecture.engine_flags(copy)
    )


SOURCE_PLANTS = {
    "a stage's module taken from outside the stage": (
        {"layout/ranks.py": "def _planted():\n    from dobble_print.symbols.ink import Ink"},
        "dobble_print.layout.ranks imports dobble_print.symbols.ink (line",
    ),
    "a shell past the public API": (
        {"app/jobs.py": "def _planted():\n    from dobble_print.deck import build_deck"},
        "dobble_print.app.jobs imports dobble_print.deck (line",
    ),
    "a shell reaching into the wiring's modules": (
        {"cli/summary.py": "def _planted():\n    from dobble_print.pipeline.building import build"},
        "dobble_print.cli.summary imports dobble_print.pipeline.building (line",
    ),
    "a stage exporting a name its module lacks": (
        {"deck/__init__.py": '_EXPORTS["planted"] = "plane"'},
        "dobble_print.deck exports planted from dobble_print.deck.plane, which does not define it",
    ),
    "a stage exporting from a module that is gone": (
        {"printing/__init__.py": '_EXPORTS["Paper"] = "papers"'},
        "dobble_print.printing exports Paper from dobble_print.printing.papers, which does not",
    ),
    "the public API naming the wrong module": (
        {"__init__.py": '_API["BuildOptions"] = "card"'},
        "dobble_print exports BuildOptions from dobble_print.card, which does not define it",
    ),
    "a flag in an engine string": (
        {"deck/plane.py": 'def _planted(n):\n    return f"too few; use -n {n} or --cards 7"'},
        "dobble_print.deck.plane names --cards, -n in its strings (2, at most 0)",
    ),
    "a flag where the engine once named flags": (
        {"pipeline/planning.py": 'def _planted(n):\n    return f"or use -n {n}"'},
        "dobble_print.pipeline.planning names -n in its strings (1, at most 0)",
    ),
}


@pytest.mark.parametrize("name", SOURCE_PLANTS)
def test_each_source_rule_fails_when_broken_on_purpose(tmp_path, name):
    plant, expected = SOURCE_PLANTS[name]
    found = _rules_of_copy(tmp_path, plant)
    assert any(expected in line for line in found), found


def test_the_typed_exports_rule_fails_each_way(tmp_path):
    """A name exported but hidden from type checkers, one typed from another module than the
    table's, and one typed but not exported: each is found, in one planted copy."""
    plant = (
        '_EXPORTS["verify_deck"] = "plane"\n'
        '_EXPORTS["card_count"] = "choice"\n'
        "if TYPE_CHECKING:\n"
        "    from dobble_print.deck.plane import incidence\n"
    )
    found = _rules_of_copy(tmp_path, {"deck/__init__.py": plant})
    assert found == [
        "dobble_print.deck exports card_count from dobble_print.deck.choice but imports it for "
        "type checkers from dobble_print.deck.plane",
        "dobble_print.deck imports incidence for type checkers but does not export it",
        "dobble_print.deck exports verify_deck lazily but not to type checkers: import it from "
        "dobble_print.deck.plane under TYPE_CHECKING",
    ]


# What the rules allow: public names from their modules, the stage's own __init__, docstrings.
ALLOWED = {
    "cli/summary.py": "def _planted():\n    from dobble_print.options import BuildOptions",
    "app/jobs.py": "def _planted():\n    from dobble_print.pipeline import build, plan",
    "layout/ranks.py": "def _planted():\n    from dobble_print.symbols import Ink",
    "deck/plane.py": 'def _planted():\n    """A docstring may speak of --cards."""',
    "deck/__init__.py": '_EXPORTS["card_count"] = "plane"',
}


def test_what_the_source_rules_allow_passes(tmp_path):
    assert _rules_of_copy(tmp_path, ALLOWED) == []


def test_the_architecture_tree_names_every_top_level_module_and_folder():
    """The tree of the package in docs/ARCHITECTURE.md, its modules at the top and its folders,
    is the package's own (``__init__`` and ``__main__`` go without saying)."""
    text = (REPO / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    tree = text.split("```\ndobble_print/\n", 1)[1].split("```", 1)[0]
    named = set()
    for line in tree.splitlines():
        if line.startswith("  ") and not line.startswith("   "):
            for word in line.split():
                if not word.endswith(".py"):
                    break
                named.add(word.removesuffix(".py"))
    package = REPO / "dobble_print"
    assert named == {p.stem for p in package.glob("*.py")} - {"__init__", "__main__"}
    folders = {p.parent.name for p in package.glob("*/__init__.py")}
    assert {f for f in folders if f"{f}/" not in tree} == set()
