"""The JSON API of stored rulings: POST /api/v1/rulings/stored keeps one, GET and DELETE
/api/v1/rulings/<id> read it back and delete it (with the deletion token). Thin views over
`stored` and `store`; the shapes are marshmallow schemas, so they are in the OpenAPI document."""

from __future__ import annotations

import dataclasses
from typing import Any

from flask import url_for
from flask_smorest import Blueprint, abort
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import HTTPException

import arbiter
from arbiter.i18n import DEFAULT_LANGUAGE, msg
from arbiter_web import service
from arbiter_web.api.body import JSON_TYPE, MIXED_RULE_SETS, error_answer, json_request
from arbiter_web.api.ruling_schemas import GameSchema, SummarySchema
from arbiter_web.api.schemas import RulingRequestSchema
from arbiter_web.serving import lang
from arbiter_web.storage import permalink, stored
from arbiter_web.storage.store import MAX_KEEP_DAYS, RecordTooLarge, StoreFull

TOKEN_HEADER = "Deletion-Token"

blp = Blueprint(
    "stored",
    __name__,
    url_prefix="/api/v1",
    description="Rulings kept behind a link: store one on request, read it back, delete it with its token.",
)


class StoreRequestSchema(RulingRequestSchema):
    """The JSON body of POST /api/v1/rulings/stored: a ruling request, and how long to keep it."""

    keep_days = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1, max=MAX_KEEP_DAYS),
        metadata={
            "description": "Delete the ruling after this many days; null or absent: after the service's default "
            "(STORE_KEEP_DAYS, 365 days unless configured)."
        },
    )


class ChangeSchema(Schema):
    """How today's ruling on one game differs from the kept one."""

    game = fields.Integer(required=True, metadata={"description": "The game's place in the record, from 1."})
    stored = fields.String(required=True, metadata={"description": "The kept verdict (absent: no such game)."})
    today = fields.String(required=True, metadata={"description": "Today's verdict (absent: no such game)."})
    what = fields.String(required=True, metadata={"description": "What differs, in words."})


class TodaySchema(Schema):
    same = fields.Boolean(required=True, metadata={"description": "Whether today's arbiter rules the same."})
    problem = fields.String(allow_none=True, metadata={"description": "Why today's arbiter cannot judge it."})
    changes = fields.List(fields.Nested(ChangeSchema), required=True)
    games = fields.List(fields.Nested(GameSchema), required=True, metadata={"description": "Today's ruling."})


class StoredRulingSchema(Schema):
    """A stored ruling, as kept: the request, the answer, and which arbiter gave it."""

    id = fields.String(required=True, metadata={"example": "Vq3sB1xj0cY6mJd2a8KxQw"})
    url = fields.String(required=True, metadata={"description": "The ruling's page, /r/<id>."})
    record = fields.String(required=True, metadata={"description": "The record as judged."})
    rules = fields.String(allow_none=True, metadata={"description": "The rule set asked for, if any."})
    options = fields.Dict(required=True, metadata={"description": "The options asked for."})
    arbiter_version = fields.String(required=True)
    notation_version = fields.String(required=True)
    created = fields.DateTime(required=True)
    expires = fields.DateTime(allow_none=True, metadata={"description": "When it is deleted; null: never."})
    games = fields.List(fields.Nested(GameSchema), required=True, metadata={"description": "The stored ruling."})
    summary = fields.Nested(SummarySchema, required=True)
    today = fields.Nested(TodaySchema, required=True, metadata={"description": "The record judged again today."})


class ReceiptSchema(StoredRulingSchema):
    """The answer of POST /api/v1/rulings/stored: the stored ruling and, this once, its deletion token."""

    deletion_token = fields.String(
        required=True,
        metadata={"description": f"Send it as the {TOKEN_HEADER} header of DELETE to delete the ruling. Shown once."},
    )


class DeleteHeadersSchema(Schema):
    class Meta:
        unknown = "exclude"

    token = fields.String(
        data_key=TOKEN_HEADER,
        required=True,
        validate=validate.Length(min=1, max=200),
        metadata={"description": "The deletion token answered when the ruling was stored."},
    )


class InsufficientStorage(HTTPException):
    """The store is full (werkzeug has no class for 507)."""

    code = 507


def stored_answer(kept: stored.StoredRuling, again: stored.Recheck | None = None) -> dict[str, Any]:
    """A kept ruling, its words in the request's language where today's arbiter rules it word for
    word (`stored.said_kept`; else as kept, in English), and how today's arbiter rules its record."""
    games = [stored.ruling_from_dict(g) for g in kept.games]
    again = again or stored.recheck(kept)
    language = lang.current()
    return {
        "id": kept.id,
        "url": url_for("permalink.show", ruling_id=kept.id, _external=True),
        "record": kept.text,
        "rules": kept.rules,
        "options": kept.options,
        "arbiter_version": kept.arbiter_version,
        "notation_version": kept.notation_version,
        "created": kept.created,
        "expires": kept.expires,
        "games": _said_games(kept, language),
        "summary": arbiter.summarize(games),
        "today": {
            "same": again.same,
            "problem": lang.say(again.problem),
            "changes": [dataclasses.replace(change, what=lang.say(change.what)) for change in again.changes],
            "games": again.games,
        },
    }


