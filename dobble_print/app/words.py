"""How the page words the engine's records: each option by its control's label (“Symbols per
card”), each :class:`~dobble_print.errors.Advice` as what to do on the page (choose 4 under
“Symbols per card”, untick “Names under the pictures”).

Advice about an option the page does not offer (a font file of one's own, skipping bad files,
which the page always does) is left out: the records say which option, so nothing here reads
the engine's English. Every sentence the page makes of the engine's records is worded here;
``label`` gives the page's name of a field's control, None when the page has none
(``settings.page_label``, from the option table).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from dobble_print import Advice, DobbleError, Notice, OptionError, Setting

Name = Callable[[Path], str]
Labels = Callable[[str], "str | None"]

# The options the page shows as a tick box: advice to turn one off says "untick".
TICKED = frozenset({"box", "labels", "rules"})


def wording(label: Labels) -> Callable[[Advice | Setting], str | None]:
    """The page's words for a record, its controls named by ``label``; None for advice about
    an option the page lacks."""

    def words(part: Advice | Setting) -> str | None:
        name = label(part.field)
        if isinstance(part, Setting):
            value = part.value
            shown = f"{value[0]} to {value[1]}" if isinstance(value, tuple) else value
            thing = f"“{name}”" if name else part.noun
            return thing if value is None else f"{thing} {shown}"
        if name is None:
            return None
        said = {
            "set": f"choose {part.value} under “{name}”",
            "use": f"tick “{name}”",
            "leave_out": f"untick “{name}”" if part.field in TICKED else f"clear “{name}”",
            "larger": f"larger {part.noun} (“{name}”)",
            "fewer": f"fewer {part.noun} (“{name}”)",
            "choose_another": f"choose another “{name}”",
        }
        return said[part.action]

    return words


def error_text(exc: DobbleError, name: Name, label: Labels) -> str:
    """An error as the page says it: an option's problem after its control's label, files by
    ``name``."""
    words = wording(label)
    if not isinstance(exc, OptionError):
        return exc.words(words, name)
    where = ", ".join(map(name, exc.files))
    said = f"{label(exc.field) or exc.field.replace('_', ' ')}: {exc.text(words, name)}"
    return f"{where}: {said}" if where else said


def notice_text(notice: Notice, name: Name, label: Labels) -> str:
    """A warning as the page says it (beside its file's tile, or under the plan)."""
    return notice.text(wording(label), name)


def error_field(exc: DobbleError, label: Labels) -> str | None:
    """The field whose control an error belongs beside: an option's own, else the first one
    its advice names that the page shows."""
    if isinstance(exc, OptionError):
        return exc.field
    return next((a.field for a in exc.advice if label(a.field)), None)
