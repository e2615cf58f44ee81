"""Canasta Caliente, four players: each rule with a record that keeps it and one that breaks it.

Positions (`position` ... `turn NAME`) set up the moment a rule is about; the default one has
bob to play, no melds on the table, a Prize pile of 4 5 9 (9 on top, not frozen), scores 0.
"""

from __future__ import annotations

from caliente_records import TAGS, assert_illegal, assert_legal, judge, position, the_rest

import arbiter
import arbiter.cards as C

BOB_MELDED = {"bob+dee": "[K K K]"}

# --- the table and the deal ------------------------------------------------------------------


def test_partners_sit_opposite_each_other():
    assert_legal(position("bob: draw 4, discard 4"))
    seated_side_by_side = position("bob: draw 4, discard 4").replace(
        '[Teams "ann+cid bob+dee"]', '[Teams "ann+bob cid+dee"]'
    )
    assert_illegal(seated_side_by_side, "seating", "[Teams")


def test_every_name_must_be_seated():
    assert_illegal(position("eve: draw 4, discard 4"), "unknown-player", "eve:")


def test_nobody_sits_out_with_four_players():
    text = position("bob: draw 4, discard 4").replace("hand 3 dealer ann", "hand 3 dealer ann sitout cid")
    assert_illegal(text, "sitting-out", "sitout cid")


DEAL = """hand 1 dealer ann
deal ann 4 4 6 6 8 9 Q Q A A S
deal bob 10 10 10 10 5 5 5 8 K 9 4
deal cid 4 6 8 9 9 J Q K K A S
deal dee 10 10 10 7 7 7 5 5 5 J 7
up 6
bob: draw 4, discard 4
"""


def test_each_player_is_dealt_eleven_cards():
    assert_legal(TAGS + DEAL)
    assert_illegal(
        TAGS + DEAL.replace("deal dee 10 10 10 7 7 7 5 5 5 J 7", "deal dee 10 10 10 7 7 7 5 5 5 J"),
        "deal-size",
        "deal dee",
    )


def test_no_card_appears_more_often_than_the_pack_holds_it():
    ninth_ten = DEAL.replace("deal cid 4 6 8 9 9 J Q K K A S", "deal cid 4 6 8 10 10 J Q K K A S")
    assert_illegal(TAGS + ninth_ten, "card-count", "deal dee")  # where the ninth 10 appears


def test_a_dealt_bonus_card_is_laid_and_replaced_before_the_up_card():
    with_bonus = DEAL.replace("deal dee 10 10 10 7 7 7 5 5 5 J 7", "deal dee 10 10 10 7 7 7 5 5 5 J B")
    assert_legal(TAGS + with_bonus.replace("up 6", "dee: bonus B, draw J\nup 6"))
    assert_illegal(TAGS + with_bonus.replace("up 6", "dee: bonus B\nup 6"), "bonus-replacement", "dee: bonus B")


def test_the_up_card_turning_stops_at_the_first_natural():
    assert_legal(TAGS + DEAL.replace("up 6", "up X B 6"))
    assert_illegal(TAGS + DEAL.replace("up 6", "up 6 9"), "up-card", "up 6 9")
    assert_illegal(TAGS + DEAL.replace("up 6", "up 6 X"), "up-card", "up 6 X")


def test_draws_follow_the_stated_stock():
    # With a stock line every card is known: the deal plus the stock must be exactly the pack.
    dealt = C.pack(2)
    for line in DEAL.splitlines():
        if line.startswith("deal "):
            dealt.subtract(line.split()[2:])
    dealt.subtract(["6", "4"])  # the up card and bob's draw
    rest = sorted(dealt.elements(), key=C.CARDS.index)
    good = DEAL.replace("up 6", "stock 6 4 " + " ".join(rest) + "\nup 6")
    assert_legal(TAGS + good)
    assert_illegal(
        TAGS + good.replace("bob: draw 4, discard 4", "bob: draw 5, discard 5"), "stock-order", "bob: draw 5"
    )


def test_the_deal_passes_to_the_left_and_hands_are_numbered_in_order():
    out = "dee: draw 4, add [5 5] to 5, discard 6"
    first = position(out, tables={"bob+dee": "[5 5 5] [K K K K K K]"}, to_play="dee", number=1)
    second = DEAL.replace("hand 1 dealer ann", "hand 2 dealer bob")
    assert judge(first).verdict == "valid"
    assert_illegal(
        first + second.replace("hand 2 dealer bob", "hand 2 dealer cid"), "dealer-order", "hand 2 dealer cid"
    )
    assert_illegal(first + second.replace("hand 2 dealer bob", "hand 4 dealer bob"), "hand-number", "hand 4")


