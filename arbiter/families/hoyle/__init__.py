"""Hoyle's Canasta: its choices (`choices`) and policies, options and catalogue (`policies`); it
builds on Classic Canasta."""

from .policies import HOYLE_RULES as RULES

__all__ = ["RULES"]
