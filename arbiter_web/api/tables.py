"""POST /api/v1/tables: the table after any turn of any hand of a record (`arbiter.positions.frames`).

A thin view, as the rulings endpoint: the body through the schema, one call into the core, the
answer through the schema. The record is sent whole, as for a ruling: the service keeps nothing.
"""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint, abort

from arbiter.i18n import msg
from arbiter.positions import frames
from arbiter_web.api.body import JSON_TYPE, MIXED_RULE_SETS, error_answer
from arbiter_web.api.moment import moment_asked, unknown_rules_refused
from arbiter_web.api.table_schemas import TableMomentSchema, TableRequestSchema

tables = Blueprint(
    "tables",
    __name__,
    url_prefix="/api/v1",
    description="The table at any moment of a record: step through a hand turn by turn.",
)


@tables.route("/tables", methods=["POST"])
@tables.doc(
    summary="The table after a turn of a hand",
    description="Replays the record up to the moment asked for and answers every hand, each side's melds "
    "and laid cards, the Prize pile (bottom first) and whether it is frozen, the stock's size and the scores "
    "before the hand; `arbiter table` and `arbiter.positions.frames.moment` give the same. At an illegal turn the "
    "answer is the table before its offending move, with the finding.",
    requestBody={"required": True, "content": {JSON_TYPE: {"schema": TableRequestSchema}}},
)
@tables.response(200, TableMomentSchema, description="The table at that moment.")
@tables.alt_response(400, **error_answer("The body is not valid JSON (or not UTF-8 JSON)."))
@tables.alt_response(
    404,
    **error_answer(
        "The record has no such game, hand or turn, the game cannot be read, or the turn comes after an "
        "illegal one (the replay stops there); `message` says which."
    ),
)
@tables.alt_response(413, **error_answer("The body is over MAX_CONTENT_LENGTH."))
@tables.alt_response(415, **error_answer("The body is not application/json."))
@tables.alt_response(
    422,
    **error_answer("The request does not fit the schema, or names an unknown rule set or option. " + MIXED_RULE_SETS),
)
def post_table() -> dict[str, Any]:
    asked = moment_asked(TableRequestSchema())
    with unknown_rules_refused():
        found = frames.moment(
            asked.source, asked.hand, asked.turn, game=asked.game, rules=asked.rules, options=asked.options
        )
    if found.frame is None or found.hand is None:
        abort(404, message=found.problem or msg("no table at that moment"))
    frame = found.frame
    return {
        "game": asked.game,
        "hand": asked.hand,
        "turn": frame.turn,
        "turns": found.hand.turns,
        "line": frame.line,
        "player": frame.player,
        "illegal": frame.illegal.to_dict() if frame.illegal else None,
        "table": dict(frame.table),  # the JSON shape (a TableView reads as it)
    }
