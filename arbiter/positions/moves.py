"""A move as a position hands it out and takes it back (`Move`, the typed `arbiter.Action`,
arbiter/notation/actions.py), and the two errors of a position."""

from __future__ import annotations

from ..errors import ArbiterError
from ..i18n import Text, msg
from ..notation.actions import Action, Move
from ..rulings.findings import Finding


class PositionError(ArbiterError):
    """There is no such position: no such game, hand or turn, or the record breaks a rule before
    it (`finding` is then the ruling on that)."""

    def __init__(self, message: Text, finding: Finding | None = None) -> None:
        super().__init__(message)
        self.message = message  # the sentence itself, which str(error) would give in English only
        self.finding = finding


class IllegalAction(ArbiterError):
    """A pushed action breaks a rule (or is not notation); `finding` says which, as `arbiter
    check` would."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(msg("{code}: {message}", code=finding.code, message=finding.message))
        self.finding = finding


__all__ = ["Action", "IllegalAction", "Move", "PositionError"]
