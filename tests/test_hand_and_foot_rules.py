"""Hand & Foot, four players in two partnerships: each rule the arbiter checks for Hand & Foot and
each Hand & Foot option at its default and switched, with a record that keeps the rule and one that
breaks it.

Positions (`position` ... `turn NAME`) set up the moment a rule is about; the default one is in
round 1, has bob to play, nothing on the table, a pile of 4 5 9 (9 on top), each player holding a
short Hand and a Foot of thirteen not yet picked up. Only bob holds Kings (no Foot holds one), so
the tests can count the twenty Kings of the five packs.
"""

from __future__ import annotations

import pytest
from caliente_records import assert_illegal, assert_legal, judge, the_rest

import arbiter

TAGS = '[Rules "hand-and-foot"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'
PLAYERS = ["ann", "bob", "cid", "dee"]
HANDS = {
    "ann": "4 4 6 6 8 9 Q Q A A 7",
    "bob": "7 7 9 9 K K K 5 8 J 2 X",
    "cid": "4 6 8 9 J Q 10 A A 5 10",
    "dee": "5 5 6 7 8 10 10 J Q 4 6",
}
FOOT = "4 5 6 7 8 9 10 J Q A 2 X 5"
FEET = dict.fromkeys(PLAYERS, FOOT)
PICKED_UP = dict.fromkeys(PLAYERS, "")  # with `feet=PICKED_UP` every Foot has been picked up


def hand_and_foot(
    *turns: str,
    hands: dict[str, str] | None = None,
    feet: dict[str, str] | None = None,
    tables: dict[str, str] | None = None,
    pile: str = "4 5 9",
    to_play: str = "bob",
    totals: str | None = None,
    stock: str | None = None,
    variant: str = "",
    number: int = 1,
    dealer: str = "ann",
    head: str = "",
) -> str:
    """A Hand & Foot game around a stated position. `feet` replaces some Feet; an empty Foot
    (`""`) means the player has picked it up. `variant` is the [Variant] tag's value."""
    held = {**HANDS, **(hands or {})}
    footed = {**FEET, **(feet or {})}
    lines = [TAGS + (f'[Variant "{variant}"]\n' if variant else "") + head, f"hand {number} dealer {dealer}"]
    if totals:
        lines.append(f"total {totals}")
    lines.append("position")
    lines += [f"hold {player} {cards}".rstrip() for player, cards in held.items()]
    lines += [f"foot {player} {cards}" for player, cards in footed.items() if cards]
    lines += [f"table {side} {melds}" for side, melds in (tables or {}).items()]
    lines.append(f"pile {pile}")
    if stock is not None:
        lines.append(f"stock {stock}")
    lines.append(f"turn {to_play}")
    return "\n".join([*lines, *turns]) + "\n"


def table_after(text: str, turn: int = 1, hand: int = 1) -> dict:
    """The table once the `turn`th turn of the hand is over."""
    table = arbiter.table_after(text, hand=hand, turn=turn)
    assert table is not None
    return table


def cards(text: str) -> list[str]:
    """Cards as the table lists them, in the order of the pack."""
    return text.split()


def breakdown(text: str, side: str) -> str:
    """How the arbiter counts a side's round: the message of a declared score it disagrees with."""
    ruling = judge(text + "score ann+cid 1 bob+dee 1\n")
    [message] = [
        f.message for f in ruling.findings if f.code == "score-mismatch" and f"{side} is declared" in f.message
    ]
    return message


BOB_MELDED = {"bob+dee": "[K K K]"}


# --- the cards and the deal ---------------------------------------------------------------------

DEAL = """hand 1 dealer dee
deal ann 5 5 5 9 K K 2 J Q 4 8 A 7
deal bob 4 4 6 7 8 10 10 Q Q A A 2 S
deal cid 6 6 7 8 9 10 J J Q K A X 4
deal dee 7 7 8 9 9 10 J Q K A 2 5 6
foot ann 6 6 7 7 8 9 10 J Q K A X S
foot bob 5 5 6 8 9 9 J J K K A 2 7
foot cid 4 5 7 8 9 10 Q K A 2 2 S 9
foot dee 4 4 6 8 10 10 J Q K A X 5 9
up 6
ann: draw K 9, meld [K K K] [5 5 5] [9 9 2], discard 4
"""


def test_each_player_is_dealt_a_hand_of_thirteen_and_a_foot_of_thirteen():
    assert_legal(TAGS + DEAL)
    error = assert_illegal(TAGS + DEAL.replace("deal dee 7 7 8", "deal dee 7 8"), "deal-size", "deal dee")
    assert "13" in error.message


def test_a_missing_foot_is_a_wrong_deal():
    error = assert_illegal(TAGS + DEAL.replace("foot cid 4 5 7 8 9 10 Q K A 2 2 S 9\n", ""), "deal-packet")
    assert "cid" in error.message


def test_a_foot_of_the_wrong_size_is_a_wrong_deal():
    short = DEAL.replace("foot bob 5 5 6 8 9 9 J J K K A 2 7", "foot bob 5 5 6 8 9 9 J J K K A 2")
    error = assert_illegal(TAGS + short, "deal-packet", "foot bob")
    assert "13" in error.message


def test_the_options_deal_other_sizes_of_hand_and_foot():
    eleven = (
        DEAL.replace("deal ann 5 5 5 9 K K 2 J Q 4 8 A 7", "deal ann 5 5 5 9 K K 2 J Q 4 8")
        .replace("deal bob 4 4 6 7 8 10 10 Q Q A A 2 S", "deal bob 4 4 6 7 8 10 10 Q Q A A")
        .replace("deal cid 6 6 7 8 9 10 J J Q K A X 4", "deal cid 6 6 7 8 9 10 J J Q K A")
        .replace("deal dee 7 7 8 9 9 10 J Q K A 2 5 6", "deal dee 7 7 8 9 9 10 J Q K A 2")
    )
    options = '[Variant "hand-size=11"]\n'
    assert_legal(TAGS + options + eleven)
    assert_illegal(TAGS + eleven, "deal-size", "deal")
    feet = DEAL.replace("foot dee 4 4 6 8 10 10 J Q K A X 5 9", "foot dee 4 4 6 8 10 10 J Q K A X 5 9 A A")
    assert_illegal(TAGS + feet, "deal-packet", "foot dee")
    for player in ("ann", "bob", "cid"):
        line = next(line for line in feet.splitlines() if line.startswith(f"foot {player}"))
        feet = feet.replace(line, line + " 4 4")
    assert_legal(TAGS + '[Variant "foot-size=15"]\n' + feet)


