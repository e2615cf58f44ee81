"""The request and response of POST /api/v1/legal-actions: what the player to play may do at one
moment of a record."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from arbiter import families
from arbiter_web.api.ruling_schemas import TableSchema
from arbiter_web.api.schemas import RulingRequestSchema, points_field

MAX_PLACE = 100_000  # a game, hand, turn or action number past any record the service accepts

ACTION_KINDS = (
    "bonus",
    *(kind.keyword for kind in families.ACTIONS if kind.opens_turn),
    "draw",
    "take",
    "pass",
    *(kind.keyword for kind in families.ACTIONS if not kind.opens_turn),
    "meld",
    "add",
    "ask",
    "discard",
    "out",
    "end",
)
"""The kinds of action, each the first word of its notation (docs/notation.md, "Turns"), in the
order a turn goes through them (a family's own action, `arbiter.families.ACTIONS`, among those that
open a turn or after them); `end`, the end of a turn that no discard ends (Hoyle's passing the
discard), is where a turn line ends (docs/library.md)."""


def _place(description: str, minimum: int, example: int, **extra: object) -> fields.Integer:
    return fields.Integer(
        validate=validate.Range(min=minimum, max=MAX_PLACE),
        metadata={"description": description, "example": example},
        **extra,  # type: ignore[arg-type]
    )


class LegalActionsRequestSchema(RulingRequestSchema):
    """The JSON body of POST /api/v1/legal-actions: a record (with `rules` and `options` as for a
    ruling), and the moment asked for."""

    game = _place("The game, by its place in the record (from 1).", 1, 1, load_default=1)
    hand = _place("The hand, by its number in the record.", 1, 1, required=True)
    turn = _place(
        "The turn of the hand, from 1: the moment is just before it. One past the record's last turn is the "
        "turn of whoever plays next.",
        1,
        3,
        required=True,
    )
    actions = _place(
        "How many of that turn's actions, as the record gives them, are played first (0: the turn as it starts).",
        0,
        0,
        load_default=0,
    )


class LegalActionsSchema(Schema):
    """What the player to play may do: every distinct legal action, grouped by kind."""

    game = fields.Integer(required=True)
    hand = fields.Integer(required=True)
    turn = fields.Integer(required=True)
    actions = fields.Integer(required=True, metadata={"description": "The turn's actions played before this moment."})
    player = fields.String(
        required=True, allow_none=True, metadata={"description": "Who is to play; null once the hand is over."}
    )
    step = fields.String(
        required=True,
        validate=validate.OneOf(["start", "play", "over"]),
        metadata={
            "description": "Where the turn is: start (nothing drawn or taken yet: drawing, taking the pile, and the "
            "family's steps before them), play (melding, adding, and ending the turn with a discard or going "
            "out), or over (the hand has ended)."
        },
    )
    legal = fields.Dict(
        keys=fields.String(validate=validate.OneOf(ACTION_KINDS)),
        values=fields.List(fields.String()),
        required=True,
        metadata={
            "description": "The legal actions as written in a record, by kind (the action's first word: draw, "
            "take, meld, add, discard, bonus, caliente, ask, pass, out, foot; `end`: the turn may end there, "
            "without a discard, as a turn line ends); only kinds with an action appear.",
            "example": {"draw": ["draw 7"], "take": ["take 9 with [9 9]"]},
        },
    )
    total = fields.Integer(
        required=True,
        metadata={"description": "How many legal actions there are in all (listed, when `partial`, so far)."},
    )
    listed_partly = fields.Boolean(  # `partial` would shadow marshmallow's own Schema.partial
        data_key="partial",
        attribute="partial",
        required=True,
        metadata={
            "description": "Whether the list stopped short of every legal action: more than MAX_LEGAL_ACTIONS "
            "(default 1,000) were found, or the request's work budget (MAX_STEPS steps: actions tried and combinations of melds weighed, default 50,000) or "
            "time limit ran out. The actions listed are legal; others may be too."
        },
    )
    over = fields.Boolean(required=True, metadata={"description": "Whether the hand has ended."})
    scores = points_field("Each side's points for the hand once it has ended; null before.")
    table = fields.Nested(TableSchema, required=True, metadata={"description": "The table at this moment."})
