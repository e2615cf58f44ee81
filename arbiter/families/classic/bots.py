"""Classic Canasta's bot rules: the partnership game of the Official Canasta Laws with the ordinary
deck (red threes `B`, black threes `S`, jokers `X`, deuces `2`), at four players and at the two-
and three-hand tables the laws give (docs/simulator.md, "Classic Canasta").

The Caliente rule books say their deck plays classic Canasta, and the laws' game is the Caliente
game with a few differences, so the bots are the standard game's (`arbiter/bots/standard.py`) with these rules:

- the pile is frozen against a side until its first meld (no wild in the first take);
- a player holding one card may not take a pile of one card;
- the first-meld minimum below zero is 15;
- a red three left in hand would cost 500 (the bots never keep one);
- `black-three-up=top`: a black three turned up is left on top (it blocks the first player)
  instead of being covered; `black-three-freezes`: a black three discarded freezes the pile;
- `wild-ratio` (`not-outnumbered`, `naturals-outnumber`, `at-most-three`): the bots always keep
  naturals ahead of wilds and at most three wilds, which every ratio allows.

Concealed going out is judged per player and is worth 200 in all, red threes 100 each and 800 for
all four, against a side with no meld: as in Caliente.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...bots.family import Family, SimOption
from ...bots.standard import StandardHand
from ...bots.standard_rules import StandardRules
from . import coverage as classic_coverage


def classic_rules(players: int, options: Mapping[str, Any]) -> StandardRules:
    """Classic Canasta's table rules: Caliente's (deal, draw, canastas, target by the table), with
    the laws' differences."""
    return replace(
        StandardRules.build(players, {}),
        below_zero_minimum=15,
        frozen_until_first_meld=True,
        one_card_pile_rule=True,
        bonus_in_hand_penalty=500,
        black_three_on_top=options["black-three-up"] == "top",
        black_three_freezes=bool(options["black-three-freezes"]),
    )


FAMILY = Family(
    name="classic",
    title="Classic Canasta",
    seat_counts=(2, 3, 4),
    options=(
        SimOption(
            "wild-ratio",
            "not-outnumbered",
            "how many wilds a meld may hold against its naturals",
            ("not-outnumbered", "naturals-outnumber", "at-most-three"),
        ),
        SimOption("black-three-up", "covered", "a black three turned up: covered, or left on top", ("covered", "top")),
        SimOption("black-three-freezes", False, "a black three discarded freezes the pile"),
    ),
    build=classic_rules,
    hand=StandardHand,
    coverage=classic_coverage.CLASSIC,
)

__all__ = ["FAMILY", "classic_rules"]
