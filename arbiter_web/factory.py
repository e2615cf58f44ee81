"""The arbiter's web adapter: `create_app()` builds the Flask app (the JSON API, its OpenAPI
document and docs page, and the paste-a-record page).

    arbiter serve --port 8000 --workers 2                     # what `make run` does
    gunicorn --bind 127.0.0.1:8000 'arbiter_web.wsgi:app'     # the same, with gunicorn's own flags

Configuration, from `config` or else the environment (docs/api.md):
    MAX_CONTENT_LENGTH  the largest request body in bytes (default 1 MiB); larger is a 413
    MAX_GAMES           the most games one request may hold (default 1,000); more is a 413
    MAX_FINDINGS        findings listed per answer (default 1,000); the rest are counted, not listed
    MAX_GAME_FINDINGS   findings listed per game (default 100)
    REQUEST_TIME_LIMIT  seconds one request may spend judging (default 10); past it, a 503
    RATE_LIMIT          requests per client to the POST endpoints, e.g. "30 per minute" (default: off)
    READ_RATE_LIMIT     openings of kept rulings per client and kind, e.g. "60 per minute" (default: off)
    RATE_LIMIT_STORAGE  where the rate limiter counts (default: the database of kept rulings, which every
                        worker shares; or memory:// per worker, redis://...)
    MAX_URL_LENGTH      the longest URL answered (default 8,192 characters); longer is a 414
    LARGE_REQUEST_BYTES, LARGE_LANES, LARGE_QUEUE, LARGE_WAIT   large records take turns (lanes.py)
    MAX_STEPS, MAX_LEGAL_ACTIONS, LARGE_REQUEST_STEPS   the work of listing legal actions, per request;
                        heavy work takes a lane too (workload.py)
    PAGE_RATIO, PAGE_FLOOR   a ruling page is at most 20 times its request, or 256 KiB (page_size.py)
    ACCESS_LOG          one JSON line per request on standard error (default on)
    DATABASE_URL, STORE_MAX_RECORD, STORE_MIGRATE   kept rulings (arbiter_web/stored.py)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

import arbiter
import arbiter.budget
import arbiter_web
from arbiter_web import (
    access,
    api,
    apidocs,
    editor,
    errors,
    events,
    lanes,
    lang,
    limits,
    notation,
    pad,
    page,
    permalink,
    rulebook_pages,
    rulebooks,
    rulebooks_api,
    security,
    stored,
    stored_api,
    templating,
    workload,
)

WEB = Path(arbiter_web.__file__).parent
ENVIRONMENT = (
    "MAX_CONTENT_LENGTH",
    "MAX_GAMES",
    "MAX_FINDINGS",
    "MAX_GAME_FINDINGS",
    "MAX_URL_LENGTH",
    "LARGE_REQUEST_BYTES",
    "LARGE_LANES",
    "LARGE_QUEUE",
    "PAGE_RATIO",
    "PAGE_FLOOR",
    "MAX_STEPS",
    "MAX_LEGAL_ACTIONS",
    "LARGE_REQUEST_STEPS",
)
SECONDS_ENVIRONMENT = ("REQUEST_TIME_LIMIT", "LARGE_WAIT")
TEXT_ENVIRONMENT = ("RATE_LIMIT", "READ_RATE_LIMIT", "RATE_LIMIT_STORAGE")


def _from_environment() -> dict[str, Any]:
    values = {}
    for name in ENVIRONMENT:
        raw = os.environ.get(name, "").strip()
        if raw:
            try:
                values[name] = int(raw.replace("_", ""))
            except ValueError:
                raise SystemExit(f"{name} must be a whole number of bytes or games, not {raw!r}") from None
    return values | _service_environment()


def _service_environment() -> dict[str, Any]:
    """The settings of arbiter_web.limits and arbiter_web.access from the environment."""
    values: dict[str, Any] = {name: os.environ[name].strip() for name in TEXT_ENVIRONMENT if name in os.environ}
    for name in SECONDS_ENVIRONMENT:
        raw = os.environ.get(name, "").strip()
        if raw:
            try:
                values[name] = float(raw)
            except ValueError:
                raise SystemExit(f"{name} must be a number of seconds, not {raw!r}") from None
    if os.environ.get("ACCESS_LOG", "").strip().lower() in ("0", "no", "off", "false"):
        values["ACCESS_LOG"] = False
    return values


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(WEB / "templates"), static_folder=str(WEB / "static"))
    app.config.update(
        MAX_CONTENT_LENGTH=arbiter_web.DEFAULT_MAX_CONTENT_LENGTH,
        MAX_GAMES=arbiter_web.DEFAULT_MAX_GAMES,
        MAX_FINDINGS=arbiter.budget.DEFAULT_MAX_FINDINGS,
        MAX_GAME_FINDINGS=arbiter.budget.DEFAULT_MAX_GAME_FINDINGS,
        API_TITLE="Canasta arbiter",
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={
            "info": {
                "description": "Rulings on Canasta game records: send a record in the notation "
                f"(version {arbiter.NOTATION_VERSION}), get the verdict on each game with its findings "
                "and the recomputed scores. The reference in prose is docs/api.md; this page is "
                "/api/docs and the document /api/openapi.json."
            },
        },
    )
    app.config.update(_from_environment())
    app.config.update(config or {})
    if "MAX_FORM_MEMORY_SIZE" not in (config or {}):  # the page's form carries the record in a text field
        app.config["MAX_FORM_MEMORY_SIZE"] = app.config["MAX_CONTENT_LENGTH"]
    app.json.sort_keys = False  # keep the game object's documented key order  # type: ignore[attr-defined]

    access.init_app(app)  # first: the request id and the clock start before anything else
    lang.init_app(app)  # the reader's language (issue 25), before any view or error says a word
    kept = stored.init_app(app)  # kept rulings (issue 17): the database, migrated at start-up
    limits.init_app(app, kept.engine)  # the rate limits' counts are kept in the same database
    lanes.init_app(app)  # after the rate limits: a limited client is refused before it queues
    workload.init_app(app)  # after the lanes: each request's work budget, heavy work moved to a lane
    app.extensions[apidocs.EXTENSION] = api.init_app(app)
    stored_api.init_app(app.extensions[apidocs.EXTENSION])
    rulebooks.init_app(app, kept)  # kept house rulebooks (issue 29): the same database, the same quota
    rulebooks_api.init_app(app.extensions[apidocs.EXTENSION])
    events.init_app(app, kept)  # events on the service (issue 43): the same database, the same quota
    app.register_blueprint(apidocs.bp)
    app.register_blueprint(page.bp)
    app.register_blueprint(permalink.bp)
    app.register_blueprint(editor.bp)  # the situation editor (issue 30)
    app.register_blueprint(pad.bp)  # the score pad (issue 42)
    app.register_blueprint(notation.bp)
    app.register_blueprint(rulebook_pages.bp)
    templating.init_app(app)
    errors.init_app(app)
    security.init_app(app)

    @app.context_processor
    def _versions() -> dict[str, Any]:
        return {"notation_version": arbiter.NOTATION_VERSION}

    return app
