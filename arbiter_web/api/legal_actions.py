"""POST /api/v1/legal-actions: what the player to play may do at a moment of a record, so that a
site's own table can offer only legal moves.

A thin view over `arbiter.Position`: the position just before the turn asked for
(`Position.from_record`), the turn's first actions as the record gives them pushed onto it, then
`legal_actions()` grouped by kind, with the table. A record that does not reach that moment (no
such game, hand or turn, a rule broken before it, fewer actions in the turn) is a 404 saying why.
"""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint, abort

import arbiter
from arbiter import families
from arbiter.i18n import msg
from arbiter.judging.allowed import allowed_line
from arbiter.notation.formatter import format_action
from arbiter_web.api.body import JSON_TYPE, MIXED_RULE_SETS, error_answer
from arbiter_web.api.legal_schemas import ACTION_KINDS, LegalActionsRequestSchema, LegalActionsSchema
from arbiter_web.api.moment import MomentAsked, moment_asked, unknown_rules_refused
from arbiter_web.serving import lang, workload

legal = Blueprint(
    "legal",
    __name__,
    url_prefix="/api/v1",
    description="The legal actions at any moment of a record: what the player to play may do.",
)

START_KINDS = frozenset({"draw", "take", "pass", *(kind.keyword for kind in families.ACTIONS if kind.opens_turn)})
"""Kinds of action that open a turn: while one of them is legal, the turn is at its start (a
family's own action says whether it opens one: `ActionKind.opens_turn`)."""


@legal.route("/legal-actions", methods=["POST"])
@legal.doc(
    summary="The legal actions at a moment of a record",
    description="Reads the record up to just before the turn asked for (and that turn's first `actions` "
    "actions, as the record gives them) and answers who is to play, the step the turn is at, every distinct "
    "legal action as written in a record grouped by kind, and the table; the library's "
    "`arbiter.Position.from_record(...).legal_actions()` gives the same. A draw from a stock whose order the "
    "record does not give accepts any card not accounted for.",
    requestBody={"required": True, "content": {JSON_TYPE: {"schema": LegalActionsRequestSchema}}},
)
@legal.response(200, LegalActionsSchema, description="The legal actions at that moment.")
@legal.alt_response(400, **error_answer("The body is not valid JSON (or not UTF-8 JSON)."))
@legal.alt_response(
    404,
    **error_answer(
        "The record does not reach that moment: no such game, hand or turn, a game that cannot be read, a "
        "rule broken before it, or a turn with fewer actions; `message` says which."
    ),
)
@legal.alt_response(413, **error_answer("The body is over MAX_CONTENT_LENGTH."))
@legal.alt_response(415, **error_answer("The body is not application/json."))
@legal.alt_response(
    422,
    **error_answer("The request does not fit the schema, or names an unknown rule set or option. " + MIXED_RULE_SETS),
)
def post_legal_actions() -> dict[str, Any]:
    asked = moment_asked(LegalActionsRequestSchema())
    position = _position(asked)
    work = workload.budget()
    if work is not None:
        work.partial = False  # this enumeration's, not the judging's on the way to the position
    actions = [] if position.over else position.legal_actions(work)
    return {
        "game": asked.game,
        "hand": asked.hand,
        "turn": asked.turn,
        "actions": asked.actions,
        "player": None if position.over else position.to_play,
        "step": step(position.over, actions),
        "legal": by_kind(actions),
        "total": len(actions),
        "partial": bool(work is not None and work.partial),
        "over": position.over,
        "scores": position.scores if position.over else None,
        "table": position.table.to_dict(),
    }


def _position(asked: MomentAsked) -> arbiter.Position:
    """The position just before the turn asked for, with the turn's first actions pushed; a 404
    saying why when the record does not reach it, a 422 for an unknown rule set or option."""
    source, game, hand, turn, played = asked.source, asked.game, asked.hand, asked.turn, asked.actions
    with unknown_rules_refused():
        try:
            position = arbiter.Position.from_record(
                source, hand=hand, turn=turn, game=game, rules=asked.rules, options=asked.options
            )
        except arbiter.PositionError as error:
            abort(404, message=lang.said(error))
    if not played:
        return position
    recorded = recorded_actions(source, game, hand, turn)
    if len(recorded) < played:
        where = msg("turn {turn} of hand {hand} of game {game}", turn=turn, hand=hand, game=game)
        problem = (
            msg(
                "{where}: the record gives {given} of its actions, not {played}",
                where=where,
                given=len(recorded),
                played=played,
            )
            if recorded
            else msg("{where}: the record gives none of its actions, not {played}", where=where, played=played)
        )
        abort(404, message=problem)
    for number, action in enumerate(recorded[:played], start=1):
        try:
            position.push(action)
        except arbiter.IllegalAction as error:
            allowed = allowed_line(error.finding)
            why = (
                msg("{message}; {allowed}", message=error.finding.message, allowed=allowed)
                if allowed
                else error.finding.message
            )
            abort(
                404,
                message=msg(
                    "action {number} of turn {turn} ({action}) breaks a rule: {why}",
                    number=number,
                    turn=turn,
                    action=action,
                    why=why,
                ),
            )
    return position


def recorded_actions(source: bytes, game: int, hand: int, turn: int) -> list[str]:
    """The actions of one turn as the record gives them, in the notation ([] when it has no such turn)."""
    for parsed in arbiter.read_games(source):
        if parsed.index == game:
            for record in parsed.game.hands:
                if record.number == hand and 1 <= turn <= len(record.turns):
                    return [format_action(action) for action in record.turns[turn - 1].actions]
            return []
    return []


def by_kind(actions: list[arbiter.Move]) -> dict[str, list[str]]:
    """The actions' notation grouped by kind (the first word), kinds in the order of a turn."""
    grouped: dict[str, list[str]] = {kind: [] for kind in ACTION_KINDS}
    for action in actions:
        grouped.setdefault(action.kind, []).append(str(action))
    return {kind: texts for kind, texts in grouped.items() if texts}


def step(over: bool, actions: list[arbiter.Move]) -> str:
    """`over`; `start` while an action that opens a turn is legal; else `play`."""
    if over:
        return "over"
    return "start" if any(action.kind in START_KINDS for action in actions) else "play"
