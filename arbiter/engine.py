"""Replay engine (being written: lands with issue 3)."""

from __future__ import annotations

from collections.abc import Mapping

from .records import Game
from .rules.base import OptionValue, RuleSet
from .rulings import GameRuling


def judge_game(game: Game, ruleset: RuleSet, options: Mapping[str, OptionValue], ruling: GameRuling) -> None:
    """Replay `game` under `ruleset`, adding findings, hand results, totals and the winner."""
