"""A position and `arbiter check` agree at the two kinds of moment where they once split
(issue 47): a turn ends only where its player ends it, and an action after which no
continuation of the turn is legal is illegal when it is made, with the code `check` gives and
at the step of the turn `check`'s finding names (`Finding.action`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import arbiter
from arbiter import IllegalAction, Position

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

# Ann, short of the second canasta Hoyle asks to go out, draws a 7, melds three 7s and adds two
# Kings, and is left with one card: she keeps it ("passes the discard").
HOYLE = """[Rules "hoyle"]
[Seats "ann bob"]

hand 3 dealer bob
position
hold ann 7 7 K K 9
hold bob 4 4 6 6 8 9 10 10 A A 7 5 5 J J
table ann [Q Q Q Q Q Q Q] [K K K]
pile 4 5 6
stock 75 cards
melded ann
turn ann
"""

KEPT = "draw 7, meld [7 7 7], add [K K] to K"


def first_error(record: str) -> arbiter.Finding:
    (ruling,) = arbiter.check(record)
    return next(f for f in ruling.findings if f.is_error)


def at_start(record: str) -> Position:
    return Position.from_record(record, hand=3 if "hand 3" in record else 1, turn=1)


def test_a_player_who_cannot_go_out_keeps_her_last_card_and_the_turn_goes_on():
    position = at_start(HOYLE)
    position.push(KEPT)
    assert position.to_play == "ann" and position.turn == 1
    assert [str(move) for move in position.legal_actions()] == ["end"]
    position.end_turn()
    assert position.to_play == "bob" and position.turn == 2
    assert position.record().endswith(f"ann: {KEPT}\n")
    (ruling,) = arbiter.check(position.record())
    assert str(ruling.verdict) == "valid"


def test_a_discard_after_the_kept_card_is_the_same_players_and_check_agrees():
    position = at_start(HOYLE)
    position.push(KEPT)
    finding = position.explain("discard 9")
    expected = first_error(HOYLE + f"ann: {KEPT}, discard 9\n")
    assert (
        (finding.code, finding.player, finding.action)
        == (expected.code, "ann", expected.action)
        == (
            "go-out-canasta",
            "ann",
            3,
        )
    )
    assert finding.alternatives == expected.alternatives == ("end",)


def test_a_second_draw_written_after_the_kept_card_is_illegal_as_check_says():
    position = at_start(HOYLE)
    line = f"{KEPT}, draw 4"
    expected = first_error(HOYLE + f"ann: {line}\n")
    assert not position.is_legal(line)
    finding = position.explain(line)
    assert (finding.code, finding.action) == (expected.code, expected.action) == ("draw-count", 3)
    with pytest.raises(IllegalAction):
        position.push(line)
    assert position.turn_actions == [] and position.to_play == "ann"  # nothing changed


def test_a_turn_line_that_stops_short_of_its_discard_is_refused_at_its_end():
    position = at_start(HOYLE)
    position.push("draw 8, add [K] to K")  # four cards left: a discard is due
    assert "end" not in [str(move) for move in position.legal_actions()]
    expected = first_error(HOYLE + "ann: draw 8, add [K] to K\n")
    with pytest.raises(IllegalAction) as refused:
        position.end_turn()
    finding = refused.value.finding
    assert (finding.code, finding.action) == (expected.code, expected.action) == ("discard", 2)


# Black threes (Hoyle, the classic game) and Stop cards (Caliente) are melded only by a player
# going out: melded by one who cannot go out this turn, every continuation is illegal.
STOPS = {
    "hoyle": HOYLE.replace("hold ann 7 7 K K 9", "hold ann S S S 5 9").replace(" [K K K]", "").replace("75", "78"),
    "classic": """[Rules "classic"]
[Seats "ann bob cid dee"]

