"""The rulings as the API answers them, as marshmallow schemas: the game object (`GameSchema`)
describes exactly `arbiter.GameRuling.to_dict()`, the object `arbiter check --format json` prints per
game; a test dumps a fully populated ruling through it and compares. The requests, rule sets and the
rest are in arbiter_web/api/schemas.py."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from arbiter_web.api.schemas import OPTION_RESULT_DOC, OptionValue, cards_field, points_field


class TableSchema(Schema):
    """The state of the table just before an offending move."""

    hands = fields.Dict(
        keys=fields.String(), values=fields.List(fields.String()), metadata={"description": "Each player's hand."}
    )
    melds = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.List(fields.String())),
        metadata={"description": "Each side's melds, each a list of cards."},
    )
    laid = fields.Dict(
        keys=fields.String(), values=fields.List(fields.String()), metadata={"description": "Bonus cards laid."}
    )
    pile = cards_field("The Prize pile, bottom card first.")
    frozen = fields.Boolean(metadata={"description": "Whether the Prize pile is frozen."})
    stock = fields.Integer(metadata={"description": "Cards left in the stock."})
    scores = points_field("Each side's score before the hand.")


class AdjustmentSchema(Schema):
    """What a remedy does to the score sheet."""

    side = fields.String(required=True, metadata={"description": "The side whose score the remedy changes."})
    points = fields.Integer(
        required=True,
        metadata={
            "description": "Points added to the side's score for the hand: a penalty is negative; 0 for a "
            "remedy that changes play but costs no points (a raised first-meld minimum)."
        },
    )
    reason = fields.String(required=True, metadata={"description": "The remedy, in plain words."})


class HouseNoteSchema(Schema):
    """A house rule a finding turns on: the club's value and note beside the book's default."""

    option = fields.String(required=True, metadata={"description": "The option the rulebook sets."})
    value = OptionValue(required=True, metadata={"description": "The club's value."})
    book = OptionValue(required=True, metadata={"description": "The book's default (the rule the finding cites)."})
    note = fields.String(required=True, metadata={"description": "The club's note, in its own words."})


class HouseRefSchema(Schema):
    """The house rulebook a game was judged by (docs/house-rules.md)."""

    name = fields.String(required=True, metadata={"example": "Maple Club"})
    version = fields.String(required=True, metadata={"example": "3"})
    digest = fields.String(required=True, metadata={"description": "Its identity: twelve hex digits of SHA-256."})
    family = fields.String(required=True, metadata={"example": "hand-and-foot"})


class CorrectionSchema(Schema):
    """A summary's score with the one claim it was refused for struck."""

    side = fields.String(required=True, metadata={"description": "The side whose line made the claim."})
    word = fields.String(required=True, metadata={"description": "The category struck from it.", "example": "foot"})
    scores = points_field("Each side's score for the hand without it, as the arbiter counts it.")


class FindingSchema(Schema):
    """One thing wrong (or worth a warning) at one place in the record."""

    line = fields.Integer(required=True, metadata={"description": "Line of the record, from 1."})
    column = fields.Integer(required=True, metadata={"description": "Column of the line, from 1."})
    code = fields.String(
        required=True, metadata={"description": "The rule's stable code (GET /api/v1/rulesets/{name})."}
    )
    rule = fields.String(required=True, metadata={"description": "The rule's name and where the rule set states it."})
    severity = fields.String(required=True, validate=validate.OneOf(["error", "warning"]))
    message = fields.String(required=True, metadata={"description": "What is wrong, in the arbiter's words."})
    remedy = fields.String(allow_none=True, metadata={"description": "What the rule set prescribes, if anything."})
    hand = fields.Integer(allow_none=True)
    turn = fields.Integer(allow_none=True)
    player = fields.String(allow_none=True)
    table = fields.Nested(
        TableSchema, metadata={"description": "Present on illegal moves: the table just before the move."}
    )
    repeats = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        metadata={
            "description": "Present when the same message was already said in this answer: where it was first "
            "said (game, line, column); `message` then only points back to it.",
            "example": {"game": 1, "line": 7, "column": 1},
        },
    )
    adjustment = fields.Nested(
        AdjustmentSchema,
        metadata={
            "description": "Present where the rule set's remedy changes the score sheet (see the game's `sheet`)."
        },
    )
    alternatives = fields.List(
        fields.String(),
        metadata={
            "description": "Present on a finding on a move (not a declared score, not the notation): the actions "
            "that were legal instead at that moment, as written in a record, the same kind first, at most five "
            "(POST /api/v1/legal-actions lists them all).",
            "example": ["take 9 with [9 9]", "draw 7"],
        },
    )
    alternatives_total = fields.Integer(
        metadata={
            "description": "Present with `alternatives`: how many actions were legal instead (more than are listed "
            "past five); 0 when nothing else was allowed.",
            "example": 2,
        },
    )
    alternatives_partial = fields.Boolean(
        metadata={
            "description": "Present, true, where the search for the alternatives stopped at the request's work "
            "budget (MAX_STEPS): those listed are legal, `alternatives_total` counts those found, and more may "
            "have been allowed.",
            "example": True,
        },
    )
    action = fields.Integer(
        metadata={
            "description": "Present with `alternatives`: the index (from 0) of the step of its turn the finding is on, "
            "where the alternatives hold: the offending action, or the turn's number of actions when the turn line "
            "ended where it should not have. A position stepped to that moment refuses the step.",
            "example": 2,
        },
    )
    house = fields.List(
        fields.Nested(HouseNoteSchema),
        metadata={
            "description": "Present where the game was judged by a house rulebook and the finding turns on its rules."
        },
    )
    corrected = fields.Nested(
        CorrectionSchema,
        metadata={
            "description": "Present where a hand given as its summary is refused for one claim of one side and the "
            "rest of the sheet fixes the score: that hand's score with the claim struck (see the game's `sheet`)."
        },
    )


