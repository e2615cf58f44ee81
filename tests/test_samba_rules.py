"""Samba, four players: each rule where Samba differs from Caliente, and each Samba option at its
default and switched, with a record that keeps the rule and one that breaks it.

Positions (`position` ... `turn NAME`) set up the moment a rule is about; the default one has bob
to play, nothing on the table, a Prize pile of 4 5 9 (9 on top, not frozen), scores 0, and
fifteen cards in each hand. Three packs leave plenty of every card for the melds the tests lay.
"""

from __future__ import annotations

import pytest
from caliente_records import assert_illegal, assert_legal, judge, position, the_rest

import arbiter

TAGS = '[Rules "samba"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'
PLAYERS = ["ann", "bob", "cid", "dee"]
HANDS = {
    "ann": "4 4 6 6 8 9 Q Q A A 7 5 5 J J",
    "bob": "7 7 9 9 K K 5 8 J 2 X 6 10 Q A",
    "cid": "4 6 8 9 J Q 10 A A 5 10 7 K 6 8",
    "dee": "5 5 6 7 8 10 10 J Q 4 6 9 K A 7",
}
BOB_MELDED = {"bob+dee": "[K K K]"}


def samba(*turns: str, hands: dict[str, str] | None = None, variant: str = "", **kwargs: object) -> str:
    """A Samba game around a stated position; `variant` is the [Variant] tag's value."""
    head = TAGS + (f'[Variant "{variant}"]\n' if variant else "")
    held = {**HANDS, **(hands or {})}
    return position(*turns, seats=" ".join(PLAYERS), tags=head, hands=held, **kwargs)  # type: ignore[arg-type]


def table_after_bob(text: str) -> dict:
    """The table once bob's turn (the first of hand 3) is over."""
    table = arbiter.table_after(text, hand=3, turn=1)
    assert table is not None
    return table


def breakdown(text: str, side: str) -> str:
    """How the arbiter counts a side's hand: the message of a declared score it disagrees with."""
    ruling = judge(text + "score ann+cid 1 bob+dee 1\n")
    [message] = [
        f.message for f in ruling.findings if f.code == "score-mismatch" and f"{side} is declared" in f.message
    ]
    return message


# --- the deal and the draw ----------------------------------------------------------------------

DEAL = """hand 1 dealer ann
deal bob 7 7 9 9 K K 5 8 J 2 X 6 10 Q A
deal cid 4 6 8 9 J Q 10 A A 5 10 7 K 6 8
deal dee 5 5 6 7 8 10 10 J Q 4 6 9 K A 7
deal ann 4 4 6 6 8 9 Q Q A A 7 5 5 J J
up 6
bob: draw 4 5, discard 4
"""


def test_each_player_is_dealt_fifteen_cards():
    assert_legal(TAGS + DEAL)
    short = DEAL.replace("deal dee 5 5 6 7 8 10 10 J Q 4 6 9 K A 7", "deal dee 5 5 6 7 8 10 10 J Q 4 6 9 K A")
    error = assert_illegal(TAGS + short, "deal-size", "deal dee")
    assert "15" in error.message


def test_three_players_are_dealt_fifteen_and_draw_two_as_well():
    three = '[Rules "samba"]\n[Seats "ann bob cid"]\n' + DEAL.replace("deal dee 5 5 6 7 8 10 10 J Q 4 6 9 K A 7\n", "")
    assert_legal(three)
    assert_illegal(three.replace("bob: draw 4 5", "bob: draw 4"), "draw-count", "bob:")


def test_a_samba_hand_has_no_foot():
    assert_illegal(TAGS + DEAL.replace("up 6", "foot ann 4 5 6\nup 6"), "deal-packet", "foot ann")


def test_a_player_draws_two_cards_and_discards_one():
    assert_legal(samba("bob: draw 4 5, discard 4"))
    assert_illegal(samba("bob: draw 4, discard 4"), "draw-count", "bob:")
    assert_illegal(samba("bob: draw 4 5 6, discard 4"), "draw-count", "bob:")


def test_the_last_single_card_of_the_stock_is_drawn_alone():
    tables = {"bob+dee": "[K K K K K K K]"}
    hands = the_rest(PLAYERS, "4 5 9", "7", *tables.values(), packs=3)
    assert_legal(samba("bob: draw 7, discard 7", hands=hands, tables=tables, stock="7"))
    assert_illegal(samba("bob: draw 7 8, discard 7", hands=hands, tables=tables, stock="7"), "draw-count", "bob:")