def test_a_position_gives_every_players_hand_and_whose_turn_it_is():
    without_cid = position("bob: draw 4, discard 4").replace("hold cid 4 6 8 9 J Q 10 A A 5 10\n", "")
    incomplete = judge(without_cid)  # an incomplete record (docs/notation.md, "Findings"), not a broken rule
    assert [f.code for f in incomplete.findings] == ["position-incomplete"] and incomplete.verdict == "malformed"
    assert_illegal(position("bob: draw 4, discard 4", stock="12 cards"), "position", "stock 12 cards")


# --- the turn -----------------------------------------------------------------------------------


def test_play_passes_to_the_left():
    assert_legal(position("bob: draw 4, discard 4", "cid: draw 5, discard 5"))
    assert_illegal(position("bob: draw 4, discard 4", "dee: draw 5, discard 5"), "turn-order", "dee:")


def test_a_turn_begins_by_drawing_or_taking_the_pile():
    assert_illegal(position("bob: meld [K K 2], draw 4, discard 4"), "draw-first", "bob:")
    assert_illegal(position("bob: discard 9"), "draw-first", "bob:")


def test_a_player_draws_one_card_with_four_players():
    assert_illegal(position("bob: draw 4 5, discard 4"), "draw-count", "bob:")
    assert_illegal(position("bob: draw 4, draw 5, discard 4"), "draw-count", "bob:")


def test_only_cards_in_hand_are_played():
    assert_illegal(position("bob: draw 4, discard A"), "card-not-held", "bob:")


def test_the_stock_cannot_be_drawn_when_empty():
    hands = {"ann": "4 4 6 6 8 9 Q Q A A S"}
    text = position("bob: draw 4, discard 4", hands=hands, stock="0 cards")
    # a stock of 0 cards only fits a position that accounts for every card: check the message
    ruling = judge(text)
    assert ruling.findings[0].code == "position"


# --- the Prize pile -------------------------------------------------------------------------------


def test_nobody_takes_the_pile_with_a_stop_or_wild_on_top():
    assert_illegal(
        position("bob: take S with [S S], discard 4", pile="4 5 S", hands={"bob": "S S 9 K K 5 8 J 2 X 7"}),
        "take-blocked",
        "bob:",
    )
    assert_illegal(
        position("bob: take 2 with [2 2], discard 4", pile="4 5 2", tables=BOB_MELDED), "take-blocked", "bob:"
    )


def test_an_illegal_take_names_the_remedy_of_the_laws():
    error = assert_illegal(
        position("bob: take 9 with [9 2], discard 5", pile="4 2 5 9", tables=BOB_MELDED), "take-frozen"
    )
    assert error.remedy == "the Prize pile is restored and bob+dee loses 50 points"
    error = assert_illegal(
        position(
            "bob: take 9 with [9 2], discard 5",
            pile="4 2 5 9",
            tables=BOB_MELDED,
            tags='[Variant "wrong-take-penalty=100"]\n',
        ),
        "take-frozen",
    )
    assert error.remedy.endswith("loses 100 points")


def test_the_pile_is_taken_with_its_top_card():
    assert_illegal(position("bob: take 7 with [7 7], discard 5", tables=BOB_MELDED), "take-up-card", "bob:")


def test_before_the_first_meld_the_up_card_needs_two_naturals_and_the_minimum():
    assert_legal(position("bob: take 9 with [9 9] and [K K 2], discard 5"))
    assert_illegal(position("bob: take 9 with [9 2] and [K K X], discard 5"), "take-initial", "bob:")
    # the pile's other cards, and melds made after picking it up, do not count toward the minimum
    assert_illegal(position("bob: take 9 with [9 9], meld [K K X], discard 5"), "take-initial", "bob:")


def test_a_frozen_pile_is_taken_only_with_two_natural_cards():
    frozen = "4 2 5 9"
    assert_legal(position("bob: take 9 with [9 9], discard 5", pile=frozen, tables=BOB_MELDED))
    error = assert_illegal(
        position("bob: take 9 with [9 2], discard 5", pile=frozen, tables=BOB_MELDED), "take-frozen", "bob:"
    )
    assert "frozen" in error.message
    with_nines = {"bob+dee": "[K K K] [9 9 9]"}
    assert_illegal(position("bob: take 9 onto 9, discard 5", pile=frozen, tables=with_nines), "take-frozen", "bob:")


