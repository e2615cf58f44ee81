"""Planted errors in Samba: take a valid simulated Samba game, make ONE change that Samba's rules
make illegal, and the arbiter must report an error with the expected code on the changed line.

As in tests/test_mutations.py (Caliente), each mutation's code comes from the rules, by
construction (no wild joins a group canasta: `canasta-wild`), never from asking the engine; the
places are found from the simulator's trace of each turn, and each kind must be planted at least
MIN_APPLIED times over the corpus.
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
from arbiter.notation.records import Add, Discard, Draw, Game, Meld, MeldRef, Take
from arbiter.simulate import SimulatedGame

SAMBA = 7  # a sequence of seven is a samba, and no longer one grows
CANASTA = 7
CANASTAS_TO_GO_OUT = 2  # at every Samba table; a samba is one of them

# Traced games: four players mostly, the other tables, and the options that change the takes.
CORPUS = [(4, {}, seed) for seed in range(1, 21)] + [
    (2, {}, 1),
    (3, {}, 1),
    (5, {}, 1),
    (6, {}, 1),
    (4, {"caliente-cards": True}, 1),
    (4, {"sequence-take": "top-card"}, 1),
    (4, {"wild-ratio": "two-naturals-per-wild"}, 1),
]


@functools.cache
def corpus() -> tuple[tuple[SimulatedGame, Game], ...]:
    return traced_corpus("samba", CORPUS)


# --- Samba's melds, from the trace's names (`Q`, `Q#2`, `5-9`, `S`) -------------------------------------


def is_sequence(name: str) -> bool:
    return "-" in name.partition("#")[0]


def is_group(name: str) -> bool:
    return name != "S" and not is_sequence(name)


def meld_ref(name: str) -> MeldRef:
    base, _, index = name.partition("#")
    low, _, high = base.partition("-")
    return MeldRef(rank=low, high=high or None, index=int(index or 1))


def is_run(cards: tuple[str, ...]) -> bool:
    """Cards of a sequence: naturals of consecutive ranks, each once."""
    if not all(c in NATURALS for c in cards) or len(set(cards)) != len(cards) or len(cards) < 3:
        return False
    ranks = sorted(NATURALS.index(c) for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def canastas(melds: dict[str, tuple[str, ...]]) -> int:
    return sum(1 for name, cards in melds.items() if name != "S" and len(cards) >= CANASTA)


def wild_held(held: Mapping[str, int]) -> str | None:
    return next((w for w in WILDS if held.get(w, 0) > 0), None)


# --- the mutations --------------------------------------------------------------------------------------


def wild_onto_a_group_canasta(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A wild the player holds added to the side's group canasta (one with at most one wild, so
    the wild limit still holds), just before the turn's discard: `canasta-wild`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        last = turn.actions[-1]
        if made >= PER_GAME or seen.went_out or not isinstance(last, Discard):
            continue
        held = held_before(seen, turn, len(turn.actions) - 1)
        held[last.card] -= 1
        wild = wild_held(held)
        target = next(
            (
                name
                for name, cards in seen.melds_after.items()
                if is_group(name) and len(cards) >= CANASTA and sum(c in WILDS for c in cards) <= 1
            ),
            None,
        )
        if wild is None or target is None:
            continue
        actions = [*turn.actions[:-1], Add(cards=(wild,), target=meld_ref(target)), last]
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "canasta-wild", f"{wild} onto {target}")
        made += 1


def wild_in_a_sequence(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A new sequence melded with a wild the player holds among its cards: `sequence` (cards of
    several ranks are a sequence, and a sequence holds no wild)."""
    made = 0
    for h, i, turn, seen in places(game, record):
        for a, action in enumerate(turn.actions):
            if not isinstance(action, Meld) or made >= PER_GAME or not seen.side_melded:
                continue
            held = held_before(seen, turn, a)
            for spec in action.melds:
                held.subtract(spec.cards)
            wild = wild_held(held)
            s = next((s for s, spec in enumerate(action.melds) if is_run(spec.cards)), None)
            if wild is None or s is None or len(action.melds[s].cards) >= SAMBA:
                continue
            specs = list(action.melds)
            specs[s] = dataclasses.replace(specs[s], cards=(*specs[s].cards, wild))
            actions = list(turn.actions)
            actions[a] = dataclasses.replace(action, melds=tuple(specs))
            text = replaced_turn(record, h, i, turn, actions)
            yield Mutant(text, turn.line, "sequence", f"[{' '.join(specs[s].cards)}]")
            made += 1


