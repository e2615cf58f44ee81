"""docs/library.md and the library stay in step: the guide's examples are run, in order, as one
session (each may use what an earlier one made), and what they print is what the guide says."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```pycon\n(.*?)```", GUIDE, re.S)


def test_the_guide_has_examples_for_every_part():
    assert len(BLOCKS) >= 10
    for call in ("Position.deal", "legal_actions()", ".push(", "from_record", "alternatives", "read_games"):
        assert call in GUIDE, call


def test_every_example_of_the_guide_runs_as_written(monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples open samples/ as a reader in the repository would
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(BLOCKS), {}, "docs/library.md", "docs/library.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out: list[str] = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)
