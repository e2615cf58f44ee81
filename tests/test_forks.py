"""Trying a move on a copy of the hand (engine/context.py `fork`, engine/table.py `Table.copy`):
a copy made for a turn copies what that turn may change (the player's hand and side) and shares
the rest, so the copies must never change what they share. The positions of seeded playouts of
every family are listed and every legal action pushed on a copy; the table the position stands at
is the same afterwards."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from arbiter import Action, Position
from arbiter.engine.context import TurnState
from arbiter.engine.table import Table

FAMILIES = [
    ("caliente", "ann bob cid dee", None, {"caliente-cards": True}),
    ("samba", "ann bob cid dee", "ann+cid bob+dee", {}),
    ("hand-and-foot", "ann bob cid dee", "ann+cid bob+dee", {}),
    ("classic", "ann bob cid dee", "ann+cid bob+dee", {}),
    ("hoyle", "ann bob", None, {}),
]
ACTIONS = 60  # of each playout: several turns of every player, melds and takes among them


def unchanged(position: Position) -> tuple[object, ...]:
    """What a fork must leave as it was: the table, and each player's hand as an object too."""
    return (copy.deepcopy(position.table), position.to_play, position.turn)


@pytest.mark.parametrize(("rules", "seats", "teams", "options"), FAMILIES)
def test_trying_every_legal_action_on_copies_leaves_the_position_as_it_was(rules, seats, teams, options):
    position = Position.deal(rules, seats.split(), seed=3, teams=teams, options=options)
    rng = random.Random(3)
    for _ in range(ACTIONS):
        if position.over:
            break
        before = unchanged(position)
        legal = position.legal_actions()
        assert [action.text for action in legal] == [Action(action.step).text for action in legal]  # written once
        for action in legal:
            tried = position.copy()
            tried.push(action)
            assert unchanged(position) == before, f"{action} changed {position!r}"
        position.push(rng.choice(legal))


def test_a_copy_for_a_turn_copies_the_players_hand_and_side_and_shares_the_rest():
    position = Position.deal("samba", ["ann", "bob", "cid", "dee"], seed=1, teams="ann+cid bob+dee")
    table: Table = position._context.table
    copied = table.copy("ann")
    assert copied.hands["ann"] is not table.hands["ann"] and copied.hands["ann"] == table.hands["ann"]
    assert all(copied.hands[p] is table.hands[p] for p in ("bob", "cid", "dee"))
    assert copied.sides["ann+cid"] is not table.sides["ann+cid"] and copied.side_of["cid"] is copied.sides["ann+cid"]
    assert copied.sides["bob+dee"] is table.sides["bob+dee"]
    assert copied.pool is not table.pool and copied.pile is not table.pile
    whole = table.copy()
    assert all(whole.hands[p] is not table.hands[p] for p in table.hands)
    assert all(whole.sides[s] is not table.sides[s] for s in table.sides)


def test_a_turn_on_a_copy_keeps_every_field_of_the_turn():
    position = Position.deal("samba", ["ann", "bob", "cid", "dee"], seed=1, teams="ann+cid bob+dee")
    state: TurnState = position._current()
    for number, field in enumerate(dataclasses.fields(TurnState)):  # each field its own value
        if field.name not in ("player", "side", "hand"):
            setattr(state, field.name, object() if field.name in ("instead", "first_meld_node") else number)
    table = position._context.table.copy(state.player)
    moved = state.on(table)
    assert moved.side is table.side_of[state.player] and moved.hand is table.hands[state.player]
    for field in dataclasses.fields(TurnState):
        if field.name not in ("side", "hand"):
            assert getattr(moved, field.name) is getattr(state, field.name), field.name
