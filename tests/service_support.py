"""The real `arbiter serve` on 127.0.0.1 for the attack tests (tests/test_web_attacks.py): started
at a free port, waited for, and always stopped; raw sockets for what no polite client sends; the
records an attacker and an honest club send."""

from __future__ import annotations

import contextlib
import functools
import http.client
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from web_support import TAGS

from arbiter.simulate import simulate

START_SECONDS = 60


@dataclass
class Served:
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    def connect(self, timeout: float = 30) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 30,
    ) -> tuple[int, dict[str, str], bytes]:
        connection = self.connect(timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            answer = connection.getresponse()
            return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
        finally:
            connection.close()

    def raw(self, data: bytes, timeout: float = 10) -> bytes:
        """Send bytes as they are and read the whole answer (until the server closes)."""
        chunks = []
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as sock:
            with contextlib.suppress(OSError):  # the server may answer, and close, before the end
                sock.sendall(data)
                sock.shutdown(socket.SHUT_WR)
            with contextlib.suppress(ConnectionResetError):
                while chunk := sock.recv(65536):
                    chunks.append(chunk)
        return b"".join(chunks)

    def workers(self) -> list[int]:
        return [
            int(pid) for pid in Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()
        ]

    def worker_rss_mib(self) -> dict[int, float]:
        sizes = {}
        for pid in self.workers():
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    sizes[pid] = int(line.split()[1]) / 1024
        return sizes


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serving(
    folder: Path, *args: str, port_from_environment: bool = False, memory_cap: int | None = None, **environment: str
) -> Iterator[Served]:
    """`arbiter serve` with these arguments and environment, kept in `folder`; stopped on exit. Its
    port is given by --port, or where `port_from_environment` by ARBITER_PORT; `memory_cap` bounds
    each of its processes' address space (bytes), so that an attack that once took gigabytes fails."""
    port = _free_port()
    if port_from_environment:
        environment = {**environment, "ARBITER_PORT": str(port)}
    arbiter = Path(sys.executable).parent / "arbiter"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'rulings.db'}", **environment}
    if "RATE_LIMIT" not in environment:
        env.pop("RATE_LIMIT", None)  # the defaults, whatever the shell running the tests has set
    log = folder / f"serve-{port}.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [str(arbiter), "serve", *([] if port_from_environment else ["--port", str(port)]), *args],
            stdout=output,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=folder,
            preexec_fn=None if memory_cap is None else functools.partial(_cap_memory, memory_cap),
        )
    served = Served(port, process, log)
    try:
        _wait_until_answering(served)
        yield served
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def _cap_memory(limit: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _wait_until_answering(served: Served) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            if served.request("GET", "/healthz")[0] == 200:
                return
        except OSError:
            pass
        assert served.process.poll() is None, served.log.read_text(errors="replace")[-3000:]
        assert time.monotonic() < deadline, f"arbiter serve did not answer in {START_SECONDS} s"
        time.sleep(0.2)


@functools.cache
def one_game() -> bytes:
    """What an honest club sends: one four-player game of a few hands."""
    return next(iter(simulate("caliente", 4, games=1, hands=3, seed=5))).encode()


CARDS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "X"]


def long_distinct_lines(seed: int, size: int = 1_000_000) -> bytes:
    """An accepted record of about `size` bytes whose turn lines are each near the longest line
    read (10,000 characters), all distinct from any other request's, each written twice."""
    rnd = random.Random(seed)
    lines, total = [], 0
    while total < size // 2 - 11_000:
        cards = " ".join(rnd.choices(CARDS, k=3300))[:9_800].rsplit(" ", 1)[0]
        line = f"{('ann', 'bob', 'cid', 'dee')[len(lines) % 4]}: draw 8, meld [{cards}], discard 9\n"
        lines.append(line)
        total += len(line)
    body = "".join(lines)
    return (TAGS + "\nhand 1 dealer dee\n" + body + body).encode()
