"""One-time form tokens (issue 59): a form that makes something carries a random token, and what it
made is claimed under that token here, so a second POST of the same form (a double tap, a reload
the browser re-posts, the back button and Send again) finds the first one's answer instead of
making the thing twice.

Its own table in the database of kept rulings, with its own schema version (`once_schema_version`):
`form_once` holds the SHA-256 of each token used (never the token), what it made (the page to go
to) and when. The primary key makes the claim atomic: of two requests with one token, one claims
it and the other reads the first one's answer. Claims older than `KEPT_FOR` are forgotten.
"""

from __future__ import annotations

import base64
import hashlib
import os
import secrets
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from flask import Flask, current_app
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from .store import Store, run_migrations

EXTENSION = "arbiter_once"
ADVISORY_LOCK = 0x6F6E63  # any fixed number, not the rulings', the rulebooks' nor the events'
TOKEN_BYTES = 16
MAX_TOKEN = 64
KEPT_FOR = timedelta(days=2)
"""How long a token's claim is kept: longer than any form stays open on a phone."""

metadata = sa.MetaData()
schema_version = sa.Table(
    "once_schema_version",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("applied", sa.DateTime(timezone=True), nullable=False),
)


def _columns() -> list[sa.Column]:
    return [
        sa.Column("key", sa.String(64), primary_key=True),  # SHA-256 of what the token claims
        sa.Column("target", sa.Text, nullable=False),  # the page of what it made
        sa.Column("created", sa.DateTime(timezone=True), nullable=False, index=True),
    ]


claims = sa.Table("form_once", metadata, *_columns())


def _create(conn: Connection) -> None:
    fresh = sa.MetaData()
    sa.Table("form_once", fresh, *_columns()).create(conn)


MIGRATIONS = (_create,)
"""Migration N is MIGRATIONS[N - 1]. Append, never edit."""


def new_token() -> str:
    """A token for a form about to be shown."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_of(raw: str | None) -> str:
    """The token a form sent; a fresh one where it sent none (a client of its own: nothing to
    repeat), so every POST has one."""
    raw = (raw or "").strip()[:MAX_TOKEN]
    return raw or new_token()


def derived(purpose: str, token: str, length: int) -> str:
    """A secret made from a form's token (`length` letters of URL-safe base64): the same token
    gives the same one, so a repeated form finds what the first made and says it again, and none
    is kept here; without the token, none can be made."""
    digest = hashlib.sha256(f"derived {purpose}\n{token}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:length]


def _key(purpose: str, token: str) -> str:
    return hashlib.sha256(f"{purpose}\n{token}".encode()).hexdigest()


class Claims:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def migrate(self) -> list[int]:
        return run_migrations(self.engine, schema_version, MIGRATIONS, ADVISORY_LOCK)

    def claim(self, purpose: str, token: str, target: str) -> str | None:
        """Claim `token` for `purpose` (what the form does, and where), to make what `target`
        shows: None when it is claimed now, and the thing is to be made; else the target of the
        earlier claim, and nothing is to be made again."""
        key, now = _key(purpose, token), datetime.now(UTC)
        try:
            with self.engine.begin() as conn:
                conn.execute(sa.delete(claims).where(claims.c.created < now - KEPT_FOR))
                conn.execute(sa.insert(claims).values(key=key, target=target, created=now))
        except IntegrityError:
            with self.engine.begin() as conn:
                earlier = conn.scalar(sa.select(claims.c.target).where(claims.c.key == key))
            return str(earlier) if earlier is not None else target
        return None

    def settle(self, purpose: str, token: str, target: str) -> None:
        """Say where a claim made before its thing was (its id unknown then) leads."""
        with self.engine.begin() as conn:
            conn.execute(sa.update(claims).where(claims.c.key == _key(purpose, token)).values(target=target))

    def release(self, purpose: str, token: str) -> None:
        """Forget a claim whose thing could not be made (refused): the form may be sent again."""
        with self.engine.begin() as conn:
            conn.execute(sa.delete(claims).where(claims.c.key == _key(purpose, token)))


def claims_of_app() -> Claims:
    return current_app.extensions[EXTENSION]


def init_app(app: Flask, room: Store) -> Claims:
    """The claims, in the database of kept rulings (`room`), migrated at start-up with it."""
    kept = Claims(room.engine)
    app.extensions[EXTENSION] = kept
    app.jinja_env.globals["once_token"] = new_token  # a form's hidden `once`, new at each showing
    wanted = app.config.get("STORE_MIGRATE", os.environ.get("STORE_MIGRATE", "").strip() or "yes")
    if str(wanted).lower() not in ("0", "no", "false", "off"):
        kept.migrate()
    return kept
