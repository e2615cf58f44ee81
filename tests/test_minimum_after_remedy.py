"""The first-meld minimum follows the corrected totals: a hand whose replay stopped at a wrong take
of the pile goes on the score sheet as its declared score less the penalty, and the next hand's
minimum is read from that sheet, at every threshold of every family's table."""

from __future__ import annotations

import pytest

import arbiter

PENALTY = 50
HAND_3 = {
    "ann": "4 4 6 6 8 9 Q Q A A 7",
    "bob": "7 7 9 9 K K 5 8 J 2 X",
    "cid": "4 6 8 9 J Q 10 A A 5 10",
    "dee": "5 5 6 7 8 10 10 J Q 4 6",
    "eve": "4 6 8 9 J Q 10 5 10",
    "fay": "5 6 7 8 10 J Q 4 6",
}
HAND_4 = {**HAND_3, "ann": "4 4 6 6 8 9 Q Q 7", "bob": "X A A A A 5 6 7 8 9 J Q", "cid": "4 6 8 9 J Q 10 5 10"}


def _sides(players: list[str]) -> tuple[str, str, str]:
    """The Teams tag, bob's side and the other side."""
    if len(players) == 2:
        return "", "bob", "ann"
    us, them = "+".join(players[1::2]), "+".join(players[0::2])
    return f'[Teams "{them} {us}"]\n', us, them


def two_hands(rules: str, players: list[str], before: int, declared: int, meld: str, variant: str = "") -> str:
    """Hand 3: bob's side starts at `before`, takes the pile wrongly (the remedy costs PENALTY) and
    the record declares `declared` for it; hand 4: bob's side makes its first meld, `meld`."""
    teams, us, them = _sides(players)
    options = ",".join(item for item in (f"wrong-take-penalty={PENALTY}", variant) if item)
    draw = "draw 4 4" if rules == "samba" else "draw 4"
    lines = [f'[Rules "{rules}"]\n[Seats "{" ".join(players)}"]\n{teams}[Variant "{options}"]\n']
    lines += ["hand 3 dealer ann", "position", f"total {them} 0 {us} {before}"]
    lines += [f"hold {player} {HAND_3[player]}" for player in players]
    lines += [f"table {them} [A A A]", "pile 4 5 9", "melded ann", "turn bob"]
    lines += ["bob: take 9 with [9 2] and [K K X], discard 5", f"score {them} 0 {us} {declared}", ""]
    lines += ["hand 4 dealer bob", "position"]
    lines += [f"hold {player} {HAND_4[player]}" for player in players]
    lines += ["pile 4 5 9", "turn bob", f"bob: {draw}, meld [{meld}], discard 5"]
    return "\n".join(lines) + "\n"


FOUR = ["ann", "bob", "cid", "dee"]
SIX = ["ann", "bob", "cid", "dee", "eve", "fay"]
# family, players, variant, threshold, a first meld that meets the minimum below it but not from it
THRESHOLDS = [
    ("caliente", FOUR, "", 1500, "A A A"),  # 60: 50 below, 90 from 1,500
    ("caliente", FOUR, "", 3000, "X A A A"),  # 110: 90 below, 120 from 3,000
    ("caliente", SIX, "three-packs", 7500, "X A A A A"),  # 130: 120 below, 150 from 7,500
    ("classic", FOUR, "", 1500, "A A A"),
    ("classic", FOUR, "", 3000, "X A A A"),
    ("hoyle", ["ann", "bob"], "", 1500, "A A A"),
    ("hoyle", ["ann", "bob"], "", 3000, "X A A A"),
    ("samba", FOUR, "", 1500, "A A A"),
    ("samba", FOUR, "", 3000, "X A A A"),
    ("samba", FOUR, "", 7000, "X A A A A"),  # 130: 120 below, 150 from 7,000
]
IDS = [f"{family}{'-' + variant if variant else ''}-{threshold}" for family, _, variant, threshold, _ in THRESHOLDS]


def _errors(record: str) -> list[str]:
    (game,) = arbiter.check(record)
    return [finding.code for finding in game.findings if finding.is_error]


@pytest.mark.parametrize(("rules", "players", "variant", "threshold", "meld"), THRESHOLDS, ids=IDS)
def test_a_side_the_remedy_brings_just_below_the_threshold_needs_the_lower_minimum(
    rules, players, variant, threshold, meld
):
    before, declared = threshold - 100, 100 + PENALTY - 10  # declared: threshold + 40; corrected: threshold - 10
    (game,) = arbiter.check(two_hands(rules, players, before, declared, meld, variant))
    assert [f.code for f in game.findings if f.is_error] == ["take-initial"]
    assert arbiter.score_sheet(game).rows[0].totals[_sides(players)[1]] == threshold - 10


@pytest.mark.parametrize(("rules", "players", "variant", "threshold", "meld"), THRESHOLDS, ids=IDS)
def test_a_side_the_remedy_leaves_at_the_threshold_needs_the_higher_minimum(rules, players, variant, threshold, meld):
    before, declared = threshold - 100, 100 + PENALTY  # declared: threshold + 50; corrected: the threshold
    record = two_hands(rules, players, before, declared, meld, variant)
    assert _errors(record) == ["take-initial", "first-meld-minimum"]


@pytest.mark.parametrize(("rules", "players", "variant", "threshold", "meld"), THRESHOLDS, ids=IDS)
def test_without_a_remedy_the_same_meld_is_legal_just_below_the_threshold(rules, players, variant, threshold, meld):
    record = two_hands(rules, players, threshold - 100, 90, meld, variant)  # threshold - 10, no penalty applied
    record = record.replace(f"wrong-take-penalty={PENALTY}", "wrong-take-penalty=0")
    assert _errors(record) == ["take-initial"]


def test_the_issues_example_a_side_at_1400_declared_to_1540_and_corrected_to_1490_needs_50():
    record = two_hands("caliente", FOUR, 1400, 140, "A A A")
    (game,) = arbiter.check(record)
    assert [f.code for f in game.findings if f.is_error] == ["take-initial"]
    assert arbiter.score_sheet(game).rows[0].totals["bob+dee"] == 1490
