"""The package's architecture as rules over its import graph (read by grimp, imports inside
functions included): stages import one way, no cycles, heavy dependencies stay in their folder,
no module takes another's private name, a stage's modules are reached through its ``__init__``,
the shells use only the public API and the wiring, every lazy export names a real thing and is
imported alike for type checkers, and no engine string names a command-line flag.

:func:`violations` returns one line per broken rule, so a test can show them all at once and can
be run on a planted copy of the package to prove each rule fails when broken.
"""

from __future__ import annotations

import ast
import functools
import pathlib
import re

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
    {"language"},  # the catalogues, which the errors' sentences are said from
)
INDEPENDENT = {frozenset({"printing", "layout"})}

# Each heavy dependency may be imported only under these parts of the package.
HEAVY = {
    "reportlab": ("printing.pdf",),
    "numba": ("layout.kernels", "layout.build_loops"),
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
    for module, is_pkg, tree in _modules(root):
        for source, names, _line in _imports(module, is_pkg, tree):
            if not source.startswith(PACKAGE) or source == module:
                continue
            for name in names:
                if name.startswith("_") and not name.startswith("__"):
                    bad.append(f"{module} takes {name} from {source}")
    return bad


# Packages whose modules others reach only through the package's ``__init__`` (its ``__all__``).
STAGES = ("deck", "symbols", "layout", "printing", "files", "pipeline")
SHELLS = ("cli", "app")
# What a shell may import besides the public API: the wiring, and the export machinery.
SHELL_DOORS = {"dobble_print.pipeline", "dobble_print.lazy"}

# Today's shell imports past the public API and the wiring: each pair may stay until the option
# table and the message records (issue 32, items 1 and 2) take it away; none may be added.
SHELL_PAST_API = {
    ("dobble_print.app.settings", "dobble_print.printing"),
    ("dobble_print.app.menus", "dobble_print.printing"),
    ("dobble_print.app.menus", "dobble_print.symbols"),
    ("dobble_print.app.menus", "dobble_print.units"),
    ("dobble_print.app.word_files", "dobble_print.symbols"),
    ("dobble_print.app.uploads", "dobble_print.symbols"),
    ("dobble_print.cli.commands", "dobble_print.deck"),
    ("dobble_print.cli.commands", "dobble_print.layout"),
    ("dobble_print.cli.progress", "dobble_print.symbols"),
    ("dobble_print.cli.summary", "dobble_print.layout"),
    ("dobble_print.cli.summary", "dobble_print.resources"),
    ("dobble_print.cli.summary", "dobble_print.symbols"),
}

# A flag as the command line spells it (``--card-size``, ``-n 4``): the CLI's word for a field.
FLAG = re.compile(r"(?<![\w-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*|-n(?= [0-9]))")
# Engine modules allowed to name flags in their strings, and how many: none. The engine raises
# and warns with records (errors.Advice, errors.Setting: a field, not a flag) and each shell words
# them (cli/wording.py, app/wording.py). fc-list's own option is written -f, which is not one of
# ours.
FLAG_STRINGS: dict[str, int] = {}


@functools.cache
def _parsed(text: str) -> ast.Module:
    """``text`` parsed, once a session: a planted copy of the package re-parses only the
    modules it changed (the trees are only read, never changed)."""
    return ast.parse(text)


def _modules(root: pathlib.Path) -> tuple[tuple[str, bool, ast.Module], ...]:
    """``(module name, is a package's __init__, parsed tree)`` of every module under ``root``,
    read afresh and parsed once for all the rules."""
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        found.append((".".join(parts), is_pkg, _parsed(path.read_text(encoding="utf-8"))))
    return tuple(found)


@functools.cache
def _imports(module: str, is_pkg: bool, tree: ast.Module) -> tuple[tuple[str, tuple, int], ...]:
    """``(imported module, names taken from it, line)`` of every import in ``tree``; a plain
    ``import a.b`` takes no names."""
    found: list[tuple[str, tuple[str, ...], int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, (), node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_pkg else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found.append((source, tuple(a.name for a in node.names), node.lineno))
    return tuple(found)


def _tables(tree: ast.Module) -> dict[str, dict[str, str]]:
    """The module's top-level dicts of text to text, by name, with the entries its later
    ``table["name"] = "module"`` lines add."""
    tables: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign | ast.AnnAssign):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            if isinstance(target, ast.Name) and isinstance(node.value, ast.Dict):
                pairs = zip(node.value.keys, node.value.values, strict=True)
                tables[target.id] = {
                    str(k.value): str(v.value)
                    for k, v in pairs
                    if isinstance(k, ast.Constant) and isinstance(v, ast.Constant)
                }
            elif (
                isinstance(target, ast.Subscript)
                and isinstance(target.value, ast.Name)
                and target.value.id in tables
                and isinstance(target.slice, ast.Constant)
                and isinstance(node.value, ast.Constant)
            ):
                tables[target.value.id][str(target.slice.value)] = str(node.value.value)
    return tables


def _public_api(root: pathlib.Path) -> dict[str, str]:
    """The package's public names (``dobble_print._API``): name -> the module defining it."""
    api = _tables(_parsed((root / "__init__.py").read_text(encoding="utf-8"))).get("_API", {})
    return {name: f"{PACKAGE}.{sub}" for name, sub in api.items()}


def shells_past_api(root: pathlib.Path) -> list[str]:
    """Shell modules importing what is neither the public API (``dobble_print`` and the names
    its ``__init__`` exports, from their modules) nor the wiring (``dobble_print.pipeline``)."""
    api = _public_api(root)
    bad = []
    for module, is_pkg, tree in _modules(root):
        if _part(module) not in SHELLS:
            continue
        for source, names, line in _imports(module, is_pkg, tree):
            if not source.startswith(PACKAGE + ".") or _part(source) in SHELLS:
                continue
            if source in SHELL_DOORS or (names and all(api.get(n) == source for n in names)):
                continue
            if (module, source) not in SHELL_PAST_API:
                bad.append(
                    f"{module} imports {source} (line {line}): a shell uses only dobble_print's "
                    "public API and dobble_print.pipeline"
                )
    return bad


def stage_insides(root: pathlib.Path) -> list[str]:
    """Modules outside a stage importing one of its submodules rather than the stage itself."""
    bad = []
    for module, is_pkg, tree in _modules(root):
        for source, _names, line in _imports(module, is_pkg, tree):
            stage = _part(source)
            inside = source.count(".") >= 2 and source.startswith(PACKAGE + ".")
            if stage in STAGES and inside and _part(module) != stage:
                if _part(module) in SHELLS and (module, source) in SHELL_PAST_API:
                    continue  # counted once, among the shells' imports
                bad.append(
                    f"{module} imports {source} (line {line}): use dobble_print.{stage}, whose "
                    "__init__ exports what other parts may use"
                )
    return bad


def _defined(tree: ast.Module) -> set[str]:
    """The names a module defines or imports at its top level."""
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def _top_level(tree: ast.Module) -> list[ast.stmt]:
    """The module's top-level statements, those of its top-level ``if`` blocks included."""
    found: list[ast.stmt] = []
    for node in tree.body:
        found += [node, *node.body, *node.orelse] if isinstance(node, ast.If) else [node]
    return found


def _lazy_table(tree: ast.Module) -> dict[str, str] | None:
    """The table an ``__init__`` hands to ``lazy_exports`` (name -> submodule), if it does."""
    for node in _top_level(tree):
        call = node.value if isinstance(node, ast.Assign) else None
        if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "lazy_exports":
            if len(call.args) >= 2 and isinstance(call.args[1], ast.Name):
                return _tables(tree).get(call.args[1].id, {})
    return None


def unresolved_exports(root: pathlib.Path) -> list[str]:
    """Names a lazy export table (a stage's ``_EXPORTS``, the package's ``_API``) promises that
    the module it names does not define: they fail only when first used."""
    trees = {module: tree for module, _, tree in _modules(root)}
    tables = {m: t for m, tree in trees.items() if (t := _lazy_table(tree)) is not None}

    def has(module: str, name: str) -> bool:
        if module not in trees:
            return False
        if module in tables and name in tables[module]:
            return has(f"{module}.{tables[module][name]}", name)
        return name in _defined(trees[module])

    bad = []
    promised = [(m, name, f"{m}.{sub}") for m, t in tables.items() for name, sub in t.items()]
    for package, name, module in promised:
        if not has(module, name):
            bad.append(f"{package} exports {name} from {module}, which does not define it")
    return bad


def _typed(module: str, tree: ast.Module) -> dict[str, str]:
    """The names a package's ``__init__`` imports under ``if TYPE_CHECKING:``, the ones type
    checkers and editors see: name -> the module it is imported from."""
    typed: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            block = ast.Module(body=node.body, type_ignores=[])
            for source, names, _line in _imports(module, True, block):
                typed |= {name: source for name in names}
    return typed


def untyped_exports(root: pathlib.Path) -> list[str]:
    """A lazy export table and the ``TYPE_CHECKING`` imports beside it that differ: a name
    exported but not typed looks like ``object`` to mypy; one typed but not exported, or typed
    from another module, tells editors a home it does not have."""
    bad = []
    for module, is_pkg, tree in _modules(root):
        table = _lazy_table(tree) if is_pkg else None
        if table is None:
            continue
        exported = {name: f"{module}.{sub}" for name, sub in table.items()}
        typed = _typed(module, tree)
        for name in sorted(exported.keys() | typed.keys()):
            if name not in typed:
                bad.append(
                    f"{module} exports {name} lazily but not to type checkers: import it from "
                    f"{exported[name]} under TYPE_CHECKING"
                )
            elif name not in exported:
                bad.append(f"{module} imports {name} for type checkers but does not export it")
            elif typed[name] != exported[name]:
                bad.append(
                    f"{module} exports {name} from {exported[name]} but imports it for type "
                    f"checkers from {typed[name]}"
                )
    return bad


def _docstrings(tree: ast.Module) -> set[int]:
    """``id`` of every docstring node: they speak to programmers, not users."""
    found = set()
    for node in ast.walk(tree):
        kinds = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
        if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr):
            if isinstance(node.body[0].value, ast.Constant):
                found.add(id(node.body[0].value))
    return found


def flag_strings(root: pathlib.Path) -> dict[str, list[str]]:
    """Engine module -> the flags its strings name (docstrings left out)."""
    found: dict[str, list[str]] = {}
    for module, _, tree in _modules(root):
        if _part(module) in (*SHELLS, "__main__"):
            continue
        if flags := _flags(tree):
            found.setdefault(module, []).extend(flags)
    return found


@functools.cache
def _flags(tree: ast.Module) -> tuple[str, ...]:
    """The flags the strings of one module's ``tree`` name, docstrings left out."""
    found = []
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.JoinedStr):  # f"-n {n}": each value read as a number
            skip |= {id(v) for v in node.values}
            text = "".join(
                str(v.value) if isinstance(v, ast.Constant) else "0" for v in node.values
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = None if id(node) in skip else node.value
        if text and (flags := FLAG.findall(text)):
            found.extend(flags)
    return tuple(found)


def engine_flags(root: pathlib.Path) -> list[str]:
    """Engine modules naming more command-line flags in their strings than :data:`FLAG_STRINGS`
    lets them: the engine names a field (``OptionError("card_size", …)``), a shell its flag."""
    bad = []
    for module, flags in sorted(flag_strings(root).items()):
        if len(flags) > FLAG_STRINGS.get(module, 0):
            bad.append(
                f"{module} names {', '.join(sorted(set(flags)))} in its strings "
                f"({len(flags)}, at most {FLAG_STRINGS.get(module, 0)}): name the field instead"
            )
    return bad


def graph_violations() -> list[str]:
    """The rules read from the import graph of the importable ``dobble_print`` (grimp)."""
    graph = _graph()
    edges = _internal_edges(graph)
    return (
        [f"import cycle: {' -> '.join(c)}" for c in cycles(edges)]
        + upward_imports(graph, edges)
        + heavy_outside(graph)
    )


def source_violations(root: pathlib.Path) -> list[str]:
    """The rules read from the source of the package at ``root`` alone."""
    return (
        private_imports(root)
        + stage_insides(root)
        + shells_past_api(root)
        + unresolved_exports(root)
        + untyped_exports(root)
        + engine_flags(root)
    )


def violations() -> list[str]:
    """Every broken rule of the importable ``dobble_print``, one line each."""
    root = pathlib.Path(str(__import__(PACKAGE).__file__)).parent
    return graph_violations() + source_violations(root)


if __name__ == "__main__":
    print("\n".join(violations()) or "no violations")
