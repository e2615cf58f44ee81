"""An answer stays a small multiple of its question: the finding budget (arbiter.rulings.finding_budget).

A record of many tiny broken games once got a JSON answer 200 times its size and a page 480 times:
every game listed every finding, each with the same long message. Now findings past the budget
are counted, not listed, a message already said only points back to where it was, and the page
shows each game's first findings and a count of the rest.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from web_support import never_500  # noqa: F401 (a fixture, used by pytestmark)

import arbiter
from app import create_app
from arbiter import FindingBudget, within_budget
from arbiter_cli.main import cli

pytestmark = pytest.mark.usefixtures("never_500")

RULINGS = "/api/v1/rulings"
AMPLIFICATION = 20  # the answer is at most this many times the request ...
FIXED_CAP = 1024 * 1024  # ... or at most this many bytes


def junk_games(games: int = 1000, junk: int = 100) -> str:
    """The issue's shape: each game a tag, a hand line and `junk` lines that are not notation."""
    return "".join(f'[Event "g{n}"]\nhand 1 dealer ann\n' + "x\n" * junk for n in range(games))


def bad_cards_games(games: int = 300) -> str:
    """Each game's deal lines full of cards that do not exist: a finding per line, each message
    naming its own word."""
    lines = "".join(f"deal ann {n}Z 4 4\n" for n in range(30))
    return "".join(f'[Event "g{n}"]\nhand 1 dealer ann\n' + lines for n in range(games))


def long_lines_games(games: int = 4) -> str:
    """Lines over the notation's length limit, each a finding quoting some of the line."""
    return "".join(f'[Event "g{n}"]\n' + ("y" * 10_050 + "\n") * 20 for n in range(games))


def tags_only_games(games: int = 1000) -> str:
    """The most games for the fewest bytes: an unknown rule set and a hand line per game."""
    return "".join(f'[Rules "z{n}"]\nhand 1 dealer a\n' for n in range(games))


SHAPES = {
    "the issue's junk games": junk_games,
    "unknown cards": bad_cards_games,
    "over-long lines": long_lines_games,
    "tag-only games": tags_only_games,
}


def _bounded(request: int, answer: int) -> bool:
    return answer <= max(AMPLIFICATION * request, FIXED_CAP)


# --- the core ----------------------------------------------------------------------------------


def test_findings_past_the_budget_are_counted_not_listed_and_still_decide_the_verdict() -> None:
    rulings = list(within_budget(arbiter.check(junk_games(games=30, junk=10)), FindingBudget(total=25, per_game=20)))
    assert [len(r.findings) for r in rulings[:3]] == [10, 10, 5]
    assert all(not r.findings for r in rulings[3:])
    assert all(r.verdict == "malformed" for r in rulings)
    assert sum(len(r.findings) + sum(r.unlisted.values()) for r in rulings) == 300
    summary = arbiter.summarize(rulings)
    assert (summary["errors"], summary["unlisted"]) == (300, 275)


def test_a_game_lists_at_most_its_share_however_much_budget_is_left() -> None:
    (ruling,) = within_budget(arbiter.check(junk_games(games=1, junk=50)), FindingBudget(total=1000, per_game=7))
    assert len(ruling.findings) == 7
    assert ruling.unlisted == {"error": 43}
    assert ruling.to_dict()["unlisted"] == 43


def test_a_repeated_message_is_said_once_and_pointed_back_to_after() -> None:
    rulings = list(within_budget(arbiter.check(junk_games(games=2, junk=3))))
    first, *later = [f for r in rulings for f in r.findings]
    assert first.repeats is None and len(first.message) > 40
    assert [f.message for f in later] == ["as at line 3", "as at line 3", *["as at line 3 of game 1"] * 3]
    assert later[-1].to_dict()["repeats"] == {"game": 1, "line": 3, "column": first.column}
    assert "repeats" not in first.to_dict()


def test_no_budget_lists_everything_as_checked() -> None:
    record = junk_games(games=3, junk=5)
    listed = list(within_budget(arbiter.check(record), arbiter.rulings.finding_budget.UNLIMITED))
    assert [r.to_dict() for r in listed] == [r.to_dict() for r in arbiter.check(record)]


