"""Stored rulings: a ruling someone asked to keep, behind an unguessable id (issue 17).

SQLAlchemy Core over SQLite (a file in the Flask instance folder, the default) or PostgreSQL
(`DATABASE_URL`). The schema is versioned: `MIGRATIONS` are applied in order, each once, inside
one transaction that holds a lock (PostgreSQL: an advisory lock; SQLite: BEGIN IMMEDIATE), so
several workers starting at once migrate once. `flask --app app migrate` runs them by hand.

A stored ruling keeps what was asked (the record's bytes, the rule set and options), what was
answered (the game objects of the API) and who answered (the arbiter's and the notation's
version, and the engine's fingerprint: a ruling is judged again only by a different engine, and
that judgement is kept too). Its deletion token is shown once to whoever stores it; only its
SHA-256 is kept.

Room is bounded (issue 26): everything kept counts toward one quota of bytes (STORE_QUOTA), and a
ruling kept without a time is kept STORE_KEEP_DAYS days. Keeping past the quota is refused with
StoreFull, after expired rulings are deleted; nothing already kept is ever deleted to make room.
Other kinds of kept things count toward the same quota with `Store.count_toward_quota`. The bytes
kept are a running total (`store_usage`, issue 46), counted once from the tables when it is first
needed and then kept up by each keep and each deletion, so a keeper holds the write lock for its
own row, not for a sum over the whole table.

A busy store is waited on at most STORE_BUSY_WAIT seconds (default 5; SQLite's busy timeout), and
a store that cannot be written (busy past that, read-only, a full disk) is answered 503 or 507
by `store_problem`, never a 500; judging needs no store and goes on. `Store.writable` probes it
(GET /readyz).

What a kept ruling's page needs to be shown in every language (today's games and the tables of
its replay) is kept per engine (`ruling_views`, `Store.view`), so the page and the API in another
language judge a kept record once per engine, not at every opening.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from arbiter.i18n import msg

from .quota import Beside, take_room_for_change
from .reading import READ_ONLY, reading, use_wal

ID_BYTES = 16  # secrets.token_urlsafe(16): 22 characters, 128 bits
ID_LENGTH = 22
TOKEN_BYTES = 24
DEFAULT_MAX_RECORD = 256 * 1024
"""The largest record kept, in bytes (config STORE_MAX_RECORD)."""
MAX_KEEP_DAYS = 3650
DEFAULT_QUOTA = 1024**3
"""Bytes of kept rulings (records and answers) the store holds at most (config STORE_QUOTA)."""
DEFAULT_KEEP_DAYS = 365
"""Days a ruling kept without a time is kept (config STORE_KEEP_DAYS; 0: until deleted)."""
QUOTA_LOCK = 0x617263  # held while one keeper checks the room left and takes it (PostgreSQL)
SQLITE_FILE = "rulings.sqlite3"
DEFAULT_BUSY_WAIT = 5.0
"""Seconds a request waits for a busy store before a 503 (config STORE_BUSY_WAIT)."""
USAGE_KEY = "kept"
ADVISORY_LOCK = 0x617262  # any fixed number, the same in every process migrating this database

metadata = sa.MetaData()

schema_version = sa.Table(
    "arbiter_schema_version",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("applied", sa.DateTime(timezone=True), nullable=False),
)


def _columns_v1() -> list[sa.Column]:
    return [
        sa.Column("id", sa.String(ID_LENGTH), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("record", sa.LargeBinary, nullable=False),
        sa.Column("rules", sa.String(100)),
        sa.Column("options", sa.Text, nullable=False),  # JSON, ASCII (json.dumps escapes the rest)
        sa.Column("games", sa.Text, nullable=False),  # JSON: the API's game objects
        sa.Column("arbiter_version", sa.String(40), nullable=False),
        sa.Column("notation_version", sa.String(20), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True)),
    ]


def _create_rulings(conn: Connection) -> None:
    sa.Table("stored_rulings", sa.MetaData(), *_columns_v1()).create(conn)


def _index_expiry(conn: Connection) -> None:
    table = sa.Table("stored_rulings", sa.MetaData(), sa.Column("expires", sa.DateTime(timezone=True)))
    sa.Index("stored_rulings_expires", table.c.expires).create(conn)


def _columns_v3() -> list[sa.Column]:
    return [
        sa.Column("size", sa.BigInteger),  # bytes counted toward the quota
        sa.Column("engine_version", sa.String(80)),  # the engine that made `games`
        sa.Column("today_version", sa.String(80)),  # the engine that made `today_games`, if another
        sa.Column("today_games", sa.Text),
    ]


def _columns_rate_limits() -> list[sa.Column]:
    return [
        sa.Column("key", sa.String(255), primary_key=True),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),  # seconds since the epoch
    ]


def _sizes_and_rate_limits(conn: Connection) -> None:
    """Migration 3 (issue 26): what each ruling weighs, which engine judged it, today's judgement
    by a later engine; and the rate limiter's counts, shared by every worker."""
    for column in _columns_v3():
        kind = column.type.compile(dialect=conn.dialect)
        conn.execute(sa.text(f"ALTER TABLE stored_rulings ADD COLUMN {column.name} {kind}"))
    conn.execute(sa.text("UPDATE stored_rulings SET size = length(record) + length(games) + length(options)"))
    sa.Table("rate_limits", sa.MetaData(), *_columns_rate_limits()).create(conn)


