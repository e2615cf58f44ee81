"""Issue 46: kept rulings and the store, against the real `arbiter serve` on 127.0.0.1 with a real
SQLite file and a real PostgreSQL server.

A kept ruling is judged once per engine, then shown in every language from what was kept; a keep
holds the write lock for its own row, not for a sum over the table; the rate counts do not wait
behind the store; a busy, read-only or full store is a 503 or a 507 saying so, never a 500, while
judging goes on and /readyz says the store cannot be written.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from service_support import Served, one_game, serving

from app import create_app
from arbiter.simulate import simulate
from arbiter_web.storage.stored import EXTENSION

pytest_plugins = ["storage_support"]  # the database_url and postgres fixtures

TEXT = {"Content-Type": "text/plain; charset=utf-8"}
JSON = {"Content-Type": "application/json"}
STORE = "/api/v1/rulings/stored"


def _keep_body() -> bytes:
    return json.dumps({"record": one_game().decode()}).encode()


def _keep(served: Served) -> tuple[int, dict[str, str], dict[str, Any]]:
    status, headers, raw = served.request("POST", STORE, _keep_body(), JSON)
    return status, headers, json.loads(raw)


# --- kept rulings are judged once per engine ------------------------------------------------------


def test_a_kept_ruling_is_judged_once_then_shown_in_every_language_from_what_was_kept(tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        status, _, kept = _keep(server)
        assert status == 201, kept
        first = server.request("GET", f"/r/{kept['id']}?lang=es")
        assert first[0] == 200 and b"replay" in first[2]
        database = sqlite3.connect(tmp_path / "rulings.db")
        try:
            views = database.execute("SELECT engine_version FROM ruling_views WHERE id = ?", (kept["id"],)).fetchall()
            assert len(views) == 1  # what the page needs, kept for this engine
            # The record is changed under the kept ruling: an opening that judged it again would
            # replay the change; one that shows what was kept replays the hands as they were judged.
            database.execute("UPDATE stored_rulings SET record = ? WHERE id = ?", (b"junk", kept["id"]))
            database.commit()
        finally:
            database.close()
        for language in ("en", "es", "pt", "it"):
            status, _, page = server.request("GET", f"/r/{kept['id']}?lang={language}")
            assert status == 200
            assert page.count(b'class="frame') == first[2].count(b'class="frame') > 0
        status, _, raw = server.request("GET", f"/api/v1/rulings/{kept['id']}?lang=it")
        answer = json.loads(raw)
        assert status == 200 and answer["games"][0]["verdict"] == kept["games"][0]["verdict"]


# --- the running total --------------------------------------------------------------------------


def test_a_keep_holds_the_write_lock_for_its_own_row_not_for_a_sum_over_the_table(database_url: str) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    engine = app.extensions[EXTENSION].engine
    client = app.test_client()
    try:
        assert client.post(STORE, data=_keep_body(), content_type="application/json").status_code == 201
        statements: list[str] = []
        sa.event.listen(engine, "before_cursor_execute", lambda *args: statements.append(str(args[2]).lower()))
        assert client.post(STORE, data=_keep_body(), content_type="application/json").status_code == 201
        sums = [s for s in statements if "sum(" in s]
        assert sums and all("where" in s and "expires" in s for s in sums), sums  # only the expired ones
        used = app.extensions[EXTENSION].used()
        with engine.begin() as conn:
            assert used == app.extensions[EXTENSION].counted(conn)  # the running total is the sum
    finally:
        engine.dispose()


# --- a busy, read-only or full store ------------------------------------------------------------


def test_a_store_held_busy_answers_keepers_503_while_judging_and_its_rate_counts_go_on(tmp_path: Path) -> None:
    with serving(tmp_path, STORE_BUSY_WAIT="1", RATE_LIMIT="100 per minute") as server:
        assert server.request("GET", "/readyz")[0] == 200
        holder = sqlite3.connect(tmp_path / "rulings.db", isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")  # another process holds the store's write lock
            judged = server.request("POST", "/api/v1/rulings", one_game(), TEXT)
            assert judged[0] == 200  # counted against the rate limit, judged: the store is not needed
            status, headers, answer = _keep(server)
            assert status == 503 and "retry-after" in headers
            assert "busy" in answer["message"]
            ready = server.request("GET", "/readyz")
            assert ready[0] == 503 and json.loads(ready[2])["status"] == "store-cannot-write"
            assert server.request("GET", "/healthz")[0] == 200
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert _keep(server)[0] == 201
        assert server.request("GET", "/readyz")[0] == 200
        assert "Traceback" not in server.log.read_text(errors="replace")


def test_a_read_only_store_answers_503_saying_so_while_posts_are_judged(tmp_path: Path, postgres: Any) -> None:
    url = postgres.database()
    app = create_app({"TESTING": True, "DATABASE_URL": url})  # migrated while it can be written
    app.extensions[EXTENSION].engine.dispose()
    admin = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            name = url.rsplit("/", 1)[1]
            conn.execute(sa.text(f"ALTER DATABASE {name} SET default_transaction_read_only = on"))
    finally:
        admin.dispose()
    with serving(tmp_path, DATABASE_URL=url, STORE_MIGRATE="no", RATE_LIMIT="100 per minute") as server:
        assert server.request("POST", "/api/v1/rulings", one_game(), TEXT)[0] == 200
        status, headers, answer = _keep(server)
        assert status == 503 and "retry-after" in headers
        assert "read-only" in answer["message"]
        ready = server.request("GET", "/readyz")
        assert ready[0] == 503 and "read-only" in json.loads(ready[2])["store"]


@pytest.fixture
def full_store(tmp_path: Path) -> Iterator[Any]:
    """An app whose SQLite file cannot grow past a few pages: what a full disk does to SQLite."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'rulings.sqlite3'}"})
    engine = app.extensions[EXTENSION].engine
    engine.dispose()
    with engine.connect() as conn:
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar()
    sa.event.listen(engine, "connect", lambda dbapi, _: dbapi.execute(f"PRAGMA max_page_count = {pages}"))
    engine.dispose()  # every connection from here on is held to those pages
    yield app
    engine.dispose()


def test_a_full_disk_answers_507_saying_so_and_judging_goes_on(full_store: Any) -> None:
    client = full_store.test_client()
    record = "\n".join(simulate("caliente", 4, games=20, hands=2, seed=3))  # more pages than are left
    kept = client.post(STORE, json={"record": record})
    assert kept.status_code == 507 and "disk" in kept.get_json()["message"]
    assert client.post("/api/v1/rulings", data=record.encode(), content_type="text/plain").status_code == 200
