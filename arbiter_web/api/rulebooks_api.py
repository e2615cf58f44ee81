"""The JSON API of house rulebooks (docs/house-rules.md): POST /api/v1/rulebooks keeps one, GET
/api/v1/rulebooks/<digest> reads it back. A rulebook is kept under the digest of its content:
never changed in place, a new version is a new rulebook."""

from __future__ import annotations

from typing import Any

from flask import request, url_for
from flask_smorest import Blueprint, abort
from marshmallow import Schema, fields, validate

from arbiter.house import RulebookError
from arbiter.house.rulebook import DIGEST_LENGTH
from arbiter.i18n import msg
from arbiter_web.api.body import (
    JSON_TYPE,
    TEXT_CHARSETS,
    TEXT_TYPE,
    check_charset,
    error_answer,
    json_request,
    read_body,
)
from arbiter_web.api.schemas import OptionValue
from arbiter_web.api.stored_api import InsufficientStorage
from arbiter_web.serving import lang
from arbiter_web.storage import rulebooks
from arbiter_web.storage.rulebook_store import RulebookTooLarge, summary
from arbiter_web.storage.store import StoreFull

blp = Blueprint(
    "rulebooks",
    __name__,
    url_prefix="/api/v1",
    description="House rulebooks: a club's rules kept behind a stable link, to judge records by.",
)

EXAMPLE = (
    'name = "Maple Club"\nversion = 3\nfamily = "hand-and-foot"\n\n[rules.pile-take]\nvalue = 7\n'
    'note = "A take picks up the top seven cards of the pile."\n'
)


class RulebookRequestSchema(Schema):
    text = fields.String(
        required=True,
        validate=validate.Length(min=1),
        metadata={
            "description": "The rulebook, as a *.rules.toml file holds it (docs/house-rules.md).",
            "example": EXAMPLE,
        },
    )


class RulebookRuleSchema(Schema):
    option = fields.String(required=True)
    value = OptionValue(required=True, metadata={"description": "The club's value."})
    book = OptionValue(required=True, metadata={"description": "The book's default."})
    note = fields.String(required=True, metadata={"description": "The club's note."})
    origin = fields.String(required=True, metadata={"description": "Who set it: this rulebook, a preset, a base."})


class RulebookSchema(Schema):
    """A kept rulebook."""

    digest = fields.String(
        required=True,
        metadata={
            "description": "Its identity: the SHA-256 of its canonical form, 64 hex digits. It is found by the "
            "whole digest or by a prefix of 12 digits or more that no other kept rulebook starts with."
        },
    )
    name = fields.String(required=True)
    version = fields.String(required=True)
    family = fields.String(required=True, metadata={"description": "The rule set it changes (GET /api/v1/rulesets)."})
    base = fields.String(allow_none=True, metadata={"description": "The preset or kept rulebook it starts from."})
    description = fields.String(required=True)
    tag = fields.String(required=True, metadata={"description": "The tag a record played by it carries."})
    rules = fields.List(
        fields.Nested(RulebookRuleSchema), required=True, metadata={"description": "Every option it sets."}
    )
    source = fields.String(required=True, metadata={"description": "The rulebook as it was sent."})
    canonical = fields.Dict(required=True, metadata={"description": "The canonical form its digest is taken of."})
    created = fields.DateTime(required=True)
    url = fields.String(required=True, metadata={"description": "Its page, /h/<digest>: a stable link to hand out."})
    check = fields.String(required=True, metadata={"description": "The check page, judging by it."})


def answer(digest: str) -> dict[str, Any]:
    try:
        book = rulebooks.shelf().get(digest)
    except RulebookError as problem:  # a prefix of several digests
        abort(404, message=lang.said(problem))
    if book is None:
        abort(404, message=msg("no rulebook is kept under #{digest}", digest=digest))
    return summary(book) | {
        "created": rulebooks.shelf().created(digest),
        "url": url_for("rulebook_pages.show", digest=book.digest, _external=True),
        "check": url_for("page.index", house=book.digest, _external=True),
    }


@blp.route("/rulebooks", methods=["POST"])
@blp.doc(
    summary="Keep a house rulebook",
    description="Reads the rulebook (TOML, as a *.rules.toml file holds it), checks every rule against its "
    "family's options, and keeps it under its digest. Keeping the same rules again answers the one kept (200); "
    "a rulebook is never changed in place: a new version is a new rulebook. Its `base` may be a preset or "
    "a kept rulebook's digest (`#0c6343960519`, whole or a unique prefix of 12 digits or more). A rulebook whose "
    "digest is kept with other content is refused (422), never answered with the other.",
    requestBody={
        "required": True,
        "content": {
            JSON_TYPE: {"schema": RulebookRequestSchema},
            TEXT_TYPE: {"schema": {"type": "string"}, "example": EXAMPLE},
        },
    },
)
@blp.response(201, RulebookSchema, description="Kept; Location is its API address.")
@blp.alt_response(200, schema=RulebookSchema, description="Already kept: the same rules under the same digest.")
@blp.alt_response(400, **error_answer("The body is not valid JSON."))
@blp.alt_response(413, **error_answer("The rulebook is over 64 KiB, or the body over MAX_CONTENT_LENGTH."))
@blp.alt_response(415, **error_answer("The body is neither application/json nor text/plain."))
@blp.alt_response(422, **error_answer("The rulebook cannot be used: `message` says what is wrong and what is valid."))
@blp.alt_response(
    507, **error_answer("The store is full (STORE_QUOTA): nothing more is kept until kept rulings expire.")
)
def keep_rulebook() -> Any:
    if request.mimetype == JSON_TYPE:
        text = json_request(RulebookRequestSchema())["text"]
    elif request.mimetype == TEXT_TYPE:
        check_charset(TEXT_CHARSETS)
        try:
            text = read_body().decode("utf-8")
        except UnicodeDecodeError:
            abort(400, message=msg("the rulebook is not UTF-8 text"))
    else:
        abort(
            415,
            message=msg(
                "send the rulebook as {text} (the TOML) or {json} ({example})",
                text=TEXT_TYPE,
                json=JSON_TYPE,
                example='{"text": ...}',
            ),
        )
    try:
        kept = rulebooks.shelf().keep(rulebooks.shelf().read(text))
    except RulebookError as error:
        abort(422, message=lang.said(error))
    except RulebookTooLarge as error:
        abort(413, message=lang.said(error))
    except StoreFull as error:
        raise InsufficientStorage(lang.said(error)) from None
    headers = {"Location": url_for("rulebooks.get_rulebook", digest=kept.book.digest)}
    return answer(kept.book.digest), 201 if kept.new else 200, headers


@blp.route("/rulebooks/<string:digest>", methods=["GET"])
@blp.doc(summary="A kept house rulebook", description="The rulebook kept under that digest (with or without `#`).")
@blp.response(200, RulebookSchema)
@blp.alt_response(404, **error_answer("No rulebook is kept under that digest."))
def get_rulebook(digest: str) -> dict[str, Any]:
    return answer(digest[: DIGEST_LENGTH + 1])


__all__ = ["blp"]
