"""Caliente's bots: the standard game's bots (arbiter/bots/standard.py) with Caliente's options, at
every table size (docs/simulator.md, "What the bots do")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...bots.family import Family, SimOption
from ...bots.standard import StandardHand
from ...bots.standard_rules import StandardRules
from ...i18n import msg
from .coverage import COVERAGE


def _table_problem(players: int, options: Mapping[str, Any]) -> str | None:
    if options.get("three-packs") and players != 6:
        return msg("the three-pack game is for six players, not {count}", count=players)
    return None


FAMILY = Family(
    name="caliente",
    title="Canasta Caliente",
    seat_counts=(2, 3, 4, 5, 6),
    options=(
        SimOption("always-frozen", False, "the Prize pile is always frozen"),
        SimOption("caliente-cards", False, "two Caliente cards join the pack"),
        SimOption("caliente-refill", 0, "cards drawn up to after a Caliente card (0: the deal size)"),
        SimOption("caliente-multiplies-bonus", True, "a Caliente card held multiplies Bonus cards held too"),
        SimOption("three-packs", False, "six players with three packs"),
        SimOption("stop-up-card-freezes", False, "a Stop card turned up freezes the pile"),
        SimOption("concealed-waives-minimum", False, "going out concealed waives the first-meld minimum"),
        SimOption("concealed-allows-discard", True, "a concealed going out may end with a discard"),
        SimOption("bonus-in-hand-penalty", 100, "points lost per Bonus card held at the end"),
        SimOption("permission-penalty", 100, "a remedy: the bots never incur it"),
        SimOption("wrong-take-penalty", 50, "a remedy: the bots never incur it"),
        SimOption("failed-minimum-raise", 10, "a remedy: the bots never incur it"),
        SimOption("target", 0, "the score that ends the game (0: 5,000; 10,000 with three packs)"),
        SimOption("canastas-to-go-out", 0, "canastas a side needs to go out (0: the rule books')"),
    ),
    build=StandardRules.build,
    hand=StandardHand,
    coverage=COVERAGE,
    table_problem=_table_problem,
)

__all__ = ["FAMILY"]
