"""Classic Canasta (the Official Canasta Laws): each rule where the laws differ from Caliente, and
each option at its default and switched, with a record that keeps the rule and one that breaks it,
and the scoring.

Positions (`position` ... `turn NAME`) set up the moment a rule is about; the default one has bob
to play, nothing on the table, a discard pile of 4 5 9 (9 on top, not frozen) and scores 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from caliente_records import HANDS, assert_illegal, assert_legal, judge, position, the_rest

import arbiter

PLAYERS = ["ann", "bob", "cid", "dee"]


def tags(variant: str = "", seats: str = "ann bob cid dee", teams: str | None = "ann+cid bob+dee") -> str:
    text = '[Rules "classic"]\n' + (f'[Variant "{variant}"]\n' if variant else "") + f'[Seats "{seats}"]\n'
    return text + (f'[Teams "{teams}"]\n' if teams else "")


def classic(*turns: str, hands: dict[str, str] | None = None, variant: str = "", **kwargs: object) -> str:
    held = {**HANDS, **(hands or {})}
    return position(*turns, seats="ann bob cid dee", tags=tags(variant), hands=held, **kwargs)  # type: ignore[arg-type]


def breakdown(text: str, side: str) -> str:
    ruling = judge(text + "score ann+cid 1 bob+dee 1\n")
    [message] = [
        f.message for f in ruling.findings if f.code == "score-mismatch" and f"{side} is declared" in f.message
    ]
    return message


DEAL = """hand 1 dealer ann
deal bob 7 7 9 9 K K 5 8 J 2 X
deal cid 4 6 8 9 J Q 10 A A 5 10
deal dee 5 5 6 7 8 10 10 J Q 4 6
deal ann 4 4 6 6 8 9 Q Q A A 7
"""


# --- the table, the deal and the up card ------------------------------------------------------------


def test_four_play_in_partnerships_and_two_or_three_alone():
    assert_legal(tags() + DEAL + "up 6\nbob: draw 4, discard 4\n")
    assert_illegal(tags(teams="ann+bob cid+dee") + DEAL + "up 6\n", "seating")
    two = tags(seats="ann bob", teams=None) + (
        "hand 1 dealer ann\ndeal bob 7 7 9 9 K K 5 8 J 2 X 6 10 Q A\ndeal ann 4 4 6 6 8 9 Q Q A A 7 5 5 J J\n"
    )
    assert_legal(two + "up 6\nbob: draw 4 5, discard 4\n")  # 15 dealt, two drawn
    assert_illegal(two + "up 6\nbob: draw 4, discard 4\n", "draw-count")
    three = tags(seats="ann bob cid", teams=None) + (
        "hand 1 dealer ann\ndeal bob 7 7 9 9 K K 5 8 J 2 X 6 10\n"
        "deal cid 4 6 8 9 J Q 10 A A 5 10 7 K\ndeal ann 4 4 6 6 8 9 Q Q A A 7 5 5\n"
    )
    assert_legal(three + "up 6\nbob: draw 4, discard 4\n")  # 13 dealt, one drawn
    assert_illegal(tags(seats="ann bob cid dee eve", teams="ann+cid bob+dee+eve") + DEAL + "up 6\n", "seating")


def test_eleven_cards_are_dealt_to_four():
    short = DEAL.replace("deal ann 4 4 6 6 8 9 Q Q A A 7", "deal ann 4 4 6 6 8 9 Q Q A A")
    assert_illegal(tags() + short + "up 6\n", "deal-size", "deal ann")


def test_there_are_no_caliente_cards():
    assert_illegal(
        tags() + DEAL.replace("deal ann 4 4 6 6 8 9 Q Q A A 7", "deal ann 4 4 6 6 8 9 Q Q A A C") + "up 6\n",
        "card-count",
    )
    assert_illegal(classic("bob: caliente"), "card-not-held")


def test_a_black_three_turned_up_is_covered_without_freezing():
    text = tags() + DEAL + "up S 6\nbob: draw 4, discard 4\n"
    table = arbiter.table_after(text, hand=1, turn=0)
    assert table is not None and not table["frozen"]
    assert_illegal(tags() + DEAL + "up S\n", "up-card", "up S")


def test_a_black_three_turned_up_stays_on_top_with_the_option():
    top = tags("black-three-up=top")
    assert_legal(top + DEAL + "up S\nbob: draw 4, discard 4\n")
    assert_illegal(top + DEAL + "up S 6\n", "up-card", "up S 6")


def test_a_red_three_or_wild_turned_up_is_covered_and_freezes():
    table = arbiter.table_after(tags() + DEAL + "up B 2 6\n", hand=1, turn=0)
    assert table is not None and table["frozen"]


# --- the discard pile ------------------------------------------------------------------------------


def test_the_pile_is_frozen_against_a_side_until_its_first_meld():
    assert_legal(classic("bob: take 9 with [9 9] and [K K X], discard 5"))
    error = assert_illegal(classic("bob: take 9 with [9 2] and [K K X], discard 5"), "take-initial")
    assert error.remedy == "the discard pile is restored and bob+dee loses 50 points"
    assert "until bob+dee's first meld the discard pile is frozen against it" in error.message


def test_a_frozen_pile_and_an_unfrozen_one():
    melded = {"bob+dee": "[K K K]"}
    assert_illegal(classic("bob: take 9 with [9 2], discard 5", pile="4 2 9", tables=melded), "take-frozen")
    assert_legal(classic("bob: take 9 with [9 9], discard 5", pile="4 2 9", tables=melded))
    assert_legal(classic("bob: take 9 with [9 2], discard 5", tables=melded))
    assert_illegal(classic("bob: take 9 with [2 X], discard 5", tables=melded), "take-unfrozen")


STOP_HANDS = {"ann": "4 4 6 6 8 9 Q Q A A S", "cid": "4 6 8 9 J Q 10 A A 5 2"}
STOP_TURNS = ("ann: draw 7, discard S", "bob: draw 8, discard 9", "cid: take 9 with [9 2], discard 4")


def test_a_black_three_discarded_stops_the_next_player_only():
    blocked = classic("ann: draw 7, discard S", "bob: take S with [S S], discard 4", hands=STOP_HANDS, to_play="ann")
    assert_illegal(blocked, "take-blocked", "bob: take S")
    assert_legal(classic(*STOP_TURNS, hands=STOP_HANDS, to_play="ann", tables={"ann+cid": "[A A A]"}, pile="4 5 6"))


def test_a_black_three_discarded_freezes_the_pile_with_the_option():
    text = classic(
        *STOP_TURNS,
        hands=STOP_HANDS,
        to_play="ann",
        tables={"ann+cid": "[A A A]"},
        pile="4 5 6",
        variant="black-three-freezes",
    )
    assert_illegal(text, "take-frozen", "cid: take")


def test_a_player_holding_one_card_may_not_take_a_one_card_pile():
    tables = {"bob+dee": "[9 9 9] [K K K K K K K]"}
    text = classic("bob: take 9 onto 9, discard 4", pile="9", tables=tables, hands={"bob": "4"})
    error = assert_illegal(text, "take-one-card-pile", "bob: take")
    assert "restored and bob+dee loses 50" in error.remedy
    assert_legal(classic("bob: take 9 onto 9, discard 4", pile="5 9", tables=tables, hands={"bob": "4"}))


def test_a_wrong_take_costs_the_option():
    text = classic("bob: take 9 with [9 2] and [K K X], discard 5", variant="wrong-take-penalty=20")
    assert "loses 20" in assert_illegal(text, "take-initial").remedy


# --- melds --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "meld", "legal"),
    [
        ("", "[K K 2 2]", True),
        ("", "[K K 2 2 X]", False),
        ("wild-ratio=naturals-outnumber", "[K K 2 2]", False),
        ("wild-ratio=at-most-three", "[K K 2 2 X]", True),
        ("wild-ratio=at-most-three", "[K 2 X]", False),
    ],
)
def test_how_many_wilds_a_meld_holds(variant, meld, legal):
    hands = {"bob": "K K 2 2 X 4 5 5"}
    text = classic(f"bob: draw 4, meld {meld}, discard 4", hands=hands, variant=variant, totals="ann+cid -5 bob+dee -5")
    if legal:
        assert_legal(text)
    else:
        assert_illegal(text, "meld-wilds")


def test_the_first_meld_minimum_is_15_below_zero_and_rises_after_a_short_meld():
    assert_legal(
        classic("bob: draw 4, meld [5 5 5], discard 4", hands={"bob": "5 5 5 4 8"}, totals="ann+cid 0 bob+dee -5")
    )
    error = assert_illegal(
        classic("bob: draw 4, meld [5 5 5], discard 4", hands={"bob": "5 5 5 4 8"}), "first-meld-minimum"
    )
    assert "rises by 10" in error.remedy
    text = classic(
        "bob: draw 4, meld [5 5 5], discard 4", hands={"bob": "5 5 5 4 8"}, variant="failed-minimum-raise=20"
    )
    assert "rises by 20" in assert_illegal(text, "first-meld-minimum").remedy


def test_red_threes_are_never_melded_and_black_threes_only_going_out():
    error = assert_illegal(classic("bob: draw 4, meld [B B B], discard 4", hands={"bob": "B B B 5"}), "meld-rank")
    assert "red threes are laid beside the melds" in error.message
    tables = {"bob+dee": "[K K K]"}
    error = assert_illegal(
        classic("bob: draw 4, meld [S S 2], discard 4", hands={"bob": "S S 2 5"}, tables=tables), "stop-meld"
    )
    assert "black threes are melded only among themselves" in error.message


# --- going out ---------------------------------------------------------------------------------------


def test_concealed_going_out_is_judged_per_player_and_scores_200():
    """bob's partner has melded; bob melds his whole hand in one turn, a canasta among it."""
    hands = {"bob": "K K K K K K 5 5 5"}
    text = classic(
        "bob: draw K, meld [K K K K K K K] [5 5 5], discard 4, out",
        hands=hands,
        tables={"bob+dee": "[Q Q Q]"},
        melded="dee",
    )
    assert_illegal(text, "card-not-held")  # no 4 left to discard: a check that the hand is exact
    text = text.replace("discard 4, out", "out")
    assert "going out +100, going out concealed +100" in breakdown(text, "bob+dee")
    melded = text.replace("melded dee", "melded dee bob")
    assert "going out concealed" not in breakdown(melded, "bob+dee")


