"""Request ids and the access log: one JSON line per request, so an operator can match a
complaint to a log line.

Every response carries `X-Request-Id`: the client's own, if it sent a plausible one, else a new
random id; error bodies repeat it as `request_id`. The access log (logger `arbiter_web.serving.access`,
standard error unless the host configures logging) writes one JSON object per request: time,
request id, method, path, status, duration in milliseconds, response size in bytes, client address,
and the worker process that answered; with `steps`, the work it did listing legal actions
(arbiter_web.serving.workload), with `cost`, the rows a page worked out (an event's tables and
ledger entries, a score sheet's hands), and `lane: "heavy"` when it was judged in a lane for large or heavy requests.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
import uuid
from datetime import UTC, datetime

from flask import Flask, Response, g, request

LOGGER = "arbiter_web.serving.access"
REQUEST_ID_HEADER = "X-Request-Id"
_PLAUSIBLE_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")

log = logging.getLogger(LOGGER)


def request_id() -> str:
    """This request's id (a new one outside a request's start, which should not happen)."""
    if "request_id" not in g:
        g.request_id = uuid.uuid4().hex
    return str(g.request_id)


def _start() -> None:
    g.started = time.perf_counter()
    given = request.headers.get(REQUEST_ID_HEADER, "")
    g.request_id = given if _PLAUSIBLE_ID.fullmatch(given) else uuid.uuid4().hex


def _finish(response: Response) -> Response:
    response.headers[REQUEST_ID_HEADER] = request_id()
    started = g.get("started")
    entry = {
        "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
        "request_id": request_id(),
        "method": request.method,
        "path": request.path[:500],
        "status": response.status_code,
        "duration_ms": round((time.perf_counter() - started) * 1000, 2) if started is not None else None,
        "size": response.calculate_content_length(),
        "client": request.remote_addr,
        "worker": os.getpid(),
    }
    work = g.get("work")
    if work is not None and work.spent:
        entry["steps"] = work.spent  # the work of listing legal actions (arbiter_web.serving.workload)
    if g.get("page_cost"):
        entry["cost"] = g.page_cost  # the rows a page worked out (arbiter_web.serving.lanes.enter_for_cost)
    if g.get("holds_lane"):
        entry["lane"] = "heavy"  # judged in a lane for large or heavy requests (arbiter_web.serving.lanes)
    log.info(json.dumps(entry, ensure_ascii=True))
    return response


def _default_handler() -> None:
    """Access lines go to standard error, as bare JSON, unless the host set up logging (then
    they go where its handlers send them, once)."""
    if log.handlers or logging.getLogger().handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)


def init_app(app: Flask) -> None:
    if app.config.get("ACCESS_LOG", True):
        _default_handler()
    app.before_request(_start)
    app.after_request(_finish)
