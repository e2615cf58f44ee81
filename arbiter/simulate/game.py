"""One game: hand after hand, the deal passing to the left round every seat, until a side reaches
the target (or for a number of hands, or the family's fixed number of rounds)."""

from __future__ import annotations

import random
from typing import Any

from ..bots.choices import Style
from ..bots.record import game_record, hand_record
from ..bots.seating import seating
from ..bots.table import HandTable
from ..bots.trace import Expected, HandTrace
from ..notation.records import Game, HandRecord

MAX_HANDS = 400  # per game, when no `hands` limit is given


class GameSim:
    def __init__(
        self,
        rules: Any,
        rng: random.Random,
        hand_class: type[HandTable],
        *,
        stock_mode: str = "some",
        tracing: bool = False,
        style: Style | None = None,
    ) -> None:
        self.rules = rules
        self.hand_class = hand_class
        self.style = style or Style()
        self.rng = rng
        self.stock_mode = stock_mode
        self.tracing = tracing
        self.seats, self.sides = seating(rules.players, rules.three_packs, rng)
        self.side_names = ["+".join(side) for side in self.sides]
        self.side_name = {p: "+".join(side) for side in self.sides for p in side}
        self.totals = dict.fromkeys(self.side_names, 0)
        self.hands: list[HandRecord] = []
        self.traces: list[HandTrace] = []
        self.expected: list[Expected] = []
        self.over = False

    def sitting_out(self, number: int) -> tuple[str, ...]:
        """One member of each team of three sits out, in turn (five or six players, one pack)."""
        if self.rules.playing == self.rules.players:
            return ()
        return tuple(sorted((side[(number - 1) % 3] for side in self.sides if len(side) == 3), key=self.seats.index))

    def play(self, hands: int | None) -> None:
        dealer = self.rng.randrange(len(self.seats))
        number = 0
        rounds = getattr(self.rules, "rounds", None)  # a family played for a fixed number of rounds
        while not self.over:
            number += 1
            if (hands is not None and number > hands) or number > MAX_HANDS:
                break
            hand = self.hand_class(self, number, self.seats[dealer], self.sitting_out(number))
            hand.play()
            hand.finish_hand()
            scores = hand.scores()
            for side, points_ in scores.items():
                self.totals[side] += points_
            self.hands.append(hand_record(hand, scores, dict(self.totals)))
            self.expected += hand.expected
            if hand.trace is not None:
                self.traces.append(hand.trace)
            if rounds:
                self.over = number >= rounds
            else:
                self.over = max(self.totals.values()) >= self.rules.target
            dealer = (dealer + 1) % len(self.seats)

    def result(self) -> str:
        if not self.over:
            return "*"
        best = max(self.totals.values())
        leaders = [side for side, total in self.totals.items() if total == best]
        return leaders[0] if len(leaders) == 1 else "tie"

    def game(self, event: str, rules_name: str, variant: str) -> Game:
        return game_record(event, rules_name, variant, self.seats, self.side_names, self.result(), self.hands)


__all__ = ["MAX_HANDS", "GameSim"]
