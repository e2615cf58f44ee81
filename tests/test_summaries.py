"""Hands given as their summaries (ACN 1.1): each check of a score sheet, named after the situation,
in every family, and the totals, the game's end and the next minimums through summarised hands."""

from __future__ import annotations

import pytest

import arbiter
from arbiter.families import get
from arbiter.house.rulebook import parse as parse_rulebook

CALIENTE = """[Rules "caliente"]
[Seats "ann bob cid dee"]
[Teams "ann+cid bob+dee"]
"""
SAMBA = CALIENTE.replace("caliente", "samba")
HAND_AND_FOOT = CALIENTE.replace("caliente", "hand-and-foot")
CLASSIC = CALIENTE.replace("caliente", "classic")
HOYLE = """[Rules "hoyle"]
[Seats "ann bob"]
"""
MODERN_AMERICAN = CALIENTE.replace("caliente", "modern-american")


def hand(number: int, dealer: str, *lines: str) -> str:
    return f"\nhand {number} dealer {dealer}\n" + "\n".join(lines) + "\n"


def ruling(record: str, **kwargs: object) -> arbiter.GameRuling:
    (game,) = arbiter.check(record, **kwargs)  # type: ignore[arg-type]
    return game


def errors(record: str, **kwargs: object) -> list[arbiter.Finding]:
    return [f for f in ruling(record, **kwargs).findings if f.is_error]


def codes(record: str, **kwargs: object) -> list[str]:
    return [f.code for f in errors(record, **kwargs)]


CALIENTE_HAND = hand(
    1,
    "dee",
    "summary ann+cid natural 1 mixed 1 bonus 1 melded 420 out",
    "summary bob+dee mixed 1 melded 260 left 45",
    "score ann+cid 1420 bob+dee 515",
    "total ann+cid 1420 bob+dee 515",
)


# --- valid sheets, every family -------------------------------------------------------------------

VALID = {
    "caliente": CALIENTE + CALIENTE_HAND,
    "caliente-two-players": """[Rules "caliente"]
[Seats "ann bob"]
"""
    + hand(
        1,
        "bob",
        "summary ann natural 1 mixed 1 bonus 2 melded 300 out concealed",
        "summary bob mixed 1 melded 150 left 85",
        "score ann 1500 bob 365",
    ),
    "caliente-six-players": """[Rules "caliente"]
[Seats "ann bob cid dee eve fay"]
[Teams "ann+cid+eve bob+dee+fay"]
"""
    + hand(
        1,
        "fay",
        "summary ann+cid+eve natural 2 melded 200 left 20 out",
        "summary bob+dee+fay melded 90 left 40",
        "score ann+cid+eve 1280 bob+dee+fay 50",
    ),
    "samba": SAMBA
    + hand(
        1,
        "dee",
        "summary ann+cid samba 1 natural 1 bonus 1 melded 510 out",
        "summary bob+dee mixed 1 bonus 2 melded 200 left 60",
        "score ann+cid 2810 bob+dee 240",
    ),
    "hand-and-foot": HAND_AND_FOOT
    + hand(
        1,
        "dee",
        "summary ann+cid clean 2 dirty 2 wild 1 bonus 1 melded 900 left 0 out",
        "summary bob+dee clean 1 dirty 1 melded 450 left 230",
        "score ann+cid 4200 bob+dee 1020",
    ),
    "classic": CLASSIC
    + hand(
        1,
        "dee",
        "summary ann+cid natural 1 red-threes 4 melded 260 out",
        "summary bob+dee red-threes 0 melded 0 left 120",
        "score ann+cid 1660 bob+dee -120",
    ),
    "hoyle": HOYLE
    + hand(
        1,
        "bob",
        "summary ann natural 1 mixed 1 red-threes 1 melded 300 out",
        "summary bob mixed 1 red-threes 1 melded 120 left 75",
        "score ann 1300 bob 445",
    ),
    "modern-american": MODERN_AMERICAN
    + hand(
        1,
        "dee",
        "summary ann+cid natural 1 mixed 1 red-threes 2 black-threes 1 melded 190 left 15 out",
        "summary bob+dee red-threes 1 melded 95 left 1545 penalties 2500",
        "score ann+cid 1475 bob+dee -4240",
    ),
}
FAMILIES = ["caliente", "samba", "hand-and-foot", "classic", "hoyle", "modern-american"]
"""The families whose sheets every check below is tried on (VALID holds one true hand of each)."""


