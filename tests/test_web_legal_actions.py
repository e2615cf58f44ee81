"""POST /api/v1/legal-actions: what the player to play may do at a moment of a record, as the
library's `Position.from_record(...).legal_actions()` says, through Flask's test client and through
a real `arbiter serve`."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import never_500  # noqa: F401 (a fixture, used by pytestmark)

import arbiter
from app import create_app

pytestmark = pytest.mark.usefixtures("never_500")

LEGAL = "/api/v1/legal-actions"
SAMPLES = Path(__file__).parent.parent / "samples"
EXAMPLE = (SAMPLES / "caliente-scoring-example.acn").read_text(encoding="utf-8")
NO_KING = EXAMPLE.replace("dee: draw Q, meld [7 7 7], discard Q", "dee: draw Q, meld [7 7 7], discard K")


@pytest.fixture(scope="module")
def shared_app() -> Any:
    """One app for the file (each test its own client): made once, its pages rendered once."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(shared_app: Any) -> Any:
    return shared_app.test_client()


def ask(client: Any, **body: Any) -> Any:
    return client.post(LEGAL, json=body)


def flat(legal: dict[str, list[str]]) -> list[str]:
    return [text for texts in legal.values() for text in texts]


def test_the_legal_actions_at_a_turn_are_the_librarys(client: Any) -> None:
    response = ask(client, record=EXAMPLE, hand=1, turn=2)
    assert response.status_code == 200
    body = response.get_json()
    position = arbiter.Position.from_record(EXAMPLE, hand=1, turn=2)
    assert sorted(flat(body["legal"])) == sorted(str(move) for move in position.legal_actions())
    assert body["total"] == len(position.legal_actions())
    assert (body["player"], body["step"], body["over"], body["scores"]) == (position.to_play, "start", False, None)
    assert body["table"] == position.table
    assert (body["game"], body["hand"], body["turn"], body["actions"]) == (1, 1, 2, 0)


def test_the_actions_are_grouped_by_kind(client: Any) -> None:
    body = ask(client, record=EXAMPLE, hand=1, turn=2).get_json()
    assert body["legal"] and all(
        text.split(" ", 1)[0] == kind for kind, texts in body["legal"].items() for text in texts
    )
    assert all(body["legal"].values())  # only kinds with an action appear


def test_after_the_turns_first_actions_the_turn_is_at_play(client: Any) -> None:
    position = arbiter.Position.from_record(EXAMPLE, hand=1, turn=3)
    body = ask(client, record=EXAMPLE, hand=1, turn=3, actions=1).get_json()
    position.push("draw Q")  # dee: draw Q, meld [7 7 7], discard Q
    assert body["step"] == "play" and body["player"] == "dee"
    assert sorted(flat(body["legal"])) == sorted(str(move) for move in position.legal_actions())
    assert "discard" in body["legal"] and "draw" not in body["legal"]
    assert body["table"] == position.table


def test_past_the_last_turn_of_a_hand_that_ended_the_hand_is_over_with_its_scores(client: Any) -> None:
    turns = len(next(arbiter.read_games(EXAMPLE)).game.hands[0].turns)
    body = ask(client, record=EXAMPLE, hand=1, turn=turns + 1).get_json()
    assert (body["over"], body["step"], body["player"], body["legal"], body["total"]) == (True, "over", None, {}, 0)
    assert body["scores"] == {"ann+cid": -230, "bob+dee": 1190}


