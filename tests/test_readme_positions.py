"""The README's "Positions and legal actions" session runs as it is shown (doctest)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"## {title}\n")
    return README[start : README.index("\n## ", start + 1)]


def test_the_readme_session_on_positions_runs_as_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the session opens samples/ by a relative path
    (session,) = re.findall(r"```pycon\n(.*?)```", section("Positions and legal actions"), re.S)
    test = doctest.DocTestParser().get_doctest(session, {}, "README: Positions and legal actions", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted >= 10 and results.failed == 0


def test_the_readme_session_on_the_editors_answer_runs_as_shown() -> None:
    (session,) = re.findall(r"```pycon\n(.*?)```", section("Lay out a disputed table"), re.S)
    test = doctest.DocTestParser().get_doctest(session, {}, "README: Lay out a disputed table", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted >= 6 and results.failed == 0
