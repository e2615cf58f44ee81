"""Each project default of Canasta Caliente (docs/rules/caliente.md, "Where the rule books are
silent or disagree") as the arbiter applies it, and the option that switches it."""

from __future__ import annotations

from caliente_records import TAGS, assert_illegal, assert_legal, judge, position

import arbiter

CANASTA = {"bob+dee": "[K K K K K K K]"}


def variant(options: str) -> str:
    return f'[Variant "{options}"]\n'


def test_a_stop_card_turned_up_is_covered_without_freezing_unless_the_option_says_so():
    deal = TAGS + (
        "hand 1 dealer ann\n"
        "deal ann 4 4 6 6 8 9 Q Q A A S\n"
        "deal bob 10 10 10 10 5 5 5 8 K 9 4\n"
        "deal cid 4 6 8 9 9 J Q K K A S\n"
        "deal dee 10 10 10 7 7 7 5 5 5 J 7\n"
        "up S 6\n"
    )
    assert arbiter.table_after(deal, 1)["frozen"] is False  # type: ignore[index]
    assert arbiter.table_after(deal, 1, options={"stop-up-card-freezes": True})["frozen"] is True  # type: ignore[index]


# bob goes out concealed: seven 4s (35 points, short of the 50 a first meld needs) and a discard
CONCEALED = {
    "bob": "4 4 4 4 4 4 4",
    "ann": "6 6 8 9 Q Q A A 7 J K",
    "cid": "6 8 9 J Q 10 A A 10 K K",
    "dee": "5 5 6 7 8 10 10 J Q 6 7",
}
GO_OUT_CONCEALED = "bob: draw 9, meld [4 4 4 4 4 4 4], discard 9"


def test_going_out_concealed_still_needs_the_first_meld_minimum_unless_waived():
    assert_illegal(position(GO_OUT_CONCEALED, hands=CONCEALED, melded=""), "first-meld-minimum", "bob:")
    waived = position(GO_OUT_CONCEALED, hands=CONCEALED, melded="", tags=variant("concealed-waives-minimum"))
    assert_legal(waived)


def test_a_concealed_going_out_may_end_with_a_discard_unless_the_option_says_not():
    waived = "concealed-waives-minimum"
    with_discard = judge(position(GO_OUT_CONCEALED, hands=CONCEALED, melded="", tags=variant(waived)))
    without = judge(
        position(GO_OUT_CONCEALED, hands=CONCEALED, melded="", tags=variant(f"{waived} concealed-allows-discard=no"))
    )
    # seven 4s 35, natural canasta 500, going out 100, and 100 more concealed, less dee's cards
    assert with_discard.hands[0].scores["bob+dee"] == without.hands[0].scores["bob+dee"] + 100


def going_out(turn: str, options: str = "") -> str:
    return position(turn, hands={"bob": "K"}, tables=CANASTA, tags=variant(options) if options else "")


def test_breaking_the_partners_answer_costs_100_or_the_options_penalty():
    turn = "bob: draw 4, ask no, add [K] to K, discard 4"
    assert assert_illegal(going_out(turn), "go-out-permission").remedy == "bob+dee loses 100 points"
    error = assert_illegal(going_out(turn, "permission-penalty=250"), "go-out-permission")
    assert error.remedy == "bob+dee loses 250 points"


def test_a_short_first_meld_raises_the_minimum_by_10_or_the_options_raise():
    turn = "bob: draw 4, meld [7 7 2], discard 4"
    assert "rises by 10" in assert_illegal(position(turn), "first-meld-minimum").remedy
    error = assert_illegal(position(turn, tags=variant("failed-minimum-raise=30")), "first-meld-minimum")
    assert "rises by 30" in error.remedy


def test_below_zero_any_meld_will_do_unless_the_option_sets_a_minimum():
    turn = "bob: draw 4, meld [7 7 2], discard 4"  # 30 points
    assert_legal(position(turn, totals="ann+cid 0 bob+dee -20"))
    minimum_40 = variant("negative-score-minimum=40")
    assert_illegal(position(turn, totals="ann+cid 0 bob+dee -20", tags=minimum_40), "first-meld-minimum", "bob:")


def test_a_forgotten_bonus_card_costs_100_or_the_options_penalty():
    def score(options: str = "") -> int:
        turns = ("bob: draw 8, discard 8", "cid: draw 5, discard 5", "dee: draw 8, add [K] to K, discard 8")
        tags = variant(options) if options else ""
        text = position(*turns, hands={"bob": "B 4", "dee": "K"}, tables=CANASTA, tags=tags)
        return judge(text).hands[0].scores["bob+dee"]  # type: ignore[index]

    assert score() - score("bonus-in-hand-penalty=500") == 400


def test_one_canasta_goes_out_with_four_players_unless_the_option_asks_for_more():
    assert_legal(going_out("bob: draw 4, add [K] to K, discard 4"))
    assert_illegal(going_out("bob: draw 4, add [K] to K, discard 4", "canastas-to-go-out=2"), "go-out-canasta")
