"""Issue 60: Modern American Canasta's search for what was allowed instead, bounded alike on the
command line and the service, and an answer cut short said so wherever it is shown.

A faulty opening from a hand of sixty cards (a record of about 400 bytes) once cost `arbiter check`
141 s: the command line listed every legal action with no bound, and each try of this family's
search tried every discard without counting it as work. Now every try is a step of work in every
family, `arbiter check` spends at most `--work-budget` steps a game (50,000 by default, the
service's MAX_STEPS; `unlimited` lifts it), and a finding whose alternatives were cut says so: the
CLI's line, JSON's `alternatives_partial`, the service's rulings. Every command runs as a
subprocess, and every server, under a memory cap; no assertion is timed.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from service_support import Served, serving

import arbiter
from arbiter.engine import legal

MEMORY_CAP = 2 * 1024 * 1024 * 1024
TIMEOUT = 600
CUT = "the search stopped at its work budget: more may have been allowed"
SIXTY = (
    "4 4 4 4 4 5 5 5 5 5 6 6 6 6 6 7 7 7 7 7 8 8 8 8 8 9 9 9 9 9 10 10 10 10 10 "
    "J J J J J Q Q Q Q K K K K A A A A 2 2 2 2 X X X X"
)
POSITION = f"""[Rules "modern-american"]
[Seats "ann bob cid dee"]
[Teams "ann+cid bob+dee"]

hand 1 dealer dee
position
hold ann {SIXTY}
hold bob 5 7 K
hold cid J J A
hold dee 8 8 4
pile 6 Q
stock 37 cards
turn ann
"""
FAULTY_OPENING = POSITION + "ann: draw 9, meld [4 5 6], discard 5\n"
SMALL_FAULT = FAULTY_OPENING.replace(SIXTY, "4 4 4 5 5 5 9 J Q K A 2 X X").replace("stock 37", "stock 83")


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def arbiter_check(record: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).parent / "arbiter"), "check", str(record), *flags]
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, preexec_fn=_capped, env=env)


def _finding(done: subprocess.CompletedProcess[str]) -> dict[str, object]:
    finding: dict[str, object] = json.loads(done.stdout)["files"][0]["games"][0]["findings"][0]
    return finding


def test_a_faulty_opening_from_sixty_cards_is_judged_within_the_budget_and_says_it_was_cut(tmp_path: Path) -> None:
    record = tmp_path / "sixty.acn"
    record.write_text(FAULTY_OPENING, encoding="utf-8")
    assert record.stat().st_size < 450
    done = arbiter_check(record)
    assert done.returncode == 1, done.stderr[-2000:]
    assert "error[meld-rank]" in done.stdout and f"({CUT})" in done.stdout
    finding = _finding(arbiter_check(record, "--format", "json"))
    assert finding["alternatives_partial"] is True and finding["alternatives"]


def test_a_small_budget_cuts_a_small_hand_and_unlimited_lists_it_whole(tmp_path: Path) -> None:
    record = tmp_path / "small.acn"
    record.write_text(SMALL_FAULT, encoding="utf-8")
    cut = _finding(arbiter_check(record, "--format", "json", "--work-budget", "50"))
    whole = _finding(arbiter_check(record, "--format", "json", "--work-budget", "unlimited"))
    assert cut["alternatives_partial"] is True
    assert "alternatives_partial" not in whole
    assert isinstance(cut["alternatives_total"], int) and isinstance(whole["alternatives_total"], int)
    assert cut["alternatives_total"] < whole["alternatives_total"]
    assert CUT not in arbiter_check(record, "--work-budget", "unlimited").stdout


@pytest.mark.parametrize("budget", ["0", "-3", "lots"])
def test_a_work_budget_that_is_no_number_of_steps_is_a_usage_error(tmp_path: Path, budget: str) -> None:
    record = tmp_path / "small.acn"
    record.write_text(SMALL_FAULT, encoding="utf-8")
    done = arbiter_check(record, "--work-budget", budget)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "write a whole number of steps from 1, or unlimited" in done.stderr


def test_every_try_of_the_search_is_counted_as_work(monkeypatch: pytest.MonkeyPatch) -> None:
    tries: list[int] = []
    real_attempt = legal.attempt

    def counted(*args: object, **kwargs: object) -> legal.Attempt:
        tries.append(1)
        return real_attempt(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(legal, "attempt", counted)
    position = arbiter.Position.from_record(POSITION, hand=1, turn=1)
    position.push("draw 9")
    budget = arbiter.WorkBudget(steps=5_000)
    tries.clear()
    position.legal_actions(budget)
    assert budget.partial
    assert budget.spent >= len(tries)  # a step at least for each try (more for a large hand)


# --- the service --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("search"), memory_cap=MEMORY_CAP, REQUEST_TIME_LIMIT="600") as server:
        yield server


def test_a_ruling_on_the_service_says_its_alternatives_were_cut(served: Served) -> None:
    status, _, raw = served.request(
        "POST", "/api/v1/rulings", FAULTY_OPENING.encode(), {"Content-Type": "text/plain; charset=utf-8"}
    )
    assert status == 200, raw[:500]
    finding = json.loads(raw)["games"][0]["findings"][0]
    assert finding["code"] == "meld-rank"
    assert finding["alternatives_partial"] is True and finding["alternatives"]


def test_the_legal_actions_of_sixty_cards_list_what_was_found_and_say_partial(served: Served) -> None:
    body = json.dumps({"record": POSITION + "ann: draw 9\n", "game": 1, "hand": 1, "turn": 1, "actions": 1})
    status, _, raw = served.request(
        "POST", "/api/v1/legal-actions", body.encode(), {"Content-Type": "application/json"}
    )
    answer = json.loads(raw)
    assert status == 200, answer
    assert answer["partial"] is True
    assert answer["total"] > 0 and answer["total"] == sum(len(moves) for moves in answer["legal"].values())


def test_the_ruling_page_says_the_search_for_what_was_allowed_instead_was_cut(served: Served) -> None:
    form = urllib.parse.urlencode({"record": FAULTY_OPENING}).encode()
    status, headers, page = served.request("POST", "/", form, {"Content-Type": "application/x-www-form-urlencoded"})
    if status in (302, 303):  # a form that keeps what it made answers with where it is
        status, _, page = served.request("GET", urllib.parse.urlsplit(headers["location"]).path)
    assert status == 200, page[-1000:]
    said = page.decode()
    assert "Allowed instead" in said
    assert "The search stopped at its work budget: more may have been allowed." in said
