"""The arbiter's web adapter: `create_app()` builds the Flask app: its configuration, then each of
its four packages attached once, by its own `register` (arbiter_web/__init__.py names them).

    arbiter serve --port 8000 --workers 2                     # what `make run` does
    gunicorn --bind 127.0.0.1:8000 'arbiter_web.wsgi:app'     # the same, with gunicorn's own flags

Configuration, from `config`, else the environment in Flask's way (`ARBITER_MAX_GAMES=500`, read
by `app.config.from_prefixed_env("ARBITER")`, values as JSON where they are JSON), else the
environment's plain names as before (`MAX_GAMES=500`) (docs/api.md, "Configuration"):
    MAX_CONTENT_LENGTH  the largest request body in bytes (default 1 MiB); larger is a 413
    MAX_GAMES           the most games one request may hold (default 1,000); more is a 413
    MAX_FINDINGS        findings listed per answer (default 1,000); the rest are counted, not listed
    MAX_GAME_FINDINGS   findings listed per game (default 100)
    REQUEST_TIME_LIMIT  seconds one request may spend judging (default 10); past it, a 503
    RATE_LIMIT          requests per client to the POST endpoints, e.g. "30 per minute" (default: off)
    READ_RATE_LIMIT     openings of kept rulings per client and kind, e.g. "60 per minute" (default: off)
    RATE_LIMIT_STORAGE  where the rate limiter counts (default: the database of kept rulings, which every
                        worker shares; or memory:// per worker, redis://...)
    CODE_GUESSES        wrong event codes per event and client before a 429 (default "10 per 10 minutes")
    MAX_URL_LENGTH      the longest URL answered (default 8,192 characters); longer is a 414
    LARGE_REQUEST_BYTES, LARGE_LANES, LARGE_QUEUE, LARGE_WAIT   large records take turns (lanes.py)
    MAX_STEPS, MAX_LEGAL_ACTIONS, LARGE_REQUEST_STEPS   the work of listing legal actions, per request;
                        heavy work takes a lane too (workload.py)
    PAGE_RATIO, PAGE_FLOOR   a ruling page is at most 20 times its request, or 256 KiB (page_size.py)
    ACCESS_LOG          one JSON line per request on standard error (default on)
    DATABASE_URL, STORE_MAX_RECORD, STORE_MIGRATE   kept rulings (arbiter_web/storage/stored.py)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from flask import Flask

import arbiter
import arbiter.rulings.finding_budget
import arbiter_web
from arbiter_web.api import attach as api
from arbiter_web.pages import attach as pages
from arbiter_web.serving import attach as serving
from arbiter_web.storage import attach as storage

WEB = Path(arbiter_web.__file__).parent
PREFIX = arbiter_web.SETTINGS_PREFIX
"""`ARBITER_<SETTING>` in the environment sets <SETTING> (`app.config.from_prefixed_env`)."""
WHOLE_NUMBERS = (
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
SECONDS = ("REQUEST_TIME_LIMIT", "LARGE_WAIT")
TEXTS = ("RATE_LIMIT", "READ_RATE_LIMIT", "RATE_LIMIT_STORAGE", "CODE_GUESSES")
SWITCHES = ("ACCESS_LOG",)
OFF = ("0", "no", "off", "false")


def whole_number(name: str, raw: Any) -> int:
    try:
        if isinstance(raw, bool):
            raise ValueError(raw)
        return int(str(raw).strip().replace("_", ""))
    except ValueError:
        raise SystemExit(f"{name} must be a whole number of bytes or games, not {raw!r}") from None


def seconds(name: str, raw: Any) -> float:
    try:
        if isinstance(raw, bool):
            raise ValueError(raw)
        return float(str(raw).strip())
    except ValueError:
        raise SystemExit(f"{name} must be a number of seconds, not {raw!r}") from None


def text(name: str, raw: Any) -> str:
    return str(raw).strip()


def switch(name: str, raw: Any) -> bool:
    return str(raw).strip().lower() not in OFF


READERS: dict[str, Callable[[str, Any], Any]] = {
    **dict.fromkeys(WHOLE_NUMBERS, whole_number),
    **dict.fromkeys(SECONDS, seconds),
    **dict.fromkeys(TEXTS, text),
    **dict.fromkeys(SWITCHES, switch),
}
"""Each setting read from the environment, and how its text becomes its value."""


def plain_environment(environ: Mapping[str, str]) -> dict[str, Any]:
    """The settings under their plain names (`MAX_GAMES=500`), as the service has always read them;
    an empty one is unset, and a switch is only ever turned off (`ACCESS_LOG=off`)."""
    values = {name: READERS[name](name, environ[name]) for name in READERS if environ.get(name, "").strip()}
    return {name: value for name, value in values.items() if name not in SWITCHES or value is False}


def configure(app: Flask, config: Mapping[str, Any] | None, environ: Mapping[str, str] = os.environ) -> None:
    """The defaults, then the plain names, then `ARBITER_*` (Flask's way, over the plain names),
    then `config` (code, tests) over all."""
    app.config.update(
        MAX_CONTENT_LENGTH=arbiter_web.DEFAULT_MAX_CONTENT_LENGTH,
        MAX_GAMES=arbiter_web.DEFAULT_MAX_GAMES,
        MAX_FINDINGS=arbiter.rulings.finding_budget.DEFAULT_MAX_FINDINGS,
        MAX_GAME_FINDINGS=arbiter.rulings.finding_budget.DEFAULT_MAX_GAME_FINDINGS,
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
    app.config.update(plain_environment(environ))
    app.config.from_prefixed_env(PREFIX)
    for name, read in READERS.items():  # JSON's reading of a value, or its text, as the setting's type
        if f"{PREFIX}_{name}" in environ:
            app.config[name] = read(f"{PREFIX}_{name}", app.config[name])
    app.config.update(config or {})
    if "MAX_FORM_MEMORY_SIZE" not in (config or {}):  # the page's form carries the record in a text field
        app.config["MAX_FORM_MEMORY_SIZE"] = app.config["MAX_CONTENT_LENGTH"]


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(WEB / "templates"), static_folder=str(WEB / "static"))
    configure(app, config)
    app.json.sort_keys = False  # keep the game object's documented key order  # type: ignore[attr-defined]
    kept = storage.register(app)  # kept rulings and rulebooks (issues 17, 29): the database, migrated
    serving.register(app, kept.engine)  # the request's hooks, bounds, errors and headers
    api.register(app)
    pages.register(app)
    return app
