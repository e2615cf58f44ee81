"""What every check of a hand reads and changes: the hand's context (`HandContext`), a turn in
progress (`TurnState`) and how the hand ended (`HandOutcome`).

The handlers of engine/turn.py, engine/start.py and engine/ending.py take a `HandContext`, never
the replay that drives them: `HandReplay` (engine/hand_play.py) replays a record through one, and a
`Position` (arbiter/positions/) owns one to ask "is this legal here?" of a copy (`fork`) without
replaying anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Protocol, Self

from .. import cards as C
from ..i18n import msg
from ..notation.records import HandRecord, Node
from ..rules.base import Config, RuleSet
from ..rules.policies import TurnEnd
from ..rulings.findings import Adjustment, Finding, Severity
from ..rulings.views import TableView
from .illegal import Illegal
from .suits import judged
from .table import SideState, Table, counts_copy, new_side_states


@dataclass(slots=True)
class HandOutcome:
    ended: bool = False
    went_out: str | None = None  # the player who went out
    concealed: bool = False
    laid_out: tuple[str, Callable[[], str], int] | None = None
    """A hand ended by a side laying out a whole hand at once (Modern American Canasta's special
    hands, a rule set's own action): the side, what it laid and its value, which is all it scores."""
    kept_last: tuple[str, str] | None = None
    wins_game: str | None = None
    """A side whose hand wins the game at once, whatever the totals (Modern American Canasta's Dream
    Hands)."""
    """The player who drew a laid card as the stock's last card and keeps it, and the card
    (`Config.last_bonus_kept`): scored at `Config.last_bonus_cost` when it is still held."""


@dataclass(slots=True)
class TurnState:
    player: str
    side: SideState
    number: int
    hand: Counter[str]  # the player's cards
    side_melded_at_start: bool
    player_melded_before: bool
    canastas_at_start: int
    drawn: bool = False
    took_pile: bool = False
    replacements_owed: int = 0
    pile_bonus: int = 0  # Bonus cards from the first pile taken: laid without replacement
    unreplaced_bonus: int = 0  # of those, how many have been laid this turn
    owed_draw: int = 0  # cards still to draw after the action played instead of drawing
    instead: PlayedInstead | None = None  # the action played instead of drawing, if one was
    asked: bool | None = None
    discarded: bool = False
    melded: bool = False  # melded or added this turn
    first_meld_value: int = 0
    first_meld_node: Node | None = None
    stops_melded: bool = False
    last_bonus: bool = False
    foot_first: bool = False  # the turn must begin with the Foot (the Hand went as a discard)
    talon_drawn: bool = False  # the opener's talon drawn after the discard (Config.talon)
    begun: tuple[tuple[tuple[str, ...], ...], str | None] | None = None
    """The side's melds and the pile's top card as the turn began, kept for the rule set's
    end-of-turn policy (Config.turn_end_problem) only."""
    excused: tuple[str, str, Node] | None = None
    """The first problem a player going out this turn is excused (Config.excused_going_out): raised
    at the turn's end unless the player goes out."""
    ended: TurnEnd | None = None
    """The turn as its discard left it, for the rule set's end-of-turn policy (Config.turn_end_problem),
    judged at the turn's end (the talon, drawn after the discard, changes nothing it reads)."""
    unreplaced_late: int = 0  # Bonus cards laid with the stock down to Config.replacements_stop_at: not replaced

    def on(self, table: Table) -> TurnState:
        """This turn on a copy of its table (`HandContext.fork`): the player's hand and side there.
        Every field by position, as `dataclasses.replace` would copy them at several times the cost
        (tests/test_table.py holds that none is left out)."""
        return TurnState(
            self.player,
            table.side_of[self.player],
            self.number,
            table.hands[self.player],
            self.side_melded_at_start,
            self.player_melded_before,
            self.canastas_at_start,
            self.drawn,
            self.took_pile,
            self.replacements_owed,
            self.pile_bonus,
            self.unreplaced_bonus,
            self.owed_draw,
            self.instead,
            self.asked,
            self.discarded,
            self.melded,
            self.first_meld_value,
            self.first_meld_node,
            self.stops_melded,
            self.last_bonus,
            self.foot_first,
            self.talon_drawn,
            self.begun,
            self.excused,
            self.ended,
            self.unreplaced_late,
        )


class PlayedInstead(Protocol):
    """An action a rule set brings that is played instead of drawing (`TurnState.instead`), and
    may leave the turn owing a draw from the stock (`TurnState.owed_draw`): the engine checks
    that draw wherever a draw is due, and asks the action for the code and words of a finding
    about it, and of a later draw or take of the pile it forbids."""

    owed_path: ClassVar[str]  # the coverage path of the owed draw, drawn

    def miscounted(self, r: HandContext, state: TurnState, node: Node, drawn: int) -> Illegal:
        """The owed draw, of `drawn` cards rather than `state.owed_draw`."""
        ...

    def put_off(self, r: HandContext, state: TurnState, node: Node) -> Illegal:
        """An action played before the owed draw."""
        ...

    def left_undone(self, r: HandContext, state: TurnState, node: Node) -> Illegal:
        """The turn ended without the owed draw."""
        ...

    def draws_again(self, r: HandContext, state: TurnState, node: Node) -> Illegal:
        """A draw once nothing is owed."""
        ...

    def takes_the_pile(self, r: HandContext, state: TurnState, node: Node) -> Illegal:
        """A take of the pile after it."""
        ...


class HandContext:
    """One hand's table and what the checks need beside it: the configuration, the rule set (for
    its catalogue), the hand's record (its start, deal or stated position), who plays and in what
    order, the outcome so far and the legal paths counted."""

    def __init__(
        self,
        config: Config,
        ruleset: RuleSet,
        record: HandRecord,
        totals_before: dict[str, int],
        paths: Counter[str] | None = None,
        *,
        table: Table | None = None,
        like: HandContext | None = None,
    ) -> None:
        """The hand's context before its first card is dealt, or, given `table`, at that table;
        `like`: a context of the same hand whose order of play this one shares (a fork)."""
        self.config = config
        self.ruleset = ruleset
        # a hand that gives its cards' suits is judged as written without them (engine/suits.py);
        # `written` keeps them, for the checks only suits allow (HandReplay.set_up)
        self.written: HandRecord = record if like is None else like.written
        self.record: HandRecord = record if like is not None else judged(record)  # a fork's: already judged
        # the legal paths taken, for coverage reports: a game's hands count into one Counter
        self.paths: Counter[str] = counts_copy() if paths is None else paths
        self.outcome = HandOutcome()
        self.turn: TurnState | None = None
        self.turn_number = 0
        self.sitting_out: set[str]
        self.active: list[str]  # this hand's order of play
        self.following: dict[str, str]  # who plays after whom this hand
        if like is not None:  # never changed once made
            self.sitting_out, self.active, self.following = like.sitting_out, like.active, like.following
        else:
            self.sitting_out = set(record.start.sitting_out)
            self.active = list(config.seating.playing_order(self.sitting_out))
            self.following = dict(zip(self.active, self.active[1:] + self.active[:1], strict=True))
        self.table = table if table is not None else self.new_table(totals_before)

    def new_table(self, totals_before: dict[str, int]) -> Table:
        """The table before the deal: every card in the pack, none in a hand or on the table."""
        config = self.config
        sides = new_side_states(config)
        side_of = {p: side for side in sides.values() for p in side.players}
        return Table(
            config=config,
            hands={p: C.Counts() for p in self.active},
            sides=sides,
            side_of=side_of,
            pool=config.pack(),
            stock=None,
            stock_count=0,
            totals_before=dict(totals_before),
        )

    def fork(self, state: TurnState | None) -> tuple[Self, TurnState | None]:
        """A copy to try a move on: its own table, outcome and paths (the configuration, rule set
        and record are shared, never changed), and the turn in progress on that copy. The table's
        copy is of what that turn may change (`Table.copy`); with no turn, of everything."""
        # A new instance of the same class, not a copy of __dict__: compiled with mypyc (setup.py), a
        # class has no __dict__, and each instance is made by its __init__.
        table = self.table.copy(None if state is None else state.player)
        other = type(self)(self.config, self.ruleset, self.record, table.totals_before, table=table, like=self)
        outcome = self.outcome
        other.outcome = HandOutcome(outcome.ended, outcome.went_out, outcome.concealed, None, outcome.kept_last)
        other.turn_number = self.turn_number
        copied = None if state is None else state.on(table)
        other.turn = copied
        return other, copied

    def error(self, illegal: Illegal, node: Node | None = None) -> Finding:
        """The finding for a broken rule, with the table it was broken from."""
        node = illegal.node or node or self.record.start
        return Finding(
            line=node.line,
            column=node.column or 1,
            code=illegal.code,
            rule=self.ruleset.cite(illegal.code),  # a notation code too: a word no family brings
            severity=Severity.ERROR,
            message=illegal.message,
            remedy=illegal.remedy,
            adjustment=illegal.adjustment,
            hand=self.record.number,
            turn=self.turn_number or None,
            player=illegal.player or (self.turn.player if self.turn else None),
            table=TableView.of(self.table),
        )

    # --- the first meld ---------------------------------------------------------------------

    def minimum(self, side: SideState) -> int:
        return self.config.first_meld_minimum(self.table.totals_before.get(side.name, 0), self.record.number)

    def minimum_remedy(self) -> str:
        if self.config.failed_minimum_penalty:  # Modern American Canasta's mismeld, as points
            return msg(
                "the cards go back to hand and the side loses {points} points",
                points=self.config.failed_minimum_penalty,
            )
        return msg(
            "the player may add cards this turn to reach the minimum; otherwise the cards go back to hand and the "
            "side's minimum rises by {points} for the rest of the hand",
            points=self.config.failed_minimum_raise,
        )

    def minimum_adjustment(self, side: SideState) -> Adjustment:
        penalty = self.config.failed_minimum_penalty
        if penalty:
            return Adjustment(side.name, -penalty, msg("a first meld taken back (a mismeld)"))
        raise_by = self.config.failed_minimum_raise
        return Adjustment(
            side.name, 0, msg("a first meld short of the minimum: the minimum rises by {points}", points=raise_by)
        )
