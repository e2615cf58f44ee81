"""Real databases for the storage tests: a SQLite file, and a PostgreSQL 15 server started for the
session (initdb in a temporary folder, on a free loopback port, stopped at the end). As root the
server runs as the `postgres` user (Debian's package creates it), since PostgreSQL refuses root.
A missing PostgreSQL fails these tests with what to do; it never skips them."""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
PG_USER = "arbiter"
SERVER_ACCOUNT = "postgres"  # who runs the server when the tests run as root
BACKENDS = ("sqlite", "postgresql")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _as_server_account() -> list[str]:
    return ["runuser", "-u", SERVER_ACCOUNT, "--"] if os.getuid() == 0 else []


class Postgres:
    """A throwaway PostgreSQL cluster; `database()` makes a new empty database on it."""

    def __init__(self) -> None:
        if not (PG_BIN / "initdb").is_file():
            pytest.fail(
                f"PostgreSQL is not at {PG_BIN}: install Debian's with `make postgresql` "
                "(apt-get install postgresql), or point PG_BIN at its bin folder.",
                pytrace=False,
            )
        self.root = Path(tempfile.mkdtemp(prefix="arbiter-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        if os.getuid() == 0:
            account = pwd.getpwnam(SERVER_ACCOUNT)
            os.chown(self.root, account.pw_uid, account.pw_gid)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", PG_USER, "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run([*_as_server_account(), str(PG_BIN / tool), *args], capture_output=True, text=True)
        if done.returncode:
            log = self.root / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            pytest.fail(f"{tool} failed: {done.stderr or done.stdout}\n{tail}", pytrace=False)

    def database(self) -> str:
        name = "arbiter_" + uuid.uuid4().hex[:12]
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", PG_USER, name)
        return f"postgresql://{PG_USER}@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        subprocess.run(
            [*_as_server_account(), str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"],
            capture_output=True,
        )
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    server = Postgres()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database: a SQLite file, or a database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rulings.sqlite3'}"
    return request.getfixturevalue("postgres").database()