def test_three_packs_hold_twelve_of_each_natural():
    twelve_kings = {"bob+dee": "[K K K K K K K] [K K K]"}
    no_more_kings = {"cid": "4 6 8 9 J Q 10 A A 5 10 7 6 8", "dee": "5 5 6 7 8 10 10 J Q 4 6 9 A 7"}
    assert_legal(samba("bob: draw 4 5, discard 4", tables=twelve_kings, hands=no_more_kings))
    error = assert_illegal(
        samba("bob: draw K 5, discard 4", tables=twelve_kings, hands=no_more_kings), "card-count", "bob: draw K 5"
    )
    assert "twelve" in error.message


def test_the_up_card_turning_goes_past_wilds_and_stop_cards():
    assert_legal(TAGS + DEAL.replace("up 6", "up 2 6"))
    assert arbiter.table_after(TAGS + DEAL.replace("up 6", "up 2 6"), hand=1)["frozen"] is True  # type: ignore[index]
    assert_illegal(TAGS + DEAL.replace("up 6", "up 6 9"), "up-card", "up 6 9")


@pytest.mark.parametrize(("variant", "frozen"), [("", False), ("stop-up-card-freezes", True)])
def test_a_stop_card_turned_up_freezes_the_pile_only_with_the_option(variant, frozen):
    text = TAGS + (f'[Variant "{variant}"]\n' if variant else "") + DEAL.replace("up 6", "up S 6")
    assert_legal(text)
    assert arbiter.table_after(text, hand=1)["frozen"] is frozen  # type: ignore[index]


# --- sequences ----------------------------------------------------------------------------------


def test_a_sequence_is_three_to_seven_cards_of_consecutive_ranks():
    run = {"bob": "4 5 6 7 8 9 10 J K"}
    assert_legal(samba("bob: draw 4 5, meld [8 9 10 J], discard 4", tables=BOB_MELDED, hands=run))
    assert_legal(samba("bob: draw 4 5, meld [4 5 6 7 8 9 10], discard K", hands=run))
    assert_illegal(samba("bob: draw 4 5, meld [J K], discard 4", tables=BOB_MELDED, hands=run), "meld-size", "bob:")
    assert_illegal(samba("bob: draw 4 5, meld [8 9 J], discard 4", tables=BOB_MELDED, hands=run), "sequence", "bob:")
    assert_illegal(samba("bob: draw 4 5, meld [4 5 6 7 8 9 10 J], discard K", hands=run), "sequence", "bob:")


def test_a_sequence_holds_no_wild_and_no_stop_card():
    error = assert_illegal(
        samba("bob: draw 4 5, meld [4 5 2], discard 4", tables=BOB_MELDED, hands={"bob": "4 2 7"}), "sequence", "bob:"
    )
    assert "wild" in error.message
    error = assert_illegal(
        samba("bob: draw 5 6, meld [5 6 S], discard 7", tables=BOB_MELDED, hands={"bob": "S 7"}), "sequence", "bob:"
    )
    assert "Stop" in error.message
    assert_illegal(
        samba("bob: draw 4 4, add [2] to 4-7, discard 4", tables={"bob+dee": "[4 5 6 7]"}), "sequence", "bob:"
    )


def test_a_sequence_holds_each_rank_once():
    assert_illegal(
        samba("bob: draw 4 4, meld [4 5 5 6], discard 4", tables=BOB_MELDED, hands={"bob": "5 5 6 8"}),
        "sequence",
        "bob:",
    )


def test_a_sequence_does_not_wrap_round_from_the_ace_to_the_four():
    assert_illegal(
        samba("bob: draw Q 4, meld [Q K A 4], discard 7", tables=BOB_MELDED, hands={"bob": "K A 7"}), "sequence", "bob:"
    )


def test_a_samba_never_grows_past_seven_cards():
    samba_made = {"bob+dee": "[4 5 6 7 8 9 10]"}
    error = assert_illegal(
        samba("bob: draw J 10, add [J] to 4-10, discard 7", tables=samba_made, hands={"bob": "7 9"}), "sequence", "bob:"
    )
    assert "seven" in error.message
    assert_illegal(
        samba(
            "bob: draw 4 4, add [8 9 10 J] to 4-7, discard 4",
            tables={"bob+dee": "[4 5 6 7]"},
            hands={"bob": "8 9 10 J 5"},
        ),
        "sequence",
        "bob:",
    )


