"""Events on the service, form by form (the Flask test client over a real SQLite store): what is
refused and why, codes that name their table and side, the ledger that only grows, the quota."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from web_support import never_500  # noqa: F401 (a fixture, used by pytestmark)

from app import create_app
from arbiter_web.storage import event_store
from arbiter_web.storage.event_store import table_code
from arbiter_web.pages.events import EXAMPLE

pytestmark = pytest.mark.usefixtures("never_500")
pytest_plugins = ["storage_support"]  # the database_url and postgres fixtures: SQLite and PostgreSQL


@pytest.fixture
def client(database_url: str) -> Iterator[Any]:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "ACCESS_LOG": False})
    yield app.test_client()
    app.extensions["arbiter_events"].engine.dispose()


def test_an_event_past_the_stores_quota_is_refused_and_nothing_is_kept(database_url: str):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "ACCESS_LOG": False, "STORE_QUOTA": 100})
    answer = app.test_client().post("/events", data={"event": EXAMPLE})
    assert answer.status_code == 507
    store = app.extensions["arbiter_events"]
    with store.engine.begin() as conn:
        assert conn.scalar(sa.select(sa.func.count()).select_from(event_store.events)) == 0
    store.engine.dispose()


def kept(client: Any, source: str = EXAMPLE) -> tuple[str, str, dict[tuple[int, int, str], str]]:
    answer = client.post("/events", data={"event": source})
    assert answer.status_code == 201
    page = answer.get_data(as_text=True)
    event_id = re.search(r"/events/([\w-]+)/decide", page).group(1)
    director = re.search(r'id="event-director-shown">([^<]+)<', page).group(1)
    codes = {
        (int(r), int(t), side): code
        for r, t, side, code in re.findall(r'data-round="(\d+)" data-table="(\d+)" data-side="(\w+)">(\w+)<', page)
    }
    return event_id, director, codes


def test_every_side_of_every_table_has_its_own_code(client):
    _, _, codes = kept(client)
    assert len(codes) == 3 * 2 * 2 and len(set(codes.values())) == 12  # 3 rounds, 2 tables, 2 sides


def test_a_code_is_the_tables_and_sides_and_no_other_events():
    assert table_code("a" * 64, 1, 1, "first") != table_code("b" * 64, 1, 1, "first")
    assert table_code("a" * 64, 1, 1, "first") != table_code("a" * 64, 1, 1, "second")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (('movement = "round-robin"', 'movement = "relay"'), "movement: write one of"),
        (("seed = 1", 'seed = 1\nrulebook = "../secret.rules.toml"'), "name no rulebook"),
        (('name = "Club night"', "name = [1]"), "name: write one line of text"),
    ],
)
def test_an_event_file_that_cannot_be_used_is_refused_with_its_key(client, change, said):
    answer = client.post("/events", data={"event": EXAMPLE.replace(*change)})
    assert answer.status_code == 422 and said in answer.get_data(as_text=True)


def test_a_result_is_refused_without_a_code_of_the_event_or_with_points_that_are_not_numbers(client):
    event_id, _, codes = kept(client)
    wrong = client.post(f"/events/{event_id}/result", data={"code": "AAAAAAAA", "first-1": "10", "second-1": "5"})
    assert wrong.status_code == 403 and "No table of this event has that code." in wrong.get_data(as_text=True)
    words = client.post(f"/events/{event_id}/result", data={"code": codes[1, 1, "first"], "first-1": "lots"})
    assert words.status_code == 422 and "whole number" in words.get_data(as_text=True)
    huge = client.post(
        f"/events/{event_id}/result", data={"code": codes[1, 1, "first"], "first-1": "10", "second-1": "999999"}
    )
    assert huge.status_code == 422


def test_a_side_that_enters_again_corrects_its_result_and_the_first_entry_stays_in_the_ledger(client):
    event_id, _, codes = kept(client)
    for points in ("500", "515"):
        client.post(
            f"/events/{event_id}/result", data={"code": codes[1, 1, "first"], "first-1": "1420", "second-1": points}
        )
    answer = client.post(
        f"/events/{event_id}/result", data={"code": codes[1, 1, "second"], "first-1": "1420", "second-1": "515"}
    )
    assert "it is confirmed" in answer.get_data(as_text=True)
    store = client.application.extensions["arbiter_events"]
    assert [entry.data["scores"] for entry in store.ledger(store.get(event_id))] == [
        [[1420, 500]],
        [[1420, 515]],
        [[1420, 515]],
    ]


def test_only_the_directors_code_opens_the_directors_page_and_writes_penalties(client):
    event_id, director, _ = kept(client)
    assert client.post(f"/events/{event_id}/director", data={"code": "guess"}).status_code == 403
    refused = client.post(
        f"/events/{event_id}/penalty", data={"code": "guess", "pair": "1", "points": "-5", "reason": "x"}
    )
    assert refused.status_code == 403
    written = client.post(
        f"/events/{event_id}/penalty", data={"code": director, "pair": "1", "points": "-5", "reason": "slow play"}
    )
    assert written.status_code == 200 and "slow play" in written.get_data(as_text=True)
    no_pair = client.post(
        f"/events/{event_id}/penalty", data={"code": director, "pair": "9", "points": "-5", "reason": "x"}
    )
    assert no_pair.status_code == 422 and "No pair has the number 9." in no_pair.get_data(as_text=True)


def test_an_event_not_kept_is_a_404(client):
    assert client.get("/events/no-such-event").status_code == 404
    assert client.get("/events/no-such-event/standings").status_code == 404


def test_the_event_pages_are_said_in_each_language(client):
    event_id, _, _ = kept(client)
    page = client.get(f"/events/{event_id}?lang=es").get_data(as_text=True)
    assert "Enter your table's result" not in page and "Standings" not in page
