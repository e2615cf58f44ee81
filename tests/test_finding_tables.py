"""A finding's table is the position the offending action was played from: every earlier action of
the same turn applied, nothing of the offending one.

The check needs no knowledge of any rule: cut the turn line just before the offending action and
judge that record instead. Its turn now stops early, so the end of the turn finds something wrong
(no discard, no draw ...), and the end of a turn changes nothing: its table is the position the
cut-off action started from (or, when the cut turn is complete, the table after it). Both tables
must be the same. An error on a turn's first action shows the table the turn began with.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from test_golden import mutant_records

import arbiter
from arbiter.rules.codes import ENGINE

SAMPLES = Path(__file__).parent.parent / "samples"


def first_error(text: str):  # type: ignore[no-untyped-def]
    ruling = next(iter(arbiter.check(text)))
    return next((f for f in ruling.findings if f.is_error and f.table is not None), None)


def cut_before(text: str, line: int, column: int) -> str | None:
    """The record with turn line `line` cut just before the action holding `column` (a finding
    may point inside it, at one of its melds); None if that action is the turn's first."""
    lines = text.splitlines()
    turn = lines[line - 1]
    match = re.match(r"\s*[a-z]+:\s*", turn)
    comma = turn.rfind(",", 0, column - 1)  # where the action holding the column starts
    if match is None or comma < match.end():
        return None
    head = turn[:comma]
    return "\n".join([*lines[: line - 1], head, *lines[line:]]) + "\n"


@functools.cache
def cases() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Per code, the planted errors whose first illegal action comes after an earlier action of its
    turn, and those where it is the turn's first action."""
    later: dict[str, list[str]] = {}
    first: dict[str, list[str]] = {}
    for _, text in mutant_records():
        finding = first_error(text)
        if finding is None or finding.turn is None:
            continue
        cut = cut_before(text, finding.line, finding.column)
        (later if cut is not None else first).setdefault(finding.code, []).append(text)
    return later, first


# The codes the planted errors raise after an earlier action of the same turn, and as the turn's
# first action (tests/test_golden.py plants them); more would be welcome.
LATER = (
    "bonus-discard",
    "caliente-card",
    "caliente-refill",
    "card-not-held",
    "discard",
    "draw-count",
    "meld-rank",
    "meld-unknown",
    "out-marker",
    "pass",
    "stock-order",
)
FIRST = ("card-count", "card-not-held", "caliente-card", "draw-count", "draw-first", "stock-order", "take-up-card")


@pytest.mark.parametrize("code", LATER)
def test_a_finding_shows_the_table_with_the_earlier_actions_of_its_turn(code):
    assert code in ENGINE
    records = cases()[0].get(code, [])
    assert records, f"no planted error raises {code} after an earlier action"
    for text in records[:5]:
        finding = first_error(text)
        cut = cut_before(text, finding.line, finding.column)
        assert cut is not None
        before = first_error(cut)
        if before is None:  # the turn was complete without it (a second discard, say)
            table = arbiter.table_after(cut, hand=finding.hand, turn=finding.turn)
        else:
            assert before.line == finding.line, text
            table = before.table
        assert finding.table == table, text


@pytest.mark.parametrize("code", FIRST)
def test_a_finding_on_a_turns_first_action_shows_the_table_the_turn_began_with(code):
    assert code in ENGINE
    records = cases()[1].get(code, [])
    assert records, f"no planted error raises {code} as a turn's first action"
    for text in records[:5]:
        finding = first_error(text)
        assert finding.table == arbiter.table_after(text, hand=finding.hand, turn=finding.turn - 1), text


def test_a_take_refused_for_its_minimum_shows_the_pile_still_there():
    """bob's first meld is worth 10 + 20 + 15 = 45 with only two 10s: under the 50 needed, so the
    take is refused, and the table is the one bob found: the 10 still on the pile, his cards in hand."""
    text = (SAMPLES / "caliente-scoring-example.acn").read_text(encoding="utf-8")
    text = text.replace("bob: take 10 with [10 10 10 10] and [5 5 5]", "bob: take 10 with [10 10] and [5 5 5]")
    ruling = next(iter(arbiter.check(text)))
    (finding,) = [f for f in ruling.findings if f.is_error]
    assert finding.code == "take-initial"
    assert finding.table["pile"] == ["X", "10"]
    assert finding.table["melds"]["bob+dee"] == []
    assert finding.table["hands"]["bob"].count("10") == 4
    assert finding.table == arbiter.table_after(text, hand=1, turn=0)


# --- the table, the alternatives and the "when": one moment -------------------------------------

SAMPLE_RECORDS = sorted(SAMPLES.glob("*.acn"))


def moment(text: str, found, game: int):  # type: ignore[no-untyped-def]
    """A position pushed to the moment a finding names: its turn begun, and each action of the
    turn before the one the finding is on (`Finding.action`) played (the `out` that only states
    how a turn ended is not a step of it)."""
    from arbiter.notation.records import GoOut

    parsed = list(arbiter.read_games(text))[game - 1]
    hand = next(h for h in parsed.game.hands if h.number == found.hand)
    position = arbiter.Position.from_record(text, hand=found.hand, turn=found.turn, game=game)
    for action in [a for a in hand.turns[found.turn - 1].actions[: found.action] if type(a) is not GoOut]:
        position.push(action)
    return position


@pytest.mark.parametrize("path", SAMPLE_RECORDS, ids=lambda p: p.stem)
def test_every_alternative_of_a_finding_is_legal_on_the_table_the_finding_shows(path):
    text = path.read_text(encoding="utf-8")
    for ruling in arbiter.check(text):
        for found in ruling.findings:
            if found.alternatives_total is None:
                continue
            position = moment(text, found, ruling.index)
            assert position.table == found.table, (found.code, found.message)
            assert position.over or position.to_play == found.player
            for alternative in found.alternatives:
                assert position.is_legal(alternative), (found.code, alternative)


def test_a_going_out_short_of_a_canasta_shows_the_hand_before_the_meld_that_left_no_legal_end():
    """bob melds his three Queens and discards his last card without a canasta: the finding is on
    the meld, after which no end was legal, so its table shows bob with the Queens and the 4 still
    in hand and the pile as he found it, the moment at which `discard Q` is offered."""
    (ruling,) = arbiter.check((SAMPLES / "caliente-illegal-going-out-without-canasta.acn").read_text())
    (found,) = [f for f in ruling.findings if f.is_error]
    assert found.code == "go-out-canasta" and found.action == 1 and "discard Q" in found.alternatives
    assert sorted(found.table["hands"]["bob"]) == ["4", "Q", "Q", "Q"]
    assert found.table["melds"]["bob+dee"] == [["K", "K", "K"], ["9", "9", "9", "9", "9"]]
    assert found.table["pile"] == ["4", "5", "6"]


def test_a_position_explaining_a_piece_of_a_turn_shows_the_table_of_the_step_it_refuses():
    """The same turn pushed whole to a position: the finding is on the meld, and its table is the
    one after the draw, as `arbiter check` shows it."""
    text = (SAMPLES / "caliente-illegal-going-out-without-canasta.acn").read_text()
    position = arbiter.Position.from_record(text, hand=3, turn=1)
    found = position.explain("draw 4, meld [Q Q Q], discard 4")
    assert found is not None and found.code == "go-out-canasta" and found.action == 1
    position.push("draw 4")
    assert found.table == position.table
    assert all(position.is_legal(alternative) for alternative in found.alternatives)
