"""A hand step by step: the table as each hand starts and after each of its turns, for replaying a
disputed hand on the page, in the API and in `arbiter table`.

    game = replay(open("round.acn", "rb"), game=1)
    for hand in game.hands:
        for frame in hand.frames:
            print(hand.number, frame.turn, frame.table["pile"])

The replay of a hand stops at its first illegal move; its last frame is then the table before
that move (`Frame.illegal` is the finding), which is where a reader of the dispute starts.
`where(game, hand, turn)` answers a question about one moment in plain words: no such game,
hand or turn, a turn after the illegal one, or the frame. `replay_games` judges a whole record
as `arbiter.check` does, reading and judging each game once, with the tables kept on the way (the
ruling page shows them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import families as rulesets
from ..house import Rulebook, Shelf
from ..i18n import Text, msg, msg_n
from ..judging.checker import Request
from ..notation import DEFAULT_LIMITS, Limits, ParsedGame, Source, parse
from ..notation.records import Game, HandRecord
from ..rulings import GameRuling
from ..rulings.findings import Finding
from ..rulings.views import TableView
from . import PositionError, no_such_game, read_games


@dataclass(slots=True)
class Frame:
    turn: int
    """Turns played: 0 as the hand starts (after the deal or the stated position)."""
    table: TableView
    """The table (arbiter/rulings/views.py; `to_dict()` is its JSON shape)."""
    line: int | None = None
    """The record's line of turn `turn` (None for turn 0)."""
    player: str | None = None
    illegal: Finding | None = None
    """Set on the frame of an illegal turn: `table` is then the table before its offending action."""


@dataclass(slots=True)
class HandFrames:
    number: int
    line: int
    turns: int
    """How many turns the record gives the hand."""
    frames: list[Frame] = field(default_factory=list)
    summarised: bool = False
    """Given as its summary (ACN 1.1): the hand has no moves, so no table to show."""

    @property
    def stopped(self) -> Finding | None:
        """The illegal move that stopped the hand's replay, if one did."""
        last = self.frames[-1] if self.frames else None
        return last.illegal if last else None

    @property
    def start(self) -> int:
        """The frame a reader starts at: the illegal move's, else the hand's start."""
        return len(self.frames) - 1 if self.stopped else 0


@dataclass(slots=True)
class GameReplay:
    ruling: GameRuling
    hands: list[HandFrames]
    game: Game | None = field(default=None, repr=False)
    """The game as read (its tags, its hands' lines)."""

    def hand(self, number: int) -> HandFrames | None:
        return next((h for h in self.hands if h.number == number), None)


@dataclass(slots=True)
class Moment:
    """The answer to "show me the table after turn T of hand H of game G"."""

    frame: Frame | None
    problem: Text | None = None
    """Why there is no table to show, in plain words; None when `frame` is the one asked for."""
    hand: HandFrames | None = None


def replay_game(
    parsed: ParsedGame,
    *,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    house: Rulebook | None = None,
) -> GameReplay:
    """Judge one game, keeping the table as each hand starts and after each turn; by the house
    rulebook `house` where it was judged by one (arbiter.house)."""
    request = Request(
        rules=rulesets.get(rules) if rules and house is None else None,
        options=(options or {}) if house is None else {},
        house=house,
        shelf=Shelf([house]) if house else None,
    )
    return _replayed(parsed, request)


def replay_games(
    source: Source,
    request: Request | None = None,
    *,
    limits: Limits = DEFAULT_LIMITS,
    wanted: Callable[[], bool] = lambda: True,
) -> Iterator[GameReplay]:
    """Judge every game of a record as `arbiter.check` does (the same `Request`, the same
    rulings), reading and judging each game once and keeping its frames on the way. `wanted()`,
    asked before each game, says whether its frames are still wanted: a caller that shows a
    bounded number of them stops asking, and the games after are judged without (their hands
    have no frames)."""
    request = request or Request()
    for parsed in parse(source, limits):
        if wanted():
            yield _replayed(parsed, request)
        else:
            yield GameReplay(request.judge(parsed), [], parsed.game)