def test_a_sequence_grows_at_either_end_and_is_renamed_by_its_new_span():
    at_the_top = samba(
        "bob: draw 9 10, add [9] to 4-8, add [10] to 4-9, discard 7",
        tables={"bob+dee": "[4 5 6 7 8]"},
        hands={"bob": "7 7"},
    )
    assert_legal(at_the_top)
    assert table_after_bob(at_the_top)["melds"]["bob+dee"] == [["4", "5", "6", "7", "8", "9", "10"]]
    # after the 9 is added, the meld is 4-9: the old name 4-8 names nothing
    error = assert_illegal(at_the_top.replace("add [10] to 4-9", "add [10] to 4-8"), "meld-unknown", "bob:")
    assert "4-8" in error.message
    at_the_bottom = samba(
        "bob: draw 4 10, add [4] to 5-8, add [9] to 4-8, discard 7",
        tables={"bob+dee": "[5 6 7 8]"},
        hands={"bob": "7 9"},
    )
    assert_legal(at_the_bottom)
    assert_illegal(
        samba("bob: draw 4 10, add [10] to 5-8, discard 7", tables={"bob+dee": "[5 6 7 8]"}, hands={"bob": "7 9"}),
        "sequence",
        "bob:",
    )


def test_two_sequences_of_the_same_span_are_named_by_their_span_and_number():
    two = {"bob+dee": "[5 6 7 8 9] [5 6 7 8 9]"}
    assert_legal(
        samba("bob: draw 4 10, add [10] to 5-9#2, add [4] to 5-9, discard 7", tables=two, hands={"bob": "7 9"})
    )
    assert_illegal(
        samba("bob: draw 4 10, add [10] to 5-9#3, discard 7", tables=two, hands={"bob": "7 9"}), "meld-unknown", "bob:"
    )


def test_two_sequences_that_meet_stay_two_melds():
    text = samba(
        "bob: draw 4 4, add [7] to 4-6, discard 4", tables={"bob+dee": "[4 5 6] [8 9 10]"}, hands={"bob": "7 7"}
    )
    assert_legal(text)
    assert table_after_bob(text)["melds"]["bob+dee"] == [["4", "5", "6", "7"], ["8", "9", "10"]]


# --- groups of a rank -----------------------------------------------------------------------------


def test_a_side_may_hold_several_groups_of_a_rank():
    text = samba("bob: draw K K, meld [K K K], add [K] to K#2, discard 7", tables=BOB_MELDED)
    assert_legal(text)
    assert table_after_bob(text)["melds"]["bob+dee"] == [["K", "K", "K"], ["K", "K", "K", "K"]]
    assert_illegal(
        samba("bob: draw K K, meld [K K K], add [K] to K#3, discard 7", tables=BOB_MELDED), "meld-unknown", "bob:"
    )


def test_with_merge_groups_a_new_group_of_a_rank_joins_the_sides_group():
    text = samba("bob: draw K K, meld [K K K], add [K] to K, discard 7", tables=BOB_MELDED, variant="merge-groups")
    assert_legal(text)
    assert table_after_bob(text)["melds"]["bob+dee"] == [["K", "K", "K", "K", "K", "K", "K"]]
    error = assert_illegal(
        samba("bob: draw K K, meld [K K K], add [K] to K#2, discard 7", tables=BOB_MELDED, variant="merge-groups"),
        "meld-unknown",
        "bob:",
    )
    assert "keeps one meld per rank" in error.message


def test_with_merge_groups_sequences_stay_apart_and_keep_their_names():
    tables = {"bob+dee": "[4 5 6 7] [K K K]"}
    text = samba("bob: draw 8 9, add [8] to 4-7, meld [9 10 J], discard 7", tables=tables, variant="merge-groups")
    assert_legal(text)
    assert table_after_bob(text)["melds"]["bob+dee"] == [["4", "5", "6", "7", "8"], ["K", "K", "K"], ["9", "10", "J"]]


