"""Which worker takes new connections while others judge large records.

A worker process judging a large record (arbiter_web.serving.lanes) shares its interpreter between that
record and every small request it takes meanwhile, and those wait behind it. Such a worker stops
accepting new connections until it is done, and the kernel hands them to the other workers.

The workers of one `arbiter serve` share pause slots, one fewer than there are workers: a worker
pauses only if it can lock a free slot, so at least one worker always accepts, even when every
worker holds a large record. The slots are byte ranges of a temporary file that gunicorn's master
makes before it forks the workers (it has no name on disk, and goes when the last process closes
it); a lock belongs to the process that took it, so a worker that dies frees its slot.

Outside `arbiter serve` (the application under another server, or in tests) there are no slots,
and a worker never pauses.
"""

from __future__ import annotations

import fcntl
import tempfile
import threading
from collections.abc import Callable
from typing import IO


class PauseSlots:
    """`count` slots shared by the processes forked after this is made."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._file: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 (open as long as the processes)

    def take(self) -> int | None:
        """Lock a free slot for this process: its number, or None if the other processes hold them all."""
        for slot in range(self.count):
            try:
                fcntl.lockf(self._file, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, slot)
            except OSError:
                continue
            return slot
        return None

    def give_back(self, slot: int) -> None:
        fcntl.lockf(self._file, fcntl.LOCK_UN, 1, slot)


class Gate:
    """One worker process's accepting: paused while the process judges a large record and holds a
    slot. Locks are the process's own, so its threads share one slot, taken by the first large
    record and given back with the last."""

    def __init__(self, slots: PauseSlots | None = None, wake: Callable[[], None] | None = None) -> None:
        self._slots = slots
        self._wake = wake or (lambda: None)
        self._large = 0
        self._slot: int | None = None
        self._lock = threading.Lock()

    @property
    def paused(self) -> bool:
        return self._slot is not None

    def large_begun(self) -> None:
        with self._lock:
            self._large += 1
            if self._large == 1 and self._slots is not None:
                self._slot = self._slots.take()
            paused = self._large == 1 and self._slot is not None
        if paused:
            self._wake()  # the event loop may be waiting on the listening socket: it looks again

    def large_done(self) -> None:
        resumed = False
        with self._lock:
            self._large -= 1
            if self._large == 0 and self._slots is not None and self._slot is not None:
                self._slots.give_back(self._slot)
                self._slot, resumed = None, True
        if resumed:
            self._wake()


gate = Gate()
"""This process's gate; a worker of `arbiter serve` replaces it with one holding the shared slots."""


def open_gate(slots: PauseSlots | None, wake: Callable[[], None]) -> None:
    global gate
    gate = Gate(slots, wake)
