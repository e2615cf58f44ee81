"""What a request may cost: rate limits per client on the expensive endpoints, and a time limit
per request.

Every POST judges a record, so every POST is rate limited per client address (flask-limiter) when
`RATE_LIMIT` is set, such as "30 per minute; 300 per hour", and so is every GET that judges or
lists legal moves (the editor's `do=moves`, `do=check` and `pick=`, a kept ruling's page and its
file, the API's kept ruling, a kept pad's game); opening something kept (a ruling's page, its
download, its API object, an event's pages, the director's too, a kept pad's game) is counted apart, per client and
link kind, when `READ_RATE_LIMIT` is set; reading the rule sets, the docs and the health check is not limited. Both are off by default
(`make run` serves one person); a public deployment sets them. The counts are kept where they do
not wait behind the keepers of rulings (rate_counts.RateCounts): on SQLite in a file of their own beside
the store's (`<file>-rates`, in WAL mode), on PostgreSQL in the store's database, whose row locks
keepers never hold; so every worker, and every machine on a shared PostgreSQL, counts the same
requests. `RATE_LIMIT_STORAGE` may name another store flask-limiter supports
(`redis://host:6379`; `memory://` counts per worker process). A count that cannot be written
(a read-only or full disk) lets the request through and is logged: judging goes on. Behind a reverse proxy, the client
address must be the real one (werkzeug's ProxyFix). A limited client gets a 429 with
`Retry-After`.

`REQUEST_TIME_LIMIT` (seconds, default 10) bounds the judging of one request: past it, the
request is answered 503 with `Retry-After`, between two games, rather than holding the worker
until the server kills it mid-reply.

`MAX_URL_LENGTH` (default 8,192 characters) bounds the URL: longer is a 414.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from flask import Flask, current_app, g, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.exceptions import RequestURITooLarge, ServiceUnavailable

from arbiter.i18n import msg
from arbiter_web.storage import rate_counts, store

log = logging.getLogger(__name__)

COUNT_BUSY_WAIT = 2.0
"""Seconds a count waits for the counts' own file (a count is one short write)."""

DEFAULT_REQUEST_TIME_LIMIT = 10.0
"""Seconds one request may spend judging its record (config REQUEST_TIME_LIMIT)."""

RETRY_AFTER_SECONDS = 5

DEFAULT_MAX_URL_LENGTH = 8192
"""The longest URL (path and query) answered; longer is a 414 (config MAX_URL_LENGTH)."""


class TookTooLong(ServiceUnavailable):
    """The request's record took longer to judge than REQUEST_TIME_LIMIT allows."""

    def __init__(self, limit: float) -> None:
        message = msg(
            "judging this record took longer than the limit of {limit:g} seconds per request "
            "(REQUEST_TIME_LIMIT); send fewer games per request, or try again later",
            limit=limit,
        )
        super().__init__(message)
        self.data = {"message": message, "headers": {"Retry-After": str(RETRY_AFTER_SECONDS)}}


def _time_limit() -> float:
    return float(current_app.config.get("REQUEST_TIME_LIMIT", DEFAULT_REQUEST_TIME_LIMIT))


def _start_clock() -> None:
    g.deadline = time.monotonic() + _time_limit()


def restart_clock() -> None:
    """Start the request's time limit again (once it holds what it waited for)."""
    _start_clock()


class URLTooLong(RequestURITooLarge):
    def __init__(self, limit: int) -> None:
        super().__init__(msg("the URL is longer than the limit of {limit:,} characters (MAX_URL_LENGTH)", limit=limit))


def _check_url() -> None:
    limit = int(current_app.config.get("MAX_URL_LENGTH", DEFAULT_MAX_URL_LENGTH))
    if len(request.full_path) > limit:
        raise URLTooLong(limit)


def deadline() -> float:
    """When the current request must stop judging (time.monotonic())."""
    if "deadline" not in g:
        _start_clock()
    return float(g.deadline)


def check_time() -> None:
    """Raise TookTooLong once the current request is past its time limit."""
    if time.monotonic() > deadline():
        raise TookTooLong(_time_limit())


