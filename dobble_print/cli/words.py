"""How the command line words the engine's records: each option by its flag (``-n 4``), each
:class:`~dobble_print.errors.Advice` as what to type (``use -n 4``, ``leave --labels out``).

Every sentence the engine's records make on the terminal is worded here, in one place.
"""

from __future__ import annotations

from pathlib import Path

from dobble_print import Advice, DobbleError, Notice, OptionError, Setting

# Fields named by no option of the table, or by another than the one that fills them.
FLAGS = {
    "output": "-o",
    "backs": "--back-image",  # a back picture that cannot be read
    "preview_card": "--card",
    "preset": "--preset",
}


def flag(field: str) -> str:
    """The flag of an option or a :class:`BuildOptions` field: ``safe_margin`` →
    ``--safe-margin``, ``symbols_per_card`` → ``-n``, ``card`` → ``--card-size``."""
    from dobble_print import option_of

    if field in FLAGS:
        return FLAGS[field]
    option = option_of(field)
    return option_flag(option.name) if option else "--" + field.replace("_", "-")


def option_flag(name: str) -> str:
    """The flag of the option ``name`` of the table: its one-letter alias, or its long name."""
    from dobble_print import BY_NAME

    return BY_NAME[name].flag


def words(part: Advice | Setting) -> str:
    """A record as the command line says it: ``-n 8``; ``use -n 4``; ``leave --labels out``."""
    if isinstance(part, Setting):
        value = part.value
        if isinstance(value, tuple):
            return f"{flag(part.field)} {value[0]} to {flag(part.field)} {value[1]}"
        return flag(part.field) if value is None else f"{flag(part.field)} {value}"
    said = {
        "set": f"use {flag(part.field)} {part.value}",
        "use": f"use {flag(part.field)}",
        "leave_out": f"leave {flag(part.field)} out",
        "larger": f"larger {part.noun} ({flag(part.field)})",
        "fewer": f"fewer {part.noun} ({flag(part.field)})",
        "choose_another": f"choose another {flag(part.field)}",
    }
    return said[part.action]


def _path(path: Path) -> str:
    return str(path)


def error_line(exc: DobbleError) -> str:
    """The line after ``dobble-print: error:`` for ``exc``: an option's problem after its flag."""
    if isinstance(exc, OptionError):
        return exc.words(words, _path, flag(exc.field))
    return exc.words(words, _path)


def notice_line(notice: Notice) -> str:
    """A warning's line, after ``warning:``."""
    return notice.words(words, _path)
