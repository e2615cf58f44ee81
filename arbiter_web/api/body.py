"""The one reader of a request body, and the error answers it documents: the body (JSON or plain
text, at most MAX_CONTENT_LENGTH bytes, UTF-8), loaded through a schema. Not JSON when JSON is
asked for is a 415, a body too large a 413, hostile JSON (deep nesting, bad UTF-8) a 400, and a
body that does not fit the schema a 422, never a 500.

The views of the rulings, tables, legal actions, kept rulings and rulebooks all read their bodies
with `json_request` (or, for a text/plain record, `check_charset` and `read_body`); it imports none
of them.
"""

from __future__ import annotations

import json
from typing import Any

from flask import current_app, request
from flask_smorest import abort
from marshmallow import ValidationError

from arbiter.i18n import msg
from arbiter_web.api.schemas import ErrorSchema
from arbiter_web.serving import errors

JSON_TYPE = "application/json"
TEXT_TYPE = "text/plain"
UTF8 = ("utf-8", "utf8")
TEXT_CHARSETS = (*UTF8, "us-ascii", "ascii")

MIXED_RULE_SETS = (
    "A game is judged by one rule set and takes that rule set's options only: this document lists every "
    "rule set's options, but an option of another rule set than the one judging (named by `rules`, or by "
    "the record's Rules tag) is refused with 422, as is a value of an option whose type differs between rule "
    "sets (`canastas-to-go-out`: a number, or Hand & Foot's written form) in another rule set's type."
)


def error_answer(description: str) -> dict[str, Any]:
    """An error answer for the published document (`alt_response(status, **error_answer(...))`)."""
    return {"schema": ErrorSchema, "description": description}


def check_charset(allowed: tuple[str, ...]) -> None:
    charset = request.mimetype_params.get("charset", "utf-8").strip().lower()
    if charset not in allowed:
        abort(415, message=f"records are UTF-8 text; send charset=utf-8, not charset={charset[:40]}")


def read_body() -> bytes:
    """The body, at most MAX_CONTENT_LENGTH bytes. Werkzeug answers 413 for a longer declared
    Content-Length, but cuts a body without one (chunked) short at the limit without a word."""
    data = request.get_data(cache=False)
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if request.content_length is None and limit is not None and len(data) >= limit:
        abort(413, message=errors.too_large())
    return data


def json_body() -> Any:
    """The body as JSON; a 400 that says why when it is not UTF-8 JSON."""
    check_charset(UTF8)
    raw = read_body()
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        abort(400, message="the body is not UTF-8; JSON is sent as UTF-8")
    except RecursionError:
        abort(400, message="the body is not valid JSON: it is nested too deeply")
    except ValueError as error:
        abort(400, message=f"the body is not valid JSON: {str(error)[:200]}")


SEND_JSON = msg("send the request as {kind}", kind=JSON_TYPE)


def json_request(schema: Any, refusal: str = SEND_JSON) -> Any:
    """The body, JSON, loaded by `schema`: a 415 saying `refusal` unless it is sent as JSON, then
    a 413, 400 or 422 as `read_body`, `json_body` and `load` answer."""
    if request.mimetype != JSON_TYPE:
        abort(415, message=refusal)
    return load(schema, json_body(), "json")


def load(schema: Any, data: Any, location: str) -> Any:
    """`data` loaded by `schema`; a 422 naming each field that does not fit, under `location`."""
    try:
        return schema.load(data)
    except ValidationError as error:
        abort(422, message=errors.schema_message({location: error.messages}), errors={location: error.messages})
