"""Events kept on the service (docs/events.md, "On the service"): the event file behind an
unguessable id, and its ledger of entries, written once and never changed.

Its own tables in the database of kept rulings (arbiter_web/store.py), with their own schema
versions (`event_schema_version`): `service_events` (the event file, the hash of the director's
code, the key the tables' codes are made from) and `service_event_entries` (each result a side
entered, each decision and penalty of the director, in order). Both count toward the store's one
quota of bytes, as the rulebooks do. A correction is a new entry: the latest of its kind counts.

Each table has a code per side, made from the event's key (HMAC-SHA256 of "round:table:side"),
so a side's code names its table and seat; the director's code is shown once when the event is
made, and only its SHA-256 is kept.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import click
import sqlalchemy as sa
from flask import Flask
from sqlalchemy.engine import Connection, Engine

from arbiter.i18n import msg

from .reading import reading
from .store import ID_BYTES, ID_LENGTH, Store, run_migrations

ADVISORY_LOCK = 0x657665  # any fixed number, not the rulings' nor the rulebooks'
MAX_EVENT = 64 * 1024
"""Bytes of an event file kept on the service: a few hundred pairs."""
MAX_SIDE_ENTRIES = 20
"""Results one side of one table may enter (its corrections included): its own, so no side's
entries can fill the ledger for another (issue 60)."""
MAX_DIRECTOR_ENTRIES = 5_000
"""Decisions and penalties the director may write in one event's ledger."""
DIRECTOR = "director"
CODE_BYTES = 5  # a table's code: 8 letters and digits of base32
KINDS = ("result", "decision", "penalty")

metadata = sa.MetaData()

schema_version = sa.Table(
    "event_schema_version",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("applied", sa.DateTime(timezone=True), nullable=False),
)


def _event_columns() -> list[sa.Column]:
    return [
        sa.Column("id", sa.String(ID_LENGTH), primary_key=True),
        sa.Column("director", sa.String(64), nullable=False),  # SHA-256 of the director's code
        sa.Column("secret", sa.String(64), nullable=False),  # the key the tables' codes are made from
        sa.Column("source", sa.Text, nullable=False),  # the event file as written
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    ]


def _entry_columns() -> list[sa.Column]:
    return [
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("event", sa.String(ID_LENGTH), nullable=False, index=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.Text, nullable=False),  # JSON
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    ]


def _author_column() -> sa.Column:
    return sa.Column("author", sa.String(40))  # "round:table:side", or "director"


events = sa.Table("service_events", metadata, *_event_columns())
entries = sa.Table("service_event_entries", metadata, *_entry_columns(), _author_column())


def _create_tables(conn: Connection) -> None:
    fresh = sa.MetaData()
    sa.Table("service_events", fresh, *_event_columns())
    sa.Table("service_event_entries", fresh, *_entry_columns())
    fresh.create_all(conn)


def _authors(conn: Connection) -> None:
    """Migration 2 (issue 60): who wrote each entry, so each side's entries are counted apart.
    Entries written before it have none, and are counted for no one."""
    column = _author_column()
    conn.execute(sa.text(f"ALTER TABLE service_event_entries ADD COLUMN author {column.type.compile(conn.dialect)}"))
    table = sa.Table("service_event_entries", sa.MetaData(), sa.Column("event", sa.String(ID_LENGTH)), column)
    sa.Index("service_event_entries_author", table.c.event, table.c.author).create(conn)


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_create_tables, _authors)
"""Migration N is MIGRATIONS[N - 1]. Append, never edit."""


class EventTooLarge(Exception):
    def __init__(self) -> None:
        super().__init__(msg("an event file kept on the service is at most {limit:,} bytes", limit=MAX_EVENT))


class LedgerFull(Exception):
    """The one who writes has written as many entries as it may; no one else is stopped."""

    def __init__(self, author: str) -> None:
        if author == DIRECTOR:
            said = msg(
                "the director has written {limit:,} decisions and penalties in this event, the most",
                limit=MAX_DIRECTOR_ENTRIES,
            )
        else:
            said = msg(
                "this side of the table has entered its result {limit} times, the most; ask the director to decide it",
                limit=MAX_SIDE_ENTRIES,
            )
        super().__init__(said)


@dataclass(frozen=True, slots=True)
class KeptEvent:
    id: str
    source: str
    secret: str
    director: str
    created: datetime


@dataclass(frozen=True, slots=True)
class Entry:
    number: int
    kind: str
    data: dict[str, Any]
    created: datetime


def _hash(code: str) -> str:
    return hashlib.sha256(code.strip().encode("utf-8")).hexdigest()


