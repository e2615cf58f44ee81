"""Hand and Foot: its choices (`choices`), policies, options and catalogue (`policies`) and its
own action, picking up the foot (`actions`); it starts
from the standard game's configuration (arbiter/rules/standard.py)."""

from .policies import HAND_AND_FOOT as RULES

__all__ = ["RULES"]
