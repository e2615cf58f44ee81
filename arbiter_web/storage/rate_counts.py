"""The rate limiter's counts kept in the store's database (`arbiter-store://`), so that every worker
and every machine on one store counts the same requests (arbiter_web/serving/limits.py)."""

from __future__ import annotations

import time
from typing import Any, ClassVar

import sqlalchemy as sa
from limits.storage import Storage
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine

from arbiter_web.storage.store import rate_limits


class RateCounts(Storage):
    """The rate limiter's counts (flask-limiter, through the `limits` library's storage interface)
    in the store's database, so every worker and every machine on it counts the same requests:
    `arbiter-store://`, with the store's engine in the storage options. Fixed windows: a key's
    count and when its window ends."""

    STORAGE_SCHEME: ClassVar[list[str]] = ["arbiter-store"]
    PURGE_EVERY = 1000  # counts made before this process deletes the windows that have ended

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions)
        self.engine: Engine = options["engine"]
        self._made = 0

    @property
    def base_exceptions(self) -> type[Exception]:
        return sa.exc.SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        table = rate_limits
        insert = (sqlite_insert if self.engine.dialect.name == "sqlite" else postgresql_insert)(table)
        ended = table.c.expires <= now
        upsert = insert.values(key=key, count=amount, expires=now + expiry).on_conflict_do_update(
            index_elements=[table.c.key],
            set_={
                "count": sa.case((ended, amount), else_=table.c.count + amount),
                "expires": sa.case((ended, now + expiry), else_=table.c.expires),
            },
        )
        with self.engine.begin() as conn:
            count = conn.execute(upsert.returning(table.c.count)).scalar_one()
            self._made += 1
            if self._made % self.PURGE_EVERY == 0:
                conn.execute(sa.delete(table).where(table.c.expires <= now))
        return int(count)

    def _row(self, key: str) -> Any:
        with self.engine.begin() as conn:
            return conn.execute(
                sa.select(rate_limits.c.count, rate_limits.c.expires).where(rate_limits.c.key == key)
            ).first()

    def get(self, key: str) -> int:
        row = self._row(key)
        return int(row.count) if row is not None and row.expires > time.time() else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return float(row.expires) if row is not None and row.expires > time.time() else time.time()

    def check(self) -> bool:
        try:
            with self.engine.connect() as conn:
                conn.execute(sa.select(1))
        except sa.exc.SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with self.engine.begin() as conn:
            return conn.execute(sa.delete(rate_limits)).rowcount

    def clear(self, key: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(sa.delete(rate_limits).where(rate_limits.c.key == key))
