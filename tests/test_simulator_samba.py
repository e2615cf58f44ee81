"""The simulator's Samba games: complete, legal by the rule books, deterministic, at every table
size and with every option.

Until the engine judges Samba, each game is checked here without it: the notation reader reads it
with no finding, and a small referee written for these tests (tests/samba_referee.py) replays it,
accounting for every card of the three packs, checking every meld, take, draw and going out, and
recomputing every declared score. tests/test_simulator.py also has every family the engine judges
checked by `arbiter.check`, so Samba's games will be judged there as soon as it does.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from samba_referee import Referee

import arbiter
from arbiter.families.samba.plans import SambaMeld, meld_name
from arbiter.notation import parse_text
from arbiter.notation.formatter import format_source
from arbiter.notation.records import Draw, GoOut, Pass, Take
from arbiter.simulate import STOCK_MODES, SimulatedGame, Style, simulate, simulate_games
from arbiter_cli.main import cli

# Every table and option of Samba the simulator plays (players, options).
TABLES: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (6, {}),
    (4, {"wild-ratio": "two-naturals-per-wild"}),
    (4, {"sequence-take": "top-card"}),
    (4, {"pile-always-frozen": True}),
    (4, {"caliente-cards": True}),
    (2, {"bonus-penalty": "flat", "minimum-7000": 160}),
    (3, {"caliente-cards": True, "sequence-take": "top-card", "wild-ratio": "two-naturals-per-wild"}),
    (5, {"pile-always-frozen": True, "bonus-penalty": "flat"}),
    (6, {"caliente-cards": True, "minimum-7000": 160}),
]


def referee(game: SimulatedGame) -> Referee:
    """The game read back from its text with no notation finding, and replayed by the referee."""
    (parsed,) = parse_text(game.text)
    assert not parsed.findings, [f.message for f in parsed.findings]
    return Referee(parsed.game).check()


def assert_legal(game: SimulatedGame) -> Referee:
    ruling = referee(game)
    assert ruling.problems == [], (game.players, game.options, game.index, ruling.problems[:3])
    return ruling


# --- the property: every simulated Samba game is legal ------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(min_value=0, max_value=2**32),
    hands=st.integers(min_value=1, max_value=2),
    stock=st.sampled_from(STOCK_MODES),
    long_hands=st.sampled_from([0.0, 0.12, 1.0]),
)
def test_every_simulated_samba_game_reads_back_and_keeps_the_rules(table, seed, hands, stock, long_hands):
    players, options = table
    style = Style(long_hands=long_hands)
    (game,) = simulate_games("samba", players, options, games=1, hands=hands, seed=seed, stock=stock, style=style)
    assert_legal(game)


@pytest.mark.parametrize(("players", "options"), TABLES, ids=lambda v: str(v))
def test_whole_samba_games_reach_10000_and_name_the_winner(players, options):
    for game in simulate_games("samba", players, options, games=2, seed=5):
        ruling = assert_legal(game)
        totals = ruling.totals
        assert max(totals.values()) >= 10_000
        best = max(totals.values())
        leaders = [side for side, total in totals.items() if total == best]
        assert game.record.tag("Result") == (leaders[0] if len(leaders) == 1 else "tie")
        declared = {e.side: e.points for e in game.record.hands[-1].declared[1].entries}
        assert declared == totals


# --- the referee fails what breaks the rules -----------------------------------------------------------


def planted(text: str, old: str, new: str) -> Referee:
    assert old in text
    (parsed,) = parse_text(text.replace(old, new, 1))
    return Referee(parsed.game).check()


def test_the_referee_finds_a_wild_in_a_sequence_and_a_sequence_past_seven():
    record = """[Rules "samba"]
[Seats "ann bob"]
[Teams "ann bob"]

