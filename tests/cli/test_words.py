"""The command line's words for the engine's records (cli/wording.py): each advice as what to
type, each option by its flag, exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from dobble_print import Advice, DobbleError, Notice, OptionError, Setting
from dobble_print.cli.wording import error_line, notice_line, words


@pytest.mark.parametrize(
    ("record", "said"),
    [
        (Advice("set", "symbols_per_card", 3), "use -n 3"),
        (Advice("set", "paper", "a3"), "use --paper a3"),
        (Advice("use", "font"), "use --font"),
        (Advice("use", "skip_bad"), "use --skip-bad"),
        (Advice("leave_out", "labels"), "leave --labels out"),
        (Advice("larger", "card"), "larger cards (--card-size)"),
        (Advice("larger", "paper"), "larger paper (--paper)"),
        (Advice("fewer", "symbols_per_card"), "fewer symbols per card (-n)"),
        (Advice("choose_another", "card_color"), "choose another --card-color"),
        (Setting("symbols_per_card", 8), "-n 8"),
        (Setting("symbols_per_card", (9, 12)), "-n 9 to -n 12"),
        (Setting("faces"), "--faces"),
    ],
)
def test_each_record_is_worded_as_what_to_type(record, said):
    assert words(record) == said


def test_an_error_with_advice_is_one_line_in_flags():
    exc = DobbleError(
        (Setting("symbols_per_card", 8), " needs more pictures; add 44 pictures"),
        advice=(Advice("set", "symbols_per_card", 4, lead=" or "),),
        file=Path("photos"),
    )
    assert error_line(exc) == "photos: -n 8 needs more pictures; add 44 pictures or use -n 4"
    assert str(exc) == (
        "photos: symbols per card 8 needs more pictures; add 44 pictures or set symbols per "
        "card to 4"
    )


def test_an_option_error_starts_with_its_flag():
    exc = OptionError(
        "labels", "needs pictures", advice=(Advice("leave_out", "labels", lead="; "),)
    )
    assert error_line(exc) == "--labels needs pictures; leave --labels out"


def test_a_skipped_file_is_said_as_skipped():
    notice = Notice((Path("p/x.png"), ": empty file (0 bytes)"), Path("p/x.png"), "skipped")
    assert notice_line(notice) == "skipped p/x.png: empty file (0 bytes)"
