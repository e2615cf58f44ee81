"""Small requests that cost seconds (issue 46), measured against the real service.

It starts `arbiter serve` (the defaults, 2 workers unless told) on 127.0.0.1 at a free port and,
for each endpoint that lists legal actions (POST /api/v1/legal-actions, GET /editor?do=moves, and
POST /api/v1/rulings, whose "allowed instead" lists them), runs 16 clients sending a position of a
few hundred bytes that hands one player sixty cards, without pause, while one honest client posts
a typical one-game record every 50 ms. It prints the honest client's p50 and p99 and the hostile
answers' statuses; the target is an honest p99 under one second. Bounded in time (--seconds per
endpoint) and in clients; the server is stopped at the end.

    .venv/bin/python bench/attacks.py [--workers 2] [--seconds 20] [--json out.json]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from load import CLIENT_TIMEOUT, Tally, free_port, post, start_server, typical_records  # noqa: E402

HOSTILE_CLIENTS = 16
SIXTY_CARDS = " ".join((["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "X"] * 5)[:60])
POSITION = f"""[Rules "caliente"]
[Seats "ann bob cid dee"]

hand 1 dealer dee
position
hold ann {SIXTY_CARDS}
hold bob 5 7 K
hold cid J J A
hold dee 8 8 4
pile 6 Q
turn ann
ann: draw 8
"""
EDITOR = "/editor?" + urlencode(
    {
        "rules": "caliente",
        "hold.ann": SIXTY_CARDS,
        "hold.bob": "5 7 K",
        "hold.cid": "J J A",
        "hold.dee": "8 8 4",
        "pile": "6 Q",
        "turn": "ann",
        "move": "draw 8",
        "do": "moves",
    }
)
Request = tuple[str, str, bytes | None, dict[str, str]]
ENDPOINTS: dict[str, Request] = {
    "POST /api/v1/legal-actions": (
        "POST",
        "/api/v1/legal-actions",
        json.dumps({"record": POSITION, "game": 1, "hand": 1, "turn": 1, "actions": 1}).encode(),
        {"Content-Type": "application/json"},
    ),
    "GET /editor?do=moves": ("GET", EDITOR, None, {}),
    "POST /api/v1/rulings": (
        "POST",
        "/api/v1/rulings",
        POSITION.replace("ann: draw 8", "ann: draw 8, meld [4 5 6]").encode(),
        {"Content-Type": "text/plain; charset=utf-8"},
    ),
}


def send(port: int, request: Request) -> int | None:
    method, path, body, headers = request
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=CLIENT_TIMEOUT)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return None
    finally:
        connection.close()


def attack(
    port: int, request: Request, seconds: float, honest: Callable[[], tuple[int | None, float, bool]]
) -> dict[str, Any]:
    """HOSTILE_CLIENTS clients send `request` without pause; one honest client meanwhile."""
    statuses: dict[str, int] = {}
    lock = threading.Lock()
    stop = threading.Event()

    def hostile() -> None:
        while not stop.is_set():
            status = send(port, request)
            with lock:
                statuses[str(status)] = statuses.get(str(status), 0) + 1

    threads = [threading.Thread(target=hostile, daemon=True) for _ in range(HOSTILE_CLIENTS)]
    for thread in threads:
        thread.start()
    time.sleep(1)  # the hostile clients are at it
    tally = Tally()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        tally.add(*honest())
        time.sleep(0.05)
    stop.set()
    for thread in threads:
        thread.join(CLIENT_TIMEOUT + 5)
    return {
        "honest_requests": len(tally.latencies) + tally.errors + tally.timeouts,
        "honest_p50_ms": tally.percentile(0.50) * 1000,
        "honest_p99_ms": tally.percentile(0.99) * 1000,
        "honest_max_ms": max(tally.latencies, default=float("nan")) * 1000,
        "honest_errors": tally.errors + tally.timeouts,
        "hostile_statuses": statuses,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per endpoint")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()
    small = typical_records(20)
    port = free_port()
    results = {}
    with tempfile.TemporaryDirectory() as scratch:
        server = start_server(port, args.workers, Path(scratch) / "gunicorn.log")
        try:
            for body in small[:6]:
                post(port, body)
            turn = iter(range(1 << 30))
            for name, request in ENDPOINTS.items():
                results[name] = attack(port, request, args.seconds, lambda: post(port, small[next(turn) % len(small)]))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    print(
        f"arbiter serve, {args.workers} workers, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; "
        f"{HOSTILE_CLIENTS} clients per endpoint sending a {len(POSITION)}-byte position with a 60-card hand"
    )
    for name, r in results.items():
        print(
            f"{name}: honest {r['honest_requests']} requests, p50 {r['honest_p50_ms']:.0f} ms, "
            f"p99 {r['honest_p99_ms']:.0f} ms, max {r['honest_max_ms']:.0f} ms, {r['honest_errors']} errors; "
            f"hostile statuses {r['hostile_statuses']}"
        )
    met = all(r["honest_p99_ms"] < 1000 and r["honest_errors"] == 0 for r in results.values())
    print(f"target: an honest request answers within 1 s under each attack: {'met' if met else 'NOT met'}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
