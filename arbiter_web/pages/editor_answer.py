"""The editor's answer (issue 45): for a table laid out in the editor, the player's question first,
in her words: **Allowed** and the table after the move, or **Not allowed, because ...** with the
rule, its book and section, the remedy and what was allowed instead. Built from the library
(`Situation.answer`, arbiter.positions.move_answer), not read back from the report, which stays one click
away on the same page (index.html puts it in a closed `details`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import url_for

import arbiter
from arbiter import families as rulesets
from arbiter.positions import Position, PositionError
from arbiter.positions.frames import GameReplay
from arbiter.positions.move_answer import MoveAnswer, answer_move
from arbiter.positions.reading import totals_before
from arbiter.positions.situation import Situation
from arbiter_web.pages import family_words, present


@dataclass(frozen=True, slots=True)
class AnswerView:
    """What the answer section shows."""

    answer: MoveAnswer
    family: str  # the rule set's title (a Text, said by the page)
    table: dict[str, Any]  # the table, with the family's words and canasta marks
    rule_summary: Any = None
    rule_url: str | None = None
    allowed: present.AllowedView | None = None


def answer_view(situation: Situation, before: Position | None = None) -> AnswerView | None:
    """The answer for the situation's move; None where there is no move, or where the table cannot
    be played from (the ruling below says why). `before`: the position before the move, where the
    ruling's own pass gave it (`judged_position`); else the situation's table is read for it."""
    if not situation.move.strip():
        return None
    try:
        answer = answer_move(before, situation.move) if before is not None else situation.answer()
    except (PositionError, arbiter.UsageError):
        return None
    ruleset = rulesets.get(situation.rules)
    to_move = answer.next_player or answer.player
    table = family_words.marked(answer.table, situation.rules, situation.values(), to_move)
    finding = answer.finding
    if finding is None:
        return AnswerView(answer, ruleset.title, table)
    rule = ruleset.catalogue.get(finding.code)
    return AnswerView(
        answer,
        ruleset.title,
        table,
        rule_summary=rule.summary if rule else None,
        rule_url=url_for("page.rules", name=ruleset.name, _anchor=f"rule-{finding.code}") if rule else None,
        allowed=present.allowed_view(finding),
    )


def judged_position(situation: Situation, found: GameReplay | None) -> Position | None:
    """The position before the disputed move, from the editor's record as its ruling read and
    judged it (`found`, kept by the ruling page's one pass): the answer then reads and judges
    nothing again. None where that pass does not reach the hand (a record that cannot be read, a
    table with no seating, a hand not played): the answer reads the table itself and says why."""
    if found is None or found.game is None:
        return None
    ruling, game = found.ruling, found.game
    if ruling.malformed or not ruling.rules or any(f.code == "seating" for f in ruling.findings):
        return None
    index = next((i for i, hand in enumerate(game.hands) if hand.number == situation.hand), None)
    if index is None or index >= len(ruling.hands):
        return None
    try:
        ruleset = rulesets.get(ruling.rules)
        return Position.open(game, index, ruleset, ruling.options, totals_before(game, ruling, index), 1)
    except (PositionError, arbiter.UsageError):
        return None
