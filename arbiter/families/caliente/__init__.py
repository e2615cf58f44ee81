"""Canasta Caliente (Winning Moves / Hasbro): its options and catalogue (`catalogue`), the
project's choices where the books are silent (`choices`) and its configuration and rule set
(`policies`): the standard game (arbiter/rules/standard.py) with its options and the Caliente card
(arbiter/variations/caliente_card.py), which Samba brings too."""

from .policies import CALIENTE as RULES

__all__ = ["RULES"]
