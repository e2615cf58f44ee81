"""The simulator's Hand & Foot games: complete, legal by the rule book and its house rules,
deterministic, with every option.

Until the engine judges Hand & Foot, each game is read back with no notation finding and replayed
by a small referee written for these tests (tests/hand_and_foot_referee.py): every card of the five
packs accounted for, every meld, take, draw, Foot picked up and going out checked, every score
recomputed. tests/test_simulator.py judges it with `arbiter.check` once its rule set is registered.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from hand_and_foot_referee import Referee
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arbiter
from arbiter.notation import parse_text
from arbiter.notation.formatter import format_source
from arbiter.notation.records import Ask, FamilyAction, GoOut
from arbiter.simulate import STOCK_MODES, SimulatedGame, simulate, simulate_games
from arbiter_cli.main import cli

FOOT = FamilyAction(keyword="foot")  # picking up the Foot, as a record writes it

OPTIONS: list[dict[str, object]] = [
    {},
    {"wild-ratio": "two-naturals-per-wild"},
    {"pile-take": 7},
    {"canastas-to-go-out": "1/1/1"},
    {"canastas-to-go-out": "1/2/0", "ask-required": False},
    {"minimums": "60/100/150/200", "rounds": 2},
    {"hand-size": 11, "foot-size": 15},
    {"wild-pair-take": True},
]


def referee(game: SimulatedGame) -> Referee:
    (parsed,) = parse_text(game.text)
    assert not parsed.findings, [f.message for f in parsed.findings]
    return Referee(parsed.game).check()


def assert_legal(game: SimulatedGame) -> Referee:
    ruling = referee(game)
    assert ruling.problems == [], (game.options, game.index, ruling.problems[:3])
    return ruling


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.sampled_from(OPTIONS),
    seed=st.integers(min_value=0, max_value=2**32),
    stock=st.sampled_from(STOCK_MODES),
)
def test_every_simulated_hand_and_foot_round_reads_back_and_keeps_the_rules(options, seed, stock):
    (game,) = simulate_games("hand-and-foot", 4, options, games=1, hands=1, seed=seed, stock=stock)
    assert_legal(game)


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_a_game_is_exactly_its_rounds_and_names_the_winner(options):
    rounds = int(options.get("rounds", 4))  # type: ignore[call-overload]
    for game in simulate_games("hand-and-foot", 4, options, games=2, seed=5):
        ruling = assert_legal(game)
        assert len(game.record.hands) == rounds
        best = max(ruling.totals.values())
        leaders = [side for side, total in ruling.totals.items() if total == best]
        assert game.record.tag("Result") == (leaders[0] if len(leaders) == 1 else "tie")


def test_the_referee_finds_a_foot_picked_up_too_early_and_a_going_out_without_asking():
    for game in simulate_games("hand-and-foot", 4, games=10, hands=1, seed=3):
        text = game.text
        early = re.search(r"\n(\w+): draw (\w+) (\w+),", text)
        asked = re.search(r"ask yes, ", text)
        if early and asked:
            line = early.group(0)
            (parsed,) = parse_text(text.replace(line, line.replace(": draw", ": foot, draw"), 1))
            assert any("with cards in the Hand" in p for p in Referee(parsed.game).check().problems)
            (parsed,) = parse_text(text.replace("ask yes, ", "", 1))
            assert any("out without asking" in p for p in Referee(parsed.game).check().problems)
            return
    raise AssertionError("no round going out in ten")


def test_bots_pick_up_feet_both_ways_and_meet_the_quota():
    games = list(simulate_games("hand-and-foot", 4, games=6, seed=1))
    at_start = in_turn = went_out = 0
    for game in games:
        assert_legal(game)
        for hand in game.record.hands:
            for turn in hand.turns:
                kinds = [type(a) for a in turn.actions]
                if FOOT in turn.actions:
                    at_start += turn.actions.index(FOOT) == 0
                    in_turn += turn.actions.index(FOOT) > 0
                if GoOut in kinds:
                    went_out += 1
                    assert Ask in kinds  # asking is required
    assert at_start > 0 and in_turn > 0 and went_out > 0
    text = "\n".join(g.text for g in games)
    assert re.search(r"meld [^,]*\[(2|X) (2|X) (2|X)", text) or re.search(r"\[2 2 X\]", text)  # wild melds
    assert re.search(r"to 2\b", text)  # added to by its name
    assert re.search(r"#2\b", text)  # a second meld of a rank once the first closed


def test_a_pile_take_of_n_cards_leaves_the_rest():
    left = 0
    for game in simulate_games("hand-and-foot", 4, {"pile-take": 2}, games=4, seed=2, trace=True):
        assert_legal(game)
        for trace in game.hands:
            for before, after in zip(trace.turns, trace.turns[1:], strict=False):
                if before.took and len(before.pile) > 2:
                    assert list(after.pile[: len(before.pile) - 2]) == list(before.pile[:-2])
                    left += 1
    assert left > 0


def test_deal_sizes_are_written_and_kept():
    (game,) = simulate_games("hand-and-foot", 4, {"hand-size": 11, "foot-size": 15}, games=1, hands=1, seed=4)
    hand = game.record.hands[0]
    assert all(len(d.cards) == 11 for d in hand.deals) and all(len(f.cards) == 15 for f in hand.feet)
    assert game.record.tag("Variant") == "hand-size=11 foot-size=15"


def test_the_same_seed_gives_the_same_rounds():
    first = list(simulate("hand-and-foot", 4, games=2, hands=1, seed=7))
    assert first == list(simulate("hand-and-foot", 4, games=2, hands=1, seed=7))
    (second,) = simulate_games("hand-and-foot", 4, games=1, hands=1, seed=7, first=2)
    assert second.text == first[1]
    text, findings = format_source(first[0])
    assert text == first[0] and not findings


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (4, {"canastas-to-go-out": "2/2"}, "3 whole numbers joined by /"),
        (4, {"minimums": "50/90"}, "4 whole numbers joined by /"),
        (4, {"pile-take": "some"}, "all or a number"),
        (4, {"hand-size": 60}, "at most 200 cards"),
        (3, {}, "not 3"),
    ],
)
def test_hand_and_foot_usage_errors(players, options, message):
    with pytest.raises(arbiter.UsageError, match=message):
        list(simulate("hand-and-foot", players, options))


def test_cli_simulates_hand_and_foot():
    result = CliRunner().invoke(cli, ["simulate", "--rules", "hand-and-foot", "-o", "rounds=1", "-n", "1"])
    assert result.exit_code == 0, result.output
    assert result.output == next(simulate("hand-and-foot", 4, {"rounds": 1}))


def test_a_wild_up_card_is_taken_with_a_pair_of_the_same_wilds_only_with_the_option():
    def wild_takes(options: dict[str, object]) -> int:
        games = list(simulate_games("hand-and-foot", 4, options, games=20, seed=1))
        for game in games[:3]:
            assert_legal(game)
        return sum(len(re.findall(r"take (2|X) with \[\1 \1\]", g.text)) for g in games)

    assert wild_takes({"wild-pair-take": True}) > 0
    assert wild_takes({}) == 0
