"""The page's words for the engine's records (app/wording.py): each advice as what to do on the
page, by its control's label; advice about an option the page lacks left out, as data."""

from __future__ import annotations

from pathlib import Path

import pytest

from dobble_print import Advice, DobbleError, Notice, OptionError, Setting
from dobble_print.app.settings import page_label
from dobble_print.app.wording import error_field, error_text, notice_text, wording


@pytest.mark.parametrize(
    ("record", "said"),
    [
        (Advice("set", "symbols_per_card", 3), "choose 3 under “Symbols per card”"),
        (Advice("use", "labels"), "tick “Names under the pictures”"),
        (Advice("leave_out", "labels"), "untick “Names under the pictures”"),
        (Advice("leave_out", "box"), "untick “Add a box for the cards”"),
        (Advice("larger", "paper"), "larger paper (“Paper”)"),
        (Advice("fewer", "symbols_per_card"), "fewer symbols per card (“Symbols per card”)"),
        (Advice("choose_another", "card_color"), "choose another “Card colour”"),
        (Advice("use", "font"), None),  # the page takes no font file
        (Advice("use", "skip_bad"), None),  # the page always builds from the rest
        (Setting("symbols_per_card", 8), "“Symbols per card” 8"),
        (Setting("symbols_per_card", (9, 12)), "“Symbols per card” 9 to 12"),
    ],
)
def test_each_record_is_worded_as_the_page_control(record, said):
    assert wording(page_label)(record) == said


def _name(path: Path) -> str:
    return path.name


def test_advice_the_page_cannot_follow_is_left_out_with_its_joining_words():
    notice = Notice(
        (Path("/s/words.txt"), ':1: "猫" has characters no installed font has',
         Advice("use", "font", lead=" or "), " (lines 1, 2)"),
        Path("/s/words.txt"),
    )  # fmt: skip
    assert notice_text(notice, _name, page_label) == (
        'words.txt:1: "猫" has characters no installed font has (lines 1, 2)'
    )


def test_an_option_error_starts_with_the_controls_label_and_names_its_field():
    exc = OptionError("box", "does not fit; choose ", advice=(Advice("larger", "paper"),))
    assert error_text(exc, _name, page_label) == (
        "Add a box for the cards: does not fit; choose larger paper (“Paper”)"
    )
    assert error_field(exc, page_label) == "box"


def test_an_error_is_marked_at_the_control_its_advice_names():
    exc = DobbleError(
        "not enough",
        advice=(Advice("use", "font", lead=" or "), Advice("set", "cards", 7, lead=" or ")),
    )
    assert error_field(exc, page_label) == "cards"
    assert error_text(exc, _name, page_label) == "not enough or choose 7 under “Cards to print”"
    assert error_field(DobbleError("no advice"), page_label) is None


def test_a_file_is_named_by_the_pages_name_for_it():
    exc = DobbleError("not a picture", file=Path("/tmp/session/pictures/cat.png"))
    assert error_text(exc, _name, page_label) == "cat.png: not a picture"
