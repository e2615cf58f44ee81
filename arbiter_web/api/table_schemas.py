"""The request and response of POST /api/v1/tables: the table at one moment of a hand."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from arbiter_web.api.ruling_schemas import FindingSchema, TableSchema
from arbiter_web.api.schemas import RulingRequestSchema


class TableRequestSchema(RulingRequestSchema):
    """The JSON body of POST /api/v1/tables: a record (with `rules` and `options` as for a ruling),
    and the moment asked for."""

    game = fields.Integer(
        load_default=1,
        validate=validate.Range(min=1),
        metadata={"description": "The game, by its place in the record (from 1).", "example": 1},
    )
    hand = fields.Integer(
        required=True,
        validate=validate.Range(min=1),
        metadata={"description": "The hand, by its number in the record.", "example": 1},
    )
    turn = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={
            "description": "After this many turns of the hand (0: as it starts, after the deal or the stated "
            "position). At an illegal turn, the answer is the table before its offending move.",
            "example": 3,
        },
    )


class TableMomentSchema(Schema):
    """The table after a turn of a hand, or before the offending move of an illegal turn."""

    game = fields.Integer(required=True)
    hand = fields.Integer(required=True)
    turn = fields.Integer(required=True, metadata={"description": "Turns of the hand played (0: as it starts)."})
    turns = fields.Integer(required=True, metadata={"description": "How many turns the record gives the hand."})
    line = fields.Integer(allow_none=True, metadata={"description": "The record's line of the turn (null for 0)."})
    player = fields.String(allow_none=True, metadata={"description": "Who played the turn."})
    illegal = fields.Nested(
        FindingSchema,
        allow_none=True,
        metadata={"description": "Set when the turn is illegal: `table` is then the table before its offending move."},
    )
    table = fields.Nested(TableSchema, required=True)
