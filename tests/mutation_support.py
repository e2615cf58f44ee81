"""What the planted-error tests share (tests/test_mutations.py for Caliente,
tests/test_samba_mutations.py for Samba, tests/test_hand_and_foot_mutations.py for Hand & Foot,
tests/test_classic_mutations.py for classic and Hoyle): a traced corpus of valid simulated games, editing a
record turn by turn, the mutations every family plants alike, and the check that the arbiter
reports each planted error with the expected code on the changed line."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import arbiter
from arbiter.notation import parse
from arbiter.notation.formatter import format_game
from arbiter.notation.records import (
    Add,
    Discard,
    Draw,
    FamilyAction,
    Game,
    LayBonus,
    Meld,
    Points,
    SidePoints,
    Take,
    Turn,
)
from arbiter.simulate import SimulatedGame, TurnTrace, simulate_games

MIN_APPLIED = 10
PER_GAME = 2  # places mutated per game and kind
NATURALS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
WILDS = ("2", "X")


@dataclass
class Mutant:
    text: str
    line: int
    code: str
    what: str


Mutation = Callable[[SimulatedGame, Game], Iterator[Mutant]]


def traced_corpus(
    rules: str, tables: Iterable[tuple[int, Mapping[str, Any], int]], hands: int = 3
) -> tuple[tuple[SimulatedGame, Game], ...]:
    """One traced game per (players, options, seed), with the stock given in some hands, each with
    its parsed record (reprinting it keeps every line where it is)."""
    games = []
    for players, options, seed in tables:
        for game in simulate_games(rules, players, options, games=1, hands=hands, seed=seed, stock="some", trace=True):
            (parsed,) = parse(game.text)
            assert format_game(parsed.game) == game.text
            games.append((game, parsed.game))
    return tuple(games)


# --- editing a record -----------------------------------------------------------------------------------


def with_turn(record: Game, h: int, i: int, turn: Turn) -> Game:
    hand = record.hands[h]
    turns = list(hand.turns)
    turns[i] = turn
    hands = list(record.hands)
    hands[h] = dataclasses.replace(hand, turns=tuple(turns))
    return dataclasses.replace(record, hands=tuple(hands))


def with_actions(turn: Turn, actions: list[object]) -> Turn:
    return dataclasses.replace(turn, actions=tuple(actions))  # type: ignore[arg-type]


def replaced_turn(record: Game, h: int, i: int, turn: Turn, actions: list[object]) -> str:
    """The record's text with turn `i` of hand `h` made of `actions`."""
    return format_game(with_turn(record, h, i, with_actions(turn, actions)))


def places(game: SimulatedGame, record: Game) -> Iterator[tuple[int, int, Turn, TurnTrace]]:
    """(hand index, turn index, turn line, trace) for every turn of the game."""
    for h, (hand, trace) in enumerate(zip(record.hands, game.hands, strict=True)):
        assert len(hand.turns) == len(trace.turns)
        for i, (turn, seen) in enumerate(zip(hand.turns, trace.turns, strict=True)):
            assert turn.player == seen.player
            yield h, i, turn, seen


def held_before(
    seen: TurnTrace, turn: Turn, upto: int, foot: Mapping[str, int] | None = None, pile_take: int = 0
) -> Counter[str]:
    """The player's cards just before action `upto` of the turn, from the hand they began with
    (a take picks up the whole pile, or its top `pile_take` cards, the up card among them; `foot`
    picks up the Foot given)."""
    held = Counter(seen.hand)
    for action in turn.actions[:upto]:
        match action:
            case Draw(cards=cards):
                held.update(cards)
            case Take(with_cards=with_cards, also=also):
                held.subtract(with_cards or ())
                for spec in also:
                    held.subtract(spec.cards)
                under = seen.pile[:-1]
                held.update(under[max(0, len(under) - (pile_take - 1)) :] if pile_take else under)
            case FamilyAction(keyword="foot"):
                held.update(foot or {})
            case Meld(melds=melds):
                for spec in melds:
                    held.subtract(spec.cards)
            case Add(cards=cards):
                held.subtract(cards)
            case LayBonus(cards=cards):
                held.subtract(cards)
            case Discard(card=card):
                held[card] -= 1
            case FamilyAction(keyword="caliente"):
                held["C"] -= 1
    return held


def foot_of(record: Game, h: int, player: str) -> Counter[str]:
    """The Foot dealt to `player` in hand `h` (Hand & Foot)."""
    return Counter(card for deal in record.hands[h].feet if deal.player == player for card in deal.cards)


def value(card: str) -> int:
    """Points of a card (the rule books' table)."""
    return {"A": 20, "2": 20, "X": 50, "S": 5}.get(card, 5 if card in ("4", "5", "6", "7") else 10)


# --- mutations every family plants alike -----------------------------------------------------------------


def bonus_discarded(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A Bonus card discarded: `bonus-discard`."""
    made = 0
    for h, i, turn, _ in places(game, record):
        for a, action in enumerate(turn.actions):
            if isinstance(action, Discard) and made < PER_GAME and i > 3 * made:
                actions = list(turn.actions)
                actions[a] = dataclasses.replace(action, card="B")
                yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "bonus-discard", "")
                made += 1


def wrong_score(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A declared hand score 10 points off: `score-mismatch`."""
    for h, hand in enumerate(record.hands[:PER_GAME]):
        score = hand.declared[0]
        assert isinstance(score, Points) and score.kind == "score"
        first = score.entries[0]
        entries = (SidePoints(side=first.side, points=first.points + 10), *score.entries[1:])
        hands = list(record.hands)
        hands[h] = dataclasses.replace(hand, declared=(dataclasses.replace(score, entries=entries), *hand.declared[1:]))
        yield Mutant(format_game(dataclasses.replace(record, hands=tuple(hands))), score.line, "score-mismatch", "")


# --- the check ------------------------------------------------------------------------------------------


def assert_planted_errors_reported(
    kind: str, mutation: Mutation, corpus: Iterable[tuple[SimulatedGame, Game]]
) -> Counter[str]:
    """Every mutant of `mutation` over the corpus gets an error, the first with the mutant's code
    on the changed line; at least MIN_APPLIED are planted. The codes planted, with how often."""
    applied = Counter[str]()
    for game, record in corpus:
        for mutant in mutation(game, record):
            (ruling,) = arbiter.check(mutant.text)
            errors = [f for f in ruling.findings if f.is_error]
            where = f"{kind} ({mutant.what}) in game {game.players}p {dict(game.options)} seed {game.seed}, "
            where += f"line {mutant.line}: "
            line = mutant.text.splitlines()[mutant.line - 1]
            assert errors, where + "no error for: " + line
            first = errors[0]
            assert (first.code, first.line) == (mutant.code, mutant.line), (
                where + f"expected {mutant.code}, got {first.code} at line {first.line}: {first.message}\n{line}"
            )
            applied[mutant.code] += 1
    assert sum(applied.values()) >= MIN_APPLIED, applied
    return applied
