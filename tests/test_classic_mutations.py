"""Planted errors in classic Canasta (the Official Canasta Laws, `classic`) and Hoyle two-hand
(`hoyle`): take a valid simulated game, make ONE change that its rules make illegal, and the arbiter
must report an error with the expected code on the changed line.

As in tests/test_mutations.py (Caliente), each mutation's code comes from the rules, by
construction (a meld holds at most three wilds and at least two naturals: `meld-wilds`), never
from asking the engine; the places are found from the simulator's trace of each turn, and each
kind must be planted at least MIN_APPLIED times over each rule set's corpus.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator, Mapping

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
from arbiter.notation.records import Add, Discard, Draw, Game, Meld, MeldRef, Take, Turn
from arbiter.simulate import SimulatedGame, TurnTrace

MAX_WILDS = 3  # in any meld, whatever the ratio
MIN_NATURALS = 2
STOP = "S"  # a black three

# Traced games: classic at four players mostly, its other tables and wild ratios; Hoyle two-hand
# drawing one card (its page's game) and two (standard two-hand play).
CORPORA = {
    "classic": [(4, {}, seed) for seed in range(1, 13)]
    + [
        (2, {}, 1),
        (2, {}, 2),
        (3, {}, 1),
        (4, {"wild-ratio": "at-most-three"}, 1),
        (4, {"wild-ratio": "naturals-outnumber"}, 1),
        (4, {"black-three-up": "top", "black-three-freezes": True}, 1),
    ],
    "hoyle": [(2, {}, seed) for seed in range(1, 17)]
    + [
        (2, {"draw": 2}, 1),
        (2, {"draw": 2}, 2),
        (2, {"canastas-to-go-out": 1}, 1),
    ],
}


@functools.cache
def corpus(rules: str) -> tuple[tuple[SimulatedGame, Game], ...]:
    return traced_corpus(rules, CORPORA[rules])


# --- the rules' numbers ---------------------------------------------------------------------------------


def wild_limit(game: SimulatedGame, naturals: int) -> int:
    """The wilds a meld of `naturals` naturals may hold under the game's wild ratio: at most
    three, and by default no more than its naturals (fewer with naturals-outnumber)."""
    ratio = str(game.options.get("wild-ratio", "not-outnumbered"))
    if ratio == "at-most-three":
        return MAX_WILDS
    return min(MAX_WILDS, naturals - (ratio == "naturals-outnumber"))


def wilds_in(cards: Mapping[str, int]) -> list[str]:
    return [w for w in WILDS for _ in range(max(0, cards.get(w, 0)))]


def wild_held(cards: Mapping[str, int]) -> str | None:
    return next((w for w in WILDS if cards.get(w, 0) > 0), None)


def before_discard(turn: Turn, seen: TurnTrace) -> dict[str, int] | None:
    """What the player holds besides the turn's final discard, or None if the turn does not end
    with a discard."""
    last = turn.actions[-1]
    if seen.went_out or not isinstance(last, Discard):
        return None
    cards = held_before(seen, turn, len(turn.actions) - 1)
    cards[last.card] -= 1
    return cards


# --- the mutations --------------------------------------------------------------------------------------


def wilds_beyond_the_limit(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """Wilds the player holds added to the side's meld, just before the turn's discard, one more
    than its naturals allow (three at most, and by default no more than its naturals):
    `meld-wilds`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        cards = before_discard(turn, seen) if made < PER_GAME else None
        if cards is None:
            continue
        wilds = wilds_in(cards)
        for rank, meld in seen.melds_after.items():
            if rank == STOP:
                continue
            naturals = sum(c not in WILDS for c in meld)
            need = wild_limit(game, naturals) + 1 - (len(meld) - naturals)
            if not 0 < need <= len(wilds):
                continue
            add = Add(cards=tuple(wilds[:need]), target=MeldRef(rank=rank))
            text = replaced_turn(record, h, i, turn, [*turn.actions[:-1], add, turn.actions[-1]])
            yield Mutant(text, turn.line, "meld-wilds", f"{' '.join(add.cards)} onto {rank}")
            made += 1
            break


