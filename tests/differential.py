"""The library against `arbiter check`: a record replayed action by action through `Position`
(push each action, and ask `is_legal` and `explain` before it; `explain` the whole turn line as
one piece too) must meet the first error
`check` finds on a move at the same line, turn and step of the turn (`Finding.action`), with the
same code, and a valid record must push through to the same scores, hand by hand.

Shared by tests/test_library_agrees_with_check.py (a bounded corpus in every run) and
bench/differential.py (every record the project has)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import arbiter
from arbiter import IllegalAction, Position, PositionError
from arbiter.engine.hand_play import NOT_ON_A_MOVE
from arbiter.notation.formatter import format_action
from arbiter.notation.records import GoOut
from arbiter.simulate import simulate_games

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Stop:
    """Where a replay met its first error on a move: line, turn, step of the turn, code."""

    line: int
    turn: int | None
    action: int | None
    code: str


def check_stops(text: str) -> list[Stop | None]:
    """Per game: `check`'s first error on a turn, or None."""
    stops: list[Stop | None] = []
    for ruling in arbiter.check(text):
        first = next((f for f in ruling.findings if f.is_error and f.turn is not None), None)
        stops.append(None if first is None else Stop(first.line, first.turn, first.action, first.code))
    return stops


def position_stops(text: str) -> tuple[list[Stop | None], list[list[dict[str, int] | None]]]:
    """Per game: where pushing its actions through positions stops, and each hand's scores."""
    stops: list[Stop | None] = []
    scores: list[list[dict[str, int] | None]] = []
    for number, parsed in enumerate(arbiter.read_games(text), start=1):
        game_scores: list[dict[str, int] | None] = []
        stop = None
        for hand in parsed.game.hands:
            try:
                position = Position.from_record(text, hand=hand.number, turn=1, game=number)
            except PositionError as error:  # the hand is not reached, or breaks a rule at its start
                found = error.finding
                if found is not None and found.turn is not None:
                    stop = Stop(found.line, found.turn, found.action, found.code)
                break
            stop = play_hand(position, hand.turns)
            game_scores.append(position.scores)
            if stop is not None:
                break
        stops.append(stop)
        scores.append(game_scores)
    return stops, scores


def play_hand(position: Position, turns: tuple) -> Stop | None:  # type: ignore[type-arg]
    for number, turn in enumerate(turns, start=1):
        if position.over and not all(type(a) is GoOut for a in turn.actions):
            found = position.explain(turn.actions[0]) if turn.actions else None
            return Stop(turn.line, number, None, found.code if found else "hand-over")
        if turn.player != position.to_play:
            return Stop(turn.line, number, None, "turn-order")
        line = ", ".join(format_action(action) for action in turn.actions)
        whole = position.explain(line) if line else None  # the turn line as one piece
        for index, action in enumerate(turn.actions):
            found = position.explain(action)
            legal = position.is_legal(action)
            assert legal == (found is None), f"is_legal and explain differ on {action} at line {turn.line}"
            if found is not None:
                stop = Stop(turn.line, found.turn, found.action, found.code)
                assert whole is None or (whole.code, whole.action) == (stop.code, stop.action), (whole, stop)
                return stop
            position.push(action)
            ended = position.over or position.turn > number
            if ended and index < len(turn.actions) - 1 and type(turn.actions[index + 1]) is not GoOut:
                # the turn ended inside its line (a discard no talon follows, a three drawn last):
                # what the line goes on with is its player's, which only the line read whole says
                assert whole is not None, f"the turn line at {turn.line} goes on after its turn ended"
                return Stop(turn.line, whole.turn, whole.action, whole.code)
        if not position.over and position.turn == number:  # the turn line ends: so does the turn
            try:
                position.end_turn()
            except IllegalAction as refused:
                found = refused.finding
                stop = Stop(turn.line, found.turn, found.action, found.code)
                assert whole is None or (whole.code, whole.action) == (stop.code, stop.action), (whole, stop)
                return stop
        assert whole is None, f"the turn line at {turn.line} is legal action by action, not whole: {whole}"
    return None


def agree(text: str) -> None:
    """Assert that the library and `check` agree on every game of `text`."""
    expected = check_stops(text)
    found, scores = position_stops(text)
    for game, (want, got) in enumerate(zip(expected, found, strict=True), start=1):
        if want is not None and want.code in NOT_ON_A_MOVE | {"hand-over"}:  # who plays, not a move
            assert got is not None and (got.line, got.code) == (want.line, want.code), (game, want, got)
            continue
        assert got == want, f"game {game}: check stops at {want}, the positions at {got}"
    for ruling, game_scores in zip(arbiter.check(text), scores, strict=True):
        if ruling.errors:
            continue
        judged = [hand.scores for hand in ruling.hands]
        assert game_scores == judged[: len(game_scores)], (game_scores, judged)


def readme_records() -> Iterator[str]:
    """The records the README's examples check: the samples it names, and each record it writes
    out (a code block that begins with a tag)."""
    text = (ROOT / "README.md").read_text()
    for name in sorted(set(re.findall(r"samples/[\w.-]+\.acn", text))):
        yield (ROOT / name).read_text()
    for block in re.findall(r"```\w*\n(.*?)```", text, flags=re.S):
        if block.startswith("[") and "\n\n" in block:
            yield block


def simulated(rules: str, players: int, seed: int, hands: int = 1) -> Iterator[str]:
    """A simulated game of `rules` at a table of `players`, the stock given in some hands."""
    for game in simulate_games(rules, players, {}, games=1, hands=hands, seed=seed):
        yield game.text


TABLES: dict[str, tuple[int, ...]] = {
    "caliente": (2, 3, 4, 5, 6),
    "samba": (2, 3, 4, 5, 6),
    "hand-and-foot": (4,),
    "classic": (4,),
    "hoyle": (2,),
    "modern-american": (4, 2, 3),
}
"""Every family at every table size the simulator plays it at."""
