"""Classic Canasta's bot rules: Hoyle two-hand (`hoyle`) and the partnership game of the Official Canasta Laws with the ordinary
deck (red threes `B`, black threes `S`, jokers `X`, deuces `2`), at four players and at the two-
and three-hand tables the laws give (docs/simulator.md, "Classic Canasta").

The Caliente rule books say their deck plays classic Canasta, and the laws' game is the Caliente
game with a few differences, so the bots are Caliente's (`caliente.py`) with these rules:

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

from ..records import MeldRef, Pass, Take, UpCard
from . import classic_coverage
from .caliente import CalienteHand
from .caliente_rules import CalienteRules
from .cards import BONUS, NATURAL_SET, STOP, WILDS
from .families import Family, SimOption, register
from .table import TurnState


def classic_rules(players: int, options: Mapping[str, Any]) -> CalienteRules:
    """Classic Canasta's table rules: Caliente's (deal, draw, canastas, target by the table), with
    the laws' differences."""
    return replace(
        CalienteRules.build(players, {}),
        below_zero_minimum=15,
        frozen_until_first_meld=True,
        one_card_pile_rule=True,
        bonus_in_hand_penalty=500,
        black_three_on_top=options["black-three-up"] == "top",
        black_three_freezes=bool(options["black-three-freezes"]),
    )


class ClassicHand(CalienteHand):
    """One hand of classic Canasta."""

    def turn_up_card(self) -> None:
        """A red three or a wild turned is covered and freezes the pile; a black three is covered
        too, or left on top with `black-three-up=top`."""
        if not self.rules.black_three_on_top:
            super().turn_up_card()
            return
        turned: list[str] = []
        while True:
            card = self.stock.pop()
            turned.append(card)
            if card in WILDS or card == BONUS:
                self.frozen = True
            else:
                break  # a natural, or a black three left on top
        self.pile = turned
        self.up = UpCard(cards=tuple(turned))

    def discard(self, t: TurnState, card: str) -> None:
        super().discard(t, card)
        if card == STOP and self.rules.black_three_freezes:
            self.frozen = True


def hoyle_rules(players: int, options: Mapping[str, Any]) -> CalienteRules:
    """Hoyle two-hand's table rules."""
    return replace(
        CalienteRules.build(players, {}),
        draw_count=int(options["draw"]),
        canastas_to_go_out=int(options["canastas-to-go-out"]),
        concealed_waives_minimum=True,
        below_zero_minimum=15,
        frozen_until_first_meld=True,
        one_card_pile_rule=True,
        bonus_in_hand_penalty=500,
        black_three_on_top=options["black-three-up"] == "top",
    )


class HoyleHand(ClassicHand):
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


HOYLE = register(
    Family(
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
        coverage=classic_coverage.HOYLE,
    )
)

FAMILY = register(
    Family(
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
            SimOption(
                "black-three-up", "covered", "a black three turned up: covered, or left on top", ("covered", "top")
            ),
            SimOption("black-three-freezes", False, "a black three discarded freezes the pile"),
        ),
        build=classic_rules,
        hand=ClassicHand,
        coverage=classic_coverage.CLASSIC,
    )
)

__all__ = ["FAMILY", "HOYLE", "ClassicHand", "HoyleHand", "classic_rules", "hoyle_rules"]
