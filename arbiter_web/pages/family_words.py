"""The family's words and the canasta marks on every table a ruling page draws (issue 30): each
finding's table and each replay frame get `words` (what the pile and the laid cards are called)
and `marks` (each side's canastas), from arbiter.positions.marks. New dicts: the ruling itself is untouched."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbiter.positions.marks import table_words


def marked(
    table: Mapping[str, Any], rules: str | None, options: Mapping[str, Any], player: str | None = None
) -> dict[str, Any]:
    """The table with the family's words, its canasta marks, and the pile's state for `player`,
    the player to move (the state the family's take rule applies to them)."""
    words = table_words(table, rules, options, player)
    frozen = {"frozen": words.frozen} if words.frozen is not None else {}
    return {**table, **frozen, "words": {"pile": words.pile, "laid": words.laid}, "marks": words.marks}


def annotate(ruling: Any) -> None:
    """Mark the tables of a ruling view (present.RulingView, after table_view.attach)."""
    for game in ruling.games:
        rules, options = game.ruling.rules, game.ruling.options
        for view in game.findings:
            if isinstance(view.table, Mapping):
                view.table = marked(view.table, rules, options, view.finding.player)
        for hand in getattr(game.extra, "replays", None) or []:
            for frame in hand.frames:
                if isinstance(frame.table, Mapping):
                    to_move = frame.player if frame.illegal is not None else next_to_move(frame.table, frame.player)
                    frame.table = marked(frame.table, rules, options, to_move)


def next_to_move(table: Mapping[str, Any], played: str | None) -> str | None:
    """Who plays after `played`, by the order of the table's hands (the playing order); None
    where it cannot be told."""
    hands = list(table.get("hands") or {}) if isinstance(table.get("hands"), Mapping) else []
    if played not in hands:
        return None
    return hands[(hands.index(played) + 1) % len(hands)]
