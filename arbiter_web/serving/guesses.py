"""Wrong codes are slowed down (issue 60): a side's code is 40 bits, so codes must not be tried
at the speed of the server.

Each code that opens nothing (a side's code on `POST /events/<id>/result`, the director's on the
director's forms) is counted per event and client address; past CODE_GUESSES in a window (default
"10 per 10 minutes") every code from that address for that event is refused, right or wrong, with
429 and `Retry-After` until the window ends. On by default. The counts are kept where the rate
limits keep theirs (beside the store of kept rulings: a SQLite file of its own, or the shared
PostgreSQL database), so every worker counts the same guesses; without a store, each worker counts
its own.
"""

from __future__ import annotations

import math
import threading
import time
from typing import Any

from flask import Flask, current_app, request
from limits import parse
from limits.storage import MemoryStorage, Storage
from limits.strategies import FixedWindowRateLimiter

from arbiter_web.serving import limits
from arbiter_web.storage import rate_counts

DEFAULT_CODE_GUESSES = "10 per 10 minutes"
EXTENSION = "arbiter_code_guesses"


class Guesses:
    """The wrong codes counted for one app; the counts' storage made at the first wrong code."""

    def __init__(self, rate: str, engine: Any) -> None:
        self.rate = parse(rate)
        self._engine = engine
        self._limiter: FixedWindowRateLimiter | None = None
        self._lock = threading.Lock()

    def _counts(self) -> FixedWindowRateLimiter:
        with self._lock:
            if self._limiter is None:
                counts = limits.counts_engine(self._engine) if self._engine is not None else None
                storage: Storage = rate_counts.RateCounts(engine=counts) if counts is not None else MemoryStorage()
                self._limiter = FixedWindowRateLimiter(storage)
            return self._limiter

    def _key(self, event_id: str) -> tuple[str, str]:
        return event_id[:40], request.remote_addr or "-"

    def wait(self, event_id: str) -> int:
        """Seconds the client must wait before its next code for this event is tried (0: none)."""
        counts = self._counts()
        if counts.test(self.rate, "codes", *self._key(event_id)):
            return 0
        reset, _ = counts.get_window_stats(self.rate, "codes", *self._key(event_id))
        return max(1, math.ceil(reset - time.time()))

    def wrong(self, event_id: str) -> None:
        """Count a code that opened nothing."""
        self._counts().hit(self.rate, "codes", *self._key(event_id))


def guesses() -> Guesses:
    return current_app.extensions[EXTENSION]  # type: ignore[no-any-return]


def init_app(app: Flask, engine: Any = None) -> None:
    rate = str(app.config.get("CODE_GUESSES") or DEFAULT_CODE_GUESSES).strip()
    app.extensions[EXTENSION] = Guesses(rate, engine)
