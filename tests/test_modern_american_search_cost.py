"""Issue 60: Modern American Canasta's search costs what another family's does.

A faulty opening from fourteen cards of which seven are jokers and deuces (a record of 258 bytes)
once cost `arbiter check` 9-12 s, and listing what that hand may do tried 199,865 actions where
Classic Canasta tries about 2,200 for the same cards: every meld of wild cards led the search for a
legal end of the turn through every way of laying the rest of the wilds, each failing the
opening's clean triple or its wild split at the discard, and every discard was tried where one
stands for them all. Now the search gives up an opening that can no longer be made
(`Config.opening_reachable`), tries the melds that would make it first, and tries one discard the
policy allows. Each record is checked by the real CLI as a subprocess under a memory cap (no
timed assertion); the work is counted in steps (arbiter/engine/work.py); the service lists what it
found and says when it was cut.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from mac_wild_records import FOURTEEN, FOURTEEN_FAULT, FOURTEEN_WILDS, SIXTY, SIXTY_FAULT, SIXTY_WILDS, position
from service_support import Served, serving

import arbiter

MEMORY_CAP = 2 * 1024 * 1024 * 1024
TIMEOUT = 600
CUT = "the search stopped at its work budget: more may have been allowed"
ALIKE = 3
"""How many times Classic Canasta's steps this family's listing may take for the same cards."""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def arbiter_check(record: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).parent / "arbiter"), "check", str(record), *flags]
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, preexec_fn=_capped, env=env)


def _finding(done: subprocess.CompletedProcess[str]) -> dict[str, object]:
    finding: dict[str, object] = json.loads(done.stdout)["files"][0]["games"][0]["findings"][0]
    return finding


def _listed(record: str, steps: int | None) -> tuple[list[arbiter.Action], arbiter.WorkBudget]:
    """What ann may do after drawing, with the work it took."""
    here = arbiter.Position.from_record(record, hand=1, turn=1)
    here.push("draw 9")
    budget = arbiter.WorkBudget(steps=steps, actions=None)
    return here.legal_actions(budget), budget


# --- the command line ---------------------------------------------------------------------------


def test_a_faulty_opening_from_fourteen_cards_of_wilds_is_judged_with_every_alternative_in_the_budget(
    tmp_path: Path,
) -> None:
    record = tmp_path / "wilds.acn"
    record.write_text(FOURTEEN_FAULT, encoding="utf-8")
    assert record.stat().st_size < 300
    done = arbiter_check(record)
    assert done.returncode == 1, done.stderr[-2000:]
    assert "error[meld-rank] [4 5 9]" in done.stdout and "allowed instead" in done.stdout
    assert CUT not in done.stdout  # the default budget (the service's) now holds the whole search
    within = _finding(arbiter_check(record, "--format", "json"))
    whole = _finding(arbiter_check(record, "--format", "json", "--work-budget", "unlimited"))
    assert "alternatives_partial" not in within
    assert within["alternatives_total"] == whole["alternatives_total"]
    assert within["alternatives"] == whole["alternatives"]


def test_a_faulty_opening_from_sixty_cards_with_every_wild_ends_with_its_finding_and_says_it_was_cut(
    tmp_path: Path,
) -> None:
    record = tmp_path / "sixty.acn"
    record.write_text(SIXTY_FAULT, encoding="utf-8")
    done = arbiter_check(record)
    assert done.returncode == 1, done.stderr[-2000:]
    assert "error[meld-rank] [4 5 9]" in done.stdout and f"({CUT})" in done.stdout
    finding = _finding(arbiter_check(record, "--format", "json"))
    assert finding["alternatives_partial"] is True and finding["alternatives"]
    assert finding["alternatives_total"] == len(_listed(SIXTY, 50_000)[0])


# --- the work, counted --------------------------------------------------------------------------


def test_listing_what_fourteen_cards_of_wilds_allow_takes_the_steps_classic_takes() -> None:
    actions, work = _listed(FOURTEEN, None)
    _, classic = _listed(position(FOURTEEN_WILDS, 83, "classic"), None)
    assert actions and not work.partial
    assert work.spent <= ALIKE * classic.spent  # was 207,296 steps (classic: 7,384)


def test_every_action_listed_for_sixty_cards_within_the_budget_is_legal() -> None:
    actions, work = _listed(SIXTY, 50_000)
    assert work.partial
    here = arbiter.Position.from_record(SIXTY, hand=1, turn=1)
    here.push("draw 9")
    assert len(actions) > 100  # within the same 50,000 steps the search once settled three
    assert all(here.is_legal(action.text) for action in actions[:40])


def test_an_opening_that_can_no_longer_hold_its_clean_triple_is_refused_where_it_is_made() -> None:
    here = arbiter.Position.from_record(FOURTEEN, hand=1, turn=1)
    here.push("draw 9")
    # 120 points laid, and no three naturals of a rank left to make the clean triple with: once
    # allowed, as a search through every way of laying the five wilds left could not settle it
    assert not here.is_legal("meld [4 4 X] [5 5 X]")
    assert here.is_legal("meld [4 4 X] [5 5 5]")


def test_a_mixed_canasta_laid_first_is_still_allowed_where_a_splash_will_open_the_side() -> None:
    here = arbiter.Position.from_record(position("5 5 5 5 5 2 X A A A A A A A", 83), hand=1, turn=1)
    here.push("draw 9")
    # barred from an opening, unless a natural canasta from hand opens it whatever it holds
    assert "meld [5 5 5 5 5 2 X]" in [action.text for action in here.legal_actions()]
    here.push("meld [5 5 5 5 5 2 X]")
    assert here.is_legal("meld [A A A A A A A]")


# --- the service --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("cost"), memory_cap=MEMORY_CAP, REQUEST_TIME_LIMIT="600") as server:
        yield server


def _post(served: Served, path: str, body: bytes, kind: str) -> dict[str, object]:
    status, _, raw = served.request("POST", path, body, {"Content-Type": kind})
    assert status == 200, raw[:500]
    answer: dict[str, object] = json.loads(raw)
    return answer


def _legal(served: Served, record: str) -> dict[str, object]:
    body = json.dumps({"record": record + "ann: draw 9\n", "game": 1, "hand": 1, "turn": 1, "actions": 1})
    return _post(served, "/api/v1/legal-actions", body.encode(), "application/json")


def _ruling(served: Served, record: str) -> dict[str, object]:
    answer = _post(served, "/api/v1/rulings", record.encode(), "text/plain; charset=utf-8")
    games = answer["games"]
    assert isinstance(games, list)
    finding: dict[str, object] = games[0]["findings"][0]
    return finding


def test_the_service_lists_every_action_of_fourteen_cards_of_wilds_as_the_command_line_does(
    served: Served, tmp_path: Path
) -> None:
    answer = _legal(served, FOURTEEN)
    legal = answer["legal"]
    assert isinstance(legal, dict) and answer["partial"] is False
    assert answer["total"] == sum(len(moves) for moves in legal.values()) == len(_listed(FOURTEEN, None)[0])
    finding = _ruling(served, FOURTEEN_FAULT)
    record = tmp_path / "wilds.acn"
    record.write_text(FOURTEEN_FAULT, encoding="utf-8")
    said = _finding(arbiter_check(record, "--format", "json"))
    assert "alternatives_partial" not in finding
    assert finding["alternatives_total"] == said["alternatives_total"]  # once 44 here and 78 there


def test_the_service_cut_on_sixty_cards_of_wilds_lists_what_it_found_and_says_partial(served: Served) -> None:
    answer = _legal(served, SIXTY)
    legal = answer["legal"]
    assert isinstance(legal, dict) and answer["partial"] is True
    total = answer["total"]
    assert isinstance(total, int) and total > 0 and total == sum(len(moves) for moves in legal.values())
    finding = _ruling(served, SIXTY_FAULT)
    assert finding["code"] == "meld-rank"
    assert finding["alternatives_partial"] is True and finding["alternatives"]


def test_the_editor_cut_on_sixty_cards_of_wilds_lists_the_melds_it_found_and_says_it_stopped(served: Served) -> None:
    query = {"rules": "modern-american", "hold.ann": SIXTY_WILDS, "hold.bob": "5 7 K", "hold.cid": "J J A"}
    query |= {"hold.dee": "8 8 4", "pile": "6 Q", "turn": "ann", "move": "draw 9", "do": "moves"}
    status, _, raw = served.request("GET", "/editor?" + urlencode(query))
    page = raw.decode()
    assert status == 200, page[-1000:]
    assert "stopped at the server&#39;s limit on work" in page
    assert page.count("meld [") >= 20  # once one move; three at most within the same budget
