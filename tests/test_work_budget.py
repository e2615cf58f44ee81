"""arbiter/engine/work.py: a work budget bounds the listing of legal actions by construction (issue 46):
the steps it takes, the actions it lists, and the answer says when it is partial."""

from __future__ import annotations

from heavy_position import POSITION, SIXTY_CARDS

import arbiter
from arbiter.engine import work
from arbiter.engine.legal import CARDS_PER_STEP, SEARCH_BUDGET

OVERSHOOT = (SEARCH_BUDGET + 1) * (1 + 68 // CARDS_PER_STEP)  # the last action tried, its search, 68 cards


def _sixty_cards_drawn() -> arbiter.Position:
    position = arbiter.Position.from_record(POSITION, hand=1, turn=1)
    position.push("draw 8")
    return position


def test_a_budget_of_steps_stops_the_listing_of_a_sixty_card_hand_and_says_it_is_partial() -> None:
    budget = arbiter.WorkBudget(steps=2_000)
    moves = _sixty_cards_drawn().legal_actions(budget)
    assert budget.partial
    assert budget.spent <= 2_000 + OVERSHOOT  # the last action tried may finish its search
    position = _sixty_cards_drawn()
    assert all(position.is_legal(move) for move in moves)  # what it lists is legal


def test_a_cap_on_actions_lists_no_more_and_says_it_is_partial() -> None:
    budget = arbiter.WorkBudget(steps=None, actions=3)
    position = arbiter.Position.from_record(POSITION.replace(SIXTY_CARDS, "4 4 5 9 K"), hand=1, turn=1)
    position.push("draw 8")
    moves = position.legal_actions(budget)
    assert len(moves) == 3 and budget.partial


def test_an_ordinary_hand_is_listed_whole_within_the_default_budget() -> None:
    record = POSITION.replace(SIXTY_CARDS, "4 4 5 9 K Q Q J 7 7 A")
    position = arbiter.Position.from_record(record, hand=1, turn=1)
    position.push("draw 8")
    budget = arbiter.WorkBudget()
    assert position.legal_actions(budget) == position.legal_actions() and not budget.partial


def test_a_budget_in_force_bounds_the_allowed_instead_of_a_finding_while_a_record_is_judged() -> None:
    broken = POSITION.replace("ann: draw 8", "ann: draw 8, meld [4 5 6]")
    budget = arbiter.WorkBudget(steps=1_000)
    with work.using(budget):
        (ruling,) = arbiter.check(broken)
    assert ruling.findings[0].code == "meld-rank"
    assert budget.partial and budget.spent <= 1_000 + OVERSHOOT