def test_with_merge_groups_the_up_card_still_extends_a_sequence():
    tables = {"bob+dee": "[4 5 6 7 8] [9 9 9]"}
    text = samba(
        "bob: take 9 onto 4-8 and [J J J], discard 7", tables=tables, variant="merge-groups", hands={"bob": "J J J 7 2"}
    )
    assert_legal(text)
    assert table_after_bob(text)["melds"]["bob+dee"][0] == ["4", "5", "6", "7", "8", "9"]


def test_a_group_holds_one_or_two_wilds_and_at_least_two_naturals():
    nines = {"bob": "9 9 2 X 7"}
    assert_legal(samba("bob: draw 4 4, meld [9 9 2 X], discard 4", tables=BOB_MELDED, hands=nines))
    assert_illegal(
        samba("bob: draw 4 4, meld [9 2 X], discard 4", tables=BOB_MELDED, hands=nines), "meld-wilds", "bob:"
    )
    error = assert_illegal(
        samba("bob: draw 4 4, add [2] to 9, discard 4", tables={"bob+dee": "[9 9 9 2 X]"}), "meld-wilds", "bob:"
    )
    assert "2 wild" in error.message


def test_with_two_naturals_per_wild_a_group_needs_twice_as_many_naturals_as_wilds():
    option = "wild-ratio=two-naturals-per-wild"
    assert_legal(samba("bob: draw 4 4, add [X] to 9, discard 4", tables={"bob+dee": "[9 9 9 9 2]"}, variant=option))
    assert_legal(samba("bob: draw 4 4, add [X] to 9, discard 4", tables={"bob+dee": "[9 9 9 2]"}))
    error = assert_illegal(
        samba("bob: draw 4 4, add [X] to 9, discard 4", tables={"bob+dee": "[9 9 9 2]"}, variant=option),
        "meld-wilds",
        "bob:",
    )
    assert "wild-ratio" in error.message
    assert_illegal(
        samba(
            "bob: draw 4 4, meld [9 9 2 X], discard 4", tables=BOB_MELDED, hands={"bob": "9 9 2 X 7"}, variant=option
        ),
        "meld-wilds",
        "bob:",
    )


def test_no_wild_is_added_to_a_group_canasta_but_naturals_are():
    canasta = {"bob+dee": "[K K K K K K K]"}
    assert_legal(samba("bob: draw 4 5, add [K] to K, discard 4", tables=canasta))
    error = assert_illegal(samba("bob: draw 4 5, add [2] to K, discard 4", tables=canasta), "canasta-wild", "bob:")
    assert "canasta" in error.message
    # a group one short of a canasta still takes a wild, which completes it
    assert_legal(samba("bob: draw 4 5, add [2] to K, discard 4", tables={"bob+dee": "[K K K K K X]"}))


def test_bonus_cards_are_never_melded():
    assert_illegal(
        samba("bob: draw 4 5, meld [9 9 B], discard 4", tables=BOB_MELDED, hands={"bob": "9 9 B 4"}),
        "meld-rank",
        "bob:",
    )


# --- the Prize pile ---------------------------------------------------------------------------------


def test_an_unfrozen_pile_is_taken_with_a_natural_pair():
    assert_legal(samba("bob: take 9 with [9 9], discard 5", tables=BOB_MELDED))


def test_an_unfrozen_pile_is_not_taken_with_a_natural_and_a_wild():
    error = assert_illegal(samba("bob: take 9 with [9 2], discard 5", tables=BOB_MELDED), "take-unfrozen", "bob:")
    assert error.remedy == "the Prize pile is restored and bob+dee loses 50 points"


def test_a_frozen_pile_is_not_taken_with_a_natural_and_a_wild():
    frozen = "4 2 5 9"
    assert_legal(samba("bob: take 9 with [9 9], discard 5", pile=frozen, tables=BOB_MELDED))
    assert_illegal(samba("bob: take 9 with [9 2], discard 5", pile=frozen, tables=BOB_MELDED), "take-frozen", "bob:")


def test_a_frozen_pile_is_not_taken_onto_a_meld():
    frozen = "4 2 5 9"
    nines = {"bob+dee": "[K K K] [9 9 9]"}
    assert_illegal(samba("bob: take 9 onto 9, discard 5", pile=frozen, tables=nines), "take-frozen", "bob:")
    run = {"bob+dee": "[K K K] [4 5 6 7 8]"}
    assert_illegal(samba("bob: take 9 onto 4-8, discard 7", pile=frozen, tables=run), "take-frozen", "bob:")


