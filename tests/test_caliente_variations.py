"""Canasta Caliente at every table and with every variation of the rule books: 2, 3, 5 and 6
players, 6 players with three packs, the Caliente cards, the Prize pile always frozen. Each rule a
variation changes has a record that keeps it and one that breaks it.

The positions follow tests/test_caliente_rules.py: `position(...)` states the moment a rule is
about (with `seats=` and `tags(...)` for another table), the turns follow.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from caliente_records import TAGS, assert_illegal, assert_legal, judge, position, tags, the_rest

SAMPLES = Path(__file__).parent.parent / "samples"

# --- two players ------------------------------------------------------------------------------

TWO = tags("ann bob")
TWO_HANDS = {"ann": "4 4 6 6 8 9 Q Q A A 7 5 5 J J", "bob": "7 7 9 9 K K 5 8 J 2 X 10 10 Q 6"}
TWO_DEAL = """hand 1 dealer ann
deal ann 4 4 6 6 8 9 Q Q A A 7 5 5 J J
deal bob 7 7 9 9 K K 5 8 J 2 X 10 10 Q 6
up 6
bob: draw 4 5, discard 4
"""


def two(*turns: str, hands: dict[str, str] | None = None, variant: str = "", **kwargs: object) -> str:
    held = {**TWO_HANDS, **(hands or {})}
    return position(*turns, seats="ann bob", tags=tags("ann bob", variant=variant), hands=held, **kwargs)  # type: ignore[arg-type]


def test_two_players_each_play_alone():
    assert_legal(TWO + TWO_DEAL)
    assert_illegal(tags("ann bob", "ann+bob") + TWO_DEAL, "seating", "[Teams")


def test_two_players_are_dealt_fifteen_cards_each():
    assert_legal(TWO + TWO_DEAL)
    assert_illegal(TWO + TWO_DEAL.replace("A A 7 5 5 J J", "A A 7 5 5 J"), "deal-size", "deal ann")


def test_two_players_draw_two_cards_and_discard_one():
    assert_legal(two("bob: draw 4 5, discard 4", "ann: draw 9 8, discard 8"))
    assert_illegal(two("bob: draw 4, discard 4"), "draw-count", "bob:")
    assert_illegal(two("bob: draw 4 5 6, discard 4"), "draw-count", "bob:")


def test_with_one_card_left_in_the_stock_a_player_draws_it_alone():
    table = {"bob": "[K K K K K K K]"}
    hands = the_rest(["ann", "bob"], "4 5 9", "7", *table.values())
    assert_legal(two("bob: draw 7, discard 7", hands=hands, tables=table, stock="7"))
    assert_illegal(two("bob: draw 7 8, discard 7", hands=hands, tables=table, stock="7"), "draw-count", "bob:")


TWO_CANASTAS = {"bob": "[K K K K K K K] [9 9 9 9 9 2 2]"}
TWO_OUT = "bob: draw 9 5, add [K] to K, add [9] to 9, discard 5"


def test_two_players_need_two_canastas_to_go_out():
    ruling = assert_legal(two(TWO_OUT, hands={"bob": "K"}, tables=TWO_CANASTAS))
    assert ruling.hands[0].ended
    one_canasta = {"bob": "[K K K K K K K] [9 9 9]"}
    assert_illegal(two(TWO_OUT, hands={"bob": "K"}, tables=one_canasta), "go-out-canasta", "bob:")


def test_a_player_without_a_partner_cannot_ask_to_go_out():
    asking = TWO_OUT.replace("draw 9 5,", "draw 9 5, ask yes,")
    assert_illegal(two(asking, hands={"bob": "K"}, tables=TWO_CANASTAS), "ask", "bob:")


def test_a_two_player_hand_is_scored_for_each_player():
    hand = two(TWO_OUT, hands={"bob": "K"}, tables=TWO_CANASTAS)
    # bob: eight Kings 80, six 9s and two little wilds 100, natural canasta 500, mixed 300, going
    # out 100; ann loses her fifteen cards: 4 4 6 6 7 5 5 (35), 8 9 Q Q J J (60), A A (40)
    assert assert_legal(hand + "score bob 1080 ann -135\n").hands[0].scores == {"ann": -135, "bob": 1080}


# --- three players ------------------------------------------------------------------------------

THREE = tags("ann bob cid")
THREE_HANDS = {
    "ann": "4 4 6 6 8 9 Q Q A A 7 5 5",
    "bob": "7 7 9 9 K K 5 8 J 2 X 10 10",
    "cid": "4 6 8 9 J Q 10 A A 5 10 J J",
}
THREE_DEAL = """hand 1 dealer ann
deal ann 4 4 6 6 8 9 Q Q A A 7 5 5
deal bob 7 7 9 9 K K 5 8 J 2 X 10 10
deal cid 4 6 8 9 J Q 10 A A 5 10 J J
up 6
bob: draw 4, discard 4
cid: draw 5, discard 5
ann: draw 6, discard 6
"""


def three(*turns: str, hands: dict[str, str] | None = None, variant: str = "", **kwargs: object) -> str:
    held = {**THREE_HANDS, **(hands or {})}
    return position(*turns, seats="ann bob cid", tags=tags("ann bob cid", variant=variant), hands=held, **kwargs)  # type: ignore[arg-type]


def test_three_players_each_play_alone_and_draw_one_card():
    assert_legal(THREE + THREE_DEAL)
    assert_illegal(tags("ann bob cid", "ann+cid bob") + THREE_DEAL, "seating", "[Teams")
    assert_illegal(three("bob: draw 4 5, discard 4"), "draw-count", "bob:")


def test_three_players_are_dealt_thirteen_cards_each():
    assert_illegal(THREE + THREE_DEAL.replace("10 A A 5 10 J J", "10 A A 5 10 J J 7"), "deal-size", "deal cid")


def test_three_players_go_out_with_one_canasta_and_never_ask():
    out = "bob: draw 4, add [K] to K, discard 4"
    ruling = assert_legal(three(out, hands={"bob": "K"}, tables={"bob": "[K K K K K K K]"}))
    assert ruling.hands[0].ended
    asking = "bob: draw 4, ask yes, add [K] to K, discard 4"
    assert_illegal(three(asking, hands={"bob": "K"}, tables={"bob": "[K K K K K K K]"}), "ask", "bob:")


def test_with_three_players_a_caliente_card_needs_no_more_sets_than_either_opponent():
    # ann holds thirteen cards with the Caliente card: she plays it and draws one to make 13 again
    hands = {"ann": "4 4 6 6 8 9 Q Q A A 7 5 C"}
    play = "ann: caliente, draw 5, discard 9"
    as_many = {"ann": "[A A A]", "bob": "[K K K]", "cid": "[J J J] [10 10 10]"}
    assert_legal(three(play, hands=hands, tables=as_many, to_play="ann", variant="caliente-cards"))
    more_than_bob = {"ann": "[A A A]", "cid": "[J J J] [10 10 10]"}
    error = assert_illegal(
        three(play, hands=hands, tables=more_than_bob, to_play="ann", variant="caliente-cards"),
        "caliente-card",
        "ann:",
    )
    assert "bob" in error.message


# --- five players -------------------------------------------------------------------------------

FIVE = tags("ann bob cid dee eve", "ann+cid+eve bob+dee")
FIVE_DEAL = """hand 1 dealer ann sitout eve
deal ann 4 4 6 6 8 9 Q Q A A 7
deal bob 7 7 9 9 K K 5 8 J 2 X
deal cid 4 6 8 9 J Q 10 A A 5 10
deal dee 5 5 6 7 8 10 10 J Q 4 6
up 6
bob: draw 4, discard 4
cid: draw 5, discard 5
"""
FIVE_HANDS = {
    "ann": "4 4 6 6 8 9 Q Q A A 7",
    "bob": "7 7 9 9 K K 5 8 J 2 X",
    "cid": "4 6 8 9 J Q 10 A A 5 10",
    "dee": "5 5 6 7 8 10 10 J Q 4 6",
    "eve": "4 6 8 9 J Q 10 A A 5 10",
}


def five(*turns: str, sitout: str = "cid", hands: dict[str, str] | None = None, **kwargs: object) -> str:
    """A five-player position; the player sitting out (cid by default) holds nothing."""
    held = {p: cards for p, cards in {**FIVE_HANDS, **(hands or {})}.items() if p not in sitout.split()}
    return position(*turns, seats="ann bob cid dee eve", tags=FIVE, hands=held, sitout=sitout, **kwargs)  # type: ignore[arg-type]


def test_five_players_play_as_a_team_of_two_against_a_team_of_three():
    assert_legal(FIVE + FIVE_DEAL)
    assert_illegal(tags("ann bob cid dee eve", "ann+bob+cid+dee eve") + FIVE_DEAL, "seating", "[Teams")
    without_teams = judge(tags("ann bob cid dee eve") + FIVE_DEAL)  # the record is incomplete: nothing is judged
    assert [f.code for f in without_teams.findings] == ["teams-missing"] and without_teams.verdict == "malformed"


def test_the_team_of_two_does_not_sit_side_by_side():
    side_by_side = tags("ann bob dee cid eve", "ann+cid+eve bob+dee")
    error = assert_illegal(side_by_side + FIVE_DEAL, "seating", "[Teams")
    assert "bob and dee" in error.message


def test_one_player_of_the_team_of_three_sits_out_each_hand():
    nobody = FIVE_DEAL.replace(" sitout eve", "")
    assert_illegal(FIVE + nobody, "sitting-out", "hand 1")
    of_the_two = FIVE_DEAL.replace("sitout eve", "sitout dee")
    assert_illegal(FIVE + of_the_two, "sitting-out", "hand 1")
    two_of_three = FIVE_DEAL.replace("sitout eve", "sitout eve cid")
    assert_illegal(FIVE + two_of_three, "sitting-out", "hand 1")


def test_the_player_sitting_out_is_dealt_nothing_and_does_not_play():
    dealt = FIVE_DEAL.replace("up 6", "deal eve 5 6 7 8 9 10 J Q K A 4\nup 6")
    assert_illegal(FIVE + dealt, "sitting-out", "deal eve")
    playing = FIVE_DEAL.replace("cid: draw 5, discard 5", "eve: draw 5, discard 5")
    assert_illegal(FIVE + playing, "sitting-out", "eve:")


def test_the_four_who_play_sit_partners_facing_each_own_team_in_seat_order():
    # with cid out, bob and dee would follow each other round the table: eve takes cid's place
    assert_legal(five("bob: draw 4, discard 4", "eve: draw 5, discard 5", "dee: draw 4, discard 4"))
    error = assert_illegal(five("bob: draw 4, discard 4", "dee: draw 5, discard 5"), "turn-order", "dee:")
    assert "ann bob eve dee" in error.message
    # with ann out the seats left alternate as they are: bob cid dee eve
    assert_legal(five("bob: draw 4, discard 4", "cid: draw 5, discard 5", sitout="ann"))


def test_the_deal_passes_round_every_seat_including_a_player_sitting_out():
    out = "bob: draw 4, add [K] to K, discard 4"
    first = five(out, hands={"bob": "K"}, tables={"bob+dee": "[K K K K K K K]"}, number=1)
    assert judge(first).verdict == "valid"
    second = FIVE_DEAL.replace("hand 1 dealer ann sitout eve", "hand 2 dealer bob sitout eve").replace(
        "bob: draw 4, discard 4\ncid: draw 5, discard 5", "cid: draw 4, discard 4\ndee: draw 5, discard 5"
    )
    assert_legal(first + second)
    assert_illegal(first + second.replace("dealer bob", "dealer cid"), "dealer-order", "hand 2")
    # the dealer may be the player sitting out: the first seat to the left that plays starts
    dealer_out = FIVE_DEAL.replace("dealer ann sitout eve", "dealer eve sitout eve").replace(
        "bob: draw 4, discard 4\ncid: draw 5, discard 5", "ann: draw 4, discard 4\nbob: draw 5, discard 5"
    )
    assert_legal(FIVE + dealer_out)


def test_a_five_player_hand_is_scored_for_the_two_teams():
    out = "bob: draw 4, add [K] to K, discard 4"
    hand = five(out, hands={"bob": "K"}, tables={"bob+dee": "[K K K K K K K]"})
    # bob+dee: eight Kings 80, natural canasta 500, going out 100, less dee's cards 80;
    # ann+cid+eve lose ann's 105 and eve's 115 (cid sits out and holds nothing)
    ruling = assert_legal(hand + "score bob+dee 600 ann+cid+eve -220\n")
    assert ruling.hands[0].scores == {"ann+cid+eve": -220, "bob+dee": 600}


# --- six players ----------------------------------------------------------------------------------

SIX = tags("ann bob cid dee eve fay", "ann+cid+eve bob+dee+fay")
SIX_DEAL = """hand 1 dealer ann sitout eve fay
deal ann 4 4 6 6 8 9 Q Q A A 7
deal bob 7 7 9 9 K K 5 8 J 2 X
deal cid 4 6 8 9 J Q 10 A A 5 10
deal dee 5 5 6 7 8 10 10 J Q 4 6
up 6
bob: draw 4, discard 4
cid: draw 5, discard 5
dee: draw 4, discard 4
"""


def test_six_players_play_as_two_teams_of_three_seated_alternately():
    assert_legal(SIX + SIX_DEAL)
    side_by_side = tags("ann cid bob dee eve fay", "ann+cid+eve bob+dee+fay")
    assert_illegal(side_by_side + SIX_DEAL, "seating", "[Teams")
    three_pairs = tags("ann bob cid dee eve fay", "ann+dee bob+eve cid+fay")
    assert "three-packs" in assert_illegal(three_pairs + SIX_DEAL, "seating", "[Teams").message


def test_one_player_of_each_team_sits_out():
    assert_illegal(SIX + SIX_DEAL.replace("sitout eve fay", "sitout eve"), "sitting-out", "hand 1")
    assert_illegal(SIX + SIX_DEAL.replace("sitout eve fay", "sitout cid eve"), "sitting-out", "hand 1")
    # cid and fay out: ann bob dee eve would put bob before dee; eve takes cid's place
    reseated = SIX_DEAL.replace("sitout eve fay", "sitout cid fay").replace("deal cid", "deal eve")
    assert_legal(SIX + reseated.replace("cid: draw 5, discard 5\ndee:", "eve: draw 5, discard 5\ndee:"))
    assert_illegal(SIX + reseated, "sitting-out", "cid:")


# --- six players with three packs -----------------------------------------------------------------

PACKS3 = "three-packs"
SIX3 = tags("ann bob cid dee eve fay", "ann+cid+eve bob+dee+fay", PACKS3)
PAIRS3 = tags("ann bob cid dee eve fay", "ann+dee bob+eve cid+fay", PACKS3)
SIX3_HANDS = {
    "ann": "4 4 6 6 8 9 Q Q A A 7",
    "bob": "7 7 9 9 K K 5 8 J 2 X",
    "cid": "4 6 8 9 J Q 10 A A 5 10",
    "dee": "5 5 6 7 8 10 10 J Q 4 6",
    "eve": "4 6 8 9 J Q 10 A A 5 10",
    "fay": "5 5 6 7 8 10 10 J Q 4 6",
}
SIX3_DEAL = """hand 1 dealer ann
deal ann 4 4 6 6 8 9 Q Q A A 7 K K
deal bob 7 7 9 9 K K 5 8 J 2 X J J
deal cid 4 6 8 9 J Q 10 A A 5 10 7 7
deal dee 5 5 6 7 8 10 10 J Q 4 6 9 9
deal eve 4 6 8 9 J Q 10 A A 5 10 8 8
deal fay 5 5 6 7 8 10 10 J Q 4 6 Q Q
up 6
bob: draw 4, discard 4
"""


def six3(*turns: str, teams: str = SIX3, hands: dict[str, str] | None = None, **kwargs: object) -> str:
    held = {**SIX3_HANDS, **(hands or {})}
    return position(*turns, seats="ann bob cid dee eve fay", tags=teams, hands=held, **kwargs)  # type: ignore[arg-type]


def test_three_packs_seat_two_teams_of_three_or_three_of_two_alternately():
    assert_legal(SIX3 + SIX3_DEAL)
    assert_legal(PAIRS3 + SIX3_DEAL)
    side_by_side = tags("ann bob cid dee eve fay", "ann+bob cid+dee eve+fay", PACKS3)
    assert_illegal(side_by_side + SIX3_DEAL, "seating", "[Teams")
    error = assert_illegal(TAGS + '[Variant "three-packs"]\n' + SIX3_DEAL, "seating", "[Teams")
    assert "six players" in error.message


def test_with_three_packs_nobody_sits_out():
    assert_illegal(SIX3 + SIX3_DEAL.replace("dealer ann", "dealer ann sitout eve fay"), "sitting-out", "hand 1")


def test_with_three_packs_each_player_is_dealt_thirteen_cards():
    assert_illegal(SIX3 + SIX3_DEAL.replace("J Q 4 6 Q Q", "J Q 4 6 Q"), "deal-size", "deal fay")


def test_three_packs_hold_twelve_of_each_natural_and_six_bonus_cards():
    twelve_kings = {"bob+dee+fay": "[K K K K K K K K K K] B B B B B B"}
    assert_legal(six3("bob: draw 4, discard 4", tables=twelve_kings))  # and bob's two Kings
    thirteen = {"bob+dee+fay": "[K K K K K K K K K K K] B B B B B B"}
    assert_illegal(six3("bob: draw 4, discard 4", tables=thirteen), "position", "table bob+dee+fay")
    seven_bonus = {"bob+dee+fay": "[K K K] B B B B B B B"}
    assert_illegal(six3("bob: draw 4, discard 4", tables=seven_bonus), "position", "table bob+dee+fay")


def test_with_three_packs_the_first_meld_needs_150_from_7500():
    meld_130 = "bob: draw 4, meld [A A 2] [9 9 X], discard 4"  # 60 + 70 points
    hands = {"bob": "7 7 9 9 K K K 5 8 J 2 X A A"}
    assert_legal(six3(meld_130, hands=hands, totals="ann+cid+eve 0 bob+dee+fay 7495"))  # 120 needed
    assert_illegal(six3(meld_130, hands=hands, totals="ann+cid+eve 0 bob+dee+fay 7500"), "first-meld-minimum", "bob:")
    meld_160 = "bob: draw 4, meld [A A 2] [9 9 X] [K K K], discard 4"
    assert_legal(six3(meld_160, hands=hands, totals="ann+cid+eve 0 bob+dee+fay 7500"))


SIX3_OUT = "bob: draw 4, add [K] to K, discard 4"
SIX3_TWO_CANASTAS = "[K K K K K K K] [9 9 9 9 9 9 9]"


def test_with_three_packs_going_out_needs_two_canastas():
    assert_legal(six3(SIX3_OUT, hands={"bob": "K"}, tables={"bob+dee+fay": SIX3_TWO_CANASTAS}))
    assert_illegal(
        six3(SIX3_OUT, hands={"bob": "K"}, tables={"bob+dee+fay": "[K K K K K K K]"}), "go-out-canasta", "bob:"
    )


@pytest.mark.parametrize(
    ("laid", "bonus"),
    [("B B B B", 400), ("B B B B B", 500 + 600), ("B B B B B B", 600 + 600)],
)
def test_with_three_packs_four_bonus_cards_earn_nothing_more_five_or_six_earn_600(laid, bonus):
    tables = {"bob+dee+fay": f"{SIX3_TWO_CANASTAS} {laid}"}
    scores = assert_legal(six3(SIX3_OUT, hands={"bob": "K"}, tables=tables)).hands[0].scores
    # eight Kings 80 and seven 9s 70, two natural canastas 1000, going out 100, less dee's and
    # fay's cards (80 each)
    assert scores["bob+dee+fay"] == 80 + 70 + 1000 + 100 - 160 + bonus


def test_three_teams_of_two_each_score_their_own_hand():
    hand = six3(SIX3_OUT, teams=PAIRS3, hands={"bob": "K"}, tables={"bob+eve": SIX3_TWO_CANASTAS})
    scores = assert_legal(hand).hands[0].scores
    # bob+eve: 150 melded, 1000 for the canastas, 100 for going out, less eve's 115
    assert scores == {"ann+dee": -105 - 80, "bob+eve": 150 + 1000 + 100 - 115, "cid+fay": -115 - 80}


def test_with_three_packs_the_game_goes_to_10000():
    def hand(totals: str) -> str:  # bob+dee+fay make 1090 in it
        tables = {"bob+dee+fay": SIX3_TWO_CANASTAS}
        return six3(SIX3_OUT, hands={"bob": "K"}, tables=tables, totals=f"ann+cid+eve 0 bob+dee+fay {totals}")

    next_hand = SIX3_DEAL.replace("hand 1 dealer ann", "hand 4 dealer bob").replace("bob: draw 4", "cid: draw 4")
    assert_legal(hand("5000") + next_hand)  # 6090: the game goes on
    ruling = assert_legal(hand("9000").replace(SIX3, SIX3 + '[Result "bob+dee+fay"]\n'))
    assert ruling.winner == "bob+dee+fay" and ruling.totals["bob+dee+fay"] == 10_090
    assert_illegal(hand("9000") + next_hand, "game-over", "hand 4")


# --- the Caliente cards ----------------------------------------------------------------------------

CALIENTE = '[Variant "caliente-cards"]\n'
BOB_C = {"bob": "7 7 9 9 K K 5 8 J 2 C"}  # eleven cards, one of them a Caliente card


def caliente(*turns: str, **kwargs: object) -> str:
    return position(*turns, **{"hands": BOB_C, **kwargs, "tags": CALIENTE + str(kwargs.get("tags", ""))})  # type: ignore[arg-type]


def test_caliente_cards_are_in_play_only_in_the_variation():
    assert_legal(caliente("bob: caliente, draw 4, discard 4"))
    without = position("bob: caliente, draw 4, discard 4", hands=BOB_C)
    error = assert_illegal(without, "position", "hold bob")
    assert "caliente-cards" in error.message


def test_a_caliente_card_is_played_instead_of_drawing_or_taking_the_pile():
    assert_illegal(caliente("bob: draw 4, caliente, discard 4"), "caliente-card", "bob:")
    melded = {"bob+dee": "[K K K]", "ann+cid": "[Q Q Q]"}
    assert_illegal(
        caliente("bob: caliente, draw 4, take 9 with [9 9], discard 5", tables=melded), "caliente-card", "bob:"
    )
    assert_illegal(caliente("bob: take 9 with [9 9], caliente, discard 5", tables=melded), "caliente-card", "bob:")


def test_only_one_caliente_card_is_played_in_a_turn():
    both = {"bob": "7 7 9 9 K K 5 8 J C C"}
    assert_legal(caliente("bob: caliente, draw 4, discard 4", hands=both))
    assert_illegal(caliente("bob: caliente, draw 4, caliente, discard 4", hands=both), "caliente-card", "bob:")


def test_a_caliente_card_needs_a_side_that_has_not_melded_more_sets():
    level = {"bob+dee": "[K K K] [J J J]", "ann+cid": "[Q Q Q] [A A A]"}
    hands = {"bob": "7 7 9 9 K 5 8 J 2 C", "ann": "4 4 6 6 8 9 A 7", "cid": "4 6 8 9 J Q 10 5 10"}
    assert_legal(caliente("bob: caliente, draw 4 5, discard 4", tables=level, hands=hands))
    ahead = {"bob+dee": "[K K K] [J J J]", "ann+cid": "[Q Q Q]"}
    error = assert_illegal(
        caliente("bob: caliente, draw 4 5, discard 4", tables=ahead, hands=hands), "caliente-card", "bob:"
    )
    assert "2 sets" in error.message


def test_after_a_caliente_card_the_hand_is_drawn_back_up_to_the_deal_size():
    # ten cards left after the Caliente card: one to draw
    assert_illegal(caliente("bob: caliente, draw 4 5, discard 4"), "caliente-refill", "bob:")
    assert_illegal(caliente("bob: caliente, discard 4"), "caliente-refill", "bob:")
    assert_illegal(caliente("bob: caliente, meld [K K 2], draw 4, discard 4"), "caliente-refill", "bob:")
    # a depleted hand: three cards after the Caliente card, eight to draw
    small = {"bob": "K K 2 C"}
    level = {"bob+dee": "[K K K]", "ann+cid": "[Q Q Q]"}
    assert_legal(
        caliente("bob: caliente, draw 4 5 6 7 8 10 J Q, add [K K 2] to K, discard 4", hands=small, tables=level)
    )


def test_a_hand_already_at_the_deal_size_draws_nothing():
    big = {"bob": "7 7 9 9 K K 5 8 J 2 X C"}  # eleven left after the Caliente card
    assert_legal(caliente("bob: caliente, discard 5", hands=big))
    assert_illegal(caliente("bob: caliente, draw 4, discard 5", hands=big), "caliente-refill", "bob:")


def test_a_bonus_card_laid_first_is_replaced_before_the_caliente_card_is_played():
    hands = {"bob": "7 7 9 9 K K 5 8 J B C"}  # ten cards besides the Bonus card
    assert_legal(caliente("bob: bonus B, draw 4, caliente, draw 5, discard 4", hands=hands))
    assert_illegal(caliente("bob: bonus B, caliente, draw 4 5, discard 4", hands=hands), "bonus-replacement", "bob:")


def test_a_short_stock_is_taken_whole():
    stock = "4 5 6"  # bob holds one card after the Caliente card and could draw ten
    hands = the_rest(["ann", "bob", "cid", "dee"], "4 5 9", stock, caliente=2, hands={"bob": "C 8"})
    assert_legal(caliente("bob: caliente, draw 4 5 6, discard 8", hands=hands, stock=stock))
    assert_illegal(caliente("bob: caliente, draw 4 5, discard 8", hands=hands, stock=stock), "caliente-refill", "bob:")


def test_the_refill_size_is_the_deal_size_of_the_game_or_the_option():
    # two players are dealt 15: a Caliente card draws back up to 15, or to 11 with caliente-refill=11
    hands = {"bob": "7 7 9 9 K K 5 8 J 2 X 10 10 C"}  # thirteen left after the Caliente card
    assert_legal(two("bob: caliente, draw 4 5, discard 4", hands=hands, variant="caliente-cards"))
    eleven = "caliente-cards caliente-refill=11"
    assert_legal(two("bob: caliente, discard 5", hands=hands, variant=eleven))
    assert_illegal(two("bob: caliente, draw 4 5, discard 4", hands=hands, variant=eleven), "caliente-refill", "bob:")


def test_no_caliente_card_is_played_on_an_exhausted_stock():
    table = {"bob+dee": "[K K K K K K K]"}
    hands = the_rest(["ann", "bob", "cid", "dee"], "9", *table.values(), caliente=2, hands={"bob": "C 8 4"})
    assert_legal(caliente("bob: pass", hands=hands, tables=table, pile="9"))
    assert_illegal(caliente("bob: caliente, discard 8", hands=hands, tables=table, pile="9"), "caliente-card", "bob:")


def test_a_discarded_caliente_card_stops_the_next_player():
    ruling = assert_legal(caliente("bob: draw 4, discard C", "cid: draw 5, discard 5"))
    assert ruling.coverage["path:discard-caliente"] == 1
    melded = {"ann+cid": "[9 9 9]"}
    hands = {**BOB_C, "cid": "4 6 8 9 J Q 10 A A 5 10", "ann": "4 4 6 6 8 Q Q A A 7"}
    assert_illegal(
        caliente("bob: draw 4, discard C", "cid: take C with [C C], discard 5", hands=hands, tables=melded),
        "take-blocked",
        "cid:",
    )
    # the 9 under the Caliente card cannot be reached either
    error = assert_illegal(
        caliente("bob: draw 4, discard C", "cid: take 9 onto 9, discard 5", pile="4 5 9", hands=hands, tables=melded),
        "take-blocked",
        "cid:",
    )
    assert "Caliente" in error.message


def test_on_an_exhausted_stock_a_caliente_card_on_top_means_a_pass():
    table = {"ann+cid": "[9 9 9 9 9 9 2]"}
    hands = the_rest(["ann", "bob", "cid", "dee"], "9 C", *table.values(), caliente=2, hands={"cid": "9 4"})
    assert_legal(caliente("cid: pass", hands=hands, tables=table, pile="9 C", to_play="cid"))
    assert_illegal(
        caliente("cid: take 9 onto 9, discard 4", hands=hands, tables=table, pile="9 C", to_play="cid"),
        "take-blocked",
        "cid:",
    )


def test_a_caliente_card_turned_up_is_covered_like_a_stop_card():
    deal = TAGS + CALIENTE + DEAL_C.replace("up 6", "up C 6")
    assert_legal(deal)
    assert_illegal(TAGS + CALIENTE + DEAL_C.replace("up 6", "up C"), "up-card", "up C")


DEAL_C = """hand 1 dealer ann
deal ann 4 4 6 6 8 9 Q Q A A S
deal bob 10 10 10 10 5 5 5 8 K 9 C
deal cid 4 6 8 9 9 J Q K K A S
deal dee 10 10 10 7 7 7 5 5 5 J 7
up 6
bob: caliente, draw 4, discard 4
"""

GOING_OUT = "bob: draw 4, add [K] to K, discard 4"
CANASTA = {"bob+dee": "[K K K K K K K]"}


def out_with(dee: str, tables: dict[str, str] = CANASTA, variant: str = "caliente-cards") -> str:
    return position(GOING_OUT, hands={"bob": "K", "dee": dee}, tables=tables, tags=f'[Variant "{variant}"]\n')


def bob_dee(text: str) -> int:
    return assert_legal(text).hands[0].scores["bob+dee"]


BOB_OUT = 80 + 500 + 100  # eight Kings, a natural canasta, going out


def test_each_caliente_card_played_costs_100():
    played = {"bob+dee": "[K K K K K K K] C"}
    assert bob_dee(out_with("5 5 6 7 8 10 10 J Q 4", tables=played)) == BOB_OUT - 75 - 100
    two_played = {"bob+dee": "[K K K K K K K] C C"}
    assert bob_dee(out_with("5 5 6 7 8 10 10 J Q 4", tables=two_played)) == BOB_OUT - 75 - 200


def test_a_caliente_card_held_at_the_end_doubles_the_loss_of_the_hand():
    # the rule books' example: cards worth 75 and a Caliente card cost 150
    ruling = judge(out_with("5 5 6 7 8 10 10 J Q 4 C"))
    assert ruling.verdict == "valid" and ruling.hands[0].scores["bob+dee"] == BOB_OUT - 150
    warnings = [(f.code, f.player) for f in ruling.findings if not f.is_error]
    assert warnings == [("caliente-in-hand", "dee")]


def test_both_caliente_cards_held_triple_it_and_a_lone_caliente_card_costs_nothing():
    assert bob_dee(out_with("5 5 6 7 8 10 10 J Q 4 C C")) == BOB_OUT - 225
    assert bob_dee(out_with("C")) == BOB_OUT
    assert bob_dee(out_with("C C")) == BOB_OUT


def test_a_caliente_card_held_also_multiplies_forgotten_bonus_cards_unless_the_option_says_no():
    # dee holds 5 5 (10), a Bonus card (100) and a Caliente card
    assert bob_dee(out_with("5 5 B C")) == BOB_OUT - 220
    assert bob_dee(out_with("5 5 B C", variant="caliente-cards caliente-multiplies-bonus=no")) == BOB_OUT - 120


def test_the_scores_of_a_caliente_hand_are_checked():
    hand = out_with("5 5 6 7 8 10 10 J Q 4 C", tables={"bob+dee": "[K K K K K K K] C"})
    # bob+dee: 680 - 150 for dee's hand - 100 for the card played; ann+cid as in the standard game
    assert_legal(hand + "score bob+dee 430 ann+cid -220\n")
    assert_illegal(hand + "score bob+dee 530 ann+cid -220\n", "score-mismatch", "score")


# --- the Prize pile always frozen ----------------------------------------------------------------

FROZEN = '[Variant "always-frozen"]\n'
BOB_MELDED = {"bob+dee": "[K K K]"}


def test_always_frozen_the_up_card_is_taken_with_two_naturals_never_with_a_wild():
    assert_legal(position("bob: take 9 with [9 9], discard 5", tables=BOB_MELDED, tags=FROZEN))
    assert_illegal(
        position("bob: take 9 with [9 2], discard 5", tables=BOB_MELDED, tags=FROZEN), "take-always-frozen", "bob:"
    )


def test_always_frozen_the_up_card_goes_onto_a_meld_of_six_or_fewer_never_a_canasta():
    six = {"bob+dee": "[K K K] [9 9 9 9 9 2]"}
    hands = {"bob": "7 7 K K 5 8 J 4 X"}
    ruling = assert_legal(position("bob: take 9 onto 9, discard 5", tables=six, tags=FROZEN, hands=hands))
    assert ruling.coverage["path:take-onto-meld"] == 1
    canasta = {"bob+dee": "[K K K] [9 9 9 9 9 2 2]"}
    assert_illegal(
        position("bob: take 9 onto 9, discard 5", tables=canasta, tags=FROZEN, hands=hands),
        "take-always-frozen",
        "bob:",
    )


def test_always_frozen_a_wild_in_the_pile_changes_nothing():
    # in the standard game a wild in the pile forbids the meld; here the pile is frozen anyway
    small = {"bob+dee": "[K K K] [9 9 9]"}
    assert_legal(position("bob: take 9 onto 9, discard 5", pile="4 2 9", tables=small, tags=FROZEN))
    assert_illegal(position("bob: take 9 onto 9, discard 5", pile="4 2 9", tables=small), "take-frozen", "bob:")


def test_always_frozen_nobody_is_forced_to_take_on_an_exhausted_stock():
    table = {"bob+dee": "[K K K K K K K]"}
    hands = the_rest(["ann", "bob", "cid", "dee"], "K", *table.values())
    assert_legal(position("bob: pass", hands=hands, tables=table, pile="K", tags=FROZEN))
    assert_illegal(position("bob: pass", hands=hands, tables=table, pile="K"), "forced-take", "bob:")


def test_always_frozen_before_the_first_meld_the_minimum_still_applies():
    assert_legal(position("bob: take 9 with [9 9] and [K K 2], discard 5", tags=FROZEN))
    assert_illegal(position("bob: take 9 with [9 9], discard 5", tags=FROZEN), "take-initial", "bob:")


# --- the samples -----------------------------------------------------------------------------------

SAMPLE_FILES = sorted(p for p in SAMPLES.glob("caliente-*.acn") if not p.name.startswith("caliente-illegal-"))


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_every_caliente_sample_is_valid_and_its_declared_scores_recompute(path):
    ruling = assert_legal(path.read_text(encoding="utf-8"))
    assert ruling.verdict == "valid"
    assert ruling.hands, "a sample plays at least one hand"
    for hand in ruling.hands:
        assert hand.ended and hand.judged
        assert hand.declared == hand.scores, (hand.number, hand.declared, hand.scores)


def test_there_is_a_sample_for_every_table_and_variation():
    names = {p.name for p in SAMPLE_FILES}
    for table in ("2-players", "3-players", "5-players", "6-players", "6-players-three-packs"):
        assert f"caliente-{table}.acn" in names
    for variation in ("caliente-cards", "always-frozen"):
        assert f"caliente-{variation}.acn" in names


def test_the_samples_take_the_legal_paths_of_the_variations():
    taken: set[str] = set()
    for path in SAMPLE_FILES:
        taken |= set(judge(path.read_text(encoding="utf-8")).coverage)
    wanted = {
        "draw-2",
        "sitting-out-hand",
        "sitting-out-reseated",
        "caliente-card",
        "caliente-refill",
        "discard-caliente",
        "caliente-left-in-hand",
        "take-onto-meld",
        "take-frozen",
    }
    assert {f"path:{path}" for path in wanted} <= taken, sorted(wanted - {p[5:] for p in taken})


def test_with_a_player_sitting_out_the_four_who_play_alternate_sides_in_seats_order():
    """docs/notation.md, "Games and hands": with cid out, ann, bob, eve and dee play in turn."""
    seats = '[Rules "caliente"]\n[Seats "ann bob cid dee eve"]\n[Teams "ann+cid+eve bob+dee"]\n'
    hands = {
        "ann": "4 4 6 6 8 9 Q Q A A 7",
        "bob": "7 7 9 9 K K 5 8 J 2 X",
        "dee": "5 5 6 7 8 10 10 J Q 4 6",
        "eve": "4 6 8 9 J Q 10 A A 5 10",
    }
    setup = [
        "hand 1 dealer dee sitout cid",
        "position",
        *(f"hold {p} {c}" for p, c in hands.items()),
        "pile 4 5 9",
        "turn ann",
    ]
    turns = ["ann: draw 4, discard 4", "bob: draw 8, discard 8", "eve: draw 8, discard 8", "dee: draw 8, discard 8"]
    assert_legal(seats + "\n".join(setup + turns) + "\n")
    swapped = [turns[0], turns[1], turns[3], turns[2]]
    assert_illegal(seats + "\n".join(setup + swapped) + "\n", "turn-order", "dee:")


def test_two_players_a_bonus_card_among_the_last_two_cards_is_laid_without_replacement():
    """Bonus Cards: a drawn Bonus card is laid at once; with the stock drawn out nothing replaces it.
    The last card is a 7, not the Bonus card, so the hand goes on and bob discards."""
    table = {"bob": "[K K K]"}
    hands = the_rest(["ann", "bob"], "9", "B 7", *table.values())
    text = position(
        "bob: draw B 7, bonus B, discard 7",
        hands=hands,
        tables=table,
        pile="9",
        stock="B 7",
        tags=tags("ann bob"),
        seats="ann bob",
    )
    assert_legal(text)
    assert_illegal(text.replace("bonus B, discard 7", "bonus B, draw 4, discard 7"), "draw-count", "bob:")


def test_who_plays_first_when_players_sit_out_follows_the_spec():
    """docs/notation.md, "Games and hands": dealer bob plays, so eve (after bob at the closed-up
    table) starts; dealer cid sits out, so dee (the first player to cid's left who plays) starts."""
    seats = '[Rules "caliente"]\n[Seats "ann bob cid dee eve"]\n[Teams "ann+cid+eve bob+dee"]\n'
    hands = {
        "ann": "4 4 6 6 8 9 Q Q A A 7",
        "bob": "7 7 9 9 K K 5 8 J 2 X",
        "dee": "5 5 6 7 8 10 10 J Q 4 6",
        "eve": "4 6 8 9 J Q 10 A A 5 10",
    }
    deals = "\n".join(f"deal {p} {c}" for p, c in hands.items())
    for dealer, first, second in (("bob", "eve", "ann"), ("cid", "dee", "ann")):
        record = f"{seats}hand 1 dealer {dealer} sitout cid\n{deals}\nup 4\n{first}: draw 4, discard 4\n"
        assert_legal(record)
        assert_illegal(record.replace(f"{first}: draw", f"{second}: draw"), "turn-order", f"{second}:")
