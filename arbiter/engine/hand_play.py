"""The hand loop: a hand replayed from its deal (or stated position) turn by turn.

`HandReplay.run` sets up the table (engine/start.py), then plays each turn: the right player,
each action by its handler (engine/turn.py's HANDLERS), then the end of the turn (engine/ending.py: a
discard, or going out with what the rule set requires). The first illegal move ends the judging
of the hand; its finding carries the table as it was before that move. The state the checks read
is the hand's `HandContext` (engine/context.py), which the replay is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import Text, msg
from ..notation.records import Action, GoOut, HandRecord, Node, Turn
from ..rules.base import Config, RuleSet
from ..rules.lists import all_of
from ..rulings.findings import Adjustment, Finding, Severity
from ..rulings.views import TableView
from .context import HandContext, HandOutcome, TurnState
from .ending import end_turn
from .illegal import Illegal
from .scoring import score_side
from .start import check_player, check_table, deal, set_up_position
from .steps import play_action, start_turn
from .suits import over_count, require_suits, stock_order
from .table import Table

NOT_ON_A_MOVE = frozenset({"turn-order", "unknown-player", "sitting-out"})
"""Rulings on a turn that are not on one of its moves (who plays it): they list no alternatives."""

Observer = Callable[[int, int, TableView], None]
"""Called with (hand number, turn number, the table) as a hand starts and after each turn."""


class HandReplay(HandContext):
    def __init__(
        self,
        config: Config,
        ruleset: RuleSet,
        record: HandRecord,
        totals_before: dict[str, int],
        observer: Observer | None = None,
        paths: Counter[str] | None = None,
        *,
        table: Table | None = None,
        like: HandContext | None = None,
    ) -> None:
        super().__init__(config, ruleset, record, totals_before, paths, table=table, like=like)
        self.observer = observer
        self.findings: list[Finding] = []
        self.ending = False  # the end of a turn is being judged (its rulings belong to the turn's end)

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
        rule = self.ruleset.cite(code)
        node = node or self.record.start
        found = Finding(
            line=node.line,
            column=node.column or 1,
            code=code,
            rule=rule,
            severity=severity,
            message=message,
            remedy=remedy,
            adjustment=adjustment,
            hand=self.record.number,
            turn=self.turn_number or None,
            player=player or (self.turn.player if self.turn else None),
            table=TableView.of(self.table) if table and severity is Severity.ERROR else None,
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
            found = self.finding(
                illegal.code,
                illegal.message,
                illegal.node,
                remedy=illegal.remedy,
                adjustment=illegal.adjustment,
                player=illegal.player,
            )
            if self.turn_number and illegal.code not in NOT_ON_A_MOVE and illegal.listed:
                self.add_alternatives(found, illegal)
            self.outcome.ended = False
            return self.outcome
        shown = None
        if self.written is not self.record:  # what only suits show, once the moves passed (engine/suits.py)
            shown = over_count(self.config, self.written) or stock_order(self.config, self.written)
        if shown is not None:
            self.found_by_suit(shown)
            return self.outcome
        if self.outcome.ended:
            self.end_of_hand_warnings()
        return self.outcome

    def found_by_suit(self, shown: Illegal) -> None:
        """A suited card shown more often than the packs hold it, or drawn where the listed stock
        gives another suit: the hand is not judged; the finding is on the turn that shows it, if a
        turn does."""
        line = shown.node.line if shown.node is not None else 0
        turns = self.written.turns
        self.turn_number = next((i for i, turn in enumerate(turns, 1) if turn.line == line), 0)
        self.turn = None
        player = turns[self.turn_number - 1].player if self.turn_number else None
        self.finding(shown.code, shown.message, shown.node, player=player, table=False)
        self.outcome.ended = False

    def set_up(self) -> None:
        """The table as the hand's first turn finds it: dealt, or the stated position."""
        check_table(self)
        require_suits(self.config, self.written)  # a rule set that looks at suits needs every card's
        if self.record.position is not None:
            set_up_position(self)
        else:
            deal(self)

    def add_alternatives(self, found: Finding, illegal: Illegal) -> None:
        """The moment of the turn a finding on a move belongs to (`Finding.action`: the index of the
        offending action, or the turn's length for its end), the table at that moment (a rule the
        end of the turn broke shows the table before the action that left no legal end, not the
        table the whole turn left), and what was allowed instead there."""
        number = self.turn_number
        actions = self.record.turns[number - 1].actions
        index = self.offending_moment(number, actions, illegal)
        found.action = index
        try:
            context, state = self.before(number, index)
        except Illegal:  # cannot happen: the same moves passed a moment ago
            return
        found.table = TableView.of(context.table)
        offending = actions[index] if index < len(actions) else None
        from .alternatives import alternatives  # the legal actions' search, loaded by a record with a finding only

        found.alternatives, found.alternatives_total, found.alternatives_partial = alternatives(
            context, state, offending, illegal.code
        )

    def offending_moment(self, number: int, actions: Sequence[Action], illegal: Illegal) -> int:
        """Which step of the turn a position refuses, for a ruling on it: the action whose handler
        broke the rule; for a rule the end of the turn broke, the first action after which the
        turn had no legal end (engine/legal.py's `judge`), or else the end itself (the index past
        the last action: the turn line ended where it should not have)."""
        if not self.ending:
            return offending_index(actions, illegal.node)
        from .legal import judge  # as `alternatives`: only for a finding

        context, state = self.before(number, 0)
        for i, action in enumerate(actions):
            if type(action) is GoOut:  # `out` only states how the turn ended
                continue
            try:
                tried = judge(context, state, action)
            except Illegal:
                return i
            context, state = tried.context, tried.state
        return len(actions)

    def before(self, number: int, index: int) -> tuple[HandContext, TurnState]:
        """A fresh context of this hand just before action `index` of turn `number`."""
        other = HandReplay(self.config, self.ruleset, self.record, self.table.totals_before)
        other.set_up()
        other.play(self.record.turns[: number - 1])
        other.turn_number = number
        turn = self.record.turns[number - 1]
        state = start_turn(other, turn.player, Node())
        for action in turn.actions[:index]:
            play_action(other, state, action)
        return other, state

    def out_of_turn(self, expected: str, player: str) -> Text:
        if self.sitting_out:
            return msg(
                "it is {expected}'s turn, not {player}'s: with {resting} sitting out, the order of play is {order}",
                expected=expected,
                player=player,
                resting=all_of(sorted(self.sitting_out)),
                order=" ".join(self.active),
            )
        return msg("it is {expected}'s turn, not {player}'s: play passes to the left", expected=expected, player=player)

    def observe(self, turn: int) -> None:
        if self.observer is not None:
            self.observer(self.record.number, turn, TableView.of(self.table))

    # --- play ---------------------------------------------------------------------------------

    def play(self, turns: Sequence[Turn] | None = None) -> str:
        """Play the record's turns (or the first of them given); returns who plays next."""
        expected = self.first_to_play()
        for turn in self.record.turns if turns is None else turns:
            self.turn_number += 1
            if self.outcome.ended:
                self.turn = None
                raise Illegal("hand-over", msg("the hand is already over: nothing more is played in it"), turn)
            if turn.player != expected:  # the expected player is seated and plays this hand
                check_player(self, turn.player, turn, to_play=expected)
                raise Illegal("turn-order", self.out_of_turn(expected, turn.player), turn, player=expected)
            state = start_turn(self, expected, turn)  # the turn, step by step (engine/steps.py)
            for action in turn.actions:
                play_action(self, state, action)
            self.ending = True
            end_turn(self, state, turn)
            self.ending = False
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
                laid_out=self.outcome.laid_out,
                kept_last=self.outcome.kept_last,
            )
        return out


def offending_index(actions: Sequence[Action], node: Node | None) -> int:
    """Which action of a turn a ruling is on: the one its node is (or a meld the action lays);
    for the end of the turn, its last action but the `out` that only states it."""
    for i, action in enumerate(actions):
        if action is node or any(spec is node for spec in getattr(action, "melds", getattr(action, "also", ()))):
            return i
    last = len(actions) - 1
    while last > 0 and type(actions[last]) is GoOut:
        last -= 1
    return max(last, 0)