def test_an_unfrozen_up_card_goes_onto_a_group_of_its_rank():
    assert_legal(samba("bob: take 9 onto 9, discard 5", tables={"bob+dee": "[K K K] [9 9 9]"}))


def test_an_unfrozen_up_card_goes_onto_a_sequence_it_extends_at_either_end():
    assert_legal(samba("bob: take 9 onto 4-8, discard 7", tables={"bob+dee": "[K K K] [4 5 6 7 8]"}))
    assert_legal(samba("bob: take 9 onto 10-Q, discard 7", tables={"bob+dee": "[K K K] [10 J Q]"}))
    assert_illegal(
        samba("bob: take 9 onto 4-7, discard 7", tables={"bob+dee": "[K K K] [4 5 6 7]"}), "sequence", "bob:"
    )


def test_the_up_card_never_goes_onto_a_canasta():
    group = {"bob+dee": "[K K K] [9 9 9 9 9 9 2]"}
    error = assert_illegal(samba("bob: take 9 onto 9, discard 5", tables=group), "take-unfrozen", "bob:")
    assert "canasta" in error.message
    a_samba = {"bob+dee": "[K K K] [4 5 6 7 8 9 10]"}
    assert_illegal(samba("bob: take 9 onto 4-10, discard 5", tables=a_samba), "take-unfrozen", "bob:")


def test_the_up_card_never_starts_a_sequence():
    assert_illegal(samba("bob: take 9 with [10 J], discard 5", tables=BOB_MELDED), "take-unfrozen", "bob:")


def test_before_the_first_meld_the_pile_needs_a_natural_pair_and_the_minimum():
    # 9 9 9 (30) and a sequence 5-8 (25): sequences count toward the minimum of 50
    assert_legal(samba("bob: take 9 with [9 9] and [5 6 7 8], discard 7", hands={"bob": "9 9 5 6 7 8 7 7"}))
    assert_illegal(
        samba("bob: take 9 with [9 9] and [4 5 6], discard 7", hands={"bob": "9 9 4 5 6 7 7"}), "take-initial", "bob:"
    )
    assert_illegal(
        samba("bob: take 9 with [9 2] and [K K K], discard 7", hands={"bob": "9 2 K K K 7 7"}), "take-initial", "bob:"
    )


def test_with_the_pile_always_frozen_only_a_natural_pair_takes_it():
    option = "pile-always-frozen"
    nines = {"bob+dee": "[K K K] [9 9 9]"}
    assert_legal(samba("bob: take 9 onto 9, discard 5", tables=nines))
    assert_legal(samba("bob: take 9 with [9 9], discard 5", tables=BOB_MELDED, variant=option))
    assert_illegal(samba("bob: take 9 onto 9, discard 5", tables=nines, variant=option), "take-always-frozen", "bob:")
    run = {"bob+dee": "[K K K] [4 5 6 7 8]"}
    assert_illegal(samba("bob: take 9 onto 4-8, discard 7", tables=run, variant=option), "take-always-frozen", "bob:")


def test_the_whole_pile_is_taken_with_an_up_card_laid_onto_a_sequence():
    text = samba("bob: take 9 onto 4-8, discard 7", tables={"bob+dee": "[K K K] [4 5 6 7 8]"})
    assert_legal(text)
    table = table_after_bob(text)
    assert table["pile"] == ["7"]
    assert table["hands"]["bob"].count("4") == 1 and table["hands"]["bob"].count("5") == 2


def test_with_sequence_take_top_card_only_the_up_card_is_taken_onto_a_sequence():
    option = "sequence-take=top-card"
    text = samba("bob: take 9 onto 4-8, discard 7", tables={"bob+dee": "[K K K] [4 5 6 7 8]"}, variant=option)
    assert_legal(text)
    table = table_after_bob(text)
    assert table["pile"] == ["4", "5", "7"]  # the rest of the pile stays under the discard
    assert "4" not in table["hands"]["bob"] and table["hands"]["bob"].count("5") == 1
    assert table["melds"]["bob+dee"][1] == ["4", "5", "6", "7", "8", "9"]
    # onto a group the whole pile is still taken
    onto_group = samba(
        "bob: take 9 onto 9, discard 7",
        tables={"bob+dee": "[K K K] [9 9 9]"},
        hands={"bob": "7 7 K K 5 8 J 2 X 6 10 Q A"},
        variant=option,
    )
    assert table_after_bob(onto_group)["pile"] == ["7"]


