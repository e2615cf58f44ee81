"""How `arbiter serve` serves in public: gunicorn's master keeps the worker processes (starts them,
restarts one that dies or hangs, stops them on a signal), and each worker is a waitress server.

Waitress reads every request whole (the request line, the headers and the body, a large body
spooled to a temporary file) in its event loop before a thread of the worker sees it, so a client
that sends its request a byte a second costs a connection, not a thread or a worker; a request
that stays incomplete longer than `read_timeout` seconds is dropped. The application then runs in
a pool of `threads` threads per worker (arbiter_web.serving.lanes keeps large records from taking them all).
A worker judging a large record stops accepting new connections while another worker can take them
(arbiter_web.serving.accepting), so small requests do not queue behind it. Once warmed up, a worker
freezes what it holds (gc.freeze): the collector's full passes, which pause all its threads, then
walk only what requests left behind.

The answers the server gives by itself, before the application sees the request (400 for a request
it cannot read, a malformed chunked body among them; 413 for a body declared past the limit; 431
for headers too large), are the application's own: JSON under /api and /healthz (or for a client
that accepts only JSON), a small HTML page elsewhere, with the same security headers as every page.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import time
import uuid
from dataclasses import dataclass
from html import escape
from http import HTTPStatus
from typing import Any, ClassVar

from flask import Config
from gunicorn.workers.base import Worker
from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher

import arbiter
from arbiter_web import DEFAULT_MAX_CONTENT_LENGTH, SETTINGS_PREFIX
from arbiter_web.serving import accepting, security
from arbiter_web.serving.access import REQUEST_ID_HEADER

JSON_PREFIXES = ("/api/", "/healthz", "/readyz")
BODY_MARGIN = 64 * 1024
"""What the server lets a body have past the application's MAX_CONTENT_LENGTH, for the application
to refuse in its own words."""


def environment_setting(name: str, plain: bool = True) -> tuple[str, Any] | None:
    """A setting of the server's from the environment, and the variable that gave it: in Flask's
    way first, as the app reads its own (`ARBITER_<NAME>`, read as JSON where it is JSON:
    `flask.Config.from_prefixed_env`), else (where `plain`) by its plain name as before
    (`<NAME>`); None when neither is set (an empty value is unset)."""
    prefixed = Config(os.getcwd())
    prefixed.from_prefixed_env(SETTINGS_PREFIX)
    value = prefixed.get(name)
    if value is not None and str(value).strip():
        return f"{SETTINGS_PREFIX}_{name}", value
    raw = os.environ.get(name, "").strip() if plain else ""
    return (name, raw) if raw else None


def number_of(kind: type[int] | type[float], variable: str, raw: Any) -> Any:
    """`raw` as a whole number or a number of seconds (`1_000` as 1000); a usage error naming
    `variable` where it is neither."""
    try:
        if isinstance(raw, bool):
            raise ValueError(raw)
        return kind(str(raw).strip().replace("_", ""))
    except ValueError:
        raise SystemExit(f"{variable} must be a number, not {raw!r}") from None


@dataclass(frozen=True)
class ServerSettings:
    """What one worker accepts from the network (environment variables of the same names, upper
    case with SERVER_ before them, and ARBITER_ before that as the app's settings are named:
    ARBITER_SERVER_THREADS, ARBITER_SERVER_READ_TIMEOUT, ...; the plain SERVER_THREADS ... as
    before; docs/api.md)."""

    threads: int = 8
    """Threads per worker running the application on whole requests."""
    connections: int = 1000
    """Open connections per worker; past it the worker stops accepting until some close."""
    connections_per_address: int = 250
    """Open connections per worker from one client address; one more is closed as it is accepted,
    so one address cannot take every connection (0: no cap, behind a proxy that caps them)."""
    read_timeout: float = 30.0
    """Seconds a client may take to send one whole request; a slower one is disconnected."""
    idle_timeout: float = 30.0
    """Seconds a kept-alive connection may sit idle between requests."""
    max_header_bytes: int = 32 * 1024
    """The request line and headers together; more is a 431."""
    max_body_bytes: int = DEFAULT_MAX_CONTENT_LENGTH + BODY_MARGIN
    """A body declared or sent past this is refused (413) before it is read; the application's
    own MAX_CONTENT_LENGTH (smaller) answers the ones in between."""

    @classmethod
    def from_environment(cls) -> ServerSettings:
        values: dict[str, Any] = {}
        for name, default in cls().__dict__.items():
            found = environment_setting(f"SERVER_{name.upper()}")
            if found is not None:
                values[name] = number_of(type(default), *found)
        body_bound = environment_setting("MAX_CONTENT_LENGTH")
        if "max_body_bytes" not in values and body_bound is not None:
            with contextlib.suppress(SystemExit):  # the application reports a bad value when it starts
                values["max_body_bytes"] = number_of(int, *body_bound) + BODY_MARGIN
        return cls(**values)

    def adjustments(self) -> Adjustments:
        return Adjustments(**self.waitress_options())

    def waitress_options(self) -> dict[str, Any]:
        return dict(
            threads=self.threads,
            connection_limit=self.connections,
            channel_timeout=int(self.idle_timeout),
            cleanup_interval=1,
            max_request_header_size=self.max_header_bytes,
            max_request_body_size=self.max_body_bytes,
            asyncore_use_poll=True,  # select() stops at 1,024 descriptors
            ident="arbiter",
            expose_tracebacks=False,
        )


def wants_json(path: str, accept: str) -> bool:
    """An API client: a path under /api or /healthz, or (no path read) a client asking for JSON."""
    if path:
        return path == "/api" or path.startswith(JSON_PREFIXES)
    return "json" in accept and "html" not in accept


def error_answer(code: int, message: str, path: str = "", accept: str = "") -> tuple[list[tuple[str, str]], bytes]:
    """The headers and body of an answer the server gives by itself, shaped as the application's."""
    status = HTTPStatus(code).phrase
    request_id = uuid.uuid4().hex
    if wants_json(path, accept):
        payload = {"code": code, "status": status, "message": message, "request_id": request_id}
        body = json.dumps(payload).encode()
        kind = "application/json"
    else:
        body = (
            '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{code} {escape(status)}</title><link rel="stylesheet" href="/static/arbiter.css"></head>'
            f"<body><main><h1>{code} {escape(status)}</h1><p>{escape(message)}</p>"
            f"<p>Request id: <code>{request_id}</code></p>"
            '<p><a href="/">Back to the arbiter</a></p></main></body></html>\n'
        ).encode()
        kind = "text/html; charset=utf-8"
    headers = [("Content-Type", kind), (REQUEST_ID_HEADER, request_id), ("Cache-Control", "no-store")]
    return headers + list(security.HEADERS.items()), body


