"""How the page words the engine's records: each option by its control's label (“Symbols per
card”), each :class:`~dobble_print.errors.Advice` as what to do on the page (choose 4 under
“Symbols per card”, untick “Names under the pictures”).

Advice about an option the page does not offer (a font file of one's own, skipping bad files,
which the page always does) is left out: the records say which option, so nothing here reads
the engine's English. Every sentence the page makes of the engine's records is worded here;
``label`` gives the page's name of a field's control, None when the page has none
(``settings.labels``, from the option table); ``lang`` is the page's language.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from dobble_print import Advice, DobbleError, Notice, OptionError, Setting
from dobble_print.app.catalogue import N_, page_words

Name = Callable[[Path], str]
Labels = Callable[[str], "str | None"]

# The options the page shows as a tick box: advice to turn one off says "untick".
TICKED = frozenset({"box", "labels", "rules"})
# The nouns of the fields an Advice asks to make larger or fewer, in words to translate (the
# command line's too); another field says its plain name.
NOUNS = {
    "card": N_("cards"),
    "paper": N_("paper"),
    "symbols_per_card": N_("symbols per card"),
    "cards": N_("cards"),
}


def wording(label: Labels, lang: str = "en") -> Callable[[Advice | Setting], str | None]:
    """The page's words for a record in ``lang``, its controls named by ``label``; None for
    advice about an option the page lacks."""
    _ = page_words(lang).gettext

    def words(part: Advice | Setting) -> str | None:
        name = label(part.field)
        if isinstance(part, Setting):
            value = part.value
            if isinstance(value, tuple):
                shown = _("{low} to {high}").format(low=value[0], high=value[1])
            else:
                shown = value
            thing = f"“{name}”" if name else _(NOUNS.get(part.field, part.noun))
            return thing if value is None else f"{thing} {shown}"
        if name is None:
            return None
        noun = _(NOUNS.get(part.field, part.noun))
        said = {
            "set": lambda: _("choose {value} under “{name}”").format(value=part.value, name=name),
            "use": lambda: _("tick “{name}”").format(name=name),
            "leave_out": lambda: (
                _("untick “{name}”") if part.field in TICKED else _("clear “{name}”")
            ).format(name=name),
            "larger": lambda: _("larger {noun} (“{name}”)").format(noun=noun, name=name),
            "fewer": lambda: _("fewer {noun} (“{name}”)").format(noun=noun, name=name),
            "choose_another": lambda: _("choose another “{name}”").format(name=name),
        }
        return said[part.action]()

    return words


def error_text(exc: DobbleError, name: Name, label: Labels, lang: str = "en") -> str:
    """An error as the page says it in ``lang``: an option's problem after its control's
    label, files by ``name``."""
    _ = page_words(lang).gettext
    words = wording(label, lang)
    if not isinstance(exc, OptionError):
        return exc.words(words, name, lang)
    where = ", ".join(map(name, exc.files))
    said = _("{label}: {text}").format(
        label=label(exc.field) or exc.field.replace("_", " "), text=exc.text(words, name, lang)
    )
    return _("{files}: {text}").format(files=where, text=said) if where else said


def notice_text(notice: Notice, name: Name, label: Labels, lang: str = "en") -> str:
    """A warning as the page says it in ``lang`` (beside its file's tile, or under the plan)."""
    return notice.text(wording(label, lang), name, lang)


def error_field(exc: DobbleError, label: Labels) -> str | None:
    """The field whose control an error belongs beside: an option's own, else the first one
    its advice names that the page shows."""
    if isinstance(exc, OptionError):
        return exc.field
    return next((a.field for a in exc.advice if label(a.field)), None)
