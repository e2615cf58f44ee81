"""Samba: its choices (`choices`) and policies, options and catalogue (`policies`); it builds
on Caliente's configuration and plays its Caliente card."""

from .policies import SAMBA_RULES as RULES

__all__ = ["RULES"]