# --- the first meld ---------------------------------------------------------------------------------

RUNS = {"bob": "4 5 6 7 8 9 10 J Q K A K K 2 X"}


def first_meld(melds: str, score: int, variant: str = "") -> str:
    return samba(
        f"bob: draw 5 7, meld {melds}, discard 5", hands=RUNS, totals=f"ann+cid 0 bob+dee {score}", variant=variant
    )


@pytest.mark.parametrize(
    ("score", "enough", "short"),
    [
        (-20, "[4 5 6]", None),  # 15
        (0, "[8 9 10 J Q]", "[4 5 6]"),  # 50 and 15
        (1495, "[8 9 10 J Q]", "[4 5 6 7 8 9]"),  # 50 and 40
        (1500, "[10 J Q K A] [K K 2]", "[10 J Q K A] [4 5 6]"),  # 100 and 75 against 90
        (2995, "[10 J Q K A] [K K 2]", "[10 J Q K A] [4 5 6]"),
        (3000, "[10 J Q K A] [K K X]", "[10 J Q K A] [K K 2]"),  # 130 and 100 against 120
        (6995, "[10 J Q K A] [K K X]", "[10 J Q K A] [K K 2]"),
        (7000, "[4 5 6] [9 10 J Q K A] [K K X]", "[10 J Q K A] [K K X]"),  # 155 and 130 against 150
    ],
)
def test_the_first_meld_minimum_follows_the_sides_score_and_sequences_count(score, enough, short):
    assert_legal(first_meld(enough, score))
    if short is not None:
        error = assert_illegal(first_meld(short, score), "first-meld-minimum", "bob:")
        assert "rises by 10" in (error.remedy or "")


def test_a_side_below_zero_needs_fifteen_points():
    error = assert_illegal(first_meld("[4 5 6]", 0), "first-meld-minimum", "bob:")
    assert "50" in error.message
    assert_legal(first_meld("[4 5 6]", -5))


def test_with_minimum_7000_at_160_a_side_from_7000_needs_160():
    option = "minimum-7000=160"
    error = assert_illegal(first_meld("[4 5 6] [9 10 J Q K A] [K K X]", 7000, option), "first-meld-minimum", "bob:")
    assert "160" in error.message
    assert_legal(first_meld("[4 5 6 7 8] [9 10 J Q K A] [K K X]", 7000, option))
    assert_legal(first_meld("[10 J Q K A] [K K X]", 6995, option))


# --- going out and the Stop cards ---------------------------------------------------------------------

TWO_CANASTAS = {"bob+dee": "[K K K K K K K] [4 5 6 7 8 9 10] [Q Q 2]", "ann+cid": "[J J J J J 2 X] [5 5 5]"}
ONE_CANASTA = {"bob+dee": "[K K K K K K K] [4 5 6 7 8 9] [Q Q 2]", "ann+cid": "[J J J J J 2 X] [5 5 5]"}
GOING_OUT = "bob: draw Q 9, ask yes, meld [9 9 9], add [Q] to Q, out"
BOB_OUT = {"bob": "9 9"}


def test_going_out_needs_two_canastas_and_a_samba_is_one():
    ruling = assert_legal(samba(GOING_OUT, hands=BOB_OUT, tables=TWO_CANASTAS))
    assert ruling.hands[0].ended
    error = assert_illegal(samba(GOING_OUT, hands=BOB_OUT, tables=ONE_CANASTA), "go-out-canasta", "bob:")
    assert "2" in error.message


def test_stop_cards_are_melded_three_to_six_only_by_a_player_going_out():
    tables = {"bob+dee": "[K K K K K K K] [4 5 6 7 8 9 10]"}
    six = samba(
        "bob: draw Q 9, meld [S S S S S S] [Q Q Q] [9 9 9], out", hands={"bob": "9 9 S S S S S S Q Q"}, tables=tables
    )
    assert_legal(six)
    assert_illegal(
        samba("bob: draw 4 5, meld [S S S], discard 4", tables=BOB_MELDED, hands={"bob": "S S S 7"}),
        "stop-meld",
        "bob:",
    )
    assert_illegal(
        samba("bob: draw Q 9, meld [S S] [Q Q Q] [9 9 9], out", hands={"bob": "9 9 S S Q Q"}, tables=tables),
        "stop-meld",
        "bob:",
    )
    assert_illegal(
        samba("bob: draw Q 9, meld [S S S 2] [Q Q Q] [9 9 9], out", hands={"bob": "9 9 S S S 2 Q Q"}, tables=tables),
        "stop-meld",
        "bob:",
    )


