"""`arbiter serve` reads its own settings (HOST, PORT, WORKERS, SERVER_*) as the app reads its
settings, from ARBITER_<NAME> in Flask's way (a value read as JSON where it is JSON), the plain
SERVER_* names still working below them: the real server on 127.0.0.1, started and stopped."""

from __future__ import annotations

from pathlib import Path

from service_support import serving

BIG_HEADER = {"X-Padding": "x" * 6000}  # past a bound of 4 KiB of headers, within the default 32 KiB


def test_arbiter_serve_takes_its_port_workers_and_bounds_from_arbiter_names(tmp_path: Path) -> None:
    environment = {
        "ARBITER_WORKERS": "1",
        "ARBITER_SERVER_MAX_HEADER_BYTES": "4_096",
        "SERVER_MAX_HEADER_BYTES": "65536",  # the plain name, below the prefixed one
        "ARBITER_MAX_CONTENT_LENGTH": "3145728",  # 3 MiB: the server's own bound on bodies follows it
    }
    with serving(tmp_path, port_from_environment=True, **environment) as served:
        assert len(served.workers()) == 1
        assert served.request("GET", "/healthz")[0] == 200
        assert served.request("GET", "/healthz", headers=BIG_HEADER)[0] == 431
        not_json = b"{" + b" " * 2_000_000  # past the default 1 MiB, within the 3 MiB asked for
        status, _, body = served.request("POST", "/api/v1/rulings", not_json, {"Content-Type": "application/json"})
        assert status == 400 and b"not valid JSON" in body  # the application read it: the server let it through


def test_the_plain_server_names_still_work(tmp_path: Path) -> None:
    with serving(tmp_path, "--workers", "1", SERVER_MAX_HEADER_BYTES="4096") as served:
        assert served.request("GET", "/healthz")[0] == 200
        assert served.request("GET", "/healthz", headers=BIG_HEADER)[0] == 431