def test_five_packs_hold_twenty_of_each_natural():
    # seventeen Kings on the table and three in bob's hand: the twenty of five packs
    tables = {"bob+dee": "[K K K K K K K] [K K K K K K K] [K K K 2]"}
    assert_legal(hand_and_foot("bob: draw 4 5, discard 4", tables=tables))
    error = assert_illegal(hand_and_foot("bob: draw K 5, discard 5", tables=tables), "card-count", "bob: draw K 5")
    assert "20 Ks" in error.message


def test_the_up_card_turning_goes_past_wilds_bonus_and_stop_cards():
    assert_legal(TAGS + DEAL.replace("up 6", "up 2 B S 6"))
    assert_illegal(TAGS + DEAL.replace("up 6", "up 6 9"), "up-card", "up 6 9")


def test_hand_and_foot_has_no_caliente_cards():
    assert_illegal(hand_and_foot("bob: caliente, draw 4 5, discard 4", hands={"bob": "C 4 9 7"}), "position")


def test_hand_and_foot_is_played_by_four_in_two_partnerships():
    three = TAGS.replace("ann bob cid dee", "ann bob cid").replace('[Teams "ann+cid bob+dee"]\n', "")
    assert_illegal(three + DEAL, "seating")


# --- the turn -------------------------------------------------------------------------------------


def test_a_player_draws_two_cards_and_discards_one():
    assert_legal(hand_and_foot("bob: draw 4 5, discard 4"))
    assert_illegal(hand_and_foot("bob: draw 4, discard 4"), "draw-count", "bob:")
    assert_illegal(hand_and_foot("bob: draw 4 5 6, discard 4"), "draw-count", "bob:")
    assert_illegal(hand_and_foot("bob: discard 7"), "draw-first", "bob:")
    assert_illegal(hand_and_foot("bob: draw 4 5"), "discard", "bob:")
    assert_illegal(hand_and_foot("ann: draw 4 5, discard 4"), "turn-order", "ann:")


def test_a_bonus_card_is_never_discarded():
    assert_illegal(
        hand_and_foot("bob: draw 4 5, discard B", hands={"bob": "7 B"}, tables=BOB_MELDED), "bonus-discard", "bob:"
    )


# --- picking up the Foot -------------------------------------------------------------------------

LAST_TWO = {"bob": "9 9"}


def test_a_player_who_melds_the_whole_hand_picks_up_the_foot_at_once_and_plays_on():
    text = hand_and_foot(
        "bob: draw 9 J, meld [9 9 9], add [J] to J, foot, meld [5 5 2], discard 4",
        hands=LAST_TWO,
        tables={"bob+dee": "[K K K] [J J J]"},
    )
    assert_legal(text)
    table = table_after(text)
    assert "bob" not in table["feet"]
    assert table["hands"]["bob"] == cards("6 7 8 9 10 J Q A X")


def test_melding_the_whole_hand_and_ending_the_turn_without_the_foot_is_wrong():
    error = assert_illegal(
        hand_and_foot(
            "bob: draw 9 J, meld [9 9 9], add [J] to J",
            hands=LAST_TWO,
            tables={"bob+dee": "[K K K] [J J J]"},
        ),
        "foot-pickup",
        "bob:",
    )
    assert "at once" in error.message


def test_a_player_who_discards_the_last_card_of_the_hand_picks_up_the_foot_next_turn():
    turns = ("bob: draw 9 4, meld [9 9 9], discard 4", "cid: draw 4 5, discard 4", "dee: draw 4 5, discard 4")
    assert_legal(hand_and_foot(*turns[:1], hands=LAST_TWO, tables=BOB_MELDED))
    played = hand_and_foot(
        *turns, "ann: draw 4 5, discard 4", "bob: foot, draw 4 5, discard 4", hands=LAST_TWO, tables=BOB_MELDED
    )
    assert_legal(played)
    late = hand_and_foot(
        *turns, "ann: draw 4 5, discard 4", "bob: draw 4 5, foot, discard 4", hands=LAST_TWO, tables=BOB_MELDED
    )
    error = assert_illegal(late, "foot-pickup", "bob: draw 4 5, foot")
    assert "begins by picking up the Foot" in error.message


def test_the_foot_is_not_picked_up_with_cards_still_in_the_hand():
    error = assert_illegal(hand_and_foot("bob: draw 4 5, foot, discard 4", tables=BOB_MELDED), "foot-pickup", "bob:")
    assert "still holds" in error.message


def test_the_foot_is_picked_up_only_once():
    error = assert_illegal(
        hand_and_foot(
            "bob: draw 9 J, meld [9 9 9], add [J] to J, foot, foot, discard 4",
            hands=LAST_TWO,
            tables={"bob+dee": "[K K K] [J J J]"},
        ),
        "foot-pickup",
        "bob:",
    )
    assert "already picked up" in error.message
    assert_illegal(
        hand_and_foot(
            "bob: draw 9 J, meld [9 9 9], foot, discard J", hands={"bob": "9 9"}, tables=BOB_MELDED, feet={"bob": ""}
        ),
        "foot-pickup",
        "bob:",
    )


def test_bonus_cards_found_in_the_foot_are_laid_and_replaced():
    foot_with_bonus = {"bob": "4 5 6 7 8 9 10 J Q A 2 B B"}
    laid = hand_and_foot(
        "bob: draw 9 J, meld [9 9 9], add [J] to J, foot, bonus B B, draw 6 7, discard 4",
        hands=LAST_TWO,
        feet=foot_with_bonus,
        tables={"bob+dee": "[K K K] [J J J]"},
    )
    assert_legal(laid)
    assert table_after(laid)["laid"]["bob+dee"] == ["B", "B"]
    error = assert_illegal(laid.replace("bonus B B, draw 6 7, ", "bonus B B, "), "bonus-replacement", "bob:")
    assert "replacement" in error.message


def test_a_bonus_card_in_a_foot_picked_up_as_the_turn_begins_is_laid_and_replaced_before_the_draw():
    foot = {"bob": "4 5 6 7 8 9 10 J Q A 2 X B"}
    text = hand_and_foot(
        "bob: foot, bonus B, draw 6, draw 4 5, discard 4", hands={"bob": ""}, feet=foot, tables=BOB_MELDED
    )
    assert_legal(text)
    assert table_after(text)["laid"]["bob+dee"] == ["B"]