def test_an_unfrozen_pile_is_taken_with_a_pair_or_onto_a_meld():
    assert_legal(position("bob: take 9 with [9 2], discard 5", tables=BOB_MELDED))
    assert_legal(position("bob: take 9 onto 9, discard 5", tables={"bob+dee": "[K K K] [9 9 9]"}))
    assert_illegal(position("bob: take 9 with [9], discard 5", tables=BOB_MELDED), "take-unfrozen", "bob:")


def test_prize_pile_always_frozen_variation():
    tags = '[Variant "always-frozen"]\n'
    canasta = {"bob+dee": "[K K K] [9 9 9 9 9 2 2]"}
    small = {"bob+dee": "[K K K] [9 9 9]"}
    assert_legal(position("bob: take 9 onto 9, discard 5", tables=small, tags=tags))
    assert_illegal(
        position("bob: take 9 onto 9, discard 5", tables=canasta, tags=tags, hands={"bob": "7 7 K K 5 8 J 4 X"}),
        "take-always-frozen",
        "bob:",
    )
    assert_illegal(
        position("bob: take 9 with [9 2], discard 5", tables=BOB_MELDED, tags=tags), "take-always-frozen", "bob:"
    )


# --- melds ----------------------------------------------------------------------------------------


def test_the_first_meld_meets_the_minimum_for_the_score():
    assert_legal(position("bob: draw 4, meld [K K 2] [7 7 X], discard 4"))
    assert_illegal(position("bob: draw 4, meld [7 7 2], discard 4"), "first-meld-minimum", "bob:")
    # 1500 and more: 90 points
    assert_illegal(
        position(
            "bob: draw 4, meld [K K 2] [7 7 2], discard 4",
            totals="ann+cid 0 bob+dee 1500",
            hands={"bob": "7 7 9 9 K K 5 8 J 2 2"},
        ),
        "first-meld-minimum",
        "bob:",
    )
    # a negative score: any meld
    assert_legal(position("bob: draw 4, meld [7 7 2], discard 4", totals="ann+cid 0 bob+dee -20"))


def test_a_new_meld_has_three_cards_of_one_rank():
    assert_illegal(position("bob: draw 4, meld [K K], discard 4", tables=BOB_MELDED), "meld-size", "bob:")
    assert_illegal(position("bob: draw 4, meld [9 9 K], discard 4", tables=BOB_MELDED), "meld-rank", "bob:")


def test_naturals_outnumber_wilds_and_at_most_three_wilds():
    assert_legal(position("bob: draw 4, meld [9 9 2], discard 4", tables=BOB_MELDED))
    assert_illegal(position("bob: draw 4, meld [9 2 X], discard 4", tables=BOB_MELDED), "meld-wilds", "bob:")
    many = {"bob": "9 9 9 9 9 2 2 2 2 K 8"}
    assert_illegal(
        position("bob: draw 4, meld [9 9 9 9 9 2 2 2 2], discard 4", tables=BOB_MELDED, hands=many),
        "meld-wilds",
        "bob:",
    )


def test_wilds_are_never_melded_alone():
    assert_illegal(
        position("bob: draw 4, meld [2 X 2], discard 4", tables=BOB_MELDED, hands={"bob": "7 7 9 9 K K 5 8 2 2 X"}),
        "meld-wilds",
        "bob:",
    )


def test_a_second_set_of_a_rank_merges_with_the_first():
    ruling = assert_legal(
        position(
            "bob: draw 4, meld [K K 2], discard 4",
            tables={"bob+dee": "[K K K] [9 9 9]"},
            hands={"bob": "7 7 9 9 K K 5 8 J 2 X"},
        )
    )
    assert ruling.verdict == "valid"


def test_sets_of_one_rank_make_one_meld_however_they_are_laid():
    def kings_after(turn: str, tables: dict[str, str] | None = None, pile: str = "4 5 9") -> list[list[str]]:
        hands = {"bob": "7 7 9 9 K K K K 8 2 X"}
        table = arbiter.table_after(position(turn, hands=hands, tables=tables, pile=pile), hand=3, turn=1)
        assert table is not None, turn
        return [meld for meld in table["melds"]["bob+dee"] if "K" in meld]

    on_the_table = {"bob+dee": "[K K K] [9 9 9]"}
    assert kings_after("bob: draw 4, meld [K K 2], discard 4", on_the_table) == [["K", "K", "K", "K", "K", "2"]]
    assert kings_after("bob: draw 4, meld [K K 2] [K K X], discard 4") == [["K", "K", "2", "K", "K", "X"]]
    assert kings_after("bob: draw 4, meld [K K 2], discard 4", {"bob+dee": "[9 9 9]"}) == [["K", "K", "2"]]
    assert kings_after("bob: take K onto K and [K K 2], discard 8", {"bob+dee": "[K K K]"}, pile="4 5 K") == [
        ["K", "K", "K", "K", "K", "K", "2"]
    ]


