"""The library speaks in types (issue 47): the table is one frozen, typed view everywhere it is
shown, printing as the JSON it always was."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from test_turn_ends_and_dead_ends import HOYLE

import arbiter
from arbiter import Position, TableView
from arbiter.positions.frames import replay
from arbiter_web.storage.stored import finding_from_dict

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

CANASTA_ON_THE_TABLE = HOYLE  # Ann's Queens are a canasta; her Kings are not yet


def test_a_positions_table_names_each_melds_kind_and_canasta():
    table = Position.from_record(CANASTA_ON_THE_TABLE, hand=3, turn=1).table
    assert isinstance(table, TableView)
    queens, kings = table.melds["ann"]
    assert (queens.kind, queens.canasta, len(queens)) == ("group", "natural canasta", 7)
    assert (kings.kind, kings.canasta, list(kings)) == ("group", None, ["K", "K", "K"])
    assert (table.pile, table.frozen, table.stock, table.scores) == (("4", "5", "6"), False, 75, {"ann": 0, "bob": 0})
    assert table.hands["ann"] == ("7", "7", "9", "K", "K") and table.feet is None


def test_the_table_prints_as_the_json_it_always_was_and_cannot_be_changed():
    table = Position.from_record(CANASTA_ON_THE_TABLE, hand=3, turn=1).table
    assert json.dumps(table) == json.dumps(table.to_dict())
    assert table["melds"]["ann"] == [["Q"] * 7, ["K", "K", "K"]]
    with pytest.raises(TypeError):
        table["stock"] = 0
    changed = table.to_dict()
    changed["stock"] = 0
    assert table.stock == 75
    assert pickle.loads(pickle.dumps(table)) == table


def test_findings_frames_and_kept_rulings_carry_the_same_view():
    text = (SAMPLES / "caliente-illegal-short-first-meld.acn").read_text()
    (ruling,) = arbiter.check(text)
    finding = next(f for f in ruling.findings if f.table is not None)
    assert isinstance(finding.table, TableView)
    assert isinstance(finding_from_dict(finding.to_dict()).table, TableView)
    assert finding_from_dict(finding.to_dict()).table == finding.table
    frames = [frame for hand in replay(text).hands for frame in hand.frames]
    assert frames and all(isinstance(frame.table, TableView) for frame in frames)
    assert isinstance(arbiter.table_after(text, 1, 0), TableView)


def test_a_legal_action_is_its_notation_read_once():
    position = Position.from_record(CANASTA_ON_THE_TABLE, hand=3, turn=1)
    moves = position.legal_actions()
    assert moves and all(isinstance(move, arbiter.Action) and isinstance(move, str) for move in moves)
    move = moves[0]
    assert move == str(move) == move.text and move.kind == "draw" and type(move.step).__name__ == "Draw"
    assert pickle.loads(pickle.dumps(move)).step == move.step
    (draw, meld) = arbiter.Action.read("draw 7, meld [7 7 7]")
    assert (draw.kind, meld.kind, str(meld)) == ("draw", "meld", "meld [7 7 7]")
    position.push(draw)
    assert position.turn_actions == ["draw 7"] and isinstance(position.turn_actions[0], arbiter.Action)
    assert arbiter.Move is arbiter.Action


def test_the_alternatives_are_actions_said_from_the_step_they_were_read_as():
    from arbiter.judging.allowed import in_words

    text = (SAMPLES / "caliente-illegal-frozen-pile-taken-with-wild.acn").read_text()
    (ruling,) = arbiter.check(text)
    (finding,) = ruling.findings
    assert all(isinstance(action, arbiter.Action) for action in finding.alternatives)
    assert in_words(finding.alternatives[0]) == "take the pile with the up card 9 and 9 9 from the hand"
    kept = finding_from_dict(finding.to_dict())
    assert kept.alternatives == finding.alternatives
    assert all(isinstance(action, arbiter.Action) for action in kept.alternatives)


def test_every_way_to_a_moment_of_a_record_shows_the_same_table():
    text = (SAMPLES / "caliente-scoring-example.acn").read_text()
    (hand,) = replay(text).hands
    for frame in hand.frames:
        position = Position.from_record(text, hand=hand.number, turn=frame.turn + 1)
        assert frame.table == position.table == arbiter.table_after(text, hand.number, frame.turn)


def test_an_action_is_read_from_its_text_or_made_from_its_step():
    assert arbiter.Action("draw 7") == "draw 7" and arbiter.Action("end").kind == "end"
    with pytest.raises(arbiter.NotationError):
        arbiter.Action("draw 7, discard 4")