hand 1 dealer bob
deal ann 4 5 6 7 8 9 10 J Q K A A 2 2 X
deal bob 4 5 6 7 8 9 10 J Q K A A 2 2 X
up 9
ann: draw 4 4, meld [4 5 2], discard A
bob: draw 5 5, meld [4 5 6 7 8 9 10 J], discard A
score ann 0 bob 0
"""
    (parsed,) = parse_text(record)
    problems = Referee(parsed.game).check().problems
    assert any("not a Samba meld: ['4', '5', '2']" in p for p in problems)
    assert any("not a Samba meld: ['4', '5', '6', '7', '8', '9', '10', 'J']" in p for p in problems)


def test_the_referee_finds_a_card_too_many_a_wrong_draw_and_a_wrong_score():
    (game,) = simulate_games("samba", 4, games=1, hands=1, seed=2)
    draw = next(t for t in game.record.hands[0].turns if isinstance(t.actions[0], Draw))
    line = f"{draw.player}: draw {' '.join(draw.actions[0].cards)}"
    assert any("drew 3 cards, not 2" in p for p in planted(game.text, line, line + " A").problems)
    assert any(
        "the packs do not have" in p or "do not add up" in p for p in planted(game.text, line, line + " A").problems
    )
    assert any("declared" in p for p in planted(game.text, "\nscore ann+cid ", "\nscore ann+cid 1").problems)


def test_the_referee_finds_a_take_with_a_natural_and_a_wild():
    for game in simulate_games("samba", 4, games=10, hands=1, seed=8):
        match = re.search(r"take (\w+) with \[(\w+) (\w+)\]", game.text)
        if match:
            card = match.group(1)
            problems = planted(game.text, match.group(0), f"take {card} with [{card} 2]").problems
            assert any("a natural pair is needed" in p for p in problems)
            return
    raise AssertionError("no take with a pair in ten hands")


# --- what the bots play ---------------------------------------------------------------------------------


def corpus(players: int = 4, options: dict[str, object] | None = None, games: int = 20, seed: int = 1) -> str:
    return "\n".join(simulate("samba", players, options, games=games, seed=seed))


def test_bots_meld_sequences_reach_sambas_and_make_several_groups_of_a_rank():
    games = list(simulate_games("samba", 4, games=20, seed=1))
    text = "\n".join(g.text for g in games)
    sambas = 0
    for game in games:
        for hand in game.record.hands:
            for turn in hand.turns:
                for act in turn.actions:
                    for spec in getattr(act, "melds", ()):
                        assert len(spec.cards) >= 3
    for game in games:
        ruling = referee(game)
        sambas += ruling.sambas
    assert sambas >= 20  # sequences of seven
    assert re.search(r"meld [^,]*\[4 5 6", text)  # sequences melded from hand
    assert re.search(r"add \[[^]]*\] to \w+-\w+", text)  # extended by their span
    assert re.search(r"take \w+ onto \w+-\w+", text)  # the up card onto a sequence
    assert re.search(r"#2\b", text)  # a side's second group of a rank
    assert re.search(r"take \w+ with \[\w+ \w+\] and \[", text)  # the first meld by taking the pile
    assert "ask yes" in text and "ask no" in text and ", out" in text


def test_samba_draws_two_and_deals_fifteen_at_every_table():
    for players in (2, 3, 4, 5, 6):
        (game,) = simulate_games("samba", players, games=1, hands=2, seed=4, stock="always")
        for hand in game.record.hands:
            assert len(hand.deals) == min(players, 4) and all(len(d.cards) == 15 for d in hand.deals)
            assert len(hand.start.sitting_out) == {5: 1, 6: 2}.get(players, 0)
            assert hand.stock is not None and len(hand.stock.cards or ()) == 162 - 15 * len(hand.deals)
            draws = [t.actions[0] for t in hand.turns if isinstance(t.actions[0], Draw)]
            assert draws and all(len(d.cards) == 2 for d in draws[:-1])
        assert_legal(game)


def test_stops_are_melded_only_going_out_and_the_stock_can_run_out():
    counts: Counter[str] = Counter()
    for game in simulate_games("samba", 4, games=20, hands=2, seed=6, style=Style(long_hands=0.5)):
        assert_legal(game)
        for hand in game.record.hands:
            for turn in hand.turns:
                kinds = [type(a) for a in turn.actions]
                stops = any(all(c == "S" for c in m.cards) for a in turn.actions for m in getattr(a, "melds", ()))
                if stops:
                    assert kinds[-1] is GoOut  # Stop cards melded only going out
                    counts["stops"] += 1
                counts["pass"] += Pass in kinds
    assert counts["stops"] > 0 and counts["pass"] > 0


@pytest.mark.parametrize(
    ("options", "pattern", "present"),
    [
        ({"pile-always-frozen": True}, r"take \w+ onto", False),
        ({}, r"take \w+ onto", True),
        ({"caliente-cards": True}, r": caliente, draw", True),
        ({}, r"caliente", False),
        ({"wild-ratio": "two-naturals-per-wild"}, r"\[(\w+) \1 \1 (2|X) (2|X)\]", False),
    ],
    ids=str,
)
def test_options_change_the_play(options, pattern, present):
    text = corpus(4, options, games=10, seed=3)
    assert bool(re.search(pattern, text)) == present


def test_a_take_onto_a_sequence_takes_the_up_card_only_with_sequence_take_top_card():
    left_behind = 0
    for game in simulate_games("samba", 4, {"sequence-take": "top-card"}, games=15, seed=9, trace=True):
        assert_legal(game)
        for trace, record in zip(game.hands, game.record.hands, strict=True):
            for index, turn in enumerate(record.turns[:-1]):
                take = turn.actions[0]
                found = trace.turns[index].pile
                if isinstance(take, Take) and take.onto is not None and take.onto.high is not None and len(found) > 1:
                    assert trace.turns[index + 1].pile[: len(found) - 1] == found[:-1]  # the rest stays
                    left_behind += 1
    assert left_behind > 0


def test_bonus_penalty_and_minimum_7000_are_written_and_kept():
    (game,) = simulate_games("samba", 2, {"bonus-penalty": "flat", "minimum-7000": 160}, games=1, seed=1)
    assert game.record.tag("Variant") == "bonus-penalty=flat minimum-7000=160"
    assert_legal(game)


# --- determinism, form and usage ---------------------------------------------------------------------


def test_the_same_seed_gives_the_same_samba_games_and_each_stands_alone():
    first = list(simulate("samba", 4, games=3, seed=7))
    assert first == list(simulate("samba", 4, games=3, seed=7))
    assert first != list(simulate("samba", 4, games=3, seed=8))
    (third,) = simulate_games("samba", 4, games=1, seed=7, first=3)
    assert third.text == first[2]
    assert list(simulate("samba", 4, games=60, hands=1, seed=7, jobs=2)) == list(
        simulate("samba", 4, games=60, hands=1, seed=7)
    )


def test_samba_games_are_canonical_with_their_tags():
    (game,) = simulate_games("samba", 5, {"wild-ratio": "two-naturals-per-wild"}, games=1, hands=1, seed=3)
    text, findings = format_source(game.text)
    assert text == game.text and not findings
    assert game.record.tag("Rules") == "samba"
    assert game.record.tag("Variant") == "wild-ratio=two-naturals-per-wild"
    assert game.record.tag("Teams") == "ann+cid+eve bob+dee"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"wild-ratio": "lots"}, "one of at-most-two, two-naturals-per-wild"),
        ({"minimum-7000": 155}, "one of 150, 160"),
        ({"three-packs": True}, "Samba has no option 'three-packs'"),
        ({"pile-always-frozen": "maybe"}, "yes or no"),
    ],
)
def test_samba_usage_errors(options, message):
    with pytest.raises(arbiter.UsageError, match=message):
        list(simulate("samba", 4, options))


def test_cli_simulates_samba_with_options():
    args = ["simulate", "--rules", "samba", "-p", "3", "-o", "sequence-take=top-card", "-n", "2", "--hands", "1"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert result.output == "\n".join(simulate("samba", 3, {"sequence-take": "top-card"}, games=2, hands=1))
    bad = CliRunner().invoke(cli, ["simulate", "--rules", "samba", "-o", "wild-ratio=lots"])
    assert bad.exit_code == 2 and "one of" in bad.output


def test_two_groups_of_a_rank_with_the_same_cards_keep_their_own_names():
    """Found by the property test: with groups `6` and `6#2` both [6 6 6 6], a card taken onto the
    second was written `onto 6`; a meld is now itself, never equal to its twin."""
    first, second = SambaMeld("group", ["6"] * 4), SambaMeld("group", ["6"] * 4)
    melds = [SambaMeld("sequence", ["4", "5", "6"]), first, second]
    assert str(meld_name(melds, first)) == "6" and str(meld_name(melds, second)) == "6#2"
    style = Style(long_hands=1.0)
    (game,) = simulate_games("samba", 4, games=1, hands=1, seed=21142, stock="never", style=style)
    assert_legal(game)
