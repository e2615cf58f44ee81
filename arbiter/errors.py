"""The one base of every error the library raises (`arbiter.ArbiterError`), so that a caller can
catch them all at once, and the check of what a record may be given as.

Beneath it: the reader's `NotationError` (arbiter/notation/words.py), `UsageError` (an unknown rule
set or option, arbiter/rules/base.py; a house rulebook's `RulebookError`), a position's
`PositionError` and `IllegalAction` (arbiter/positions/moves.py), and `NotARecord`, below. A plain
Python class, so that the compiled reader's classes may derive from it (docs/engine.md).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

from .i18n import msg


class ArbiterError(Exception):
    """An error the arbiter library raises: the caller's request or input cannot be acted on."""


class NotARecord(ArbiterError, TypeError):
    """What was given for a record, or for an action, is not one (a record is text, bytes, a
    file opened to read, or a path)."""


def record_source(source: object) -> str | bytes | IO[str] | IO[bytes]:
    """A record given to `check` or `read_games`, as the reader takes it: text, bytes or a file
    as they are, a path (`os.PathLike`) read whole. Raises NotARecord for anything else."""
    if isinstance(source, os.PathLike):
        return Path(source).read_bytes()
    if isinstance(source, str | bytes) or hasattr(source, "read"):
        return source  # type: ignore[return-value]
    raise NotARecord(
        msg("a record is its text, bytes, a file opened to read or a path, not {kind}", kind=type(source).__name__)
    )
