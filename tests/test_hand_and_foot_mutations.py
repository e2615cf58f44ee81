"""Planted errors in Hand & Foot: take a valid simulated Hand & Foot game, make ONE change that its
rules make illegal, and the arbiter must report an error with the expected code on the changed line.

As in tests/test_mutations.py (Caliente) and tests/test_samba_mutations.py, each mutation's code
comes from the rules, by construction (a canasta closes at seven: one more card is `meld-closed`),
never from asking the engine; the places are found from the simulator's trace of each turn (the
Foot from the record's deal), and each kind must be planted at least MIN_APPLIED times over the
corpus.
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
    foot_of,
    held_before,
    places,
    replaced_turn,
    traced_corpus,
    wrong_score,
)

import arbiter
from arbiter.notation.records import Add, Ask, Discard, Draw, FamilyAction, Game, Meld, MeldRef, MeldSpec, Take, Turn
from arbiter.simulate import SimulatedGame, TurnTrace

FOOT = FamilyAction(keyword="foot")  # picking up the Foot, as a record writes it

CLOSED_AT = 7  # a meld of seven is a canasta, closed
MIXED_WILDS = 2  # a meld of a rank holds one or two wilds
WILD_MELD = "2"  # the trace's name of a side's wild meld

# Traced games (four players, three rounds each), and the options that change what is taken or asked.
CORPUS = [(4, {}, seed) for seed in range(1, 13)] + [
    (4, {"pile-take": 7}, 1),
    (4, {"pile-take": 7}, 2),
    (4, {"wild-ratio": "two-naturals-per-wild"}, 1),
    (4, {"ask-required": False}, 1),
]


@functools.cache
def corpus() -> tuple[tuple[SimulatedGame, Game], ...]:
    return traced_corpus("hand-and-foot", CORPUS)


# --- the table from the trace ----------------------------------------------------------------------------


def meld_ref(name: str) -> MeldRef:
    """`Q`, `Q#2`, `2` as a reference."""
    rank, _, index = name.partition("#")
    return MeldRef(rank=rank, index=int(index or 1))


def rank_of(name: str) -> str:
    return name.partition("#")[0]


def pile_take(game: SimulatedGame) -> int:
    take = str(game.options.get("pile-take", "all"))
    return 0 if take == "all" else int(take)


def held(game: SimulatedGame, record: Game, h: int, turn: Turn, seen: TurnTrace, upto: int) -> dict[str, int]:
    """The player's cards (Hand, or Foot once picked up) just before action `upto`."""
    return held_before(seen, turn, upto, foot_of(record, h, turn.player), pile_take(game))


def wild_held(cards: Mapping[str, int]) -> str | None:
    return next((w for w in WILDS if cards.get(w, 0) > 0), None)


def open_meld(melds: Mapping[str, tuple[str, ...]], rank: str) -> str | None:
    return next((name for name, cards in melds.items() if rank_of(name) == rank and len(cards) < CLOSED_AT), None)


def first_draw(turn: Turn) -> int | None:
    """The index of the turn's draw from the stock (after the Foot picked up at its start)."""
    a = 1 if turn.actions and turn.actions[0] == FOOT else 0
    return a if a < len(turn.actions) and isinstance(turn.actions[a], Draw) else None


def before_discard(game: SimulatedGame, record: Game, h: int, turn: Turn, seen: TurnTrace) -> dict[str, int] | None:
    """What the player holds besides the turn's final discard, or None if the turn does not end
    with a discard (a pass, going out, the round ended by a Bonus card drawn last)."""
    last = turn.actions[-1]
    if seen.went_out or not isinstance(last, Discard):
        return None
    cards = held(game, record, h, turn, seen, len(turn.actions) - 1)
    cards[last.card] -= 1
    return cards


def added_before_discard(record: Game, h: int, i: int, turn: Turn, add: Add) -> str:
    return replaced_turn(record, h, i, turn, [*turn.actions[:-1], add, turn.actions[-1]])


# --- the mutations --------------------------------------------------------------------------------------