def _columns_usage() -> list[sa.Column]:
    return [sa.Column("name", sa.String(40), primary_key=True), sa.Column("bytes", sa.BigInteger, nullable=False)]


def _columns_views() -> list[sa.Column]:
    return [
        sa.Column("id", sa.String(ID_LENGTH), primary_key=True),
        sa.Column("engine_version", sa.String(80), nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),  # zlib of the page's pickled replays and games
    ]


def _usage_and_views(conn: Connection) -> None:
    """Migration 4 (issue 46): the running total of the bytes kept, and what a kept ruling's page
    needs per engine. The total is counted from the tables the first time it is needed."""
    sa.Table("store_usage", sa.MetaData(), *_columns_usage()).create(conn)
    sa.Table("ruling_views", sa.MetaData(), *_columns_views()).create(conn)


def _views_counted(conn: Connection) -> None:
    """Migration 5 (issue 60): what a ruling's page needs counts toward the quota, and goes with
    the ruling: the views of rulings gone are deleted, and the running total is counted again."""
    conn.execute(sa.text("DELETE FROM ruling_views WHERE id NOT IN (SELECT id FROM stored_rulings)"))
    conn.execute(sa.text("DELETE FROM store_usage WHERE name = 'kept'"))


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    _create_rulings,
    _index_expiry,
    _sizes_and_rate_limits,
    _usage_and_views,
    _views_counted,
)
"""Migration N is MIGRATIONS[N - 1]. Append, never edit: a deployed database has run the old ones."""


rulings = sa.Table("stored_rulings", metadata, *_columns_v1(), *_columns_v3())
"""The table as it is now, for queries: migration 1's columns, plus any a later migration adds
(listed here too). Migrations build their own snapshots, so changing this never changes them."""
rate_limits = sa.Table("rate_limits", metadata, *_columns_rate_limits())
store_usage = sa.Table("store_usage", metadata, *_columns_usage())
ruling_views = sa.Table("ruling_views", metadata, *_columns_views())


class RecordTooLarge(Exception):
    def __init__(self, limit: int) -> None:
        super().__init__(msg("records larger than {limit:,} bytes are not kept (STORE_MAX_RECORD)", limit=limit))


class StoreFull(Exception):
    """Keeping this would pass the store's quota; nothing kept was deleted to make room."""

    def __init__(self, quota: int) -> None:
        super().__init__(
            msg(
                "the arbiter's storage is full (its quota is {quota:,} bytes, STORE_QUOTA): nothing more can be kept "
                "until kept rulings expire or are deleted; the ruling itself is given as usual",
                quota=quota,
            )
        )
        self.quota = quota


