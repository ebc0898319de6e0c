"""The public Python API: the README's example runs as written and says what it built."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf

import dobble_print

REPO = Path(__file__).resolve().parent.parent


def _readme_example() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## From Python", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found is not None, "the README's section has no Python example"
    return found.group(1)


def test_the_readme_example_runs_and_builds_what_it_says(tmp_path, monkeypatch, capsys):
    """The example runs as a script would, in this process: compiled as a module of its own,
    with its own names, from a folder of its own (its relative output path lands there)."""
    example = compile(_readme_example(), "README.md", "exec")
    monkeypatch.chdir(tmp_path)
    exec(example, {"__name__": "__main__"})
    why, built = capsys.readouterr().out.splitlines()
    assert why.startswith("57 pictures, 6 per card: the full 31-card deck")
    doc = pymupdf.open(tmp_path / "hexagons.pdf")
    sheets = int(re.fullmatch(r"31 cards on (\d+) sheets", built).group(1))
    assert doc.page_count == sheets + 1  # and the cover page


def test_every_public_name_resolves_and_is_listed():
    for name in dobble_print.__all__:
        assert getattr(dobble_print, name) is not None
    assert "build" in dir(dobble_print)
