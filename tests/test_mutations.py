"""Planted errors: take a valid simulated game, make ONE change that the rule books make illegal,
and the arbiter must report an error with the expected code on the changed line.

Each mutation's code comes from the rule books, by construction (a Bonus card may never be
discarded: `bonus-discard`), never from asking the engine. A mutation needs a suitable place (a
frozen take by a player holding a wild, a turn that ends with one card kept ...); games without one
are skipped, but each kind must be planted at least MIN_APPLIED times over the corpus. The places
are found from the simulator's trace of each turn (the table as the player found and left it).
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Iterator

import pytest
from mutation_support import (
    MIN_APPLIED,
    NATURALS,
    PER_GAME,
    WILDS,
    Mutant,
    Mutation,
    assert_planted_errors_reported,
    bonus_discarded,
    held_before,
    places,
    traced_corpus,
    value,
    with_actions,
    with_turn,
    wrong_score,
)

import arbiter
from arbiter.notation.formatter import format_game
from arbiter.notation.records import (
    Add,
    Ask,
    Discard,
    Draw,
    Game,
    GoOut,
    Meld,
    MeldRef,
    MeldSpec,
    Take,
)
from arbiter.simulate import SimulatedGame

# Traced games: four players mostly, and the other tables for the mutations that fit them all.
CORPUS = [(4, {}, seed) for seed in range(1, 21)] + [
    (2, {}, 1),
    (3, {}, 1),
    (5, {}, 1),
    (6, {"three-packs": True}, 1),
    (4, {"caliente-cards": True}, 1),
]


@functools.cache
def corpus() -> tuple[tuple[SimulatedGame, Game], ...]:
    return traced_corpus("caliente", CORPUS)


# --- the rule books' numbers ----------------------------------------------------------------------------


def pack(game: SimulatedGame) -> Counter[str]:
    """The cards in play: per pack four of each natural and little wild, two big wilds, two Bonus
    and two Stop cards; two packs, three in the three-pack game; two Caliente cards in that variation."""
    packs = 3 if game.options.get("three-packs") else 2
    cards = Counter({**dict.fromkeys(NATURALS, 4 * packs), "2": 4 * packs, "X": 2 * packs, "B": 2 * packs})
    cards["S"] = 2 * packs
    if game.options.get("caliente-cards"):
        cards["C"] = 2
    return cards


def canastas_to_go_out(game: SimulatedGame) -> int:
    return 2 if game.players == 2 or game.options.get("three-packs") else 1


# --- the mutations --------------------------------------------------------------------------------------


def card_not_in_the_pack(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A card the pack does not have. In a deal: a Caliente card without the variation
    (`card-count`, on the deal line). In a draw: one more copy of a card all of whose copies are
    already seen (dealt, turned or drawn): `card-count`; where the hand gives the stock, the drawn
    card is not the stock's next one: `stock-order`."""
    cards = pack(game)
    made = 0
    for h, hand in enumerate(record.hands):
        if not cards["C"] and made < PER_GAME:
            deal = hand.deals[-1]
            deals = list(hand.deals)
            deals[-1] = dataclasses.replace(deal, cards=("C", *deal.cards[1:]))
            hands = list(record.hands)
            hands[h] = dataclasses.replace(hand, deals=tuple(deals))
            yield Mutant(format_game(dataclasses.replace(record, hands=tuple(hands))), deal.line, "card-count", "deal")
            made += 1
        seen = Counter[str]()
        for deal in hand.deals:
            seen.update(deal.cards)
        for turn in hand.setup_turns:
            for action in turn.actions:
                if isinstance(action, Draw):
                    seen.update(action.cards)
        assert hand.up is not None
        seen.update(hand.up.cards)
        planted = False
        for i, turn in enumerate(hand.turns):
            for a, action in enumerate(turn.actions):
                if not isinstance(action, Draw):
                    continue
                gone = [card for card in cards if seen[card] >= cards[card] and card != action.cards[0]]
                if gone and not planted:
                    changed = dataclasses.replace(action, cards=(gone[0], *action.cards[1:]))
                    actions = list(turn.actions)
                    actions[a] = changed
                    code = "stock-order" if hand.stock is not None else "card-count"
                    text = format_game(with_turn(record, h, i, with_actions(turn, actions)))
                    yield Mutant(text, turn.line, code, f"draw of a {gone[0]}")
                    planted = True
                seen.update(action.cards)


