"""Hoyle's Canasta: its choices (`choices`) and policies, options and catalogue (`policies`); it
starts from the Official Canasta Laws' game (arbiter/rules/laws.py), as Classic Canasta does."""

from .policies import HOYLE_RULES as RULES

__all__ = ["RULES"]
