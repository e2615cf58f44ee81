"""What was allowed instead of an illegal action: the legal actions at that moment, the same kind
first (for a wrong take the takes allowed, then the draw; for a short first meld the melds that
reach the minimum; for going out without the canastas the discards allowed), the others as a
player thinks of a turn (`TURN_ORDER`: draw or take, then melds, then the discard, the rarest
last), at most `ALTERNATIVES_SHOWN` of them and how many there were in all. Computed only on the
error path."""

from __future__ import annotations

from ..notation.actions import END_TEXT, Action, Step, step_text
from . import work as bounded
from .context import HandContext, TurnState
from .legal import legal_actions

ALTERNATIVES_SHOWN = 5
"""How many alternatives a finding lists (`Finding.alternatives_total` counts them all)."""

# The kinds of action a finding's alternatives start with, by the offending action's kind (the
# keyword of its ACN text); the rest follow in TURN_ORDER, then as legal_actions gives them. A family's own
# action says its related kinds itself (`ActionKind.related`).
RELATED: dict[str, tuple[str, ...]] = {
    "take": ("take", "draw"),
    "draw": ("draw", "take"),
    "pass": ("pass", "take"),
    "meld": ("meld", "add"),
    "add": ("add", "meld"),
    "discard": ("discard", END_TEXT),
    "out": ("discard", END_TEXT),
    END_TEXT: (END_TEXT, "discard"),
    "ask": ("ask",),
    "bonus": ("bonus", "draw"),
}

# The kinds of action in the order a player thinks of a turn (issue 59): the draw or the take, the
# cards laid beside the melds, the melds, the discard or the turn's end; a family's own actions
# after them, and the rarest (asking the partner, passing) last.
TURN_ORDER: tuple[str, ...] = ("draw", "take", "bonus", "meld", "add", "discard", "out", END_TEXT)
RAREST: tuple[str, ...] = ("pass", "ask")

# End-of-turn rulings on a turn whose offending action is its last: which kind answers them.
END_OF_TURN = {"go-out-canasta": "discard", "go-out-foot": "discard", "ask": "discard", "go-out-permission": "discard"}


def keyword(text: str) -> str:
    return text.split(" ", 1)[0]


def turn_place(word: str) -> int:
    """Where an action of this kind comes in a player's turn (`TURN_ORDER`, then the family's own,
    then `RAREST`)."""
    if word in TURN_ORDER:
        return TURN_ORDER.index(word)
    if word in RAREST:
        return len(TURN_ORDER) + 1 + RAREST.index(word)
    return len(TURN_ORDER)


def related_kinds(r: HandContext, kind: str) -> tuple[str, ...]:
    """The kinds listed first for an offending action of this kind: the engine's, or the family's own."""
    for action in (*(extra.kind for extra in r.config.actions.values()), *r.config.unplayed.values()):
        if action.keyword == kind:
            return action.related
    return RELATED.get(kind, (kind,))


def alternatives(
    r: HandContext, state: TurnState, offending: Step | None, code: str
) -> tuple[tuple[Action, ...], int, bool]:
    """The legal steps in `r` for the turn `state` instead of `offending` (None: the turn's end
    written nowhere), most relevant first, at most ALTERNATIVES_SHOWN, how many were found, and
    whether the work budget in force (arbiter/engine/work.py) cut the search short."""
    budget = bounded.current()
    earlier = budget is not None and budget.partial
    if budget is not None:
        budget.partial = False  # whether this search was cut, apart from the ones before it
    texts = [Action(step) for step in legal_actions(r, state)]
    cut = budget is not None and budget.partial
    if budget is not None:
        budget.partial = earlier or cut
    wrong = step_text(offending) if offending is not None else None
    texts = [text for text in texts if text != wrong]
    kind = END_OF_TURN.get(code) or (keyword(wrong) if wrong else "discard")
    related = related_kinds(r, kind)

    def rank(item: tuple[int, str]) -> tuple[int, int, int]:
        place, text = item
        word = keyword(text)
        return (related.index(word) if word in related else len(related), turn_place(word), place)

    ordered = [text for _, text in sorted(enumerate(texts), key=rank)]
    return tuple(ordered[:ALTERNATIVES_SHOWN]), len(ordered), cut
