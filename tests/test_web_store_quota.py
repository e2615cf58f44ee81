"""Issue 60, the store: everything kept counts toward the quota, and what expires goes whole. On a
real SQLite file and a real PostgreSQL server: what a kept ruling's page needs (its replays,
today's judgement) counts when it is kept, and goes with the ruling when it expires or is
deleted, so the bytes on disk are the bytes counted."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from service_support import one_game

from app import create_app
from arbiter_web.storage.render_cache import pages
from arbiter_web.storage.store import ruling_views, rulings
from arbiter_web.storage.stored import EXTENSION

pytest_plugins = ["storage_support"]  # the database_url and postgres fixtures

STORE = "/api/v1/rulings/stored"


@pytest.fixture
def app(database_url: str) -> Iterator[Any]:
    made = create_app({"TESTING": True, "DATABASE_URL": database_url, "ACCESS_LOG": False})
    yield made
    made.extensions[EXTENSION].engine.dispose()


def keep(app: Any) -> str:
    answer = app.test_client().post(
        STORE, data=json.dumps({"record": one_game().decode()}), content_type="application/json"
    )
    assert answer.status_code == 201
    return str(answer.get_json()["id"])


def counted(app: Any) -> tuple[int, int]:
    """The running total, and the bytes summed over every table."""
    store = app.extensions[EXTENSION]
    with store.engine.begin() as conn:
        return store.used(conn), store.counted(conn)


def test_what_a_kept_rulings_page_needs_counts_toward_the_quota(app: Any) -> None:
    ruling = keep(app)
    before, _ = counted(app)
    assert app.test_client().get(f"/r/{ruling}?lang=it").status_code == 200
    with app.extensions[EXTENSION].engine.begin() as conn:
        view = conn.scalar(sa.select(sa.func.length(ruling_views.c.data)).where(ruling_views.c.id == ruling))
        page = conn.scalar(sa.select(sa.func.length(pages.c.data)).where(pages.c.ruling == ruling))
    assert view and page  # its replays, and its page rendered in Italian
    assert counted(app) == (before + view + page, before + view + page)


def test_a_page_that_would_pass_the_quota_is_shown_and_not_kept(database_url: str) -> None:
    made = create_app({"TESTING": True, "DATABASE_URL": database_url, "ACCESS_LOG": False})
    try:
        ruling = keep(made)
        store = made.extensions[EXTENSION]
        store.quota = counted(made)[0]  # full: the ruling itself and nothing more
        assert made.test_client().get(f"/r/{ruling}").status_code == 200
        with store.engine.begin() as conn:
            assert conn.scalar(sa.select(sa.func.count()).select_from(ruling_views)) == 0
        assert counted(made)[0] <= store.quota
    finally:
        made.extensions[EXTENSION].engine.dispose()


def test_an_expired_ruling_goes_whole_and_its_bytes_with_it(app: Any) -> None:
    gone, stays = keep(app), keep(app)
    for ruling in (gone, stays):
        assert app.test_client().get(f"/r/{ruling}").status_code == 200
    store = app.extensions[EXTENSION]
    with store.engine.begin() as conn:
        past = datetime.now(UTC) - timedelta(days=1)
        conn.execute(sa.update(rulings).where(rulings.c.id == gone).values(expires=past))
    assert store.purge_expired() == 1
    with store.engine.begin() as conn:
        assert conn.scalars(sa.select(ruling_views.c.id)).all() == [stays]
        assert conn.scalars(sa.select(pages.c.ruling)).all() == [stays]  # its rendered page went with it
    used, summed = counted(app)
    assert used == summed > 0
