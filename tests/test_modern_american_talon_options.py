"""Modern American Canasta's talon and threes options, judged: `talon-source=predealt` (the talons
dealt aside at the deal, a pile for each side in the order the sides open) and
`replace-threes-after-turn-card=no` (a three laid once the turn card has been drawn is not
replaced), each through `arbiter check` and through a position, which agree."""

from __future__ import annotations

from pathlib import Path

from differential import agree
from mac_support import finding, first_error, position

from arbiter import Position

SAMPLES = Path(__file__).parent.parent / "samples"
PREDEALT = "talon-source=predealt"
NO_LATE_THREES = "replace-threes-after-turn-card=no"

OPENER = "K K K Q Q X J J 2 5 6 9 10"
OPENING = "ann: draw 4, meld [K K K] [Q Q X] [J J 2], discard 9"
# top first: with the talons dealt aside, the first side's pile (9 7 5 A), the second's (10 6 8),
# then the stock itself, whose top ann draws
STOCK = "9 7 5 A 10 6 8 4 Q 4 J 5 6 4 7 7 8"


def opening(talon: str, **layout: str) -> str:
    fields = {"tables": {}, "melded": "", "stock": STOCK, "variant": PREDEALT, **layout}
    return position(OPENER, f"{OPENING}, {talon}", **fields)  # type: ignore[arg-type]


def judged_alike(text: str) -> str | None:
    agree(text)
    return first_error(text)


# --- the talons dealt aside -----------------------------------------------------------------------


def test_the_first_side_to_open_takes_the_first_pile_dealt_aside():
    assert judged_alike(opening("draw 9 7 5 A")) is None


def test_the_pile_dealt_aside_is_taken_whole_in_any_order():
    assert judged_alike(opening("draw A 5 7 9")) is None


def test_a_talon_drawn_from_the_stocks_top_where_the_talons_are_dealt_aside_names_the_pile():
    text = opening("draw 4 Q 4 J")
    assert judged_alike(text) == "talon"
    assert "the talon dealt aside for ann+cid is [9 7 5 A]" in finding(text).message


def test_a_talon_short_of_the_pile_dealt_aside_is_refused():
    text = opening("draw 9 7 5")
    assert judged_alike(text) == "talon"
    assert "talon dealt aside for the side, 4 cards, not 3" in finding(text).message


def test_the_second_side_to_open_takes_the_second_pile_the_first_side_having_had_its_own():
    # bob+dee have opened: only the second pile is still aside, first on the stock line
    text = position(
        OPENER,
        f"{OPENING.replace('draw 4', 'draw A')}, draw 9 7 5",
        tables={"bob+dee": "[Q Q Q]"},
        melded="bob dee",
        stock="9 7 5 A 10 6 8 4 Q 4 J 5 6 4 7 7 8",
        variant=PREDEALT,
    )
    assert judged_alike(text) is None


def test_a_position_offers_the_pile_dealt_aside_as_the_talon_and_the_stock_keeps_its_own_cards():
    text = opening("draw 9 7 5 A")
    at = Position.from_record(text, hand=1, turn=1)
    assert at.table.stock == 10  # 17 on the line, 7 of them the talons
    for action in ("draw 4", "meld [K K K] [Q Q X] [J J 2]", "discard 9"):
        at.push(action)
    assert [str(action) for action in at.legal_actions()] == ["draw 9 7 5 A"]
    at.push("draw 9 7 5 A")
    assert (at.to_play, at.table.stock) == ("bob", 9)


def test_a_stated_stock_counts_the_cards_left_once_the_talons_are_dealt_aside():
    text = position(OPENER, f"{OPENING}, draw 4 Q 4 J", tables={}, melded="", variant=PREDEALT)
    assert first_error(text) == "position"  # the helper counts the talons into the stock: 75
    assert "the talons dealt aside for 7" in finding(text).message
    fixed = text.replace("stock 75 cards", "stock 68 cards")
    assert judged_alike(fixed) is None  # cards not seen yet: any four make the pile


def test_no_talon_is_taken_from_the_pile_dealt_aside_once_the_turn_card_is_drawn():
    text = opening("draw 9 7 5 A", stock="9 7 5 A 10 6 8 4 Q 4 J 5 6 4 7")  # 8 left after ann's draw
    assert judged_alike(text) == "talon"


def test_a_deal_with_the_talons_dealt_aside_lists_them_first_on_the_stock_line():
    sample = (SAMPLES / "modern-american-illegal-talon-not-the-pile-dealt-aside.acn").read_text()
    assert judged_alike(sample) == "talon"
    assert judged_alike(sample.replace("draw Q 7 A 10", "draw 8 10 4 J")) is None


def test_without_the_option_nothing_is_dealt_aside_and_the_talon_comes_from_the_stocks_top():
    from_the_top = opening("draw 7 5 A 10", variant="").replace("draw 4,", "draw 9,")
    assert judged_alike(from_the_top) is None
    assert judged_alike(from_the_top.replace("draw 7 5 A 10", "draw 6 8 4 Q")) == "stock-order"


# --- threes after the turn card -------------------------------------------------------------------

LATE = "5 6 8 K"
TURN_CARD_A_THREE = "S 5 6 7 8 9 10 J Q"  # nine cards: the turn card on top


def test_by_default_a_three_drawn_as_the_turn_card_is_replaced():
    assert judged_alike(position(LATE, "ann: draw S, bonus S, draw 5, discard 5", stock=TURN_CARD_A_THREE)) is None


def test_where_threes_stop_at_the_turn_card_the_three_drawn_as_the_turn_card_is_not_replaced():
    text = position(LATE, "ann: draw S, bonus S, discard 8", stock=TURN_CARD_A_THREE, variant=NO_LATE_THREES)
    assert judged_alike(text) is None


def test_where_threes_stop_at_the_turn_card_a_replacement_drawn_after_it_is_refused():
    text = position(LATE, "ann: draw S, bonus S, draw 5, discard 5", stock=TURN_CARD_A_THREE, variant=NO_LATE_THREES)
    assert judged_alike(text) == "bonus-replacement"
    assert "is not replaced" in finding(text).message


def test_where_threes_stop_at_the_turn_card_a_three_laid_before_it_is_drawn_is_replaced_by_the_turn_card():
    text = position("S 5 6 8 K", "ann: bonus S, draw 4, draw 5, discard 5", stock="4 5 6 7 8 9 10 J Q")
    assert judged_alike(text.replace("[Teams", f'[Variant "{NO_LATE_THREES}"]\n[Teams')) is None


def test_where_threes_stop_at_the_turn_card_one_laid_after_the_turns_draw_takes_the_last_replacement_only():
    # ten cards: the draw leaves nine, so the first three laid is replaced (by the turn card), the second not
    stock = "4 5 6 7 8 9 10 J Q K"
    text = position("S S 5 6 8 K", "ann: draw 4, bonus S S, draw 5, discard 6", stock=stock, variant=NO_LATE_THREES)
    assert judged_alike(text) is None
    too_many = position(
        "S S 5 6 8 K", "ann: draw 4, bonus S S, draw 5 6, discard 6", stock=stock, variant=NO_LATE_THREES
    )
    assert judged_alike(too_many) == "bonus-replacement"
