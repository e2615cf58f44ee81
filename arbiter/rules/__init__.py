"""The contract the engine reads: a rule set (`RuleSet`), its configuration (`Config`), options
(`OptionSpec`), codes (`codes`), the actions a family brings (`ExtraAction`), and the shared parts
the families build their policies from (groups, sequences, remedies, sheet rules, lists). No family
lives here and nothing here names one: the families sit above the engine, in `arbiter.families`,
whose list (`arbiter.families.FAMILIES`) finds a rule set by name.
"""

from __future__ import annotations

from .base import Config, OptionSpec, RuleSet, Seating, UsageError
from .reference import reference

__all__ = ["Config", "OptionSpec", "RuleSet", "Seating", "UsageError", "reference"]
