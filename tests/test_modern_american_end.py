"""Modern American Canasta's end of a hand and of a game, situation by situation: going out and the
face-down discard, asking the partner, the threes at the end, the cards left in hand, the special
hands' end, and the tie at the target, under the League's reading (the default) and each option's
other reading."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from mac_support import PACK, _shown, config, first_error, position

import arbiter
from arbiter import Position

TWO_CANASTAS = {"ann+cid": "[K K K K K K K] [A A A A A A A]", "bob+dee": "[Q Q Q]"}


def scores(text: str) -> dict[str, int]:
    [ruling] = arbiter.check(text)
    assert not [f for f in ruling.findings if f.is_error], ruling.findings
    return ruling.hands[0].scores


# --- going out: the face-down discard ----------------------------------------------------------


def test_a_three_is_never_the_face_down_discard_that_goes_out():
    text = position("10 10 S", "ann: draw 10, meld [10 10 10], discard S, out", tables=TWO_CANASTAS)
    assert first_error(text) == "bonus-discard"


def test_a_table_that_lets_a_three_go_out_face_down():
    text = position(
        "10 10 S",
        "ann: draw 10, meld [10 10 10], discard S, out",
        tables=TWO_CANASTAS,
        variant="three-as-final-discard",
    )
    assert first_error(text) is None


def test_a_three_still_is_not_discarded_by_a_player_who_does_not_go_out_there():
    text = position("10 10 5 S", "ann: draw 10, meld [10 10 10], discard S", variant="three-as-final-discard")
    assert first_error(text) == "bonus-discard"


@pytest.mark.parametrize("preset", ["league", "pagat", "app"])
@pytest.mark.parametrize("stated", ["", ", out"])
def test_melding_every_card_without_a_discard_is_not_going_out(preset, stated):
    """Going out ends with a face-down discard in every source: a hand melded out, `out` written
    or not, lacks the turn's discard and scores no going out."""
    text = position("10 10 10", f"ann: draw 10, meld [10 10 10 10]{stated}", tables=TWO_CANASTAS, variant=preset)
    [ruling] = arbiter.check(text)
    [fault] = [finding for finding in ruling.findings if finding.is_error]
    assert fault.code == "discard" and "discarded none" in fault.message
    assert ruling.hands[0].scores is None  # not scored as gone out


def test_the_same_hand_goes_out_with_its_last_card_discarded_face_down():
    text = position("10 10 10", "ann: draw 10, meld [10 10 10], discard 10, out", tables=TWO_CANASTAS)
    assert first_error(text) is None


def test_legal_actions_never_meld_the_last_card():
    text = position("10 10 10", "ann: draw 10", tables=TWO_CANASTAS)
    drawn = Position.from_record(text, hand=1, turn=1)
    drawn.push("draw 10")
    moves = {str(move) for move in drawn.legal_actions()}
    assert "meld [10 10 10]" in moves and "meld [10 10 10 10]" not in moves
    assert drawn.explain("meld [10 10 10 10]").code == "discard"


# --- threes not laid in time ------------------------------------------------------------------------


def three_kept_a_round(next_turn: str, variant: str = "", melded: str = "ann bob cid dee") -> str:
    """ann holds a black three through a whole turn; the table plays round to her next turn."""
    tables = None if melded else {}
    turns = ["ann: draw 4, discard 4", "bob: draw 5, discard 5", "cid: draw 6, discard 6", "dee: draw 8, discard 8"]
    return position(
        "S 9 10 K",
        "\n".join([*turns, next_turn]),
        stock="4 5 6 8 9 K 10 Q",
        variant=variant,
        melded=melded,
        tables=tables,
    )


def test_a_three_forgotten_is_laid_next_turn_without_a_replacement():
    assert first_error(three_kept_a_round("ann: bonus S, draw 9, discard 9")) is None
    assert first_error(three_kept_a_round("ann: bonus S, draw 9, draw K, discard 9")) == "draw-count"


def test_a_table_that_keeps_a_forgotten_three_in_hand_to_the_end():
    kept = "forgotten-three=kept"
    assert first_error(three_kept_a_round("ann: bonus S, draw 9, discard 9", kept)) == "three-forgotten"
    assert first_error(three_kept_a_round("ann: draw 9, discard 9", kept)) is None


def test_one_three_kept_for_the_straight_before_the_side_opens_is_not_forgotten():
    kept = "forgotten-three=kept"
    text = three_kept_a_round("ann: bonus S, draw 9, draw K, discard 9", kept, melded="")
    assert first_error(text) is None


