"""How a round paired on the standings (Swiss; Italian Burraco's Danish, *danese*) is paired where
no source read for the arbiter settles it: three named options of the event file's `[danish]`
table (docs/events.md, "Danish rounds, and what the sources say of them"), each defaulting to
what the arbiter did before they were options.

- `rematches`: `avoid` (the default) pairs the next pair down in place of one already met wherever
  any pairing of the field (or group) avoids a rematch; `allow` pairs strictly first against
  second, third against fourth, as the movement is described, meetings already played or not.
- `bye`: with an odd number of pairs, `lowest` (the default) gives the bye to the lowest pair on
  the standings that has not sat out yet; `lot` draws it among the pairs that have not sat out,
  from the event's seed and the round (the same file draws the same pair).
- `first-round`: when the event's first round is paired this way, `numbers` (the default) seeds it
  by the pairs' numbers (the director's order, or the order of entry); `lot` draws the order from
  the event's seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import msg
from .errors import EventError

REMATCHES = ("avoid", "allow")
BYES = ("lowest", "lot")
FIRST_ROUNDS = ("numbers", "lot")
DANISH_KEYS = ("rematches", "bye", "first-round")


@dataclass(frozen=True, slots=True)
class DanishOptions:
    """The `[danish]` table: how rounds on the standings are paired (the module says each)."""

    rematches: str = REMATCHES[0]
    bye: str = BYES[0]
    first_round: str = FIRST_ROUNDS[0]


DEFAULT_DANISH = DanishOptions()


def drawn(seed: int, purpose: str, round_number: int) -> random.Random:
    """The lot of one draw of the event: the same seed, purpose and round draw the same."""
    return random.Random(f"{seed}:{purpose}:{round_number}")


def first_round_order(pairs: Sequence[int], options: DanishOptions, seed: int) -> list[int]:
    """The order the event's first round is paired in: by number, or drawn by lot."""
    order = sorted(pairs)
    if options.first_round == "lot":
        drawn(seed, "first-round", 1).shuffle(order)
    return order


def bye_of(order: Sequence[int], sat_out: set[int], options: DanishOptions, seed: int, round_number: int) -> int:
    """Who sits out a round of an odd number of pairs (`order`: the standings, first to last):
    the lowest pair that has not sat out, or one of those drawn by lot; every pair having sat out,
    the lowest (or one drawn among all)."""
    candidates = [pair for pair in order if pair not in sat_out] or list(order)
    if options.bye == "lot":
        return drawn(seed, "bye", round_number).choice(sorted(candidates))
    return candidates[-1]


Fail = Callable[[str, str], EventError]


def read_danish(fail: Fail, value: Any) -> DanishOptions:
    """The `[danish]` table, each key one of its choices."""
    if value is None:
        return DEFAULT_DANISH
    if not isinstance(value, Mapping):
        raise fail("danish", msg("write it as a [{key}] table", key="danish"))
    for key in value:
        if key not in DANISH_KEYS:
            raise fail(
                f"danish.{key}", msg("not a key of the event file; use one of {keys}", keys=", ".join(DANISH_KEYS))
            )
    chosen = {}
    for key, choices in zip(DANISH_KEYS, (REMATCHES, BYES, FIRST_ROUNDS), strict=True):
        given = value.get(key, choices[0])
        if given not in choices:
            raise fail(f"danish.{key}", msg("write one of {choices}", choices=", ".join(choices)))
        chosen[key.replace("-", "_")] = str(given)
    return DanishOptions(**chosen)