def test_concealed_going_out_and_the_minimum():
    hands = {"bob": "K K K K K K 5 5 5"}
    text = classic("bob: draw K, meld [K K K K K K K] [5 5 5], out", hands=hands, totals="ann+cid 3000 bob+dee 3000")
    assert_illegal(text, "first-meld-minimum")  # 85 of 120
    assert_legal(text.replace("[Seats", '[Variant "concealed-waives-minimum"]\n[Seats'))


def test_a_concealed_going_out_with_a_discard_with_the_option_off():
    hands = {"bob": "K K K K K K 5 5 5 4"}
    text = classic("bob: draw K, meld [K K K K K K K] [5 5 5], discard 4, out", hands=hands)
    assert "going out concealed" in breakdown(text, "bob+dee")
    off = text.replace("[Seats", '[Variant "concealed-allows-discard=no"]\n[Seats')
    assert "going out concealed" not in breakdown(off, "bob+dee")


def test_going_out_needs_a_canasta():
    hands = {"bob": "7 7 7 5 5 5"}
    text = classic("bob: draw 7, meld [7 7 7 7] [5 5 5], out", hands=hands, tables={"bob+dee": "[K K K]"})
    assert_illegal(text, "go-out-canasta")
    assert_legal(
        classic("bob: draw 7, meld [7 7 7 7] [5 5 5], out", hands=hands, tables={"bob+dee": "[K K K K K K K]"})
    )
    two = text.replace("[K K K]", "[K K K K K K K]").replace("[Seats", '[Variant "canastas-to-go-out=2"]\n[Seats')
    assert_illegal(two, "go-out-canasta")