def gap_in_a_sequence(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A new sequence of four or more melded without one of its inner cards (kept in hand): the
    ranks are no longer consecutive, `sequence`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        for a, action in enumerate(turn.actions):
            if not isinstance(action, Meld) or made >= PER_GAME or not seen.side_melded:
                continue
            s = next((s for s, spec in enumerate(action.melds) if is_run(spec.cards) and len(spec.cards) >= 4), None)
            if s is None:
                continue
            specs = list(action.melds)
            cards = specs[s].cards
            specs[s] = dataclasses.replace(specs[s], cards=(*cards[:1], *cards[2:]))
            actions = list(turn.actions)
            actions[a] = dataclasses.replace(action, melds=tuple(specs))
            text = replaced_turn(record, h, i, turn, actions)
            yield Mutant(text, turn.line, "sequence", f"[{' '.join(specs[s].cards)}] without its {cards[1]}")
            made += 1


def wild_added_to_a_sequence(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A wild the player holds added to the side's sequence (not yet a samba) before the turn's
    discard: `sequence`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        last = turn.actions[-1]
        if made >= PER_GAME or seen.went_out or not isinstance(last, Discard):
            continue
        held = held_before(seen, turn, len(turn.actions) - 1)
        held[last.card] -= 1
        wild = wild_held(held)
        target = next((n for n, cards in seen.melds_after.items() if is_sequence(n) and len(cards) < SAMBA), None)
        if wild is None or target is None:
            continue
        actions = [*turn.actions[:-1], Add(cards=(wild,), target=meld_ref(target)), last]
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "sequence", f"{wild} onto {target}")
        made += 1


def unfrozen_taken_with_a_wild(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """An unfrozen pile taken, after the side's first meld, with a natural of the up card's rank
    and a wild from hand, instead of the turn's draw or natural-pair take: `take-unfrozen`."""
    if game.options.get("pile-always-frozen"):
        return
    made = 0
    for h, i, turn, seen in places(game, record):
        first = turn.actions[0]
        top = seen.pile[-1] if seen.pile else None
        wild = wild_held(seen.hand)
        if made >= PER_GAME or seen.frozen or not seen.side_melded or top not in NATURALS or wild is None:
            continue
        if not seen.hand.get(top, 0):
            continue
        if isinstance(first, Take) and first.with_cards:
            take = dataclasses.replace(first, with_cards=(top, wild))
        elif isinstance(first, Draw):
            take = Take(card=top, with_cards=(top, wild))
        else:
            continue
        text = replaced_turn(record, h, i, turn, [take, *turn.actions[1:]])
        yield Mutant(text, turn.line, "take-unfrozen", f"take {top} with [{top} {wild}]")
        made += 1


def frozen_taken_onto_a_meld(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A frozen pile (a wild in it) taken, after the side's first meld, by laying its up card onto
    the side's group of its rank, not yet a canasta, instead of drawing: `take-frozen`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        first = turn.actions[0]
        top = seen.pile[-1] if seen.pile else None
        if made >= PER_GAME or not seen.frozen or not seen.side_melded or top not in NATURALS:
            continue
        if not isinstance(first, Draw) or not any(c in WILDS for c in seen.pile):
            continue
        target = next((n for n, cards in seen.melds.items() if n == top and len(cards) < CANASTA), None)
        if target is None:
            continue
        take = Take(card=top, onto=meld_ref(target))
        text = replaced_turn(record, h, i, turn, [take, *turn.actions[1:]])
        yield Mutant(text, turn.line, "take-frozen", f"take {top} onto {target}")
        made += 1


def one_card_drawn(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """One card drawn from a stock of two or more, where a player draws two: `draw-count`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        first = turn.actions[0]
        if isinstance(first, Draw) and len(first.cards) == 2 and seen.stock >= 2 and made < PER_GAME and i >= 2:
            draw = dataclasses.replace(first, cards=first.cards[:1])
            yield Mutant(replaced_turn(record, h, i, turn, [draw, *turn.actions[1:]]), turn.line, "draw-count", "")
            made += 1


def out_with_one_canasta(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A player whose side has fewer than two canastas, and who kept one card after the discard,
    adds it to a meld it fits (a natural to a group of its rank or to a sequence it extends, short
    of a samba; a wild to a group short of a canasta with room for it under either wild ratio) so
    that the discard empties the hand: `go-out-canasta`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        kept = [card for card, n in seen.hand_after.items() for _ in range(n) if n > 0]
        last = turn.actions[-1]
        if len(kept) != 1 or kept[0] not in (*NATURALS, *WILDS) or seen.went_out or made >= PER_GAME:
            continue
        if not isinstance(last, Discard):
            continue
        card = kept[0]
        rank = NATURALS.index(card) if card in NATURALS else -9
        target = None
        for name, cards in seen.melds_after.items():
            if is_group(name) and card in WILDS:  # room for a wild: two at most, naturals ahead
                wilds = sum(c in WILDS for c in cards)
                fits = len(cards) < CANASTA - 1 and wilds < 2 and len(cards) - wilds > 2 * (wilds + 1)
            elif is_group(name):
                fits = name.partition("#")[0] == card
            elif is_sequence(name):
                ranks = sorted(NATURALS.index(c) for c in cards)
                fits = len(cards) < SAMBA and rank in (ranks[0] - 1, ranks[-1] + 1)
            else:
                fits = False
            after = {**seen.melds_after, name: (*cards, card)}
            if fits and canastas(after) < CANASTAS_TO_GO_OUT:
                target = name
                break
        if target is None:
            continue
        actions = [*turn.actions[:-1], Add(cards=(card,), target=meld_ref(target)), last]
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "go-out-canasta", f"{card} onto {target}")
        made += 1


MUTATIONS: dict[str, Mutation] = {
    "wild-onto-a-group-canasta": wild_onto_a_group_canasta,
    "wild-in-a-sequence": wild_in_a_sequence,
    "gap-in-a-sequence": gap_in_a_sequence,
    "wild-added-to-a-sequence": wild_added_to_a_sequence,
    "unfrozen-taken-with-a-wild": unfrozen_taken_with_a_wild,
    "frozen-taken-onto-a-meld": frozen_taken_onto_a_meld,
    "one-card-drawn": one_card_drawn,
    "out-with-one-canasta": out_with_one_canasta,
    "wrong-score": wrong_score,
    "bonus-discarded": bonus_discarded,
}


def test_the_games_mutated_are_valid():
    for game, _ in corpus():
        (ruling,) = arbiter.check(game.text)
        assert ruling.verdict == "valid", (game.players, game.index, ruling.findings[:1])


@pytest.mark.parametrize("kind", list(MUTATIONS))
def test_a_planted_error_is_reported_on_its_line(kind):
    assert_planted_errors_reported(kind, MUTATIONS[kind], corpus())
