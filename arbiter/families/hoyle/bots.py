"""Hoyle two-hand Canasta's bot rules: the standard game's bots with the laws' differences, as
Classic Canasta's play them (arbiter/bots/standard.py), at two players, with the rules below.

Hoyle two-hand (`hoyle`) follows a computer game's help page that follows Hoyle with its own
settings: two players, 15 dealt, one card drawn (`draw=2` for standard two-hand play), two
canastas to go out (`canastas-to-go-out=1`), a black three turned up left on top, where it stops
the first player (`black-three-up=covered`), going out concealed waives the first-meld minimum,
the pile frozen against a player until the first meld, the one-card pile rule, 15 below zero. On an
exhausted stock an unfrozen up card that fits a meld must be taken, that card alone, and the bots
take it and pass otherwise; a player left with one card and short of canastas keeps it and does
not discard.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...bots.cards import BONUS, NATURAL_SET
from ...bots.family import Family, SimOption
from ...bots.standard import StandardHand
from ...bots.standard_rules import StandardRules
from ...bots.table import TurnState
from ...notation.records import MeldRef, Pass, Take
from .coverage import HOYLE


def hoyle_rules(players: int, options: Mapping[str, Any]) -> StandardRules:
    """Hoyle two-hand's table rules."""
    return replace(
        StandardRules.build(players, {}),
        draw_count=int(options["draw"]),
        canastas_to_go_out=int(options["canastas-to-go-out"]),
        concealed_waives_minimum=True,
        below_zero_minimum=15,
        frozen_until_first_meld=True,
        one_card_pile_rule=True,
        bonus_in_hand_penalty=500,
        black_three_on_top=options["black-three-up"] == "top",
    )


class HoyleHand(StandardHand):
    """One hand of Hoyle two-hand Canasta."""

    def exhausted_start(self, t: TurnState) -> bool:
        """The stock is exhausted: an unfrozen up card that fits the player's meld is taken, that
        card alone; otherwise the player passes, which ends the hand."""
        top = self.pile[-1] if self.pile else None
        melds = self.melds[t.side]
        if top in NATURAL_SET and top in melds and not self.frozen and not self.one_card_each(t.hand):
            assert top is not None
            self.pile.pop()
            melds[top].append(top)
            t.acts.append(Take(card=top, onto=MeldRef(rank=top)))
            t.drawn = t.took = t.melded = True
            self.melded_players.add(t.player)
            return True
        t.acts.append(Pass())
        self.ended = True
        return False

    def finish(self, t: TurnState) -> None:
        """A player left with one card and short of canastas keeps it and does not discard."""
        held = sum(n for card, n in t.hand.items() if card != BONUS and n > 0)
        if held == 1 and self.plan_out(t, t.hand, self.melds[t.side], took=t.took) is None:
            return
        super().finish(t)


FAMILY = Family(
    name="hoyle",
    title="Hoyle two-hand Canasta",
    seat_counts=(2,),
    options=(
        SimOption("draw", 1, "cards drawn a turn (2: standard two-hand play)", (1, 2)),
        SimOption("canastas-to-go-out", 2, "canastas a player needs to go out", (1, 2)),
        SimOption(
            "black-three-up",
            "top",
            "a black three turned up: left on top (the page), or covered",
            ("top", "covered"),
        ),
    ),
    build=hoyle_rules,
    hand=HoyleHand,
    coverage=HOYLE,
)

__all__ = ["FAMILY", "HoyleHand", "hoyle_rules"]
