"""The simulator's Modern American Canasta games: complete and legal by the sources, judged by the
arbiter with every declared score, deterministic, and played to 8,500, at four, two and three
players, under each preset (`league`, `pagat`, `app`) and the options the bots play.

The bots read the rules themselves (arbiter/families/modern_american/bots.py, bot_rules.py,
plans.py); the arbiter's rule set judges what they play, so a game judged valid with the bots' own
scores checks both.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mac_support import position

import arbiter
from arbiter.notation import parse_text
from arbiter.notation.records import Ask, Discard, Draw, FamilyAction, GoOut, LayBonus, Meld, Take
from arbiter.rules import UsageError
from arbiter.simulate import STOCK_MODES, SimulatedGame, Style, simulate_games

RULES = "modern-american"
TARGET = 8_500


def judged(game: SimulatedGame) -> arbiter.GameRuling:
    (ruling,) = arbiter.check(game.text)
    return ruling


def assert_valid_with_the_declared_scores(game: SimulatedGame) -> arbiter.GameRuling:
    ruling = judged(game)
    assert ruling.verdict == "valid" and not ruling.findings, (game.seed, [f.to_dict() for f in ruling.findings][:2])
    for result, hand in zip(ruling.hands, game.record.hands, strict=True):
        assert result.scores == {e.side: e.points for e in hand.declared[0].entries}
    return ruling


PRESETS: list[dict[str, object]] = [{}, {"league": True}, {"pagat": True}, {"app": True}]
OPTIONS: list[dict[str, object]] = [
    {},
    {"talon-source": "predealt"},
    {"replace-threes-after-turn-card": False},
    {"special-hands": "flat-2500"},
    {"special-hands": "none"},
    {"first-talon": 5, "later-talon": 2},
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([4, 2, 3]),
    preset=st.sampled_from(PRESETS),
    options=st.sampled_from(OPTIONS),
    seed=st.integers(min_value=0, max_value=2**32),
    stock=st.sampled_from(STOCK_MODES),
    long_hands=st.sampled_from([0.0, 0.12, 1.0]),
    ask=st.sampled_from([0.0, 0.35, 1.0]),
)
def test_every_simulated_game_of_each_seating_and_preset_is_valid_with_the_declared_scores(
    players, preset, options, seed, stock, long_hands, ask
):
    assume(not (preset.get("pagat") and options.get("replace-threes-after-turn-card") is False))  # refused: bots' limit
    style = Style(long_hands=long_hands, ask=ask)
    table = {**preset, **options}
    (game,) = simulate_games(RULES, players, table, games=1, hands=1, seed=seed, stock=stock, style=style)
    assert_valid_with_the_declared_scores(game)


def test_a_three_drawn_last_stays_in_hand_and_ends_the_hand():
    """The League's rules (Threes), pagat and the app's scoring guide (part 3): a three drawn as the
    stock's last card ends the hand at once and stays in the drawer's hand, costing 5."""
    record = position("5 6 8 K", "ann: draw S", stock="S")
    (ruling,) = arbiter.check(record)
    assert ruling.verdict == "valid", [(f.code, f.message) for f in ruling.findings]


@pytest.mark.parametrize(("players", "preset"), [(4, {}), (2, {"pagat": True}), (4, {"app": True})])
def test_whole_games_reach_8500_and_name_the_winner(players, preset):
    for game in simulate_games(RULES, players, preset, games=1, seed=11):
        ruling = assert_valid_with_the_declared_scores(game)
        totals = {e.side: e.points for e in game.record.hands[-1].declared[1].entries}
        best = max(totals.values())
        assert best >= TARGET
        leaders = [side for side, total in totals.items() if total == best]
        assert game.record.tag("Result") == (leaders[0] if len(leaders) == 1 else "tie")
        assert ruling.verdict == "valid"


def actions(games: list[SimulatedGame]) -> Counter[str]:
    """What the bots did over some games, by kind."""
    seen: Counter[str] = Counter()
    for game in games:
        for hand in game.record.hands:
            assert hand.up is not None and hand.up.cards == ()  # the pile starts empty: `up` alone
            for turn in hand.turns:
                kinds = [type(a) for a in turn.actions]
                if Discard in kinds and kinds.index(Discard) < len(kinds) - 1 and kinds[-1] is Draw:
                    seen["talon"] += 1
                    talon = turn.actions[-1]
                    assert isinstance(talon, Draw) and len(talon.cards) in (3, 4)
                for action in turn.actions:
                    match action:
                        case Take(with_cards=pair, card=top):
                            assert pair == (top, top)  # always a natural pair of the top card
                            seen["take"] += 1
                        case Meld(melds=melds):
                            for spec in melds:
                                rank = next((c for c in spec.cards if c not in ("2", "X")), None)
                                seen[f"meld-{rank}" if rank else "meld-wild"] += 1
                                seen["meld-mixed"] += rank is not None and len(set(spec.cards)) > 1
                        case LayBonus(cards=cards):
                            seen["threes"] += len(cards)
                        case GoOut():
                            seen["out"] += 1
                        case Ask():
                            seen["ask"] += 1
                        case FamilyAction(keyword="special"):
                            seen["special"] += 1
    return seen


def test_the_bots_open_draw_the_talon_take_the_pile_build_sevens_and_aces_and_go_out():
    games = list(simulate_games(RULES, 4, games=20, hands=3, seed=1))
    seen = actions(games)
    for kind in ("talon", "take", "meld-7", "meld-A", "meld-mixed", "threes", "out"):
        assert seen[kind] > 0, (kind, seen)


def test_a_game_reads_back_with_every_card_of_the_two_packs_and_four_jokers():
    (game,) = simulate_games(RULES, 4, games=1, hands=2, seed=3, stock="always")
    (parsed,) = parse_text(game.text)
    assert not parsed.findings
    for hand in parsed.game.hands:
        assert hand.stock is not None
        dealt = Counter(card for deal in hand.deals for card in deal.cards)
        assert dealt.total() + len(hand.stock.cards or ()) == 108
        everything = dealt + Counter(hand.stock.cards or ())
        assert everything["X"] == 4 and everything["2"] == 8 and everything["B"] == 4 and everything["S"] == 4


def test_the_bots_ask_build_wild_melds_and_lay_special_hands():
    asking = list(simulate_games(RULES, 4, games=8, hands=2, seed=4, style=Style(ask=1.0)))
    long = list(simulate_games(RULES, 4, games=30, hands=1, seed=5, style=Style(long_hands=1.0)))
    seen = actions(asking + long)
    for kind in ("ask", "meld-wild", "special", "talon"):
        assert seen[kind] > 0, (kind, seen)
    for game in [*asking[:2], *(g for g in long if "special " in g.text)]:
        assert_valid_with_the_declared_scores(game)


def test_a_special_hand_ends_the_hand_and_scores_its_value_alone():
    for game in simulate_games(RULES, 4, games=30, hands=1, seed=5, style=Style(long_hands=1.0)):
        if "special " in game.text:
            ruling = assert_valid_with_the_declared_scores(game)
            last = game.record.hands[0].turns[-1]
            special = last.actions[-1]
            assert isinstance(special, FamilyAction) and special.keyword == "special" and len(special.cards) == 14
            layer = next(side for side in ruling.hands[0].scores if last.player in side.split("+"))
            assert ruling.hands[0].scores[layer] in (2_500, 3_000, 3_500)
            return
    raise AssertionError("no special hand in thirty long hands")


@pytest.mark.parametrize("players", [2, 3])
def test_two_and_three_players_deal_fifteen_draw_two_and_never_ask(players):
    (game,) = simulate_games(RULES, players, games=1, hands=1, seed=6, style=Style(ask=1.0))
    hand = game.record.hands[0]
    assert all(len(deal.cards) == 15 for deal in hand.deals) and len(hand.deals) == players
    draws = [a for t in hand.turns for a in t.actions[:1] if isinstance(a, Draw)]
    assert draws and all(len(d.cards) == 2 for d in draws[:-1])
    assert "ask " not in game.text
    assert_valid_with_the_declared_scores(game)


def test_talons_dealt_aside_head_the_stock_line_and_are_drawn_whole():
    for game in simulate_games(RULES, 4, {"talon-source": "predealt"}, games=3, hands=1, seed=2, stock="always"):
        assert game.record.tag("Variant") == "talon-source=predealt"
        hand = game.record.hands[0]
        assert hand.stock is not None
        piles = (hand.stock.cards or ())[:7]
        talons = [
            t.actions[-1]
            for t in hand.turns
            if len(t.actions) > 1 and isinstance(t.actions[-1], Draw) and isinstance(t.actions[-2], Discard)
        ]
        for talon in talons:
            assert Counter(talon.cards) in (Counter(piles[:4]), Counter(piles[4:]))
        assert_valid_with_the_declared_scores(game)


def test_the_bots_refuse_late_threes_unreplaced_where_no_card_may_be_taken_back():
    with pytest.raises(UsageError, match="replace-threes-after-turn-card=no"):
        list(simulate_games(RULES, 4, {"pagat": True, "replace-threes-after-turn-card": False}, games=1, hands=1))


def test_a_preset_written_after_an_option_sets_it_back_for_the_bots_as_for_the_arbiter():
    table = {"replace-threes-after-turn-card": False, "app": True}
    for game in simulate_games(RULES, 4, table, games=4, hands=2, seed=101):
        assert_valid_with_the_declared_scores(game)