@pytest.mark.parametrize("name", VALID)
def test_a_true_score_sheet_is_valid(name: str) -> None:
    game = ruling(VALID[name])
    assert [f for f in game.findings if f.is_error] == [], name
    assert game.verdict == "valid"
    first = game.hands[0]
    assert first.scores == first.declared


def test_the_running_totals_run_through_summarised_hands_and_the_next_minimum_is_shown() -> None:
    record = (
        CALIENTE
        + CALIENTE_HAND
        + hand(
            2,
            "ann",
            "summary ann+cid natural 1 melded 200 out",
            "summary bob+dee melded 0 left 100",
            "score ann+cid 800 bob+dee -100",
            "total ann+cid 2220 bob+dee 415",
        )
    )
    game = ruling(record)
    assert game.verdict == "valid"
    assert game.totals == {"ann+cid": 2220, "bob+dee": 415}
    assert game.hands[0].minimums == {"ann+cid": 50, "bob+dee": 50}
    assert game.hands[1].minimums == {"ann+cid": 90, "bob+dee": 50}  # 2220 is past 1500


def test_a_game_mixes_a_hand_in_moves_with_a_summarised_one() -> None:
    example = (arbiter_root() / "samples" / "caliente-scoring-example.acn").read_text()
    game = ruling(example)
    totals = dict(game.totals)
    record = example + hand(
        game.hands[-1].number + 1,
        next_dealer(example),
        "summary ann+cid natural 1 melded 200 out",
        "summary bob+dee melded 0 left 100",
        "score ann+cid 800 bob+dee -100",
        f"total ann+cid {totals['ann+cid'] + 800} bob+dee {totals['bob+dee'] - 100}",
    )
    mixed = ruling(record)
    assert [f for f in mixed.findings if f.is_error] == []
    assert mixed.totals == {"ann+cid": totals["ann+cid"] + 800, "bob+dee": totals["bob+dee"] - 100}


def arbiter_root():  # type: ignore[no-untyped-def]
    from pathlib import Path

    return Path(__file__).parent.parent


def next_dealer(record: str) -> str:
    seats = next(line for line in record.splitlines() if line.startswith("[Seats")).split('"')[1].split()
    dealer = [line.split()[3] for line in record.splitlines() if line.startswith("hand ")][-1]
    return seats[(seats.index(dealer) + 1) % len(seats)]


# --- the arithmetic: a declared-score finding, corrected on the sheet -------------------------------


def test_a_wrong_sum_is_a_declared_score_finding_with_the_breakdown() -> None:
    record = (CALIENTE + CALIENTE_HAND).replace("score ann+cid 1420", "score ann+cid 1320")
    [finding] = [f for f in errors(record) if f.code == "score-mismatch"]
    assert "declared 1320 but makes 1420" in finding.message and "natural canasta x1 +500" in finding.message
    game = ruling(record)
    assert game.problems == [arbiter.Problem.SCORE]
    assert game.totals["ann+cid"] == 1420  # the sheet corrected


def test_a_wrong_running_total_is_a_total_finding() -> None:
    record = (CALIENTE + CALIENTE_HAND).replace("total ann+cid 1420", "total ann+cid 1402")
    assert codes(record) == ["total-mismatch"]


def test_bonus_cards_of_a_side_that_never_melded_count_against_it() -> None:
    record = CALIENTE + hand(
        1,
        "dee",
        "summary ann+cid natural 1 melded 300 out",
        "summary bob+dee bonus 2 melded 0 left 50",
        "score ann+cid 900 bob+dee 150",
    )
    [finding] = errors(record)
    assert finding.code == "score-mismatch" and "makes -250" in finding.message


