"""The answer to a player's question about one move: allowed or not allowed, and why.

The situation editor asks "was this move allowed here?" of a table laid out by hand. The answer is
the engine's own, played on a `Position` action by action (not read back from a report):

    answer = answer_move(position, "draw 7, meld [K K K], discard 5")
    answer.allowed         # True: every action kept the rules
    answer.table           # the table after the move (or just before the refused action)
    answer.finding         # when not allowed: the rule broken, its book and section, the remedy,
                           # and what was allowed instead (Finding.alternatives)

A move may be a whole turn or only its beginning (`draw 7`): then it is allowed so far and
`answer.turn_over` is False.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..notation import NotationError
from ..notation.actions import read_steps, step_text
from ..rulings.findings import Finding
from . import IllegalAction, Position


@dataclass(frozen=True, slots=True)
class MoveAnswer:
    """Whether `move` was allowed to `player`, and the table that follows from it."""

    player: str
    move: str
    allowed: bool
    table: dict[str, Any]
    """After the move when allowed; just before the refused action when not."""
    played: tuple[str, ...] = ()
    """The move's actions that were allowed, in order (all of them when the move is)."""
    refused: str | None = None
    """The first action not allowed, as written (ACN)."""
    finding: Finding | None = None
    """Why it is not allowed, with what was allowed instead; None when allowed."""
    turn_over: bool = False
    """The move ended the player's turn (it was a whole turn)."""
    scores: dict[str, int] | None = None
    """Each side's points for the hand, where the move ended it."""
    next_player: str | None = None
    """Who plays next, after an allowed move (the same player while the turn goes on)."""


def answer_move(position: Position, move: str) -> MoveAnswer:
    """Play `move` (a piece of a turn line, `draw 7, meld [K K K], discard 5`) on a copy of
    `position`, action by action, and say whether it was allowed."""
    player = position.to_play or ""
    trial = position.copy()
    turn = trial.turn
    try:
        steps = read_steps(move, player)
    except NotationError:  # not notation: the finding says where, and what notation was expected
        finding = trial.explain(move)
        assert finding is not None  # text that does not read is never legal
        return MoveAnswer(player, move, False, trial.table.to_dict(), refused=move, finding=finding)
    played: list[str] = []
    for step in steps:
        written = step_text(step)
        try:
            trial.push(step)
        except IllegalAction as illegal:
            table = trial.table.to_dict()
            return MoveAnswer(player, move, False, table, tuple(played), written, illegal.finding)
        played.append(written)
    return MoveAnswer(
        player,
        move,
        True,
        trial.table.to_dict(),
        tuple(played),
        turn_over=trial.over or trial.turn > turn,
        scores=trial.scores,
        next_player=trial.to_play,
    )
