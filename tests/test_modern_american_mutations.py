"""Planted errors in Modern American Canasta: take a valid simulated game, make ONE change that the
game's rules make illegal, and the arbiter must report an error with the expected code on the
changed line.

As for the other families (tests/mutation_support.py), each mutation's code comes from the rules by
construction (a wild joins a meld only once it holds five naturals: `rule-of-five`), never from
asking the engine; the places come from the simulator's trace of each turn, and each kind is
planted at least MIN_APPLIED times over the corpus.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator

import pytest
from mutation_support import (
    NATURALS,
    PER_GAME,
    WILDS,
    Mutant,
    Mutation,
    assert_planted_errors_reported,
    bonus_discarded,
    held_before,
    places,
    replaced_turn,
    traced_corpus,
    wrong_score,
)

import arbiter
from arbiter.records import Add, Discard, Draw, Game, GoOut, Meld, MeldRef, MeldSpec, Take, Turn
from arbiter.simulate import SimulatedGame, TurnTrace

RULES = "modern-american"
CORPUS = [(4, {}, seed) for seed in range(1, 17)]
BARRED_ON_AN_EMPTY_PILE = ("7", "A")  # and wilds and dead ranks: sevens and aces are enough here
RULE_OF_FIVE = 5


@functools.cache
def corpus() -> tuple[tuple[SimulatedGame, Game], ...]:
    return traced_corpus(RULES, CORPUS)


def discard_at(turn: Turn) -> int | None:
    """The index of the turn's discard that does not go out, if any."""
    kinds = [type(a) for a in turn.actions]
    if Discard not in kinds or GoOut in kinds:
        return None
    return kinds.index(Discard)


def wild_in(cards: dict[str, int]) -> str | None:
    return next((w for w in WILDS if cards.get(w, 0) > 0), None)


def pile_before_discard(turn: Turn, seen: TurnTrace) -> bool:
    """Whether the pile holds a card when the player discards: not after taking it."""
    return bool(seen.pile) and not any(isinstance(a, Take) for a in turn.actions)


def is_opening(turn: Turn, seen: TurnTrace) -> bool:
    return not seen.side_melded and any(isinstance(a, Meld) for a in turn.actions)


# --- the mutations ---------------------------------------------------------------------------------------


def wild_discarded(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A wild discarded, face up, by a player who also holds a natural: `discard-wild`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        at = discard_at(turn)
        if made >= PER_GAME or at is None or not pile_before_discard(turn, seen):
            continue
        held = held_before(seen, turn, at)
        wild = wild_in(held)
        if wild is None or not any(held[r] > 0 for r in NATURALS):
            continue
        actions = list(turn.actions)
        actions[at] = Discard(card=wild)
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "discard-wild", wild)
        made += 1


def barred_card_on_an_empty_pile(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A seven or an ace discarded onto the empty pile (the hand's first discard, or after taking
    the pile), by a player holding one: `discard-empty-pile`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        at = discard_at(turn)
        if made >= PER_GAME or at is None or pile_before_discard(turn, seen):
            continue
        held = held_before(seen, turn, at)
        barred = next((r for r in BARRED_ON_AN_EMPTY_PILE if held[r] > 0), None)
        if barred is None:
            continue
        actions = list(turn.actions)
        actions[at] = Discard(card=barred)
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "discard-empty-pile", barred)
        made += 1


