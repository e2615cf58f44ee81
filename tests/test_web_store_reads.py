"""Issue 60, the store: reads never wait for writers. Against the real `arbiter serve` on a real
SQLite file and a real PostgreSQL server, a keeper holding the store's write lock (with a row
written, not yet committed) leaves the pages that only show what was kept answering at once, and a
reader holding its transaction open does not stop a keeper."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa
from service_support import Served, one_game, serving

from arbiter_web.pages.events import EXAMPLE

pytest_plugins = ["storage_support"]  # the database_url and postgres fixtures

JSON = {"Content-Type": "application/json"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def keep_ruling(served: Served) -> str:
    status, _, raw = served.request(
        "POST", "/api/v1/rulings/stored", json.dumps({"record": one_game().decode()}).encode(), JSON
    )
    assert status == 201, raw
    return str(json.loads(raw)["id"])


def keep_event(served: Served) -> str:
    from urllib.parse import urlencode

    status, headers, page = served.request("POST", "/events", urlencode({"event": EXAMPLE}).encode(), FORM)
    assert status in (201, 303), page[-500:]
    found = re.search(r"/events/([\w-]{22})", headers.get("location", "") + page.decode())
    assert found is not None
    return found.group(1)


@contextmanager
def writer_holding_the_store(url: str, folder: Path) -> Iterator[None]:
    """Another process's keeper in the middle of its transaction: the write lock taken, a row written."""
    if url.startswith("sqlite"):
        holder = sqlite3.connect(folder / "rulings.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        holder.execute("UPDATE store_usage SET bytes = bytes + 1")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        return
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as conn, conn.begin() as held:
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(6386275)"))  # the store's quota lock
            conn.execute(sa.text("UPDATE store_usage SET bytes = bytes + 1"))
            conn.execute(sa.text("UPDATE stored_rulings SET size = size + 1"))
            yield
            held.rollback()
    finally:
        engine.dispose()


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[tuple[Served, str]]:
    url = database_url if database_url.startswith("postgresql") else f"sqlite:///{tmp_path / 'rulings.db'}"
    with serving(tmp_path, DATABASE_URL=url, STORE_BUSY_WAIT="1") as served:
        yield served, url


def test_the_pages_of_what_was_kept_answer_while_a_keeper_holds_the_write_lock(
    server: tuple[Served, str], tmp_path: Path
) -> None:
    served, url = server
    ruling, event = keep_ruling(served), keep_event(served)
    served.request("GET", f"/r/{ruling}")  # its page's replays kept once, before the writer comes
    with writer_holding_the_store(url, tmp_path):
        for path in (f"/r/{ruling}", f"/api/v1/rulings/{ruling}", f"/pad?kept={ruling}", f"/events/{event}"):
            status, _, page = served.request("GET", path)
            assert status == 200, (path, page[-300:])
        status, headers, _ = served.request(
            "POST", "/api/v1/rulings/stored", json.dumps({"record": one_game().decode()}).encode(), JSON
        )
        assert status == 503 and "retry-after" in headers  # the keeper waits its turn, saying so
    assert "Traceback" not in served.log.read_text(errors="replace")


def test_a_reader_holding_its_transaction_open_does_not_stop_a_keeper(tmp_path: Path) -> None:
    with serving(tmp_path, STORE_BUSY_WAIT="1") as served:
        keep_ruling(served)
        reader = sqlite3.connect(tmp_path / "rulings.db", isolation_level=None)
        try:
            reader.execute("BEGIN")
            assert reader.execute("SELECT count(*) FROM stored_rulings").fetchone()[0] == 1  # its read lock held
            keep_ruling(served)
        finally:
            reader.execute("ROLLBACK")
            reader.close()
