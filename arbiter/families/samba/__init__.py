"""Samba: its choices (`choices`) and policies, options and catalogue (`policies`); it starts
from the standard game's configuration (arbiter/rules/standard.py) and brings the Caliente card
(arbiter/variations/caliente_card.py) in its variation."""

from .policies import SAMBA_RULES as RULES

__all__ = ["RULES"]
