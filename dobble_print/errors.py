"""The one error type users see.

Two tiers (as in pdfimpose's ``UserError``): a :class:`DobbleError` is something the user can fix
and is shown as one line by the CLI; any other exception is a bug and shows a traceback only with
``--debug``.
"""


class DobbleError(Exception):
    """A problem the user can fix: one sentence naming the file or option, and the remedy."""
