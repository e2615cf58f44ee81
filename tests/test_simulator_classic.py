"""The simulator's classic Canasta (`classic`) and Hoyle two-hand (`hoyle`) games.

The laws' game differs from Caliente only by restrictions the bots keep (the pile frozen until a
side's first meld, the one-card pile, 15 below zero) and by a red three held (never by the bots),
so until the engine judges classic Canasta each classic game must also be a valid Caliente game
with the same scores: the arbiter judges it with its `Rules` tag set to Caliente. Hoyle's games
with two cards drawn, played while the stock lasts, are Caliente two-hand games going out concealed
without the minimum; every Hoyle game reads back with every card accounted for.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arbiter
from arbiter.cards import pack
from arbiter.notation import parse_text
from arbiter.notation.records import Draw, GoOut, LayBonus, Pass, Take
from arbiter.simulate import SimulatedGame, Style, simulate, simulate_games
from arbiter_cli.main import cli

CLASSIC_TABLES: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"wild-ratio": "naturals-outnumber"}),
    (4, {"wild-ratio": "at-most-three"}),
]


def judged_as_caliente(game: SimulatedGame, variant: str = "") -> arbiter.GameRuling:
    text = game.text.replace(f'[Rules "{game.rules}"]', '[Rules "caliente"]', 1)
    text = re.sub(r'\[Variant "[^"]*"\]\n', "", text)
    if variant:
        text = text.replace('[Rules "caliente"]', f'[Rules "caliente"]\n[Variant "{variant}"]', 1)
    (ruling,) = arbiter.check(text)
    return ruling


def assert_valid_with_the_declared_scores(ruling: arbiter.GameRuling, game: SimulatedGame) -> None:
    assert ruling.verdict == "valid", [f.to_dict() for f in ruling.findings][:2]
    assert not ruling.findings
    for result, hand in zip(ruling.hands, game.record.hands, strict=True):
        assert result.scores == {e.side: e.points for e in hand.declared[0].entries}


def cards_accounted_for(game: SimulatedGame) -> None:
    """Every card dealt, drawn or turned up is one the two packs hold, no more."""
    (parsed,) = parse_text(game.text)
    assert not parsed.findings
    for hand in parsed.game.hands:
        seen: Counter[str] = Counter()
        for deal in hand.deals:
            seen.update(deal.cards)
        assert hand.up is not None
        seen.update(hand.up.cards)
        for turn in (*hand.setup_turns, *hand.turns):
            for act in turn.actions:
                if isinstance(act, Draw):
                    seen.update(act.cards)
        assert not seen - pack(2), seen - pack(2)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(CLASSIC_TABLES),
    seed=st.integers(min_value=0, max_value=2**32),
    long_hands=st.sampled_from([0.0, 0.12]),
)
def test_every_classic_game_is_a_valid_caliente_game_with_the_same_scores(table, seed, long_hands):
    players, options = table
    style = Style(long_hands=long_hands)
    (game,) = simulate_games("classic", players, options, games=1, hands=2, seed=seed, style=style, trace=True)
    cards_accounted_for(game)
    if stock_ran_out(game):
        return  # a forced take of the laws may be refused by the one-card pile rule, which Caliente lacks
    assert_valid_with_the_declared_scores(judged_as_caliente(game), game)


def stock_ran_out(game: SimulatedGame) -> bool:
    return any(turn.stock == 0 for hand in game.hands for turn in hand.turns)


def test_classic_keeps_its_own_rules():
    """No wild in a first take, and a black three left on top or freezing with the options."""
    first_takes = 0
    for game in simulate_games("classic", 4, games=20, hands=2, seed=3, trace=True):
        for trace, record in zip(game.hands, game.record.hands, strict=True):
            for turn, written in zip(trace.turns, record.turns, strict=True):
                take = written.actions[0]
                if turn.took and not turn.side_melded and isinstance(take, Take):
                    assert not set(take.with_cards or ()) & {"2", "X"}  # frozen until the first meld
                    first_takes += 1
    assert first_takes > 0
    for game in simulate_games("classic", 4, {"black-three-up": "top"}, games=300, hands=1, seed=1):
        up = game.record.hands[0].up
        assert up is not None and all(c in ("2", "X", "B") for c in up.cards[:-1])
        if up.cards[-1] == "S":  # left on top, it blocks the first player, who draws
            cards_accounted_for(game)
            assert isinstance(game.record.hands[0].turns[0].actions[0], Draw)
            return
    raise AssertionError("no black three turned up in 300 hands")


def test_a_black_three_discarded_freezes_the_pile_with_the_option():
    frozen_after_stop = 0
    for game in simulate_games("classic", 4, {"black-three-freezes": True}, games=10, hands=2, seed=2, trace=True):
        cards_accounted_for(game)
        for hand in game.hands:
            for after in hand.turns[1:]:
                if after.pile and after.pile[-1] == "S":
                    assert after.frozen
                    frozen_after_stop += 1
    assert frozen_after_stop > 0


def test_hoyle_draws_one_and_reads_back_with_every_card_accounted_for():
    for game in simulate_games("hoyle", 2, games=6, hands=2, seed=4, style=Style(long_hands=0.5)):
        cards_accounted_for(game)
        for hand in game.record.hands:
            assert all(len(d.cards) == 15 for d in hand.deals)
            for turn in hand.turns:
                first = turn.actions[0]
                assert isinstance(first, (Draw, Take, Pass))
                if isinstance(first, Draw) and not any(isinstance(a, LayBonus) for a in turn.actions):
                    assert len(first.cards) == 1


@pytest.mark.parametrize("seed", range(6))
def test_hoyle_with_two_drawn_is_caliente_two_hand_going_out_concealed_without_the_minimum(seed):
    options = {"draw": 2}
    (game,) = simulate_games("hoyle", 2, options, games=1, hands=2, seed=seed, trace=True)
    if stock_ran_out(game):
        cards_accounted_for(game)  # an exhausted stock plays by Hoyle's own rule
        return
    ruling = judged_as_caliente(game, "concealed-waives-minimum")
    assert_valid_with_the_declared_scores(ruling, game)


def test_hoyle_on_an_exhausted_stock_takes_the_up_card_alone_or_passes():
    takes = 0
    style = Style(long_hands=1.0, freeze=0.0)
    for game in simulate_games("hoyle", 2, {"draw": 2}, games=10, hands=1, seed=2, style=style, trace=True):
        cards_accounted_for(game)
        for trace, record in zip(game.hands, game.record.hands, strict=True):
            for index, (turn, written) in enumerate(zip(trace.turns, record.turns, strict=True)):
                first = written.actions[0]
                if turn.stock == 0 and isinstance(first, Take):
                    assert first.onto is not None
                    if index + 1 < len(trace.turns):  # the rest of the pile stays where it was
                        assert trace.turns[index + 1].pile[: len(turn.pile) - 1] == turn.pile[:-1]
                    takes += 1
            assert isinstance(record.turns[-1].actions[-1], (Pass, GoOut, LayBonus))  # the hand ended
    assert takes > 0


def test_classic_and_hoyle_usage():
    with pytest.raises(arbiter.UsageError, match="not 4"):
        list(simulate("hoyle", 4))
    with pytest.raises(arbiter.UsageError, match="one of 1, 2"):
        list(simulate("hoyle", 2, {"draw": 3}))
    with pytest.raises(arbiter.UsageError, match="not 5"):
        list(simulate("classic", 5))
    result = CliRunner().invoke(cli, ["simulate", "--rules", "hoyle", "-p", "2", "-o", "draw=2", "--hands", "1"])
    assert result.exit_code == 0 and result.output == next(simulate("hoyle", 2, {"draw": 2}, hands=1))


def test_hoyle_is_played_by_two_when_no_table_is_named():
    result = CliRunner().invoke(cli, ["simulate", "--rules", "hoyle", "--hands", "1"])
    assert result.exit_code == 0 and result.output == next(simulate("hoyle", None, hands=1))
    assert '[Seats "ann bob"]' in result.output


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.sampled_from([{}, {"draw": 2}, {"canastas-to-go-out": 1}, {"draw": 2, "canastas-to-go-out": 1}]),
    seed=st.integers(min_value=0, max_value=2**32),
    long_hands=st.sampled_from([0.0, 0.12, 1.0]),
)
def test_every_hoyle_game_reads_back_with_every_card_accounted_for(options, seed, long_hands):
    style = Style(long_hands=long_hands)
    (game,) = simulate_games("hoyle", 2, options, games=1, hands=2, seed=seed, style=style)
    cards_accounted_for(game)
    draw = int(options.get("draw", 1))  # type: ignore[call-overload]
    for hand in game.record.hands:
        for turn in hand.turns:
            first = turn.actions[0]
            if isinstance(first, Draw) and not isinstance(turn.actions[1 if len(turn.actions) > 1 else 0], LayBonus):
                assert len(first.cards) <= draw
