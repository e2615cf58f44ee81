"""Modern American Canasta, rule by rule: each test is a situation at the table and the ruling the
League's reading (the default) gives, and, where a preset or option reads the rule otherwise, the
ruling under it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from mac_support import SEATS, config, finding, first_error, position

from arbiter import Position, house
from arbiter.families import get

SAMPLES = Path(__file__).parent.parent / "samples"

# --- the family, its names and its presets ------------------------------------------------------


@pytest.mark.parametrize("alias", ["modern-american", "mac", "american", "modern-american-canasta", "MAC"])
def test_the_family_answers_to_its_name_and_aliases(alias):
    assert get(alias).name == "modern-american"


def test_the_league_preset_is_every_default_and_the_others_differ_where_their_sources_do():
    rules = get("modern-american")
    defaults = rules.resolve({})
    assert rules.resolve({"league": True}) == defaults
    pagat = rules.resolve({"pagat": True})
    assert {name for name in defaults if pagat[name] != defaults[name]} == {
        "opening-wild-meld-counts-as-clean",
        "incomplete-wild-four-jokers",
        "empty-tray-ban",
        "no-legal-discard",
        "special-hands",
        "wild-pairs-wilds",
    }
    app = rules.resolve({"app": True})
    assert {name for name in defaults if app[name] != defaults[name]} == {"three-in-hand-value"}


def test_every_value_of_every_option_is_judged_none_refused_as_not_judged_yet():
    for spec in get("modern-american").options:
        for value in spec.choices or ((True, False) if isinstance(spec.default, bool) else (spec.default,)):
            assert config(**{spec.name: value}).options[spec.name] == value, spec.name


def test_a_club_rulebook_can_base_itself_on_a_preset():
    book = house.parse(
        'name = "Boca Club"\nversion = 1\nfamily = "mac"\nbase = "app"\n'
        '[rules.meld-base]\nvalue = 3\nnote = "We never played the rule of five."\n',
        "boca.rules.toml",
    )
    assert book.family == "modern-american" and book.base == "app"
    assert book.settings["three-in-hand-value"] == 100 and book.settings["meld-base"] == 3


# --- the table and the deal ---------------------------------------------------------------------


def test_four_players_are_dealt_thirteen_cards_each_and_no_card_is_turned_up():
    dealt = Position.deal("modern-american", ["ann", "bob", "cid", "dee"], seed=3)
    assert {player: len(cards) for player, cards in dealt.table.hands.items()} == dict.fromkeys(
        ("ann", "bob", "cid", "dee"), 13
    )
    assert dealt.table.pile == () and dealt.table.stock == 108 - 52


@pytest.mark.parametrize(("seats", "dealt", "drawn", "canastas"), [(4, 13, 1, 2), (2, 15, 2, 2), (3, 15, 2, 1)])
def test_the_two_and_three_player_games_deal_fifteen_and_draw_two(seats, dealt, drawn, canastas):
    names = ("ann", "bob", "cid", "dee")[:seats]
    sides = ((names[0], names[2]), (names[1], names[3])) if seats == 4 else tuple((name,) for name in names)
    rules = get("modern-american")
    table = rules.config_for(type(SEATS)(names, sides), rules.resolve({}))
    assert (table.deal_size, table.draw_count, table.canastas_to_go_out) == (dealt, drawn, canastas)


# --- threes --------------------------------------------------------------------------------------


def test_a_black_three_is_laid_and_replaced_like_a_red_one():
    text = position("S 5 10", "ann: draw S, bonus S, draw 6, discard 10")
    assert first_error(text) is None


def test_a_three_is_never_discarded():
    assert first_error(position("S 5 10", "ann: draw 6, discard S")) == "bonus-discard"


# --- the talon -----------------------------------------------------------------------------------

OPENER = "K K K Q Q X J J 2 5 6 9 10"
OPENING = "meld [K K K] [Q Q X] [J J 2], discard 9"


def test_the_first_side_to_open_draws_four_cards_of_talon_after_its_discard():
    text = position(OPENER, f"ann: draw 4, {OPENING}, draw 7 5 A 10", tables={}, melded="")
    assert first_error(text) is None


def test_the_second_side_to_open_draws_three():
    tables = {"bob+dee": "[Q Q Q]"}
    assert (
        first_error(
            position(
                OPENER.replace("Q Q X", "A A X"),
                "ann: draw 4, meld [K K K] [A A X] [J J 2], discard 9, draw 7 5 8",
                tables=tables,
                melded="bob dee",
            )
        )
        is None
    )
    four = position(
        OPENER.replace("Q Q X", "A A X"),
        "ann: draw 4, meld [K K K] [A A X] [J J 2], discard 9, draw 7 5 8 6",
        tables=tables,
        melded="bob dee",
    )
    assert first_error(four) == "talon"


def test_a_forgotten_talon_is_lost_without_a_ruling():
    assert first_error(position(OPENER, f"ann: draw 4, {OPENING}", tables={}, melded="")) is None


def test_no_talon_once_the_turn_card_has_been_drawn():
    turn_card_drawn = position(
        OPENER, f"ann: draw 4, {OPENING}, draw 7 5 A 10", tables={}, melded="", stock="4 7 5 A 10 6 8 9"
    )
    assert first_error(turn_card_drawn) == "talon"
    nine_left = position(
        OPENER, f"ann: draw 4, {OPENING}, draw 7 5 A 10", tables={}, melded="", stock="4 7 5 A 10 6 8 9 Q 4"
    )
    assert first_error(nine_left) is None


def test_no_talon_for_an_opening_made_by_taking_the_pile():
    text = position(
        "K K K Q Q X 8 8 J J J 9 10",
        "ann: take 8 with [8 8] and [K K K] [Q Q X] [J J J], discard 9, draw 7 5 A 4",
        tables={},
        melded="",
        pile="5 8",
    )
    assert first_error(text) == "talon"


# --- the pile ------------------------------------------------------------------------------------


def test_the_pile_is_taken_only_with_a_natural_pair_from_hand():
    assert first_error(position("9 9 5 10", "ann: take 9 with [9 9], discard 10", pile="8 4 9")) is None
    assert first_error(position("9 2 5 10", "ann: take 9 with [9 2], discard 10", pile="8 4 9")) == "take-frozen"
    assert first_error(position("9 5 10", "ann: take 9 onto 9, discard 10", pile="8 4 9")) == "take-frozen"


def test_nobody_takes_the_pile_with_a_wild_on_top():
    assert first_error(position("2 2 5 10", "ann: take 2 with [2 2], discard 10", pile="8 4 2")) == "take-blocked"


def test_the_pile_top_card_counts_toward_neither_the_minimum_nor_the_clean_triple():
    # 8 8 and the melds from hand make 120 (the Kings' 8 on top would bring 130): short of 125
    text = position(
        "K K K Q Q X 8 8 5 9 10 6 4",
        "ann: take 8 with [8 8] and [K K K] [Q Q X], discard 9",
        tables={},
        melded="",
        pile="5 8",
    )
    assert first_error(text) == "take-initial"


# --- melds ---------------------------------------------------------------------------------------


def test_the_rule_of_five_keeps_a_wild_from_a_meld_of_fewer_than_five_naturals():
    assert first_error(position("2 4 5 10", "ann: draw 6, add [2] to 9, discard 10")) == "rule-of-five"
    assert first_error(position("2 4 5 10", "ann: draw 6, add [2] to J, discard 10")) is None


def test_a_table_that_plays_no_rule_of_five_lets_the_wild_join_three_naturals():
    assert first_error(position("2 4 5 10", "ann: draw 6, add [2] to 9, discard 10", variant="meld-base=3")) is None


def test_a_meld_holds_two_wilds_at_most():
    assert first_error(position("K K K K 2 2 X 4 10", "ann: draw 6, meld [K K K K 2 2 X], discard 10")) == "meld-wilds"


def test_sevens_never_take_a_wild():
    assert first_error(position("7 7 2 4 5 10", "ann: draw 6, meld [7 7 2], discard 10")) == "meld-sevens"


def test_aces_take_wilds_in_the_opening_but_not_later():
    opening = position(
        "K K K A A X J J J 5 6 9 10", "ann: draw 4, meld [K K K] [A A X] [J J J], discard 9", tables={}, melded=""
    )
    assert first_error(opening) is None
    tables = {"ann+cid": "[A A A A A] [J J J]", "bob+dee": "[Q Q Q]"}
    assert first_error(position("2 4 5 10", "ann: draw 6, add [2] to A, discard 10", tables=tables)) == "meld-aces"


def test_a_meld_of_wild_cards_alone_is_a_meld():
    assert first_error(position("2 2 X 5 10", "ann: draw 6, meld [2 2 X], discard 10")) is None


def test_a_meld_never_passes_seven_cards():
    tables = {"ann+cid": "[K K K K K K K]", "bob+dee": "[Q Q Q]"}
    assert first_error(position("K 5 10", "ann: draw 6, add [K] to K, discard 10", tables=tables)) == "meld-size"


def test_a_rank_with_a_completed_canasta_is_dead_for_both_sides():
    tables = {"ann+cid": "[K K 2] [9 9 9]", "bob+dee": "[K K K K K 2 2]"}
    assert first_error(position("K 4 5 10", "ann: draw 6, add [K] to K, discard 10", tables=tables)) == "dead-rank"
    variant = "dead-rank-freezes-both-teams=no"
    assert (
        first_error(position("K 4 5 10", "ann: draw 6, add [K] to K, discard 10", tables=tables, variant=variant))
        is None
    )


# --- the opening ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "minimum"), [(-350, 125), (0, 125), (2_995, 125), (3_000, 155), (4_995, 155), (5_000, 180), (8_000, 180)]
)
def test_the_opening_minimum_goes_by_the_side_s_score(score, minimum):
    assert config().first_meld_minimum(score, 1) == minimum


@pytest.mark.parametrize(("hand", "minimum"), [(1, 125), (2, 155), (3, 180)])
def test_a_timed_tournament_sets_the_minimum_by_the_hand_number(hand, minimum):
    assert config(**{"opening-minimum": "by-hand-number"}).first_meld_minimum(6_000, hand) == minimum


def test_an_opening_short_of_the_minimum_is_a_mismeld_that_costs_ten_points():
    ruled = finding(
        position("K K K Q Q Q 4 5 6 9 10 8 J", "ann: draw 4, meld [K K K] [Q Q Q], discard 9", tables={}, melded="")
    )
    assert ruled.code == "first-meld-minimum" and ruled.adjustment.points == -10


def test_the_other_reading_of_the_mismeld_raises_the_minimum_for_the_hand():
    ruled = finding(
        position(
            "K K K Q Q Q 4 5 6 9 10 8 J",
            "ann: draw 4, meld [K K K] [Q Q Q], discard 9",
            tables={},
            melded="",
            variant="mismeld-penalty=minimum",
        )
    )
    assert ruled.adjustment.points == 0 and "rises by 10" in ruled.remedy


def test_the_opening_needs_a_clean_triple():
    text = position(
        "K K 2 Q Q X A A 2 5 6 9 10", "ann: draw 4, meld [K K 2] [Q Q X] [A A 2], discard 9", tables={}, melded=""
    )
    assert first_error(text) == "opening-clean-triple"


def test_pagat_lets_a_wild_meld_stand_for_the_clean_triple():
    # the wilds all in the wild-card meld: an opening that split them would break another rule
    text = position("X X 2 2 Q Q 5 6 9 10 4 8 J", "ann: draw 4, meld [X X 2 2], discard 9", tables={}, melded="")
    assert first_error(text) == "opening-clean-triple"
    assert (
        first_error(text.replace('[Teams "ann+cid bob+dee"]', '[Teams "ann+cid bob+dee"]\n[Variant "pagat"]')) is None
    )


def test_a_splash_opens_whatever_the_minimum_but_not_where_the_table_plays_none():
    text = position("K K K K K K K 6 9 10 4 8 J", "ann: draw 4, meld [K K K K K K K], discard 9", tables={}, melded="")
    assert first_error(text) is None
    assert first_error(text.replace("[Teams", '[Variant "splash=no"]\n[Teams')) == "first-meld-minimum"


def test_a_mixed_canasta_is_not_laid_in_the_opening():
    text = position(
        "K K K K K 2 2 Q Q Q J J J 9",
        "ann: draw 5, meld [K K K K K 2 2] [Q Q Q] [J J J], discard 9",
        tables={},
        melded="",
    )
    assert first_error(text) == "opening-mixed-canasta"
    assert first_error(text.replace("[Teams", '[Variant "mixed-canasta-in-opening"]\n[Teams')) is None


def test_a_table_that_forbids_a_pair_and_a_wild_in_the_opening():
    text = position(OPENER, f"ann: draw 4, {OPENING}", tables={}, melded="", variant="opening-pair-plus-wild=no")
    assert first_error(text) == "meld-wilds"


# --- discards ------------------------------------------------------------------------------------


def test_a_wild_is_discarded_only_to_go_out():
    assert first_error(position("2 5 10", "ann: draw 6, discard 2")) == "discard-wild"


def test_a_hand_of_nothing_but_wilds_may_discard_one():
    assert first_error(position("2 X", "ann: draw 2, discard 2")) is None


def test_nothing_dangerous_goes_onto_an_empty_pile():
    for card in ("7", "A"):
        assert first_error(position(f"{card} 5 10", f"ann: draw 6, discard {card}", pile="")) == "discard-empty-pile"
    assert first_error(position("5 10", "ann: draw 6, discard 5", pile="")) is None


def test_pagat_bars_only_aces_and_sevens_from_an_empty_pile():
    tables = {"ann+cid": "[9 9 9] [J J J J J]", "bob+dee": "[K K K K K K K]"}
    text = position("K 5 10", "ann: draw 6, discard K", pile="", tables=tables)
    assert first_error(text) == "discard-empty-pile"
    assert first_error(text.replace("[Teams", '[Variant "pagat"]\n[Teams')) is None


# --- going out -----------------------------------------------------------------------------------

TWO_CANASTAS = {"ann+cid": "[K K K K K K K] [A A A A A A A]", "bob+dee": "[Q Q Q]"}


def test_a_side_goes_out_with_two_canastas_and_a_face_down_discard_of_any_card():
    for last in ("5", "7", "2"):
        text = position(
            f"10 10 {last}", f"ann: draw 10, meld [10 10 10], discard {last}, out", tables=TWO_CANASTAS, pile=""
        )
        assert first_error(text) is None, last


def test_one_canasta_is_not_enough_to_go_out():
    tables = {"ann+cid": "[K K K K K K K] [A A A]", "bob+dee": "[Q Q Q]"}
    text = position("10 10 5", "ann: draw 10, meld [10 10 10], discard 5, out", tables=tables)
    assert first_error(text) == "go-out-canasta"


def test_an_unfinished_meld_of_wild_cards_keeps_a_side_from_going_out():
    tables = {**TWO_CANASTAS, "ann+cid": TWO_CANASTAS["ann+cid"] + " [2 2 X]"}
    text = position("10 10 5", "ann: draw 10, meld [10 10 10], discard 5, out", tables=tables)
    assert first_error(text) == "go-out-canasta"


# --- scoring -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "bonus"),
    [
        ("K K K K K K K", 500),
        ("8 8 8 8 8 2 2", 300),
        ("A A A A A A A", 2_500),
        ("7 7 7 7 7 7 7", 2_500),
        ("A A A A A 2 X", 300),
        ("2 2 2 2 2 2 2", 3_000),
        ("X X X X 2 2 2", 2_500),
        ("X 2 2 2 2 2 2", 2_000),
    ],
)
def test_each_kind_of_canasta_has_its_value(meld, bonus):
    table = config()
    assert table.canasta_bonus(meld.split(), table)[1] == bonus


@pytest.mark.parametrize(("canastas", "sign"), [(0, -1), (1, 0), (2, 1)])
def test_threes_count_minus_with_no_canasta_nothing_with_one_and_plus_with_two(canastas, sign):
    table = config()
    melds = [["K"] * 7] * canastas + [["Q", "Q", "Q"]]
    threes = [line for line in table.laid_score(["B", "B", "S"], melds, table) if "threes" in line[0]()]
    assert sum(points for _, points in threes) == sign * 400


def test_an_unfinished_wild_meld_of_four_jokers_costs_two_thousand_or_pagat_s_twenty_five_hundred():
    for preset, cost in (("league", 2_000), ("pagat", 2_500)):
        table = config(**{preset: True})
        assert table.unfinished_penalty(["X", "X", "X", "X"], table) == cost
        assert table.unfinished_penalty(["X", "X", "2"], table) == 2_000
        assert table.unfinished_penalty(["A", "A", "A"], table) == table.unfinished_penalty(["7", "7", "7"], table)
        assert table.unfinished_penalty(["A", "A", "2"], table) == 0  # aces made mixed in the opening: ordinary


def test_the_melded_cards_count_against_a_side_without_a_canasta():
    assert [config().melded_sign(canastas) for canastas in (0, 1, 2)] == [-1, 1, 1]


def test_three_aces_left_in_a_hand_cost_fifteen_hundred_beside_their_values():
    table = config()
    assert table.hand_penalty(Counter({"A": 3, "K": 1}), table)[0] == 60 + 10 + 1_500
    assert table.hand_penalty(Counter({"A": 3, "7": 3}), table)[0] == 60 + 15 + 3_000


def test_a_three_stuck_in_hand_costs_five_or_the_app_s_hundred():
    assert config().hand_penalty(Counter({"S": 1}), config())[0] == 5
    app = config(app=True)
    assert app.hand_penalty(Counter({"B": 1}), app)[0] == 100


def test_the_game_is_played_to_8500():
    assert config().target == 8_500


# --- positions -----------------------------------------------------------------------------------


def test_legal_actions_at_the_start_of_a_turn_lay_the_threes_or_draw():
    dealt = Position.deal("modern-american", ["ann", "bob", "cid", "dee"], seed=7)
    moves = [str(move) for move in dealt.legal_actions()]
    assert "bonus S" in moves and "bonus B" in moves and all(not m.startswith("take") for m in moves)


def test_legal_actions_after_the_draw_never_discard_a_three_a_wild_or_an_ace_onto_the_empty_pile():
    dealt = Position.deal("modern-american", ["ann", "bob", "cid", "dee"], seed=7)
    while not any(str(move).startswith("discard") for move in dealt.legal_actions()):
        dealt.push(dealt.legal_actions()[0])  # the threes laid and replaced, then the turn's draw
    assert dealt.table.laid["bob+dee"] == ("B", "S")
    discards = {str(move) for move in dealt.legal_actions() if str(move).startswith("discard")}
    assert discards and not discards & {"discard B", "discard S", "discard 2", "discard X", "discard A", "discard 7"}


def test_legal_melds_before_the_opening_reach_the_minimum():
    text = position(OPENER, "ann: draw 4", tables={}, melded="")
    before = Position.from_record(text, hand=1, turn=1)
    before.push("draw 4")
    assert before.is_legal("meld [K K K] [Q Q X] [J J 2]")
    before.push("meld [K K K]")
    assert not before.is_legal("discard 9")  # 30 points: the opening is short of 125
    before.push("meld [Q Q X] [J J 2]")
    assert before.is_legal("discard 9")


# --- the notation --------------------------------------------------------------------------------


def test_up_alone_reads_as_an_empty_pile_and_formats_back_as_written():
    from arbiter.notation import parse_text
    from arbiter.notation.formatter import format_statement

    text = (SAMPLES / "modern-american-opening.acn").read_text(encoding="utf-8")
    [parsed] = parse_text(text)
    [hand] = parsed.game.hands
    assert not parsed.findings
    assert hand.up is not None and hand.up.cards == () and format_statement(hand.up) == "up"


def test_a_classic_up_card_still_reads_and_is_refused_in_this_game():
    assert first_error((SAMPLES / "modern-american-illegal-up-card-turned.acn").read_text(encoding="utf-8")) == (
        "up-card"
    )


# --- special hands -------------------------------------------------------------------------------

SPECIAL_HANDS = {
    "Pairs": ("K K Q Q A A 7 7 5 5 8 8 9", "9", 2_500),
    "Wild Pairs": ("K K Q Q A A 7 7 2 2 8 8 9", "9", 2_000),
    "Miami Pairs": ("K K Q Q A A 7 7 2 2 X X 9", "9", 2_500),
    "Zip Code": ("K K K K Q Q Q A A A 7 7 9", "9", 2_500),
    "Straight": ("A 2 B 4 5 6 7 8 9 10 J Q K", "X", 3_000),
    "Garbage": ("K K K K Q Q Q Q A A A 9 9", "9", 3_000),
    "Blast Off": ("K K K K K Q Q Q Q A A A 9", "9", 3_000),
    "Triples": ("K K K Q Q Q A A A 7 7 7 X", "X", 3_500),
    "Quads": ("K K K K Q Q Q Q A A A A 2", "2", 3_500),
    "Dream Hand Plus 4": ("K K K K K Q Q Q Q Q X X X", "X", 8_500),
    "Dream Hand Plus 5": ("K K K K K Q Q Q Q 2 2 2 X", "X", 8_500),
}


def laid_special(cards: str, drawn: str, variant: str = "", melded: str = "") -> tuple[str | None, dict]:
    whole = " ".join(sorted([*cards.split(), drawn], key=lambda c: "A23456789TJQKXBS".find(c[0])))
    text = position(cards, f"ann: draw {drawn}, special {whole}", tables={}, melded=melded, variant=variant)
    [ruling] = __import__("arbiter").check(text)
    errors = [f for f in ruling.findings if f.is_error]
    return (errors[0].code if errors else None), (ruling.hands[0].scores if not errors else {})


@pytest.mark.parametrize("name", SPECIAL_HANDS)
def test_each_special_hand_of_the_league_ends_the_hand_and_scores_its_value_alone(name):
    cards, drawn, value = SPECIAL_HANDS[name]
    code, scores = laid_special(cards, drawn)
    assert code is None and scores["ann+cid"] == value
    assert scores["bob+dee"] == -95  # the other side scores its hand as usual: the cards bob and dee hold


def test_pagat_plays_four_special_hands_at_its_own_values():
    assert laid_special(*SPECIAL_HANDS["Garbage"][:2], variant="pagat")[1]["ann+cid"] == 2_000
    assert laid_special(*SPECIAL_HANDS["Zip Code"][:2], variant="pagat")[0] == "special-hand"


def test_a_table_that_scores_every_special_hand_2500():
    assert laid_special(*SPECIAL_HANDS["Quads"][:2], variant="special-hands=flat-2500")[1]["ann+cid"] == 2_500


def test_zip_code_without_wilds_where_the_table_bans_them():
    zip_with_wilds = ("K K K K Q Q Q A A A 2 2 9", "9")
    assert laid_special(*zip_with_wilds)[0] is None
    assert laid_special(*zip_with_wilds, variant="zip-code-wilds=no")[0] == "special-hand"


def test_a_special_hand_is_laid_only_by_a_side_that_has_not_opened():
    cards, drawn, _ = SPECIAL_HANDS["Pairs"]
    whole = "K K Q Q A A 7 7 5 5 8 8 9 9"
    opened = position(cards, f"ann: draw {drawn}, special {whole}")
    assert first_error(opened) == "special-hand"


def test_cards_that_make_no_special_hand_are_a_mismeld():
    ruled = finding(
        position(
            "K K Q Q A A 7 7 2 2 8 8 9", "ann: draw 10, special K K Q Q A A 7 7 2 2 8 8 9 10", tables={}, melded=""
        )
    )
    assert ruled.code == "special-hand" and ruled.adjustment.points == -10


def test_no_special_hands_in_another_family():
    text = position("4", "ann: draw 4, special 4 4").replace("modern-american", "classic")
    assert first_error(text) == "meld-rank"


def test_pagat_s_wild_pairs_take_a_pair_of_deuces_only():
    jokers = ("K K Q Q A A 7 7 X X 8 8 9", "9")
    assert laid_special(*jokers)[1]["ann+cid"] == 2_000
    assert laid_special(*jokers, variant="pagat")[0] == "special-hand"


def test_pagat_lets_a_hand_of_only_aces_and_sevens_discard_one_onto_an_empty_pile():
    text = position("A 7", "ann: draw 7, discard A", pile="")
    assert first_error(text) == "discard-empty-pile"
    assert first_error(text.replace("[Teams", '[Variant "pagat"]\n[Teams')) is None
