"""Five Caliente situations a tournament director rules differently from the arbiter of before
(issue 15): each test is named after the situation and gives the ruling the rule books give.

Positions set up the moment each situation is about (see caliente_records): by default bob is to
play, nobody has melded, the Prize pile is 4 5 9 (9 on top, not frozen) and the scores are 0.
"""

from __future__ import annotations

from pathlib import Path

from caliente_records import TAGS, assert_illegal, assert_legal, position, tags, the_rest

import arbiter.families as rulesets

# --- 1. a take of the Prize pile short of the first-meld minimum ------------------------------------

WRONG_TAKE = "the Prize pile is restored and bob+dee loses 50 points"


def test_a_first_take_short_of_the_minimum_counting_the_piles_cards_is_a_wrong_take():
    # the Queens melded come from the pile: only the up card with the two 9s from hand counts (30)
    error = assert_illegal(
        position("bob: take 9 with [9 9], meld [Q Q 2], discard 5", pile="Q Q 4 5 9"), "take-initial", "bob:"
    )
    assert "make 30" in error.message
    assert error.remedy == WRONG_TAKE


def test_a_first_take_whose_melds_from_hand_come_only_after_the_pick_up_is_a_wrong_take():
    # [K K X] from hand would make 120 with the 9s, but it is melded after the pile is picked up
    error = assert_illegal(position("bob: take 9 with [9 9], meld [K K X], discard 5"), "take-initial", "bob:")
    assert error.remedy == WRONG_TAKE
    assert_legal(position("bob: take 9 with [9 9] and [K K X], discard 5"))


def test_a_first_take_short_of_the_minimum_costs_the_wrong_take_penalty_option():
    error = assert_illegal(
        position("bob: take 9 with [9 9], discard 5", tags='[Variant "wrong-take-penalty=100"]\n'), "take-initial"
    )
    assert error.remedy == "the Prize pile is restored and bob+dee loses 100 points"


def test_the_rule_reference_names_the_same_rule_and_remedy_for_a_short_first_take():
    caliente = rulesets.get("caliente")
    take_initial = caliente.rule("take-initial").summary
    assert "minimum" in take_initial and "restored" in take_initial and "wrong-take-penalty" in take_initial
    assert "take-initial" in caliente.rule("first-meld-minimum").summary
    [decision] = [c for c in caliente.choices if c.point == "A first take of the Prize pile short of the minimum"]
    assert "take-initial" in decision.chosen and decision.option == "wrong-take-penalty"


def test_a_short_first_meld_from_the_stock_keeps_the_insufficient_meld_remedy():
    error = assert_illegal(position("bob: draw 4, meld [7 7 2], discard 4"), "first-meld-minimum", "bob:")
    assert error.remedy is not None and "rises by 10" in error.remedy


# --- 2. a replacement drawn for a Bonus card that came with the first Prize pile --------------------


def test_a_replacement_drawn_for_a_bonus_card_from_the_first_prize_pile_breaks_the_bonus_rule():
    turn = "bob: take 9 with [9 9] and [K K X], bonus B, draw 4, discard 5"
    error = assert_illegal(position(turn, pile="B 9"), "bonus-replacement", "bob:")
    assert "first Prize pile" in error.message
    assert_legal(position("bob: take 9 with [9 9] and [K K X], bonus B, discard 5", pile="B 9"))


def test_a_second_draw_after_an_ordinary_draw_is_still_a_draw_count_finding():
    assert_illegal(position("bob: draw 4, draw 5, discard 4"), "draw-count", "bob:")


# --- 3. a record that starts from totals at or past the target ---------------------------------------

DEAL_FOUR = """hand 7 dealer ann
total ann+cid {ann} bob+dee {bob}
deal ann 4 4 6 6 8 9 Q Q A A S
deal bob 10 10 10 10 5 5 5 8 K 9 4
deal cid 4 6 8 9 9 J Q K K A S
deal dee 10 10 10 7 7 7 5 5 5 J 7
up 6
bob: draw 4, discard 4
"""

