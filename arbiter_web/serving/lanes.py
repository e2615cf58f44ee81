"""Large records take their own lane, so small ones keep flowing.

A request whose body is larger than LARGE_REQUEST_BYTES (default 64 KiB: a one-game record is a
few KiB) must hold one of the worker's LARGE_LANES (default 1) while it is judged. A large request
finding the lanes taken waits for one, as do at most LARGE_QUEUE others (default 2); one more, or
one that waited LARGE_WAIT seconds (default 10) in vain, is answered 503 with Retry-After. Small
requests never wait for a lane: with the server's threads (arbiter_web.serving.server), at most
LARGE_LANES + LARGE_QUEUE of them are ever taken by large records, and a small request shares the
processor with at most LARGE_LANES large ones. Under `arbiter serve`, a worker judging a large
record also stops taking new connections while another worker can (arbiter_web.serving.accepting). A
request of any size whose work turns out heavy takes a lane too, once it does
(arbiter_web.serving.workload: `enter_for_work`), and so does a page whose cost is large, whatever
its request's size (`enter_for_cost`: its rows, an event's tables and ledger entries or a score
sheet's hands, from LARGE_PAGE_COST, default 200), before it is worked out. The time limit of a request (REQUEST_TIME_LIMIT) starts once it holds its lane, so the bound on its
work does not shrink while it queues.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from flask import Flask, current_app, g, request
from werkzeug.exceptions import ServiceUnavailable

from arbiter.i18n import msg
from arbiter_web.serving import accepting, limits

DEFAULT_LARGE_REQUEST_BYTES = 64 * 1024
DEFAULT_LARGE_LANES = 1
DEFAULT_LARGE_QUEUE = 2
DEFAULT_LARGE_WAIT = 10.0
DEFAULT_LARGE_PAGE_COST = 200
"""Rows a page works out (an event's tables and ledger entries, a score sheet's hands) from which
it takes a lane: an evening's event or game is a few dozen."""
EXTENSION = "arbiter_lanes"


class LanesBusy(ServiceUnavailable):
    """Every lane for large records is taken and the queue for them is full."""

    def __init__(self, size: int, threshold: int) -> None:
        message = msg(
            "the server is busy judging other large records (this one is {size:,} bytes; records over "
            "{threshold:,} bytes take turns, LARGE_REQUEST_BYTES); try again shortly, or send fewer games per request",
            size=size,
            threshold=threshold,
        )
        super().__init__(message)
        self.data = {"message": message, "headers": {"Retry-After": str(limits.RETRY_AFTER_SECONDS)}}


@dataclass
class Lanes:
    """The large-record lanes of one worker process (shared by its threads)."""

    threshold: int
    lanes: int
    queue: int
    wait: float
    _free: threading.BoundedSemaphore = field(init=False)
    _admitted: int = field(init=False, default=0)
    _lock: threading.Lock = field(init=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self._free = threading.BoundedSemaphore(self.lanes)

    def is_large(self, size: int | None) -> bool:
        return (size or 0) > self.threshold

    def enter(self) -> bool:
        """Take a lane, waiting in the queue if there is room in it; False if there is none, or
        the wait ran out."""
        with self._lock:
            if self._admitted >= self.lanes + self.queue:
                return False
            self._admitted += 1
        if self._free.acquire(timeout=self.wait):
            return True
        self._leave_queue()
        return False

    def leave(self) -> None:
        self._free.release()
        self._leave_queue()

    def _leave_queue(self) -> None:
        with self._lock:
            self._admitted -= 1


class HeavyLanesBusy(ServiceUnavailable):
    """A request whose work turned out heavy found every lane taken and the queue full."""

    def __init__(self, steps: int) -> None:
        message = msg(
            "the server is busy with other heavy requests (this one took more than {steps:,} steps of work "
            "listing legal actions, LARGE_REQUEST_STEPS); try again shortly, or ask about a table with fewer cards",
            steps=steps,
        )
        super().__init__(message)
        self.data = {"message": message, "headers": {"Retry-After": str(limits.RETRY_AFTER_SECONDS)}}


def _enter_lane() -> None:
    lanes: Lanes = current_app.extensions[EXTENSION]
    size = request.content_length
    if not lanes.is_large(size):
        return
    if not lanes.enter():
        raise LanesBusy(size or 0, lanes.threshold)
    _hold_lane()


def enter_for_size(size: int) -> None:
    """Take a lane for judging `size` bytes the request did not send (a kept record), as a
    request of that size would; LanesBusy (a 503) if there is no room."""
    lanes: Lanes = current_app.extensions[EXTENSION]
    if holds_lane() or not lanes.is_large(size):
        return
    if not lanes.enter():
        raise LanesBusy(size, lanes.threshold)
    _hold_lane()


class PageLanesBusy(ServiceUnavailable):
    """A page whose cost is large found every lane taken and the queue full."""

    def __init__(self, cost: int) -> None:
        message = msg(
            "the server is busy with other large pages (this one works out {cost:,} rows: tables, ledger "
            "entries or hands, LARGE_PAGE_COST); try again shortly",
            cost=cost,
        )
        super().__init__(message)
        self.data = {"message": message, "headers": {"Retry-After": str(limits.RETRY_AFTER_SECONDS)}}


def enter_for_cost(cost: int) -> None:
    """Take a lane for a page that works out `cost` rows (an event's tables and ledger entries, a
    score sheet's hands) when that is LARGE_PAGE_COST or more, whatever the request's size: its
    cost, not its bytes, which an attacker keeps small; PageLanesBusy (a 503) if there is no room.
    The access log says the cost (`cost`)."""
    g.page_cost = max(int(g.get("page_cost", 0)), cost)
    threshold = int(current_app.config.get("LARGE_PAGE_COST", DEFAULT_LARGE_PAGE_COST))
    if holds_lane() or cost < threshold:
        return
    if not current_app.extensions[EXTENSION].enter():
        raise PageLanesBusy(cost)
    _hold_lane()


def holds_lane() -> bool:
    return bool(g.get("holds_lane", False))


def enter_for_work(steps: int) -> None:
    """Move the current request, whose work turned out heavy (`steps` steps), to a lane (waiting
    as a large record does); HeavyLanesBusy (a 503) if there is no room."""
    if holds_lane():
        return
    if not current_app.extensions[EXTENSION].enter():
        raise HeavyLanesBusy(steps)
    _hold_lane()


def _hold_lane() -> None:
    g.holds_lane = True
    accepting.gate.large_begun()
    limits.restart_clock()  # the time limit counts from here, not from the wait in the queue


def _leave_lane(_error: BaseException | None) -> None:
    if g.pop("holds_lane", False):
        accepting.gate.large_done()
        current_app.extensions[EXTENSION].leave()


def init_app(app: Flask) -> Lanes:
    """After limits.init_app: a client over its rate limit is refused before it queues."""
    config = app.config
    lanes = Lanes(
        threshold=int(config.get("LARGE_REQUEST_BYTES", DEFAULT_LARGE_REQUEST_BYTES)),
        lanes=int(config.get("LARGE_LANES", DEFAULT_LARGE_LANES)),
        queue=int(config.get("LARGE_QUEUE", DEFAULT_LARGE_QUEUE)),
        wait=float(config.get("LARGE_WAIT", DEFAULT_LARGE_WAIT)),
    )
    app.extensions[EXTENSION] = lanes
    app.before_request(_enter_lane)
    app.teardown_request(_leave_lane)
    return lanes
