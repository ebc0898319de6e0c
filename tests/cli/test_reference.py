"""The option reference (``docs/options.md``, ``docs/options.fr.md``, …) is the option table as
it is today, in every language: made again in memory and compared with the committed files
(``make docs`` writes them)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dobble_print import BY_NAME, ENGLISH, LANGUAGES, OPTIONS
from dobble_print.cli.reference import file_name, reference

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_committed_reference_is_the_table_as_it_is(lang):
    committed = DOCS / file_name(lang)
    assert committed.exists(), f"{committed.name} is missing: run make docs"
    assert committed.read_text(encoding="utf-8") == reference(lang), (
        f"{committed.name} is stale: run make docs"
    )


def test_a_changed_entry_changes_the_reference():
    """What the comparison above stands on: an entry's range, default and help all show."""
    margin = dataclasses.replace(
        BY_NAME["margin"], high=40, default="7mm", help="Kept clear on every side, planted."
    )
    options = [margin if o.name == "margin" else o for o in OPTIONS]
    text = reference(ENGLISH, options)
    assert text != reference(ENGLISH)
    entry = text.split("### `--margin`", 1)[1].split("###", 1)[0]
    assert "Kept clear on every side, planted." in entry
    assert "- Default: `7mm`" in entry
    assert "- Values: a length from 0 to 40 mm" in entry


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_option_of_the_table_has_its_entry(lang):
    """An option of a group the reference has no heading for would be left out silently."""
    text = reference(lang)
    headings = [line for line in text.splitlines() if line.startswith("### ")]
    assert len(headings) == len(OPTIONS)
    for option in OPTIONS:
        assert any(f"`{option.flags[-1]}`" in h for h in headings), option.name


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {ENGLISH}))
def test_the_help_is_said_in_the_language(lang):
    """Each option's help comes through the catalogue: no English help sentence is left."""
    english, text = reference(ENGLISH), reference(lang)
    helps = [part.split("\n\n", 2)[1] for part in english.split("\n### ")[1:]]
    assert len(helps) == len(OPTIONS)
    assert [h for h in helps if h in text] == []
    assert "Values:" not in text and "Commands:" not in text
