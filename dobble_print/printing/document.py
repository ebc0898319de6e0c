"""What a PDF the tool writes says of itself: its title, subject and keywords in the deck's
language, and that language (the catalog's ``/Lang``), which screen readers, print dialogs and
file browsers show and read aloud."""

from __future__ import annotations

from dataclasses import dataclass

from dobble_print.language import words


def _(text: str) -> str:
    """Marks ``text`` for the catalogues (pybabel finds ``_``); :func:`words` says it."""
    return text


# What each file is, said in the deck's language (its subject).
_SUBJECTS = {
    # TRANSLATORS: a PDF's subject, shown by viewers under Document Properties
    "deck": _("Spot it!/Dobble card deck: any two cards share exactly one symbol"),
    # TRANSLATORS: a PDF's subject, shown by viewers under Document Properties
    "shop cards": _("The cards for a print shop, one a page, with their cut line"),
    # TRANSLATORS: a PDF's subject, shown by viewers under Document Properties
    "card printer": _("The cards for a card printer, each front followed by its back"),
    # TRANSLATORS: a PDF's subject, shown by viewers under Document Properties
    "shop backs": _("The card backs for a print shop, one a page"),
}


# TRANSLATORS: a PDF's keywords, comma-separated
_KEYWORDS = _("Spot it!, Dobble, card game, print and play")
_DEFAULT_TITLE = _("Your Spot it! card deck")


@dataclass(frozen=True)
class DocumentInfo:
    """A PDF's description of itself.

    Attributes:
        title: the deck's title (``--title``), else the language's name for a deck.
        subject: what the file is, in ``lang``.
        keywords: comma-separated, in ``lang``.
        lang: the language of the file's words, as a BCP 47 tag (``fr``).
    """

    title: str
    subject: str
    keywords: str
    lang: str


def document_info(kind: str, *, title: str | None = None, lang: str = "en") -> DocumentInfo:
    """The description of a PDF of ``kind`` (``deck``, ``shop cards``, ``card printer``,
    ``shop backs``) for a deck called ``title`` (None: the default), in ``lang``."""
    t = words(lang)
    return DocumentInfo(
        title=title or t.gettext(_DEFAULT_TITLE),
        subject=t.gettext(_SUBJECTS[kind]),
        keywords=t.gettext(_KEYWORDS),
        lang=lang,
    )
