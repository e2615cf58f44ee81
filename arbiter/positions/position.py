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
from typing import Any, cast, get_args

from .. import families as rulesets
from ..engine import HandReplay, Illegal, seating_from_tags
from ..engine.alternatives import alternatives
from ..engine.context import HandContext, TurnState
from ..engine.going_out import go_out
from ..engine.legal import Attempt, attempt, judge, listed
from ..engine.steps import start_turn
from ..engine.suits import unsuited_action
from ..engine.work import WorkBudget
from ..errors import NotARecord
from ..i18n import msg, term
from ..notation import DEFAULT_LIMITS, Limits, NotationError, Source
from ..notation.actions import END, EndOfTurn, Step, read_steps
from ..notation.formatter import format_game
from ..notation.records import Action as RecordAction
from ..notation.records import Game, GoOut, Node, Points, SidePoints, Turn
from ..rules.base import OptionValue, RuleSet, Seating
from ..rules.codes import NOTATION
from ..rulings.findings import Finding, Severity
from ..rulings.views import TableView
from .dealing import deal_hand, game_tags
from .moves import Action, IllegalAction, Move, PositionError
from .reading import find_game, totals_before
from .suits import SuitsHeld, shows_suits

ActionLike = Action | str | RecordAction | EndOfTurn
"""What `push`, `is_legal` and `explain` take: an Action (a `Move`), ACN text (`end`: the end of
the turn), or a record's action."""