DEAL_SIX = """hand 7 dealer ann
total ann+cid+eve {ann} bob+dee+fay {bob}
deal ann 4 4 6 6 8 9 Q Q A A 7 K K
deal bob 7 7 9 9 K K 5 8 J 2 X J J
deal cid 4 6 8 9 J Q 10 A A 5 10 7 7
deal dee 5 5 6 7 8 10 10 J Q 4 6 9 9
deal eve 4 6 8 9 J Q 10 A A 5 10 8 8
deal fay 5 5 6 7 8 10 10 J Q 4 6 Q Q
up 6
bob: draw 4, discard 4
"""


def test_a_record_starting_from_a_side_at_the_target_plays_a_hand_after_the_game_ended():
    error = assert_illegal(TAGS + DEAL_FOUR.format(ann=1200, bob=5000), "game-over", "total")
    assert "bob+dee 5000" in error.message
    assert_illegal(TAGS + DEAL_FOUR.format(ann=6100, bob=300), "game-over", "total")
    assert_legal(TAGS + DEAL_FOUR.format(ann=1200, bob=4995))


def test_a_position_starting_from_a_side_past_the_target_is_a_hand_after_the_game_ended():
    assert_illegal(position("bob: draw 4, discard 4", totals="ann+cid 0 bob+dee 5020"), "game-over", "total")


def test_with_three_packs_a_side_at_5000_has_not_reached_the_target_of_10000():
    six = tags("ann bob cid dee eve fay", "ann+cid+eve bob+dee+fay", "three-packs")
    assert_legal(six + DEAL_SIX.format(ann=0, bob=5000))
    assert_illegal(six + DEAL_SIX.format(ann=0, bob=10_000), "game-over", "total")


# --- 4. a Caliente card on an exhausted stock ----------------------------------------------------


def exhausted_with_a_caliente_card(turn: str, variant: str) -> str:
    table = {"bob+dee": "[K K K K K K K]", "ann+cid": "[Q Q Q]"}  # one set each: bob may play it
    hands = the_rest(["ann", "bob", "cid", "dee"], "9", *table.values(), caliente=2, hands={"bob": "C 8 4"})
    return position(turn, hands=hands, tables=table, pile="9", tags=f'[Variant "{variant}"]\n')


def test_a_caliente_card_on_an_exhausted_stock_is_illegal_by_default_and_the_finding_names_the_option():
    error = assert_illegal(
        exhausted_with_a_caliente_card("bob: caliente, discard 8", "caliente-cards"), "caliente-card", "bob:"
    )
    assert "caliente-on-exhausted-stock" in error.message


def test_a_caliente_card_on_an_exhausted_stock_is_played_without_drawing_when_the_option_allows_it():
    allowed = "caliente-cards caliente-on-exhausted-stock"
    ruling = assert_legal(exhausted_with_a_caliente_card("bob: caliente, discard 8", allowed))
    assert ruling.coverage["path:caliente-no-refill"] == 1
    assert_illegal(exhausted_with_a_caliente_card("bob: caliente, draw 4, discard 8", allowed), "caliente-refill")


# --- 5. a Foot in a game without Feet --------------------------------------------------------------

SAMPLES = Path(__file__).parent.parent / "samples"
# the sample keeps its name whatever its extension (samples are being renamed to .acn)
SCORING_EXAMPLE = next(SAMPLES.glob("caliente-scoring-example.*")).read_text("utf-8")
NINE_ACES = "foot ann A A A A A A A A A\n"


def test_a_foot_dealt_in_the_scoring_example_shows_cards_nobody_was_dealt():
    with_a_foot = SCORING_EXAMPLE.replace("dee: bonus B, draw J", NINE_ACES + "dee: bonus B, draw J")
    error = assert_illegal(with_a_foot, "deal-packet", "foot ann")
    assert "9 cards of ann's Foot" in error.message
    assert_legal(SCORING_EXAMPLE)


def test_a_foot_in_a_stated_position_is_a_packet_caliente_does_not_deal():
    turn = "bob: draw 4, discard 4"
    with_a_foot = position(turn).replace("pile 4 5 9", "foot ann K\npile 4 5 9")
    assert_illegal(with_a_foot, "deal-packet", "foot ann")