def test_legal_actions_do_not_lay_a_three_kept_in_hand_to_the_end():
    text = three_kept_a_round("ann: draw 9, discard 9", "forgotten-three=kept")
    later = Position.from_record(text, hand=1, turn=5)
    assert not any(str(move).startswith("bonus") for move in later.legal_actions())


# --- a three drawn as the stock's last card ----------------------------------------------------------


def last_three(ann: str, turn: str, variant: str = "") -> str:
    return position(ann, turn, tables=TWO_CANASTAS, pile="", stock="S", variant=variant)


def test_a_three_drawn_last_ends_the_hand_at_once():
    assert first_error(last_three("10 10 10", "ann: draw S")) is None
    assert first_error(last_three("10 10 10", "ann: draw S, meld [10 10 10], discard S, out")) == "last-bonus"


def test_a_table_that_lets_the_drawer_of_a_last_three_go_out_with_it_face_down():
    variant = "last-card-three=may-go-out"
    assert first_error(last_three("10 10 10", "ann: draw S, meld [10 10 10], discard S, out", variant)) is None
    assert first_error(last_three("10 10 10", "ann: draw S", variant)) is None  # or the hand ends as it stands


def test_the_drawer_of_a_last_three_who_plays_on_must_go_out():
    variant = "last-card-three=may-go-out"
    assert first_error(last_three("10 10 10 5", "ann: draw S, meld [10 10 10], discard 5", variant)) == "last-bonus"
    assert first_error(last_three("10 10 10", "ann: draw S, bonus S", variant)) == "last-bonus"


def test_legal_actions_after_a_last_three_go_out_with_it_or_end_the_hand():
    text = last_three("10 10 10", "ann: draw S", "last-card-three=may-go-out")
    drawn = Position.from_record(text, hand=1, turn=1)
    drawn.push("draw S")
    moves = {str(move) for move in drawn.legal_actions()}
    assert "meld [10 10 10]" in moves and "end" in moves and "bonus S" not in moves
    drawn.push("meld [10 10 10]")
    assert [str(move) for move in drawn.legal_actions()] == ["discard S"]


def test_legal_actions_offer_a_last_three_as_the_face_down_discard_where_the_table_allows_it():
    text = position("10 10 S", "ann: draw 10", tables=TWO_CANASTAS, variant="three-as-final-discard")
    before = Position.from_record(text, hand=1, turn=1)
    before.push("draw 10")
    assert before.is_legal("meld [10 10 10]")
    before.push("meld [10 10 10]")
    assert [str(move) for move in before.legal_actions()] == ["discard S"]


# --- going out: an eighth card on a canasta ------------------------------------------------------


def eighth_king(turn: str, variant: str = "eighth-card-going-out") -> str:
    return position("K 10 10 10", turn, tables=TWO_CANASTAS, pile="", variant=variant)


def test_no_eighth_card_joins_a_canasta_even_going_out():
    going_out = "ann: draw 5, meld [10 10 10], add [K] to K, discard 5, out"
    assert first_error(eighth_king(going_out, variant="")) == "meld-size"


def test_a_table_that_lets_a_player_going_out_add_an_eighth_card():
    text = eighth_king("ann: draw 5, meld [10 10 10], add [K] to K, discard 5, out")
    assert first_error(text) is None
    assert scores(text)["ann+cid"] > 0  # the canasta of eight Kings still counts as a natural canasta


def test_an_eighth_card_is_refused_to_a_player_who_does_not_go_out():
    assert first_error(eighth_king("ann: draw 6, add [K] to K, discard 6")) == "meld-size"


def test_a_new_meld_never_holds_eight_cards():
    tables = {"ann+cid": "[A A A A A A A] [J J J J J 2 2]", "bob+dee": "[Q Q Q]"}
    text = position("K K K K K K K 5", "ann: draw K, meld [K K K K K K K K], discard 5, out", tables=tables, pile="")
    assert first_error(text.replace("[Teams", '[Variant "eighth-card-going-out"]\n[Teams')) == "meld-size"


# --- asking the partner ------------------------------------------------------------------------


def asking_twice(second: str, variant: str = "", then: str = "") -> str:
    """ann asks and is told no; then `second` of her side asks on the side's next turn."""
    turns = [
        "ann: draw 4, ask no, discard 6",
        "bob: draw 5, discard 5",
        f"cid: draw 6, {'ask no, ' if second == 'cid' else ''}discard 6",
        *([then] if then else []),
    ]
    return position(
        "10 10 5 6",
        "\n".join(turns),
        tables=TWO_CANASTAS,
        stock="4 5 6 8 9 J 10 Q 4 5",
        variant=variant,
    )


