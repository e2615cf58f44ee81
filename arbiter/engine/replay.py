"""The hand loop: a hand replayed from its deal (or stated position) turn by turn.

`HandReplay.run` sets up the table (engine/start.py), then plays each turn: the right player,
each action by its handler (engine/turn.py), then the end of the turn (a discard, or going out
with what the rule set requires). The first illegal move ends the judging of the hand; its
finding carries the table as it was before that move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..records import Action, GoOut, HandRecord, Node, Pass, PickUpFoot, Turn
from ..rules.base import Config, RuleSet, Seating
from ..rules.codes import NOTATION
from ..rulings import Adjustment, Finding, Severity
from .illegal import Illegal
from .scoring import score_side
from .start import check_player, check_table, deal, set_up_position
from .table import SideState, Table, new_side_states
from .turn import HANDLERS, TurnState

Observer = Callable[[int, int, dict[str, Any]], None]
"""Called with (hand number, turn number, table snapshot) as a hand starts and after each turn."""


@dataclass(slots=True)
class HandOutcome:
    ended: bool = False
    went_out: str | None = None  # the player who went out
    concealed: bool = False


class HandReplay:
    def __init__(
        self,
        config: Config,
        ruleset: RuleSet,
        record: HandRecord,
        totals_before: dict[str, int],
        observer: Observer | None = None,
        paths: Counter[str] | None = None,
    ) -> None:
        self.config = config
        self.observer = observer
        self.ruleset = ruleset
        self.record = record
        self.findings: list[Finding] = []
        # the legal paths taken, for coverage reports: a game's hands count into one Counter
        self.paths: Counter[str] = Counter() if paths is None else paths
        self.outcome = HandOutcome()
        self.turn: TurnState | None = None
        self.turn_number = 0
        seating = config.seating
        self.sitting_out = set(record.start.sitting_out)
        self.active = list(seating.playing_order(self.sitting_out))  # this hand's order of play
        # who plays after whom this hand
        self.following = dict(zip(self.active, self.active[1:] + self.active[:1], strict=True))
        sides = new_side_states(config)
        side_of = {p: sides[Seating.side_name(s)] for s in seating.sides for p in s}
        self.table = Table(
            config=config,
            hands={p: Counter() for p in self.active},
            sides=sides,
            side_of=side_of,
            pool=C.pack(config.packs, config.caliente_cards),
            stock=None,
            stock_count=0,
            totals_before=dict(totals_before),
        )

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
    ) -> None:
        rule = NOTATION[code].source if code in NOTATION else self.ruleset.rule(code).cite()
        node = node or self.record.start
        self.findings.append(
            Finding(
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
                table=self.table.snapshot() if table and severity is Severity.ERROR else None,
            )
        )

    # the whole hand
    def run(self) -> HandOutcome:
        try:
            check_table(self)
            if self.record.position is not None:
                set_up_position(self)
            else:
                deal(self)
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

    def observe(self, turn: int) -> None:
        if self.observer is not None:
            self.observer(self.record.number, turn, self.table.snapshot())

    # --- play ---------------------------------------------------------------------------------

    def play(self) -> None:
        record = self.record
        if record.position is not None and record.position.to_play is not None:
            expected = record.position.to_play.player
        else:
            expected = self.next_player_after_dealer()
        for turn in record.turns:
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
        table = self.table
        side = table.side_of[turn.player]
        melded_before = turn.player in table.melded_players
        state = TurnState(  # by position: made every turn, and keywords cost a good part of the call
            turn.player,
            side,
            self.turn_number,
            table.hands[turn.player],
            bool(side.melds),
            melded_before,
            0 if melded_before else side.canastas(self.config),
        )
        self.turn = state
        feet = table.feet
        if feet and turn.player in feet and not state.hand.total():
            self.check_foot_first(turn)
        outcome, handlers = self.outcome, HANDLERS
        for action in turn.actions:
            if outcome.ended:
                raise Illegal(
                    "last-bonus" if state.last_bonus else "hand-over",
                    "the hand ended with the previous action: nothing more is played",
                    action,
                )
            if state.discarded and type(action) is not GoOut:
                raise Illegal("discard", "the discard ends the turn: nothing may follow it", action)
            if feet and state.drawn and not state.discarded and turn.player in feet and not state.hand.total():
                self.check_foot_next(state, action)  # the Hand melded out, its Foot not picked up
            handlers[type(action)](self, state, action)
        self.end_turn(state, turn)

    def check_foot_first(self, turn: Turn) -> None:
        """A player who discarded the last card of the Hand begins the next turn with the Foot
        (or passes, when the stock has run out and the hand is over)."""
        if not turn.actions or type(turn.actions[0]) not in (PickUpFoot, Pass):
            raise Illegal(
                "foot-pickup",
                f"{turn.player} played out the Hand with a discard, so this turn begins by picking up the Foot (`foot`)",
                turn.actions[0] if turn.actions else turn,
            )

    def check_foot_next(self, state: TurnState, action: Action) -> None:
        """A player who has melded the whole Hand picks up the Foot before playing on."""
        if type(action) is not PickUpFoot:
            raise Illegal(
                "foot-pickup",
                f"{state.player} has melded the whole Hand: the Foot is picked up (`foot`) before the turn goes on",
                action,
            )

    def minimum(self, side: SideState) -> int:
        return self.config.first_meld_minimum(self.table.totals_before.get(side.name, 0), self.record.number)

    def minimum_remedy(self) -> str:
        return (
            f"the player may add cards this turn to reach the minimum; otherwise the cards go back to hand and the side's "
            f"minimum rises by {self.config.failed_minimum_raise} for the rest of the hand"
        )

    def minimum_adjustment(self, side: SideState) -> Adjustment:
        raise_by = self.config.failed_minimum_raise
        return Adjustment(side.name, 0, f"a first meld short of the minimum: the minimum rises by {raise_by}")

    def end_turn(self, state: TurnState, turn: Turn) -> None:
        if self.outcome.ended:  # a pass, or a Bonus drawn last
            return
        if state.last_bonus:
            raise Illegal(
                "last-bonus",
                f"{state.player} drew a {self.config.words.bonus} as the last card of the stock: it is laid and the hand ends",
                turn,
            )
        if not state.drawn:
            raise Illegal(
                "draw-first",
                f"{state.player}'s turn must begin by drawing or taking the {self.config.words.pile}",
                turn,
            )
        if state.replacements_owed:
            raise Illegal(
                "bonus-replacement",
                f"{state.player} laid a {self.config.words.bonus} without drawing its replacement",
                turn,
            )
        if state.refill_owed:
            raise Illegal(
                "caliente-refill",
                f"{state.player} played a Caliente card without drawing up to {self.config.caliente_refill} cards "
                f"({state.refill_owed} to draw)",
                turn,
            )
        side = state.side
        empty = not any(state.hand.values())  # counts never go below zero: remove() checks first
        if empty and state.player in self.table.feet:  # the Hand is played out; the Foot is still to come
            if not state.discarded:
                raise Illegal(
                    "foot-pickup",
                    f"{state.player} melded the whole Hand: the Foot is picked up at once (`foot`) and the turn goes on",
                    turn,
                )
            empty = False  # the Foot is picked up as the next turn begins
        waived = empty and self.config.concealed_waives_minimum and not state.player_melded_before
        if not state.side_melded_at_start and state.first_meld_value and not state.took_pile and not waived:
            minimum = self.minimum(side)
            if state.first_meld_value < minimum:
                raise Illegal(
                    "first-meld-minimum",
                    f"{side.name}'s first meld must be worth {minimum} points; this turn melds {state.first_meld_value}",
                    state.first_meld_node,
                    remedy=self.minimum_remedy(),
                    adjustment=self.minimum_adjustment(side),
                )
        if not empty and not state.discarded:
            config = self.config  # Hoyle's "passing the discard": short of canastas, a last card is kept
            short = config.keeps_last_card and state.hand.total() == 1
            if not (short and config.go_out_problem([meld.cards for meld in side.melds], config)):
                raise Illegal("discard", f"{state.player} must end the turn by discarding one card", turn)
            self.paths["keep-last-card"] += 1
        if state.stops_melded and not empty:
            raise Illegal("stop-meld", f"{self.config.words.stop}s may be melded only by a player going out", turn)
        if empty:
            self.check_going_out(state, turn)
        elif state.asked:
            raise Illegal(
                "go-out-permission",
                f"{state.player} asked to go out, was told yes, and did not go out",
                turn,
                remedy=f"{side.name} loses {self.config.permission_penalty} points",
                adjustment=Adjustment(
                    side.name, -self.config.permission_penalty, "told yes when asking to go out, and did not go out"
                ),
            )
        if self.config.foot_size and state.player not in self.table.feet:
            self.table.played_foot.add(state.player)  # a turn played with the Foot in hand

    def check_going_out(self, state: TurnState, turn: Turn) -> None:
        side, config = state.side, self.config
        lacking = config.go_out_problem([meld.cards for meld in side.melds], config)
        if lacking:
            raise Illegal("go-out-canasta", f"{state.player} has no cards left, but {side.name} {lacking}", turn)
        partners = [p for p in side.players if p != state.player and p in self.active]
        if config.foot_size:
            waiting = [p for p in partners if p not in self.table.played_foot]
            if waiting:
                raise Illegal(
                    "go-out-foot",
                    f"{state.player} has played out the Foot, but {' and '.join(waiting)} has not yet picked up the "
                    "Foot and played from it: without that a player keeps a card after discarding",
                    turn,
                )
        if config.ask_required and partners and state.asked is None:
            raise Illegal(
                "ask",
                f"{state.player} went out without asking {' or '.join(partners)}: a player asks the partner first",
                turn,
            )
        if state.asked is False:
            raise Illegal(
                "go-out-permission",
                f"{state.player} asked to go out, was told no, and went out anyway",
                turn,
                remedy=f"{side.name} loses {config.permission_penalty} points",
                adjustment=Adjustment(
                    side.name, -config.permission_penalty, "told no when asking to go out, and went out anyway"
                ),
            )
        # concealed: the whole hand melded in this one turn, a canasta among it, nothing melded before
        concealed = (
            not state.player_melded_before
            and side.canastas(config) > state.canastas_at_start
            and (config.concealed_allows_discard or not state.discarded)
        )
        self.outcome.ended = True
        self.outcome.went_out = state.player
        self.outcome.concealed = concealed
        self.paths["go-out-" + ("concealed" if concealed else "discarding" if state.discarded else "melding-all")] += 1

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
