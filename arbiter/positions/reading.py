"""Reading a record for positions: its games one at a time, one game found and judged, and the
totals a hand starts from."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from typing import Any

from .. import families as rulesets
from ..engine import work as bounded
from ..errors import record_source
from ..i18n import msg, msg_n
from ..judging.checker import judge
from ..notation import DEFAULT_LIMITS, Limits, ParsedGame, Source, parse
from ..notation.records import Game
from ..rulings import GameRuling
from .moves import PositionError


def read_games(source: Source | os.PathLike[str], limits: Limits = DEFAULT_LIMITS) -> Iterator[ParsedGame]:
    """A record's games, one at a time, as read (each with its syntax findings): the one iterator
    `check`, `replay`, `table_after` and positions read a record with. A path is read whole;
    what is not a record raises `NotARecord`."""
    return parse(record_source(source), limits)


def find_game(
    source: Source, game: int, rules: str | None, options: Mapping[str, Any] | None, limits: Limits
) -> tuple[ParsedGame, GameRuling]:
    """Game `game` of a record, read and judged; PositionError if there is none to play on."""
    count = 0
    for parsed in read_games(source, limits):
        count = parsed.index
        if parsed.index != game:
            continue
        # The ruling gives the hands' totals; its findings' alternatives are never read here, so their
        # search gets no work (the listing asked for on the position gets the whole budget).
        with bounded.using(bounded.WorkBudget(steps=0)):
            ruling = judge(parsed, rules=rulesets.get(rules) if rules else None, options=options or {})
        if ruling.malformed or ruling.rules is None:
            first = next((f for f in ruling.findings if f.is_error), None)
            if first:
                why = msg(
                    "game {game} cannot be read as notation (line {line}: {message})",
                    game=game,
                    line=first.line,
                    message=first.message,
                )
            else:
                why = msg("game {game} cannot be read as notation", game=game)
            raise PositionError(why, first)
        seating = next((f for f in ruling.findings if f.code == "seating"), None)
        if seating is not None:
            raise PositionError(msg("game {game} has no seating: {why}", game=game, why=seating.message), seating)
        return parsed, ruling
    raise no_such_game(game, count)


def no_such_game(game: int, count: int) -> PositionError:
    """The error for game `game` of a record that holds `count` games."""
    if not count:
        return PositionError(msg("there is no game {game}: the record holds no game", game=game))
    return PositionError(
        msg_n(
            "there is no game {game}: the record holds {n} game",
            "there is no game {game}: the record holds {n} games",
            count,
            game=game,
        )
    )


def totals_before(game: Game, ruling: GameRuling, index: int) -> dict[str, int]:
    """The running totals hand `game.hands[index]` starts from, as the judgement kept them."""
    if index > 0:
        return dict(ruling.hands[index - 1].totals or {})
    first = ruling.hands[0]
    stated = game.hands[0].totals_before
    totals = {side: 0 for side in (first.totals or {})}
    if stated is not None:
        for entry in stated.entries:
            if entry.side in totals:
                totals[entry.side] = entry.points
    return totals
