"""Modern American Canasta's coverage data (`coverage_parts.py`): the paths its games take, and the
corpus that takes them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...bots.choices import Style
from ...bots.coverage_parts import ASKING, FROM_A_DEAL, CorpusPart, FamilyCoverage

LATE_THREES = "bonus-laid-no-replacement-left"  # a three laid after the turn card, where threes stop there


def _closed(values: Mapping[str, Any], style: Style) -> frozenset[str]:
    """No special hand where none is played, no ask where nobody asks, and no three laid without
    its replacement where threes are replaced to the end (the bots keep one once the stock is out)."""
    closed: set[str] = set()
    if values.get("special-hands") == "none":
        closed.add("special-hand")
    if not style.ask:
        closed |= ASKING
    if values.get("replace-threes-after-turn-card", True):
        closed.add(LATE_THREES)
    return frozenset(closed)


COVERAGE = FamilyCoverage(
    expected=frozenset(
        {
            "bonus-dealt",  # threes dealt, laid before play
            "bonus-laid",  # threes drawn or from the talon, laid and replaced
            LATE_THREES,
            "draw-1",
            "draw-2",  # two and three players
            "draw-last-card",
            "bonus-drawn-last-kept",  # a three drawn as the stock's last card stays in hand, ending the hand
            "talon",
            "take-frozen",  # the pile is always taken with a natural pair
            "meld-merged",  # the pair and the pile's top card onto the side's meld of their rank
            "add",
            "discard-natural",
            "discard-wild",  # from a hand of wilds alone
            "go-out-discarding",  # the face-down discard
            "pass",  # the stock is out
            "pass-blocked",  # the stock is out and a wild tops the pile
            "special-hand",
        }
    )
    | ASKING,
    not_simulated={
        "position": FROM_A_DEAL,
        "up-card-covered": "no card is turned up: the pile starts empty",
        "take-initial": "the bots open from hand, never with the pile",
        "go-out-melding-all": "going out always ends with a face-down discard",
        "bonus-drawn-last": "a three drawn as the stock's last card stays in hand: it is never laid",
        "bonus-laid-late": "the bots lay each three as it comes; one kept late, unreplaced, is seldom laid again "
        "and the corpus lays none (the rule's own tests plant it)",
        "discard-taken-back": "the bots take a card back only from a hand of a kept three and wilds, which the "
        "corpus never reaches (the rule's own tests play it)",
    },
    # The club game with asking, hands played until the stock runs out (the pass, a wild on top,
    # special hands aimed at over many turns), two and three players, the talons dealt aside, and
    # threes that stop at the turn card.
    corpus=(
        CorpusPart(4, 30, hands=2, style=Style(ask=0.9)),
        CorpusPart(4, 60, hands=1, style=Style(long_hands=1.0)),
        CorpusPart(2, 4, hands=1),
        CorpusPart(3, 4, hands=1),
        CorpusPart(4, 4, {"talon-source": "predealt"}, hands=1),
        CorpusPart(4, 8, {"replace-threes-after-turn-card": False}, hands=1, style=Style(long_hands=1.0)),
    ),
    closed_paths=_closed,
)

__all__ = ["COVERAGE"]