SERVER_MESSAGES = {
    400: "the request could not be read as HTTP/1.1: {detail}",
    413: "the request body is larger than this server accepts ({limit:,} bytes)",
    431: "the request line and headers are larger than this server accepts ({limit:,} bytes)",
}


class _Parser(HTTPRequestParser):
    """Waitress's request parser, keeping the start of what it read: a request refused for its
    size still says where it was going, so an API client gets JSON."""

    opening = b""

    def received(self, data: bytes) -> int:
        if len(self.opening) < OPENING_BYTES:
            self.opening = (self.opening + data)[:OPENING_BYTES]
        return int(super().received(data))

    def target(self) -> str:
        """The path the request line names, if it could be read."""
        words = self.opening.split(b"\r\n", 1)[0].split(b" ")
        return words[1].split(b"?", 1)[0].decode("latin-1") if len(words) > 1 else ""


OPENING_BYTES = 512


class _ErrorTask(ErrorTask):
    """Waitress's answer to a request it could not take, in the application's shape."""

    def execute(self) -> None:
        error = self.request.error
        adj = self.channel.server.adj
        limit = adj.max_request_header_size if error.code == 431 else adj.max_request_body_size
        template = SERVER_MESSAGES.get(error.code, "{detail}")
        message = template.format(detail=str(error.body).rstrip(". ") or error.reason, limit=limit)
        accept = self.request.headers.get("ACCEPT", "")
        path = self.request.target() if isinstance(self.request, _Parser) else ""
        headers, body = error_answer(error.code, message, path, accept)
        self.status = f"{error.code} {HTTPStatus(error.code).phrase}"
        self.response_headers.extend(headers)
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class _Channel(HTTPChannel):
    """A connection that remembers when its current request began, to drop a trickling one."""

    error_task_class = _ErrorTask
    parser_class = _Parser
    reading_since: float | None = None

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.reading_since = time.monotonic()
        done = super().received(data)
        if self.request is None:
            self.reading_since = None
        return bool(done)