def test_a_bonus_card_that_comes_with_the_pile_is_laid_without_a_replacement():
    assert_legal(hand_and_foot("bob: take 9 with [9 9], bonus B, discard 5", pile="4 B 5 9", tables=BOB_MELDED))
    error = assert_illegal(
        hand_and_foot("bob: take 9 with [9 9], bonus B, draw 6, discard 5", pile="4 B 5 9", tables=BOB_MELDED),
        "bonus-replacement",
        "bob:",
    )
    assert "laid without one" in error.message


# --- the pile is always frozen ------------------------------------------------------------------


def test_the_pile_is_taken_with_a_natural_pair_of_the_up_cards_rank():
    text = hand_and_foot("bob: take 9 with [9 9], discard 5", tables=BOB_MELDED)
    assert_legal(text)
    table = table_after(text)
    assert table["melds"]["bob+dee"] == [["K", "K", "K"], ["9", "9", "9"]]
    assert table["pile"] == ["5"]  # the whole pile went to bob's hand (option pile-take=all)


def test_the_pile_is_frozen_even_with_no_wild_in_it_so_a_natural_and_a_wild_do_not_take_it():
    error = assert_illegal(hand_and_foot("bob: take 9 with [9 2], discard 5", tables=BOB_MELDED), "take-frozen", "bob:")
    assert "always frozen" in error.message
    assert error.remedy == "the Prize pile is restored and bob+dee loses 50 points"


def test_the_up_card_never_goes_onto_a_meld_on_the_table():
    error = assert_illegal(
        hand_and_foot("bob: take 9 onto 9, discard 5", tables={"bob+dee": "[K K K] [9 9 9]"}, hands={"bob": "5 7"}),
        "take-frozen",
        "bob:",
    )
    assert "into a new meld" in error.message


def test_the_wrong_take_penalty_option_sets_what_a_wrong_take_costs():
    error = assert_illegal(
        hand_and_foot("bob: take 9 with [9 2], discard 5", tables=BOB_MELDED, variant="wrong-take-penalty=100"),
        "take-frozen",
        "bob:",
    )
    assert error.remedy == "the Prize pile is restored and bob+dee loses 100 points"


def test_before_the_first_meld_the_pile_needs_a_natural_pair_and_the_rounds_minimum():
    assert_legal(hand_and_foot("bob: take 9 with [9 9] and [K K K], discard 5"))  # 30 + 30
    error = assert_illegal(hand_and_foot("bob: take 9 with [9 9], discard 5"), "take-initial", "bob:")
    assert "50 points" in error.message
    assert_illegal(hand_and_foot("bob: take 9 with [9 2] and [K K K], discard 5"), "take-initial", "bob:")
    # in round 2 the same take falls short of 90
    error = assert_illegal(
        hand_and_foot("bob: take 9 with [9 9] and [K K K], discard 5", number=2), "take-initial", "bob:"
    )
    assert "90 points" in error.message


def test_the_up_card_must_be_the_top_card_of_the_pile():
    assert_illegal(
        hand_and_foot("bob: take 5 with [5 5], discard 7", tables=BOB_MELDED, hands={"bob": "5 5 7"}),
        "take-up-card",
        "bob:",
    )


@pytest.mark.parametrize("top", ["2", "X", "S"])
def test_a_wild_or_a_stop_card_on_top_blocks_the_pile(top):
    text = hand_and_foot(
        f"bob: take {top} with [{top} {top}], discard 5",
        pile=f"4 5 {top}",
        tables=BOB_MELDED,
        hands={"bob": f"{top} {top} 5 7"},
    )
    assert_illegal(text, "take-blocked", "bob:")


def test_with_wild_pair_take_a_wild_up_card_is_taken_with_two_of_the_same_wild_into_a_wild_meld():
    option = "wild-pair-take"
    for wild in ("2", "X"):
        text = hand_and_foot(
            f"bob: take {wild} with [{wild} {wild}], discard 5",
            pile=f"4 5 {wild}",
            tables=BOB_MELDED,
            hands={"bob": f"{wild} {wild} 5 7"},
            variant=option,
        )
        assert_legal(text)
        assert table_after(text)["melds"]["bob+dee"][1] == [wild, wild, wild]
    mixed = hand_and_foot(
        "bob: take X with [2 2], discard 5", pile="4 5 X", tables=BOB_MELDED, hands={"bob": "2 2 5 7"}, variant=option
    )
    assert_illegal(mixed, "take-frozen", "bob:")
    onto = hand_and_foot(
        "bob: take 2 onto 2, discard 5",
        pile="4 5 2",
        tables={"bob+dee": "[K K K] [2 2 2]"},
        hands={"bob": "5 7"},
        variant=option,
    )
    assert_illegal(onto, "take-frozen", "bob:")
    # the Stop card still blocks the pile
    stop = hand_and_foot(
        "bob: take S with [S S], discard 5", pile="4 5 S", tables=BOB_MELDED, hands={"bob": "S S 5 7"}, variant=option
    )
    assert_illegal(stop, "take-blocked", "bob:")


def test_a_wild_pair_take_joins_the_open_wild_meld_or_with_the_strict_reading_is_refused():
    def text(variant: str) -> str:
        return hand_and_foot(
            "bob: take 2 with [2 2], discard 5",
            pile="4 5 2",
            tables={"bob+dee": "[K K K] [2 2 X]"},
            hands={"bob": "2 2 5 7"},
            variant=variant,
        )

    assert table_after(text("wild-pair-take"))["melds"]["bob+dee"][1] == ["2", "2", "X", "2", "2", "2"]
    assert_illegal(text("wild-pair-take,pair-take-joins-open-meld=no"), "open-meld", "bob:")


LONG_PILE = "4 4 5 5 6 6 7 7 8 8 9"


def test_the_whole_pile_is_taken_by_default():
    text = hand_and_foot("bob: take 9 with [9 9], discard 5", pile=LONG_PILE, tables=BOB_MELDED)
    assert table_after(text)["pile"] == ["5"]


def test_with_pile_take_7_the_top_seven_cards_are_taken_and_the_rest_stays():
    text = hand_and_foot("bob: take 9 with [9 9], discard 5", pile=LONG_PILE, tables=BOB_MELDED, variant="pile-take=7")
    assert_legal(text)
    table = table_after(text)
    # the up card 9 and the six cards under it (6 6 7 7 8 8) are taken; 4 4 5 5 stay, under bob's discard
    assert table["pile"] == ["4", "4", "5", "5", "5"]
    assert table["hands"]["bob"] == cards("6 6 7 7 7 7 8 8 8 J K K K 2 X")


# --- melds --------------------------------------------------------------------------------------