hand 1 dealer dee
position
hold ann S S S 5 9 J
hold bob 4 4 6
hold cid 4 5 6
hold dee 4 5 7
table ann+cid [Q Q Q]
pile 4 5 6
melded ann
turn ann
""",
}
STOPS["caliente"] = STOPS["classic"].replace('"classic"', '"caliente"')


@pytest.mark.parametrize("rules", list(STOPS))
def test_stop_cards_melded_by_a_player_who_cannot_go_out_are_refused_when_melded(rules):
    record = STOPS[rules]
    position = at_start(record)
    position.push("draw 8")
    expected = first_error(record + "ann: draw 8, meld [S S S], discard 9\n")
    assert not position.is_legal("meld [S S S]")
    assert "meld [S S S]" not in [str(move) for move in position.legal_actions()]
    finding = position.explain("meld [S S S]")
    assert (finding.code, finding.action) == (expected.code, expected.action) == ("stop-meld", 1)
    assert set(finding.alternatives) <= {str(move) for move in position.legal_actions()}
    with pytest.raises(IllegalAction):
        position.push("meld [S S S]")


DRAW = {"caliente": "draw 8", "classic": "draw 8", "samba": "draw 8 7", "hand-and-foot": "draw 8 7"}


@pytest.mark.parametrize("rules", list(DRAW))
def test_a_yes_to_going_out_that_the_player_cannot_go_out_after_is_refused_when_asked(rules):
    record = (
        STOPS["classic"].replace('"classic"', f'"{rules}"').replace("hold ann S S S 5 9 J", "hold ann 4 5 9 J 10 10")
    )
    position = at_start(record)
    position.push(DRAW[rules])
    expected = first_error(record + f"ann: {DRAW[rules]}, ask yes, discard 9\n")
    finding = position.explain("ask yes")
    assert (finding.code, finding.action) == (expected.code, expected.action) == ("go-out-permission", 1)
    assert position.is_legal("ask no") and "ask yes" not in [str(move) for move in position.legal_actions()]


def test_a_meld_that_lays_the_last_card_without_the_canastas_is_illegal_when_made():
    record = STOPS["classic"].replace('"classic"', '"samba"').replace("hold ann S S S 5 9 J", "hold ann J J")
    line = "draw J 9, meld [J J J], discard 9"  # the 9 discarded would be her last card
    expected = first_error(record + f"ann: {line}\n")
    assert (expected.code, expected.action) == ("go-out-canasta", 1)
    finding = at_start(record).explain(line)  # the whole piece
    assert (finding.code, finding.action, finding.alternatives) == (
        expected.code,
        expected.action,
        expected.alternatives,
    )
    position = at_start(record)
    position.push("draw J 9")
    finding = position.explain("meld [J J J]")  # action by action
    assert (finding.code, finding.action) == (expected.code, expected.action)


def test_a_short_first_meld_is_placed_where_the_melds_that_reach_the_minimum_were_allowed():
    text = (SAMPLES / "caliente-illegal-short-first-meld.acn").read_text()
    expected = first_error(text)
    position = Position.from_record(text, hand=expected.hand, turn=expected.turn)
    position.push("draw 9")
    position.push("meld [5 5 5]")  # more melds could still reach the minimum this turn
    finding = position.explain("discard 4")
    assert (finding.code, finding.action) == (expected.code, expected.action) == ("first-meld-minimum", 2)
    assert finding.alternatives == expected.alternatives


def test_every_finding_on_a_move_of_a_sample_names_its_step_in_json():
    for path in sorted(SAMPLES.glob("*-illegal-*.acn")):
        (ruling,) = arbiter.check(path.read_text())
        for finding in ruling.findings:
            data = finding.to_dict()
            assert ("action" in data) == (finding.alternatives_total is not None), (path, finding.code)


def test_a_position_refuses_what_is_not_an_action_with_a_clear_error():
    position = at_start(HOYLE)
    with pytest.raises(arbiter.NotARecord, match="not NoneType"):
        position.push(None)  # type: ignore[arg-type]


def test_every_error_the_library_raises_has_one_base():
    assert issubclass(arbiter.PositionError, arbiter.ArbiterError)
    assert issubclass(arbiter.IllegalAction, arbiter.ArbiterError)
    assert issubclass(arbiter.UsageError, arbiter.ArbiterError)
    assert issubclass(arbiter.NotationError, arbiter.ArbiterError)
    with pytest.raises(arbiter.ArbiterError):
        list(arbiter.check(HOYLE, rules="no-such-family"))


def test_check_reads_a_path_as_the_record_it_names_and_refuses_what_is_no_record():
    path = SAMPLES / "hoyle-opening.acn"
    assert [r.to_dict() for r in arbiter.check(path)] == [r.to_dict() for r in arbiter.check(path.read_text())]
    with pytest.raises(TypeError, match="not int"):
        arbiter.check(3)  # type: ignore[arg-type]