def card_onto_a_closed_canasta(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A natural the player holds added to the side's canasta of its rank (or a wild to its wild
    canasta), just before the turn's discard: a canasta is closed at seven, `meld-closed`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        cards = before_discard(game, record, h, turn, seen) if made < PER_GAME else None
        if cards is None:
            continue
        for name, meld in seen.melds_after.items():
            if len(meld) < CLOSED_AT:
                continue
            rank = rank_of(name)
            card = wild_held(cards) if rank == WILD_MELD else rank if cards.get(rank, 0) > 0 else None
            if card is None:
                continue
            add = Add(cards=(card,), target=meld_ref(name))
            yield Mutant(added_before_discard(record, h, i, turn, add), turn.line, "meld-closed", f"{card} onto {name}")
            made += 1
            break


def third_wild_in_a_meld(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """Wilds the player holds added to the side's open meld of a rank so that it holds three, one
    more than a meld of a rank may (the meld stays within seven cards): `meld-wilds`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        cards = before_discard(game, record, h, turn, seen) if made < PER_GAME else None
        if cards is None:
            continue
        wilds = [w for w in WILDS for _ in range(max(0, cards.get(w, 0)))]
        for name, meld in seen.melds_after.items():
            need = MIXED_WILDS + 1 - sum(c in WILDS for c in meld)
            if rank_of(name) == WILD_MELD or len(meld) >= CLOSED_AT or not 0 < need <= len(wilds):
                continue
            if len(meld) + need > CLOSED_AT:
                continue
            add = Add(cards=tuple(wilds[:need]), target=meld_ref(name))
            text = added_before_discard(record, h, i, turn, add)
            yield Mutant(text, turn.line, "meld-wilds", f"{' '.join(add.cards)} onto {name}")
            made += 1
            break


def taken_with_a_wild(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """The pile, a natural on top, taken with one natural of its rank and a wild the player holds,
    into a new meld (the side has no open meld of that rank), instead of the turn's draw or its
    natural-pair take: the pile is always frozen, `take-frozen`; before the side's first meld,
    `take-initial` (the up card is taken with a natural pair from hand)."""
    made = 0
    for h, i, turn, seen in places(game, record):
        top = seen.pile[-1] if seen.pile else None
        if made >= PER_GAME or top not in NATURALS or open_meld(seen.melds, top) is not None:
            continue
        a = first_draw(turn)
        first = turn.actions[0]
        if a is None and isinstance(first, Take) and first.with_cards and not first.also and seen.side_melded:
            a = 0
        if a is None:
            continue
        cards = held(game, record, h, turn, seen, a)
        wild = wild_held(cards)
        if wild is None or cards.get(top, 0) < 1:
            continue
        take = Take(card=top, with_cards=(top, wild))
        actions = [*turn.actions[:a], take, *turn.actions[a + 1 :]]
        code = "take-frozen" if seen.side_melded else "take-initial"
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, code, f"take {top} with [{top} {wild}]")
        made += 1


def taken_onto_a_meld(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """The pile, a natural on top, taken by laying its up card onto the side's open meld of its
    rank instead of the turn's draw: the pile is always frozen, `take-frozen`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        top = seen.pile[-1] if seen.pile else None
        a = first_draw(turn)
        if made >= PER_GAME or a is None or top not in NATURALS or not seen.side_melded:
            continue
        target = open_meld(seen.melds, top)
        if target is None:
            continue
        actions = [*turn.actions[:a], Take(card=top, onto=meld_ref(target)), *turn.actions[a + 1 :]]
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "take-frozen", f"take {top} onto {target}")
        made += 1


