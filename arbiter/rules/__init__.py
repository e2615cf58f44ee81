"""The contract the engine reads: a rule set (`RuleSet`), its configuration (`Config`), options
(`OptionSpec`), codes (`codes`), the actions a family brings (`ExtraAction`), the shared parts
the families build their policies from (groups, sequences, remedies, sheet rules, lists), and the
base they start from: the standard game (`standard`, `standard_rules`) and the Official Canasta
Laws' game built on it (`laws`, `laws_rules`). No family lives here and nothing here imports one:
the families sit above the engine, in `arbiter.families`, whose list (`arbiter.families.FAMILIES`)
finds a rule set by name, and what several of them share is here so that none imports another.
"""

from __future__ import annotations

from .base import Config, OptionSpec, RuleSet, Seating, UsageError
from .reference import reference

__all__ = ["Config", "OptionSpec", "RuleSet", "Seating", "UsageError", "reference"]
