"""The penalties a hand's score may carry, for a score sheet's `penalties N` (ACN 1.1): what the
summary judge (arbiter/engine/summaries.py) holds a sheet's penalties to, and what each family's rule
reference lists.

Every family's options name the remedies that cost points (`Config.wrong_take_penalty`,
`Config.permission_penalty`, `Config.failed_minimum_penalty`), and a family's sheet may add its own
(`SheetSpec.penalties`: Modern American Canasta's unfinished melds and aces or sevens held). A side
may incur each any number of times in a hand, so a sheet's `penalties N` is possible when N is a
sum of them; a game whose options charge none has no penalty to write.
"""

from __future__ import annotations

from math import gcd

from ..i18n import joined, msg
from .base import Config
from .sheet_spec import PenaltyKind


def _wrong_take() -> str:
    return msg("taking the pile without the right to it")


def _permission() -> str:
    return msg("going out against the partner's answer")


def _mismeld() -> str:
    return msg("a first meld taken back")


def penalty_kinds(config: Config) -> tuple[PenaltyKind, ...]:
    """The penalties this table's options charge, with the family's own (none of 0 points). Going out
    against the partner's answer is one only where a side has partners."""
    assert config.sheet is not None
    partners = any(len(side) > 1 for side in config.seating.sides)
    kinds = (
        PenaltyKind(config.wrong_take_penalty, _wrong_take, "wrong-take-penalty"),
        PenaltyKind(config.permission_penalty if partners else 0, _permission, "permission-penalty"),
        PenaltyKind(config.failed_minimum_penalty, _mismeld, "mismeld-points"),
        *config.sheet.penalties(config.options),
    )
    charged = {(kind.points, kind.label): kind for kind in reversed(kinds) if kind.points > 0}
    return tuple(reversed(charged.values()))  # each once (the first named, where two cost the same)


def adds_up(points: int, kinds: tuple[PenaltyKind, ...]) -> bool:
    """Whether `points` is a sum of these penalties, each taken any number of times (0 always is)."""
    if points == 0:
        return True
    amounts = sorted({kind.points for kind in kinds})
    if not amounts:
        return False
    common = gcd(*amounts)
    if points % common:
        return False
    units, target = [amount // common for amount in amounts], points // common
    # Past (least - 1) * (most - 1) every multiple of the common divisor is a sum (Schur's bound on
    # the Frobenius number), so only smaller sums need counting out.
    if target >= (units[0] - 1) * (units[-1] - 1):
        return True
    reachable = [True] + [False] * target
    for total in range(1, target + 1):
        reachable[total] = any(unit <= total and reachable[total - unit] for unit in units)
    return reachable[target]


def described(kinds: tuple[PenaltyKind, ...]) -> str:
    """The penalties in words, for a finding: `50 (taking the pile ...), 100 (going out ...)`."""
    return joined([msg("{points} ({what})", points=kind.points, what=kind.label()) for kind in kinds])