def test_a_side_asks_to_go_out_once_a_hand():
    assert first_error(asking_twice("cid")) == "ask-again"


def test_one_ask_each_player_where_the_table_counts_asks_by_player():
    assert first_error(asking_twice("cid", "asks-per-hand=player")) is None


def test_a_player_who_asked_does_not_ask_again_even_counting_by_player():
    again = "dee: draw 8, discard 8\nann: draw 9, ask yes, discard 5"
    assert first_error(asking_twice("", "asks-per-hand=player", then=again)) == "ask-again"


def test_legal_actions_offer_no_second_ask_to_the_side():
    before = Position.from_record(asking_twice(""), hand=1, turn=3)
    before.push("draw 6")
    moves = {str(move) for move in before.legal_actions()}
    assert "ask yes" not in moves and "ask no" not in moves and "discard 6" in moves
    assert not before.is_legal("ask no")
    fresh = Position.from_record(asking_twice("", "asks-per-hand=player"), hand=1, turn=3)
    fresh.push("draw 6")
    assert fresh.is_legal("ask no")


# --- cards left in hand: three aces or sevens ----------------------------------------------------


def test_three_aces_split_between_partners_cost_nothing_more_when_counted_per_player():
    table = config()
    lines = table.side_hand_penalty([Counter({"A": 2}), Counter({"A": 1})], table)
    assert lines == []


def test_three_aces_split_between_partners_cost_1500_when_counted_per_side():
    table = config(**{"ace-seven-penalty-scope": "team"})
    assert table.hand_penalty(Counter({"A": 3}), table)[0] == 60  # never twice: the side's line counts the set
    [(label, points)] = table.side_hand_penalty([Counter({"A": 2, "7": 2}), Counter({"A": 1, "7": 1})], table)
    assert points == 3_000 and "2 sets" in label()


def test_the_side_s_hand_penalty_reaches_the_hand_s_score():
    text = position("10 10 5", "ann: draw 10, meld [10 10 10], discard 5, out", tables=TWO_CANASTAS, pile="")
    per_player = text.replace("hold bob 4 5 6", "hold bob 7 7 6").replace("hold dee 4 6", "hold dee 7 6")
    per_side = per_player.replace("[Teams", '[Variant "ace-seven-penalty-scope=team"]\n[Teams')
    assert scores(per_side)["bob+dee"] == scores(per_player)["bob+dee"] - 1_500


# --- the end of the game: a tie -------------------------------------------------------------------


def tied_at_the_target(variant: str = "", result: str = "") -> str:
    """Both sides reach 8,500 with equal totals after one hand of a game started from stated totals."""
    text = position(
        "10 10 5",
        "ann: draw 10, meld [10 10 10], discard 5, out",
        tables={**TWO_CANASTAS, "bob+dee": "[Q Q Q Q Q 2 2] [J J J J J X X]"},
        pile="",
        variant=variant,
        totals="total ann+cid 5300 bob+dee 7850",  # the hand scores 3,295 and 745
    )
    if result:
        text = text.replace("[Teams", f'[Result "{result}"]\n[Teams')
    return text


def test_the_tie_needs_equal_totals_at_the_target():
    [ruling] = arbiter.check(tied_at_the_target())
    assert ruling.totals == {"ann+cid": 8_595, "bob+dee": 8_595}


def test_equal_totals_at_the_target_play_another_hand():
    assert first_error(tied_at_the_target(result="tie")) == "result-mismatch"
    assert first_error(tied_at_the_target(result="*")) is None


def test_a_table_that_shares_the_win_ends_a_tied_game():
    assert first_error(tied_at_the_target("tie=shared", result="tie")) is None
    assert first_error(tied_at_the_target("tie=shared", result="*")) == "result-unfinished"


# --- special hands: the courtesy ---------------------------------------------------------------

PAIRS = "K K Q Q A A 7 7 5 5 8 8 9"
PAIRS_LAID = "special 5 5 7 7 8 8 9 9 K K Q Q A A"
ANN_OPENS = "ann: draw 4, meld [K K K] [Q Q X] [J J 2], discard 9, draw 7 5 A 10"


def after_ann_opens(*turns: str, variant: str = "") -> str:
    """ann opens with the talon; cid holds Pairs but a card; the turns that follow."""
    holds = {"ann": "K K K Q Q X J J 2 5 6 9 10", "bob": "4 5 6 8 9 J", "cid": PAIRS, "dee": "4 6 9 10 J Q"}
    shown = sum(len(_shown(cards)) for cards in holds.values())
    lines = ['[Rules "modern-american"]', '[Seats "ann bob cid dee"]', '[Teams "ann+cid bob+dee"]']
    lines += [f'[Variant "{variant}"]'] if variant else []
    lines += ["", "hand 1 dealer dee", "position", *(f"hold {p} {cards}" for p, cards in holds.items())]
    lines += ["pile", f"stock {PACK - shown} cards", "turn ann", ANN_OPENS, *turns]
    return "\n".join(lines) + "\n"


