"""Errors: JSON under /api and /healthz, a small HTML page elsewhere, never a traceback.

`handle_http` answers every HTTP error (400, 404, 405, 413, 415, 422, ...); `handle_unexpected` is
the last resort for a bug: it logs the exception on the `arbiter_web.serving.errors` logger and answers a
plain 500. The tests send hostile input and check that nothing ever reaches it.
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

import sqlalchemy as sa
from flask import Flask, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from arbiter.i18n import msg
from arbiter_web.serving import access, schema_errors
from arbiter_web.serving.lang import say
from arbiter_web.serving.limits import RETRY_AFTER_SECONDS
from arbiter_web.storage.store import store_problem

log = logging.getLogger(__name__)

JSON_PREFIXES = ("/api/", "/healthz", "/readyz")


def wants_json() -> bool:
    path = request.path
    return path == "/api" or path.startswith(JSON_PREFIXES)


def too_large() -> str:
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    return msg("the request is larger than the limit of {limit:,} bytes (MAX_CONTENT_LENGTH)", limit=limit)


def _first(errors: Any, where: str = "") -> tuple[str, str] | None:
    """The first field error of a schema failure: its location (`json.record`) and its message."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            found = _first(value, f"{where}.{key}" if where else str(key))
            if found:
                return found
    elif isinstance(errors, list) and errors and all(isinstance(e, str) for e in errors):
        return where, errors[0]
    elif isinstance(errors, list):
        for value in errors:
            found = _first(value, where)
            if found:
                return found
    return None


def first_problem(errors: Any) -> str | None:
    """The first field error of a schema failure, as `location.field: message`."""
    found = _first(errors)
    return f"{found[0]}: {found[1]}" if found else None


PROBLEM_LIMIT = 300


def schema_message(errors: Any) -> str:
    """The 422's message, its problem said in the reader's language (marshmallow's own English
    recognised by schema_errors); a problem past the limit is cut, and stays as it was written."""
    found = _first(errors)
    if not found:
        return msg("the request does not fit the schema; see errors")
    where, problem = found
    if len(f"{where}: {problem}") > PROBLEM_LIMIT:
        return msg(
            "the request does not fit the schema ({problem}); see errors", problem=f"{where}: {problem}"[:PROBLEM_LIMIT]
        )
    return msg(
        "the request does not fit the schema ({where}: {problem}); see errors",
        where=where,
        problem=schema_errors.recognised(problem),
    )


def _message(error: HTTPException) -> str:
    data = getattr(error, "data", None) or {}
    if "message" in data:  # a Text stays one, to be said in the reader's language
        return data["message"] if isinstance(data["message"], str) else str(data["message"])
    if error.code == 422 and data.get("messages"):
        return schema_message(data["messages"])
    if error.code == 413:
        return too_large()
    if error.code == 405 and getattr(error, "valid_methods", None):
        methods = ", ".join(sorted(error.valid_methods))
        return msg("{method} is not allowed here; use {methods}", method=request.method, methods=methods)
    if error.description == type(error).description and error.code in DESCRIPTIONS:
        return DESCRIPTIONS[error.code]  # werkzeug's own words, which a reader may see in their language
    return error.description or error.name


DESCRIPTIONS = {
    400: msg("The browser (or proxy) sent a request that this server could not understand."),
    404: msg(
        "The requested URL was not found on the server. If you entered the URL manually please check your "
        "spelling and try again."
    ),
    405: msg("The method is not allowed for the requested URL."),
    414: msg(
        "The length of the requested URL exceeds the capacity limit for this server. The request cannot be processed."
    ),
    429: msg("This user has exceeded an allotted request count. Try again later."),
}
"""werkzeug's descriptions of the errors a page may answer without words of its own (English as
werkzeug writes them), so that they are said in the reader's language."""

STATUS_NAMES = {
    400: msg("Bad Request"),
    403: msg("Forbidden"),
    404: msg("Not Found"),
    405: msg("Method Not Allowed"),
    411: msg("Length Required"),
    413: msg("Request Entity Too Large"),
    414: msg("Request-URI Too Long"),
    415: msg("Unsupported Media Type"),
    422: msg("Unprocessable Entity"),
    429: msg("Too Many Requests"),
    500: msg("Internal Server Error"),
    503: msg("Service Unavailable"),
    507: msg("Insufficient Storage"),
}
"""The statuses' names as an error page shows them in the reader's language (a JSON error keeps
HTTP's own name in `status`, which clients may compare)."""


def _status_name(code: int) -> str:
    try:
        return HTTPStatus(code).phrase
    except ValueError:
        return "Error"


def error_response(code: int, message: str, errors: Any = None, headers: dict[str, str] | None = None) -> Any:
    message = say(message)
    if wants_json():
        payload: dict[str, Any] = {"code": code, "status": _status_name(code), "message": message}
        if errors:
            payload["errors"] = schema_errors.said(errors)
        payload["request_id"] = access.request_id()
        response = jsonify(payload)
    else:
        response = current_app.make_response(
            render_template(
                "error.html",
                code=code,
                status=say(STATUS_NAMES.get(code, _status_name(code))),
                message=message,
                request_id=access.request_id(),
            )
        )
    response.status_code = code
    response.headers.update(headers or {})
    return response


def handle_http(error: HTTPException) -> Any:
    if error.code is None or error.code < 400:  # a routing redirect, say: let werkzeug answer it
        return error.get_response()
    data = getattr(error, "data", None) or {}
    headers = dict(data.get("headers") or {})
    if error.code == 405 and getattr(error, "valid_methods", None):
        headers["Allow"] = ", ".join(sorted(error.valid_methods))
    errors = data.get("errors") or data.get("messages")
    return error_response(error.code, _message(error), errors, headers)


def handle_unexpected(error: Exception) -> Any:
    if isinstance(error, HTTPException):
        return handle_http(error)
    log.exception("unexpected error answering %s %s", request.method, request.path)
    return error_response(500, msg("the arbiter hit an internal error; it has been logged"))


def handle_store(error: Exception) -> Any:
    """The store of kept rulings could not do what was asked: 503 with Retry-After (busy,
    read-only, out of reach) or 507 (its disk is full), saying which; never a 500."""
    problem = store_problem(error)
    log.warning("store: %s (%s)", problem.kind, str(getattr(error, "orig", error))[:200])
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS)} if problem.status == 503 else None
    return error_response(problem.status, say(problem.reason), headers=headers)


def init_app(app: Flask) -> None:
    # Registered after flask-smorest's Api, so these replace its HTTPException handler.
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_unexpected)
    app.register_error_handler(sa.exc.OperationalError, handle_store)
    app.register_error_handler(sa.exc.InternalError, handle_store)  # psycopg: a read-only transaction
