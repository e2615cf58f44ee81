"""A position you can step: the table of one hand at one moment, the player to play, every legal
next action, and `push` to play one (docs/library.md is the guide).

    position = Position.deal("caliente", ["ann", "bob", "cid", "dee"], seed=7)
    while not position.over:
        position.push(random.choice(position.legal_actions()))
    print(position.scores, position.record())

Legality is the engine's own: a position owns the hand's `HandContext` (arbiter/engine/context.py)
and tries each action on a copy of it with the handlers that judge a record (engine/legal.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from .. import rules as rulesets
from ..engine import HandReplay, Illegal, seating_from_tags
from ..engine.alternatives import alternatives
from ..engine.context import TurnState
from ..engine.legal import Attempt, attempt, legal_actions
from ..engine.steps import start_turn
from ..formatter import format_game
from ..i18n import msg, term
from ..notation import DEFAULT_LIMITS, Limits, NotationError, Source
from ..records import Action, Game, Node, Points, SidePoints, Turn
from ..rules.base import OptionValue, RuleSet, Seating
from ..rules.codes import NOTATION
from ..rulings import Finding, Severity
from ..work import WorkBudget
from .dealing import deal_hand, game_tags
from .moves import IllegalAction, Move, PositionError, read_actions
from .reading import find_game, totals_before

ActionLike = Move | str | Action


class Position:
    """One hand of a game at one moment. Made by `Position.deal` (a new game's first hand, the
    stock's order known) or `Position.from_record` (the table just before a turn of a record)."""

    def __init__(self, game: Game, index: int, context: HandReplay, played: list[Turn], expected: str) -> None:
        self._game = game  # the game so far: tags and the hands before this one
        self._index = index  # this hand's place among the game's hands
        self._context = context
        self._played = played  # this hand's whole turns so far
        self._expected = expected  # who plays the next turn
        self._state: TurnState | None = None  # the turn in progress, once it has begun
        self._actions: list[Action] = []  # its actions so far

    # --- making one -------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: str | RuleSet,
        seats: Sequence[str],
        *,
        seed: int | str,
        options: Mapping[str, Any] | None = None,
        teams: Sequence[Sequence[str]] | str | None = None,
    ) -> Position:
        """A new game's first hand, dealt from `random.Random(seed)`: the first seat deals, the
        second plays first. `teams` as `[("ann", "cid"), ("bob", "dee")]` or `"ann+cid bob+dee"`
        (needed with five or six players, as the Teams tag is)."""
        ruleset = rulesets.get(rules) if isinstance(rules, str) else rules
        values = ruleset.resolve(options or {})
        if isinstance(teams, str):
            teams = [team.split("+") for team in teams.split()]
        game = game_tags(ruleset, seats, dict(options or {}), teams)
        seating, problem = seating_from_tags(game, ruleset, values)
        if seating is None:
            why = problem.message if problem else msg("no seating")
            raise PositionError(msg("cannot deal: {why}", why=why), problem)
        hand = deal_hand(ruleset.config_for(seating, values), seed)
        totals = dict.fromkeys((Seating.side_name(side) for side in seating.sides), 0)
        return cls.open(replace(game, hands=(hand,)), 0, ruleset, values, totals, 1)

    @classmethod
    def from_record(
        cls,
        text: Source,
        *,
        hand: int,
        turn: int,
        game: int = 1,
        rules: str | None = None,
        options: Mapping[str, Any] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> Position:
        """The table just before turn `turn` of hand `hand` of game `game` (turn 1: as the hand
        starts, after its deal or stated position; one past the last turn: after it). Raises
        PositionError saying why when the record does not reach it."""
        parsed, ruling = find_game(text, game, rules, options, limits)
        record = parsed.game
        index = next((i for i, h in enumerate(record.hands) if h.number == hand), None)
        if index is None:
            numbers = ", ".join(str(h.number) for h in record.hands) or msg("none")
            raise PositionError(
                msg("game {game} has no hand {hand} (its hands: {numbers})", game=game, hand=hand, numbers=numbers)
            )
        if index >= len(ruling.hands):
            stop = next((f for f in ruling.findings if f.code == "game-over" and f.hand == hand), None)
            why = stop.message if stop else msg("the game ended")
            raise PositionError(
                msg("hand {hand} of game {game} is not played: {why}", hand=hand, game=game, why=why), stop
            )
        turns = len(record.hands[index].turns)
        if not 1 <= turn <= turns + 1:
            raise PositionError(
                msg(
                    "hand {hand} of game {game} has {turns} turns: turn {turn} is not one of 1 to {last}",
                    hand=hand,
                    game=game,
                    turns=turns,
                    turn=turn,
                    last=turns + 1,
                )
            )
        ruleset = rulesets.get(ruling.rules or "")
        before = totals_before(record, ruling, index)
        return cls.open(record, index, ruleset, ruling.options, before, turn)

    @classmethod
    def open(
        cls,
        game: Game,
        index: int,
        ruleset: RuleSet,
        options: Mapping[str, OptionValue],
        totals: dict[str, int],
        turn: int,
    ) -> Position:
        """The position before turn `turn` of the hand `game.hands[index]`, from these totals."""
        seating, problem = seating_from_tags(game, ruleset, options)
        if seating is None:
            raise PositionError(msg("the game has no seating: {why}", why=problem.message if problem else ""), problem)
        record = game.hands[index]
        context = HandReplay(ruleset.config_for(seating, options), ruleset, record, totals)
        played = list(record.turns[: turn - 1])
        try:
            context.set_up()
            expected = context.play(played)
        except Illegal as illegal:
            finding = context.error(illegal)
            where = msg("turn {turn}", turn=context.turn_number) if context.turn_number else msg("its start")
            raise PositionError(
                msg(
                    "hand {hand} breaks a rule at {where}, before turn {turn}: {code}: {message}",
                    hand=record.number,
                    where=where,
                    turn=turn,
                    code=finding.code,
                    message=finding.message,
                ),
                finding,
            ) from None
        context.turn = None
        return cls(replace(game, hands=game.hands[:index]), index, context, played, expected)

    # --- what it shows ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the hand has ended."""
        return self._context.outcome.ended

    @property
    def to_play(self) -> str | None:
        """The player whose turn it is (None once the hand is over)."""
        if self.over:
            return None
        return self._state.player if self._state is not None else self._expected

    @property
    def scores(self) -> dict[str, int] | None:
        """Each side's points for the hand, once it is over; None until then."""
        if not self.over:
            return None
        return {side: score.points for side, score in self._context.scores().items()}

    @property
    def table(self) -> dict[str, Any]:
        """The table, as `arbiter table` and findings show it."""
        return self._context.table.snapshot()

    @property
    def hand(self) -> int:
        """The hand's number."""
        return self._context.record.number

    @property
    def turn(self) -> int:
        """The number of the turn to play (or being played)."""
        return len(self._played) + 1

    @property
    def turn_actions(self) -> list[Move]:
        """The actions of the turn in progress so far."""
        return [Move.of(a) for a in self._actions]

    # --- legality -----------------------------------------------------------------------------

    def legal_actions(self, work: WorkBudget | None = None) -> list[Move]:
        """Every distinct legal next action of the player to play; within `work` (else the budget
        in force, arbiter/work.py), after which `work.partial` says the list is not all of them."""
        if self.over:
            return []
        return [Move.of(action) for action in legal_actions(self._context, self._current(), work)]

    def is_legal(self, action: ActionLike) -> bool:
        try:
            self._try(action)
        except IllegalAction:
            return False
        return True

    def explain(self, action: ActionLike) -> Finding | None:
        """The finding `arbiter check` would give for this action here, with what was allowed
        instead (line 0: it is not written anywhere yet); None if it is legal."""
        try:
            self._try(action)
        except IllegalAction as illegal:
            return self._with_alternatives(illegal.finding, action)
        return None

    def push(self, action: ActionLike) -> None:
        """Play an action (a Move, ACN text, or several actions as a piece of a turn line);
        raises IllegalAction, changing nothing, if it breaks a rule."""
        actions = self._actions_of(action)
        if len(actions) > 1:  # a piece of a turn line: all of it, or nothing
            trial = self.copy()
            for one in actions:
                trial.push(one)
            self.__dict__.update(trial.__dict__)
            return
        try:
            tried = self._try(actions[0])
        except IllegalAction as illegal:
            raise IllegalAction(self._with_alternatives(illegal.finding, actions[0])) from None
        assert isinstance(tried.context, HandReplay)  # a fork of this position's own context
        self._context, self._state = tried.context, tried.state
        self._actions.append(actions[0])
        if tried.finished:
            self._end_turn()

    def copy(self) -> Position:
        other = Position(self._game, self._index, self._context, list(self._played), self._expected)
        other._context, other._state = self._context.fork(self._state)
        other._actions = list(self._actions)
        return other

    def record(self) -> str:
        """The game in ACN from its start (or stated position) to the last whole turn, with the
        hand's score once it is over. A turn in progress is left out (a turn line is whole), and
        so is a Result tag (the game is cut here)."""
        hand = replace(self._context.record, turns=tuple(self._played), declared=())
        if self.over and self.scores is not None:
            entries = tuple(SidePoints(side=side, points=points) for side, points in self.scores.items())
            hand = replace(hand, declared=(Points(kind="score", entries=entries),))
        tags = tuple(tag for tag in self._game.tags if tag.name.lower() != "result")
        return format_game(replace(self._game, tags=tags, hands=(*self._game.hands, hand), trailing=None))

    # --- inside -------------------------------------------------------------------------------

    def _current(self) -> TurnState:
        """The turn in progress, begun when first asked about."""
        if self._state is None:
            context = self._context
            context.turn_number = len(self._played) + 1
            self._state = start_turn(context, self._expected, Node())
        return self._state

    def _actions_of(self, action: ActionLike) -> tuple[Action, ...]:
        if isinstance(action, Move):
            return (action.action,)
        if not isinstance(action, str):
            return (action,)
        player = self.to_play or self._expected
        try:
            return read_actions(player, action)
        except NotationError as error:
            raise IllegalAction(self._notation_finding(error)) from None

    def _try(self, action: ActionLike) -> Attempt:
        actions = self._actions_of(action)
        if self.over:
            raise IllegalAction(
                self._context.error(Illegal("hand-over", msg("the hand is already over: nothing more is played in it")))
            )
        if len(actions) != 1:  # a piece of a turn line: tried on a copy, one action after another
            trial = self.copy()
            for one in actions[:-1]:
                trial.push(one)
            return trial._try(actions[-1])
        state = self._current()
        try:
            return attempt(self._context, state, actions[0])
        except Illegal as illegal:
            raise IllegalAction(self._context.error(illegal)) from None

    def _with_alternatives(self, finding: Finding, action: ActionLike) -> Finding:
        """A finding on a move, with the legal actions instead of it (as `arbiter check` gives)."""
        if finding.code in NOTATION or self.over:
            return finding
        actions = self._actions_of(action)
        if len(actions) != 1:
            return finding
        shown, total = alternatives(self._context, self._current(), actions[0], finding.code)
        return replace(finding, alternatives=shown, alternatives_total=total)

    def _end_turn(self) -> None:
        assert self._state is not None
        self._played.append(Turn(player=self._state.player, actions=tuple(self._actions)))
        self._expected = self._context.following[self._state.player]
        self._state, self._actions = None, []
        self._context.turn = None

    def _notation_finding(self, error: NotationError) -> Finding:
        code = error.code if error.code in NOTATION else "syntax-error"
        return Finding(
            line=0,
            column=error.column,
            code=error.code,
            rule=term(NOTATION[code].source),
            severity=Severity.ERROR,
            message=error.message,
            hand=self.hand,
            turn=self.turn,
            player=self.to_play,
        )

    def __repr__(self) -> str:
        where = "over" if self.over else f"turn {self.turn}, {self.to_play} to play"
        return f"<Position {self._context.ruleset.name} hand {self.hand}: {where}>"


def table_after(
    source: Source,
    hand: int,
    turn: int = 0,
    *,
    game: int = 1,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> dict[str, Any] | None:
    """The state of the table after `turn` of `hand` in game `game` of a record (turn 0: as the
    hand starts, after the deal or the stated position): every hand, each side's melds and laid
    cards, the Prize pile (bottom first) and whether it is frozen, the stock's size, the scores
    before the hand. None if the record never reaches that turn legally (it ends earlier, or an
    illegal move stops the replay of its hand before it); `Position.from_record` says why."""
    try:
        position = Position.from_record(
            source, hand=hand, turn=turn + 1, game=game, rules=rules, options=options, limits=limits
        )
    except PositionError:
        return None
    return position.table


__all__ = ["IllegalAction", "Move", "Position", "PositionError", "table_after"]
