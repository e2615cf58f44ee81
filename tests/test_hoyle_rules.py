"""Hoyle two-hand Canasta: each rule of the Hoyle rules page and each option at its default and
switched, with a record that keeps the rule and one that breaks it, and the scoring.

Positions (`position` ... `turn NAME`) set up the moment a rule is about; the default one has bob
to play, nothing on the table, a discard pile of 4 5 9 (9 on top, not frozen) and scores 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from caliente_records import assert_illegal, assert_legal, judge, position, the_rest

import arbiter

SEATS = "ann bob"
HANDS = {"ann": "4 4 6 6 8 9 Q Q A A 7 5 5 J J", "bob": "7 7 9 9 K K 5 8 J 2 X 6 10 Q A"}


def hoyle(*turns: str, hands: dict[str, str] | None = None, variant: str = "", **kwargs: object) -> str:
    head = '[Rules "hoyle"]\n' + (f'[Variant "{variant}"]\n' if variant else "") + f'[Seats "{SEATS}"]\n'
    held = {**HANDS, **(hands or {})}
    return position(*turns, seats=SEATS, tags=head, hands=held, **kwargs)  # type: ignore[arg-type]


def exhausted(*turns: str, tables: dict[str, str], pile: str, bob: str, variant: str = "", **kwargs: object) -> str:
    """A position on an exhausted stock: ann holds every card not shown elsewhere."""
    hands = the_rest(["ann", "bob"], *tables.values(), pile, hands={"bob": bob})
    return hoyle(*turns, hands=hands, tables=tables, pile=pile, stock="0 cards", variant=variant, **kwargs)


def table_after_bob(text: str) -> dict:
    table = arbiter.table_after(text, hand=3, turn=1)
    assert table is not None
    return table


def breakdown(text: str, side: str) -> str:
    ruling = judge(text + "score ann 1 bob 1\n")
    [message] = [
        f.message for f in ruling.findings if f.code == "score-mismatch" and f"{side} is declared" in f.message
    ]
    return message


# --- the deal, the up card and the draw -----------------------------------------------------------

DEAL = """hand 1 dealer ann
deal bob 7 7 9 9 K K 5 8 J 2 X 6 10 Q A
deal ann 4 4 6 6 8 9 Q Q A A 7 5 5 J J
"""
TAGS = '[Rules "hoyle"]\n[Seats "ann bob"]\n'


def test_fifteen_cards_are_dealt():
    assert_legal(TAGS + DEAL + "up 6\nbob: draw 4, discard 4\n")
    short = DEAL.replace("deal ann 4 4 6 6 8 9 Q Q A A 7 5 5 J J", "deal ann 4 4 6 6 8 9 Q Q A A 7")
    assert_illegal(TAGS + short + "up 6\n", "deal-size", "deal ann")


def test_one_card_is_drawn_and_two_with_the_option():
    assert_legal(hoyle("bob: draw 4, discard 4"))
    assert_illegal(hoyle("bob: draw 4 5, discard 4"), "draw-count", "bob: draw 4 5")
    assert_legal(hoyle("bob: draw 4 5, discard 4", variant="draw=2"))
    assert_illegal(hoyle("bob: draw 4, discard 4", variant="draw=2"), "draw-count")


def test_a_black_three_turned_up_stays_on_top_and_stops_the_first_player():
    assert_legal(TAGS + DEAL + "up S\nbob: draw 4, discard 4\n")
    assert_illegal(TAGS + DEAL + "up S 6\n", "up-card", "up S 6")
    assert_illegal(TAGS + DEAL + "up S\nbob: take S with [S S], discard 4\n", "take-blocked")


def test_a_black_three_turned_up_is_covered_with_the_option():
    variant = TAGS.replace("[Seats", '[Variant "black-three-up=covered"]\n[Seats')
    assert_legal(variant + DEAL + "up S 6\nbob: draw 4, discard 4\n")
    assert_illegal(variant + DEAL + "up S\n", "up-card", "up S")


def test_a_red_three_or_wild_turned_up_is_covered_and_freezes_the_pile():
    text = TAGS + DEAL + "up B X 9\nbob: draw 4, discard 4\n"
    table = arbiter.table_after(text, hand=1, turn=0)
    assert table is not None and table["frozen"] and table["pile"] == ["B", "X", "9"]
    assert_illegal(TAGS + DEAL + "up B\n", "up-card", "up B")


def test_messages_use_the_classic_names_of_the_cards():
    error = assert_illegal(TAGS + DEAL + "up B\n", "up-card")
    assert "red three (R3)" in error.message
    error = assert_illegal(
        hoyle("bob: draw 4, discard B", hands={"bob": "7 7 9 9 K K 5 8 J 2 X 6 10 Q B"}), "bonus-discard"
    )
    assert error.message == "a red three may never be discarded: it is laid beside the melds"
    stops = hoyle("bob: draw 4, meld [S S S], discard 4", hands={"bob": "S S S 9"}, tables={"bob": "[K K K]"})
    error = assert_illegal(stops, "stop-meld")
    assert error.message == "black threes may be melded only by a player going out"
    error = assert_illegal(hoyle("bob: take 9 with [9 9], discard 4", pile="4 5 2"), "take-blocked")
    assert error.message == "deuce (2) is on top of the discard pile: nobody may take it now"


# --- the discard pile ------------------------------------------------------------------------------


def test_the_pile_is_frozen_against_a_player_until_the_first_meld():
    assert_legal(hoyle("bob: take 9 with [9 9] and [K K X], discard 4"))
    error = assert_illegal(hoyle("bob: take 9 with [9 2] and [K K X], discard 4"), "take-initial")
    assert "restored and bob loses 50" in error.remedy
    assert_illegal(hoyle("bob: take 9 with [9 9], discard 4"), "take-initial")  # 30 short of 50


def test_a_frozen_pile_takes_a_natural_pair_from_hand_only():
    tables = {"bob": "[K K K]"}
    assert_legal(hoyle("bob: take 9 with [9 9], discard 4", pile="4 2 9", tables=tables))
    assert_illegal(hoyle("bob: take 9 with [9 2], discard 4", pile="4 2 9", tables=tables), "take-frozen")
    assert_illegal(
        hoyle("bob: take 9 onto 9, discard 4", pile="4 2 9", tables={"bob": "[9 9 9]"}, hands={"bob": "4 5"}),
        "take-frozen",
    )


def test_an_unfrozen_pile_takes_a_pair_a_natural_and_a_wild_or_goes_onto_a_meld():
    tables = {"bob": "[K K K]"}
    assert_legal(hoyle("bob: take 9 with [9 2], discard 4", tables=tables, hands={"bob": "9 2 4 5"}))
    assert_illegal(hoyle("bob: take 9 with [2 X], discard 4", tables=tables), "take-unfrozen")
    assert_legal(hoyle("bob: take 9 onto 9, discard 4", tables={"bob": "[9 9 9]"}, hands={"bob": "4 5"}))


def test_a_player_holding_one_card_may_not_take_a_one_card_pile():
    tables = {"bob": "[9 9 9] [K K K K K K K] [10 10 10 10 10 10 10]"}
    text = hoyle("bob: take 9 onto 9, discard 4", pile="9", tables=tables, hands={"bob": "4"})
    error = assert_illegal(text, "take-one-card-pile", "bob: take")
    assert error.remedy == "the discard pile is restored and bob loses 50 points"
    assert_legal(hoyle("bob: take 9 onto 9, discard 4", pile="5 9", tables=tables, hands={"bob": "4"}))


def test_a_wrong_take_costs_the_wrong_take_penalty():
    text = hoyle("bob: take 9 with [9 2], discard 4", variant="wrong-take-penalty=25")
    assert "bob loses 25" in assert_illegal(text, "take-initial").remedy


# --- melds --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "meld", "legal"),
    [
        ("", "[K K 2 2]", True),
        ("", "[K K 2 2 2]", False),
        ("", "[K 2 2]", False),
        ("wild-ratio=naturals-outnumber", "[K K 2 2]", False),
        ("wild-ratio=naturals-outnumber", "[K K K 2 2]", True),
        ("wild-ratio=at-most-three", "[K K 2 2 2]", True),
        ("wild-ratio=at-most-three", "[K 2 2]", False),
        ("wild-ratio=at-most-three", "[K K 2 2 X X]", False),
    ],
)
def test_how_many_wilds_a_meld_holds(variant, meld, legal):
    hands = {"bob": "K K K 2 2 2 X X 4 5"}
    text = hoyle(f"bob: draw 4, meld {meld}, discard 4", hands=hands, variant=variant, totals="ann -10 bob -10")
    if legal:
        assert_legal(text)
    else:
        assert_illegal(text, "meld-wilds")


def test_a_first_meld_meets_the_minimum():
    assert_illegal(hoyle("bob: draw 4, meld [9 9 2], discard 4"), "first-meld-minimum")  # 40 of 50
    assert_legal(hoyle("bob: draw 4, meld [9 9 2], discard 4", totals="ann -20 bob -20"))  # 15 below zero


def test_a_new_meld_has_three_cards_of_one_rank():
    assert_illegal(hoyle("bob: draw 4, meld [K K], discard 4", tables={"bob": "[Q Q Q]"}), "meld-size")
    assert_illegal(hoyle("bob: draw 4, meld [K K 9], discard 4", tables={"bob": "[Q Q Q]"}), "meld-rank")


# --- going out ---------------------------------------------------------------------------------------

OUT_HANDS = {"bob": "7 7 7 7 7 7 7 5 5 5 5 5 5 2"}
OUT = "bob: draw 4, meld [7 7 7 7 7 7 7] [5 5 5 5 5 5 2], discard 4, out"


def test_going_out_concealed_waives_the_first_meld_minimum_and_scores_200():
    text = hoyle(OUT, hands=OUT_HANDS, totals="ann 3000 bob 3000", pile="4 6 9")  # a minimum of 120; the melds make 85
    ruling = assert_legal(text + "score bob 1085 ann -135\n")
    assert ruling.hands[0].scores == {"ann": -135, "bob": 1085}
    assert "going out +100, going out concealed +100" in breakdown(text, "bob")


def test_going_out_concealed_meets_the_minimum_with_the_option_off():
    text = hoyle(OUT, hands=OUT_HANDS, totals="ann 3000 bob 3000", pile="4 6 9", variant="concealed-waives-minimum=no")
    assert_illegal(text, "first-meld-minimum")


def test_going_out_needs_two_canastas_or_one_with_the_option():
    hands = {"bob": "7 7 7 7 7 7 7 5 5 5"}
    text = "bob: draw 4, meld [7 7 7 7 7 7 7] [5 5 5], discard 4, out"
    assert_illegal(hoyle(text, hands=hands), "go-out-canasta")
    assert_legal(hoyle(text, hands=hands, variant="canastas-to-go-out=1"))


def test_a_player_short_of_canastas_keeps_the_last_card_passing_the_discard():
    tables = {"bob": "[K K K K K K K]"}
    kept = hoyle("bob: draw 9, meld [9 9 9]", hands={"bob": "9 9 Q"}, tables=tables)
    assert_legal(kept)
    assert table_after_bob(kept)["hands"]["bob"] == ["Q"]
    assert_illegal(
        hoyle("bob: draw 9, meld [9 9 9], discard Q", hands={"bob": "9 9 Q"}, tables=tables), "go-out-canasta"
    )
    assert_illegal(hoyle("bob: draw 9, meld [9 9 9] [Q]", hands={"bob": "9 9 Q"}, tables=tables), "meld-size")


def test_passing_the_discard_is_not_allowed_with_the_option_off():
    tables = {"bob": "[K K K K K K K]"}
    text = hoyle("bob: draw 9, meld [9 9 9]", hands={"bob": "9 9 Q"}, tables=tables, variant="pass-the-discard=no")
    assert_illegal(text, "discard")


def test_a_player_with_the_canastas_discards_the_last_card_and_goes_out():
    tables = {"bob": "[K K K K K K K] [10 10 10 10 10 10 10]"}
    assert_illegal(hoyle("bob: draw 9, meld [9 9 9]", hands={"bob": "9 9 4"}, tables=tables), "discard")
    assert_legal(hoyle("bob: draw 9, meld [9 9 9], discard 4, out", hands={"bob": "9 9 4"}, tables=tables))


def test_black_threes_are_melded_only_going_out():
    tables = {"bob": "[K K K K K K K] [10 10 10 10 10 10 10]"}
    assert_legal(hoyle("bob: draw 4, meld [S S S], discard 4, out", hands={"bob": "S S S"}, tables=tables))
    assert_illegal(hoyle("bob: draw 4, meld [S S S], discard 4", hands={"bob": "S S S 5"}, tables=tables), "stop-meld")


def test_two_players_have_no_partner_to_ask():
    assert_illegal(hoyle("bob: draw 4, ask yes, discard 4"), "ask")


# --- the exhausted stock -------------------------------------------------------------------------


def test_on_an_exhausted_stock_the_top_card_that_fits_is_taken_alone():
    tables = {"bob": "[9 9 9] B B B B"}
    text = exhausted("bob: take 9 onto 9, discard X", tables=tables, pile="4 5 9", bob="X 6")
    assert_legal(text)
    table = table_after_bob(text)
    assert table["pile"] == ["4", "5", "X"] and table["hands"]["bob"] == ["6"]


def test_on_an_exhausted_stock_the_whole_pile_is_taken_with_the_option():
    tables = {"bob": "[9 9 9] B B B B"}
    text = exhausted(
        "bob: take 9 onto 9, discard X", tables=tables, pile="4 5 9", bob="X 6", variant="exhausted-take=whole-pile"
    )
    table = table_after_bob(assert_legal(text) and text)
    assert table["pile"] == ["X"] and table["hands"]["bob"] == ["4", "5", "6"]


def test_on_an_exhausted_stock_a_fitting_top_card_must_be_taken():
    tables = {"bob": "[9 9 9] B B B B"}
    assert_illegal(exhausted("bob: pass", tables=tables, pile="4 5 9", bob="X 6"), "forced-take")
    assert_legal(exhausted("bob: pass", tables=tables, pile="4 5 8", bob="X 6"))
    assert_legal(exhausted("bob: pass", tables=tables, pile="4 2 9", bob="X 6"))  # frozen: not forced


def test_a_player_with_one_card_is_forced_to_take_and_keeps_it():
    tables = {"bob": "[9 9 9] B B B B"}
    assert_illegal(exhausted("bob: pass", tables=tables, pile="4 5 9", bob="6"), "forced-take")
    assert_legal(exhausted("bob: take 9 onto 9", tables=tables, pile="4 5 9", bob="6"))


def test_a_pass_needs_an_exhausted_stock_and_ends_the_hand():
    assert_illegal(hoyle("bob: pass"), "pass")
    tables = {"bob": "[9 9 9] B B B B"}
    text = exhausted("bob: pass", "ann: draw 4", tables=tables, pile="4 5 8", bob="X 6")
    assert_illegal(text, "hand-over", "ann: draw")


def test_a_red_three_drawn_last_ends_the_hand_and_melds_first_with_the_option():
    hands = the_rest(["ann", "bob"], "[K K K]", "4 5 9", "B", hands={"bob": "9 9 6 6 6"})
    text = hoyle("bob: draw B, bonus B", hands=hands, tables={"bob": "[K K K]"}, stock="B")
    assert_legal(text)
    melds_first = hoyle("bob: draw B, meld [6 6 6], bonus B", hands=hands, tables={"bob": "[K K K]"}, stock="B")
    assert_illegal(melds_first, "last-bonus", "bob: draw B")
    assert_legal(melds_first.replace("[Seats", '[Variant "last-red-three-melds"]\n[Seats'))


# --- scoring ---------------------------------------------------------------------------------------


def test_red_threes_score_800_for_all_four_and_count_against_a_player_with_no_meld():
    tables = {"bob": "[K K K K K K K] [10 10 10 10 10 10 10] B B B B"}
    text = hoyle("bob: draw 4, meld [9 9 9], discard 4, out", hands={"bob": "9 9 9"}, tables=tables)
    assert "4 red threes +800" in breakdown(text, "bob")
    tables = {"bob": "[K K K K K K K] [10 10 10 10 10 10 10]", "ann": "B B"}
    assert "2 red threes, counted against a side that has not melded -200" in breakdown(
        text.replace(
            "table bob [K K K K K K K] [10 10 10 10 10 10 10] B B B B",
            "table bob [K K K K K K K] [10 10 10 10 10 10 10]\ntable ann B B",
        ),
        "ann",
    )


def test_a_red_three_left_in_hand_costs_500():
    tables = {"bob": "[K K K K K K K] [10 10 10 10 10 10 10]"}
    text = hoyle("bob: draw 4, meld [9 9 9], discard 4, out", hands={"bob": "9 9 9", "ann": "B 4"}, tables=tables)
    ruling = judge(text + "score bob 1 ann 1\n")
    assert [f.code for f in ruling.findings if not f.is_error] == ["bonus-in-hand"]
    assert ruling.hands[0].scores["ann"] == -505
    cheaper = text.replace("[Seats", '[Variant "red-three-in-hand-penalty=100"]\n[Seats')
    assert judge(cheaper + "score bob 1 ann 1\n").hands[0].scores["ann"] == -105


def test_the_game_ends_at_5000_or_the_target():
    ended = hoyle("bob: draw 4, discard 4", totals="ann 5000 bob 100")
    assert_illegal(ended, "game-over")
    assert_legal(ended.replace("[Seats", '[Variant "target=6000"]\n[Seats'))


def test_hoyle_is_for_two_players():
    text = '[Rules "hoyle"]\n[Seats "ann bob cid"]\n' + DEAL
    assert_illegal(text, "seating")


# --- the samples -----------------------------------------------------------------------------------

SAMPLES = Path(__file__).parent.parent / "samples"
ILLEGAL = {
    "one-card-pile-taken": ("take-one-card-pile", 17, "restored and bob loses 50"),
    "last-card-discarded-short-of-canastas": ("go-out-canasta", 17, None),
}


@pytest.mark.parametrize("name", ["hoyle-opening.acn", "hoyle-endgame.acn"])
def test_the_hoyle_samples_are_judged_valid(name):
    [ruling] = arbiter.check((SAMPLES / name).read_text(encoding="utf-8"))
    assert ruling.rules == "hoyle" and ruling.verdict == "valid" and not ruling.findings


def test_every_illegal_hoyle_sample_has_its_expected_ruling():
    assert sorted(p.name for p in SAMPLES.glob("hoyle-illegal-*")) == sorted(f"hoyle-illegal-{n}.acn" for n in ILLEGAL)


@pytest.mark.parametrize("name", ILLEGAL)
def test_an_illegal_hoyle_sample_is_judged_illegal_by_the_rule_it_shows(name):
    code, line, remedy = ILLEGAL[name]
    text = (SAMPLES / f"hoyle-illegal-{name}.acn").read_text(encoding="utf-8")
    assert text.startswith("; Dispute: ")
    [ruling] = arbiter.check(text)
    first = next(f for f in ruling.findings if f.is_error)
    assert ruling.verdict == "illegal" and (first.code, first.line) == (code, line), first.message
    assert (first.remedy is None) if remedy is None else (remedy in (first.remedy or "")), first.remedy
