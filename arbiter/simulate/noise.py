"""Notation-like noise: the words of the notation in no order, for the hostile-input tests and the
load run's heavy clients (tests/service_support.py, bench/load.py). Read, it is all findings."""

from __future__ import annotations

import random

WORDS = (
    *("ann:", "bob:", "cid:", "draw", "meld", "[7", "7]", "discard", "take", "with", "add", "to", "8,"),
    *("hand", "score", "X", "deal", "9", "K", "]", "[", ",", "{", "}"),
)


def noise(seed: int, size: int = 1_000_000) -> bytes:
    """About `size` bytes of lines of 3 to 30 notation words each, the same for the same seed."""
    rnd = random.Random(seed)
    lines, total = [], 0
    while total < size - 300:
        line = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(3, 30))) + "\n"
        lines.append(line)
        total += len(line)
    return "".join(lines).encode()