class _Server(TcpWSGIServer):
    channel_class = _Channel
    read_timeout = ServerSettings.read_timeout
    per_address = ServerSettings.connections_per_address

    def handle_accept(self) -> None:
        """Waitress's accept, closing at once a connection from an address that holds its share."""
        try:
            accepted = self.accept()
            if accepted is None:
                return
            conn, addr = accepted
            if self.per_address and self._open_from(addr) >= self.per_address:
                conn.close()  # that address holds its share of this worker's connections
                return
            self.set_socket_options(conn)
        except OSError:  # a socket the client closed before we took it, as waitress skips it
            return
        self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self._map)

    def _open_from(self, addr: Any) -> int:
        host = _host(addr)
        return sum(1 for channel in self.active_channels.values() if _host(channel.addr) == host)

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        cutoff = time.monotonic() - self.read_timeout
        for channel in list(self.active_channels.values()):
            since = getattr(channel, "reading_since", None)
            if since is not None and since < cutoff:
                channel.will_close = True  # a request still incomplete after read_timeout

    def readable(self) -> bool:
        accepts = bool(super().readable())  # first: it runs the maintenance above
        return accepts and not accepting.gate.paused


def _host(addr: Any) -> Any:
    return addr[0] if isinstance(addr, tuple) else addr


WARM_RECORD = '[Rules "caliente"]\n[Seats "ann bob"]\n\nhand 1 dealer ann\nbob: draw 8, discard 8\n'
"""Judged once as a worker starts: its parsers are built before the first client waits for them."""


class ArbiterWorker(Worker):
    """A gunicorn worker process running a waitress server on gunicorn's listening sockets."""

    _shared_slots: ClassVar[accepting.PauseSlots | None] = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # in gunicorn's master, before this worker is forked
        if ArbiterWorker._shared_slots is None:  # the first worker: the slots every later one shares
            ArbiterWorker._shared_slots = accepting.PauseSlots(self.cfg.workers - 1)

    def run(self) -> None:
        list(arbiter.check(WARM_RECORD))
        gc.collect()
        gc.freeze()  # what every request uses (modules, grammar, app) stays out of each collection
        settings = ServerSettings.from_environment()
        adjustments = settings.adjustments()
        dispatcher = ThreadedTaskDispatcher()
        dispatcher.set_thread_count(settings.threads)
        sockets: dict[int, Any] = {}
        for listener in self.sockets:
            sock = listener.sock
            server = _Server(
                self.wsgi,
                sockets,
                True,
                sock,
                dispatcher=dispatcher,
                adj=adjustments,
                bind_socket=False,
                sockinfo=(sock.family, sock.type, sock.proto, sock.getsockname()),
            )
            server.read_timeout = settings.read_timeout
            server.per_address = settings.connections_per_address
        accepting.open_gate(self._shared_slots, wake=server.pull_trigger)  # one loop: any trigger wakes it
        try:
            while self.alive and self.ppid == os.getppid():
                self.notify()
                wasyncore.loop(timeout=1.0, map=sockets, use_poll=True, count=1)
        finally:
            dispatcher.shutdown(cancel_pending=False, timeout=self.cfg.graceful_timeout)
            wasyncore.close_all(sockets)