def second_open_meld(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """Three or more naturals added to the side's open meld of their rank, melded instead as a new
    meld of that rank (the first one open as it was): `open-meld`."""
    made = 0
    for h, i, turn, _ in places(game, record):
        for a, action in enumerate(turn.actions):
            if made >= PER_GAME or not isinstance(action, Add) or len(action.cards) < 3:
                continue
            rank = action.target.rank
            if rank not in NATURALS or any(c != rank for c in action.cards):
                continue
            actions = list(turn.actions)
            actions[a] = Meld(melds=(MeldSpec(cards=action.cards),))
            text = replaced_turn(record, h, i, turn, actions)
            yield Mutant(text, turn.line, "open-meld", f"[{' '.join(action.cards)}] beside {action.target}")
            made += 1


def foot_left_out(game: SimulatedGame, record: Game, at_start: bool) -> Iterator[Mutant]:
    made = 0
    for h, i, turn, _ in places(game, record):
        for a, action in enumerate(turn.actions):
            if action == FOOT and (a == 0) == at_start and made < PER_GAME:
                actions = [*turn.actions[:a], *turn.actions[a + 1 :]]
                text = replaced_turn(record, h, i, turn, actions)
                yield Mutant(text, turn.line, "foot-pickup", "at the start" if at_start else "at once")
                made += 1


def foot_not_picked_up_next_turn(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """The `foot` that begins the turn after the Hand's last card was discarded left out (the
    player draws with the Hand empty): `foot-pickup`."""
    return foot_left_out(game, record, at_start=True)


def foot_not_picked_up_at_once(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """The `foot` of a player who melded the whole Hand left out, the turn going on (with cards of
    the Foot): the Foot is picked up at once, `foot-pickup`."""
    return foot_left_out(game, record, at_start=False)


def out_without_asking(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A player who asked, was told yes and went out, going out without asking: `ask` (the
    partner is asked first, ask-required)."""
    if game.options.get("ask-required") is False:
        return
    for h, i, turn, seen in places(game, record):
        if not seen.went_out:
            continue
        actions = [action for action in turn.actions if not isinstance(action, Ask)]
        if len(actions) < len(turn.actions):
            yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "ask", "")


def one_card_drawn(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """One card drawn from a stock of two or more, where a player draws two: `draw-count`.
    Planted wherever exactly two are left (the last draw of the stock), and in a few other turns."""
    made = 0
    for h, i, turn, seen in places(game, record):
        a = first_draw(turn)
        if a is None or seen.stock < 2:
            continue
        draw = turn.actions[a]
        assert isinstance(draw, Draw) and len(draw.cards) == 2
        if seen.stock == 2 or (made < PER_GAME and i >= 2):
            actions = list(turn.actions)
            actions[a] = dataclasses.replace(draw, cards=draw.cards[:1])
            yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "draw-count", f"stock {seen.stock}")
            made += seen.stock > 2


MUTATIONS: dict[str, Mutation] = {
    "card-onto-a-closed-canasta": card_onto_a_closed_canasta,
    "third-wild-in-a-meld": third_wild_in_a_meld,
    "taken-with-a-wild": taken_with_a_wild,
    "taken-onto-a-meld": taken_onto_a_meld,
    "second-open-meld": second_open_meld,
    "foot-not-picked-up-next-turn": foot_not_picked_up_next_turn,
    "foot-not-picked-up-at-once": foot_not_picked_up_at_once,
    "out-without-asking": out_without_asking,
    "one-card-drawn": one_card_drawn,
    "wrong-score": wrong_score,
    "bonus-discarded": bonus_discarded,
}


def test_the_games_mutated_are_valid():
    for game, _ in corpus():
        (ruling,) = arbiter.check(game.text)
        assert ruling.verdict == "valid", (game.players, game.index, ruling.findings[:1])


def test_the_cards_held_follow_the_record():
    """The places are found from the cards held: replaying each turn's actions from the trace's
    Hand (and the dealt Foot) gives the cards the player kept."""
    for game, record in corpus():
        for h, _, turn, seen in places(game, record):
            cards = held(game, record, h, turn, seen, len(turn.actions))
            assert +cards == seen.hand_after, (game.options, game.seed, turn.line)


@pytest.mark.parametrize("kind", list(MUTATIONS))
def test_a_planted_error_is_reported_on_its_line(kind):
    applied = assert_planted_errors_reported(kind, MUTATIONS[kind], corpus())
    if kind == "taken-with-a-wild":  # both before and after the side's first meld
        assert applied["take-initial"] and applied["take-frozen"], applied
