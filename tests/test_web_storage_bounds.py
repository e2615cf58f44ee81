"""Kept rulings within bounds (issue 26): one quota of bytes for everything kept, a default expiry,
a clear answer when full with nothing kept lost, a ruling judged again only by another engine,
and the rate limiter's counts in the same database, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from web_support import EXAMPLE, TAGS, never_500  # noqa: F401 (a fixture)

from app import create_app
from arbiter_web.storage import store as store_module
from arbiter_web.storage.rate_counts import RateCounts
from arbiter_web.storage.stored import EXTENSION, engine_version

pytest_plugins = ["storage_support"]  # the database_url and postgres fixtures
pytestmark = pytest.mark.usefixtures("never_500")

STORE = "/api/v1/rulings/stored"
APPS: list[Any] = []


@pytest.fixture(autouse=True)
def _close_databases() -> Iterator[None]:
    yield
    while APPS:
        APPS.pop().extensions[EXTENSION].engine.dispose()


def make_app(url: str, **config: Any) -> Any:
    app = create_app({"TESTING": True, "DATABASE_URL": url, **config})
    APPS.append(app)
    return app


def _update(app: Any, ruling_id: str, **values: Any) -> None:
    with app.extensions[EXTENSION].engine.begin() as conn:
        conn.execute(sa.update(store_module.rulings).where(store_module.rulings.c.id == ruling_id).values(**values))


def test_keeping_past_the_quota_is_a_507_and_what_was_kept_stays(database_url: str) -> None:
    app = make_app(database_url)
    client = app.test_client()
    first = client.post(STORE, json={"record": EXAMPLE})
    assert first.status_code == 201
    kept = app.extensions[EXTENSION]
    kept.quota = int(2.5 * kept.used())  # room for one more such ruling, not two
    while (answer := client.post(STORE, json={"record": EXAMPLE})).status_code == 201:
        pass
    assert answer.status_code == 507 and "STORE_QUOTA" in answer.get_json()["message"]
    page = client.post("/r", data={"record": EXAMPLE})
    assert page.status_code == 507 and "storage is full" in page.get_data(as_text=True)
    assert client.get(f"/api/v1/rulings/{first.get_json()['id']}").status_code == 200
    assert client.post("/api/v1/rulings", json={"record": EXAMPLE}).status_code == 200  # judging goes on


def test_expired_rulings_make_room_when_the_store_is_full(database_url: str) -> None:
    app = make_app(database_url)
    client = app.test_client()
    first = client.post(STORE, json={"record": EXAMPLE, "keep_days": 1}).get_json()
    kept = app.extensions[EXTENSION]
    kept.quota = int(1.5 * kept.used())  # no room for a second
    assert client.post(STORE, json={"record": EXAMPLE}).status_code == 507
    _update(app, first["id"], expires=sa.func.current_timestamp())  # a day passes
    assert client.post(STORE, json={"record": EXAMPLE}).status_code == 201


def test_another_kind_of_kept_thing_counts_toward_the_same_quota(database_url: str) -> None:
    app = make_app(database_url, STORE_QUOTA=10_000_000)
    kept = app.extensions[EXTENSION]
    kept.count_toward_quota(lambda conn: 10_000_000)  # a rulebook store, say, already full
    assert app.test_client().post(STORE, json={"record": TAGS}).status_code == 507


def test_without_a_time_a_ruling_is_kept_store_keep_days(database_url: str) -> None:
    year = make_app(database_url).test_client().post(STORE, json={"record": TAGS}).get_json()
    week = make_app(database_url, STORE_KEEP_DAYS=7).test_client().post(STORE, json={"record": TAGS}).get_json()
    ever = make_app(database_url, STORE_KEEP_DAYS=0).test_client().post(STORE, json={"record": TAGS}).get_json()
    assert week["expires"] < year["expires"] and ever["expires"] is None


def test_a_ruling_is_judged_again_only_by_another_engine_and_once(database_url: str) -> None:
    app = make_app(database_url)
    client = app.test_client()
    answer = client.post(STORE, json={"record": EXAMPLE}).get_json()
    valid = answer["games"][0]["verdict"]
    broken = EXAMPLE.replace("draw", "drew", 1).encode()
    _update(app, answer["id"], record=broken)  # today's engine would rule this record otherwise
    same = client.get(f"/api/v1/rulings/{answer['id']}").get_json()
    assert same["today"]["same"] is True  # the engine that made the ruling: not judged again
    _update(app, answer["id"], engine_version="0.0.1+older")
    changed = client.get(f"/api/v1/rulings/{answer['id']}").get_json()
    assert changed["today"]["same"] is False and changed["today"]["games"][0]["verdict"] != valid
    with app.extensions[EXTENSION].engine.begin() as conn:
        row = conn.execute(sa.select(store_module.rulings).where(store_module.rulings.c.id == answer["id"])).first()
    assert row.today_version == engine_version() and json.loads(row.today_games) == changed["today"]["games"]
    _update(app, answer["id"], record=EXAMPLE.encode())  # judged once: the kept judgement is read
    assert client.get(f"/api/v1/rulings/{answer['id']}").get_json()["today"] == changed["today"]


def test_rate_counts_in_the_database_are_one_count_per_key(database_url: str) -> None:
    app = make_app(database_url)
    counts = RateCounts("arbiter-store://", engine=app.extensions[EXTENSION].engine)
    assert [counts.incr("client-a", 60) for _ in range(3)] == [1, 2, 3]
    assert counts.incr("client-b", 60, amount=2) == 2
    assert counts.get("client-a") == 3 and counts.get("nobody") == 0
    assert counts.get_expiry("client-a") > 0 and counts.check()
    counts.clear("client-a")
    assert counts.get("client-a") == 0
    assert counts.incr("ended", -1) == 1 and counts.incr("ended", 60) == 1  # a window that ended starts again
    assert counts.reset() == 2
