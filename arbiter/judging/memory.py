"""What the arbiter remembers from one game to the next, and one way to forget all of it.

Reading and judging keep what is a pure function of its input, so that an archive pays once for
what repeats: the reader's memories of lines and actions (`notation.forget_lines`), each rule
set's configurations and the meld verdicts they share (`RuleSet.config_for`), and each meld's
shape (`engine.melds.meld_shape`). The loaded grammar and the parsers built from it are not
memories of input and stay.
"""

from __future__ import annotations

from .. import families
from ..engine.melds import meld_shape
from ..notation import forget_lines


def forget() -> None:
    """Empty every memory of what was read and judged, so that the next check starts as the
    first one of a process does (benchmarks measure cold runs this way)."""
    forget_lines()
    meld_shape.cache_clear()
    for name in families.names():
        families.get(name).forget()
