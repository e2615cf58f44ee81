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
from mac_support import finding, first_error, position
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
    with_actions,
    with_turn,
    wrong_score,
)
from test_classic_mutations import wrong_draw_count

import arbiter
from arbiter import cards as C
from arbiter.notation.records import (
    Add,
    Ask,
    Discard,
    Draw,
    FamilyAction,
    Game,
    GoOut,
    Meld,
    MeldRef,
    MeldSpec,
    Take,
    Turn,
)
from arbiter.simulate import SimulatedGame, TurnTrace

RULES = "modern-american"
CORPUS = [(4, {}, seed) for seed in range(1, 17)] + [(players, {}, seed) for players in (2, 3) for seed in range(1, 7)]
"""Four players mostly, and the two- and three-handed games the bots play too (their longer hands
reach the canastas that make ranks dead)."""
BARRED_ON_AN_EMPTY_PILE = ("7", "A")  # and wilds and dead ranks: sevens and aces are enough here
ORDINARY_AT = 3  # at three players aces and sevens are ranks like any other: no error of theirs to plant


def aces_and_sevens_apart(game: SimulatedGame) -> bool:
    return game.players != ORDINARY_AT


RULE_OF_FIVE = 5
CANASTA = 7  # a meld of seven cards is a canasta, closed to more cards


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


def is_clean(cards: tuple[str, ...]) -> bool:
    """A meld of three naturals or more and no wild: what an opening needs one of."""
    return len(cards) >= 3 and not any(c in WILDS for c in cards)


def dead_places(game: SimulatedGame, record: Game) -> Iterator[tuple[int, int, Turn, TurnTrace, set[str]]]:
    """`places`, each with the ranks dead as the turn begins: a canasta of them is complete on
    either side (each side's melds as its last turn left them, from the trace)."""
    sides: dict[str, dict[str, tuple[str, ...]]] = {}
    hand = -1
    for h, i, turn, seen in places(game, record):
        if h != hand:
            hand, sides = h, {}
        sides[seen.side] = seen.melds
        dead = {rank for melds in sides.values() for rank, cards in melds.items() if len(cards) >= CANASTA}
        yield h, i, turn, seen, dead & set(NATURALS)
        sides[seen.side] = seen.melds_after


def lone_opening(turn: Turn, seen: TurnTrace) -> Meld | None:
    """The opening turn's one meld action, where it lays the opening alone (nothing added, the
    pile not taken, a discard that does not go out)."""
    if not is_opening(turn, seen) or discard_at(turn) is None:
        return None
    laid = [a for a in turn.actions if isinstance(a, (Meld, Add, Take, FamilyAction))]
    return laid[0] if len(laid) == 1 and isinstance(laid[0], Meld) else None


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
        if made >= PER_GAME or at is None or pile_before_discard(turn, seen) or not aces_and_sevens_apart(game):
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
        if made >= 2 * PER_GAME or at is None or not seen.side_melded or not aces_and_sevens_apart(game):
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


def opening_without_a_clean_triple(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """An opening whose one clean meld (neither sevens nor aces, short of six cards) gets a wild the
    player holds beside it: no meld of three naturals without wilds is left, `opening-clean-triple`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        opening = lone_opening(turn, seen)
        if made >= PER_GAME or opening is None:
            continue
        at = discard_at(turn)
        assert at is not None
        held = held_before(seen, turn, at)
        discarded = turn.actions[at]
        assert isinstance(discarded, Discard)
        held[discarded.card] -= 1
        wild = wild_in(held)
        clean = [n for n, spec in enumerate(opening.melds) if is_clean(spec.cards)]
        if wild is None or held.total() < 2 or len(clean) != 1:
            continue
        spec = opening.melds[clean[0]]
        if spec.cards[0] in ("7", "A") or len(spec.cards) >= CANASTA - 1:
            continue
        melds = list(opening.melds)
        melds[clean[0]] = MeldSpec(cards=(*spec.cards, wild))
        actions = [Meld(melds=tuple(melds)) if a is opening else a for a in turn.actions]
        text = replaced_turn(record, h, i, turn, actions)
        yield Mutant(text, turn.line, "opening-clean-triple", f"{wild} with {spec.cards[0]}")
        made += 1


def opening_short_of_the_minimum(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """An opening of two melds or more laid without one of them, what is left worth less than the
    side's minimum (the cards' values) and still holding a clean meld, no canasta in it (a
    natural canasta opens whatever the minimum): `first-meld-minimum`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        opening = lone_opening(turn, seen)
        if made >= PER_GAME or opening is None or len(opening.melds) < 2:
            continue
        for n in range(len(opening.melds)):
            kept = [spec for m, spec in enumerate(opening.melds) if m != n]
            value = sum(C.points(spec.cards) for spec in kept)
            if value >= seen.minimum or not any(is_clean(spec.cards) for spec in kept):
                continue
            if any(len(spec.cards) >= CANASTA for spec in kept):
                continue
            actions = [Meld(melds=tuple(kept)) if a is opening else a for a in turn.actions]
            text = replaced_turn(record, h, i, turn, actions)
            yield Mutant(text, turn.line, "first-meld-minimum", f"{value} < {seen.minimum}")
            made += 1
            break