KEPT_READS = frozenset(
    {
        "permalink.show",
        "permalink.download",
        "stored.get_stored",
        "events.show",
        "events.live",
        "event_published.download",
        "events.director_page",
        "pad.pad",
    }
)
"""The endpoints that open something kept (a ruling, its file, an event's pages, the director's
among them, its ranking, a pad's game), counted by READ_RATE_LIMIT (the pad's page only when it
opens a kept game, `kept=`)."""
PAD = "pad.pad"
SHARED_STORAGE = f"{rate_counts.RateCounts.STORAGE_SCHEME[0]}://"  # importing it registers the scheme


JUDGING_READS = frozenset({"permalink.show", "permalink.download", "stored.get_stored"})
"""GET endpoints that may judge a kept record (a ruling page, its file, the API in another language)."""
EDITOR = "editor.editor"
EDITOR_WORK = frozenset({"moves", "check"})
"""What the editor's GET may be asked to do that judges or lists the legal moves (`do=`; `pick=` too)."""


def judges(endpoint: str | None, values: Any) -> bool:
    """Whether a GET to `endpoint` with these query values judges a record or lists legal moves."""
    if endpoint in JUDGING_READS:
        return True
    if endpoint == PAD and any(values.get(key, "").strip() for key in ("kept", "game")):  # the game judged
        return True
    return endpoint == EDITOR and (values.get("do") in EDITOR_WORK or bool(values.get("pick", "").strip()))


def _cheap() -> bool:
    return request.method != "POST" and not judges(request.endpoint, request.args)


def _not_a_kept_read() -> bool:
    if request.endpoint == PAD and not request.args.get("kept", "").strip():
        return True  # a new game's page opens nothing kept
    return request.method != "GET" or request.endpoint not in KEPT_READS


def counts_engine(engine: Any) -> Any:
    """Where the rate counts are kept, beside the store `engine`: on SQLite a file of its own
    (`<file>-rates`, WAL), so counting never waits behind a keeper's write lock; else the store's
    database. None when that file cannot be made (the counts are then each worker's own)."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return engine
    rates = Path(url.database).with_name(Path(url.database).name + "-rates")
    try:
        counted = store.make_engine(f"sqlite:///{rates}", COUNT_BUSY_WAIT)
        raw = counted.raw_connection()
        try:
            raw.cursor().execute("PRAGMA journal_mode=WAL")  # readers and the writer apart
        finally:
            raw.close()
        with counted.begin() as conn:
            store.rate_limits.create(conn, checkfirst=True)
    except sa.exc.SQLAlchemyError as error:
        log.warning("rate counts kept per worker: %s cannot be written (%s)", rates, error)
        return None
    return counted


def init_app(app: Flask, engine: Any = None) -> Limiter:
    """The limits; `engine` is the database of kept rulings, where the counts are kept unless
    RATE_LIMIT_STORAGE names another store."""
    rate = str(app.config.get("RATE_LIMIT") or "").strip()
    reads = str(app.config.get("READ_RATE_LIMIT") or "").strip()
    storage = app.config.get("RATE_LIMIT_STORAGE") or (SHARED_STORAGE if engine is not None else "memory://")
    app.config.setdefault("RATELIMIT_ENABLED", bool(rate or reads))
    if storage == SHARED_STORAGE:
        counts = counts_engine(engine) if rate or reads else None  # no counts made: no file
        if counts is None:
            storage = "memory://"
        else:
            app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"engine": counts})
    app.config.setdefault("RATELIMIT_STORAGE_URI", storage)
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)  # a count not written lets the request through
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    app.before_request(_check_url)
    app.before_request(_start_clock)
    return Limiter(
        get_remote_address,
        app=app,
        application_limits=[rate] if rate else [],  # one count per client across every POST endpoint
        application_limits_exempt_when=_cheap,
        default_limits=[reads] if reads else [],  # per client and endpoint: opening kept rulings
        default_limits_exempt_when=_not_a_kept_read,
    )
