"""The JSON API: POST /api/v1/rulings, GET /api/v1/rulesets[/<name>], GET /healthz.

Thin views: read the request through the schemas, call the core (`service`), dump through the
schemas. The request body of a ruling is read here rather than by webargs, because it may be JSON
or plain text and because hostile JSON (deep nesting, bad UTF-8) must be a 400, never a 500.
"""

from __future__ import annotations

from typing import Any

from apispec import BasePlugin
from flask import request, url_for
from flask_smorest import Api, Blueprint, abort
from marshmallow import RAISE

import arbiter
from arbiter import rules as rulesets
from arbiter.checker import DEFAULT_RULES

from . import lang, service, stored
from .legal_actions import legal
from .request_body import (
    JSON_TYPE,
    MIXED_RULE_SETS,
    TEXT_CHARSETS,
    TEXT_TYPE,
    check_charset,
    error_answer,
    json_body,
    load,
    read_body,
)
from .schemas import (
    ErrorSchema,
    HealthSchema,
    ReadySchema,
    RuleReferenceSchema,
    RuleSetListSchema,
    RulingQuerySchema,
    RulingRequestSchema,
    RulingsSchema,
)
from .tables import tables

__all__ = ["JSON_TYPE", "MIXED_RULE_SETS", "TEXT_TYPE", "ArbiterApi", "init_app"]

SERVICE_ANSWERS = {
    "414": "The URL is longer than MAX_URL_LENGTH (8,192 characters unless configured).",
    "429": "Over the rate limit (RATE_LIMIT for POST, READ_RATE_LIMIT for kept rulings); see Retry-After.",
    "503": "Past REQUEST_TIME_LIMIT, or the lanes for large records are busy; see Retry-After.",
}
"""What any operation may answer, whatever it is asked: the service's own bounds (docs/api.md)."""


class ServiceAnswers(BasePlugin):  # type: ignore[misc]
    """Adds SERVICE_ANSWERS to every operation of the document."""

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None, **_: Any) -> None:
        error = {"content": {JSON_TYPE: {"schema": {"$ref": "#/components/schemas/Error"}}}}
        for operation in (operations or {}).values():
            responses = operation.setdefault("responses", {})
            for code, description in SERVICE_ANSWERS.items():
                responses.setdefault(code, {"description": description, **error})


class ArbiterApi(Api):
    """flask-smorest's Api with the arbiter's error shape in the published document."""

    ERROR_SCHEMA = ErrorSchema

    def _register_pagination_header(self) -> None:
        """Nothing here is paginated: keep flask-smorest's pagination schema out of the document."""


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
        body = load(RulingRequestSchema(), json_body(), "json")
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


def init_app(app: Any) -> ArbiterApi:
    api = ArbiterApi(app)
    answers = ServiceAnswers()
    answers.init_spec(api.spec)
    api.spec.plugins.append(answers)  # before the blueprints: their operations get the answers
    languages = lang.LanguageParameters()
    languages.init_spec(api.spec)
    api.spec.plugins.append(languages)  # the lang parameter, Accept-Language and Content-Language
    for blueprint in (rulings, rulesets_blp, health, tables, legal):
        api.register_blueprint(blueprint)
    return api