def test_a_meld_is_three_to_seven_cards_of_a_rank():
    nines = {"bob": "9 9 9 9 9 9 9 9 7"}
    assert_legal(hand_and_foot("bob: draw 4 5, meld [9 9 9], discard 4", tables=BOB_MELDED, hands=nines))
    assert_legal(hand_and_foot("bob: draw 4 5, meld [9 9 9 9 9 9 9], discard 4", tables=BOB_MELDED, hands=nines))
    assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [9 9], discard 4", tables=BOB_MELDED, hands=nines), "meld-size", "bob:"
    )
    error = assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [9 9 9 9 9 9 9 9], discard 4", tables=BOB_MELDED, hands=nines),
        "meld-size",
        "bob:",
    )
    assert "seven" in error.message


def test_sequences_and_bonus_cards_are_not_melds():
    assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [4 5 6], discard 4", tables=BOB_MELDED, hands={"bob": "4 5 6 7"}),
        "meld-rank",
        "bob:",
    )
    assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [9 9 B], discard 4", tables=BOB_MELDED, hands={"bob": "9 9 B 7"}),
        "meld-rank",
        "bob:",
    )


def test_a_mixed_meld_holds_one_or_two_wilds_and_at_least_two_naturals():
    held = {"bob": "9 9 2 2 X 7"}
    assert_legal(hand_and_foot("bob: draw 4 5, meld [9 9 2], discard 4", tables=BOB_MELDED, hands=held))
    assert_legal(hand_and_foot("bob: draw 4 5, meld [9 9 2 X], discard 4", tables=BOB_MELDED, hands=held))
    error = assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [9 9 2 2 X], discard 4", tables=BOB_MELDED, hands=held), "meld-wilds", "bob:"
    )
    assert "at most 2 wild" in error.message
    assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [9 2 X], discard 4", tables=BOB_MELDED, hands=held), "meld-wilds", "bob:"
    )
    assert_illegal(
        hand_and_foot("bob: draw 4 5, add [2] to K, discard 4", tables={"bob+dee": "[K K K 2 X]"}, hands=held),
        "meld-wilds",
        "bob:",
    )


def test_with_two_naturals_per_wild_a_meld_needs_twice_as_many_naturals_as_wilds():
    option = "wild-ratio=two-naturals-per-wild"
    held = {"bob": "9 9 9 9 2 X 7"}
    assert_legal(hand_and_foot("bob: draw 4 5, meld [9 9 2 X], discard 4", tables=BOB_MELDED, hands=held))
    error = assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [9 9 2 X], discard 4", tables=BOB_MELDED, hands=held, variant=option),
        "meld-wilds",
        "bob:",
    )
    assert "wild-ratio" in error.message
    assert_legal(
        hand_and_foot("bob: draw 4 5, meld [9 9 9 9 2 X], discard 4", tables=BOB_MELDED, hands=held, variant=option)
    )


def test_a_wild_meld_is_three_to_seven_wild_cards_named_2():
    held = {"bob": "2 2 2 2 X X X X 7"}
    text = hand_and_foot("bob: draw 4 5, meld [2 2 X], add [X 2] to 2, discard 4", tables=BOB_MELDED, hands=held)
    assert_legal(text)
    assert table_after(text)["melds"]["bob+dee"][1] == ["2", "2", "X", "X", "2"]
    assert_legal(hand_and_foot("bob: draw 4 5, meld [2 2 2 2 X X X], discard 4", tables=BOB_MELDED, hands=held))
    assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [2 X], discard 4", tables=BOB_MELDED, hands=held), "meld-size", "bob:"
    )
    assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [2 2 2 2 X X X X], discard 4", tables=BOB_MELDED, hands=held),
        "meld-size",
        "bob:",
    )
    # a natural never joins the wild meld
    assert_illegal(
        hand_and_foot("bob: draw 4 5, add [7] to 2, discard 4", tables={"bob+dee": "[K K K] [2 2 2]"}, hands=held),
        "meld-rank",
        "bob:",
    )


def test_cards_are_added_only_to_a_meld_the_side_has():
    error = assert_illegal(
        hand_and_foot("bob: draw 4 5, add [9] to 9, discard 4", tables=BOB_MELDED, hands={"bob": "9 7"}),
        "meld-unknown",
        "bob:",
    )
    assert "9s" in error.message


def test_stop_cards_are_melded_only_by_a_player_going_out():
    assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [S S S], discard 4", tables=BOB_MELDED, hands={"bob": "S S S 7"}),
        "stop-meld",
        "bob:",
    )


# --- a canasta is closed; one open meld of a rank --------------------------------------------------

KINGS_CLOSED = {"bob+dee": "[K K K K K K K]"}


def test_a_meld_of_six_takes_one_more_card_and_closes_as_a_canasta():
    text = hand_and_foot("bob: draw 4 5, add [K] to K, discard 4", tables={"bob+dee": "[K K K K K K]"})
    assert_legal(text)
    assert_illegal(
        hand_and_foot("bob: draw 4 5, add [K K] to K, discard 4", tables={"bob+dee": "[K K K K K K]"}),
        "meld-size",
        "bob:",
    )


def test_no_card_is_added_to_a_closed_canasta():
    error = assert_illegal(
        hand_and_foot("bob: draw 4 5, add [K] to K, discard 4", tables=KINGS_CLOSED), "meld-closed", "bob:"
    )
    assert "closed at seven" in error.message
    # not a wild either, to a mixed canasta or to the wild canasta
    assert_illegal(
        hand_and_foot("bob: draw 4 5, add [2] to Q, discard 4", tables={"bob+dee": "[Q Q Q Q Q 2 X]"}),
        "meld-closed",
        "bob:",
    )
    assert_illegal(
        hand_and_foot("bob: draw 4 5, add [2] to 2, discard 4", tables={"bob+dee": "[K K K] [2 2 2 2 2 X X]"}),
        "meld-closed",
        "bob:",
    )


def test_a_side_never_has_two_open_melds_of_one_rank():
    error = assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [K K K], discard 4", tables={"bob+dee": "[K K K]"}), "open-meld", "bob:"
    )
    assert "not closed" in error.message
    assert_illegal(
        hand_and_foot(
            "bob: draw 4 5, meld [9 9 9] [9 9 9], discard 4", tables=BOB_MELDED, hands={"bob": "9 9 9 9 9 9 7"}
        ),
        "open-meld",
        "bob:",
    )
    assert_illegal(
        hand_and_foot(
            "bob: draw 4 5, meld [2 2 X], discard 4", tables={"bob+dee": "[K K K] [2 2 2]"}, hands={"bob": "2 2 X 7"}
        ),
        "open-meld",
        "bob:",
    )