def test_cards_are_added_only_to_the_sides_own_melds():
    assert_legal(position("bob: draw 4, add [K] to K, discard 4", tables=BOB_MELDED))
    assert_illegal(position("bob: draw 4, add [9] to 9, discard 4", tables=BOB_MELDED), "meld-unknown", "bob:")
    assert_illegal(position("bob: draw 4, add [9] to K, discard 4", tables=BOB_MELDED), "meld-rank", "bob:")


def test_stop_cards_are_melded_only_when_going_out():
    stops = {"bob": "S S S"}
    canasta = {"bob+dee": "[K K K K K K K]"}
    assert_legal(position("bob: draw 8, meld [S S S], discard 8", hands=stops, tables=canasta))
    assert_illegal(
        position("bob: draw 4, meld [S S S], discard 4", hands={"bob": "S S S 8"}, tables=canasta), "stop-meld", "bob:"
    )
    assert_illegal(
        position("bob: draw 8, meld [S S 2], discard 8", hands={"bob": "S S 2 8 4"}, tables=canasta),
        "stop-meld",
        "bob:",
    )


# --- Bonus cards ----------------------------------------------------------------------------------


def test_a_bonus_card_is_laid_and_replaced():
    hands = {"bob": "7 7 9 9 K K 5 8 J B X"}
    assert_legal(position("bob: bonus B, draw 4, draw 5, discard 4", hands=hands))
    assert_legal(position("bob: draw 4, bonus B, draw 5, discard 4", hands=hands))
    assert_illegal(position("bob: draw 4, bonus B, discard 4", hands=hands), "bonus-replacement", "bob:")


def test_a_bonus_card_is_never_discarded():
    hands = {"bob": "7 7 9 9 K K 5 8 J B X"}
    assert_illegal(position("bob: draw 4, discard B", hands=hands), "bonus-discard", "bob:")


def test_a_bonus_card_from_the_first_pile_is_laid_without_replacement():
    pile = "B 9"
    assert_legal(position("bob: take 9 with [9 9] and [K K X], bonus B, discard 5", pile=pile))
    assert_illegal(
        position("bob: take 9 with [9 9] and [K K X], bonus B, draw 4, discard 5", pile=pile),
        "bonus-replacement",
        "bob:",
    )


def test_a_forgotten_bonus_card_costs_its_side():
    hands = {"bob": "B 4", "dee": "K"}
    canasta = {"bob+dee": "[K K K K K K K]"}
    text = position(
        "bob: draw 8, discard 8",
        "cid: draw 5, discard 5",
        "dee: draw 8, add [K] to K, discard 8",
        hands=hands,
        tables=canasta,
    )
    ruling = judge(text)
    warnings = [f for f in ruling.findings if not f.is_error]
    assert [w.code for w in warnings] == ["bonus-in-hand"]
    assert ruling.verdict == "valid"
    # eight Kings 80, natural canasta 500, going out 100; bob's Bonus card costs 100 and his 4 costs 5
    assert ruling.hands[0].scores["bob+dee"] == 80 + 500 + 100 - 100 - 5


# --- discarding and going out --------------------------------------------------------------------


def test_a_turn_ends_with_one_discard():
    assert_illegal(position("bob: draw 4"), "discard", "bob:")
    assert_illegal(position("bob: draw 4, discard 4, discard 5"), "discard", "bob:")


GOING_OUT = "bob: draw 4, add [K] to K, discard 4"  # bob holds a single King
CANASTA = {"bob+dee": "[K K K K K K K]"}


def going_out(*turns: str, **kwargs: object) -> str:
    return position(*turns, hands={"bob": "K"}, **{"tables": CANASTA, **kwargs})  # type: ignore[arg-type]


def test_going_out_needs_a_canasta():
    ruling = assert_legal(going_out(GOING_OUT))
    assert ruling.hands[0].ended
    assert_illegal(going_out(GOING_OUT, tables={"bob+dee": "[K K K]"}), "go-out-canasta", "bob:")


