"""Hypothesis over what people type: word lists, a vocabulary file's cells, option strings.

Whatever comes in, ``plan`` answers with a plan (exit 0) or one plain line (exit 1): never a
traceback, a Python class name or "internal error" (issue 35). ``plan`` runs the same reading and
checks as ``build`` before any layout, so each example takes milliseconds.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dobble_print.cli import app

runner = CliRunner()
FUZZ = settings(
    max_examples=20,  # a plan of a word list with unusual scripts takes ~0.3 s
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
WORDS = "cat\ndog\nsun\nmoon\ntree\nfish\nbird\n"
# What a bug looks like when it reaches a user: a traceback, a class name, the catch-all.
BUG = re.compile(r"Traceback|internal error|Error\(|Exception|\w+Error\b")

# Cells: letters of every script, digits, punctuation, spaces, tabs, emoji, control characters,
# bidi marks and lone surrogates' neighbours: what a spreadsheet or a phone can put in a file.
CELL = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=0, max_size=40)


def _answer(args: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, args)
    out = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), out
    assert result.exit_code in (0, 1), (result.exit_code, out)
    assert not BUG.search(out), out
    if result.exit_code == 1:
        assert len(out.strip().splitlines()) == 1, out
        assert out.startswith("dobble-print: error: "), out
    return result.exit_code, out


@FUZZ
@given(
    lines=st.lists(CELL, max_size=30), encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16"])
)
def test_any_word_list_is_planned_or_refused_in_one_line(tmp_path_factory, lines, encoding):
    path = tmp_path_factory.mktemp("words") / "words.txt"
    path.write_bytes("\n".join(lines).encode(encoding, "surrogatepass"))
    _answer(["plan", str(path)])


@FUZZ
@given(
    header=st.lists(CELL, min_size=1, max_size=4),
    rows=st.lists(st.lists(CELL, min_size=1, max_size=4), max_size=20),
    sep=st.sampled_from([",", ";", "\t"]),
)
def test_any_vocabulary_file_is_planned_or_refused_in_one_line(tmp_path_factory, header, rows, sep):
    path = tmp_path_factory.mktemp("vocab") / "vocab.csv"
    text = "\n".join(sep.join(cells) for cells in [header, *rows]) + "\n"
    path.write_text(text, encoding="utf-8")
    _answer(["plan", str(path)])


OPTIONS = ["-n", "--cards", "--card-size", "--shape", "--safe-margin", "--preset", "--faces"]
VALUE = st.one_of(
    CELL,
    st.from_regex(r"-?[0-9]{0,6}(\.[0-9]{0,3})?(mm|cm|in|pt|MM|)?", fullmatch=True),
    st.sampled_from(["0", "-1", "1e9", "nan", "inf", "85mm", "0mm", "99999mm", "classic", "x"]),
)


@settings(FUZZ, max_examples=60)  # refused in milliseconds
@given(option=st.sampled_from(OPTIONS), value=VALUE)
@example(option="--preset", value="\n")  # found by a clean clone's run: the value's line break
@example(option="--shape", value="round\nsquare")  # was printed, making the line two
def test_any_option_value_is_planned_or_refused_in_one_line(tmp_path_factory, option, value):
    path = tmp_path_factory.mktemp("opt") / "words.txt"
    path.write_text(WORDS, encoding="utf-8")
    _answer(["plan", str(path), option, value])


def test_the_checks_above_can_fail(tmp_path: Path):
    """A usage error (exit 2, several lines of typer's own words) is what they refuse."""
    path = tmp_path / "words.txt"
    path.write_text(WORDS, encoding="utf-8")
    with pytest.raises(AssertionError):
        _answer(["plan", str(path), "--no-such-option"])
