"""The hand loop: a hand replayed from its deal (or stated position) turn by turn.

`HandReplay.run` sets up the table (engine/start.py), then plays each turn: the right player,
each action by its handler (engine/turn.py), then the end of the turn (engine/ending.py: a
discard, or going out with what the rule set requires). The first illegal move ends the judging
of the hand; its finding carries the table as it was before that move. The state the checks read
is the hand's `HandContext` (engine/context.py), which the replay is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..records import HandRecord, Node, Turn
from ..rules.base import Config, RuleSet
from ..rulings import Adjustment, Finding, Severity
from .context import HandContext, HandOutcome
from .ending import end_turn
from .illegal import Illegal
from .scoring import score_side
from .start import check_player, check_table, deal, set_up_position
from .turn import play_action, start_turn

Observer = Callable[[int, int, dict[str, Any]], None]
"""Called with (hand number, turn number, table snapshot) as a hand starts and after each turn."""


class HandReplay(HandContext):
    def __init__(
        self,
        config: Config,
        ruleset: RuleSet,
        record: HandRecord,
        totals_before: dict[str, int],
        observer: Observer | None = None,
        paths: Counter[str] | None = None,
    ) -> None:
        super().__init__(config, ruleset, record, totals_before, paths)
        self.observer = observer
        self.findings: list[Finding] = []

    # findings
    def finding(
        self,
        code: str,
        message: str,
        node: Node | None,
        *,
        severity: Severity = Severity.ERROR,
        remedy: str | None = None,
        adjustment: Adjustment | None = None,
        player: str | None = None,
        table: bool = True,
    ) -> Finding:
        rule = self.ruleset.rule(code)
        node = node or self.record.start
        found = Finding(
            line=node.line,
            column=node.column or 1,
            code=code,
            rule=rule.cite(),
            severity=severity,
            message=message,
            remedy=remedy,
            adjustment=adjustment,
            hand=self.record.number,
            turn=self.turn_number or None,
            player=player or (self.turn.player if self.turn else None),
            table=self.table.snapshot() if table and severity is Severity.ERROR else None,
        )
        self.findings.append(found)
        return found

    # the whole hand
    def run(self) -> HandOutcome:
        try:
            self.set_up()
            self.observe(0)
            self.play()
        except Illegal as illegal:
            self.finding(
                illegal.code, illegal.message, illegal.node, remedy=illegal.remedy, adjustment=illegal.adjustment
            )
            self.outcome.ended = False
            return self.outcome
        if self.outcome.ended:
            self.end_of_hand_warnings()
        return self.outcome

    def set_up(self) -> None:
        """The table as the hand's first turn finds it: dealt, or the stated position."""
        check_table(self)
        if self.record.position is not None:
            set_up_position(self)
        else:
            deal(self)

    def observe(self, turn: int) -> None:
        if self.observer is not None:
            self.observer(self.record.number, turn, self.table.snapshot())

    # --- play ---------------------------------------------------------------------------------

    def play(self, turns: Sequence[Turn] | None = None) -> str:
        """Play the record's turns (or the first of them given); returns who plays next."""
        expected = self.first_to_play()
        for turn in self.record.turns if turns is None else turns:
            self.turn_number += 1
            if self.outcome.ended:
                self.turn = None
                raise Illegal("hand-over", "the hand is already over: nothing more is played in it", turn)
            if turn.player != expected:  # the expected player is seated and plays this hand
                check_player(self, turn.player, turn)
                how = "play passes to the left"
                if self.sitting_out:
                    how = f"with {' and '.join(sorted(self.sitting_out))} sitting out, the order of play is {' '.join(self.active)}"
                raise Illegal("turn-order", f"it is {expected}'s turn, not {turn.player}'s: {how}", turn)
            self.play_turn(turn)
            if self.observer is not None:
                self.observe(self.turn_number)
            expected = self.following[expected]
        return expected

    def first_to_play(self) -> str:
        """Who plays the hand's first turn: the stated position's player, else the dealer's left."""
        record = self.record
        if record.position is not None and record.position.to_play is not None:
            return record.position.to_play.player
        return self.next_player_after_dealer()

    def next_player_after_dealer(self) -> str:
        """The dealer's left-hand neighbour at this hand's table; a dealer who sits out the hand
        deals from their own seat, and the first seat to their left that plays starts."""
        dealer = self.record.start.dealer
        if dealer in self.active:
            return self.following[dealer]
        seats = self.config.seating.seats
        i = seats.index(dealer)
        for step in range(1, len(seats) + 1):
            candidate = seats[(i + step) % len(seats)]
            if candidate not in self.sitting_out:
                return candidate
        return seats[0]

    def play_turn(self, turn: Turn) -> None:
        state = start_turn(self, turn.player, turn)
        self.turn = state
        for action in turn.actions:
            play_action(self, state, action)
        end_turn(self, state, turn)

    def end_of_hand_warnings(self) -> None:
        """What the rule set warns about the cards left in each hand (Config.end_of_hand)."""
        config, last = self.config, (self.record.turns[-1] if self.record.turns else None)
        for player, hand in self.table.hands.items():
            for code, path, message in config.end_of_hand(player, hand, config):
                self.paths[path] += 1
                self.finding(code, message, last, severity=Severity.WARNING, player=player)

    def scores(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, side in self.table.sides.items():
            went_out = self.outcome.went_out in side.players
            out[name] = score_side(
                side,
                self.table.hands,
                self.config,
                went_out=went_out,
                concealed=went_out and self.outcome.concealed,
                feet=self.table.feet,
            )
        return out
