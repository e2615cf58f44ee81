"""The simulator: complete, legal games played by bots, written in canonical notation.

    for text in arbiter.simulate.simulate("caliente", players=4, games=10, seed=1):
        print(text)

The bots are an independent implementation of the rule books (arbiter/simulate/caliente.py): they
share the card alphabet and the record types with the arbiter, never its engine, so judging their
games with `arbiter.check` tests both. Every game is reproducible on its own: game `i` of seed `s`
is the same whatever `games` says, and no global randomness is used (docs/simulator.md).

`coverage(rulings)` sums what a corpus exercised (`path:<name>` legal paths and `code:<code>`
findings, from `GameRuling.coverage`); `EXPECTED_PATHS` lists, per rule set, the legal paths a
corpus of simulated games should take, and `coverage_report` says which it did not.
"""

from __future__ import annotations

import multiprocessing
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import rules as rulesets
from ..formatter import format_game
from ..records import Game
from ..rules.base import OptionValue, UsageError
from ..rulings import GameRuling
from .caliente import Expected, GameSim, HandTrace, Style, TableRules, TurnTrace

STOCK_MODES = ("never", "some", "always")
"""Whether hands carry the stock line (`stock K 5 ...`): never, about one hand in four, always."""

SUPPORTED = ("caliente",)

# The legal paths (engine.py, `self.paths[...]`) a corpus of simulated games takes, per rule set.
EXPECTED_PATHS: dict[str, frozenset[str]] = {
    "caliente": frozenset(
        {
            # the deal and the up card
            "bonus-dealt",
            "up-card-covered",
            "sitting-out-hand",
            "sitting-out-reseated",
            # drawing
            "draw-1",
            "draw-2",
            "draw-last-card",
            # the Prize pile
            "take-initial",
            "take-initial-with-wild",
            "take-frozen",
            "take-unfrozen",
            "take-unfrozen-with-wild",
            "take-onto-meld",
            "take-exhausted-stock",
            # melds
            "meld-merged",
            "add",
            "stop-meld",
            # Bonus cards
            "bonus-laid",
            "bonus-laid-no-replacement-left",
            "bonus-drawn-last",
            "bonus-left-in-hand",
            # Caliente cards
            "caliente-card",
            "caliente-refill",
            "caliente-no-refill",
            "caliente-left-in-hand",
            # discarding
            "discard-natural",
            "discard-wild",
            "discard-stop",
            "discard-caliente",
            # going out and the end of the hand
            "ask-yes",
            "ask-no",
            "pass",
            "pass-blocked",
            "go-out-melding-all",
            "go-out-discarding",
            "go-out-concealed",
        }
    )
}

# Paths the engine knows that simulated games never take, and why.
NOT_SIMULATED: dict[str, str] = {
    "position": "simulated hands always start from a deal, never from a stated position",
    "take-frozen-with-wild": "a frozen pile is never taken with a wild: the engine reports it as take-frozen",
}


@dataclass(frozen=True, slots=True)
class CorpusPart:
    """Some games of one table in a coverage corpus."""

    players: int
    games: int
    options: Mapping[str, Any] = field(default_factory=dict)
    hands: int | None = None
    style: Style = field(default_factory=Style)


# A small corpus per rule set that takes every path of EXPECTED_PATHS (tests/test_coverage_corpus.py):
# club play at each table, and hands played to the end of the stock, where the rare paths are
# (passes, forced takes, a Bonus card drawn last, one that cannot be laid).
COVERAGE_SEED = 23
COVERAGE_CORPUS: dict[str, tuple[CorpusPart, ...]] = {
    "caliente": (
        CorpusPart(4, 40, style=Style(ask=0.9)),
        CorpusPart(4, 60, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 100, hands=2, style=Style(long_hands=1.0, forget_bonus=0.5)),
        CorpusPart(3, 6, {"always-frozen": True}, style=Style(long_hands=0.5)),
        CorpusPart(5, 10, hands=3),
        CorpusPart(6, 4, hands=3),
        CorpusPart(6, 4, {"three-packs": True}, hands=3),
        CorpusPart(4, 30, {"caliente-cards": True}, style=Style(long_hands=0.5)),
        CorpusPart(4, 40, {"caliente-cards": True}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 40, {"caliente-cards": True}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 30, {"caliente-cards": True, "caliente-refill": 11}, hands=2, style=Style(long_hands=1.0)),
    )
}


@dataclass(slots=True)
class SimulatedGame:
    """One simulated game: its text, its record, and what the simulator knows about it."""

    index: int
    seed: int
    rules: str
    players: int
    options: dict[str, OptionValue]
    text: str
    record: Game
    style: Style = field(default_factory=Style)
    expected: list[Expected] = field(default_factory=list)
    """Findings the record will get, all warnings: a Caliente card caught in hand, a Bonus card
    forgotten (only with Style.forget_bonus)."""
    hands: list[HandTrace] = field(default_factory=list)
    """With `trace=True`: each hand's turns as the players found and left the table."""


def _variant(ruleset: rulesets.RuleSet, options: Mapping[str, Any]) -> tuple[dict[str, OptionValue], str]:
    """The options checked and converted, and the Variant tag's value ('' when none are set)."""
    given = {name: ruleset.option(name).parse(value) for name, value in options.items()}
    words = []
    for name, value in given.items():
        if isinstance(value, bool):
            words.append(name if value else f"{name}=no")
        else:
            words.append(f"{name}={value}")
    return given, " ".join(words)