def _replayed(parsed: ParsedGame, request: Request) -> GameReplay:
    """The game judged as `request` asks, with the table as each hand starts and after each turn."""
    seen: list[tuple[int, int, TableView]] = []
    ruling = request.judge(parsed, observer=lambda hand, turn, table: seen.append((hand, turn, table)))
    groups: list[list[tuple[int, int, TableView]]] = []
    for moment in seen:
        if moment[1] == 0:
            groups.append([])
        groups[-1].append(moment)
    hands = []
    for record in parsed.game.hands:
        hand = HandFrames(record.number, record.line, len(record.turns), summarised=record.summarised)
        if groups and groups[0][0][0] == record.number:  # a hand stopped at its deal has no group
            hand.frames = [_frame(record, turn, table) for _, turn, table in groups.pop(0)]
        stop = _stop(ruling, record.number)
        if stop is not None and stop.table is not None:
            frame = _frame(record, stop.turn or 0, stop.table)
            frame.illegal = stop
            hand.frames.append(frame)
        hands.append(hand)
    return GameReplay(ruling, hands, parsed.game)


def replay(
    source: Source,
    *,
    game: int = 1,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> GameReplay:
    """The replay of game `game` of a record. Raises PositionError when the record has no such
    game (its message says how many it has)."""
    count = 0
    for parsed in read_games(source, limits):
        count = parsed.index
        if parsed.index == game:
            return replay_game(parsed, rules=rules, options=options)
    raise no_such_game(game, count)


def moment(
    source: Source,
    hand: int,
    turn: int = 0,
    *,
    game: int = 1,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> Moment:
    """The table after `turn` of `hand` in game `game`, or why there is none. At an illegal turn,
    the frame is the table before its offending move (`frame.illegal` says which)."""
    try:
        found = replay(source, game=game, rules=rules, options=options, limits=limits)
    except PositionError as error:
        return Moment(None, error.message)
    return where(found, hand, turn, game)


def where(found: GameReplay, hand: int, turn: int, game: int = 1) -> Moment:
    """The frame after `turn` of `hand` in a replayed game, or why there is none."""
    if found.ruling.malformed:
        first = next((f for f in found.ruling.findings if f.is_error), None)
        if first is None:
            return Moment(None, msg("game {game} cannot be read as notation, so it is not replayed", game=game))
        return Moment(
            None,
            msg(
                "game {game} cannot be read as notation (line {line}: {why}), so it is not replayed",
                game=game,
                line=first.line,
                why=first.message,
            ),
        )
    frames = found.hand(hand)
    if frames is None:
        if not found.hands:
            return Moment(None, msg("game {game} has no hand {hand} (its hands: none)", game=game, hand=hand))
        numbers = ", ".join(str(h.number) for h in found.hands)
        return Moment(
            None, msg("game {game} has no hand {hand} (its hands: {numbers})", game=game, hand=hand, numbers=numbers)
        )
    if frames.summarised:
        return Moment(
            None,
            msg(
                "hand {hand} of game {game} is given as its summary (line {line}): it has no moves to replay",
                hand=hand,
                game=game,
                line=frames.line,
            ),
            frames,
        )
    if turn > frames.turns:
        return Moment(None, _no_turn(hand, game, frames.turns, turn), frames)
    frame = next((f for f in frames.frames if f.turn == turn), None)
    stop = frames.stopped
    if stop is not None and (frame is None or turn > (stop.turn or 0)):
        values = {"hand": hand, "game": game, "line": stop.line, "code": stop.code, "why": stop.message, "turn": turn}
        stopped = (
            msg(
                "hand {hand} of game {game} stops at turn {stopped} (line {line}), which is illegal ({code}: {why}); "
                "turn {turn} comes after it",
                stopped=stop.turn,
                **values,
            )
            if stop.turn
            else msg(
                "hand {hand} of game {game} stops at its start (line {line}), which is illegal ({code}: {why}); "
                "turn {turn} comes after it",
                **values,
            )
        )
        return Moment(None, stopped, frames)
    if frame is None:
        return Moment(None, msg("hand {hand} of game {game} was not replayed", hand=hand, game=game), frames)
    return Moment(frame, None, frames)


def _no_turn(hand: int, game: int, turns: int, turn: int) -> Text:
    if not turns:
        return msg("hand {hand} of game {game} has no turns; there is no turn {turn}", hand=hand, game=game, turn=turn)
    return msg_n(
        "hand {hand} of game {game} has {n} turn; there is no turn {turn}",
        "hand {hand} of game {game} has {n} turns; there is no turn {turn}",
        turns,
        hand=hand,
        game=game,
        turn=turn,
    )


def _frame(record: HandRecord, turn: int, table: TableView) -> Frame:
    if 1 <= turn <= len(record.turns):
        played = record.turns[turn - 1]
        return Frame(turn, table, played.line, played.player)
    return Frame(turn, table)


def _stop(ruling: GameRuling, hand: int) -> Finding | None:
    """The finding that stopped the hand's replay: the replay's findings carry the table."""
    return next((f for f in ruling.findings if f.hand == hand and f.is_error and f.table is not None), None)
