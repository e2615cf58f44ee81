"""Every form that makes something answers with a redirect to what it made (post/redirect/get),
and the same form sent twice makes it once (its one-time token, arbiter_web/storage/once.py): the
event pages, over a real SQLite store with the Flask test client (issue 59)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from web_support import never_500  # noqa: F401 (a fixture, used by pytestmark)

from app import create_app
from arbiter_web.pages.events import EXAMPLE
from arbiter_web.storage import event_store

pytestmark = pytest.mark.usefixtures("never_500")
pytest_plugins = ["storage_support"]


@pytest.fixture
def app(database_url: str) -> Iterator[Any]:
    made = create_app({"TESTING": True, "DATABASE_URL": database_url, "ACCESS_LOG": False})
    yield made
    made.extensions["arbiter_events"].engine.dispose()


def events_kept(app: Any) -> int:
    with app.extensions["arbiter_events"].engine.begin() as conn:
        return conn.scalar(sa.select(sa.func.count()).select_from(event_store.events))


def token_of(page: str) -> str:
    return re.search(r'name="once" value="([^"]+)"', page).group(1)


def code_shown(page: str) -> str | None:
    found = re.search(r'id="event-director-shown"[^>]*>([^<]+)<', page)
    return found.group(1) if found else None


def ledger(app: Any, event_id: str) -> list[Any]:
    store = app.extensions["arbiter_events"]
    return store.ledger(store.get(event_id))


def keep_event(client: Any) -> tuple[str, str, str]:
    """The event kept from its form: its id, the director's page and the director's code."""
    token = token_of(client.get("/events").get_data(as_text=True))
    answer = client.post("/events", data={"event": EXAMPLE, "once": token})
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    event_id = re.search(r"/events/([\w-]+)/director", answer.headers["Location"]).group(1)
    return event_id, answer.headers["Location"], code_shown(page) or ""


def test_keeping_an_event_answers_303_to_its_directors_page_and_a_reload_keeps_nothing_more(app):
    client = app.test_client()
    event_id, landing, code = keep_event(client)
    assert re.fullmatch(rf"/events/{event_id}/director\?kept=new", landing) and code
    again = client.get(landing)  # the reload: the code is shown again, on this device, and nothing is kept
    assert again.status_code == 200 and code_shown(again.get_data(as_text=True)) == code
    assert again.headers["Cache-Control"] == "no-store"
    assert "the arbiter keeps no copy of it" in again.get_data(as_text=True)
    assert events_kept(app) == 1


def test_the_same_event_form_sent_twice_keeps_one_event_and_shows_the_same_code(app):
    client = app.test_client()
    token = token_of(client.get("/events").get_data(as_text=True))
    first = client.post("/events", data={"event": EXAMPLE, "once": token})
    second = app.test_client().post("/events", data={"event": EXAMPLE, "once": token})  # the double tap's cookies lost
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert first.headers["Set-Cookie"].split(";")[0] == second.headers["Set-Cookie"].split(";")[0]
    assert events_kept(app) == 1


def test_a_refused_event_form_can_be_corrected_and_sent_again_with_its_token(app):
    client = app.test_client()
    token = token_of(client.get("/events").get_data(as_text=True))
    refused = client.post("/events", data={"event": EXAMPLE.replace("rounds = 3", "rounds = x"), "once": token})
    assert refused.status_code == 422
    assert client.post("/events", data={"event": EXAMPLE, "once": token}).status_code == 303
    assert events_kept(app) == 1


def test_another_device_opening_the_landing_page_is_told_the_code_was_shown_once_and_sees_no_code(app):
    _, landing, _ = keep_event(app.test_client())
    page = app.test_client().get(landing)
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and code_shown(text) is None and 'id="event-decide"' not in text
    assert "was shown once, when the event was kept" in text.replace("&#39;", "'")


def test_a_result_answers_303_to_the_events_page_and_the_same_form_twice_enters_it_once(app):
    client = app.test_client()
    event_id, _, _ = keep_event(client)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    side = re.search(
        r'data-round="1" data-table="1" data-side="first">(\w+)<',
        client.get(f"/events/{event_id}/director").get_data(as_text=True),
    ).group(1)
    form = {"code": side, "first-1": "1420", "second-1": "515", "once": token_of(page)}
    first = client.post(f"/events/{event_id}/result", data=form)
    second = client.post(f"/events/{event_id}/result", data=form)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"] == f"/events/{event_id}?entered=1-1"
    assert len(ledger(app, event_id)) == 1
    landed = client.get(first.headers["Location"]).get_data(as_text=True)
    assert "Round 1, table 1: entered; the other side is to confirm it." in landed


def test_a_decision_and_a_penalty_answer_303_to_the_directors_page_and_are_written_once(app):
    client = app.test_client()
    event_id, _, code = keep_event(client)
    page = client.get(f"/events/{event_id}/director").get_data(as_text=True)
    decide = {"code": code, "round": "1", "table": "1", "first-1": "800", "second-1": "420", "once": token_of(page)}
    penalty = {"code": code, "pair": "1", "points": "-5", "reason": "slow play", "once": token_of(page)}
    for _ in range(2):
        decided = client.post(f"/events/{event_id}/decide", data=decide)
        written = client.post(f"/events/{event_id}/penalty", data=penalty)
        assert decided.status_code == written.status_code == 303
    assert decided.headers["Location"] == f"/events/{event_id}/director?decided=1-1"
    assert written.headers["Location"] == f"/events/{event_id}/director?penalty=1"
    assert [entry.kind for entry in ledger(app, event_id)] == ["decision", "penalty"]
    landed = client.get(written.headers["Location"]).get_data(as_text=True)
    assert "The penalty is in the ledger." in landed and code_shown(landed) is None  # shown only when kept


def test_the_directors_code_entered_answers_303_and_signs_this_device_in(app):
    event_id, _, code = keep_event(app.test_client())
    other = app.test_client()
    assert 'id="event-decide"' not in other.get(f"/events/{event_id}/director").get_data(as_text=True)
    opened = other.post(f"/events/{event_id}/director", data={"code": code})
    assert opened.status_code == 303 and opened.headers["Location"] == f"/events/{event_id}/director"
    cookie = opened.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and f"Path=/events/{event_id}" in cookie
    assert 'id="event-decide"' in other.get(f"/events/{event_id}/director").get_data(as_text=True)
    wrong = app.test_client().post(f"/events/{event_id}/director", data={"code": "guess"})
    assert wrong.status_code == 403 and "Set-Cookie" not in wrong.headers


def test_link_to_this_table_answers_303_to_the_table_as_the_form_has_it(app):
    client = app.test_client()
    form = {
        "rules": "caliente",
        "seats": "ann bob cid dee",
        "teams": "ann+cid bob+dee",
        "hold.ann": "K K 5",
        "pile": "8 2 9",
        "do": "link",
    }
    linked = client.get("/editor", query_string=form)
    assert linked.status_code == 303
    location = linked.headers["Location"]
    assert "hold.ann=K+K+5" in location and "pile=8+2+9" in location and "do=" not in location
    page = client.get(location).get_data(as_text=True)
    assert 'id="table-link-shown"' in page and 'data-copy="table-link-shown"' in page
    assert 'value="K K 5"' in page


def deletion_link(page: str) -> str | None:
    found = re.search(r'id="deletion-link" type="text" readonly value="([^"]+)"', page)
    return found.group(1) if found else None


def rulings_kept(app: Any) -> int:
    from arbiter_web.storage.store import rulings

    with app.extensions["arbiter_events"].engine.begin() as conn:
        return conn.scalar(sa.select(sa.func.count()).select_from(rulings))


def test_keeping_a_ruling_answers_303_and_its_deletion_link_survives_a_reload_on_this_device_only(app):
    from web_support import EXAMPLE as RECORD

    client = app.test_client()
    token = token_of(client.get("/").get_data(as_text=True))
    kept = client.post("/r", data={"record": RECORD, "once": token})
    assert kept.status_code == 303 and re.fullmatch(r"/r/[\w-]{22}\?kept=new", kept.headers["Location"])
    cookie = kept.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/r/" in cookie
    first = client.get(kept.headers["Location"]).get_data(as_text=True)
    again = client.get(kept.headers["Location"]).get_data(as_text=True)  # the reload
    assert deletion_link(first) and deletion_link(first) == deletion_link(again)
    assert 'data-copy="deletion-link"' in first and 'data-copy="kept-link"' in first
    elsewhere = app.test_client().get(kept.headers["Location"]).get_data(as_text=True)
    assert deletion_link(elsewhere) is None and "was shown once, on the device that kept it" in elsewhere
    twice = app.test_client().post("/r", data={"record": RECORD, "once": token})  # the double tap
    assert twice.headers["Location"] == kept.headers["Location"]
    assert twice.headers["Set-Cookie"].split(";")[0] == cookie.split(";")[0]  # the same deletion token
    assert rulings_kept(app) == 1
    api = client.post("/api/v1/rulings/stored", json={"record": RECORD})
    assert api.status_code == 201  # the JSON API keeps its status