def test_a_pair_take_joins_the_sides_open_meld_of_the_rank():
    text = hand_and_foot(
        "bob: take 8 with [8 8], discard 5",
        pile="4 5 8",
        tables={"bob+dee": "[K K K] [8 8 8 2]"},
        hands={"bob": "8 8 5 7"},
    )
    assert_legal(text)
    assert table_after(text)["melds"]["bob+dee"] == [["K", "K", "K"], ["8", "8", "8", "2", "8", "8", "8"]]
    assert_legal(
        hand_and_foot(
            "bob: take 9 with [9 9], discard 5", tables={"bob+dee": "[K K K] [9 9 9 9 9 9 9]"}, hands={"bob": "9 9 5 7"}
        )
    )


def test_a_pair_take_that_would_overfill_the_open_meld_is_refused_as_such():
    text = hand_and_foot(
        "bob: take 9 with [9 9], discard 5", tables={"bob+dee": "[K K K] [9 9 9 9 9 2]"}, hands={"bob": "9 9 5 7"}
    )
    assert "at most seven cards" in assert_illegal(text, "meld-size", "bob:").message


def test_with_the_strict_reading_the_pair_take_is_refused_as_a_second_open_meld():
    text = hand_and_foot(
        "bob: take 8 with [8 8], discard 5",
        pile="4 5 8",
        tables={"bob+dee": "[K K K] [8 8 8 2]"},
        hands={"bob": "8 8 5 7"},
        variant="pair-take-joins-open-meld=no",
    )
    assert "not closed" in assert_illegal(text, "open-meld", "bob:").message


def test_once_the_first_is_closed_a_second_meld_of_the_rank_is_started_and_named_k2():
    text = hand_and_foot("bob: draw 4 5, meld [K K K], add [2] to K#2, discard 4", tables=KINGS_CLOSED)
    assert_legal(text)
    assert table_after(text)["melds"]["bob+dee"] == [["K"] * 7, ["K", "K", "K", "2"]]
    assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [K K K], add [2] to K#3, discard 4", tables=KINGS_CLOSED),
        "meld-unknown",
        "bob:",
    )
    # `K` still names the first meld, which is closed
    assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [K K K], add [2] to K, discard 4", tables=KINGS_CLOSED),
        "meld-closed",
        "bob:",
    )
    wild = {"bob+dee": "[K K K] [2 2 2 2 X X X]"}
    assert_legal(
        hand_and_foot("bob: draw 4 5, meld [2 2 X], add [2] to 2#2, discard 4", tables=wild, hands={"bob": "2 2 2 X 7"})
    )


# --- the round's minimum ------------------------------------------------------------------------

TO_MELD = {"bob": "K K K A A 2 X 9 9 Q Q J 7"}


def first_meld(melds: str, number: int, variant: str = "", totals: str | None = None) -> str:
    return hand_and_foot(
        f"bob: draw 4 5, meld {melds}, discard 4", hands=TO_MELD, number=number, variant=variant, totals=totals
    )


@pytest.mark.parametrize(
    ("number", "minimum", "enough", "short"),
    [
        (1, 50, "[K K K] [9 9 2]", "[K K K]"),  # 70 and 30
        (2, 90, "[K K K] [A A 2]", "[K K K] [9 9 2]"),  # 90 and 70
        (3, 120, "[K K K] [A A X]", "[K K K] [A A 2]"),  # 120 and 90
        (4, 150, "[K K K] [A A X] [9 9 2]", "[K K K] [A A X]"),  # 190 and 120
    ],
)
def test_the_first_meld_minimum_follows_the_round(number, minimum, enough, short):
    assert_legal(first_meld(enough, number))
    error = assert_illegal(first_meld(short, number), "first-meld-minimum", "bob:")
    assert f"worth {minimum} points" in error.message
    assert "rises by 10" in (error.remedy or "")


@pytest.mark.parametrize("totals", ["ann+cid 0 bob+dee 8000", "ann+cid 0 bob+dee -500"])
def test_the_minimum_does_not_depend_on_the_sides_score(totals):
    assert_legal(first_meld("[K K K] [9 9 2]", 1, totals=totals))
    error = assert_illegal(first_meld("[K K K]", 1, totals=totals), "first-meld-minimum", "bob:")
    assert "worth 50 points" in error.message


def test_several_melds_and_additions_of_one_turn_make_the_minimum_but_bonus_cards_do_not():
    assert_legal(hand_and_foot("bob: draw 4 5, meld [K K K], add [2] to K, discard 4", hands=TO_MELD))  # 30 + 20
    assert_illegal(
        hand_and_foot("bob: draw 4 5, meld [K K K], discard 4", hands=TO_MELD, tables={"bob+dee": "B B"}),
        "first-meld-minimum",
        "bob:",
    )


def test_the_minimum_is_made_by_one_player_in_one_turn():
    text = hand_and_foot(
        "bob: draw 4 5, meld [K K K], discard 4",
        "cid: draw 4 5, discard 4",
        "dee: draw 6 Q, meld [6 6 6], discard 4",
        hands=TO_MELD,
    )
    assert_illegal(text, "first-meld-minimum", "bob:")


def test_the_minimums_option_sets_each_rounds_minimum():
    option = "minimums=80/30/120/150"
    error = assert_illegal(first_meld("[K K K] [9 9 2]", 1, option), "first-meld-minimum", "bob:")
    assert "worth 80 points" in error.message
    assert_legal(first_meld("[K K K] [9 9 2] [A A X]", 1, option))
    assert_legal(first_meld("[K K K]", 2, option))


def test_rounds_after_the_fourth_keep_the_last_minimum():
    option = "rounds=6"
    error = assert_illegal(first_meld("[K K K] [A A X]", 5, option), "first-meld-minimum", "bob:")
    assert "worth 150 points" in error.message
    assert_legal(first_meld("[K K K] [A A X] [9 9 2]", 6, option))


def test_the_failed_minimum_raise_option_sets_how_much_the_minimum_rises():
    error = assert_illegal(first_meld("[K K K]", 1, "failed-minimum-raise=25"), "first-meld-minimum", "bob:")
    assert "rises by 25" in (error.remedy or "")


# --- going out ------------------------------------------------------------------------------------

# two natural, two mixed and one wild canasta
FIVE_CANASTAS = {"bob+dee": "[K K K K K K K] [J J J J J J J] [Q Q Q Q Q 2 2] [8 8 8 8 8 8 X] [2 2 2 X X 2 2]"}
FEET_PLAYED = {"bob": "", "dee": ""}  # bob and dee have picked up their Feet and played from them
GOING_OUT = "bob: draw 9 4, ask yes, meld [9 9 9], discard 4, out"
BOB_OUT = {"bob": "9 9"}


