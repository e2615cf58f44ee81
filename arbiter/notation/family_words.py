"""A family's own actions as written (`FamilyAction`): the grammar reads any word the notation does
not know as one, with its cards if it has any, so that a family brings a new action without the
reader learning its word. Whoever knows the families' words (the checker, `arbiter fmt`, the
engine) holds a record to them here: a word no family brings is not an action, and a family's
word is written with its cards or alone, as the family declares (`ActionKind.cards`)."""

from __future__ import annotations

import difflib
from collections.abc import Mapping

from ..i18n import Text, msg
from ..rulings import Finding
from .findings import notation_finding
from .records import FamilyAction, Game
from .words import ACTIONS, quoted


def not_an_action(word: str, family_words: Mapping[str, bool]) -> Text:
    """What a word that is no action is told: the actions, the notation's and the families'."""
    every = (*ACTIONS, *family_words)
    actions = ", ".join(every)
    close = difflib.get_close_matches(word, every, n=1)
    if close:
        return msg(
            "{shown} is not an action (did you mean `{action}`?): the actions are {actions}",
            shown=quoted(word),
            action=close[0],
            actions=actions,
        )
    return msg("{shown} is not an action: the actions are {actions}", shown=quoted(word), actions=actions)


def written_problem(action: FamilyAction, family_words: Mapping[str, bool]) -> Text | None:
    """What is wrong with a family's action as written, given every family's words (each with
    whether it is written with cards), or None."""
    takes_cards = family_words.get(action.keyword)
    if takes_cards is None:
        return not_an_action(action.keyword, family_words)
    if action.cards and not takes_cards:
        return msg("`{word}` is written alone, with no cards after it", word=action.keyword)
    if not action.cards and takes_cards:
        return msg("`{word}` is written with its cards after it", word=action.keyword)
    return None


def family_actions(game: Game) -> list[FamilyAction]:
    """Every family's action a game's turns hold (one comprehension: the checker asks it of every game)."""
    return [
        action
        for hand in game.hands
        for turns in (hand.setup_turns, hand.turns)
        for turn in turns
        for action in turn.actions
        if type(action) is FamilyAction
    ]


def family_word_findings(game: Game, family_words: Mapping[str, bool]) -> list[Finding]:
    """A syntax finding for each family's action of the game written as no family writes it."""
    findings = []
    for action in family_actions(game):
        problem = written_problem(action, family_words)
        if problem is not None:
            findings.append(notation_finding(action.line, action.column, "syntax-error", problem))
    return findings