@dataclass(frozen=True, slots=True)
class StoredRuling:
    id: str
    record: bytes
    rules: str | None
    options: dict[str, Any]
    games: list[dict[str, Any]]
    arbiter_version: str
    notation_version: str
    created: datetime
    expires: datetime | None
    engine_version: str | None = None
    today_version: str | None = None
    today_games: list[dict[str, Any]] | None = None

    @property
    def text(self) -> str:
        return self.record.decode("utf-8", "replace")


@dataclass(frozen=True, slots=True)
class Receipt:
    """What storing answers, once: the id and the deletion token."""

    id: str
    token: str
    expires: datetime | None


def database_url(url: str | None, instance_path: str) -> str:
    """`url` (DATABASE_URL) with PostgreSQL spelled for psycopg 3; else the SQLite file."""
    if not url:
        Path(instance_path).mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{Path(instance_path) / SQLITE_FILE}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def make_engine(url: str, busy_wait: float = DEFAULT_BUSY_WAIT) -> Engine:
    """The engine of the store at `url`, waiting at most `busy_wait` seconds for a busy database."""
    if not url.startswith("sqlite"):
        waits = {"options": f"-c lock_timeout={int(busy_wait * 1000)}"} if url.startswith("postgresql+psycopg") else {}
        return sa.create_engine(url, pool_pre_ping=True, connect_args=waits)
    engine = sa.create_engine(url, connect_args={"timeout": busy_wait})

    # pysqlite opens transactions late and on its own; take the write lock at BEGIN instead, so
    # concurrent writers queue for the busy timeout rather than fail (SQLAlchemy's documented recipe).
    @sa.event.listens_for(engine, "connect")
    def _autocommit(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None

    @sa.event.listens_for(engine, "begin")
    def _begin_immediate(conn: Connection) -> None:
        # a read asked for as such (`READ_ONLY`) takes no write lock: it reads beside a writer
        conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get(READ_ONLY) else "BEGIN IMMEDIATE")

    use_wal(engine)
    return engine


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without their zone; every one stored is UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


QuotaPart = Callable[[Connection], int]
"""Bytes one kind of kept thing takes now, read in the keeper's transaction."""


def migrated_to(engine: Engine, versions: sa.Table) -> int:
    """The last migration a database has run (0: none), read without the write lock, so that a
    worker starting while a keeper holds the lock of an up-to-date store starts at once."""
    with engine.connect().execution_options(**{READ_ONLY: True}) as conn:
        if not sa.inspect(conn).has_table(versions.name):
            return 0
        return int(conn.scalar(sa.select(sa.func.max(versions.c.version))) or 0)


def run_migrations(
    engine: Engine, versions: sa.Table, migrations: Sequence[Callable[[Connection], None]], lock: int
) -> list[int]:
    """Apply the migrations a database has not run, recording each in `versions` (migration N is
    migrations[N - 1]); the numbers applied. Processes migrating at once take turns: SQLite's write
    lock, or PostgreSQL's advisory lock `lock`. A database that has run them all is only read."""
    if migrated_to(engine, versions) >= len(migrations):
        return []
    applied = []
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(sa.select(sa.func.pg_advisory_xact_lock(lock)))
        versions.create(conn, checkfirst=True)
        current = conn.scalar(sa.select(sa.func.max(versions.c.version))) or 0
        for number, step in enumerate(migrations[current:], start=current + 1):
            step(conn)
            conn.execute(sa.insert(versions).values(version=number, applied=_now()))
            applied.append(number)
    return applied


def _rulings_bytes(conn: Connection) -> int:
    return int(conn.scalar(sa.select(sa.func.coalesce(sa.func.sum(rulings.c.size), 0))) or 0)