def one_natural_with_wilds(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A meld made of naturals and one or more wilds laid with a single natural (the other
    naturals kept in hand), with a wild the player holds added where it had only one: fewer than
    two naturals, `meld-wilds`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        for a, action in enumerate(turn.actions):
            if made >= PER_GAME or not isinstance(action, Meld):
                continue
            spare = held_before(seen, turn, a)
            for spec in action.melds:
                spare.subtract(spec.cards)
            for s, spec in enumerate(action.melds):
                naturals = [c for c in spec.cards if c in NATURALS]
                wilds = [c for c in spec.cards if c in WILDS]
                extra = wild_held(spare) if len(wilds) == 1 else None
                if len(naturals) < MIN_NATURALS or not wilds or (len(wilds) == 1 and extra is None):
                    continue
                cards = (naturals[0], *wilds, *((extra,) if extra else ()))
                specs = list(action.melds)
                specs[s] = dataclasses.replace(spec, cards=cards)
                actions = list(turn.actions)
                actions[a] = dataclasses.replace(action, melds=tuple(specs))
                text = replaced_turn(record, h, i, turn, actions)
                yield Mutant(text, turn.line, "meld-wilds", f"[{' '.join(cards)}]")
                made += 1
                break


def first_take_with_a_wild(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """Before the side's first meld, the pile (a natural on top) taken with one natural of its
    rank and a wild the player holds, instead of the turn's draw or its natural-pair take: the pile
    is frozen against a side until its first meld, `take-initial`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        top = seen.pile[-1] if seen.pile else None
        first = turn.actions[0]
        if made >= PER_GAME or seen.side_melded or top not in NATURALS:
            continue
        spare = dict(seen.hand)
        if isinstance(first, Take) and first.with_cards == (top, top):
            for spec in first.also:
                for card in spec.cards:
                    spare[card] -= 1
            with_cards = (top, wild_held(spare))
        elif isinstance(first, Draw) and seen.hand.get(top, 0) >= 1:
            with_cards = (top, wild_held(spare))
            first = Take(card=top)
        else:
            continue
        if with_cards[1] is None:
            continue
        take = dataclasses.replace(first, with_cards=with_cards)
        text = replaced_turn(record, h, i, turn, [take, *turn.actions[1:]])
        yield Mutant(text, turn.line, "take-initial", f"take {top} with [{' '.join(map(str, with_cards))}]")
        made += 1


def frozen_pile_taken(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """After the side's first meld, a pile frozen by a wild in it taken with one natural of the up
    card's rank and a wild the player holds, instead of the turn's draw or its natural-pair take,
    or (holding none) by laying its up card onto the side's meld of its rank instead of the draw:
    `take-frozen`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        top = seen.pile[-1] if seen.pile else None
        first = turn.actions[0]
        if made >= PER_GAME or not seen.side_melded or top not in NATURALS:
            continue
        if not (isinstance(first, Draw) or (isinstance(first, Take) and first.with_cards and not first.also)):
            continue
        wild = wild_held(seen.hand)
        if not any(c in WILDS for c in seen.pile):
            continue
        if wild is not None and seen.hand.get(top, 0) >= 1:
            take = Take(card=top, with_cards=(top, wild))
        elif top in seen.melds and isinstance(first, Draw):
            take = Take(card=top, onto=MeldRef(rank=top))
        else:
            continue
        text = replaced_turn(record, h, i, turn, [take, *turn.actions[1:]])
        how = f"onto {top}" if take.onto else f"with [{top} {wild}]"
        yield Mutant(text, turn.line, "take-frozen", f"take {top} {how}")
        made += 1


def wrong_draw_count(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """From a stock of two or more, one card drawn where the table draws two, or two where it
    draws one (the second being the stock's next card, drawn next in the record): `draw-count`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        first = turn.actions[0]
        if made >= PER_GAME or i < 2 or seen.stock < 2 or not isinstance(first, Draw):
            continue
        if len(first.cards) == 2:
            cards = first.cards[:1]
        else:
            later = [
                action
                for t in (turn, *record.hands[h].turns[i + 1 :])
                for action in (t.actions[1:] if t is turn else t.actions)
                if isinstance(action, Draw)
            ]
            if not later:
                continue
            cards = (*first.cards, later[0].cards[0])
        draw = dataclasses.replace(first, cards=cards)
        text = replaced_turn(record, h, i, turn, [draw, *turn.actions[1:]])
        yield Mutant(text, turn.line, "draw-count", f"{len(first.cards)} drawn as {len(cards)}")
        made += 1


MUTATIONS: dict[str, Mutation] = {
    "wilds-beyond-the-limit": wilds_beyond_the_limit,
    "one-natural-with-wilds": one_natural_with_wilds,
    "first-take-with-a-wild": first_take_with_a_wild,
    "frozen-pile-taken": frozen_pile_taken,
    "wrong-draw-count": wrong_draw_count,
    "wrong-score": wrong_score,
    "bonus-discarded": bonus_discarded,
}


@pytest.mark.parametrize("rules", list(CORPORA))
def test_the_games_mutated_are_valid(rules):
    for game, _ in corpus(rules):
        (ruling,) = arbiter.check(game.text)
        assert ruling.verdict == "valid", (game.players, game.index, ruling.findings[:1])


@pytest.mark.parametrize("rules", list(CORPORA))
@pytest.mark.parametrize("kind", list(MUTATIONS))
def test_a_planted_error_is_reported_on_its_line(rules, kind):
    applied = assert_planted_errors_reported(kind, MUTATIONS[kind], corpus(rules))
    if kind == "wrong-draw-count" and rules == "classic":
        assert applied["draw-count"] >= 2 * PER_GAME, applied
