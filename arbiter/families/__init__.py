"""The families the arbiter judges: one explicit list (`FAMILIES`), python-chess's `VARIANTS` as the
model. Each family is a package above the engine (`arbiter/families/<name>/`) whose `__init__`
exports its `RuleSet` as `RULES`; the rule set carries its own name and aliases. The engine and the
contract it reads (`arbiter.rules`) never import a family: the rule set reaches the engine as data.

Adding a family is one line here (docs/engine.md, "Adding a family").
"""

from __future__ import annotations

from ..engine.paths import PATHS as ENGINE_PATHS
from ..i18n import msg
from ..rules.base import ActionKind, RuleSet, UsageError
from ..rules.codes import NOTATION
from . import caliente, classic, hand_and_foot, hoyle, modern_american, samba

PACKAGES = (caliente, samba, hand_and_foot, classic, hoyle, modern_american)
"""Every family's package: the one line a new family adds. Each exports its rule set as `RULES`; the
simulator plays those with a `bots` module (`arbiter.simulate.families`)."""

FAMILIES: tuple[RuleSet, ...] = tuple(package.RULES for package in PACKAGES)
"""Every family the arbiter judges, in the order of `PACKAGES`."""

ACTIONS: tuple[ActionKind, ...] = tuple(dict.fromkeys(kind for ruleset in FAMILIES for kind in ruleset.actions))
"""Every family's own kinds of action (`caliente`, `foot`), each once: what the web's editor and
legal actions read."""

WORDS: dict[str, bool] = {kind.keyword: kind.cards for kind in ACTIONS}
"""Every family's action words, each with whether it is written with cards: what the checker and
`arbiter fmt` hold a record's family actions to (arbiter.notation.family_words)."""

PATHS: frozenset[str] = ENGINE_PATHS | {path for kind in ACTIONS for path in kind.paths}
"""Every legal path a hand can count: the engine's and those of each family's own actions."""

for _ruleset in FAMILIES:  # each rule set refuses the others' actions with their own words
    _ruleset.unplayed.update({kind.keyword: kind for kind in ACTIONS if kind not in _ruleset.actions})

PLANNED: dict[str, str] = {}
"""Families the notation already writes (docs/notation.md) but the engine does not judge yet."""

BY_NAME: dict[str, RuleSet] = {name: ruleset for ruleset in FAMILIES for name in (ruleset.name, *ruleset.aliases)}
"""Each family by its name and by each of its aliases."""


def names() -> list[str]:
    return sorted(ruleset.name for ruleset in FAMILIES)


def codes() -> frozenset[str]:
    """Every code a ruling of any rule set can carry: each catalogue's and the notation's."""
    every = set(NOTATION)
    for ruleset in FAMILIES:
        every |= ruleset.catalogue.keys()
    return frozenset(every)


def get(name: str) -> RuleSet:
    key = name.strip().lower()
    try:
        return BY_NAME[key]
    except KeyError:
        if key in PLANNED:
            raise UsageError(
                msg(
                    "{family} records are read and formatted, but not judged yet; the arbiter judges: {known}",
                    family=PLANNED[key],
                    known=", ".join(names()),
                )
            ) from None
        raise UsageError(
            msg("unknown rule set {name}; the arbiter knows: {known}", name=repr(name), known=", ".join(names()))
        ) from None


__all__ = ["ACTIONS", "BY_NAME", "FAMILIES", "PACKAGES", "PATHS", "PLANNED", "WORDS", "codes", "get", "names"]
