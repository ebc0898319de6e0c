"""The error types users see.

Two tiers (as in pdfimpose's ``UserError``): a :class:`DobbleError` is something the user can fix
and is shown as one line by the CLI; any other exception is a bug and shows a traceback only with
``--debug``.

The engine speaks of values, not of command-line flags: a value out of range is an
:class:`OptionError` naming the :class:`~dobble_print.options.BuildOptions` field, and each shell
words it as its own control (the CLI: ``--safe-margin 30 mm leaves too little room …``).
"""


class DobbleError(Exception):
    """A problem the user can fix: one sentence naming the file or option, and the remedy."""


class OptionError(DobbleError):
    """An option's value the deck cannot take.

    Attributes:
        field: the option, as the public API names it (``safe_margin``, ``card``, ``backs``…).
        problem: the value, what is wrong with it and what to do, e.g. ``"30 mm leaves too
            little room on a 85 mm card; use at most 28.3 mm"``.
    """

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field.replace('_', ' ')} {problem}")
        self.field = field
        self.problem = problem


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, said truthfully: ``written`` is whether the build's outputs were all put in place
    before it stopped (Ctrl-C is held back while they are, so it is all or none)."""

    def __init__(self, *, written: bool) -> None:
        super().__init__()
        self.written = written


def not_a_file(path) -> str:
    """Why ``path``, given as a file to read, is not one: a folder, a pipe or device, or
    nothing at all (one wording for every option that takes a file)."""
    if path.is_dir():
        return "is a folder"
    return "not a regular file (a pipe or a device)" if path.exists() else "no such file"