def _said_games(kept: stored.StoredRuling, language: str) -> list[dict[str, Any]]:
    if language == DEFAULT_LANGUAGE:
        return kept.games
    replays = permalink.judged_again(kept)  # judged once per engine, kept with the page's frames
    if replays is None or replays.games is None:
        return kept.games
    said = stored.said_kept(kept, replays.games)
    return kept.games if said is None else [game.to_dict(language) for game in said]


@blp.route("/rulings/stored", methods=["POST"])
@blp.doc(
    summary="Judge a record and keep the ruling",
    description="Judges the record as POST /api/v1/rulings does and keeps the ruling behind an unguessable id. "
    "The answer holds its link and, only this once, the deletion token. Records over STORE_MAX_RECORD bytes "
    "(256 KiB unless configured) are not kept.",
    requestBody={"required": True, "content": {JSON_TYPE: {"schema": StoreRequestSchema}}},
)
@blp.response(201, ReceiptSchema, description="Kept; Location is its API address.")
@blp.alt_response(400, **error_answer("The body is not valid JSON."))
@blp.alt_response(413, **error_answer("The record is over STORE_MAX_RECORD, or the body over MAX_CONTENT_LENGTH."))
@blp.alt_response(415, **error_answer("The body is not application/json."))
@blp.alt_response(
    422,
    **error_answer("The request does not fit the schema, or names an unknown rule set or option. " + MIXED_RULE_SETS),
)
@blp.alt_response(
    507, **error_answer("The store is full (STORE_QUOTA): nothing more is kept until kept rulings expire.")
)
def store_ruling() -> Any:
    body = json_request(StoreRequestSchema(), msg("send the record to keep as {kind}", kind=JSON_TYPE))
    source = body["record"].encode("utf-8", "surrogatepass")
    try:
        stored.store().check_size(source)
        games = service.rule(source, service.asked(body["rules"], body["options"], body["house"]))
        receipt = stored.keep(source, body["rules"], body["options"], games, body["keep_days"])
    except arbiter.UsageError as error:
        abort(422, message=lang.said(error))
    except (service.TooManyGames, RecordTooLarge) as error:
        abort(413, message=lang.said(error))
    except StoreFull as error:
        raise InsufficientStorage(lang.said(error)) from None
    kept = stored.store().get(receipt.id)
    if kept is None:  # expired or deleted in the instant since
        abort(404, message=msg("the ruling was deleted as soon as it was kept"))
    answer = stored_answer(kept, stored.unchanged(games)) | {"deletion_token": receipt.token}
    return answer, 201, {"Location": url_for("stored.get_stored", ruling_id=receipt.id)}


def _kept(ruling_id: str) -> stored.StoredRuling:
    kept = stored.store().get(ruling_id)
    if kept is None:
        abort(404, message=msg("no ruling is kept under that id (it may have expired or been deleted)"))
    return kept


# Ids are 22 characters (store.ID_BYTES), which also keeps /rulings/stored from matching this route.
@blp.route("/rulings/<string(length=22):ruling_id>", methods=["GET"])
@blp.doc(
    summary="A stored ruling",
    description="The ruling as it was kept, and the same record judged by today's arbiter (`today`), so a "
    "change in the rules or in the arbiter shows.",
)
@blp.response(200, StoredRulingSchema)
@blp.alt_response(404, **error_answer("No ruling kept under that id, or it has expired."))
def get_stored(ruling_id: str) -> dict[str, Any]:
    return stored_answer(_kept(ruling_id))


@blp.route("/rulings/<string(length=22):ruling_id>", methods=["DELETE"])
@blp.doc(summary="Delete a stored ruling", description=f"Needs the deletion token, as the {TOKEN_HEADER} header.")
@blp.arguments(DeleteHeadersSchema, location="headers")
@blp.response(204, description="Deleted.")
@blp.alt_response(403, **error_answer("The token is not this ruling's deletion token."))
@blp.alt_response(404, **error_answer("No ruling kept under that id."))
def delete_stored(headers: dict[str, Any], ruling_id: str) -> Any:
    _kept(ruling_id)
    if not stored.store().delete(ruling_id, headers["token"]):
        abort(403, message=msg("that is not this ruling's deletion token"))
    return "", 204


__all__ = ["TOKEN_HEADER", "blp"]
