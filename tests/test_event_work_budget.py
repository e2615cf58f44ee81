"""Issue 60: `arbiter event check` and `arbiter event standings` judge each table's record within a
work budget, as `arbiter check` judges a game (`--work-budget`, 50,000 steps by default, the
service's MAX_STEPS; `unlimited` lifts it), and say where the search for what was allowed instead
was cut short. Every command runs as a subprocess under a memory cap; no assertion is timed."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from test_modern_american_search_bounds import CUT, FAULTY_OPENING, SMALL_FAULT

MEMORY_CAP = 2 * 1024 * 1024 * 1024
TIMEOUT = 600
EVENT = """name = "Wild night"
date = 2026-12-07
family = "modern-american"
movement = "round-robin"
rounds = 1
deals = 1
scoring = "total"
seed = 7
records = "round-{round}/table-{table}.acn"

[[pairs]]
number = 1
name = "Ann and Cid"
players = ["ann", "cid"]

[[pairs]]
number = 2
name = "Bob and Dee"
players = ["bob", "dee"]
"""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def event_with(folder: Path, record: str) -> Path:
    """A one-table event of Modern American Canasta whose table handed in `record`."""
    path = folder / "wild.event.toml"
    path.write_text(EVENT, encoding="utf-8")
    (folder / "round-1").mkdir()
    (folder / "round-1" / "table-1.acn").write_text(record, encoding="utf-8")
    return path


def arbiter_event(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).parent / "arbiter"), "event", *map(str, args)]
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        preexec_fn=_capped,
        env=env,
        stdin=subprocess.DEVNULL,
    )


def test_a_tables_faulty_opening_from_sixty_cards_is_judged_within_the_budget_and_says_it_was_cut(
    tmp_path: Path,
) -> None:
    done = arbiter_event("check", event_with(tmp_path, FAULTY_OPENING))
    assert done.returncode == 1, done.stderr[-2000:]
    assert "meld-rank" in done.stdout and f"({CUT})" in done.stdout


def test_a_small_budget_cuts_a_tables_search_and_unlimited_lists_it_whole(tmp_path: Path) -> None:
    event = event_with(tmp_path, SMALL_FAULT)
    cut = arbiter_event("check", event, "--work-budget", "50")
    whole = arbiter_event("check", event, "--work-budget", "unlimited")
    assert cut.returncode == whole.returncode == 1, (cut.stderr[-2000:], whole.stderr[-2000:])
    assert "card-not-held" in cut.stdout and f"({CUT})" in cut.stdout
    assert "allowed instead (after 1 action of turn 1): meld [" in whole.stdout and CUT not in whole.stdout


def test_the_standings_take_the_work_budget_too(tmp_path: Path) -> None:
    done = arbiter_event("standings", event_with(tmp_path, SMALL_FAULT), "--work-budget", "unlimited")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]


@pytest.mark.parametrize("budget", ["0", "lots"])
def test_a_work_budget_that_is_no_number_of_steps_is_a_usage_error(tmp_path: Path, budget: str) -> None:
    done = arbiter_event("check", event_with(tmp_path, SMALL_FAULT), "--work-budget", budget)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "write a whole number of steps from 1, or unlimited" in done.stderr
