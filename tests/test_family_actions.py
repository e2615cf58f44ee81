"""The actions only some families play come with their rule set (`Config.actions`): the Caliente
card (arbiter/variations/caliente_card.py) and the Foot picked up
(arbiter/families/hand_and_foot/actions.py).
The engine's own handlers are the actions every family plays; an action of the notation that a
rule set does not bring is refused with the words its own family declares (`ActionKind.refusal`)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from caliente_records import assert_illegal, position
from test_caliente_variations import caliente
from test_classic_rules import classic
from test_hand_and_foot_rules import hand_and_foot
from test_samba_rules import samba

import arbiter.families
import arbiter.rules
from arbiter import Position
from arbiter.engine import HANDLERS
from arbiter.notation.records import FamilyAction
from arbiter.rules.base import Config, Seating

SEATINGS = {
    "caliente": Seating(("ann", "bob", "cid", "dee"), (("ann", "cid"), ("bob", "dee"))),
    "samba": Seating(("ann", "bob", "cid", "dee"), (("ann", "cid"), ("bob", "dee"))),
    "hand-and-foot": Seating(("ann", "bob", "cid", "dee"), (("ann", "cid"), ("bob", "dee"))),
    "classic": Seating(("ann", "bob", "cid", "dee"), (("ann", "cid"), ("bob", "dee"))),
    "hoyle": Seating(("ann", "bob"), (("ann",), ("bob",))),
    "modern-american": Seating(("ann", "bob", "cid", "dee"), (("ann", "cid"), ("bob", "dee"))),
}
OWN_ACTIONS = {
    "caliente": {"caliente"},
    "samba": {"caliente"},  # its chapter's Caliente-card variation
    "hand-and-foot": {"foot"},
    "classic": set(),
    "hoyle": set(),
    "modern-american": {"special"},  # its special hands
}


# --- what each rule set brings --------------------------------------------------------------------


def test_every_family_is_named_among_the_rule_sets_whose_actions_are_known():
    assert set(arbiter.families.names()) == set(OWN_ACTIONS) == set(SEATINGS)


@pytest.mark.parametrize("name", sorted(OWN_ACTIONS))
@pytest.mark.parametrize("options", [{}, {"caliente-cards": True}], ids=["defaults", "with caliente-cards"])
def test_the_extra_actions_a_rule_set_brings_are_exactly_its_own(name, options):
    ruleset = arbiter.families.get(name)
    chosen = {key: value for key, value in options.items() if key in {spec.name for spec in ruleset.options}}
    config = ruleset.configure(SEATINGS[name], ruleset.resolve(chosen))
    assert set(config.actions) == OWN_ACTIONS[name]
    assert all(keyword == action.kind.keyword for keyword, action in config.actions.items())


def test_each_family_action_declares_its_own_vocabulary_once():
    kinds = {kind.keyword: kind for kind in arbiter.families.ACTIONS}
    assert set(kinds) == {"caliente", "foot", "special"}
    assert kinds["special"].cards and not kinds["special"].opens_turn
    assert not kinds["caliente"].cards and not kinds["foot"].cards
    assert arbiter.families.WORDS == {"caliente": False, "foot": False, "special": True}
    assert kinds["caliente"].opens_turn and not kinds["foot"].opens_turn
    assert set(kinds["foot"].paths) <= arbiter.families.PATHS


@pytest.mark.parametrize("name", sorted(OWN_ACTIONS))
def test_a_rule_set_refuses_exactly_the_actions_it_does_not_bring(name):
    ruleset = arbiter.families.get(name)
    brought = {kind.keyword for kind in ruleset.actions}
    assert brought == OWN_ACTIONS[name]
    assert set(ruleset.unplayed) == {"caliente", "foot", "special"} - brought


def test_the_web_and_the_words_of_an_alternative_read_each_family_action_from_the_list():
    from arbiter.judging.allowed import in_words
    from arbiter_web.api.legal_actions import START_KINDS
    from arbiter_web.api.legal_schemas import ACTION_KINDS
    from arbiter_web.pages.editor import MOVE_KINDS

    written = {"special": "special 5 5 6 6 8 8 9 9 J J Q Q K K"}  # an action with its cards
    for kind in arbiter.families.ACTIONS:
        assert MOVE_KINDS[kind.keyword] is kind.heading and kind.keyword in ACTION_KINDS
        assert in_words(written.get(kind.keyword, kind.keyword)) == kind.said
        assert (kind.keyword in START_KINDS) == kind.opens_turn


def test_the_engine_handlers_are_the_actions_every_family_plays():
    assert FamilyAction not in HANDLERS  # a family's own action is played by the handler its family brings


def test_only_the_foot_picks_up_the_foot():
    actions = {kind: action for name in SEATINGS for kind, action in _config(name).actions.items()}
    assert [kind for kind, action in actions.items() if action.picks_up_foot] == ["foot"]


def _config(name: str) -> Config:
    ruleset = arbiter.families.get(name)
    return ruleset.configure(SEATINGS[name], ruleset.resolve({}))


# --- an action the rule set does not bring --------------------------------------------------------


def test_a_rule_set_without_the_caliente_card_refuses_a_caliente_line_with_todays_words():
    for record in (classic("bob: caliente"), hand_and_foot("bob: caliente, draw 4 5, discard 4")):
        error = assert_illegal(record, "card-not-held", "bob: caliente")
        assert error.message == "bob plays Caliente card (C) but holds none"


def test_after_drawing_a_caliente_line_is_refused_alike_where_no_caliente_card_can_be_held():
    error = assert_illegal(classic("bob: draw 4, caliente, discard 4"), "card-not-held", "bob:")
    assert error.message == "bob plays Caliente card (C) but holds none"


def test_the_caliente_card_without_its_variation_is_a_card_not_held_as_ever():
    error = assert_illegal(position("bob: caliente, draw 4, discard 4"), "card-not-held", "bob:")
    assert error.message == "bob plays Caliente card (C) but holds none"
    error = assert_illegal(samba("bob: caliente, draw 4 5, discard 4"), "card-not-held", "bob:")
    assert error.message == "bob plays Caliente card (C) but holds none"


def test_a_rule_set_without_a_foot_refuses_a_foot_line_with_todays_words():
    for record in (position("bob: draw 4, foot, discard 4"), classic("bob: draw 4, foot, discard 4")):
        error = assert_illegal(record, "draw-first", "bob:")
        assert error.message == "there is no Foot in this rule set: `foot` is a Hand & Foot action"


def test_a_caliente_card_in_a_hand_of_a_rule_set_without_them_is_not_in_play():
    error = assert_illegal(classic("bob: draw 4, discard 4", hands={"bob": "7 7 9 9 K K 5 8 J 2 C"}), "position")
    assert error.message == "Caliente cards are in play only in the Caliente-card variation (option caliente-cards)"


# --- the legal actions ----------------------------------------------------------------------------


def test_the_legal_actions_still_include_the_caliente_card_where_it_is_held():
    start = Position.from_record(caliente("bob: caliente, draw 4, discard 4"), hand=3, turn=1)
    assert "caliente" in [str(move) for move in start.legal_actions()]
    start.push("draw 4")
    assert "caliente" not in [str(move) for move in start.legal_actions()]
    without = Position.from_record(position("bob: draw 4, discard 4"), hand=3, turn=1)
    assert "caliente" not in [str(move) for move in without.legal_actions()]


def test_the_legal_actions_still_include_the_foot_once_the_hand_is_played_out():
    record = hand_and_foot(
        "bob: draw 7 J, add [7 7] to 7, add [J J] to J, foot, discard 4",
        hands={"bob": "7 J"},
        tables={"bob+dee": "[Q Q Q Q] [7 7 7 X] [J J J]"},
    )
    at = Position.from_record(record, hand=1, turn=1)
    assert "foot" not in [str(move) for move in at.legal_actions()]
    for action in ("draw 7 J", "add [7 7] to 7", "add [J J] to J"):
        at.push(action)
    assert [str(move) for move in at.legal_actions()] == ["foot"]


# --- no import circle -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "module",
    [
        "arbiter.engine.context",
        "arbiter.rules",
        "arbiter",
        "arbiter.families",
        "arbiter.variations.caliente_card",
        "arbiter.families.hand_and_foot.actions",
    ],
)
def test_each_module_imports_first_in_a_fresh_interpreter(module):
    done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
