"""The engine's messages not marked for translation: an AST walk over every exception made to
carry a user's message (``DobbleError``, ``OptionError``, a picture or a word list that cannot
be read…) and every warning (``notice``) for the words in its arguments that are not inside
``N_("…")``, ``Nn_(…)`` or ``Np_(context, "…")``.

Such words are said in English on a French command line or page, whatever the catalogues hold.
A joiner with no letter in it (``f"{where}: "``) speaks no language and is not counted; nor is a
record's field (``Setting("faces")``) or a file. The walk reads literals only: a sentence built
by a helper function and passed as a variable is that helper's to mark: the walk follows it one
step, to the variable's assignments in the same function and to the ``return`` of a function of
the package the sentence is the result of (``notice(small_words(report))``), where an f-string,
a ``"….format()"``, a ``" or ".join()`` or a ``"…" + x`` in English is found as any literal is.
"""

from __future__ import annotations

import ast
import functools
import pathlib

# What carries a sentence a user reads: the exceptions, and the warnings (``notice``); by name,
# the positional arguments that are words (an OptionError's first is its field, a Notice's
# later ones its file and kind).
CARRIERS = {
    "DobbleError": slice(None),
    "OptionError": slice(1, None),
    "ConflictError": slice(0, 0),
    "BadPicture": slice(None),
    "BadWords": slice(None),
    "TabbedLines": slice(None),
    "notice": slice(0, 1),
    "Notice": slice(0, 1),
    "then": slice(None),  # a notice's words added at its end
    "say": slice(0, 1),  # the command line's lines (summaries, notes)
    "fail": slice(0, 1),
    "_skipped": slice(1, 2),  # a file passed over in a folder: why (symbols/folders.py)
}
MARKS = frozenset({"N_", "Nn_", "Np_"})
RECORDS = frozenset({"Setting", "Advice"})  # their strings are fields and values, not words
DATA = frozenset({"dumps"})  # JSON for programs: keys and values, not words
WORDS = ("text", "problem")  # the keyword arguments that carry the sentence
# The parts of the package whose messages are checked: the engine and the command line. The
# page's own (app/) are said from its catalogue through ``Said``, with their own marks.
SHELLS_OWN = ("app",)


def _name(func: ast.expr) -> str:
    return str(getattr(func, "id", None) or getattr(func, "attr", ""))


def _letters(node: ast.Constant | ast.JoinedStr) -> str:
    """The node's literal text, its f-string placeholders left out."""
    if isinstance(node, ast.Constant):
        return str(node.value)
    return "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))


@functools.cache
def _unmarked(node: ast.AST) -> tuple[ast.Constant | ast.JoinedStr, ...]:
    """Text literals in ``node`` outside a mark and a record that hold a letter."""
    if isinstance(node, ast.Call) and _name(node.func) in MARKS | RECORDS | DATA:
        return ()
    if isinstance(node, ast.Compare):  # a test of a value ("kind == 'word'") says no words
        return ()
    if isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    ):
        return (node,) if any(ch.isalpha() for ch in _letters(node)) else ()
    return tuple(found for child in ast.iter_child_nodes(node) for found in _unmarked(child))


@functools.cache
def _parsed(text: str) -> ast.Module:
    """``text`` parsed, once a session: a planted copy of the package re-parses only the
    modules it changed. The trees, and what is read from them below, are only read."""
    return ast.parse(text)


@functools.cache
def _defined(rel: str, tree: ast.Module) -> dict[str, tuple[str, ast.AST]]:
    """The module's functions (at any depth), by name, each with its module."""
    return {
        node.name: (rel, node)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def _functions(trees: dict[str, ast.Module]) -> dict[str, dict[str, tuple[str, ast.AST]]]:
    """Each module's functions (at any depth), by name, each with its module."""
    return {rel: _defined(rel, tree) for rel, tree in trees.items()}


@functools.cache
def _carried(tree: ast.Module) -> tuple[tuple[ast.AST, ast.expr], ...]:
    """``(scope, argument)`` of every argument that carries words to a user in ``tree``: the
    module's own calls and each function's (a nested function's calls are its outer one's
    too)."""
    scopes = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    found = []
    for scope in [tree, *scopes]:
        calls = ast.walk(scope) if scope is not tree else ast.iter_child_nodes(tree)
        for node in calls:
            if not (isinstance(node, ast.Call) and _name(node.func) in CARRIERS):
                continue
            args = node.args[CARRIERS[_name(node.func)]]
            found += [(scope, arg) for arg in args]
            found += [(scope, k.value) for k in node.keywords if k.arg in WORDS]
    return tuple(found)


@functools.cache
def _assigned(scope: ast.AST, name: str) -> tuple[ast.expr, ...]:
    """The values ``name`` is given in ``scope`` (a function, or a module)."""
    return tuple(
        node.value
        for node in ast.walk(scope)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and node.value is not None
        and any(
            isinstance(t, ast.Name) and t.id == name
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
    )


@functools.cache
def _returned(func: ast.AST) -> tuple[ast.expr, ...]:
    """What ``func`` returns: its ``return`` values, and the values of a variable it returns."""
    values = []
    for node in ast.walk(func):
        if isinstance(node, ast.Return) and node.value is not None:
            values.append(node.value)
            if isinstance(node.value, ast.Name):
                values += _assigned(func, node.value.id)
    return tuple(values)


def _followed(
    arg: ast.expr, scope: ast.AST, here: str, functions: dict[str, tuple[str, ast.AST]]
) -> list[tuple[str, ast.expr]]:
    """What ``arg`` stands for, one step on, with the module it is written in: a variable's
    values in ``scope`` (of module ``here``), and the values returned by the package's function
    it (or the variable) is the result of."""
    values = _assigned(scope, arg.id) if isinstance(arg, ast.Name) else (arg,)
    found = []
    for value in values:
        if isinstance(value, ast.Name):
            continue
        if isinstance(value, ast.Call) and (defined := functions.get(_name(value.func))):
            if _name(value.func) not in MARKS | RECORDS:
                found += [(defined[0], v) for v in _returned(defined[1])]
        elif value is not arg:
            found.append((here, value))
    return found


def unmarked_messages(root: pathlib.Path) -> list[str]:
    """``module:line: text`` of every unmarked message text in the package at ``root``."""
    trees = {}
    for path in sorted(root.rglob("*.py")):
        inside = path.relative_to(root)
        if inside.parts[0] in SHELLS_OWN:
            continue
        trees[inside.as_posix()] = _parsed(path.read_text(encoding="utf-8"))
    functions = _functions(trees)
    everywhere = {name: f for module in functions.values() for name, f in module.items()}
    found: dict[str, None] = {}
    for rel, tree in trees.items():
        known = {**everywhere, **functions[rel]}  # a module's own function first
        for scope, arg in _carried(tree):
            for text in _unmarked(arg):
                found[f"{rel}:{text.lineno}: {_letters(text)[:60]!r}"] = None
            for module, value in _followed(arg, scope, rel, known):
                for text in _unmarked(value):
                    found[f"{module}:{text.lineno}: {_letters(text)[:60]!r}"] = None
    return sorted(found, key=lambda f: (f.split(":")[0], int(f.split(":")[1])))