def going_out(
    *turns: str,
    tables: dict[str, str] = FIVE_CANASTAS,
    hands: dict[str, str] | None = None,
    feet: dict[str, str] | None = None,
    **kwargs: object,
) -> str:
    """bob to play (GOING_OUT unless `turns`), his side with its five canastas, both Feet played."""
    held = {**BOB_OUT, **(hands or {})}
    footed = {**FEET_PLAYED, **(feet or {})}
    return hand_and_foot(*(turns or (GOING_OUT,)), hands=held, feet=footed, tables=tables, **kwargs)  # type: ignore[arg-type]


def test_a_side_with_two_natural_two_mixed_and_one_wild_canasta_goes_out():
    ruling = assert_legal(going_out())
    assert ruling.hands[0].ended
    assert_legal(going_out("bob: draw 9 9, ask yes, meld [9 9 9 9], out"))  # going out by melding every card


def test_going_out_short_of_a_canasta_of_the_quota_is_wrong():
    no_wild = {"bob+dee": FIVE_CANASTAS["bob+dee"].replace("[2 2 2 X X 2 2]", "[2 2 2 X X 2]")}
    error = assert_illegal(going_out(tables=no_wild), "go-out-canasta", "bob:")
    assert "1 more wild" in error.message and "2/2/1" in error.message
    one_mixed = {"bob+dee": FIVE_CANASTAS["bob+dee"].replace("[8 8 8 8 8 8 X]", "[8 8 8 8 8 X]")}
    error = assert_illegal(going_out(tables=one_mixed), "go-out-canasta", "bob:")
    assert "1 more mixed" in error.message


def test_with_canastas_to_go_out_1_1_1_one_of_each_kind_is_enough():
    option = "canastas-to-go-out=1/1/1"
    three = {"bob+dee": "[K K K K K K K] [Q Q Q Q Q 2 2] [2 2 2 X X 2 2]"}
    assert_legal(going_out(tables=three, variant=option))
    assert_illegal(going_out(tables=three), "go-out-canasta", "bob:")
    no_wild = {"bob+dee": "[K K K K K K K] [Q Q Q Q Q 2 2] [2 2 2 X X 2]"}
    error = assert_illegal(going_out(tables=no_wild, variant=option), "go-out-canasta", "bob:")
    assert "1/1/1" in error.message


def test_the_partner_must_have_picked_up_the_foot_before_a_player_goes_out():
    error = assert_illegal(going_out(feet={"dee": FOOT}), "go-out-foot", "bob:")
    assert "dee has not yet picked up the Foot" in error.message


def test_the_partner_must_have_played_from_the_foot_before_a_player_goes_out():
    # dee discards the last card of her Hand: her Foot waits for her next turn, so she has not played from it
    dee_first = ("dee: draw 5 4, meld [5 5 5], discard 4", "ann: draw 4 5, discard 4")
    text = going_out(*dee_first, GOING_OUT, hands={"dee": "5 5"}, feet={"dee": FOOT}, to_play="dee")
    assert_illegal(text, "go-out-foot", "bob:")
    # dee picks up the Foot by melding her whole Hand, and ends that turn with it: she has played from it
    at_once = going_out(
        "dee: draw 5 4, meld [5 5 5], add [4] to 4, foot, discard 5",
        "ann: draw 4 5, discard 4",
        GOING_OUT,
        hands={"dee": "5 5"},
        feet={"dee": FOOT},
        tables={"bob+dee": FIVE_CANASTAS["bob+dee"] + " [4 4 4]"},
        to_play="dee",
    )
    assert_legal(at_once)


def test_going_out_needs_asking_the_partner_first():
    error = assert_illegal(going_out(GOING_OUT.replace("ask yes, ", "")), "ask", "bob:")
    assert "without asking dee" in error.message
    error = assert_illegal(going_out("bob: draw 9 4, meld [9 9 9], ask yes, discard 4, out"), "ask", "bob:")
    assert "before melding" in error.message


def test_with_ask_required_off_a_player_goes_out_without_asking():
    assert_legal(going_out(GOING_OUT.replace("ask yes, ", ""), variant="ask-required=no"))
    error = assert_illegal(
        going_out(GOING_OUT.replace("ask yes", "ask no"), variant="ask-required=no"), "go-out-permission", "bob:"
    )
    assert "told no" in error.message


def test_the_partners_no_binds():
    error = assert_illegal(going_out(GOING_OUT.replace("ask yes", "ask no")), "go-out-permission", "bob:")
    assert error.remedy == "bob+dee loses 100 points"
    assert_legal(going_out("bob: draw 9 4, ask no, meld [9 9 9], discard 4", hands={"bob": "9 9 5"}))


def test_a_player_told_yes_must_go_out():
    error = assert_illegal(
        going_out("bob: draw 9 4, ask yes, meld [9 9 9], discard 4", hands={"bob": "9 9 5"}),
        "go-out-permission",
        "bob:",
    )
    assert "told yes" in error.message


def test_the_permission_penalty_option_sets_what_a_no_ignored_costs():
    error = assert_illegal(
        going_out(GOING_OUT.replace("ask yes", "ask no"), variant="permission-penalty=250"), "go-out-permission", "bob:"
    )
    assert error.remedy == "bob+dee loses 250 points"


def test_a_player_going_out_may_meld_three_or_four_stop_cards():
    assert_legal(going_out("bob: draw 9 4, ask yes, meld [9 9 9] [S S S], discard 4, out", hands={"bob": "9 9 S S S"}))
    error = assert_illegal(
        going_out("bob: draw 9 4, ask yes, meld [9 9 9] [S S S S S], discard 4, out", hands={"bob": "9 9 S S S S S"}),
        "stop-meld",
        "bob:",
    )
    assert "three or four" in error.message


def test_nothing_is_played_after_a_player_goes_out():
    assert_illegal(going_out(GOING_OUT, "cid: draw 4 5, discard 4"), "hand-over", "cid:")


def test_out_says_the_player_has_no_cards_left():
    error = assert_illegal(hand_and_foot("bob: draw 4 5, discard 4, out", tables=BOB_MELDED), "out-marker", "bob:")
    assert "13 cards are still in hand" in error.message


# --- the stock runs out ---------------------------------------------------------------------------


