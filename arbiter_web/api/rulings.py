"""The JSON API: POST /api/v1/rulings, GET /api/v1/rulesets[/<name>], GET /healthz.

Thin views: read the request through the schemas, call the core (`service`), dump through the
schemas. The request body of a ruling is read here rather than by webargs, because it may be JSON
or plain text and because hostile JSON (deep nesting, bad UTF-8) must be a 400, never a 500.
"""

from __future__ import annotations

from typing import Any

from flask import request, url_for
from flask_smorest import Blueprint, abort
from marshmallow import RAISE

import arbiter
from arbiter import families as rulesets
from arbiter.judging.checker import DEFAULT_RULES
from arbiter_web import service
from arbiter_web.api.body import (
    JSON_TYPE,
    MIXED_RULE_SETS,
    TEXT_CHARSETS,
    TEXT_TYPE,
    check_charset,
    error_answer,
    json_request,
    read_body,
)
from arbiter_web.api.ruling_schemas import RulingsSchema
from arbiter_web.api.schemas import (
    HealthSchema,
    ReadySchema,
    RuleReferenceSchema,
    RuleSetListSchema,
    RulingQuerySchema,
    RulingRequestSchema,
)
from arbiter_web.serving import lang
from arbiter_web.storage import stored

rulings = Blueprint(
    "rulings", __name__, url_prefix="/api/v1", description="Rulings on game records: send a record, get the verdict."
)
rulesets_blp = Blueprint(
    "rulesets",
    __name__,
    url_prefix="/api/v1",
    description="The rule sets the arbiter knows, their options and defaults, and their rule references.",
)
health = Blueprint("health", __name__, description="Whether the service is up.")


_RECORD_BODY = {
    "required": True,
    "description": "The record: a JSON object, or the record itself as text/plain (then `rules` and "
    "`option` come from the query parameters).",
    "content": {
        JSON_TYPE: {"schema": RulingRequestSchema},
        TEXT_TYPE: {
            "schema": {"type": "string", "description": "The record, UTF-8 text."},
            "example": '[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n',
        },
    },
}


@rulings.route("/rulings", methods=["POST"])
@rulings.arguments(RulingQuerySchema, location="query", unknown=RAISE)  # an unknown parameter is a 422
@rulings.doc(
    summary="Judge a game record",
    description="Judges every game of the record and answers the ruling on each, the same game objects as "
    "`arbiter check --format json`. A record with errors is still a 200: the findings are the answer. "
    "The body is at most MAX_CONTENT_LENGTH bytes (1 MiB unless configured) and at most MAX_GAMES games "
    "(1,000 unless configured).",
    requestBody=_RECORD_BODY,
)
@rulings.response(200, RulingsSchema, description="The ruling on each game, and how many games got each verdict.")
@rulings.alt_response(400, **error_answer("The body is not valid JSON (or not UTF-8 JSON)."))
@rulings.alt_response(413, **error_answer("The body is over MAX_CONTENT_LENGTH, or holds more than MAX_GAMES games."))
@rulings.alt_response(415, **error_answer("The body is neither application/json nor text/plain (UTF-8)."))
@rulings.alt_response(
    422,
    **error_answer(
        "The request does not fit the schema (see `errors`), or names an unknown rule set or option, "
        "or contradicts the record's tags (see `message`). " + MIXED_RULE_SETS,
    ),
)
def post_ruling(query: dict[str, Any]) -> dict[str, Any]:
    if request.mimetype == JSON_TYPE:
        body = json_request(RulingRequestSchema())
        source = body["record"].encode("utf-8", "surrogatepass")
        rules = body["rules"] or query["rules"]  # the body's word first, the query where it is silent
        options = {**query["options"], **body["options"]}
        house = body["house"] or query["house"]
    elif request.mimetype == TEXT_TYPE:
        check_charset(TEXT_CHARSETS)
        source, rules, options, house = read_body(), query["rules"], query["options"], query["house"]
    else:
        abort(
            415,
            message=f"send the record as {JSON_TYPE} or {TEXT_TYPE}, "
            f"not {request.mimetype[:100] or 'a body without a type'}",
        )
    try:
        games = service.rule(source, service.asked(rules, options, house))
    except arbiter.UsageError as error:
        abort(422, message=lang.said(error))
    except service.TooManyGames as error:
        abort(413, message=lang.said(error))
    return service.answer(games)


@rulesets_blp.route("/rulesets", methods=["GET"])
@rulesets_blp.doc(summary="List the rule sets", description="Every rule set, with its options and their defaults.")
@rulesets_blp.response(200, RuleSetListSchema)
def list_rulesets() -> dict[str, Any]:
    return {
        "default": DEFAULT_RULES,
        "rulesets": [
            service.ruleset_info(rs, url_for("rulesets.get_ruleset", name=rs.name))
            for rs in map(rulesets.get, rulesets.names())
        ],
    }


@rulesets_blp.route("/rulesets/<string:name>", methods=["GET"])
@rulesets_blp.doc(
    summary="The rule reference of a rule set",
    description="The rules the arbiter checks (code, name, source, summary), the options, and the same "
    "reference as Markdown (docs/rules/<name>.md). Known aliases (such as `standard`) are accepted.",
)
@rulesets_blp.response(200, RuleReferenceSchema)
@rulesets_blp.alt_response(404, **error_answer("No rule set of that name."))
def get_ruleset(name: str) -> dict[str, Any]:
    try:
        ruleset = rulesets.get(name)
    except arbiter.UsageError as error:
        abort(404, message=lang.said(error))
    return service.reference_info(ruleset)


@health.route("/healthz", methods=["GET"])
@health.doc(summary="Health check", description="200 while the service can judge records.")
@health.response(200, HealthSchema)
def healthz() -> dict[str, Any]:
    return {"status": "ok", "notation": arbiter.NOTATION_VERSION, "rulesets": rulesets.names()}


@health.route("/readyz", methods=["GET"])
@health.doc(
    summary="Readiness: whether kept rulings can be written",
    description="200 while the store of kept rulings can be written (a write is tried and undone); 503 with "
    "`store-cannot-write` and why when it cannot (busy past STORE_BUSY_WAIT, read-only, a full disk): "
    "judging goes on, keeping and the rate limits' shared counts do not.",
)
@health.response(200, ReadySchema)
@health.alt_response(503, schema=ReadySchema, description="The store cannot be written: `store` says why.")
def readyz() -> Any:
    problem = stored.store().writable()
    if problem is None:
        return {"status": "ok", "store": None}
    return {"status": "store-cannot-write", "store": lang.say(problem)}, 503
