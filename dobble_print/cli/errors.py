"""The CLI's single error boundary: a :class:`DobbleError` is one line on stderr and exit code 1;
anything else is a bug, one line too, with its traceback only under ``--debug``."""

from __future__ import annotations

import traceback
import unicodedata
from collections.abc import Callable
from typing import NoReturn, TypeVar

import typer

from dobble_print import N_
from dobble_print.cli.words import FLAGS, error_line, flag, option_flag, say_in
from dobble_print.errors import DobbleError, Interrupted, OptionError

__all__ = ["FLAGS", "conflict_line", "fail", "flag", "option_flag", "run", "say", "shown"]

T = TypeVar("T")


def _with_value(name: str) -> str:
    """An option's flag as it is typed with its value: ``--shop DIR``, ``--box``."""
    from dobble_print import BY_NAME

    metavar = BY_NAME[name].metavar
    return f"{option_flag(name)} {metavar}" if metavar else option_flag(name)


def conflict_line(exc) -> str:
    """A broken rule between options (:class:`~dobble_print.options.ConflictError`) in the
    command line's words, in its language."""
    rule, own = exc.conflict, option_flag(exc.conflict.option)
    if not rule.needs:
        return say_in(
            N_(
                "{own} {value}: the {profile} shop profile cuts {die} cards; leave {own} out, "
                "or use --shop-profile {instead}",
                own=own,
                value=exc.value,
                profile=rule.profile,
                die=rule.die,
                instead=rule.instead,
            )
        )
    needed = say_in(N_(" or ")).join(_with_value(name) for name in rule.needs)
    add = say_in(N_("add {needed}", needed=needed) if len(rule.needs) == 1 else N_("add one"))
    leave = (
        N_("leave {own} out", own=own)
        if rule.asked
        else N_("take {key} out of the preset", key=rule.option.replace("_", "-"))
    )
    words = dict(own=own, value=exc.value, needed=needed, add=add, purpose=rule.purpose)
    said = (
        N_("{own} {value} does nothing without {needed}; {add} {purpose}, or {leave}", **words,
           leave=leave)
        if rule.asked
        else N_(
            "{own} {value} (from the preset) does nothing without {needed}; {add} {purpose}, "
            "or {leave}", **words, leave=leave,
        )
    )  # fmt: skip
    return say_in(said)


_state = {"debug": False}


def show_tracebacks(on: bool) -> None:
    """``--debug``: print the traceback of an internal error before its line."""
    _state["debug"] = on


# Bidirectional overrides: they reorder what follows on the terminal, so a name could show
# another name than the file's.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def shown(text: str) -> str:
    """``text`` safe to print: control characters (terminal escapes among them), bidirectional
    overrides and the bytes of a file name that is not UTF-8 written as ``\\x1b``, ``\\u202e``,
    ``\\xe9``; line breaks and tabs stay. A file's name or a title reaches the terminal, and an
    escape sequence in it could rewrite what the terminal shows."""
    return "".join(ch if ch in "\n\t" or not _hidden(ch) else _escaped(ch) for ch in text)


def _hidden(ch: str) -> bool:
    return ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs")


def _escaped(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def say(text: str, *, err: bool = False) -> None:
    """Print a line the CLI made from names and titles it was given, with :func:`shown`."""
    typer.echo(shown(text), err=err)


def fail(message: str) -> NoReturn:
    """Print ``dobble-print: error: message`` (in the command's language) on stderr and exit
    1."""
    say(say_in(N_("dobble-print: error: {message}", message=message)), err=True)
    raise typer.Exit(1)


def run(action: Callable[[], T]) -> T:
    """Call ``action``: user errors become one line, bugs one line unless ``--debug``."""
    try:
        return action()
    except OptionError as exc:
        from dobble_print import ConflictError

        if isinstance(exc, ConflictError):
            fail(conflict_line(exc))
        fail(error_line(exc))
    except DobbleError as exc:
        fail(error_line(exc))
    except KeyboardInterrupt as exc:
        said = (
            N_("interrupted, after every file was written in full")
            if isinstance(exc, Interrupted) and exc.written
            else N_("interrupted; nothing was written")
        )
        typer.echo(f"dobble-print: {say_in(said)}", err=True)
        raise typer.Exit(130) from None
    except Exception as exc:  # a bug: say so briefly, show the trace on request
        if _state["debug"]:
            traceback.print_exc()
        fail(
            say_in(
                N_(
                    "internal error ({name}: {exc}); run again with --debug and report it",
                    name=type(exc).__name__,
                    exc=str(exc),
                )
            )
        )
