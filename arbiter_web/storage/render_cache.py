"""Pages rendered once and served from what was kept (issue 60).

A kept ruling's page costs more than a small one: it is judged (once per engine, `ruling_views`),
then rendered, perhaps several times, to fit its bound (arbiter_web/serving/page_size.py). So each
such page is rendered once per kind (the page, the downloaded file), arbiter version, engine and
language, and kept here (`rendered_pages`, zlib-compressed); every later opening is a read. The
address of the service in the page is kept as a mark and written back at each opening, so a
page kept for one host name is never shown with it under another.

What is kept here counts toward the store's quota and goes with its ruling (arbiter_web/storage/
quota.py); past the quota a page is shown and not kept. Its own schema version
(`render_cache_schema_version`), migrated at start-up as the rulings are.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import zlib
from collections.abc import Callable

import sqlalchemy as sa
from flask import Flask, current_app, request
from markupsafe import escape
from sqlalchemy.engine import Connection

from arbiter_web.serving import lang

from .quota import Beside, take_room_for_change
from .reading import reading
from .store import ID_LENGTH, Store, StoreFull, rulings, run_migrations

ADVISORY_LOCK = 0x72656E  # any fixed number, not the rulings', rulebooks' nor events'
HOST_MARK = "\x00arbiter-host\x00"
"""Where the service's address stood in a kept page (never in a rendered page: it is a NUL)."""

metadata = sa.MetaData()
schema_version = sa.Table(
    "render_cache_schema_version",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("applied", sa.DateTime(timezone=True), nullable=False),
)


def _columns() -> list[sa.Column]:
    return [
        sa.Column("ruling", sa.String(ID_LENGTH), primary_key=True),
        sa.Column("key", sa.String(64), primary_key=True),  # SHA-256 of kind, versions and language
        sa.Column("data", sa.LargeBinary, nullable=False),  # zlib of the page, the host marked
        sa.Column("stamp", sa.String(80)),  # an event's: the state of its ledger the page shows
    ]


pages = sa.Table("rendered_pages", metadata, *_columns())


def _create(conn: Connection) -> None:
    sa.Table("rendered_pages", sa.MetaData(), *_columns()).create(conn)


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_create,)


