"""The CLI's single error boundary: a :class:`DobbleError` is one line on stderr and exit code 1;
anything else is a bug, one line too, with its traceback only under ``--debug``."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import NoReturn, TypeVar

import typer

from dobble_print import N_
from dobble_print.cli.stopping import EXIT_CODE, line, line_said, working, written
from dobble_print.cli.wording import (  # noqa: F401 (shown: the CLI's tests take it here)
    FLAGS,
    error_line,
    flag,
    one_line,
    option_flag,
    say_in,
    shown,
    spoken,
)
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


def say(text: str, *, err: bool = False) -> None:
    """Print a line the CLI made from names and titles it was given, as one line
    (:func:`one_line`)."""
    typer.echo(one_line(text), err=err)


def fail(message: str) -> NoReturn:
    """Print ``dobble-print: error: message`` (in the command's language) on stderr and exit
    1; an error listing files has a line for each (their names each kept to one,
    :func:`~dobble_print.cli.wording.error_line`)."""
    typer.echo(shown(say_in(N_("dobble-print: error: {message}", message=message))), err=True)
    raise typer.Exit(1)


def _stopped(exc: KeyboardInterrupt) -> NoReturn:
    """Say Ctrl-C's line and exit with its code."""
    done = isinstance(exc, Interrupted) and exc.written
    typer.echo(line(written=done, lang=spoken()), err=True)
    line_said()
    raise typer.Exit(EXIT_CODE) from None


def _ctrl_c_within(exc: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C an error was raised from, if any.

    Ctrl-C's handler runs between two steps of Python code, and some of that code is called
    back by C code in the middle of its own work: a compiled loop of the packer handing back its
    arrays. That C code then returns with the KeyboardInterrupt pending, and Python raises
    "SystemError: ... returned a result with an exception set" from it instead (1 in 20 of
    Ctrl-Cs while a single core packed). It is still Ctrl-C, and said as such.
    """
    seen: set[int] = set()
    found: BaseException | None = exc
    while found is not None and id(found) not in seen:
        if isinstance(found, KeyboardInterrupt):
            return found
        seen.add(id(found))
        found = found.__cause__ or found.__context__
    return None


def run(action: Callable[[], T], *, writes: bool = False) -> T:
    """Call ``action``: user errors become one line, bugs one line unless ``--debug``, Ctrl-C
    one line and exit code 130. ``writes``: once it is done, the command's files are in place
    (a later Ctrl-C says so)."""
    try:
        with working():
            result = action()
    except OptionError as exc:
        from dobble_print import ConflictError

        if isinstance(exc, ConflictError):
            fail(conflict_line(exc))
        fail(error_line(exc))
    except DobbleError as exc:
        fail(error_line(exc))
    except KeyboardInterrupt as exc:
        _stopped(exc)
    except Exception as exc:  # a bug: say so briefly, show the trace on request
        if (ctrl_c := _ctrl_c_within(exc)) is not None:
            _stopped(ctrl_c)
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
    if writes:
        written()
    return result