def wild_before_five_naturals(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """Once the side has opened, a wild the player holds added before the discard to a meld of the
    side's of fewer than five naturals (neither sevens nor aces, one wild at most): `rule-of-five`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        at = discard_at(turn)
        if made >= PER_GAME or at is None or not seen.side_melded:
            continue
        touched = {a.target.rank for a in turn.actions if isinstance(a, Add)}
        touched |= {a.card for a in turn.actions if isinstance(a, Take)}
        held = held_before(seen, turn, at)
        wild = wild_in(held)
        short = [
            rank
            for rank, meld in seen.melds.items()
            if rank not in ("7", "A", *touched)
            and sum(c not in WILDS for c in meld) < RULE_OF_FIVE
            and sum(c in WILDS for c in meld) <= 1
        ]
        if wild is None or not short or held.total() < 2:
            continue
        actions = list(turn.actions)
        actions.insert(at, Add(cards=(wild,), target=MeldRef(rank=short[0])))
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "rule-of-five", f"{wild} to {short[0]}")
        made += 1


def wild_on_sevens_or_aces(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """After the opening, a wild the player holds added to the side's meld of sevens or aces, or
    melded with a pair of them the player holds, before the discard: `meld-sevens` (sevens never
    take a wild) or `meld-aces` (aces only in the opening)."""
    made = 0
    for h, i, turn, seen in places(game, record):
        at = discard_at(turn)
        if made >= 2 * PER_GAME or at is None or not seen.side_melded:
            continue
        held = held_before(seen, turn, at)
        discarded = turn.actions[at]
        assert isinstance(discarded, Discard)
        held[discarded.card] -= 1  # the discard stays
        wild = wild_in(held)
        if wild is None:
            continue
        for rank in ("7", "A"):
            if rank in seen.melds and len(seen.melds[rank]) < 7:
                planted: Add | Meld = Add(cards=(wild,), target=MeldRef(rank=rank))
            elif rank not in seen.melds and held[rank] >= 2:
                planted = Meld(melds=(MeldSpec(cards=(rank, rank, wild)),))
            else:
                continue
            actions = list(turn.actions)
            actions.insert(at, planted)
            code = "meld-sevens" if rank == "7" else "meld-aces"
            yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, code, f"{wild} with {rank}")
            made += 1
            break


def talon_short(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """The opener's talon drawn a card short: `talon`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        last = turn.actions[-1]
        if made >= PER_GAME or not is_opening(turn, seen) or not isinstance(last, Draw) or discard_at(turn) is None:
            continue
        actions = [*turn.actions[:-1], dataclasses.replace(last, cards=last.cards[:-1])]
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "talon", f"{len(last.cards)} as less")
        made += 1


def pile_taken_with_a_wild(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """The pile taken with one natural of its top card and a wild, instead of a natural pair:
    `take-frozen` (the pile always needs a natural pair)."""
    made = 0
    for h, i, turn, seen in places(game, record):
        first = turn.actions[0]
        top = seen.pile[-1] if seen.pile else None
        if made >= PER_GAME or not isinstance(first, Take) or top not in NATURALS:
            continue
        wild = wild_in(seen.hand)
        if wild is None:
            continue
        take = dataclasses.replace(first, with_cards=(top, wild))
        text = replaced_turn(record, h, i, turn, [take, *turn.actions[1:]])
        yield Mutant(text, turn.line, "take-frozen", f"{top} with [{top} {wild}]")
        made += 1


MUTATIONS: dict[str, Mutation] = {
    "wild-discarded": wild_discarded,
    "barred-card-on-an-empty-pile": barred_card_on_an_empty_pile,
    "wild-before-five-naturals": wild_before_five_naturals,
    "wild-on-sevens-or-aces": wild_on_sevens_or_aces,
    "talon-short": talon_short,
    "pile-taken-with-a-wild": pile_taken_with_a_wild,
    "wrong-score": wrong_score,
    "three-discarded": bonus_discarded,
}


def test_the_games_mutated_are_valid():
    for game, _ in corpus():
        (ruling,) = arbiter.check(game.text)
        assert ruling.verdict == "valid", (game.seed, [f.to_dict() for f in ruling.findings][:1])


@pytest.mark.parametrize("kind", list(MUTATIONS))
def test_a_planted_error_is_reported_on_its_line(kind):
    assert_planted_errors_reported(kind, MUTATIONS[kind], corpus())