def near_the_end(*turns: str, stock: str, hands: dict[str, str] | None = None) -> str:
    """Every card of the five packs is accounted for but the `stock` (cards, top first, or `0
    cards`); cid's Foot is still face down, every other Foot has been picked up."""
    tables = {
        "ann+cid": "[6 6 6 6 6 6 6] [6 6 6 6 6 6 6] [6 6 6 6 6] B B B B B",
        "bob+dee": "[K K K K K K K] [K K K] B B B B",
    }
    feet = {**PICKED_UP, "cid": FOOT}
    shown = [stock.replace("0 cards", ""), *tables.values(), *feet.values()]
    held = the_rest(PLAYERS, "4 5 9", *shown, packs=5, hands={"bob": "9 9 7", "cid": "7 7 4", **(hands or {})})
    return hand_and_foot(*turns, hands=held, feet=feet, tables=tables, stock=stock)


def test_when_the_stock_is_drawn_out_the_next_player_passes_and_the_round_ends():
    ruling = assert_legal(near_the_end("bob: draw 7 8, discard 7", "cid: pass", stock="7 8"))
    assert ruling.hands[0].ended
    assert_illegal(near_the_end("bob: draw 7 8, discard 7", "cid: pass", "dee: pass", stock="7 8"), "hand-over", "dee:")


def test_on_an_exhausted_stock_the_pile_is_not_taken():
    error = assert_illegal(
        near_the_end("bob: draw 7 8, discard 7", "cid: take 7 with [7 7], discard 4", stock="7 8"), "pass", "cid:"
    )
    assert "exhausted" in error.message


def test_nobody_is_forced_to_take_the_pile_on_an_exhausted_stock():
    # cid could take bob's 9 with his two 9s, but the pile is always frozen: he passes
    assert_legal(near_the_end("bob: draw 7 8, discard 9", "cid: pass", stock="7 8", hands={"cid": "9 9 4"}))


def test_nobody_draws_from_an_empty_stock_or_passes_before_it_is_empty():
    assert_illegal(
        near_the_end("bob: draw 7 8, discard 7", "cid: draw 4 5, discard 4", stock="7 8"), "stock-empty", "cid:"
    )
    error = assert_illegal(hand_and_foot("bob: pass"), "pass", "bob:")
    assert "may pass only when it is exhausted" in error.message


def test_the_last_single_card_of_the_stock_is_drawn_alone():
    assert_legal(near_the_end("bob: draw 7, discard 7", "cid: pass", stock="7"))
    assert_illegal(near_the_end("bob: draw 7 8, discard 7", stock="7"), "draw-count", "bob:")


def test_cards_are_drawn_in_the_order_of_a_stated_stock():
    error = assert_illegal(near_the_end("bob: draw 8 7, discard 7", stock="7 8"), "stock-order", "bob:")
    assert "next card of the stock is 7" in error.message


def test_a_bonus_card_drawn_last_is_laid_and_the_round_ends():
    ruling = assert_legal(near_the_end("bob: draw 7 B, bonus B", stock="7 B"))
    assert ruling.hands[0].ended
    assert_illegal(near_the_end("bob: draw 7 B, bonus B, discard 7", stock="7 B"), "last-bonus", "bob:")
    assert_illegal(near_the_end("bob: draw 7 B, discard 7", stock="7 B"), "last-bonus", "bob:")


def test_a_round_ended_by_the_stock_earns_nobody_the_going_out_bonus():
    text = near_the_end("bob: draw 7 8, discard 7", "cid: pass", stock="7 8")
    for side in ("ann+cid", "bob+dee"):
        assert "going out" not in breakdown(text, side)
    # cid's Foot, never picked up, counts against ann+cid
    assert "left in cid's Foot (4 5 5 6 7 8 9 10 J Q A 2 X) -165" in breakdown(text, "ann+cid")


# --- scoring --------------------------------------------------------------------------------------

BONUS_FOOT = "4 5 6 7 8 9 10 J Q A 2 X B"  # 160 in cards and a Bonus card


def scored(variant: str = "") -> str:
    """bob goes out; ann+cid keep a Stop card in each Hand, a Bonus card in cid's Hand and one in
    ann's Foot, and cid's Foot is never picked up."""
    tables = {"bob+dee": FIVE_CANASTAS["bob+dee"] + " B B", "ann+cid": "[A A A] B"}
    return going_out(tables=tables, hands={"ann": "S", "cid": "S 4 B"}, feet={"ann": BONUS_FOOT}, variant=variant)


def test_a_round_is_scored_with_the_canastas_going_out_and_the_bonus_cards():
    text = scored()
    # bob+dee: 540 in the five canastas and 30 for the 9s; 2 x 500, 2 x 300 and 1500 for the
    # canastas, 100 for going out, 200 for two Bonus cards; less dee's Hand (80)
    ruling = assert_legal(text + "score ann+cid -380 bob+dee 3890\n")
    assert ruling.hands[0].scores == {"ann+cid": -380, "bob+dee": 3890}
    counted = breakdown(text, "bob+dee")
    for line in (
        "melded Ks (K K K K K K K) +70",
        "melded wild cards (2 2 2 X X 2 2) +200",
        "melded 9s (9 9 9) +30",
        "going out +100",
        "natural canasta of Ks +500",
        "mixed canasta of Qs +300",
        "wild canasta of wild cards +1500",
        "2 Bonus cards +200",
        "left in dee's hand (4 5 5 6 6 7 8 10 10 J Q) -80",
    ):
        assert line in counted
    assert_illegal(text + "score ann+cid -380 bob+dee 3790\n", "score-mismatch", "score")


def test_every_card_left_in_a_hand_or_a_foot_counts_against_a_stop_5_and_a_bonus_100():
    counted = breakdown(scored(), "ann+cid")
    for line in (
        "melded As (A A A) +60",
        "1 Bonus card +100",
        "left in ann's hand (S) -5",
        "left in ann's Foot (4 5 6 7 8 9 10 J Q A 2 X B) -260",
        "left in cid's hand (4 B S) -110",
        "left in cid's Foot (4 5 5 6 7 8 9 10 J Q A 2 X) -165",
    ):
        assert line in counted


def test_a_bonus_card_forgotten_in_the_hand_is_warned_about():
    ruling = assert_legal(scored())
    [warning] = [f for f in ruling.findings if f.code == "bonus-in-hand"]
    assert not warning.is_error and "cid" in warning.message


def test_the_bonus_in_hand_penalty_option_sets_what_a_forgotten_bonus_card_costs():
    counted = breakdown(scored("bonus-in-hand-penalty=300"), "ann+cid")
    assert "left in cid's hand (4 B S) -310" in counted
    assert "left in ann's Foot (4 5 6 7 8 9 10 J Q A 2 X B) -460" in counted


