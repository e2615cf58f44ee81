"""What a family gives the coverage report (`coverage.py`): the legal paths its simulated games
should take, those they never take and why, a small corpus that takes them all, and the paths a
table's options close. Each family brings its own (`arbiter/families/<name>/coverage.py`);
the groups of paths below are the ones the families share."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .choices import Style

# The legal paths (arbiter/engine/paths.py) the families share, by group.
DEAL = frozenset({"bonus-dealt", "up-card-covered"})
SITTING_OUT = frozenset({"sitting-out-hand", "sitting-out-reseated"})  # five and six players
DRAWS = frozenset({"draw-1", "draw-2", "draw-last-card"})
TAKES = frozenset(  # the classic takes of the pile: a pair, or onto a meld when unfrozen
    {
        "take-initial",
        "take-frozen",
        "take-unfrozen",
        "take-unfrozen-with-wild",
        "take-onto-meld",
        "take-exhausted-stock",
    }
)
BONUS = frozenset({"bonus-laid", "bonus-laid-no-replacement-left", "bonus-drawn-last"})
DISCARDS = frozenset({"discard-natural", "discard-wild", "discard-stop"})
ASKING = frozenset({"ask-yes", "ask-no"})
END = frozenset({"pass", "pass-blocked", "go-out-melding-all", "go-out-discarding"})

CALIENTE_CARDS = frozenset({"caliente-card", "caliente-refill", "caliente-no-refill", "caliente-left-in-hand"})
"""The paths of the Caliente cards (`caliente-cards`, in Caliente and Samba), with `discard-caliente`."""
CALIENTE_CARD_PATHS = CALIENTE_CARDS | {"discard-caliente"}

FROM_A_DEAL = "simulated hands always start from a deal, never from a stated position"
"""Why no family's simulated games take the `position` path."""


def caliente_cards_closed(values: Mapping[str, Any]) -> frozenset[str]:
    """No Caliente card is played without the variation (option caliente-cards)."""
    return frozenset() if values.get("caliente-cards") else CALIENTE_CARD_PATHS


@dataclass(frozen=True, slots=True)
class CorpusPart:
    """Some games of one table in a coverage corpus."""

    players: int
    games: int
    options: Mapping[str, Any] = field(default_factory=dict)
    hands: int | None = None
    style: Style = field(default_factory=Style)


def _none_closed(values: Mapping[str, Any], style: Style) -> frozenset[str]:
    return frozenset()


@dataclass(frozen=True, slots=True)
class FamilyCoverage:
    """A family's coverage data."""

    expected: frozenset[str]
    """The legal paths the family's simulated games should take."""
    not_simulated: Mapping[str, str]
    """The engine's paths its games never take, and why: they cannot happen under its rules, or the
    bots never play them."""
    corpus: tuple[CorpusPart, ...]
    """A small corpus that takes every expected path (tests/test_coverage_corpus.py)."""
    closed_paths: Callable[[Mapping[str, Any], Style], frozenset[str]] = _none_closed
    """The expected paths a table cannot take under its options (every option's value) and the
    bots' style."""


__all__ = [
    "ASKING",
    "BONUS",
    "DEAL",
    "DISCARDS",
    "DRAWS",
    "END",
    "FROM_A_DEAL",
    "SITTING_OUT",
    "TAKES",
    "CorpusPart",
    "FamilyCoverage",
]