# --- the web service ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shared_app() -> Any:
    """One app for the file (each test its own client): made once."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(shared_app: Any) -> Any:
    return shared_app.test_client()


@pytest.mark.parametrize("shape", SHAPES, ids=list(SHAPES))
def test_the_json_answer_stays_within_its_bound(client: Any, shape: str) -> None:
    record = SHAPES[shape]()
    body = json.dumps({"record": record}).encode()
    response = client.post(RULINGS, data=body, content_type="application/json")
    assert response.status_code == 200
    assert _bounded(len(body), len(response.data)), f"{len(response.data):,} bytes for {len(body):,}"
    summary = response.get_json()["summary"]
    listed = sum(len(g["findings"]) for g in response.get_json()["games"])
    assert listed <= arbiter.rulings.finding_budget.DEFAULT_MAX_FINDINGS
    assert summary["errors"] + summary["warnings"] == listed + summary["unlisted"]


@pytest.mark.parametrize("shape", SHAPES, ids=list(SHAPES))
def test_the_page_stays_within_its_bound(client: Any, shape: str) -> None:
    record = SHAPES[shape]()
    response = client.post("/", data={"record": record})
    assert response.status_code == 200
    request_size = len(record.encode())
    assert _bounded(request_size, len(response.data)), f"{len(response.data):,} bytes for {request_size:,}"


def test_the_page_shows_a_games_first_findings_and_counts_the_rest(client: Any) -> None:
    response = client.post("/", data={"record": junk_games(games=1, junk=25)})
    page = response.get_data(as_text=True)
    assert "<h3>25 findings</h3>" in page
    assert "15 more findings not shown" in page
    assert page.count('<li class="finding ') == 10


def test_the_budget_is_configurable(client: Any) -> None:
    small = create_app({"TESTING": True, "MAX_FINDINGS": 3, "MAX_GAME_FINDINGS": 2}).test_client()
    games = small.post(RULINGS, data=junk_games(games=2, junk=4), content_type="text/plain").get_json()["games"]
    assert [(len(g["findings"]), g["unlisted"]) for g in games] == [(2, 2), (1, 3)]


# --- the command line --------------------------------------------------------------------------


def test_arbiter_check_lists_a_files_findings_within_the_budget(tmp_path: Any) -> None:
    path = tmp_path / "junk.acn"
    path.write_text(junk_games(games=20, junk=100), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--format", "json", str(path)])
    document = json.loads(result.output)
    games = document["files"][0]["games"]
    assert sum(len(g["findings"]) for g in games) == arbiter.rulings.finding_budget.DEFAULT_MAX_FINDINGS
    assert sum(g["unlisted"] for g in games) == 2000 - arbiter.rulings.finding_budget.DEFAULT_MAX_FINDINGS
    assert document["summary"]["errors"] == 2000
    assert document["summary"]["unlisted"] == 2000 - arbiter.rulings.finding_budget.DEFAULT_MAX_FINDINGS
    text = CliRunner().invoke(cli, ["check", str(path)]).output
    assert "game 20 (line 1939, caliente): 100 more findings not listed (finding budget)" in text
    assert text.rstrip().endswith("2000 errors, 0 warnings")


def test_a_bad_line_repeated_gets_the_same_finding_on_each_of_its_lines() -> None:
    """The reader remembers a line found not to be notation, with its explanation."""
    from arbiter.notation import forget_lines

    forget_lines()
    record = '[Event "x"]\nhand 1 dealer ann\n' + "ann draw 8\n" * 5 + "dela ann 4 4\n" * 3
    (ruling,) = within_budget(arbiter.check(record), arbiter.rulings.finding_budget.UNLIMITED)
    found = [(f.line, f.column, f.code, f.message) for f in ruling.findings]
    assert [line for line, *_ in found] == list(range(3, 11))
    assert len({f[1:] for f in found[:5]}) == 1  # the same column, code and message on each line
    assert len({f[1:] for f in found[5:]}) == 1 and found[5][1:] != found[0][1:]