def test_the_partner_of_a_player_who_has_just_opened_lays_no_special_hand():
    assert first_error(after_ann_opens("bob: draw 6, discard 6", f"cid: draw 9, {PAIRS_LAID}")) == "special-hand"


def test_a_table_that_grants_the_courtesy_lets_the_partner_lay_it_on_the_very_next_turn():
    text = after_ann_opens("bob: draw 6, discard 6", f"cid: draw 9, {PAIRS_LAID}", variant="courtesy-special")
    assert first_error(text) is None
    assert scores(text)["ann+cid"] == 2_500  # the hand's value alone: ann's melds count for nothing


def test_the_courtesy_lasts_one_turn():
    text = after_ann_opens(
        "bob: draw 6, discard 6",
        "cid: draw 4, discard 4",
        "dee: draw 6, discard 6",
        "ann: draw 4, discard 4",
        "bob: draw 8, discard 8",
        f"cid: draw 9, {PAIRS_LAID}",
        variant="courtesy-special",
    )
    assert first_error(text) == "special-hand"


def test_legal_actions_offer_the_courtesy_special_hand():
    text = after_ann_opens("bob: draw 6, discard 6", "cid: draw 9", variant="courtesy-special")
    courtesy = Position.from_record(text, hand=1, turn=3)
    courtesy.push("draw 9")
    assert courtesy.is_legal(PAIRS_LAID) and any(str(m).startswith("special") for m in courtesy.legal_actions())
    strict = Position.from_record(text.replace('[Variant "courtesy-special"]\n', ""), hand=1, turn=3)
    strict.push("draw 9")
    assert not strict.is_legal(PAIRS_LAID)


# --- no legal discard onto an empty pile: a card taken back ---------------------------------------

BACK = {"ann+cid": "[9 9 9 9] [J J J J J]", "bob+dee": "[Q Q Q]"}


def stuck(ann: str, turn: str, variant: str = "", tables: dict[str, str] = BACK) -> str:
    return position(ann, turn, tables=tables, pile="", variant=variant)


def test_a_player_with_only_barred_cards_takes_a_melded_card_back_and_discards_it():
    assert first_error(stuck("A 7", "ann: draw A, discard 9")) is None
    assert first_error(stuck("A 7", "ann: draw A, discard J")) is None


def test_no_card_is_taken_back_while_a_held_card_may_go():
    assert first_error(stuck("A 5", "ann: draw 7, discard 9")) == "take-back"


def test_a_card_is_taken_back_only_from_a_meld_that_keeps_three_cards():
    tables = {"ann+cid": "[9 9 9] [J J J J J]", "bob+dee": "[Q Q Q]"}
    assert first_error(stuck("A 7", "ann: draw A, discard 9", tables=tables)) == "take-back"


def test_pagat_lets_the_ace_go_instead_and_takes_nothing_back():
    assert first_error(stuck("A 7", "ann: draw A, discard 9", "pagat")) == "card-not-held"
    assert first_error(stuck("A 7", "ann: draw A, discard A", "pagat")) is None


def test_the_card_taken_back_leaves_its_meld():
    text = stuck("A 7", "ann: draw A, discard 9")
    before = Position.from_record(text, hand=1, turn=1)
    before.push("draw A")
    moves = {str(move) for move in before.legal_actions()}
    assert {"discard 9", "discard J"} <= moves and not moves & {"discard A", "discard 7"}
    before.push("discard 9")
    assert before.table.melds["ann+cid"][0] == ("9", "9", "9")


# --- the app's three left in hand -------------------------------------------------------------------


def test_the_app_counts_a_three_left_in_hand_100_but_a_three_drawn_last_5():
    drawn_last = last_three("10 10 10", "ann: draw S")
    app = drawn_last.replace("[Teams", '[Variant "app"]\n[Teams')
    assert scores(app)["ann+cid"] == scores(drawn_last)["ann+cid"]  # 5 either way
    one_more = last_three("S 10 10 10", "ann: draw S")  # one three held before, one drawn last
    app = one_more.replace("[Teams", '[Variant "app"]\n[Teams')
    assert scores(app)["ann+cid"] == scores(one_more)["ann+cid"] - 95


# --- special hands: the Dream Hand wins the game -------------------------------------------------