def test_the_game_ends_at_the_target_and_the_winner_is_named() -> None:
    record = CALIENTE.replace("[Rules", '[Variant "target=1000"]\n[Result "ann+cid"]\n[Rules') + CALIENTE_HAND
    game = ruling(record)
    assert game.verdict == "valid" and game.winner == "ann+cid"
    after = record + hand(2, "ann", "summary ann+cid melded 0", "summary bob+dee melded 0")
    assert "game-over" in codes(after)


# --- the sides and the family's categories ---------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("summary bob+dee mixed 1", "summary bob+eve mixed 1"), "bob+eve is not a side"),
        (("summary bob+dee mixed 1 melded 260 left 45\n", ""), "no summary line for bob+dee"),
        (("summary bob+dee", "summary ann+cid"), "two summary lines"),
    ],
)
def test_each_side_has_one_summary_line(change: tuple[str, str], words: str) -> None:
    [finding] = errors((CALIENTE + CALIENTE_HAND).replace(*change))
    assert finding.code == "summary-side" and words in finding.message


def test_partners_may_be_named_in_either_order() -> None:
    assert errors((CALIENTE + CALIENTE_HAND).replace("summary ann+cid", "summary cid+ann")) == []


@pytest.mark.parametrize(
    ("record", "change", "words"),
    [
        (CALIENTE + CALIENTE_HAND, ("natural 1", "samba 1"), "`samba` is not on this game's score sheet"),
        (VALID["samba"], ("samba 1 natural 1", "samba 1 natural 1 clean 1"), "`clean` is not on"),
        (VALID["modern-american"], ("red-threes 1", "bonus 1"), "`bonus` is not on"),
        (VALID["hand-and-foot"], ("clean 2", "natural 2"), "`natural` is not on"),
        (VALID["classic"], ("red-threes 4", "bonus 4"), "`bonus` is not on"),
        (CALIENTE + CALIENTE_HAND, ("mixed 1 bonus", "mixed bonus"), "`mixed` needs its number"),
        (CALIENTE + CALIENTE_HAND, ("420 out", "420 out 1"), "`out` stands alone"),
        (CALIENTE + CALIENTE_HAND, ("natural 1 mixed 1", "natural 1 natural 1"), "given twice"),
    ],
)
def test_a_summary_uses_the_family_words_each_once(record: str, change: tuple[str, str], words: str) -> None:
    [finding] = errors(record.replace(*change))
    assert finding.code == "summary-category" and words in finding.message


# --- what the packs allow ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "change", "words"),
    [
        (CALIENTE + CALIENTE_HAND, ("bonus 1", "bonus 5"), "lay 5 `bonus`"),
        (VALID["hoyle"], ("red-threes 1 melded 300", "red-threes 4 melded 300"), "lay 5 `red-threes`"),
        (CALIENTE + CALIENTE_HAND, ("natural 1 mixed 1", "natural 1 mixed 1 caliente 1"), "lay 1 `caliente`"),
        (CALIENTE + CALIENTE_HAND, ("natural 1 mixed 1", "natural 13 mixed 1"), "need at least"),
        (CALIENTE + CALIENTE_HAND, ("melded 420", "melded 99995"), "all the cards of the packs are worth"),
    ],
)
def test_the_packs_cannot_make_more_than_they_hold(record: str, change: tuple[str, str], words: str) -> None:
    found = errors(record.replace(*change))
    assert [f.code for f in found] == ["summary-packs"] and words in found[0].message


def test_three_packs_hold_six_bonus_cards() -> None:
    record = CALIENTE.replace("[Rules", '[Variant "three-packs"]\n[Rules') + CALIENTE_HAND.replace("bonus 1", "bonus 6")
    assert "summary-packs" not in codes(record)


