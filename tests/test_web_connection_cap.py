"""Issue 46: a flood of connections from one address, against the real `arbiter serve` on
127.0.0.1. The server alone caps the connections one address holds in a worker
(SERVER_CONNECTIONS_PER_ADDRESS), so a flood that would take every connection the worker has
(SERVER_CONNECTIONS) leaves room for the other addresses: an honest client from 127.0.0.2 is
answered while 150 trickling sockets from 127.0.0.1 wait. Bounded: 150 sockets, closed at the end.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
from pathlib import Path

import pytest
from service_support import serving

pytestmark = pytest.mark.attack

CONNECTIONS = 100
PER_ADDRESS = 20
FLOOD = 150
HONEST_ADDRESS = "127.0.0.2"  # loopback holds all of 127.0.0.0/8: another client address


def _still_open(sock: socket.socket) -> bool:
    """Whether the server kept this connection (a closed one reads as the end, or a reset)."""
    sock.settimeout(0.5)
    try:
        return sock.recv(1) != b""
    except TimeoutError:
        return True
    except OSError:
        return False


def test_one_address_flooding_connections_leaves_room_for_the_others(tmp_path: Path) -> None:
    settings = {
        "SERVER_CONNECTIONS": str(CONNECTIONS),
        "SERVER_CONNECTIONS_PER_ADDRESS": str(PER_ADDRESS),
        "SERVER_READ_TIMEOUT": "300",  # the flood is never dropped for trickling: only the cap acts
    }
    with serving(tmp_path, "--workers", "1", **settings) as server, contextlib.ExitStack() as flood:
        sockets = []
        for _ in range(FLOOD):
            sock = flood.enter_context(socket.create_connection(("127.0.0.1", server.port), timeout=10))
            sock.sendall(b"POST /api/v1/rulings HTTP/1.1\r\nHost: x\r\n")  # and never the rest
            sockets.append(sock)
        honest = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60, source_address=(HONEST_ADDRESS, 0))
        try:
            honest.request("GET", "/healthz")
            assert honest.getresponse().status == 200
        finally:
            honest.close()
        kept = sum(_still_open(sock) for sock in sockets)
        assert kept <= PER_ADDRESS
