"""Reads that never wait for writers (issue 60).

A page that only shows what was kept (a kept ruling, an event, a pad) reads in a transaction that
takes no write lock: on SQLite a plain BEGIN (the store's writers begin IMMEDIATE) over a file in
WAL mode, so a reader sees the last committed state while a keeper holds the write lock, and a
keeper never waits for readers; on PostgreSQL an ordinary transaction, which MVCC already keeps
apart from writers.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Iterator

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

log = logging.getLogger(__name__)

READ_ONLY = "arbiter_read_only"
"""The execution option of a connection that only reads: on SQLite it begins without the write lock."""


@contextlib.contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that only reads, and never takes the write lock."""
    with engine.connect().execution_options(**{READ_ONLY: True}) as conn, conn.begin():
        yield conn


def use_wal(engine: Engine) -> None:
    """Put a SQLite file in WAL mode (kept in the file: once is enough), so readers read beside a
    writer. A file that cannot be switched now (another process holds it, a read-only disk) stays
    as it is; the reads still take no write lock."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return
    try:
        raw = engine.raw_connection()
        try:
            raw.cursor().execute("PRAGMA journal_mode=WAL")
        finally:
            raw.close()
    except (sa.exc.SQLAlchemyError, sqlite3.Error) as error:
        log.warning("the store %s stays in its journal mode (%s)", url.database, error)
