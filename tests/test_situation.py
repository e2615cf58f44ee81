"""The situation of a dispute, laid out card by card (arbiter/positions/situation.py): the record it writes
parses, stands for the same table, and a ruling's table before the disputed move comes back whole."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

import arbiter
from arbiter.notation import parse
from arbiter.positions.situation import PLAUSIBLE_HAND_FACTOR, Situation

SAMPLES = Path(__file__).parent.parent / "samples"


def protest() -> Situation:
    """docs/notation.md's example position: was ann allowed to take the frozen pile with two 9s?"""
    return Situation(
        rules="caliente",
        seats=["ann", "bob", "cid", "dee"],
        teams="ann+cid bob+dee",
        hand=3,
        hands={
            "ann": ["4", "4", "9", "9", "K", "Q"],
            "bob": ["5", "6", "7", "8", "10", "J"],
            "cid": ["5", "5", "A", "A", "2", "S", "10"],
            "dee": ["6", "6", "8", "J", "Q", "K"],
        },
        melds={
            "ann+cid": [["7", "7", "7", "7", "2"], ["J", "J", "J"]],
            "bob+dee": [["10"] * 6 + ["X"], ["4", "4", "2"]],
        },
        laid={"ann+cid": ["B"]},
        pile=["8", "Q", "5", "2", "9"],
        turn="ann",
        totals={"ann+cid": 1620, "bob+dee": 980},
        melded=["ann", "cid", "bob", "dee"],
        move="take 9 with [9 9], discard 4",
    )


def test_the_written_record_parses_without_a_finding():
    games = list(parse(protest().record()))
    assert len(games) == 1 and games[0].findings == []


def test_the_written_position_is_the_table_the_player_laid_out():
    situation = protest()
    table = situation.position().table
    assert table["hands"] == {p: sorted(c, key=arbiter.cards.ORDER.__getitem__) for p, c in situation.hands.items()}
    assert table["melds"] == situation.melds
    assert table["laid"] == {"ann+cid": ["B"], "bob+dee": []}
    assert table["pile"] == situation.pile
    assert table["scores"] == situation.totals
    assert situation.position().to_play == "ann"


def test_the_disputed_move_is_judged_as_arbiter_check_judges_the_record():
    (game,) = list(arbiter.check(protest().record()))
    position = protest().position()
    finding = position.explain("take 9 with [9 9]")
    assert [f.code for f in game.findings if f.is_error][:1] == ([finding.code] if finding else [])


def test_a_legal_move_gives_a_clean_ruling():
    situation = protest()
    situation.move = "draw 7, discard 4"
    (game,) = list(arbiter.check(situation.record()))
    assert game.errors == 0


def test_more_cards_of_a_kind_than_the_packs_hold_is_reported_in_words():
    situation = protest()
    situation.hands["bob"] += ["9"] * 7
    assert any("10 cards 9 on this table" in p and "only 8" in p for p in situation.problems())


def test_a_laid_out_table_that_adds_up_has_no_problems():
    assert protest().problems() == []


def test_an_implausibly_big_hand_is_reported():
    situation = protest()
    situation.hands["dee"] = ["5"] * (11 * PLAUSIBLE_HAND_FACTOR + 1)
    assert any("dee holds" in p for p in situation.problems())


def test_a_foot_of_the_wrong_size_is_reported():
    situation = Situation(
        rules="hand-and-foot", seats=["ann", "bob", "cid", "dee"], teams="ann+cid bob+dee", turn="ann"
    )
    situation.feet["ann"] = ["5", "6"]
    assert any("ann's Foot has 2 cards" in p for p in situation.problems())


def test_seats_the_family_does_not_play_are_a_problem_not_a_traceback():
    situation = Situation(rules="caliente", seats=["ann"], turn="ann")
    assert situation.problems() and "not 1" in situation.problems()[0]


def test_a_card_that_is_not_a_card_is_named():
    situation = protest()
    situation.pile.append("Z")
    assert any("'Z' is not a card" in p for p in situation.problems())


def test_options_are_written_in_the_variant_tag():
    situation = protest()
    situation.options = {"always-frozen": True}
    assert '[Variant "always-frozen"]' in situation.record()


HAND_HISTORY = {
    "modern-american-illegal-forgotten-three-laid-where-it-is-kept.acn",  # a three forgotten at an earlier turn
    "modern-american-illegal-second-ask-by-the-partner.acn",  # the partner's ask earlier this hand
    "modern-american-illegal-talon-not-the-pile-dealt-aside.acn",  # the talons dealt aside at the deal
}
"""Samples whose ruling rests on what happened earlier in the hand, which a table set up as it
stands (hands, melds, pile, stock) does not say: a position states no ask made, no three
forgotten, no talon dealt aside."""


@functools.cache
def disputed_samples() -> tuple[tuple[str, int, int, str], ...]:
    """The illegal samples whose first error is on a turn, and rests on the table as it stands:
    (file, hand, turn, code). Judged once a process: the parameters and a test ask for it."""
    found = []
    for path in sorted(p for p in SAMPLES.glob("*-illegal-*.acn") if p.name not in HAND_HISTORY):
        game = next(iter(arbiter.check(path.read_text(encoding="utf-8"))))
        first = next(f for f in game.findings if f.is_error)
        if first.hand and first.turn:
            found.append((path.name, first.hand, first.turn, first.code))
    return tuple(found)


def test_most_illegal_samples_have_a_disputed_turn():
    assert len(disputed_samples()) >= 15


@pytest.mark.parametrize(("sample", "hand", "turn", "code"), disputed_samples())
def test_the_table_before_a_disputed_turn_gives_the_same_ruling(sample, hand, turn, code):
    situation = Situation.before((SAMPLES / sample).read_text(encoding="utf-8"), hand=hand, turn=turn)
    (again,) = list(arbiter.check(situation.record()))
    assert next(f for f in again.findings if f.is_error).code == code


@pytest.mark.parametrize(
    ("sample", "hand", "turn"),
    [("caliente-5-players.acn", 1, 3), ("caliente-5-players.acn", 2, 1), ("caliente-6-players.acn", 1, 2)],
)
def test_a_table_with_players_sitting_out_is_rebuilt_as_it_was(sample, hand, turn):
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    situation = Situation.before(text, hand=hand, turn=turn)
    stated = parse(text)
    sitting_out = next(iter(stated)).game.hands[hand - 1].start.sitting_out
    assert sitting_out and situation.sitting_out == list(sitting_out)
    written = situation.record()
    assert any(
        line.startswith(f"hand {hand} ") and line.endswith(f" sitout {' '.join(sitting_out)}")
        for line in written.splitlines()
    )
    [ruling] = arbiter.check(written)
    assert str(ruling.verdict) == "valid", [f.message for f in ruling.findings]
    before = arbiter.Position.from_record(text, hand=hand, turn=turn)
    assert situation.position().table == before.table and situation.position().to_play == before.to_play


def test_seats_given_as_one_string_are_said_to_be_so_not_a_player_named_twice():
    import arbiter

    with pytest.raises(arbiter.UsageError, match=r"a list of names.*not one string 'ann bob cid dee'"):
        arbiter.Position.deal("caliente", "ann bob cid dee", seed=1, teams="ann+cid bob+dee")  # type: ignore[arg-type]
    table = Situation(rules="hoyle", seats="ann bob", turn="ann")  # type: ignore[arg-type]
    (problem,) = table.problems()
    assert "not one string 'ann bob'" in problem and "named twice" not in problem
