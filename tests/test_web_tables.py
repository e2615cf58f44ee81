"""POST /api/v1/tables: the table after any turn of any hand, as `arbiter table` prints it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_support import never_500  # noqa: F401 (a fixture, used by pytestmark)

import arbiter
from app import create_app

pytestmark = pytest.mark.usefixtures("never_500")

TABLES = "/api/v1/tables"
EXAMPLE = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text()
NO_KING = EXAMPLE.replace("dee: draw Q, meld [7 7 7], discard Q", "dee: draw Q, meld [7 7 7], discard K")


@pytest.fixture(scope="module")
def shared_app() -> Any:
    """One app for the file (each test its own client): made once, its pages rendered once."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(shared_app: Any) -> Any:
    return shared_app.test_client()


def ask(client: Any, **body: Any) -> Any:
    return client.post(TABLES, json=body)


def test_the_table_after_a_turn_is_the_librarys(client: Any) -> None:
    response = ask(client, record=EXAMPLE, hand=1, turn=1)
    assert response.status_code == 200
    body = response.get_json()
    assert body["table"] == arbiter.table_after(EXAMPLE, hand=1, turn=1)
    assert (body["turn"], body["turns"], body["line"], body["player"], body["illegal"]) == (1, 7, 21, "bob", None)


def test_turn_zero_is_the_hand_as_it_starts(client: Any) -> None:
    body = ask(client, record=EXAMPLE, hand=1).get_json()
    assert body["turn"] == 0 and body["line"] is None and body["table"]["pile"] == ["X", "10"]


def test_at_an_illegal_turn_the_table_before_it_comes_with_the_finding(client: Any) -> None:
    body = ask(client, record=NO_KING, hand=1, turn=3).get_json()
    assert body["illegal"]["code"] == "card-not-held" and body["illegal"]["line"] == 23
    assert body["table"]["hands"]["dee"] == ["5", "5", "5", "10", "10", "10", "J", "J", "Q"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"record": EXAMPLE, "hand": 1, "game": 2}, "there is no game 2: the record holds 1 game"),
        ({"record": EXAMPLE, "hand": 2}, "game 1 has no hand 2"),
        ({"record": EXAMPLE, "hand": 1, "turn": 8}, "hand 1 of game 1 has 7 turns; there is no turn 8"),
        ({"record": NO_KING, "hand": 1, "turn": 4}, "stops at turn 3 (line 23), which is illegal"),
        ({"record": EXAMPLE.replace("discard K", "discard 3"), "hand": 1}, "cannot be read as notation"),
    ],
)
def test_a_moment_the_record_does_not_have_is_a_404_saying_why(client: Any, body: Any, words: str) -> None:
    response = ask(client, **body)
    assert response.status_code == 404 and words in response.get_json()["message"]


@pytest.mark.parametrize("body", [{"record": EXAMPLE}, {"record": EXAMPLE, "hand": 0}, {"hand": 1}, [1]])
def test_a_body_that_does_not_fit_is_a_422(client: Any, body: Any) -> None:
    assert client.post(TABLES, json=body).status_code == 422


def test_an_unknown_rule_set_is_a_422(client: Any) -> None:
    assert ask(client, record=EXAMPLE, hand=1, rules="pinochle").status_code == 422


def test_only_json_is_accepted(client: Any) -> None:
    assert client.post(TABLES, data=EXAMPLE, content_type="text/plain").status_code == 415


def test_the_endpoint_is_in_the_openapi_document(client: Any) -> None:
    spec = client.get("/api/openapi.json").get_json()
    operation = spec["paths"][TABLES]["post"]
    assert set(operation["responses"]) >= {"200", "404", "422"}
    assert "TableMoment" in spec["components"]["schemas"] and "TableRequest" in spec["components"]["schemas"]