def test_caliente_cards_are_counted_in_the_variation() -> None:
    record = CALIENTE.replace("[Rules", '[Variant "caliente-cards"]\n[Rules') + CALIENTE_HAND.replace(
        "bob+dee mixed 1", "bob+dee caliente 1 mixed 1"
    )
    finding = errors(record)[0]
    assert finding.code == "score-mismatch" and "makes 415" in finding.message  # a Caliente card played costs 100


# --- the points of the cards -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("melded 420", "melded 422"), "`melded 422` is not a multiple of 5"),
        (("left 45", "left 47"), "`left 47` is not a multiple of 5"),
        (("natural 1 mixed 1 bonus 1 melded 420", "natural 1 mixed 1 bonus 1 melded 80"), "at least 85 points"),
    ],
)
def test_the_points_are_what_cards_can_be_worth(change: tuple[str, str], words: str) -> None:
    found = errors((CALIENTE + CALIENTE_HAND).replace(*change))
    assert [f.code for f in found] == ["summary-points"] and words in found[0].message


def test_a_wild_canasta_holds_at_least_seven_wild_cards_of_points() -> None:
    record = VALID["hand-and-foot"].replace("melded 900", "melded 300")
    [finding] = errors(record)
    assert finding.code == "summary-points" and "at least 310" in finding.message  # 2 x 35, 2 x 50, 7 x 20


# --- going out and the end of the hand -------------------------------------------------------------


def test_two_sides_cannot_both_go_out() -> None:
    [finding] = errors((CALIENTE + CALIENTE_HAND).replace("left 45", "left 45 out"))
    assert finding.code == "summary-going-out" and "only one side goes out" in finding.message


def test_a_hand_may_end_with_nobody_out_when_the_stock_runs_out() -> None:
    record = CALIENTE + hand(
        1,
        "dee",
        "summary ann+cid natural 1 melded 300 left 20",
        "summary bob+dee melded 100 left 10",
        "score ann+cid 780 bob+dee 90",
    )
    assert errors(record) == []


@pytest.mark.parametrize(
    ("record", "change", "words"),
    [
        (CALIENTE + CALIENTE_HAND, ("natural 1 mixed 1 bonus 1", "bonus 1"), "needs 1 to go out"),
        (VALID["samba"], ("samba 1 natural 1", "samba 1"), "needs 2 to go out"),
        (VALID["hand-and-foot"], ("wild 1 ", ""), "1 more wild"),
        (VALID["hoyle"], ("natural 1 mixed 1 red", "natural 1 red"), "needs 2 to go out"),
    ],
)
def test_the_side_that_goes_out_has_the_canastas_its_game_requires(
    record: str, change: tuple[str, str], words: str
) -> None:
    found = errors(record.replace(*change))
    assert [f.code for f in found] == ["summary-going-out"] and words in found[0].message


def test_a_player_alone_who_goes_out_holds_no_card() -> None:
    [finding] = errors(VALID["hoyle"].replace("melded 300 out", "melded 300 left 10 out"))
    assert finding.code == "summary-going-out" and "no card is left" in finding.message


def test_going_out_concealed_is_going_out() -> None:
    record = VALID["caliente-two-players"].replace("melded 150 left 85", "melded 150 left 85 concealed")
    [finding] = errors(record)
    assert finding.code == "summary-going-out" and "without going out" in finding.message


def test_the_house_rulebook_decides_what_going_out_needs() -> None:
    house = parse_rulebook(  # two canastas to go out at this club
        'name = "Two to go"\nversion = 1\nfamily = "caliente"\n\n[rules.canastas-to-go-out]\nvalue = 2\nnote = "Two canastas."\n'
    )
    found = errors(CALIENTE + CALIENTE_HAND.replace("natural 1 mixed 1", "natural 1"), house=house)
    assert [f.code for f in found] == ["summary-going-out"]
    assert errors(CALIENTE + CALIENTE_HAND, house=house) == []


