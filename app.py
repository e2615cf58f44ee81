"""The arbiter's web adapter: `create_app()` builds the Flask app (the JSON API, its OpenAPI
document and docs page, and the paste-a-record page).

    gunicorn --bind 127.0.0.1:8000 --workers 2 'app:create_app()'     # what `make run` does

Configuration, from `config` or else the environment (docs/api.md):
    MAX_CONTENT_LENGTH  the largest request body in bytes (default 1 MiB); larger is a 413
    MAX_GAMES           the most games one request may hold (default 1,000); more is a 413
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

import arbiter
import arbiter_web
from arbiter_web import api, apidocs, errors, page, security, templating

WEB = Path(arbiter_web.__file__).parent
ENVIRONMENT = ("MAX_CONTENT_LENGTH", "MAX_GAMES")


def _from_environment() -> dict[str, int]:
    values = {}
    for name in ENVIRONMENT:
        raw = os.environ.get(name, "").strip()
        if raw:
            try:
                values[name] = int(raw.replace("_", ""))
            except ValueError:
                raise SystemExit(f"{name} must be a whole number of bytes or games, not {raw!r}") from None
    return values


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(WEB / "templates"), static_folder=str(WEB / "static"))
    app.config.update(
        MAX_CONTENT_LENGTH=arbiter_web.DEFAULT_MAX_CONTENT_LENGTH,
        MAX_GAMES=arbiter_web.DEFAULT_MAX_GAMES,
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

    app.extensions[apidocs.EXTENSION] = api.init_app(app)
    app.register_blueprint(apidocs.bp)
    app.register_blueprint(page.bp)
    templating.init_app(app)
    errors.init_app(app)
    security.init_app(app)

    @app.context_processor
    def _versions() -> dict[str, Any]:
        return {"notation_version": arbiter.NOTATION_VERSION}

    return app
