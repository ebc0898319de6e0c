"""Errors and warnings as records (errors.py): ``str()`` is a whole sentence in plain words for
callers of the Python API; the records stay readable by each shell."""

from __future__ import annotations

from pathlib import Path

import pytest

from dobble_print import Advice, DobbleError, Notice, OptionError, Setting


def test_an_error_says_its_advice_in_plain_words_and_keeps_it_as_data():
    advice = Advice("leave_out", "labels", lead=", or ")
    exc = OptionError("labels", "needs pictures; add pictures", advice=(advice,))
    assert str(exc) == "labels needs pictures; add pictures, or leave labels out"
    assert (exc.field, exc.advice) == ("labels", (advice,))
    assert exc.problem == "needs pictures; add pictures, or leave labels out"


def test_an_error_about_one_file_names_it_first():
    exc = DobbleError("not a picture", file=Path("p/cat.png"))
    assert (str(exc), exc.file) == ("p/cat.png: not a picture", Path("p/cat.png"))
    both = DobbleError("too few", file=(Path("a"), Path("b")))
    assert (str(both), both.file, both.files) == ("a, b: too few", None, (Path("a"), Path("b")))


def test_a_notice_is_a_sentence_and_the_file_it_is_about():
    notice = Notice(
        (Path("p/b.png"), ": same pixels as ", Path("p/a.png"), "; used once"), Path("p/b.png")
    )
    assert str(notice) == "p/b.png: same pixels as p/a.png; used once"
    assert notice.then(" (twice)").parts[-1] == " (twice)"
    assert str(Setting("symbols_per_card", (9, 12)).noun) == "symbols per card"


def test_advice_of_no_known_action_is_a_bug():
    with pytest.raises(ValueError):
        Advice("remove", "labels")