# --- the catalogue ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["caliente", "samba", "hand-and-foot", "classic", "hoyle"])
def test_every_family_cites_its_own_book_for_the_summary_checks(name: str) -> None:
    ruleset = get(name)
    for code in ("summary-side", "summary-category", "summary-packs", "summary-points", "summary-going-out"):
        rule = ruleset.rule(code)
        assert rule.source and "docs/notation" not in rule.source, (name, code)


# --- what happened is written, even where it earns nothing (issue 58) ---------------------------------

OUT_LINE = {  # each family's VALID hand: the words that say who went out, and what concealed adds
    "caliente": ("melded 420 out", 100),
    "samba": ("melded 510 out", 0),
    "hand-and-foot": ("left 0 out", 0),
    "classic": ("melded 260 out", 100),
    "hoyle": ("melded 300 out", 100),
    "modern-american": ("left 15 out", 0),
}


def concealed(record: str, family: str) -> str:
    words, _ = OUT_LINE[family]
    return record.replace(words, words + " concealed")


@pytest.mark.parametrize("family", FAMILIES)
def test_going_out_concealed_is_a_fact_every_family_reads_and_scores_as_it_scores_it(family: str) -> None:
    _, bonus = OUT_LINE[family]
    record = concealed(VALID[family] if family != "caliente" else CALIENTE + CALIENTE_HAND, family)
    game = ruling(record)
    assert "summary-category" not in [f.code for f in game.findings], family
    plain = ruling(VALID[family] if family != "caliente" else CALIENTE + CALIENTE_HAND)
    side = next(iter(plain.hands[0].scores or {}))
    assert (game.hands[0].scores or {})[side] == (plain.hands[0].scores or {})[side] + bonus


@pytest.mark.parametrize("family", ["samba", "hand-and-foot", "modern-american"])
def test_a_concealed_bonus_the_game_does_not_give_is_an_error_of_addition(family: str) -> None:
    record = concealed(VALID[family], family)
    declared = ruling(record).hands[0].declared or {}
    side = next(iter(declared))
    wrong = record.replace(f"score {side} {declared[side]}", f"score {side} {declared[side] + 100}")
    [finding] = errors(wrong)
    assert (
        finding.code == "score-mismatch"
        and f"declared {declared[side] + 100} but makes {declared[side]}" in finding.message
    )


@pytest.mark.parametrize("family", FAMILIES)
def test_a_category_no_game_of_the_family_has_stays_refused(family: str) -> None:
    foreign = "foot 1" if family != "hand-and-foot" else "samba 1"
    words, _ = OUT_LINE[family]
    [finding] = errors(VALID[family].replace(words, f"{foreign} {words}"))
    assert finding.code == "summary-category" and f"`{foreign.split()[0]}` is not on" in finding.message


# --- penalties, on every family's sheet --------------------------------------------------------------

PENALTIES = {  # a sum each family's penalties make, and one they cannot
    "caliente": (150, 30),  # a wrong take of the Prize pile (50) and going out against the answer (100)
    "samba": (50, 75),
    "hand-and-foot": (100, 20),
    "classic": (50, 60),
    "hoyle": (100, 110),  # two wrong takes; no partner to ask, so 50 at a time
    "modern-american": (2510, 2505),  # an unfinished meld of aces (2,500) and a mismeld (10)
}


def with_penalties(family: str, points: int) -> str:
    record = VALID[family] if family != "caliente" else CALIENTE + CALIENTE_HAND
    game = ruling(record)
    side = list(game.hands[0].declared or {})[-1]
    declared = (game.hands[0].declared or {})[side]
    line = next(line for line in record.splitlines() if line.startswith(f"summary {side}"))
    if " penalties " in line:
        before = int(line.split(" penalties ")[1].split()[0])
        changed = line.replace(f"penalties {before}", f"penalties {before + points}")
    else:
        changed = f"{line} penalties {points}"
    return record.replace(line, changed).replace(f"{side} {declared}", f"{side} {declared - points}")


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_sheet_says_its_penalties_and_they_are_taken_off(family: str) -> None:
    possible, _ = PENALTIES[family]
    game = ruling(with_penalties(family, possible))
    assert [f for f in game.findings if f.is_error] == [], family
    assert game.hands[0].scores == game.hands[0].declared