def test_the_partners_answer_binds():
    assert_legal(going_out("bob: draw 4, ask yes, add [K] to K, discard 4"))
    error = assert_illegal(going_out("bob: draw 4, ask no, add [K] to K, discard 4"), "go-out-permission", "bob:")
    assert "100" in error.remedy
    told_yes_but_stays = going_out("bob: draw 4, ask yes, discard 4")
    assert_illegal(told_yes_but_stays, "go-out-permission", "bob:")


def test_asking_comes_before_melding():
    assert_illegal(going_out("bob: draw 4, add [K] to K, ask yes, discard 4"), "ask", "bob:")


def test_out_must_agree_with_the_cards():
    assert_legal(going_out("bob: draw 4, add [K] to K, discard 4, out"))
    assert_illegal(going_out("bob: draw 4, discard 4, out"), "out-marker", "bob:")


def test_nothing_is_played_after_going_out():
    assert_illegal(going_out(GOING_OUT, "cid: draw 5, discard 5"), "hand-over", "cid:")


# --- the exhausted stock ---------------------------------------------------------------------


def exhausted(*turns: str, pile: str, tables: dict[str, str], stock: str = "") -> str:
    """A position whose hands hold every card not on the table, in the pile or in `stock`."""
    rest = C.pack(2)
    for cards in (pile, stock, *tables.values()):
        rest.subtract(cards.replace("[", " ").replace("]", " ").split())
    cards = sorted(rest.elements(), key=C.CARDS.index)
    hands = {player: " ".join(cards[i::4]) for i, player in enumerate(("ann", "bob", "cid", "dee"))}
    return position(*turns, hands=hands, pile=pile, tables=tables, stock=stock or None)


def test_with_the_stock_exhausted_a_player_may_pass_which_ends_the_hand():
    text = exhausted("bob: pass", pile="9", tables={"bob+dee": "[K K K K K K K K]"})
    ruling = assert_legal(text)
    assert ruling.hands[0].ended


def test_a_player_must_take_an_unfrozen_up_card_that_fits_a_meld():
    assert_illegal(exhausted("bob: pass", pile="K", tables={"bob+dee": "[K K K K K K K]"}), "forced-take", "bob:")
    assert_legal(exhausted("bob: pass", pile="2 K", tables={"bob+dee": "[K K K K K K]"}))


def test_a_take_the_player_could_not_finish_is_not_forced():
    """Holding one wild and no canasta, bob could not discard after taking the K (he must keep a
    card), so he may pass."""
    tables = {"bob+dee": "[K K X]"}
    hands = the_rest(["ann", "bob", "cid", "dee"], "K", *tables.values(), hands={"bob": "2"})
    assert_legal(position("bob: pass", hands=hands, pile="K", tables=tables))
    with_two_cards = the_rest(["ann", "bob", "cid", "dee"], "K", *tables.values(), hands={"bob": "2 4"})
    assert_illegal(position("bob: pass", hands=with_two_cards, pile="K", tables=tables), "forced-take", "bob:")


def test_a_pass_needs_an_exhausted_stock():
    assert_illegal(position("bob: pass"), "pass", "bob:")


def test_drawing_from_an_exhausted_stock_is_illegal():
    assert_illegal(
        exhausted("bob: draw 4, discard 4", pile="9", tables={"bob+dee": "[K K K K K K K K]"}), "stock-empty", "bob:"
    )


def test_a_bonus_card_drawn_last_is_laid_and_ends_the_hand():
    tables = {"bob+dee": "[K K K]"}
    ruling = assert_legal(exhausted("bob: draw B, bonus B", pile="9", tables=tables, stock="B"))
    assert ruling.hands[0].ended
    assert_illegal(
        exhausted("bob: draw B, bonus B, discard 4", pile="9", tables=tables, stock="B"), "last-bonus", "bob:"
    )
    assert_illegal(exhausted("bob: draw B, discard 4", pile="9", tables=tables, stock="B"), "last-bonus", "bob:")


# --- scores and the game ----------------------------------------------------------------------------


def test_declared_scores_are_checked():
    hand = going_out(GOING_OUT)
    # bob+dee: eight Kings 80, natural canasta 500, going out 100, less dee's 11 cards (80);
    # ann+cid lose what they hold: 105 and 115
    right = hand + "score bob+dee 600 ann+cid -220\n"
    ruling = assert_legal(right)
    assert ruling.hands[0].scores == {"ann+cid": -220, "bob+dee": 600}
    assert_illegal(hand + "score bob+dee 700 ann+cid -220\n", "score-mismatch", "score")
    assert_illegal(hand + "score bob+dee 600 ann+cid -220\ntotal bob+dee 690 ann+cid -220\n", "total-mismatch", "total")