def page_key(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()


class RenderCache:
    def __init__(self, room: Store) -> None:
        self.room = room
        self.engine = room.engine
        room.keep_beside(Beside(pages, pages.c.ruling, sa.func.length(pages.c.data)))

    def migrate(self) -> list[int]:
        return run_migrations(self.engine, schema_version, MIGRATIONS, ADVISORY_LOCK)

    def get(self, ruling_id: str, key: str, host: str) -> str | None:
        """The page kept for this ruling under `key`, with the service's address `host`; or None."""
        with reading(self.engine) as conn:
            data = conn.scalar(sa.select(pages.c.data).where(pages.c.ruling == ruling_id, pages.c.key == key))
        if data is None:
            return None
        return zlib.decompress(bytes(data)).decode("utf-8").replace(HOST_MARK, host)

    def data(self, ruling_id: str, key: str) -> bytes | None:
        """What `keep_data` kept for this ruling under `key`, or None."""
        with reading(self.engine) as conn:
            data = conn.scalar(sa.select(pages.c.data).where(pages.c.ruling == ruling_id, pages.c.key == key))
        return zlib.decompress(bytes(data)) if data is not None else None

    def keep_data(self, ruling_id: str, key: str, data: bytes) -> None:
        """Keep what a page of this ruling is made from (bytes), as `keep` keeps a page."""
        self._insert(ruling_id, key, zlib.compress(data))

    def keep(self, ruling_id: str, key: str, host: str, page: str, stamp: str | None = None) -> None:
        """Keep a page rendered for this ruling, its address `host` marked; nothing when the host
        is not written as it is (an address the page would escape), the ruling is gone, or the
        store is full or busy (the page is rendered again at the next opening). An event's page
        (`stamp`: its ledger's state) replaces the pages of its earlier states."""
        if not host or str(escape(host)) != host:
            return
        self._insert(ruling_id, key, zlib.compress(page.replace(host, HOST_MARK).encode("utf-8")), stamp)

    def _insert(self, ruling_id: str, key: str, data: bytes, stamp: str | None = None) -> None:
        with contextlib.suppress(StoreFull, sa.exc.SQLAlchemyError), self.engine.begin() as conn:
            if stamp is not None:
                self._forget_older(conn, ruling_id, stamp)
            elif conn.scalar(sa.select(rulings.c.id).where(rulings.c.id == ruling_id)) is None:
                return
            mine = pages.c.ruling == ruling_id, pages.c.key == key
            if conn.scalar(sa.select(sa.func.count()).select_from(pages).where(*mine)):
                return  # another worker kept it first
            self.room.take_room(conn, len(data))
            conn.execute(sa.insert(pages).values(ruling=ruling_id, key=key, data=data, stamp=stamp))

    def _forget_older(self, conn: Connection, owner: str, stamp: str) -> None:
        """Delete an event's pages of its ledger's earlier states, freeing their bytes."""
        older = pages.c.ruling == owner, pages.c.stamp != stamp
        freed = int(
            conn.scalar(sa.select(sa.func.coalesce(sa.func.sum(sa.func.length(pages.c.data)), 0)).where(*older)) or 0
        )
        if freed:
            conn.execute(sa.delete(pages).where(*older))
            take_room_for_change(self.room, conn, freed, 0)


EXTENSION = "arbiter_render_cache"


def init_app(app: Flask, room: Store) -> RenderCache:
    """Rendered pages kept in the database of kept rulings (`room`, whose quota they count toward),
    migrated at start-up as the rulings are (STORE_MIGRATE)."""
    cache = RenderCache(room)
    app.extensions[EXTENSION] = cache
    if str(app.config.get("STORE_MIGRATE", os.environ.get("STORE_MIGRATE", "").strip() or "yes")).lower() not in (
        "0",
        "no",
        "false",
        "off",
    ):
        cache.migrate()
    return cache


def cache() -> RenderCache:
    return current_app.extensions[EXTENSION]  # type: ignore[no-any-return]


def rendered(
    ruling_id: str, kind: str, versions: tuple[str, ...], render: Callable[[], str], stamp: str | None = None
) -> str:
    """The page `kind` of a kept ruling (or of an event, in the state `stamp` of its ledger) in the
    reader's language: what was kept for these versions, else `render()`, kept for the next opening."""
    key = page_key(kind, *versions, lang.current(), stamp or "")
    host = request.host_url
    known = cache().get(ruling_id, key, host)
    if known is not None:
        return known
    with _RENDERING[hash((ruling_id, key)) % len(_RENDERING)]:  # one render a page per process
        known = cache().get(ruling_id, key, host)  # rendered while this request waited
        if known is not None:
            return known
        page = render()
        cache().keep(ruling_id, key, host, page, stamp)
    return page


_RENDERING = tuple(threading.RLock() for _ in range(64))
"""Locks a page's first render takes, chosen by its key: the clients that open a page being
rendered wait for it and read what was kept, rather than render it again in a lane of their own."""


def made(ruling_id: str, kind: str, versions: tuple[str, ...], make: Callable[[], bytes]) -> bytes:
    """What a page of a kept ruling is made from (`kind`, whatever the language): what was kept for
    these versions, else `make()`, kept for the next opening; the clients asking while it is made
    wait for it and read what was kept."""
    key = page_key(kind, *versions)
    known = cache().data(ruling_id, key)
    if known is not None:
        return known
    with _RENDERING[hash((ruling_id, key)) % len(_RENDERING)]:  # made once per process, as a page is
        known = cache().data(ruling_id, key)  # made while this request waited
        if known is not None:
            return known
        data = make()
        cache().keep_data(ruling_id, key, data)
    return data