ACTION_TYPES = get_args(RecordAction)


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
        self._actions: list[Step] = []  # its steps so far
        self._ended: TurnState | None = None  # the turn just ended, which an `out` may still state
        # whether the hand or an action played gives a card's suit: the table then shows them (`table`)
        self._suited = context.written is not context.record or any(
            shows_suits(action) for turn in played for action in turn.actions
        )

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
        played = list(record.turns[: turn - 1])  # as written: with their suits, if the record gives them
        try:
            context.set_up()
            expected = context.play(context.record.turns[: turn - 1])
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
    def table(self) -> TableView:
        """The table, as `arbiter table` and findings show it (`to_dict()`: its JSON shape). Where
        the record or an action played gives suits, each card a player holds is shown with the
        suit the record gave it (positions/suits.py)."""
        view = TableView.of(self._context.table)
        if not self._suited:
            return view
        context = self._context
        held = SuitsHeld(context.written, context.config).played(self._played)
        if self._state is not None:
            held.play(self._state.player, self._actions)
        feet = view.feet
        return view.with_cards(
            {player: held.shown(player, ranks) for player, ranks in view.hands.items()},
            None if feet is None else {player: held.shown_feet(player, ranks) for player, ranks in feet.items()},
            held.shown_pile(view.pile),
        )

    @property
    def hand(self) -> int:
        """The hand's number."""
        return self._context.record.number

    @property
    def turn(self) -> int:
        """The number of the turn to play (or being played)."""
        return len(self._played) + 1

    @property
    def turn_actions(self) -> list[Action]:
        """The actions of the turn in progress so far."""
        return [Action(a) for a in self._actions]

    # --- legality -----------------------------------------------------------------------------

    def legal_actions(self, work: WorkBudget | None = None) -> list[Action]:
        """Every distinct legal next step of the player to play: each action of the notation, and
        `end` where the turn may end without a discard (Hoyle's passing the discard); within `work`
        (else the budget in force, arbiter/engine/work.py), after which `work.partial` says the list is
        not all of them."""
        if self.over:
            return []
        return [Action.listed(text, step) for text, step in listed(self._context, self._current(), work).items()]

    def is_legal(self, action: ActionLike) -> bool:
        """Whether the action (or piece of a turn line) may be played here: `explain` is None."""
        try:
            self._try(self._steps_of(action))
        except IllegalAction:
            return False
        return True

    def explain(self, action: ActionLike) -> Finding | None:
        """The finding `arbiter check` would give for this action here, with what was allowed
        instead (line 0: it is not written anywhere yet); None if it is legal."""
        try:
            steps = self._steps_of(action)
            self._try(steps)
        except IllegalAction as illegal:
            return illegal.finding
        return None

    def push(self, action: ActionLike) -> None:
        """Play an action (a Move, ACN text, or several actions as a piece of a turn line, all of
        them the player's: a turn never ends inside it); raises IllegalAction, changing nothing, if
        it breaks a rule. A discard, or a hand emptied, ends the turn (but a discard the opener's
        talon follows, `Config.talon`: the talon's draw ends it); `end` (or `end_turn`) ends one
        that no discard ends."""
        steps = self._steps_of(action)  # as written: with their suits, if the player gives them
        tried = self._try(steps)
        self._suited = self._suited or any(shows_suits(step) for step in steps)
        if tried is None:  # `out` stating how the turn just ended: written into that turn
            self._played[-1] = replace(self._played[-1], actions=(*self._played[-1].actions, *steps))  # type: ignore[arg-type]
            return
        self._context, self._state = replayed(tried.context), tried.state
        self._actions.extend(steps)
        if tried.finished:
            self._end_turn()

    def end_turn(self) -> None:
        """End the turn in progress without a discard, where the rule set lets a player do so
        (Hoyle's passing the discard); raises IllegalAction with the finding `arbiter check`
        gives a turn line that ends here (`discard`, when a discard is due)."""
        self.push(END)

    def copy(self) -> Position:
        other = Position(self._game, self._index, self._context, list(self._played), self._expected)
        forked, other._state = self._context.fork(self._state)
        other._context = replayed(forked)
        other._actions = list(self._actions)
        other._ended = self._ended
        other._suited = self._suited
        return other

    def record(self) -> str:
        """The game in ACN from its start (or stated position) to the last whole turn, with the
        hand's score once it is over. A turn in progress is left out (a turn line is whole), and
        so is a Result tag (the game is cut here)."""
        hand = replace(self._context.written, turns=tuple(self._played), declared=())
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

    def _steps_of(self, action: ActionLike) -> tuple[Step, ...]:
        """The steps an action stands for: a Move's, an action's, or those of a piece of a turn
        line (`end`: the end of the turn)."""
        if isinstance(action, Action):  # before str: an Action is its text too
            return (action.step,)
        if isinstance(action, (EndOfTurn, *ACTION_TYPES)):
            return (cast(Step, action),)
        if not isinstance(action, str):
            raise NotARecord(
                msg(
                    "an action is a Move, the text of an action or a record's action, not {kind}",
                    kind=type(action).__name__,
                )
            )
        player = self.to_play or self._expected
        try:
            return read_steps(action, player)
        except NotationError as error:
            raise IllegalAction(self._notation_finding(error)) from None

    def _try(self, steps: tuple[Step, ...], *, with_alternatives: bool = True) -> Attempt | None:
        """The steps played on copies, none of them ending the turn but the last (a turn never ends
        inside what the player is writing); None for an `out` that states how the turn just
        ended. Raises IllegalAction with the finding, its alternatives and its action's index."""
        steps = tuple([unsuited_step(step) for step in steps])  # judged without suits (engine/suits.py)
        if self._states_the_end(steps):
            return None
        if self.over:
            raise IllegalAction(
                self._context.error(Illegal("hand-over", msg("the hand is already over: nothing more is played in it")))
            )
        context: HandContext = self._context
        state = self._current()
        tried: Attempt | None = None
        for i, step in enumerate(steps):
            last = i == len(steps) - 1
            try:
                tried = judge(context, state, step) if last else attempt(context, state, step, closes=False)
            except Illegal as illegal:
                at = i
                if last and i and self._handler_passes(context, state, step):  # the turn's end broke a rule
                    at = self._first_refused(steps)  # the step `check` names for a turn line like this
                # a ruling that lists nothing allowed instead is on no moment of the turn, as in `check`
                moment = len(self._actions) + at if illegal.listed else None
                found = replace(context.error(illegal), line=0, action=moment)
                if illegal.listed and at < i:  # the table the moment shows: before the step refused
                    found = replace(found, table=TableView.of(self._before(steps[:at])[0].table))
                if with_alternatives and illegal.listed and found.code not in NOTATION:
                    before, now = self._before(steps[:at])
                    shown, total, cut = alternatives(before, now, steps[at], found.code)
                    found = replace(found, alternatives=shown, alternatives_total=total, alternatives_partial=cut)
                raise IllegalAction(found) from None
            context, state = tried.context, tried.state
        return tried

    @staticmethod
    def _handler_passes(context: HandContext, state: TurnState, step: Step) -> bool:
        """Whether `step` breaks no rule by its handler (what broke one is the end of the turn)."""
        try:
            attempt(context, state, step, closes=False)
        except Illegal:
            return False
        return True

    def _first_refused(self, steps: tuple[Step, ...]) -> int:
        """The first of `steps`, each pushed on its own, that a position refuses (the last if none
        is): the step a ruling on the turn's end is on (engine/hand_play.py, `offending_moment`)."""
        context: HandContext = self._context
        state = self._current()
        for i, step in enumerate(steps):
            try:
                tried = judge(context, state, step)
            except Illegal:
                return i
            context, state = tried.context, tried.state
        return len(steps) - 1

    def _before(self, steps: tuple[Step, ...]) -> tuple[HandContext, TurnState]:
        """The turn in progress with `steps` played after it (none of them ending it)."""
        context: HandContext = self._context
        state = self._current()
        for step in steps:
            tried = attempt(context, state, step, closes=False)
            context, state = tried.context, tried.state
        return context, state

    def _states_the_end(self, steps: tuple[Step, ...]) -> bool:
        """Whether `steps` are `out`s written after the turn this position just ended (a record
        may state with `out` how its turn line ended): judged as that turn's, as a record's are."""
        if not steps or any(type(step) is not GoOut for step in steps):
            return False
        if self._actions or self._ended is None or not self._played:
            return False
        context, state = self._context, self._ended
        for step in steps:
            try:
                play_action_after_end(context, state, step)
            except Illegal as illegal:
                found = context.error(illegal)
                found = replace(
                    found, turn=len(self._played), player=state.player, action=len(self._played[-1].actions)
                )
                raise IllegalAction(found) from None
        return True

    def _end_turn(self) -> None:
        assert self._state is not None
        actions = tuple(action for action in self._actions if not isinstance(action, EndOfTurn))
        self._played.append(Turn(player=self._state.player, actions=actions))
        self._expected = self._context.following[self._state.player]
        self._ended, self._state, self._actions = self._state, None, []
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


def unsuited_step(step: Step) -> Step:
    """A step as the engine judges it: a record's action without its cards' suits (engine/suits.py)."""
    return unsuited_action(step) if isinstance(step, ACTION_TYPES) else step


def replayed(context: HandContext) -> HandReplay:
    """A position's context after a step: a fork (`HandContext.fork`) is of its own class, so the
    fork of a position's `HandReplay` is one too."""
    assert isinstance(context, HandReplay)
    return context


def play_action_after_end(r: HandContext, state: TurnState, step: Step) -> None:
    """An `out` after the turn's end: what `out` checks (engine/going_out.py), on the turn as it ended."""
    assert type(step) is GoOut
    go_out(r, state, step)


def table_after(
    source: Source,
    hand: int,
    turn: int = 0,
    *,
    game: int = 1,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> TableView | None:
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