def test_asking_to_go_out_binds_and_costs_the_permission_penalty():
    hands = {"bob": "7 7 7 5 5 5"}
    text = classic(
        "bob: draw 7, ask no, meld [7 7 7 7] [5 5 5], out", hands=hands, tables={"bob+dee": "[K K K K K K K]"}
    )
    assert "loses 100" in assert_illegal(text, "go-out-permission").remedy
    cheaper = text.replace("[Seats", '[Variant "permission-penalty=30"]\n[Seats')
    assert "loses 30" in assert_illegal(cheaper, "go-out-permission").remedy


# --- the exhausted stock -------------------------------------------------------------------------


def exhausted(*turns: str, tables: dict[str, str], pile: str, bob: str, variant: str = "") -> str:
    hands = the_rest(PLAYERS, *tables.values(), pile, hands={"bob": bob})
    return classic(*turns, hands=hands, tables=tables, pile=pile, stock="0 cards", variant=variant)


def test_on_an_exhausted_stock_a_fitting_up_card_is_taken_with_the_whole_pile():
    tables = {"bob+dee": "[9 9 9] B B B B"}
    assert_illegal(exhausted("bob: pass", tables=tables, pile="4 5 9", bob="X 6"), "forced-take")
    text = exhausted("bob: take 9 onto 9, discard X", tables=tables, pile="4 5 9", bob="X 6")
    assert_legal(text)
    table = arbiter.table_after(text, hand=3, turn=1)
    assert table is not None and table["pile"] == ["X"]
    assert_legal(exhausted("bob: pass", tables=tables, pile="9", bob="6"))  # one card each: not forced


