"""The one parser of a request for a moment of a record (POST /api/v1/tables and
/api/v1/legal-actions): the body through its schema, the record as bytes for the reader, the
moment asked for, and the rule set and options; an unknown rule set or option is a 422."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from flask_smorest import abort
from marshmallow import Schema

import arbiter
from arbiter_web.api.body import json_request
from arbiter_web.serving import lang


@dataclass(frozen=True)
class MomentAsked:
    """A moment of a record, as a request asks for it."""

    source: bytes
    """The record, for the reader (bad UTF-8 is the reader's finding, not the request's error)."""
    game: int
    hand: int
    turn: int
    rules: str | None
    options: Mapping[str, Any]
    actions: int = 0
    """The turn's actions played before the moment (legal actions only)."""


def moment_asked(schema: Schema) -> MomentAsked:
    """The request's body, read (its 400/413/415/422 answers) and loaded by `schema`."""
    body = json_request(schema)
    return MomentAsked(
        source=body["record"].encode("utf-8", "surrogatepass"),
        game=body["game"],
        hand=body["hand"],
        turn=body["turn"],
        rules=body["rules"],
        options=body["options"],
        actions=body.get("actions", 0),
    )


@contextlib.contextmanager
def unknown_rules_refused() -> Iterator[None]:
    """An unknown rule set or option, or an option's bad value, found by the library: a 422."""
    try:
        yield
    except arbiter.UsageError as error:
        abort(422, message=lang.said(error))