# --- scoring --------------------------------------------------------------------------------------------


def test_a_hand_is_scored_with_the_samba_bonus_and_200_for_going_out():
    text = samba(GOING_OUT, hands=BOB_OUT, tables=TWO_CANASTAS)
    # bob+dee: Kings 70, the samba 50, Queens 50, 9s 30; going out 200, natural canasta 500,
    # samba 1500; less dee's fifteen cards (125)
    ruling = assert_legal(text + "score ann+cid 155 bob+dee 2275\n")
    assert ruling.hands[0].scores == {"ann+cid": 155, "bob+dee": 2275}
    counted = breakdown(text, "bob+dee")
    assert "samba: sequence 4-10 +1500" in counted
    assert "natural canasta of Ks +500" in counted
    assert "going out +200" in counted
    assert "mixed canasta of Js +300" in breakdown(text, "ann+cid")
    assert_illegal(text + "score ann+cid 155 bob+dee 2000\n", "score-mismatch", "score")


def test_going_out_concealed_earns_nothing_more():
    text = samba(
        "bob: draw Q 9, meld [9 9 9] [Q Q Q Q Q Q Q] [4 5 6 7 8 9 10], out",
        hands={"bob": "9 9 9 Q Q Q Q Q Q 4 5 6 7 8 10"},
        melded="ann cid dee",
    )
    counted = breakdown(text, "bob+dee")
    assert "going out +200" in counted and "concealed" not in counted
    # 9s 30, Queens 70, samba 50, going out 200, natural canasta 500, samba 1500, less dee's 125
    assert assert_legal(text).hands[0].scores["bob+dee"] == 2225


def test_bonus_cards_score_100_each_and_all_six_1000():
    one = {**TWO_CANASTAS, "bob+dee": TWO_CANASTAS["bob+dee"] + " B"}
    assert "1 Bonus card +100" in breakdown(samba(GOING_OUT, hands=BOB_OUT, tables=one), "bob+dee")
    six = {**TWO_CANASTAS, "bob+dee": TWO_CANASTAS["bob+dee"] + " B B B B B B"}
    assert "6 Bonus cards +1000" in breakdown(samba(GOING_OUT, hands=BOB_OUT, tables=six), "bob+dee")


CID_OUT = "cid: draw 9 Q, meld [9 9 9] [Q Q Q], out"
SIX_BONUS_SHORT = {"bob+dee": "[K K K] B B B B B B", "ann+cid": "[J J J J J 2 X] [5 5 5] [4 5 6 7 8 9 10]"}


@pytest.mark.parametrize(
    ("variant", "against"), [("", -1000), ("bonus-penalty=mirror", -1000), ("bonus-penalty=flat", -600)]
)
def test_bonus_cards_count_against_a_side_without_two_canastas(variant, against):
    text = samba("bob: draw 4 5, discard 4", CID_OUT, hands={"cid": "9 9 Q Q"}, tables=SIX_BONUS_SHORT, variant=variant)
    assert f"6 Bonus cards, counted against a side without 2 canastas {against}" in breakdown(text, "bob+dee")


def test_two_bonus_cards_against_a_side_cost_200_with_either_penalty():
    two = {**SIX_BONUS_SHORT, "bob+dee": "[K K K] B B"}
    for variant in ("bonus-penalty=mirror", "bonus-penalty=flat"):
        text = samba("bob: draw 4 5, discard 4", CID_OUT, hands={"cid": "9 9 Q Q"}, tables=two, variant=variant)
        assert "2 Bonus cards, counted against a side without 2 canastas -200" in breakdown(text, "bob+dee")


# --- the exhausted stock ----------------------------------------------------------------------------------


def exhausted(*turns: str, pile: str, tables: dict[str, str], variant: str = "") -> str:
    """The stock is empty: every card of the three packs is in a hand, on the table or in the pile
    (the Bonus cards laid by ann+cid)."""
    tables = {**tables, "ann+cid": "B B B B B B"}
    hands = the_rest(PLAYERS, pile, *tables.values(), packs=3, hands={"bob": "4 5 6"})
    return samba(*turns, hands=hands, pile=pile, tables=tables, stock="0 cards", variant=variant)