def test_going_out_concealed_earns_100_more():
    concealed = position(
        "bob: draw K, meld [K K K K K K K], discard 4",
        hands={"bob": "K K K K K K 4"},
        tables={"bob+dee": "[5 5 5]"},
        melded="dee",
    )
    # 5s 15, Kings 70, going out 100, concealed 100, natural canasta 500, less dee's cards 80
    assert assert_legal(concealed).hands[0].scores["bob+dee"] == 705
    already_melded = concealed.replace("melded dee", "melded bob dee")
    assert assert_legal(already_melded).hands[0].scores["bob+dee"] == 605


def test_bonus_cards_score_for_a_side_that_melded_and_against_one_that_did_not():
    hand = going_out(GOING_OUT, tables={"bob+dee": "[K K K K K K K] B B", "ann+cid": "B B"})
    scores = assert_legal(hand).hands[0].scores
    assert scores == {"bob+dee": 600 + 200, "ann+cid": -220 - 200}
    all_four = going_out(GOING_OUT, tables={"bob+dee": "[K K K K K K K] B B B B"})
    assert assert_legal(all_four).hands[0].scores["bob+dee"] == 600 + 400 + 400


def test_unknown_rule_sets_and_options_in_tags_are_findings():
    ruling = judge(position("bob: draw 4, discard 4").replace('[Rules "caliente"]', '[Rules "pinochle"]'))
    assert ruling.verdict == "malformed" and ruling.findings[-1].code == "unknown-rules"
    ruling = judge(position("bob: draw 4, discard 4", tags='[Variant "no-such-thing"]\n'))
    assert ruling.verdict == "malformed" and ruling.findings[-1].code == "unknown-option"


def test_a_hand_that_has_not_ended_has_no_score_yet():
    assert_illegal(position("bob: draw 4, discard 4") + "score bob+dee 0 ann+cid 0\n", "score-mismatch", "score")


def test_the_result_names_the_winner_once_a_side_reaches_5000():
    hand = going_out(GOING_OUT, totals="ann+cid 1000 bob+dee 4500")
    ruling = assert_legal(hand.replace(TAGS, TAGS + '[Result "bob+dee"]\n'))
    assert ruling.winner == "bob+dee"
    assert ruling.totals == {"ann+cid": 780, "bob+dee": 5100}
    assert_illegal(hand.replace(TAGS, TAGS + '[Result "ann+cid"]\n'), "result-mismatch", "[Result")


def test_no_hand_is_played_after_the_game_ends():
    hand = going_out(GOING_OUT, totals="ann+cid 1000 bob+dee 4500")
    assert_illegal(hand + DEAL.replace("hand 1 dealer ann", "hand 4 dealer bob"), "game-over", "hand 4")


def test_an_illegal_move_ends_judging_of_its_hand_but_not_of_later_hands():
    broken = going_out("bob: draw 4, discard A", "cid: draw 5, discard 5", number=1)
    later = DEAL.replace("hand 1 dealer ann", "hand 2 dealer bob").replace(
        "bob: draw 4, discard 4", "cid: draw 4, discard 4"
    )
    ruling = judge(broken + later + "dee: draw 4, discard A\n")
    errors = [f for f in ruling.findings if f.is_error]
    assert [(e.hand, e.code) for e in errors] == [(1, "card-not-held"), (2, "card-not-held")]
    assert [h.judged for h in ruling.hands] == [False, False]


def test_the_scoring_example_of_the_rule_books_recomputes_to_1190():
    from pathlib import Path

    text = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text()
    ruling = assert_legal(text)
    assert ruling.hands[0].scores["bob+dee"] == 1190


def test_a_side_may_be_named_with_its_players_in_any_order():
    hand = going_out(GOING_OUT)
    assert_legal(hand + "score dee+bob 600 cid+ann -220\n")
    assert_illegal(hand + "score dee+bob 610 cid+ann -220\n", "score-mismatch", "score")


def test_an_empty_record_is_malformed_with_a_plain_explanation():
    for text in ("", "; only a comment\n\n"):
        ruling = judge(text)
        assert ruling.verdict == "malformed"
        assert [f.code for f in ruling.findings] == ["empty-record"]
