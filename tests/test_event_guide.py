"""docs/event.md and the library stay in step: the guide's examples run as written, and every
code and key the guide documents is the library's."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from arbiter.event import TABLE_CODES
from arbiter.event.model import DEFAULT_VICTORY_POINTS, MOVEMENTS, SCORINGS, TOP_KEYS

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "event.md").read_text(encoding="utf-8")


def test_every_example_of_the_guide_runs_as_written(monkeypatch):
    monkeypatch.chdir(ROOT)
    blocks = re.findall(r"```pycon\n(.*?)```", GUIDE, re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "docs/event.md", "docs/event.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out: list[str] = []
    runner.run(test, out=out.append)
    assert blocks and runner.failures == 0, "".join(out)


def test_the_guide_names_every_key_movement_scoring_and_code():
    for word in (*TOP_KEYS, *MOVEMENTS, *SCORINGS, *TABLE_CODES):
        assert f"`{word}`" in GUIDE or f"{word} =" in GUIDE or f"[[{word}]]" in GUIDE, word


def test_the_guide_shows_the_default_victory_point_scale():
    winners = " | ".join(str(step.winner) for step in DEFAULT_VICTORY_POINTS)
    assert f"| winner | {winners} |" in GUIDE
