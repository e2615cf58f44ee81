"""Classic Canasta (the 1950s laws): its choices (`choices`), scoring (`scoring`), card words
(`words`) and policies, options and catalogue (`policies`); it builds on Caliente's configuration."""

from .policies import CLASSIC as RULES

__all__ = ["RULES"]