def table_code(secret: str, round_number: int, table: int, side: str) -> str:
    """The code of one side (`first` or `second`) of a table in a round."""
    digest = hmac.new(secret.encode("ascii"), f"{round_number}:{table}:{side}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:CODE_BYTES]).decode("ascii")


def side_author(round_number: int, table: int, side: str) -> str:
    """Who wrote a side's result, as the ledger counts it."""
    return f"{round_number}:{table}:{side}"


def kept_bytes(conn: Connection) -> int:
    """Bytes of every kept event and entry (a part of the store's quota)."""
    source = sa.select(sa.func.coalesce(sa.func.sum(sa.func.length(events.c.source)), 0))
    data = sa.select(sa.func.coalesce(sa.func.sum(sa.func.length(entries.c.data)), 0))
    return int(conn.scalar(source) or 0) + int(conn.scalar(data) or 0)


def fits(source: str) -> None:
    """Raises EventTooLarge when `source` is over MAX_EVENT: checked before it is read, so that no
    event file costs more than its bound."""
    if len(source.encode("utf-8", "surrogatepass")) > MAX_EVENT:
        raise EventTooLarge()


class EventStore:
    def __init__(self, engine: Engine, room: Store | None = None) -> None:
        self.engine = engine
        self.room = room
        if room is not None:
            room.count_toward_quota(kept_bytes)

    def migrate(self) -> list[int]:
        return run_migrations(self.engine, schema_version, MIGRATIONS, ADVISORY_LOCK)

    def keep(self, source: str, event_id: str | None = None, code: str | None = None) -> tuple[KeptEvent, str]:
        """Keep an event file; the event and the director's code (shown once). Raises
        EventTooLarge, or StoreFull when it would pass the store's quota. The id and the code
        are random unless given (the page derives them from its form's one-time token)."""
        fits(source)
        code = code or secrets.token_urlsafe(9)
        event_id = event_id or secrets.token_urlsafe(ID_BYTES)
        kept = KeptEvent(event_id, source, secrets.token_hex(32), _hash(code), datetime.now(UTC))
        with self.engine.begin() as conn:
            if self.room is not None:
                self.room.take_room(conn, len(source.encode("utf-8")))
            conn.execute(
                sa.insert(events).values(
                    id=kept.id, director=kept.director, secret=kept.secret, source=source, created=kept.created
                )
            )
        return kept, code

    def get(self, event_id: str) -> KeptEvent | None:
        with reading(self.engine) as conn:
            row = conn.execute(sa.select(events).where(events.c.id == event_id[:ID_LENGTH])).mappings().first()
        if row is None:
            return None
        created = row["created"] if row["created"].tzinfo else row["created"].replace(tzinfo=UTC)
        return KeptEvent(row["id"], row["source"], row["secret"], row["director"], created)

    def is_director(self, event: KeptEvent, code: str) -> bool:
        return hmac.compare_digest(event.director, _hash(code))

    def add(self, event: KeptEvent, kind: str, data: dict[str, Any], author: str = DIRECTOR) -> None:
        """Write an entry in the event's ledger by `author` (a side, `side_author`, or the
        director). Raises LedgerFull when that author has written its most, or StoreFull."""
        text = json.dumps(data, ensure_ascii=False, sort_keys=True)
        most = MAX_DIRECTOR_ENTRIES if author == DIRECTOR else MAX_SIDE_ENTRIES
        with self.engine.begin() as conn:
            mine = entries.c.event == event.id, entries.c.author == author
            if (conn.scalar(sa.select(sa.func.count()).where(*mine)) or 0) >= most:
                raise LedgerFull(author)
            if self.room is not None:
                self.room.take_room(conn, len(text.encode("utf-8")))
            conn.execute(
                sa.insert(entries).values(
                    event=event.id, kind=kind, data=text, created=datetime.now(UTC), author=author
                )
            )

    def stamp(self, event: KeptEvent) -> tuple[str, int]:
        """The state of the event's ledger (a new entry changes it), and the bytes of the event
        file and its ledger: what its pages show, and what showing them costs."""
        with reading(self.engine) as conn:
            row = conn.execute(
                sa.select(
                    sa.func.count(),
                    sa.func.coalesce(sa.func.max(entries.c.number), 0),
                    sa.func.coalesce(sa.func.sum(sa.func.length(entries.c.data)), 0),
                ).where(entries.c.event == event.id)
            ).first()
        count, last, size = (int(value or 0) for value in row) if row is not None else (0, 0, 0)
        return f"{count}:{last}", size + len(event.source.encode("utf-8"))

    def ledger(self, event: KeptEvent) -> list[Entry]:
        """Every entry of the event, in the order written."""
        with reading(self.engine) as conn:
            rows = conn.execute(
                sa.select(entries).where(entries.c.event == event.id).order_by(entries.c.number)
            ).mappings()
            return [
                Entry(
                    row["number"],
                    row["kind"],
                    json.loads(row["data"]),
                    row["created"] if row["created"].tzinfo else row["created"].replace(tzinfo=UTC),
                )
                for row in rows
            ]


EXTENSION = "arbiter_events"


def init_app(app: Flask, room: Store) -> EventStore:
    """Events kept in the database of kept rulings (`room`, whose quota they count toward),
    migrated at start-up as the rulings are (STORE_MIGRATE); their pages are arbiter_web/pages/events.py."""
    store = EventStore(room.engine, room)
    app.extensions[EXTENSION] = store
    wanted = app.config.get("STORE_MIGRATE", os.environ.get("STORE_MIGRATE", "").strip() or "yes")
    if str(wanted).lower() not in ("0", "no", "false", "off"):
        store.migrate()

    @app.cli.command("migrate-events")
    def migrate_command() -> None:
        """Bring the tables of kept events to the current schema."""
        applied = store.migrate()
        click.echo(f"applied migrations {', '.join(map(str, applied))}" if applied else "the schema is current")

    return store