@pytest.mark.parametrize("family", FAMILIES)
def test_penalties_that_no_sum_of_the_family_penalties_makes_are_refused(family: str) -> None:
    _, impossible = PENALTIES[family]
    [finding] = errors(with_penalties(family, impossible))
    assert finding.code == "summary-points" and "is not a sum of this game's penalties" in finding.message


def test_the_penalties_named_are_the_table_options() -> None:
    record = CALIENTE.replace("[Rules", '[Variant "wrong-take-penalty=30"]\n[Rules') + CALIENTE_HAND
    found = errors(record.replace("left 45", "left 45 penalties 50"))
    assert "30 (taking the pile without the right to it), 100 (going out against the partner's answer)" in (
        found[0].message
    )
    assert errors(record.replace("left 45", "left 45 penalties 60").replace("bob+dee 515", "bob+dee 455")) == []


# --- a hand nobody went out of leaves cards in hand ------------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
def test_a_hand_nobody_went_out_of_with_no_card_left_is_impossible(family: str) -> None:
    game = ruling(VALID[family])
    sides = list(game.hands[0].declared or {})
    first = hand(
        1, "dee" if len(sides) == 2 and "+" in sides[0] else "bob", *(f"summary {side} melded 0" for side in sides)
    )
    header = VALID[family].split("\nhand 1")[0] + "\n"
    [finding] = errors(header + first)
    assert finding.code == "summary-going-out" and "nobody goes out, yet no side is left with a card" in finding.message
    assert errors(header + first.replace("melded 0\n", "melded 0 left 5\n", 1)) == []


# --- a sheet refused for one claim is scored without it --------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
def test_a_sheet_refused_for_one_word_gives_the_score_without_it(family: str) -> None:
    record = VALID[family] if family != "caliente" else CALIENTE + CALIENTE_HAND
    words, _ = OUT_LINE[family]
    side = next(iter(ruling(record).hands[0].declared or {}))
    [finding] = errors(record.replace(words, f"foot 1 {words}"))
    assert finding.corrected is not None and finding.corrected.word == "foot" and finding.corrected.side == side
    assert finding.corrected.scores == ruling(record).hands[0].scores


def test_caliente_cards_outside_their_variation_are_struck_and_the_rest_scored() -> None:
    record = (CALIENTE + CALIENTE_HAND).replace("bob+dee mixed 1", "bob+dee caliente 1 mixed 1")
    [finding] = errors(record)
    assert finding.code == "summary-packs" and finding.corrected is not None
    assert finding.corrected.scores == {"ann+cid": 1420, "bob+dee": 515}


def test_a_sheet_refused_for_more_than_one_claim_gives_no_score() -> None:
    [finding] = errors((CALIENTE + CALIENTE_HAND).replace("left 45", "left 45 out"))
    assert finding.code == "summary-going-out" and finding.corrected is None


def test_points_left_to_a_player_who_went_out_alone_are_struck_and_the_rest_scored() -> None:
    [finding] = errors(VALID["hoyle"].replace("melded 300 out", "melded 300 left 10 out"))
    assert finding.code == "summary-going-out" and finding.corrected is not None
    assert finding.corrected.word == "left" and finding.corrected.scores == {"ann": 1300, "bob": 445}


def test_a_word_beside_a_special_hand_is_struck_and_the_hand_scored_alone() -> None:
    record = MODERN_AMERICAN + hand(
        1,
        "dee",
        "summary ann+cid garbage melded 50",
        "summary bob+dee melded 0 left 300",
    )
    [finding] = errors(record)
    assert finding.code == "summary-category" and finding.corrected is not None
    assert finding.corrected.word == "melded" and finding.corrected.scores["bob+dee"] == -300