def test_declared_totals_must_add_up():
    text = going_out() + "score ann+cid -550 bob+dee 3690\n"
    assert_legal(text + "total ann+cid -550 bob+dee 3690\n")
    error = assert_illegal(text + "total ann+cid -550 bob+dee 3600\n", "total-mismatch", "total")
    assert "3690" in error.message


# --- the game: four rounds ------------------------------------------------------------------------

NEXT_ROUND = DEAL.replace("hand 1 dealer dee", "hand 5 dealer bob").replace(
    "ann: draw K 9, meld [K K K] [5 5 5] [9 9 2], discard 4\n", ""
)


def last_round(result: str = "", number: int = 4, variant: str = "", totals: str = "ann+cid 2000 bob+dee 1000") -> str:
    head = f'[Result "{result}"]\n' if result else ""
    return going_out(number=number, totals=totals, variant=variant, head=head)


def test_the_game_is_four_rounds_and_the_higher_total_wins():
    # bob+dee make 3690 in the fourth round: 4690 against ann+cid's 1450
    ruling = assert_legal(last_round("bob+dee"))
    assert ruling.totals == {"ann+cid": 1450, "bob+dee": 4690}
    assert ruling.winner == "bob+dee"
    assert_illegal(last_round("ann+cid"), "result-mismatch", "[Result")


def test_the_higher_total_wins_whoever_went_out():
    ruling = assert_legal(last_round("ann+cid", totals="ann+cid 6000 bob+dee 1000"))
    assert ruling.winner == "ann+cid"


def test_no_fifth_round_is_played():
    error = assert_illegal(last_round() + NEXT_ROUND, "game-over", "hand 5")
    assert "4 rounds" in error.message


def test_the_result_is_named_only_after_the_last_round():
    assert_illegal(last_round("bob+dee", number=3), "result-mismatch", "[Result")
    assert_legal(last_round(number=3))


def test_the_rounds_option_sets_the_length_of_the_game():
    assert_legal(last_round(variant="rounds=5") + NEXT_ROUND)
    assert_illegal(last_round("bob+dee", variant="rounds=5"), "result-mismatch", "[Result")
    assert_legal(last_round("bob+dee", number=2, variant="rounds=2"))


# --- the record -----------------------------------------------------------------------------------


def test_the_rules_shared_with_caliente_hold_in_hand_and_foot():
    assert_illegal(hand_and_foot("eve: draw 4 5, discard 4"), "unknown-player", "eve:")
    assert_illegal(hand_and_foot("bob: draw 4 5, discard A"), "card-not-held", "bob:")
    following = DEAL.replace("hand 1 dealer dee", "hand 2 dealer bob")
    assert_illegal(hand_and_foot("bob: draw 4 5, discard 4", number=2) + following, "hand-number", "hand 2")
    assert_illegal(
        hand_and_foot("bob: draw 4 5, discard 4") + following.replace("dealer bob", "dealer cid"),
        "dealer-order",
        "hand 2",
    )
    assert_illegal(
        hand_and_foot("bob: draw 4 5, discard 4").replace("dealer ann", "dealer ann sitout cid"),
        "sitting-out",
        "sitout",
    )


NEVER_RAISED = {
    "caliente-card",
    "caliente-refill",
    "caliente-in-hand",
    "take-unfrozen",
    "take-always-frozen",
    "forced-take",
}


def test_the_codes_of_caliente_cards_and_of_an_unfrozen_pile_never_arise():
    records = [
        # the pile has no wild in it, yet a natural and a wild do not take it: it is always frozen
        hand_and_foot("bob: take 9 with [9 2], discard 5", tables=BOB_MELDED),
        # on an exhausted stock the up card that bob's pair could take is passed
        near_the_end("bob: draw 7 8, discard 9", "cid: pass", stock="7 8", hands={"cid": "9 9 4"}),
        # five packs hold no Caliente card: one in a hand is an impossible position, and none can be played
        hand_and_foot("bob: caliente, draw 4 5, discard 4", hands={"bob": "C 4 9 7"}),
        hand_and_foot("bob: caliente, draw 4 5, discard 4"),
    ]
    raised = {f.code for text in records for f in judge(text).findings}
    assert raised & NEVER_RAISED == set()
    assert {"take-frozen", "position", "card-not-held"} <= raised


# --- `out`, a Foot stated, and the exhausted stock's wording --------------------------------------


def test_out_is_not_going_out_while_the_foot_is_still_to_be_picked_up():
    record = hand_and_foot(
        "bob: draw 9 4, meld [9 9 9], discard 4, out",
        hands={"bob": "9 9"},
        tables={"bob+dee": "[K K K]"},
    )
    error = assert_illegal(record, "out-marker", "bob: draw 9 4")
    assert "the Foot is still to be picked up" in error.message


def test_a_stated_foot_not_picked_up_holds_as_many_cards_as_were_dealt():
    record = hand_and_foot("bob: draw 9 4, meld [9 9 9], discard 4", feet={"bob": "4 5"})
    error = assert_illegal(record, "position", "foot bob 4 5")
    assert "each Foot has 13" in error.message


def test_drawing_from_an_exhausted_stock_says_the_hand_is_over():
    record = near_the_end("bob: draw 7 8, discard 7", "cid: draw 4 5, discard 4", stock="7 8")
    error = assert_illegal(record, "stock-empty", "cid:")
    assert "the hand is over and the player passes" in error.message


def test_a_player_who_melds_the_whole_hand_picks_up_the_foot_before_playing_on():
    record = hand_and_foot(
        "bob: draw 7 J, add [7 7] to 7, add [J J] to J, discard 4",
        hands={"bob": "7 J"},
        tables={"bob+dee": "[Q Q Q Q] [7 7 7 X] [J J J]"},
    )
    error = assert_illegal(record, "foot-pickup", "bob: draw 7 J")
    assert "picked up (`foot`) before the turn goes on" in error.message
    assert_legal(record.replace("add [J J] to J, discard 4", "add [J J] to J, foot, discard 4"))


def test_a_card_played_from_a_foot_not_picked_up_is_said_to_be_in_the_foot():
    error = assert_illegal(hand_and_foot("bob: draw 9 4, discard A"), "card-not-held", "bob: draw 9 4")
    assert error.message == "bob plays A but holds none in hand: the Foot, not yet picked up, holds A"
    error = assert_illegal(hand_and_foot("bob: draw 9 4, meld [Q Q Q], discard 4"), "card-not-held", "bob:")
    assert error.message.endswith("in hand: the Foot, not yet picked up, holds Q")
