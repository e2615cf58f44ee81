"""Everything kept counts toward the store's quota, and what expires goes whole (issue 60).

Beside each kept ruling the store keeps what its pages need (`ruling_views`: its replays, judged
once per engine; today's judgement by a later engine; its rendered pages, arbiter_web/storage/
render_cache.py). Each is counted toward the one quota (STORE_QUOTA) when it is kept, in the same
transaction, and a ruling that expires or is deleted takes all of it with it: its bytes are freed
from the running total with the ruling's own.

Kinds of things kept beside a ruling register here (`Store.beside`): how many bytes they hold for
rulings chosen by a query of ids, and how to delete them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection


@dataclass(frozen=True, slots=True)
class Beside:
    """A kind of thing kept beside rulings: its table, the column naming the ruling, its bytes."""

    table: sa.Table
    ruling: sa.Column
    size: sa.ColumnElement

    def bytes_of(self, conn: Connection, ids: sa.Select | None = None) -> int:
        """Bytes kept of this kind for the rulings `ids` selects (None: for every ruling)."""
        query = sa.select(sa.func.coalesce(sa.func.sum(self.size), 0))
        if ids is not None:
            query = query.where(self.ruling.in_(ids))
        return int(conn.scalar(query) or 0)

    def delete(self, conn: Connection, ids: sa.Select) -> int:
        """Delete what is kept for the rulings `ids` selects; its bytes."""
        freed = self.bytes_of(conn, ids)
        if freed:
            conn.execute(sa.delete(self.table).where(self.ruling.in_(ids)))
        return freed

    def part(self) -> Callable[[Connection], int]:
        """Its share of the quota, counted from the table (what the running total starts from)."""
        return lambda conn: self.bytes_of(conn)


def take_room_for_change(room: object, conn: Connection, before: int, after: int) -> None:
    """Take the room a change from `before` to `after` bytes needs (StoreFull past the quota), or
    free what it gives back."""
    if after > before:
        room.take_room(conn, after - before)  # type: ignore[attr-defined]
    elif before > after:
        room._free(conn, before - after)  # type: ignore[attr-defined]
