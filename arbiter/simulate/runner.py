"""Playing games: `simulate_games` plays them one at a time (with what the simulator knows of
each), `simulate` gives their texts, in worker processes if asked, the same either way."""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bots.choices import Style
from ..bots.record import variant
from ..bots.trace import Expected, HandTrace
from ..i18n import msg, term
from ..notation.formatter import format_game
from ..notation.records import Game
from ..rules.base import UsageError
from .families import SimValue, family, names
from .game import GameSim

STOCK_MODES = ("never", "some", "always")
"""Whether hands carry the stock line (`stock K 5 ...`): never, about one hand in four, always."""


@dataclass(slots=True)
class SimulatedGame:
    """One simulated game: its text, its record, and what the simulator knows about it."""

    index: int
    seed: int
    rules: str
    players: int
    options: dict[str, SimValue]
    text: str
    record: Game
    style: Style = field(default_factory=Style)
    expected: list[Expected] = field(default_factory=list)
    """Findings the record will get, all warnings: a Caliente card caught in hand, a Bonus card
    forgotten (only with Style.forget_bonus)."""
    hands: list[HandTrace] = field(default_factory=list)
    """With `trace=True`: each hand's turns as the players found and left the table."""


def simulate_games(
    rules: str = "caliente",
    players: int | None = 4,
    options: Mapping[str, Any] | None = None,
    games: int = 1,
    hands: int | None = None,
    seed: int = 0,
    *,
    stock: str = "some",
    style: Style | None = None,
    trace: bool = False,
    first: int = 1,
) -> Iterator[SimulatedGame]:
    """Simulated games, one at a time (see `simulate`). `style` sets how the bots play (see
    `Style`); `trace` keeps each turn's table for tests; `first` is the index of the first game
    (game `i` of a seed never depends on the others)."""
    fam = family(rules)
    if players is None:
        players = fam.usual_players
    if stock not in STOCK_MODES:
        raise UsageError(msg("stock is one of {modes}, not {stock}", modes=", ".join(STOCK_MODES), stock=repr(stock)))
    if players not in fam.seat_counts:
        counts = ", ".join(map(str, fam.seat_counts))
        raise UsageError(
            msg(
                "{title} is played by {counts} players, not {count}",
                title=term(fam.title),
                counts=counts,
                count=players,
            )
        )
    if games < 0 or (hands is not None and hands < 1):
        raise UsageError(msg("games must be 0 or more and hands 1 or more"))
    given = {name: fam.option(name).parse(value) for name, value in (options or {}).items()}
    resolved = fam.resolve(given)
    problem = fam.table_problem(players, resolved)
    if problem:
        raise UsageError(problem)
    table = fam.build(players, resolved)
    tag = variant(given)
    for index in range(first, first + games):
        rng = random.Random(f"arbiter.simulate/{fam.name}/{seed}/{index}")
        sim = GameSim(table, rng, fam.hand, stock_mode=stock, tracing=trace, style=style)
        sim.play(hands)
        record = sim.game(f"Simulated game {index}, seed {seed}", fam.name, tag)
        yield SimulatedGame(
            index=index,
            seed=seed,
            rules=fam.name,
            players=players,
            options=given,
            text=format_game(record),
            record=record,
            style=sim.style,
            expected=sim.expected,
            hands=sim.traces,
        )


def simulate(
    rules: str = "caliente",
    players: int | None = 4,
    options: Mapping[str, Any] | None = None,
    games: int = 1,
    hands: int | None = None,
    seed: int = 0,
    *,
    stock: str = "some",
    style: Style | None = None,
    jobs: int = 1,
) -> Iterator[str]:
    """Complete games in canonical notation, one string per game (ending with a newline; join
    them with a blank line to make one record file). A game runs until a side reaches the target
    score, or for `hands` hands. With `jobs` above 1 the games are played in that many processes;
    they come out the same, in the same order. Raises UsageError for an unknown rule set, option
    or table size."""
    if players is None:
        players = family(rules).usual_players
    if jobs <= 1 or games < 2 * CHUNK:
        for game in simulate_games(rules, players, options, games, hands, seed, stock=stock, style=style):
            yield game.text
        return
    next(simulate_games(rules, players, options, 0, hands, seed, stock=stock), None)  # usage errors now
    chunks = [
        (rules, players, dict(options or {}), min(CHUNK, games - start), hands, seed, stock, style, start + 1)
        for start in range(0, games, CHUNK)
    ]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for texts in pool.imap(_chunk, chunks):
            yield from texts


CHUNK = 25  # games per task when playing in several processes


def _chunk(task: tuple[Any, ...]) -> list[str]:
    rules, players, options, games, hands, seed, stock, style, first = task
    return [
        game.text
        for game in simulate_games(rules, players, options, games, hands, seed, stock=stock, style=style, first=first)
    ]


def supported() -> tuple[str, ...]:
    """The rule sets the simulator plays."""
    return names()


__all__ = ["CHUNK", "STOCK_MODES", "SimulatedGame", "simulate", "simulate_games", "supported"]