class Store:
    def __init__(
        self,
        engine: Engine,
        max_record: int = DEFAULT_MAX_RECORD,
        quota: int = DEFAULT_QUOTA,
        keep_days: int = DEFAULT_KEEP_DAYS,
    ) -> None:
        self.engine = engine
        self.max_record = max_record
        self.quota = quota
        self.keep_days = keep_days
        self.quota_parts: list[QuotaPart] = [_rulings_bytes]
        self.beside_rulings: list[Beside] = []
        self.keep_beside(Beside(ruling_views, ruling_views.c.id, sa.func.length(ruling_views.c.data)))

    # --- room -----------------------------------------------------------------------------------

    def count_toward_quota(self, part: QuotaPart) -> None:
        """Count another kind of kept thing (its bytes now, from `part`) toward the one quota."""
        self.quota_parts.append(part)

    def keep_beside(self, kind: Beside) -> None:
        """Count a kind of thing kept beside rulings toward the quota; it goes with its ruling."""
        self.beside_rulings.append(kind)
        self.count_toward_quota(kind.part())

    def used(self, conn: Connection | None = None) -> int:
        """Bytes kept now, of every kind counted toward the quota (the running total)."""
        if conn is None:
            with reading(self.engine) as own:
                return self.used(own)
        total = conn.scalar(sa.select(store_usage.c.bytes).where(store_usage.c.name == USAGE_KEY))
        return int(total) if total is not None else self.counted(conn)

    def counted(self, conn: Connection) -> int:
        """Bytes kept now, summed over every table (what the running total starts from)."""
        return sum(part(conn) for part in self.quota_parts)

    def take_room(self, conn: Connection, size: int) -> None:
        """In the keeper's transaction, before it inserts `size` bytes: delete what has expired,
        then raise StoreFull if the rest and `size` pass the quota, else add `size` to the running
        total. Keepers take turns here (SQLite's write lock, PostgreSQL's advisory lock), so two
        cannot both take the last room."""
        if conn.dialect.name == "postgresql":
            conn.execute(sa.select(sa.func.pg_advisory_xact_lock(QUOTA_LOCK)))
        total = conn.scalar(sa.select(store_usage.c.bytes).where(store_usage.c.name == USAGE_KEY))
        if total is None:  # the first keep since migration 4: count once
            total = self.counted(conn)
            conn.execute(sa.insert(store_usage).values(name=USAGE_KEY, bytes=total))
        total -= self._delete_expired(conn)
        if total + size > self.quota:
            raise StoreFull(self.quota)
        self._set_used(conn, total + size)

    def _delete_expired(self, conn: Connection) -> int:
        """Delete the rulings whose time is up (found by the index on `expires`); their bytes."""
        ended = rulings.c.expires <= _now()
        freed = int(conn.scalar(sa.select(sa.func.coalesce(sa.func.sum(rulings.c.size), 0)).where(ended)) or 0)
        if freed:
            freed += self._delete_beside(conn, sa.select(rulings.c.id).where(ended))
            conn.execute(sa.delete(rulings).where(ended))
        return freed

    def _delete_beside(self, conn: Connection, ids: sa.Select) -> int:
        """Delete everything kept beside the rulings `ids` selects; its bytes."""
        return sum(kind.delete(conn, ids) for kind in self.beside_rulings)

    def _set_used(self, conn: Connection, total: int) -> None:
        conn.execute(sa.update(store_usage).where(store_usage.c.name == USAGE_KEY).values(bytes=max(total, 0)))

    def _free(self, conn: Connection, size: int) -> None:
        """Take `size` bytes deleted off the running total (if it is counted yet)."""
        conn.execute(
            sa.update(store_usage)
            .where(store_usage.c.name == USAGE_KEY)
            .values(bytes=sa.case((store_usage.c.bytes > size, store_usage.c.bytes - size), else_=0))
        )

    # --- schema ---------------------------------------------------------------------------------

    def version(self) -> int:
        return migrated_to(self.engine, schema_version)

    def migrate(self) -> list[int]:
        """Apply the migrations this database has not run; the numbers applied."""
        return run_migrations(self.engine, schema_version, MIGRATIONS, ADVISORY_LOCK)

    # --- rulings --------------------------------------------------------------------------------

    def check_size(self, record: bytes) -> None:
        """Raises RecordTooLarge for a record over the limit (before it is judged, too)."""
        if len(record) > self.max_record:
            raise RecordTooLarge(self.max_record)

    def save(
        self,
        record: bytes,
        rules: str | None,
        options: Mapping[str, Any],
        games: list[dict[str, Any]],
        versions: tuple[str, str],
        keep_days: int | None = None,
        engine_version: str | None = None,
    ) -> Receipt:
        """Keep a ruling for `keep_days` days (None: the store's default). Raises RecordTooLarge
        and StoreFull."""
        self.check_size(record)
        days = self.keep_days if keep_days is None else keep_days
        receipt = Receipt(
            id=secrets.token_urlsafe(ID_BYTES),
            token=secrets.token_urlsafe(TOKEN_BYTES),
            expires=_now() + timedelta(days=days) if days else None,
        )
        options_text, games_text = json.dumps(dict(options)), json.dumps(games)
        size = len(record) + len(games_text) + len(options_text)
        with self.engine.begin() as conn:
            self.take_room(conn, size)
            conn.execute(
                sa.insert(rulings).values(
                    id=receipt.id,
                    token_hash=token_hash(receipt.token),
                    record=record,
                    rules=rules,
                    options=options_text,
                    games=games_text,
                    arbiter_version=versions[0],
                    notation_version=versions[1],
                    created=_now(),
                    expires=receipt.expires,
                    size=size,
                    engine_version=engine_version,
                )
            )
        return receipt

    def get(self, ruling_id: str) -> StoredRuling | None:
        """The stored ruling, or None if there is none by that id or it has expired."""
        if len(ruling_id) != ID_LENGTH:
            return None
        with reading(self.engine) as conn:
            row = conn.execute(sa.select(rulings).where(rulings.c.id == ruling_id)).mappings().first()
        if row is None:
            return None
        expires = _aware(row["expires"])
        if expires is not None and expires <= _now():
            return None
        return StoredRuling(
            id=row["id"],
            record=bytes(row["record"]),
            rules=row["rules"],
            options=json.loads(row["options"]),
            games=json.loads(row["games"]),
            arbiter_version=row["arbiter_version"],
            notation_version=row["notation_version"],
            created=_aware(row["created"]) or _now(),
            expires=expires,
            engine_version=row["engine_version"],
            today_version=row["today_version"],
            today_games=json.loads(row["today_games"]) if row["today_games"] else None,
        )

    def keep_today(self, ruling_id: str, engine_version: str, games: list[dict[str, Any]]) -> None:
        """Keep a later engine's judgement of a kept record, so it is made once per engine. It
        replaces an earlier one and counts toward the quota with the ruling; past the quota it is
        not kept (and is made again at the next opening)."""
        today = json.dumps(games)
        with contextlib.suppress(StoreFull), self.engine.begin() as conn:
            row = conn.execute(
                sa.select(rulings.c.size, sa.func.length(rulings.c.today_games)).where(rulings.c.id == ruling_id)
            ).first()
            if row is None:
                return
            before = int(row[1] or 0)
            take_room_for_change(self, conn, before, len(today))
            conn.execute(
                sa.update(rulings)
                .where(rulings.c.id == ruling_id)
                .values(today_version=engine_version, today_games=today, size=int(row[0] or 0) - before + len(today))
            )

    def delete(self, ruling_id: str, token: str) -> bool:
        """Delete the ruling if `token` is its deletion token; whether it was deleted."""
        if len(ruling_id) != ID_LENGTH:
            return False
        with self.engine.begin() as conn:
            stored = conn.scalar(sa.select(rulings.c.token_hash).where(rulings.c.id == ruling_id))
            if stored is None or not hmac.compare_digest(stored, token_hash(token)):
                return False
            size = conn.scalar(sa.select(rulings.c.size).where(rulings.c.id == ruling_id)) or 0
            size += self._delete_beside(conn, sa.select(rulings.c.id).where(rulings.c.id == ruling_id))
            conn.execute(sa.delete(rulings).where(rulings.c.id == ruling_id))
            self._free(conn, int(size))
        return True

    def purge_expired(self) -> int:
        """Delete every expired ruling; how many."""
        with self.engine.begin() as conn:
            ended = rulings.c.expires <= _now()
            count = conn.scalar(sa.select(sa.func.count()).select_from(rulings).where(ended)) or 0
            self._free(conn, self._delete_expired(conn))
        return int(count)

    # --- what a kept ruling's page needs, per engine --------------------------------------------

    def view(self, ruling_id: str, engine_version: str) -> bytes | None:
        """What `keep_view` kept for this ruling and engine, or None."""
        with reading(self.engine) as conn:
            row = conn.execute(
                sa.select(ruling_views.c.data).where(
                    ruling_views.c.id == ruling_id, ruling_views.c.engine_version == engine_version
                )
            ).first()
        return bytes(row[0]) if row is not None else None

    def keep_view(self, ruling_id: str, engine_version: str, data: bytes) -> None:
        """Keep what a kept ruling's page needs, as this engine made it (replacing another
        engine's). It counts toward the quota; past it, it is not kept (the page is made again at
        the next opening)."""
        with contextlib.suppress(StoreFull), self.engine.begin() as conn:
            if conn.scalar(sa.select(rulings.c.id).where(rulings.c.id == ruling_id)) is None:
                return
            mine = ruling_views.c.id == ruling_id
            before = int(
                conn.scalar(sa.select(sa.func.coalesce(sa.func.length(ruling_views.c.data), 0)).where(mine)) or 0
            )
            take_room_for_change(self, conn, before, len(data))
            conn.execute(sa.delete(ruling_views).where(mine))
            conn.execute(sa.insert(ruling_views).values(id=ruling_id, engine_version=engine_version, data=data))

    # --- whether it can be written --------------------------------------------------------------

    def writable(self) -> str | None:
        """None when the store can be written now; else why not (a probe written and undone)."""
        try:
            with self.engine.connect() as conn, conn.begin() as probe:
                conn.execute(sa.insert(store_usage).values(name="write-probe", bytes=0))
                probe.rollback()
        except sa.exc.SQLAlchemyError as error:
            return store_problem(error).reason
        return None

    def count(self) -> int:
        with reading(self.engine) as conn:
            return conn.scalar(sa.select(sa.func.count()).select_from(rulings)) or 0