def meld_on_a_dead_rank(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A natural of a dead rank (a canasta of it complete on either side; neither sevens nor aces)
    added before the discard to the side's meld of it short of a canasta, or melded as three from
    hand where the side has none: `dead-rank`."""
    made = 0
    for h, i, turn, seen, dead in dead_places(game, record):
        at = discard_at(turn)
        if made >= 2 * PER_GAME or at is None or not seen.side_melded or not dead:
            continue
        held = held_before(seen, turn, at)
        discarded = turn.actions[at]
        assert isinstance(discarded, Discard)
        held[discarded.card] -= 1
        for rank in sorted(dead - ({"7", "A"} if aces_and_sevens_apart(game) else set())):
            meld = seen.melds.get(rank)
            planted: Add | Meld
            if meld is not None and len(meld) < CANASTA and held[rank] >= 1 and held.total() >= 2:
                planted = Add(cards=(rank,), target=MeldRef(rank=rank))
            elif meld is None and held[rank] >= 3 and held.total() >= 4:
                planted = Meld(melds=(MeldSpec(cards=(rank, rank, rank)),))
            else:
                continue
            actions = list(turn.actions)
            actions.insert(at, planted)
            yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "dead-rank", rank)
            made += 1
            break


def pile_taken_with_a_dead_card_on_top(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """The pile taken, with a natural pair, when its top card is of a dead rank, instead of the
    turn's draw: `take-dead-rank` (nobody takes the pile with a dead card on top, whatever they hold)."""
    made = 0
    for h, i, turn, seen, dead in dead_places(game, record):
        first = turn.actions[0]
        top = seen.pile[-1] if seen.pile else None
        if made >= PER_GAME or not isinstance(first, Draw) or top not in dead:
            continue
        take = Take(card=top, with_cards=(top, top))
        text = replaced_turn(record, h, i, turn, [take, *turn.actions[1:]])
        yield Mutant(text, turn.line, "take-dead-rank", top)
        made += 1


def special_hand_after_opening(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """The player's whole hand laid as a special hand after the turn's draw, though the side has
    opened: `special-hand` (only a side that has not opened lays one)."""
    made = 0
    for h, i, turn, seen in places(game, record):
        first = turn.actions[0]
        if made >= PER_GAME or not seen.side_melded or not isinstance(first, Draw):
            continue
        held = held_before(seen, turn, 1)
        special = FamilyAction(keyword="special", cards=tuple(sorted(held.elements(), key=C.ORDER.__getitem__)))
        yield Mutant(replaced_turn(record, h, i, turn, [first, special]), turn.line, "special-hand", "")
        made += 1


def card_added_to_a_canasta(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A natural added before the discard to the side's canasta of its rank, closed at seven cards:
    `meld-size`."""
    made = 0
    for h, i, turn, seen in places(game, record):
        at = discard_at(turn)
        if made >= PER_GAME or at is None:
            continue
        held = held_before(seen, turn, at)
        discarded = turn.actions[at]
        assert isinstance(discarded, Discard)
        held[discarded.card] -= 1
        full = [r for r, meld in seen.melds.items() if r in NATURALS and len(meld) == CANASTA and held[r] > 0]
        if not full or held.total() < 2:
            continue
        actions = list(turn.actions)
        actions.insert(at, Add(cards=(full[0],), target=MeldRef(rank=full[0])))
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "meld-size", full[0])
        made += 1


def meld_of_cards_not_held(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """Once the side has opened, three naturals of a rank the player holds none of (neither sevens
    nor aces, nor a rank the side has melded or that is dead) melded before the discard:
    `card-not-held`."""
    made = 0
    for h, i, turn, seen, dead in dead_places(game, record):
        at = discard_at(turn)
        if made >= PER_GAME or at is None or not seen.side_melded:
            continue
        held = held_before(seen, turn, at)
        absent = [r for r in NATURALS if held[r] == 0 and r not in ("7", "A", *seen.melds, *dead)]
        if not absent:
            continue
        actions = list(turn.actions)
        actions.insert(at, Meld(melds=(MeldSpec(cards=(absent[0],) * 3),)))
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "card-not-held", absent[0])
        made += 1


def asking(turn: Turn) -> list[object]:
    """The turn with `ask no` after its draw, before its first meld or its discard."""
    actions: list[object] = list(turn.actions)
    at = next(n for n, action in enumerate(actions) if isinstance(action, (Meld, Add, Discard)))
    actions.insert(at, Ask(answer=False))
    return actions


def second_ask_by_the_partner(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """In a hand nobody asks in, a player asks to go out and is told no, and on the side's next
    turn the partner asks too (the League: one ask a side each hand): `ask-again`, on the second."""
    made = 0
    for h in range(len(record.hands)):
        turns = [(i, turn, seen) for hh, i, turn, seen in places(game, record) if hh == h]
        if made >= PER_GAME or any(isinstance(a, Ask) for _, turn, _ in turns for a in turn.actions):
            continue
        plain = [(i, turn, seen) for i, turn, seen in turns if discard_at(turn) is not None and not seen.took]
        pairs = [
            (first, second)
            for n, first in enumerate(plain)
            for second in plain[n + 1 :]
            if second[2].side == first[2].side and second[2].player != first[2].player
        ]
        if not pairs:
            continue
        (i, first, _), (j, second, _) = pairs[0]
        asked = with_turn(record, h, i, with_actions(first, asking(first)))
        text = replaced_turn(asked, h, j, second, asking(second))
        yield Mutant(text, second.line, "ask-again", second.player)
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
    "opening-without-a-clean-triple": opening_without_a_clean_triple,
    "opening-short-of-the-minimum": opening_short_of_the_minimum,
    "meld-on-a-dead-rank": meld_on_a_dead_rank,
    "pile-taken-with-a-dead-card-on-top": pile_taken_with_a_dead_card_on_top,
    "special-hand-after-opening": special_hand_after_opening,
    "card-added-to-a-canasta": card_added_to_a_canasta,
    "meld-of-cards-not-held": meld_of_cards_not_held,
    "wrong-draw-count": wrong_draw_count,
    "second-ask-by-the-partner": second_ask_by_the_partner,
}


def test_the_games_mutated_are_valid():
    for game, _ in corpus():
        (ruling,) = arbiter.check(game.text)
        assert ruling.verdict == "valid", (game.seed, [f.to_dict() for f in ruling.findings][:1])


@pytest.mark.parametrize("kind", list(MUTATIONS))
def test_a_planted_error_is_reported_on_its_line(kind):
    assert_planted_errors_reported(kind, MUTATIONS[kind], corpus())


# --- a mixed canasta in the opening ---------------------------------------------------------------
# The bots open with small melds and never hold seven cards of a rank then (none of the corpus's
# openings could grow one), so this error is planted into a valid opening written out instead.

MIXED_OPENER = "K K K K K 2 2 A A A 4 9 10"


def test_an_opening_grown_into_a_mixed_canasta_is_reported_on_its_line():
    valid = position(
        MIXED_OPENER, "ann: draw 5, meld [K K K K K 2] [A A A], discard 9, draw 7 5 6 10", tables={}, melded=""
    )
    assert first_error(valid) is None
    planted = valid.replace("meld [K K K K K 2] [A A A]", "meld [K K K K K 2 2] [A A A]")
    assert planted != valid
    line = next(n for n, text in enumerate(planted.splitlines(), start=1) if text.startswith("ann:"))
    found = finding(planted)
    assert (found.code, found.line) == ("opening-mixed-canasta", line), found.message


# --- the opening's wilds and cards kept, and wilds kept for an unfinished wild-card meld -----------
# The bots never lay a wild-card meld, take an ace to open or empty the hand on an opening turn, so
# these errors are planted into valid turns written out: one change each, reported on its line.

WILD_MELD_AND_KINGS = {"ann+cid": "[2 2 X] [K K K K K]", "bob+dee": "[Q Q Q]"}
PLANTED = {
    "opening-wild-split": (
        position(
            "K K K 2 2 X Q Q Q 5 6 9 10", "ann: draw 4, meld [K K K] [2 2 X] [Q Q Q], discard 9", tables={}, melded=""
        ),
        ("Q Q Q 5 6", "meld [K K K] [2 2 X] [Q Q Q]"),
        ("Q Q 2 5 6", "meld [K K K] [2 2 X] [Q Q 2]"),
    ),
    "wild-meld-unfinished": (
        position("2 5 10", "ann: draw 6, add [2] to 2, discard 10", tables=WILD_MELD_AND_KINGS),
        ("add [2] to 2",),
        ("add [2] to K",),
    ),
    "opening-pile-ace": (
        position(
            "A A K K K Q Q Q J J J 2 9 10",
            "ann: take A with [A A] and [K K K] [Q Q Q] [J J J], add [2] to K, discard 9",
            tables={},
            melded="",
            pile="5 A",
        ),
        ("add [2] to K",),
        ("add [2] to A",),
    ),
    "opening-keep": (
        position(
            "K K K K K K K 7 7 7 7 7 7 7 4 4 4",
            "ann: draw 9, meld [K K K K K K K] [7 7 7 7 7 7 7], discard 9",
            tables={},
            melded="",
            stock="9 4 7 5 A 10 6 8",
        ),
        ("[7 7 7 7 7 7 7], discard 9",),
        ("[7 7 7 7 7 7 7] [4 4 4], discard 9, out",),
    ),
}


@pytest.mark.parametrize("code", list(PLANTED))
def test_an_opening_or_wild_card_meld_error_planted_into_a_valid_turn_is_reported_on_its_line(code):
    valid, olds, news = PLANTED[code]
    assert first_error(valid) is None
    planted = valid
    for old, new in zip(olds, news, strict=True):
        assert old in planted
        planted = planted.replace(old, new)
    line = next(n for n, text in enumerate(planted.splitlines(), start=1) if text.startswith("ann:"))
    found = finding(planted)
    assert (found.code, found.line) == (code, line), found.message