def test_a_red_three_drawn_last_ends_the_hand():
    hands = the_rest(PLAYERS, "[K K K]", "4 5 9", "B", hands={"bob": "9 9 6 6 6"})
    head = {"hands": hands, "tables": {"bob+dee": "[K K K]"}, "stock": "B"}
    assert_legal(classic("bob: draw B, bonus B", **head))  # type: ignore[arg-type]
    assert_illegal(classic("bob: draw B, meld [6 6 6], bonus B", **head), "last-bonus")  # type: ignore[arg-type]
    assert_illegal(classic("bob: draw B, bonus B, discard 6", **head), "last-bonus")  # type: ignore[arg-type]
    assert_legal(classic("bob: draw B, meld [6 6 6], bonus B", variant="last-red-three-melds", **head))  # type: ignore[arg-type]


# --- scoring ---------------------------------------------------------------------------------------


def test_red_threes_score_and_count_against_a_side_with_no_meld():
    tables = {"bob+dee": "[K K K K K K K] B B B B", "ann+cid": ""}
    text = classic("bob: draw 7, meld [7 7 7], out", hands={"bob": "7 7"}, tables=tables)
    assert "4 red threes +800" in breakdown(text, "bob+dee")
    text = classic(
        "bob: draw 7, meld [7 7 7], out", hands={"bob": "7 7"}, tables={"bob+dee": "[K K K K K K K]", "ann+cid": "B B"}
    )
    assert "2 red threes, counted against a side that has not melded -200" in breakdown(text, "ann+cid")


def test_a_red_three_left_in_hand_costs_500_or_the_option():
    tables = {"bob+dee": "[K K K K K K K]"}
    text = classic("bob: draw 7, meld [7 7 7], out", hands={"bob": "7 7", "ann": "B 4"}, tables=tables)
    ruling = judge(text)
    assert [(f.code, f.message) for f in ruling.findings] == [
        ("bonus-in-hand", "ann ends the hand holding one red three, which costs 500 points each")
    ]
    assert "left in ann's hand (4 B) -505" in breakdown(text, "ann+cid")
    cheaper = text.replace("[Seats", '[Variant "red-three-in-hand-penalty=100"]\n[Seats')
    assert "left in ann's hand (4 B) -105" in breakdown(cheaper, "ann+cid")


def test_the_game_ends_at_5000_or_the_target():
    ended = classic("bob: draw 4, discard 4", totals="ann+cid 5000 bob+dee 100")
    assert_illegal(ended, "game-over")
    assert_legal(ended.replace("[Seats", '[Variant "target=8000"]\n[Seats'))


def test_messages_use_the_classic_names():
    error = assert_illegal(classic("bob: take 9 with [9 9], discard 5", pile="4 5 X"), "take-blocked")
    assert error.message == "joker (X) is on top of the discard pile: nobody may take it now"


# --- the samples -----------------------------------------------------------------------------------

SAMPLES = Path(__file__).parent.parent / "samples"
ILLEGAL = {
    "first-take-with-a-wild": ("take-initial", 20, "restored and bob+dee loses 50"),
    "meld-with-three-wilds": ("meld-wilds", 19, None),
}


def test_the_whole_four_hand_sample_is_valid_with_its_declared_score():
    [ruling] = arbiter.check((SAMPLES / "classic-full-hand.acn").read_text(encoding="utf-8"))
    assert ruling.rules == "classic" and ruling.verdict == "valid" and not ruling.findings
    assert ruling.hands[0].scores == {"ann+cid": 940, "bob+dee": -10}


def test_every_illegal_classic_sample_has_its_expected_ruling():
    assert sorted(p.name for p in SAMPLES.glob("classic-illegal-*")) == sorted(
        f"classic-illegal-{n}.acn" for n in ILLEGAL
    )


@pytest.mark.parametrize("name", ILLEGAL)
def test_an_illegal_classic_sample_is_judged_illegal_by_the_rule_it_shows(name):
    code, line, remedy = ILLEGAL[name]
    text = (SAMPLES / f"classic-illegal-{name}.acn").read_text(encoding="utf-8")
    assert text.startswith("; Dispute: ")
    [ruling] = arbiter.check(text)
    first = next(f for f in ruling.findings if f.is_error)
    assert ruling.verdict == "illegal" and (first.code, first.line) == (code, line), first.message
    assert (first.remedy is None) if remedy is None else (remedy in (first.remedy or "")), first.remedy