class HandSchema(Schema):
    """The recomputed (and declared) result of one hand."""

    number = fields.Integer(required=True)
    line = fields.Integer(required=True, metadata={"description": "Line of the record where the hand starts."})
    scores = points_field("Recomputed points of each side; null when the hand was not judged or did not end.")
    declared = points_field("Points the record declares (its score line), if any.")
    totals = points_field("Each side's running total after the hand.")
    judged = fields.Boolean(required=True)
    ended = fields.Boolean(required=True)
    minimums = points_field(
        "For a hand given as its summary (ACN 1.1): each side's first-meld minimum in the next hand, from the "
        "corrected totals. Absent for a hand given in moves."
    )


class SheetHandSchema(Schema):
    """One hand of the corrected score sheet: what the table writes down for it."""

    hand = fields.Integer(required=True, metadata={"description": "The hand's number."})
    line = fields.Integer(required=True, metadata={"description": "Line of the record where the hand starts."})
    status = fields.String(
        required=True,
        validate=validate.OneOf(["counted", "adjusted", "unscored"]),
        metadata={
            "description": "counted: the arbiter's own count; adjusted: the declared score with the remedy's "
            "adjustment applied; unscored: the hand cannot be scored (see `reason`)."
        },
    )
    scores = points_field("What the table writes down for the hand; null when it cannot be scored.")
    declared = points_field("Points the record declares for the hand, if any.")
    adjustments = fields.List(fields.Nested(AdjustmentSchema), required=True)
    reason = fields.String(allow_none=True, metadata={"description": "Why the hand is adjusted or cannot be scored."})
    totals = points_field("Running totals after the hand.")
    provisional = fields.Boolean(
        required=True,
        metadata={"description": "The totals carry the declared score of a hand that could not be scored."},
    )


class SheetSchema(Schema):
    """The corrected score sheet of a game."""

    hands = fields.List(fields.Nested(SheetHandSchema), required=True)
    totals = points_field("Totals after the last hand on the sheet.")
    provisional = fields.Boolean(required=True, metadata={"description": "Some hand could not be scored."})


class AssumedSchema(Schema):
    """The rule set a game without a [Rules] tag was judged by (arbiter.judging.assumed)."""

    rules = fields.String(required=True, metadata={"description": "The rule set the game was judged by."})
    configured = fields.Boolean(
        required=True, metadata={"description": "Chosen by the caller's configured default, not the arbiter's."}
    )
    fits = fields.String(
        allow_none=True, metadata={"description": "A rule set the record's shape fits better (its deal, Feet, cards)."}
    )
    why = fields.String(allow_none=True, metadata={"description": "What in the record says so, in words."})
    said = fields.String(required=True, metadata={"description": "The whole note, in the request's language."})


class GameSchema(Schema):
    """The ruling on one game: `arbiter check --format json` prints the same object per game."""

    index = fields.Integer(required=True, metadata={"description": "The game's place in the record, from 1."})
    line = fields.Integer(required=True, metadata={"description": "Line where the game starts."})
    rules = fields.String(allow_none=True, metadata={"description": "The rule set the game was judged by."})
    options = fields.Dict(
        keys=fields.String(),
        values=OptionValue(metadata=OPTION_RESULT_DOC),
        metadata={"description": "Every option's value in effect."},
    )
    verdict = fields.String(
        required=True,
        validate=validate.OneOf(["valid", "illegal", "malformed"]),
        metadata={
            "description": "valid: every rule kept and every declared score right; illegal: a move breaks a rule "
            "or a declared result is wrong; malformed: the record cannot be read as notation."
        },
    )
    findings = fields.List(fields.Nested(FindingSchema), required=True)
    hands = fields.List(fields.Nested(HandSchema), required=True)
    totals = points_field("Each side's final total.")
    winner = fields.String(allow_none=True)
    unlisted = fields.Integer(
        metadata={
            "description": "Findings of this game counted but not listed, once the answer's finding budget "
            "(MAX_FINDINGS in all, MAX_GAME_FINDINGS per game) is spent; the verdict and the summary count them."
        }
    )
    problems = fields.List(
        fields.String(validate=validate.OneOf(["move", "score", "incomplete", "unreadable"])),
        required=True,
        metadata={
            "description": "Which kinds of problem the game has: move (a move breaks a rule), score (a declared "
            "score, total or result is wrong), unreadable (the record cannot be read); empty when valid."
        },
    )
    sheet = fields.Nested(SheetSchema, required=True)
    house = fields.Nested(
        HouseRefSchema, metadata={"description": "Present where the game was judged by a house rulebook."}
    )
    assumed = fields.Nested(
        AssumedSchema,
        metadata={"description": "Present where the record names no rule set (no [Rules] tag, none asked for)."},
    )


class SummarySchema(Schema):
    games = fields.Integer(required=True, metadata={"description": "Games in the record."})
    valid = fields.Integer(required=True, metadata={"description": "Games judged valid."})
    illegal = fields.Integer(required=True, metadata={"description": "Games judged illegal."})
    malformed = fields.Integer(required=True, metadata={"description": "Games that could not be read."})
    errors = fields.Integer(required=True, metadata={"description": "Findings of severity error, in all games."})
    warnings = fields.Integer(required=True, metadata={"description": "Findings of severity warning."})
    unlisted = fields.Integer(metadata={"description": "Findings counted but not listed (over the finding budget)."})


class RulingsSchema(Schema):
    """The answer of POST /api/v1/rulings."""

    games = fields.List(fields.Nested(GameSchema), required=True)
    summary = fields.Nested(SummarySchema, required=True)