@dataclass(frozen=True, slots=True)
class StoreProblem:
    """Why the store could not do what was asked: `busy` (another keeper held it past
    STORE_BUSY_WAIT), `read-only`, `full` (the disk), or `unavailable`; the status to answer."""

    kind: str
    status: int
    reason: str


SQLSTATES = {"55P03": "busy", "40P01": "busy", "25006": "read-only", "53100": "full", "53200": "full"}


def store_problem(error: BaseException) -> StoreProblem:
    """What a database error says of the store, for an answer that is never a 500."""
    original = getattr(error, "orig", error)
    text = str(original).lower()
    kind = SQLSTATES.get(str(getattr(original, "sqlstate", "") or ""), "")
    if not kind:
        if "locked" in text or "busy" in text:
            kind = "busy"
        elif "readonly" in text or "read-only" in text or "read only" in text:
            kind = "read-only"
        elif "full" in text or "no space" in text:
            kind = "full"
        else:
            kind = "unavailable"
    reasons = {
        "busy": msg("the store of kept rulings is busy with other keepers; try again shortly"),
        "read-only": msg("the store of kept rulings cannot be written just now (it is read-only); nothing can be kept"),
        "full": msg("the disk of the store of kept rulings is full; nothing more can be kept"),
        "unavailable": msg("the store of kept rulings cannot be reached just now; try again shortly"),
    }
    return StoreProblem(kind, 507 if kind == "full" else 503, reasons[kind])