def wild_in_a_frozen_take(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """Taking a frozen pile with a wild among the cards from hand (after the side's first meld,
    only two naturals take it): `take-frozen`. Planted in a frozen take that was made (a wild
    joins the naturals), or instead of a draw by a player holding a natural of the up card's rank
    and a wild."""
    made = 0
    for h, i, turn, seen in places(game, record):
        first = turn.actions[0]
        top = seen.pile[-1] if seen.pile else None
        wild = next((w for w in WILDS if seen.hand.get(w, 0) > 0), None)
        if not (seen.frozen and seen.side_melded and top in NATURALS and wild) or made >= PER_GAME:
            continue
        if isinstance(first, Take) and first.with_cards:
            take = dataclasses.replace(first, with_cards=(*first.with_cards, wild))
        elif isinstance(first, Draw) and seen.hand.get(top, 0) >= 1:
            take = Take(card=top, with_cards=(top,) * min(2, seen.hand[top]) + (wild,))
        else:
            continue
        text = format_game(with_turn(record, h, i, with_actions(turn, [take, *turn.actions[1:]])))
        yield Mutant(text, turn.line, "take-frozen", f"take {top} with a {wild}")
        made += 1


def as_many_wilds_as_naturals(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A new meld with two naturals and two wilds: naturals must outnumber wilds, `meld-wilds`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        for a, action in enumerate(turn.actions):
            if not isinstance(action, Meld) or made >= PER_GAME:
                continue
            held = held_before(seen, turn, a)
            for s, spec in enumerate(action.melds):
                naturals = [c for c in spec.cards if c in NATURALS]
                wilds = [c for c in spec.cards if c in WILDS]
                spare = [w for w in WILDS for _ in range(max(0, held[w] - wilds.count(w)))]
                if len(naturals) < 2 or len(wilds) + len(spare) < 2:
                    for card in spec.cards:
                        held[card] -= 1
                    continue
                specs = list(action.melds)
                specs[s] = dataclasses.replace(spec, cards=(*naturals[:2], *(wilds + spare)[:2]))
                actions = list(turn.actions)
                actions[a] = dataclasses.replace(action, melds=tuple(specs))
                text = format_game(with_turn(record, h, i, with_actions(turn, actions)))
                yield Mutant(text, turn.line, "meld-wilds", "two naturals, two wilds")
                made += 1
                break


def out_without_a_canasta(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A player whose side has too few canastas melds the one card kept, then discards: the hand
    is empty without the canasta it needs, `go-out-canasta`."""
    need = canastas_to_go_out(game)
    made = 0
    for h, i, turn, seen in places(game, record):
        kept = [card for card, n in seen.hand_after.items() for _ in range(n)]
        if len(kept) != 1 or seen.went_out or seen.asked is not None or made >= PER_GAME:
            continue
        card = kept[0]
        if not isinstance(turn.actions[-1], Discard):
            continue
        target = None
        for rank, meld in seen.melds_after.items():
            if rank == "S":
                continue
            naturals = sum(1 for c in meld if c in NATURALS)
            wilds = len(meld) - naturals
            fits = card == rank or (card in WILDS and wilds < 3 and naturals > wilds + 1)
            canastas = sum(1 for r, m in seen.melds_after.items() if r != "S" and len(m) + (r == rank) >= 7)
            if fits and canastas < need:
                target = rank
                break
        if target is None:
            continue
        add = Add(cards=(card,), target=MeldRef(rank=target))
        actions = [*turn.actions[:-1], add, turn.actions[-1]]
        text = format_game(with_turn(record, h, i, with_actions(turn, actions)))
        yield Mutant(text, turn.line, "go-out-canasta", f"adds its last {card}")
        made += 1


def turn_out_of_order(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """Two turns swapped: the second player plays before the first, `turn-order`."""
    for h, hand in enumerate(record.hands[:PER_GAME]):
        if len(hand.turns) < 4:
            continue
        i = len(hand.turns) // 2
        turns = list(hand.turns)
        turns[i], turns[i + 1] = turns[i + 1], turns[i]
        hands = list(record.hands)
        hands[h] = dataclasses.replace(hand, turns=tuple(turns))
        text = format_game(dataclasses.replace(record, hands=tuple(hands)))
        yield Mutant(text, hand.turns[i].line, "turn-order", "swapped")


def two_cards_drawn(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """Two cards drawn in a four-player game, where a player draws one: `draw-count`."""
    if game.players != 4:
        return
    made = 0
    for h, i, turn, seen in places(game, record):
        first = turn.actions[0]
        if isinstance(first, Draw) and seen.stock >= 2 and made < PER_GAME and i >= 2:
            draw = dataclasses.replace(first, cards=(*first.cards, first.cards[0]))
            text = format_game(with_turn(record, h, i, with_actions(turn, [draw, *turn.actions[1:]])))
            yield Mutant(text, turn.line, "draw-count", "")
            made += 1


def take_under_a_stop(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """Taking the pile with a Stop card (or a discarded Caliente card) on top: `take-blocked`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        if seen.pile and seen.pile[-1] in ("S", "C") and isinstance(turn.actions[0], Draw) and made < PER_GAME:
            top = seen.pile[-1]
            take = Take(card=top, with_cards=(top, top))
            text = format_game(with_turn(record, h, i, with_actions(turn, [take, *turn.actions[1:]])))
            yield Mutant(text, turn.line, "take-blocked", "")
            made += 1


def first_meld_too_small(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A side's first meld worth less than its minimum: one small set from hand instead of the
    melds made: `first-meld-minimum`; or the pile taken without the melds after `and`, a take the
    minimum does not allow: `take-initial`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        if not seen.first_meld or seen.minimum <= 0 or made >= PER_GAME:
            continue
        first = turn.actions[0]
        if seen.took:
            if not isinstance(first, Take) or not first.also or first.with_cards is None:
                continue
            if sum(value(c) for c in (first.card, *first.with_cards)) >= seen.minimum:
                continue
            take = dataclasses.replace(first, also=())
            text = format_game(with_turn(record, h, i, with_actions(turn, [take, *turn.actions[1:]])))
            yield Mutant(text, turn.line, "take-initial", "take without its melds")
            made += 1
            continue
        specs = [spec for action in turn.actions if isinstance(action, Meld) for spec in action.melds]
        small = []
        for spec in specs:
            naturals = [c for c in spec.cards if c in NATURALS]
            wilds = [c for c in spec.cards if c in WILDS]
            if len(naturals) >= 3:
                small.append(tuple(naturals[:3]))
            elif len(naturals) == 2 and wilds:
                small.append((*naturals, wilds[0]))
        small = [s for s in small if sum(value(c) for c in s) < seen.minimum]
        if not small:
            continue
        actions: list[object] = []
        for action in turn.actions:
            if isinstance(action, Meld):
                if not any(isinstance(a, Meld) for a in actions):
                    actions.append(Meld(melds=(MeldSpec(cards=small[0]),)))
            elif not isinstance(action, (Add, GoOut, Ask)):
                actions.append(action)
        text = format_game(with_turn(record, h, i, with_actions(turn, actions)))
        yield Mutant(text, turn.line, "first-meld-minimum", f"meld [{' '.join(small[0])}]")
        made += 1


MUTATIONS: dict[str, Mutation] = {
    "card-not-in-the-pack": card_not_in_the_pack,
    "wild-in-a-frozen-take": wild_in_a_frozen_take,
    "as-many-wilds-as-naturals": as_many_wilds_as_naturals,
    "bonus-discarded": bonus_discarded,
    "out-without-a-canasta": out_without_a_canasta,
    "turn-out-of-order": turn_out_of_order,
    "wrong-score": wrong_score,
    "two-cards-drawn": two_cards_drawn,
    "take-under-a-stop": take_under_a_stop,
    "first-meld-too-small": first_meld_too_small,
}


def test_the_games_mutated_are_valid():
    for game, _ in corpus():
        (ruling,) = arbiter.check(game.text)
        assert ruling.verdict == "valid", (game.players, game.index, ruling.findings[:1])


@pytest.mark.parametrize("kind", list(MUTATIONS))
def test_a_planted_error_is_reported_on_its_line(kind):
    applied = assert_planted_errors_reported(kind, MUTATIONS[kind], corpus())
    if kind == "card-not-in-the-pack":  # with and without the stock line
        assert applied["card-count"] >= MIN_APPLIED and applied["stock-order"] >= 3, applied