def test_on_an_exhausted_stock_an_up_card_that_extends_a_sequence_must_be_taken():
    run = {"bob+dee": "[K K K] [4 5 6 7 8]"}
    assert_illegal(exhausted("bob: pass", pile="9", tables=run), "forced-take", "bob:")
    assert_legal(exhausted("bob: take 9 onto 4-8, discard 4", pile="9", tables=run))
    assert_illegal(exhausted("bob: pass", pile="9", tables={"bob+dee": "[K K K] [10 J Q]"}), "forced-take", "bob:")
    assert_legal(exhausted("bob: pass", pile="9", tables={"bob+dee": "[K K K] [4 5 6 7]"}))


def test_on_an_exhausted_stock_an_up_card_that_fits_a_group_must_be_taken_unless_it_is_a_canasta():
    assert_illegal(exhausted("bob: pass", pile="9", tables={"bob+dee": "[K K K] [9 9 9]"}), "forced-take", "bob:")
    ruling = assert_legal(exhausted("bob: pass", pile="9", tables={"bob+dee": "[K K K] [9 9 9 9 9 9 9]"}))
    assert ruling.hands[0].ended


def test_with_the_pile_always_frozen_nobody_is_forced_to_take_it():
    tables = {"bob+dee": "[K K K] [9 9 9]"}
    assert_legal(exhausted("bob: pass", pile="9", tables=tables, variant="pile-always-frozen"))


# --- the Caliente-card variation -------------------------------------------------------------------------

LEVEL = {"bob+dee": "[K K K]", "ann+cid": "[Q Q Q]"}


def test_after_a_caliente_card_the_hand_is_drawn_back_up_to_fifteen():
    option = "caliente-cards"
    hand = {"bob": "C 4 9 7"}
    # three cards left after playing it: twelve are drawn
    assert_legal(
        samba("bob: caliente, draw 4 5 6 7 8 9 10 J Q K A 4, discard 4", hands=hand, tables=LEVEL, variant=option)
    )
    error = assert_illegal(
        samba("bob: caliente, draw 4 5 6 7 8 9 10 J Q K A, discard 4", hands=hand, tables=LEVEL, variant=option),
        "caliente-refill",
        "bob:",
    )
    assert "15" in error.message


def test_caliente_cards_are_in_play_only_with_the_variation():
    error = assert_illegal(
        samba("bob: caliente, draw 4 5 6 7 8 9 10 J Q K A 4, discard 4", hands={"bob": "C 4 9 7"}, tables=LEVEL),
        "position",
    )
    assert "caliente-cards" in error.message


# --- the game -------------------------------------------------------------------------------------------------

NEXT_HAND = """hand 4 dealer bob
deal cid 7 7 9 9 K K 5 8 J 2 X 6 10 Q A
deal dee 4 6 8 9 J Q 10 A A 5 10 7 K 6 8
deal ann 5 5 6 7 8 10 10 J Q 4 6 9 K A 7
deal bob 4 4 6 6 8 9 Q Q A A 7 5 5 J J
up 6
"""


def test_the_game_is_played_to_10000():
    # bob+dee make 2275 in the hand
    over = samba(GOING_OUT, hands=BOB_OUT, tables=TWO_CANASTAS, totals="ann+cid 5000 bob+dee 7800")
    ruling = assert_legal(over.replace(TAGS, TAGS + '[Result "bob+dee"]\n'))
    assert ruling.totals == {"ann+cid": 5155, "bob+dee": 10075}
    assert ruling.winner == "bob+dee"
    assert_illegal(over + NEXT_HAND, "game-over", "hand 4")
    not_yet = samba(GOING_OUT, hands=BOB_OUT, tables=TWO_CANASTAS, totals="ann+cid 5000 bob+dee 7700")
    assert_legal(not_yet + NEXT_HAND)
    assert_illegal(not_yet.replace(TAGS, TAGS + '[Result "bob+dee"]\n'), "result-mismatch", "[Result")


def test_the_target_option_moves_the_end_of_the_game():
    over = samba(
        GOING_OUT, hands=BOB_OUT, tables=TWO_CANASTAS, totals="ann+cid 5000 bob+dee 7800", variant="target=12000"
    )
    assert_legal(over + NEXT_HAND)
