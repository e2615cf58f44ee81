"""Planted errors of the talon and threes options (Modern American Canasta): a valid simulated game
played with `talon-source=predealt` or `replace-threes-after-turn-card=no`, ONE change the option
makes illegal, and the arbiter reports it with the expected code on the changed line (as
tests/test_modern_american_mutations.py does for the default rules)."""

from __future__ import annotations

import functools
from collections.abc import Iterator

from mutation_support import PER_GAME, Mutant, assert_planted_errors_reported, places, replaced_turn
from test_modern_american_mutations import discard_at

from arbiter.notation import parse
from arbiter.notation.formatter import format_game
from arbiter.notation.records import Draw, Game, LayBonus
from arbiter.simulate import SimulatedGame, simulate_games

RULES = "modern-american"


@functools.cache
def corpus(option: str, value: object) -> tuple[tuple[SimulatedGame, Game], ...]:
    """Traced games of the option, every hand with its stock line (the talons dealt aside known)."""
    games = []
    for seed in range(1, 11):
        for game in simulate_games(RULES, 4, {option: value}, games=1, hands=2, seed=seed, stock="always", trace=True):
            (parsed,) = parse(game.text)
            assert format_game(parsed.game) == game.text
            games.append((game, parsed.game))
    return tuple(games)


def talon_not_the_pile(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """The talon dealt aside changed by one card: it is the side's pile, taken whole (`talon`)."""
    planted = 0
    for h, i, turn, _ in places(game, record):
        at = discard_at(turn)
        if at is None or at != len(turn.actions) - 2 or not isinstance(turn.actions[-1], Draw):
            continue
        talon = turn.actions[-1]
        other = "K" if talon.cards[0] != "K" else "Q"
        actions = [*turn.actions[:-1], Draw(cards=(other, *talon.cards[1:]))]
        yield Mutant(replaced_turn(record, h, i, turn, actions), turn.line, "talon", f"talon {talon.cards}")
        planted += 1
        if planted >= PER_GAME:
            return


def three_replaced_after_the_turn_card(game: SimulatedGame, record: Game) -> Iterator[Mutant]:
    """A replacement drawn for a three laid after the turn card, where threes stop there
    (`bonus-replacement`)."""
    planted = 0
    for h, i, turn, _ in places(game, record):
        actions = list(turn.actions)
        for k, action in enumerate(actions[1:], start=1):
            late = isinstance(action, LayBonus) and (k + 1 == len(actions) or not isinstance(actions[k + 1], Draw))
            if late:
                mutated = [*actions[: k + 1], Draw(cards=("K",) * len(action.cards)), *actions[k + 1 :]]
                yield Mutant(replaced_turn(record, h, i, turn, mutated), turn.line, "bonus-replacement", "late three")
                planted += 1
                break
        if planted >= PER_GAME:
            return


def test_a_talon_dealt_aside_changed_by_a_card_is_found_on_its_line():
    applied = assert_planted_errors_reported(
        "talon not the pile", talon_not_the_pile, corpus("talon-source", "predealt")
    )
    assert applied["talon"] > 0


def test_a_replacement_for_a_three_laid_after_the_turn_card_is_found_on_its_line():
    games = corpus("replace-threes-after-turn-card", False)
    applied = assert_planted_errors_reported("three replaced late", three_replaced_after_the_turn_card, games)
    assert applied["bonus-replacement"] > 0
