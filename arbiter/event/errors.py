"""The one error of an event file, below the modules that raise it (the file's model, the movements,
the tables and the deals)."""

from __future__ import annotations

from ..rules.base import UsageError


class EventError(UsageError):
    """An event file that cannot be used, said in words naming the key and the remedy."""
