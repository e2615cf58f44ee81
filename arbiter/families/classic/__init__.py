"""Classic Canasta (the 1950s laws): its choices (`choices`), its catalogue and rule set
(`policies`); the laws' game it plays (options, policies, scoring, card words, configuration) is
arbiter/rules/laws.py, which Hoyle two-hand and Modern American Canasta start from too."""

from .policies import CLASSIC as RULES

__all__ = ["RULES"]
