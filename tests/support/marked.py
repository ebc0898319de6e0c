"""The engine's messages not marked for translation: an AST walk over every exception made to
carry a user's message (``DobbleError``, ``OptionError``, a picture or a word list that cannot
be read…) and every warning (``notice``) for the words in its arguments that are not inside
``N_("…")`` or ``Nn_(…)``.

Such words are said in English on a French command line or page, whatever the catalogues hold.
A joiner with no letter in it (``f"{where}: "``) speaks no language and is not counted; nor is a
record's field (``Setting("faces")``) or a file. The walk reads literals only: a sentence built
by a helper function and passed as a variable is that helper's to mark.
"""

from __future__ import annotations

import ast
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
}
MARKS = frozenset({"N_", "Nn_"})
RECORDS = frozenset({"Setting", "Advice"})  # their strings are fields and values, not words
WORDS = ("text", "problem")  # the keyword arguments that carry the sentence
# The parts of the package whose messages are checked: the engine and the command line. The
# page's own (app/) are said from its catalogue through ``Said``, with their own marks.
SHELLS_OWN = ("app",)


def _name(func: ast.expr) -> str:
    return getattr(func, "id", None) or getattr(func, "attr", "")


def _letters(node: ast.Constant | ast.JoinedStr) -> str:
    """The node's literal text, its f-string placeholders left out."""
    if isinstance(node, ast.Constant):
        return node.value
    return "".join(v.value for v in node.values if isinstance(v, ast.Constant))


def _unmarked(node: ast.AST) -> list[ast.Constant | ast.JoinedStr]:
    """Text literals in ``node`` outside a mark and a record that hold a letter."""
    if isinstance(node, ast.Call) and _name(node.func) in MARKS | RECORDS:
        return []
    if isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    ):
        return [node] if any(ch.isalpha() for ch in _letters(node)) else []
    return [found for child in ast.iter_child_nodes(node) for found in _unmarked(child)]


def unmarked_messages(root: pathlib.Path) -> list[str]:
    """``module:line: text`` of every unmarked message text in the package at ``root``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] in SHELLS_OWN:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _name(node.func) in CARRIERS):
                continue
            args = node.args[CARRIERS[_name(node.func)]]
            args = [*args, *(k.value for k in node.keywords if k.arg in WORDS)]
            for arg in args:
                for text in _unmarked(arg):
                    found.append(f"{rel.as_posix()}:{text.lineno}: {_letters(text)[:60]!r}")
    return found
