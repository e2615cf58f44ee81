"""The rule sets the arbiter knows, by name.

The families are loaded on first use (`_registry`), not when this package is: a family's modules
import parts of the engine (the actions it brings, rules/caliente_card.py), and the engine imports
`rules.base`, which runs this package first.
"""

from __future__ import annotations

from functools import cache

from ..i18n import msg
from .base import Config, OptionSpec, RuleSet, Seating, UsageError
from .codes import NOTATION
from .reference import reference

_ALIASES = {"canasta-caliente": "caliente", "standard": "caliente", "canasta": "caliente"}
# Families the notation already writes (docs/notation.md) but the engine does not judge yet.
PLANNED: dict[str, str] = {}


@cache
def _registry() -> dict[str, RuleSet]:
    from .caliente import CALIENTE
    from .classic import CLASSIC
    from .hand_and_foot import HAND_AND_FOOT
    from .hoyle import HOYLE_RULES
    from .samba import SAMBA_RULES

    return {rs.name: rs for rs in (CALIENTE, SAMBA_RULES, HAND_AND_FOOT, CLASSIC, HOYLE_RULES)}


def names() -> list[str]:
    return sorted(_registry())


def aliases() -> list[str]:
    """The other names `get` takes for a rule set (`canasta` for caliente)."""
    return sorted(_ALIASES)


def codes() -> frozenset[str]:
    """Every code a ruling of any rule set can carry: each catalogue's and the notation's."""
    every = set(NOTATION)
    for ruleset in _registry().values():
        every |= ruleset.catalogue.keys()
    return frozenset(every)


def get(name: str) -> RuleSet:
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return _registry()[key]
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


__all__ = ["Config", "OptionSpec", "RuleSet", "Seating", "UsageError", "codes", "get", "names", "reference"]