DREAM = "K K K K K Q Q Q Q Q X X X"
DREAM_LAID = "special Q Q Q Q Q K K K K K X X X X"


def dream_hand(result: str, totals: str = "total ann+cid -500 bob+dee 3000") -> str:
    text = position(DREAM, f"ann: draw X, {DREAM_LAID}", tables={}, melded="", totals=totals)
    return text.replace("[Teams", f'[Result "{result}"]\n[Teams')


def test_a_dream_hand_wins_the_game_at_once_short_of_the_target():
    [ruling] = arbiter.check(dream_hand("ann+cid"))
    assert not [f for f in ruling.findings if f.is_error], ruling.findings
    assert ruling.totals["ann+cid"] == 8_000 and ruling.winner == "ann+cid"


def test_a_game_won_by_a_dream_hand_is_not_unfinished():
    assert first_error(dream_hand("*")) == "result-unfinished"


def test_no_hand_follows_a_dream_hand():
    text = dream_hand("ann+cid") + "\nhand 2 dealer ann\n"
    assert first_error(text) == "game-over"


def test_another_special_hand_only_scores():
    pairs = position("K K Q Q A A 7 7 5 5 8 8 9", f"ann: draw 9, {PAIRS_LAID}", tables={}, melded="")
    [ruling] = arbiter.check(pairs.replace("[Teams", '[Result "*"]\n[Teams'))
    assert not [f for f in ruling.findings if f.is_error] and ruling.winner is None


# --- special hands on the score sheet ---------------------------------------------------------


def sheet(ann: str, bob: str, variant: str = "", score: str = "") -> str:
    lines = ['[Rules "modern-american"]', '[Seats "ann bob cid dee"]', '[Teams "ann+cid bob+dee"]']
    lines += [f'[Variant "{variant}"]'] if variant else []
    lines += ["", "hand 1 dealer dee", f"summary ann+cid {ann}".rstrip(), f"summary bob+dee {bob}".rstrip()]
    lines += [score] if score else []
    return "\n".join(lines) + "\n"


def test_a_hand_ended_by_a_special_hand_is_written_as_its_score_sheet_and_scores_the_same():
    from arbiter.sheets.summarise import summarise_source

    moves = (Path(__file__).parent.parent / "samples" / "modern-american-special-hand.acn").read_text(encoding="utf-8")
    written, notes = summarise_source(moves)
    assert not notes and "summary ann+cid wild-pairs\n" in written
    [in_moves], [on_sheet] = arbiter.check(moves), arbiter.check(written)
    assert on_sheet.verdict == "valid" and on_sheet.hands[0].scores == in_moves.hands[0].scores


def test_a_special_hand_on_the_sheet_scores_its_value_alone():
    [ruling] = arbiter.check(sheet("straight", "melded 95 left 30"))
    assert ruling.verdict == "valid" and ruling.hands[0].scores == {
        "ann+cid": 3_000,
        "bob+dee": -125,
    }  # melded without a canasta: minus


def test_a_dream_hand_on_the_sheet_wins_the_game():
    [ruling] = arbiter.check(sheet("dream-plus-5", "melded 95 left 30"))
    assert ruling.winner == "ann+cid" and ruling.hands[0].scores["ann+cid"] == 8_500


def test_a_special_hand_stands_alone_on_its_line():
    assert first_error(sheet("pairs melded 40", "melded 95 left 30")) == "summary-category"


def test_nobody_goes_out_in_a_hand_a_special_hand_ends():
    assert first_error(sheet("pairs", "natural 2 melded 140 out")) == "summary-going-out"
    assert first_error(sheet("pairs", "garbage")) == "summary-going-out"


def test_a_special_hand_the_table_does_not_play_is_not_on_its_sheet():
    assert first_error(sheet("miami-pairs", "melded 95 left 30", "pagat")) == "summary-category"
    assert first_error(sheet("garbage", "melded 95 left 30", "pagat", "score ann+cid 2000 bob+dee -125")) is None


def test_legal_actions_offer_an_eighth_card_only_on_a_turn_that_can_go_out():
    can = Position.from_record(eighth_king("ann: draw 5"), hand=1, turn=1)
    can.push("draw 5")
    assert can.is_legal("add [K] to K")
    cannot = Position.from_record(
        position("K 10 4", "ann: draw 6", tables=TWO_CANASTAS, pile="", variant="eighth-card-going-out"),
        hand=1,
        turn=1,
    )
    cannot.push("draw 6")
    assert not cannot.is_legal("add [K] to K")
    assert "add [K] to K" not in {str(move) for move in cannot.legal_actions()}