def test_the_rule_set_and_options_are_taken_as_for_a_ruling(client: Any) -> None:
    record = EXAMPLE.replace('[Rules "caliente"]\n', "")
    assert '[Rules "caliente"]' in EXAMPLE and "[Rules" not in record
    by_tag = ask(client, record=EXAMPLE, hand=1, turn=2).get_json()
    assert ask(client, record=record, hand=1, turn=2, rules="caliente").get_json() == by_tag
    unknown = ask(client, record=EXAMPLE, hand=1, turn=2, rules="samba")
    assert unknown.status_code == 422


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"record": EXAMPLE, "hand": 1, "turn": 1, "game": 2}, "no game 2"),
        ({"record": EXAMPLE, "hand": 2, "turn": 1}, "game 1 has no hand 2"),
        ({"record": EXAMPLE, "hand": 1, "turn": 40}, "turn 40 is not one of 1 to"),
        ({"record": NO_KING, "hand": 1, "turn": 4}, "card-not-held"),
        ({"record": EXAMPLE, "hand": 1, "turn": 3, "actions": 9}, "the record gives 3 of its actions, not 9"),
        (
            {"record": NO_KING, "hand": 1, "turn": 3, "actions": 3},
            "(discard K) breaks a rule: dee plays K but holds none; allowed instead (after 2 actions of turn 3): discard",
        ),
        ({"record": EXAMPLE.replace("discard K", "discard 3"), "hand": 1, "turn": 1}, "line"),
    ],
)
def test_a_moment_the_record_does_not_reach_is_a_404_saying_why(client: Any, body: Any, words: str) -> None:
    response = ask(client, **body)
    assert response.status_code == 404, response.get_json()
    assert words in response.get_json()["message"]


@pytest.mark.parametrize(
    "body",
    [
        {"record": EXAMPLE, "turn": 1},  # no hand
        {"record": EXAMPLE, "hand": 1},  # no turn
        {"record": EXAMPLE, "hand": 0, "turn": 1},
        {"record": EXAMPLE, "hand": 1, "turn": 0},
        {"record": EXAMPLE, "hand": 1, "turn": 1, "actions": -1},
        {"record": EXAMPLE, "hand": 1, "turn": 2**70},
        {"record": 7, "hand": 1, "turn": 1},
        {"record": EXAMPLE, "hand": 1, "turn": 1, "rules": "bridge"},
    ],
)
def test_a_request_that_does_not_fit_the_schema_is_a_422(client: Any, body: Any) -> None:
    response = ask(client, **body)
    assert response.status_code == 422
    assert response.get_json()["errors"]


def test_only_json_is_taken(client: Any) -> None:
    response = client.post(LEGAL, data=EXAMPLE, content_type="text/plain")
    assert response.status_code == 415


def test_the_endpoint_is_in_the_openapi_document(client: Any) -> None:
    spec = client.get("/api/openapi.json").get_json()
    operation = spec["paths"][LEGAL]["post"]
    assert {"200", "400", "404", "413", "415", "422"} <= set(operation["responses"])
    components = spec["components"]["schemas"]
    assert {"game", "hand", "turn", "actions", "record", "rules", "options"} <= set(
        components["LegalActionsRequest"]["properties"]
    )
    body = ask(client, record=EXAMPLE, hand=1, turn=2).get_json()
    assert set(components["LegalActions"]["properties"]) == set(body)
    assert LEGAL in client.get("/api/docs").get_data(as_text=True)


# --- through a real server ------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """`arbiter serve` with one worker on a free loopback port, stopped when the test ends."""
    port = _free_port()
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "arbiter"), "serve", "--port", str(port), "--workers", "1"],
        cwd=tmp_path,
        env={**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'rulings.sqlite3'}"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2).close()
                break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
                assert time.monotonic() < deadline, "the server did not answer in 60 s"
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


def _post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_real_server_answers_the_legal_actions_and_a_clear_404(served: str) -> None:
    status, body = _post(served + LEGAL, {"record": EXAMPLE, "hand": 1, "turn": 2})
    position = arbiter.Position.from_record(EXAMPLE, hand=1, turn=2)
    assert status == 200
    assert sorted(flat(body["legal"])) == sorted(str(move) for move in position.legal_actions())
    status, body = _post(served + LEGAL, {"record": NO_KING, "hand": 1, "turn": 4})
    assert status == 404 and "card-not-held" in body["message"] and body["request_id"]
