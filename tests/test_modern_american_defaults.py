"""Modern American Canasta's reference (docs/rules/modern-american.md) played as it reads: each
test reads a point's "Our default" from the family's choices, the text the reference prints, and
plays a hand that turns on it, so a default the engine does not enforce fails here."""

from __future__ import annotations

from mac_support import RULES, config, position

import arbiter

TWO_CANASTAS = {"ann+cid": "[K K K K K K K] [A A A A A A A]", "bob+dee": "[Q Q Q]"}


def our_default(point: str) -> str:
    """The "Our default" the reference prints for a point where the books are silent or disagree."""
    (choice,) = [choice for choice in RULES.choices if choice.point == point]
    return choice.chosen


def ruled(text: str) -> tuple[list[str], dict[str, int] | None]:
    (ruling,) = arbiter.check(text)
    return [f.code for f in ruling.findings if f.is_error], ruling.hands[0].scores


def test_going_out_without_a_discard_is_not_going_out():
    assert "has not gone out" in our_default("Going out without a discard")
    melded_out = position("10 10 10", "ann: draw 10, meld [10 10 10 10], out", tables=TWO_CANASTAS)
    assert ruled(melded_out) == (["discard"], None)
    discarded = position("10 10 10", "ann: draw 10, meld [10 10 10], discard 10, out", tables=TWO_CANASTAS)
    assert ruled(discarded)[0] == []


def three_players(ann: str, turn: str, ann_table: str, laid: str, pile: str = "8 4") -> str:
    """One turn of ann's at a table of three, each for themselves (bob and cid hold a few cards)."""
    others = {"bob": "4 5 6 8 9 J", "cid": "5 6 8 10 Q 4"}
    shown = " ".join([ann, *others.values(), ann_table, laid, "Q Q Q", pile])
    count = len(shown.replace("[", " ").replace("]", " ").split())
    lines = ['[Rules "modern-american"]', '[Seats "ann bob cid"]', "", "hand 1 dealer cid", "position"]
    lines += [f"hold ann {ann}", *(f"hold {name} {cards}" for name, cards in others.items())]
    lines += [
        f"table ann {ann_table} {laid}",
        "table bob [Q Q Q]",
        f"pile {pile}".rstrip(),
        f"stock {108 - count} cards",
    ]
    lines += ["melded ann bob cid", "turn ann", turn]
    return "\n".join(lines) + "\n"


def test_at_three_players_one_canasta_counts_as_two_for_the_threes():
    """ann goes out with her one canasta of Kings and two red threes laid: at four players one
    canasta scores the threes nothing; at three, where one canasta goes out, they count for her:
    500 (the canasta) + 100 (going out) + 300 (two threes) + 115 (the cards melded)."""
    assert "one canasta counts as two" in our_default("Three players (V3)")
    text = three_players(
        "10 10 5 6 6", "ann: draw 10 6, meld [10 10 10] [6 6 6], discard 5, out", "[K K K K K K K]", "B B"
    )
    codes, scores = ruled(text)
    assert codes == [] and scores is not None
    assert scores["ann"] == 500 + 100 + 300 + 70 + 30 + 15


def test_at_four_players_one_canasta_still_scores_the_threes_nothing():
    table = config()
    assert table.laid_score(["B", "B"], [["K"] * 7], table) == []
    assert table.laid_score(["B", "B"], [["K"] * 7, ["A"] * 7], table)[0][1] == 300
    assert table.laid_score(["B", "B"], [["K"] * 4], table)[0][1] == -300


def test_at_three_players_aces_and_sevens_are_ranks_like_any_other():
    """The three-player game's one source plays aces and sevens as ordinary ranks: a wild joins
    five sevens (under the rule of five), the pile may be empty under an ace, a meld of four sevens
    left unfinished neither stops ann going out nor costs 2,500, and a canasta of aces is a natural
    one (500)."""
    assert "aces and sevens ranks like any other" in our_default("Three players (V3)")
    sevens = three_players("7 7 7 7 7 2 5 9", "ann: draw 10 6, meld [7 7 7 7 7 2], discard 5", "[K K K K K K K]", "")
    assert ruled(sevens)[0] == []
    ace = three_players("A 5 9", "ann: draw 10 6, discard A", "[K K K K K K K]", "", pile="")
    assert ruled(ace)[0] == []
    out = three_players(
        "10 10 5",
        "ann: draw 10 9, meld [10 10 10], add [9] to 9, discard 5, out",
        "[A A A A A A A] [7 7 7 7] [9 9 9]",
        "",
    )
    codes, scores = ruled(out)
    assert codes == [] and scores is not None
    assert scores["ann"] == 500 + 100 + 7 * 20 + 4 * 5 + 4 * 10 + 3 * 10


def test_at_four_players_aces_and_sevens_keep_their_own_rules():
    sevens = position("7 7 7 7 7 2 5 9", "ann: draw 10, meld [7 7 7 7 7 2], discard 5")
    assert ruled(sevens)[0] == ["meld-sevens"]
    ace = position("A 5 9", "ann: draw 10, discard A", pile="")
    assert ruled(ace)[0] == ["discard-empty-pile"]
