"""The rule sets the arbiter knows, by name."""

from __future__ import annotations

from ..i18n import msg
from .base import Config, OptionSpec, RuleSet, Seating, UsageError
from .caliente import CALIENTE
from .classic import CLASSIC
from .codes import NOTATION
from .hand_and_foot import HAND_AND_FOOT
from .hoyle import HOYLE_RULES
from .reference import reference
from .samba import SAMBA_RULES

_REGISTRY: dict[str, RuleSet] = {rs.name: rs for rs in (CALIENTE, SAMBA_RULES, HAND_AND_FOOT, CLASSIC, HOYLE_RULES)}
_ALIASES = {"canasta-caliente": "caliente", "standard": "caliente", "canasta": "caliente"}
# Families the notation already writes (docs/notation.md) but the engine does not judge yet.
PLANNED: dict[str, str] = {}


def names() -> list[str]:
    return sorted(_REGISTRY)


def codes() -> frozenset[str]:
    """Every code a ruling of any rule set can carry: each catalogue's and the notation's."""
    every = set(NOTATION)
    for ruleset in _REGISTRY.values():
        every |= ruleset.catalogue.keys()
    return frozenset(every)


def get(name: str) -> RuleSet:
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return _REGISTRY[key]
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
