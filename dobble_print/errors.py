"""The error types users see, and the records their sentences are made of.

Two tiers (as in pdfimpose's ``UserError``): a :class:`DobbleError` is something the user can fix
and is shown as one line by the CLI; any other exception is a bug and shows a traceback only with
``--debug``.

The engine speaks of values, not of command-line flags: a value out of range is an
:class:`OptionError` naming the :class:`~dobble_print.options.BuildOptions` field, and what to
do about it is an :class:`Advice` record. Each shell words the records as its own controls (the
CLI with flags, the page with its controls' labels, each in one module), so no engine string
names a flag and no shell parses the engine's English. ``str()`` of an error or a
:class:`Notice` is the sentence in plain words, for callers of the Python API.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dobble_print.language import ENGLISH, N_, Msg, said

# What an Advice asks for; each shell words every one of them.
ACTIONS = frozenset(
    {
        "set",  # give ``field`` the ``value``
        "use",  # turn ``field`` on, or give it (a font file)
        "leave_out",  # turn ``field`` off
        "larger",  # a larger ``field`` (cards, paper)
        "fewer",  # a smaller number for ``field``
        "choose_another",  # another value for ``field``
    }
)


@dataclass(frozen=True)
class Advice:
    """What the user can do, as data: ``Advice("set", "symbols_per_card", 4)``.

    Attributes:
        action: one of :data:`ACTIONS`.
        field: the option, as the public API names it (``symbols_per_card``, ``labels``…).
        value: the value to give it, for ``set``.
        lead: the words joining it to the text before it (``" or "``); a shell that does not
            offer the option leaves them out with it.
    """

    action: str
    field: str
    value: Any = None
    lead: str | Msg = ""

    def __post_init__(self) -> None:
        if self.action not in ACTIONS:
            raise ValueError(f"unknown advice action {self.action!r}")

    @property
    def noun(self) -> str:
        """The field in plain words: ``card_color`` → ``card colour``."""
        return noun(self.field)


@dataclass(frozen=True)
class Setting:
    """An option (and its value) named inside a sentence (``-n 8`` on the command line);
    ``value`` may be a ``(low, high)`` range, or None to name the option alone."""

    field: str
    value: Any = None

    @property
    def noun(self) -> str:
        """The field in plain words: ``symbols_per_card`` → ``symbols per card``."""
        return noun(self.field)


# A sentence's parts: words (a Msg is said in the shell's language), the files it names (each
# shell names a file its own way: the CLI as given, the page by the upload's name) and records.
Part = str | Msg | Path | Advice | Setting
Words = Callable[[Advice | Setting], "str | None"]  # a shell's wording; None: not offered
Name = Callable[[Path], str]  # a shell's name for a file


def worded(parts: tuple[Part, ...], words: Words, name: Name = str, lang: str = ENGLISH) -> str:
    """The sentence of ``parts`` in ``lang`` with each record worded by ``words`` and each file
    named by ``name`` (an Advice worded None is left out with its lead)."""
    out = []

    def part(value: Any) -> str:
        return worded(tuple(value) if isinstance(value, tuple) else (value,), words, name, lang)

    for item in parts:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, Msg):
            out.append(said(item, lang, part))
        elif isinstance(item, Path):
            out.append(name(item))
        elif (wording := words(item)) is not None:
            lead = getattr(item, "lead", "")
            out.append((said(lead, lang) if isinstance(lead, Msg) else lead) + wording)
    return "".join(out)


# How plain words name the fields whose name is not their noun.
NOUNS = {
    "card": "cards",
    "card_color": "card colour",
    "font": "a font file of your own",
    "skip_bad": "skip_bad",
    "symbols_per_card": "symbols per card",
}


def noun(field: str) -> str:
    """The field in plain words: ``card_color`` → ``card colour``."""
    return NOUNS.get(field, field.replace("_", " "))


def plain(part: Advice | Setting) -> str:
    """A record in neutral words, for ``str()`` of errors and notices."""
    if isinstance(part, Setting):
        value = part.value
        shown = f"{value[0]} to {value[1]}" if isinstance(value, tuple) else value
        return noun(part.field) if value is None else f"{noun(part.field)} {shown}"
    said = {
        "set": f"set {noun(part.field)} to {part.value}",
        "use": f"use {noun(part.field)}",
        "leave_out": f"leave {noun(part.field)} out",
        "larger": f"larger {noun(part.field)}",
        "fewer": f"fewer {noun(part.field)}",
        "choose_another": f"choose another {noun(part.field)}",
    }
    return said[part.action]


def _parts(text: str | Msg | tuple[Part, ...], advice: tuple[Advice, ...]) -> tuple[Part, ...]:
    return ((text,) if isinstance(text, str | Msg) else tuple(text)) + tuple(advice)


def _files(file: Path | tuple[Path, ...] | None) -> tuple[Path, ...]:
    if file is None:
        return ()
    return (Path(file),) if isinstance(file, str | Path) else tuple(file)


class DobbleError(Exception):
    """A problem the user can fix: one sentence naming the file or option, and the remedy.

    Args:
        text: the problem in words, or its parts (words and :class:`Setting`/:class:`Advice`
            records) when a record sits inside the sentence.
        advice: what to do, after the text.
        file: the file (or files) it is about; each shell names it its own way, before the text.

    Attributes:
        parts: the sentence's parts, the advice last.
        advice: every :class:`Advice` in it.
        files: the files it is about; ``file`` the one file, when it is about one.
    """

    def __init__(
        self,
        text: str | Msg | tuple[Part, ...] = "",
        *,
        advice: tuple[Advice, ...] = (),
        file: Path | tuple[Path, ...] | None = None,
    ) -> None:
        self.parts = _parts(text, advice)
        self.advice = tuple(p for p in self.parts if isinstance(p, Advice))
        self.files = _files(file)
        super().__init__(self.words(plain, str))

    @property
    def file(self) -> Path | None:
        """The one file the problem is about, if it is about one."""
        return self.files[0] if len(self.files) == 1 else None

    def text(self, words: Words, name: Name, lang: str = ENGLISH) -> str:
        """The sentence without the files it is about, in ``lang``: records by ``words``, files
        it names by ``name``."""
        return worded(self.parts, words, name, lang)

    def words(self, words: Words, name: Name, lang: str = ENGLISH) -> str:
        """The sentence as a shell says it, in ``lang``: records by ``words``, files by
        ``name``."""
        where = ", ".join(map(name, self.files))
        return (f"{where}: " if where else "") + self.text(words, name, lang)


class OptionError(DobbleError):
    """An option's value the deck cannot take.

    Attributes:
        field: the option, as the public API names it (``safe_margin``, ``card``, ``backs``…).
        problem: the value and what is wrong with it, in plain words (the advice in neutral
            words), e.g. ``"30 mm leaves too little room on a 85 mm card; use at most 28.3 mm"``;
            ``str()`` puts the field's name in front.
    """

    def __init__(
        self,
        field: str,
        problem: str | Msg | tuple[Part, ...],
        *,
        advice: tuple[Advice, ...] = (),
        file: Path | tuple[Path, ...] | None = None,
    ) -> None:
        self.field = field
        super().__init__(problem, advice=advice, file=file)
        self.problem = worded(self.parts, plain)

    def words(
        self, words: Words, name: Name, lang: str = ENGLISH, *, label: str | None = None
    ) -> str:
        """The sentence as a shell says it, in ``lang``, its control's ``label`` first (the
        field's name in plain words when None). ``label`` is keyword-only so a call made on
        any :class:`DobbleError` (``words, name, lang``) means the same here."""
        where = ", ".join(map(name, self.files))
        line = f"{label or noun_of(self.field)} {self.text(words, name, lang)}"
        return f"{where}: {line}" if where else line


def noun_of(field: str) -> str:
    """How ``str()`` of an :class:`OptionError` names its field: ``safe_margin`` → ``safe
    margin``."""
    return field.replace("_", " ")


@dataclass(frozen=True)
class Notice:
    """A warning (or the plan's sentence) as a record: its words, files and records, and the
    one file it is about, so that a shell can show it beside that file.

    Attributes:
        parts: the sentence's parts (see :class:`DobbleError`), its files among them.
        file: the file it is about, if one (a picture left out, a duplicate).
        kind: ``"skipped"`` (a file left out of the deck: it cannot be read), ``"note"``, or
            ``"quiet"``: a note worth no line unless every file is named (``--verbose``): a
            hidden file passed over, a copy a warning counts already.
    """

    parts: tuple[Part, ...]
    file: Path | None = None
    kind: str = "note"

    def text(self, words: Words, name: Name, lang: str = ENGLISH) -> str:
        """The sentence in ``lang``: records by ``words``, files by ``name``."""
        return worded(self.parts, words, name, lang)

    def words(self, words: Words, name: Name, lang: str = ENGLISH) -> str:
        """The line as the CLI prints it (``skipped `` first for a file left out)."""
        line = self.text(words, name, lang)
        return said(N_("skipped {line}", line=line), lang) if self.kind == "skipped" else line

    def __str__(self) -> str:
        return self.words(plain, str)

    def beside(self) -> Notice:
        """This notice as said beside its file (a tile that already names it): without the
        leading ``file: ``."""
        parts = self.parts
        if self.file is None or len(parts) < 2 or parts[0] != self.file:
            return self
        after = parts[1]
        if not (isinstance(after, str) and after.startswith(": ")):
            return self
        rest = (after[2:],) if after[2:] else ()
        return Notice(rest + parts[2:], self.file, self.kind)

    def then(self, *parts: Part) -> Notice:
        """This notice with ``parts`` added at its end."""
        return Notice(self.parts + parts, self.file, self.kind)


def notice(text: str | Msg | tuple[Part, ...], *, file: Path | None = None, kind="note") -> Notice:
    """A :class:`Notice` of ``text`` (one string, or parts), after ``file: `` when it is about
    one."""
    return Notice(((file, ": ") if file is not None else ()) + _parts(text, ()), file, kind)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, said truthfully: ``written`` is whether the build's outputs were all put in place
    before it stopped (Ctrl-C is held back while they are, so it is all or none)."""

    def __init__(self, *, written: bool) -> None:
        super().__init__()
        self.written = written


def not_a_file(path) -> Msg:
    """Why ``path``, given as a file to read, is not one: a folder, a pipe or device, or
    nothing at all (one wording for every option that takes a file)."""
    if path.is_dir():
        return N_("is a folder")
    return N_("not a regular file (a pipe or a device)") if path.exists() else N_("no such file")


# What the operating system said, in the tool's own words (its strerror is English whatever the
# locale): by errno, the causes a user meets when reading pictures and writing a deck.
_SYSTEM_REASONS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOENT: N_("no such file or folder"),
    errno.ENOSPC: N_("no space left on the disk"),
    errno.EDQUOT: N_("over the disk quota"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many links in the path"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EEXIST: N_("a file of that name is in the way"),
    errno.EBUSY: N_("it is in use by another program"),
    errno.ETXTBSY: N_("it is in use by another program"),
    errno.EIO: N_("the disk could not be read or written"),
    errno.EMFILE: N_("too many files are open"),
    errno.ENFILE: N_("too many files are open"),
    errno.EINVAL: N_("the system refuses this name"),
}


def system_reason(exc: OSError) -> Msg:
    """Why the operating system refused, as a sentence to say in the user's language
    (``permission denied``), never its English ``strerror``; an errno the tool has no words for
    is named by its code (``error EXDEV``)."""
    said = _SYSTEM_REASONS.get(exc.errno) if exc.errno is not None else None
    if said is not None:
        return said
    code = errno.errorcode.get(exc.errno, str(exc.errno)) if exc.errno is not None else "?"
    return N_("system error {code}", code=code)
