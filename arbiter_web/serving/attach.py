"""How a request is served, attached to the app (`register`, called once by the app factory): its
id and the access log, the reader's language, the bounds (URL length, rate limits, lanes for large
records, each request's work), the error answers and the security headers. The order is the order
the hooks run in before a view."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask

from arbiter_web.serving import access, errors, guesses, lanes, lang, limits, security, workload

FILES = Blueprint("serving", __name__, template_folder="templates")
"""No views: the error page's template (error.html), which the error answers render."""


def register(app: Flask, database: Any = None) -> None:
    """`database`: the store's engine, where the rate limits' counts are kept (RATE_LIMIT_STORAGE)."""
    access.init_app(app)  # first: the request id and the clock start before anything else
    lang.init_app(app)  # the reader's language (issue 25), before any view or error says a word
    limits.init_app(app, database)
    guesses.init_app(app, database)  # wrong event codes, counted where the rate limits count
    lanes.init_app(app)  # after the rate limits: a limited client is refused before it queues
    workload.init_app(app)  # after the lanes: each request's work budget, heavy work moved to a lane
    errors.init_app(app)
    security.init_app(app)
    app.register_blueprint(FILES)