def simulate_games(
    rules: str = "caliente",
    players: int = 4,
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
    ruleset = rulesets.get(rules)
    if ruleset.name not in SUPPORTED:
        raise UsageError(f"the simulator plays {', '.join(SUPPORTED)}, not {ruleset.name}")
    if stock not in STOCK_MODES:
        raise UsageError(f"stock is one of {', '.join(STOCK_MODES)}, not {stock!r}")
    if players not in ruleset.seat_counts:
        counts = ", ".join(map(str, ruleset.seat_counts))
        raise UsageError(f"{ruleset.title} is played by {counts} players, not {players}")
    if games < 0 or (hands is not None and hands < 1):
        raise UsageError("games must be 0 or more and hands 1 or more")
    given, variant = _variant(ruleset, options or {})
    resolved = ruleset.resolve(given)
    if resolved.get("three-packs") and players != 6:
        raise UsageError(f"the three-pack game is for six players, not {players}")
    table = TableRules.build(players, resolved)
    for index in range(first, first + games):
        rng = random.Random(f"arbiter.simulate/{ruleset.name}/{seed}/{index}")
        sim = GameSim(table, rng, stock_mode=stock, tracing=trace, style=style)
        sim.play(hands)
        record = sim.game(f"Simulated game {index}, seed {seed}", ruleset.name, variant)
        yield SimulatedGame(
            index=index,
            seed=seed,
            rules=ruleset.name,
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
    players: int = 4,
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


# --- coverage -------------------------------------------------------------------------------------


def coverage_corpus(rules: str = "caliente", seed: int = COVERAGE_SEED) -> Iterator[SimulatedGame]:
    """The games of the rule set's coverage corpus (COVERAGE_CORPUS)."""
    name = rulesets.get(rules).name
    for part in COVERAGE_CORPUS[name]:
        yield from simulate_games(name, part.players, part.options, part.games, part.hands, seed, style=part.style)


def coverage(rulings: Iterable[GameRuling]) -> Counter[str]:
    """The legal paths (`path:<name>`) and rule codes of findings (`code:<code>`) a corpus
    exercised, with how often."""
    total: Counter[str] = Counter()
    for ruling in rulings:
        total.update(ruling.coverage)
    return total


def expected_paths(
    rules: str = "caliente",
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    style: Style | None = None,
) -> frozenset[str]:
    """The legal paths simulated games of `rules` should take: all of EXPECTED_PATHS, or, given a
    table, those possible there (nobody asks a partner with two or three players, nobody sits out
    with four, no Caliente card is played without the variation ...)."""
    ruleset = rulesets.get(rules)
    paths = EXPECTED_PATHS.get(ruleset.name, frozenset())
    if players is None:
        return paths
    values = ruleset.resolve(dict(options or {}))
    three = bool(values.get("three-packs"))
    drop: set[str] = set()
    if players < 4:
        drop |= {"ask-yes", "ask-no"}
    if players <= 4 or three:
        drop |= {"sitting-out-hand", "sitting-out-reseated"}
    if players > 2:
        drop.add("draw-2")
    if not values.get("caliente-cards"):
        drop |= {p for p in paths if "caliente" in p}
    if values.get("always-frozen"):
        drop |= {"take-unfrozen", "take-unfrozen-with-wild", "take-initial-with-wild"}
    if not (style or Style()).forget_bonus:
        drop.add("bonus-left-in-hand")
    return paths - drop


def missing_paths(counts: Counter[str], rules: str = "caliente", expected: frozenset[str] | None = None) -> list[str]:
    """The expected legal paths of `rules` (or `expected`) that `counts` never took."""
    wanted = expected if expected is not None else EXPECTED_PATHS[rulesets.get(rules).name]
    return sorted(p for p in wanted if counts[f"path:{p}"] == 0)


def coverage_report(counts: Counter[str], rules: str = "caliente", expected: frozenset[str] | None = None) -> str:
    """A plain-text report: each legal path and rule code with its count, then the expected
    paths (all of the rule set's, or `expected`: see `expected_paths`) the corpus missed."""
    name = rulesets.get(rules).name
    expected = expected if expected is not None else EXPECTED_PATHS.get(name, frozenset())
    paths = sorted({key[5:] for key in counts if key.startswith("path:")} | set(expected))
    codes = sorted(key[5:] for key in counts if key.startswith("code:"))
    width = max([len(p) for p in paths] + [len(c) for c in codes] + [10])
    lines = [f"legal paths ({sum(1 for p in paths if counts[f'path:{p}'])} of {len(paths)} taken):"]
    for path in paths:
        count = counts[f"path:{path}"]
        flag = "" if count or path not in expected else "  <- not exercised"
        lines.append(f"  {path:<{width}}  {count:>8,}{flag}")
    lines.append(f"rule codes in findings ({len(codes)}):" if codes else "rule codes in findings: none")
    for code in codes:
        lines.append(f"  {code:<{width}}  {counts[f'code:{code}']:>8,}")
    missing = missing_paths(counts, name, expected)
    lines.append("every expected legal path was taken" if not missing else f"missing: {', '.join(missing)}")
    return "\n".join(lines) + "\n"


__all__ = [
    "COVERAGE_CORPUS",
    "COVERAGE_SEED",
    "EXPECTED_PATHS",
    "NOT_SIMULATED",
    "STOCK_MODES",
    "SUPPORTED",
    "CorpusPart",
    "Expected",
    "HandTrace",
    "SimulatedGame",
    "Style",
    "TurnTrace",
    "coverage",
    "coverage_corpus",
    "coverage_report",
    "expected_paths",
    "missing_paths",
    "simulate",
    "simulate_games",
]
