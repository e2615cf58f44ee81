"""Canasta Caliente (Winning Moves / Hasbro): its options and catalogue (`catalogue`), the
project's choices where the books are silent (`choices`), the policies (`policies`) and its own
action, playing a Caliente card (`actions`)."""

from .policies import CALIENTE as RULES

__all__ = ["RULES"]
