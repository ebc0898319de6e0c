"""The package's architecture as rules over its import graph (read by grimp, imports inside
functions included): stages import one way, no cycles, heavy dependencies stay in their folder,
and no module takes another's private name.

:func:`violations` returns one line per broken rule, so a test can show them all at once and can
be run on a planted copy of the package to prove each rule fails when broken.
"""

from __future__ import annotations

import ast
import pathlib

import grimp

PACKAGE = "dobble_print"

# Top to bottom: a module may import from its own layer's group or any layer below, never above.
# Names in one layer may import each other, except the pairs in INDEPENDENT.
LAYERS = (
    {"__main__"},
    {"cli", "app"},  # the two shells; the CLI starts the app
    {"pipeline"},  # the wiring
    {"options"},
    {"printing", "layout"},
    {"symbols"},
    {"deck"},
    {"card", "seeds", "parallel", "files", "units", "resources", "lazy"},
    {"errors"},
)
INDEPENDENT = {frozenset({"printing", "layout"})}

# Each heavy dependency may be imported only under these parts of the package.
HEAVY = {
    "reportlab": ("printing.pdf",),
    "numba": ("layout.kernels",),
    "typer": ("cli",),
    "rich": ("cli",),
    "galois": ("deck",),
    "cairosvg": ("symbols",),
    "resvg_py": ("symbols",),
    "highspy": ("layout",),
    "starlette": ("app",),
    "uvicorn": ("app",),
    "pypdfium2": ("app",),
}


def _part(module: str) -> str:
    """``dobble_print.layout.grid`` → ``layout``; the package itself → ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _layer(part: str) -> int | None:
    return next((i for i, names in enumerate(LAYERS) if part in names), None)


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph(PACKAGE, include_external_packages=True, cache_dir=None)


def _internal_edges(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    mods = {m for m in graph.modules if m == PACKAGE or m.startswith(PACKAGE + ".")}
    return {m: graph.find_modules_directly_imported_by(m) & mods for m in mods}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), and modules importing
    themselves. The package's ``__init__`` is left out: it only re-exports, lazily."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w == PACKAGE:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges.get(v, ()):
                found.append(sorted(group))

    for v in sorted(edges):
        if v != PACKAGE and v not in index:
            visit(v)
    return found


def upward_imports(graph: grimp.ImportGraph, edges: dict[str, set[str]]) -> list[str]:
    """Imports that go up the layers, or between independent siblings."""
    bad = []
    for importer, imported_set in sorted(edges.items()):
        a = _part(importer)
        if importer == PACKAGE:
            continue  # the public API re-exports from every stage
        for imported in sorted(imported_set):
            b = _part(imported)
            if imported == PACKAGE or a == b:
                continue
            la, lb = _layer(a), _layer(b)
            if la is None or lb is None:
                bad.append(f"{importer} imports {imported}: {a or b} is in no layer")
            elif lb < la or frozenset({a, b}) in INDEPENDENT:
                line = graph.get_import_details(importer=importer, imported=imported)
                where = f" (line {line[0]['line_number']})" if line else ""
                bad.append(f"{importer} imports {imported}{where}: {a} may not import {b}")
    return bad


def heavy_outside(graph: grimp.ImportGraph) -> list[str]:
    """Modules importing a heavy dependency outside the folder it belongs to."""
    bad = []
    for dep, allowed in HEAVY.items():
        if dep not in graph.modules:
            continue
        for importer in sorted(graph.find_modules_that_directly_import(dep)):
            rel = importer.removeprefix(PACKAGE + ".")
            if not any(rel == a or rel.startswith(a + ".") for a in allowed):
                bad.append(f"{importer} imports {dep}, which belongs in {', '.join(allowed)}")
    return bad


def private_imports(root: pathlib.Path) -> list[str]:
    """``from other_module import _name``: a name a sibling uses is public."""
    bad = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).with_suffix("")
        parts = list(rel.parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        module = ".".join(parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = parts if is_pkg else parts[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if not source.startswith(PACKAGE) or source == module:
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    bad.append(f"{module} takes {alias.name} from {source}")
    return bad


def violations() -> list[str]:
    """Every broken rule of the importable ``dobble_print``, one line each."""
    graph = _graph()
    edges = _internal_edges(graph)
    root = pathlib.Path(__import__(PACKAGE).__file__).parent
    return (
        [f"import cycle: {' -> '.join(c)}" for c in cycles(edges)]
        + upward_imports(graph, edges)
        + heavy_outside(graph)
        + private_imports(root)
    )


if __name__ == "__main__":
    print("\n".join(violations()) or "no violations")
