"""Modern American Canasta's coverage data (`coverage_parts.py`): the paths its games take, and the
corpus that takes them."""

from __future__ import annotations

from ...bots.choices import Style
from ...bots.coverage_parts import FROM_A_DEAL, CorpusPart, FamilyCoverage

COVERAGE = FamilyCoverage(
    expected=frozenset(
        {
            "bonus-dealt",  # threes dealt, laid before play
            "bonus-laid",  # threes drawn or from the talon, laid and replaced
            "draw-1",
            "draw-last-card",
            "bonus-drawn-last-kept",  # a three drawn as the stock's last card stays in hand, ending the hand
            "talon",
            "take-frozen",  # the pile is always taken with a natural pair
            "add",
            "discard-natural",
            "discard-wild",  # from a hand of wilds alone
            "go-out-discarding",  # the face-down discard
            "pass",  # the stock is out
            "pass-blocked",  # the stock is out and a wild tops the pile
        }
    ),
    not_simulated={
        "position": FROM_A_DEAL,
        "up-card-covered": "no card is turned up: the pile starts empty",
        "take-initial": "the bots open from hand, never with the pile",
        "ask-yes": "the bots never ask before going out (asking is optional)",
        "ask-no": "the bots never ask before going out (asking is optional)",
        "go-out-melding-all": "going out always ends with a face-down discard",
        "special-hand": "the bots never lay a special hand (tests/test_modern_american.py judges them)",
        "bonus-drawn-last": "a three drawn as the stock's last card stays in hand: it is never laid",
        "bonus-laid-no-replacement-left": "the bots keep a three in hand once the stock is out",
    },
    # The club game, and hands played until the stock runs out (the pass, a wild on top).
    corpus=(
        CorpusPart(4, 20, hands=2),
        CorpusPart(4, 60, hands=1, style=Style(long_hands=1.0)),
    ),
)

__all__ = ["COVERAGE"]
