"""Legal actions listed against a brute force (issue 55): the listing prunes and shares work (a take
refused for its cards from hand is tried with no melds beside it; the melds a first take may lay
beside it are made once a position), so it is compared here, at the start of every turn of a
simulated game, with what the position itself judges of takes made blindly: every listed action is
legal, and every legal take of a sample of ways to take the pile with melds beside it is listed
(where they are needed: a take that goes down alone is listed alone, engine/candidates.py `takes`)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

import arbiter
from arbiter import cards as C
from arbiter.notation.formatter import format_action
from arbiter.notation.records import MeldSpec, Take
from arbiter.simulate import simulate_games

SAMPLED = 60  # blind takes judged a position, at most
TABLES = [("hoyle", 2), ("samba", 4), ("hand-and-foot", 4)]


def turn_starts(family: str, seats: int) -> list[arbiter.Position]:
    """The position at the start of each turn of one simulated game of seed 1."""
    game = next(iter(simulate_games(family, seats, games=1, seed=1)))
    return [
        arbiter.Position.from_record(game.text, hand=hand.number, turn=turn)
        for hand in game.record.hands
        for turn in range(1, len(hand.turns) + 1)
    ]


def blind_melds(hand: dict[str, int]) -> list[tuple[str, ...]]:
    """Groups of three or more of a rank held, with no wild card or one: made without the rule set."""
    wilds = [()] + [(wild,) for wild in (C.LITTLE_WILD, C.BIG_WILD) if hand.get(wild, 0)]
    return [
        (rank,) * n + wild
        for rank in C.NATURALS
        for n in range(2, hand.get(rank, 0) + 1)
        for wild in wilds
        if n + len(wild) >= 3
    ]


def blind_takes(position: arbiter.Position, rng: random.Random) -> list[Take]:
    """Takes of the pile with a natural pair (and a wild or none) and up to two melds beside it."""
    pile = position.table.pile
    if not pile:
        return []
    top, hand = pile[-1], dict(position._current().hand)
    if top not in C.NATURALS or hand.get(top, 0) < 2:
        return []
    others = [m for m in blind_melds(hand) if m[0] != top]
    owns = [(top, top)] + [(top, top, wild) for wild in (C.LITTLE_WILD, C.BIG_WILD) if hand.get(wild, 0)]
    takes = [
        Take(card=top, with_cards=own, also=tuple(MeldSpec(cards=m) for m in beside))
        for own in owns
        for size in range(3)
        for beside in combinations(others, size)
    ]
    return rng.sample(takes, min(SAMPLED, len(takes)))


@pytest.mark.parametrize(("family", "seats"), TABLES)
def test_every_listed_action_is_legal_and_every_legal_blind_take_is_listed(family: str, seats: int) -> None:
    rng, takes_judged = random.Random(55), 0
    for position in turn_starts(family, seats):
        listed = {str(action) for action in position.legal_actions()}
        for text in listed:
            assert position.is_legal(text), f"{position!r}: {text} is listed but refused"
        for take in blind_takes(position, rng):
            takes_judged += 1
            if position.is_legal(take) and not position.is_legal(Take(card=take.card, with_cards=take.with_cards)):
                assert format_action(take) in listed, f"{position!r}: {format_action(take)} is legal but not listed"
    assert takes_judged > 0  # the game reached takes of the pile with melds beside them
