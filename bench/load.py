"""The rulings service under load: `make bench` runs it after bench/run.py (docs/performance.md).

It starts the real service (`arbiter serve`: gunicorn's worker processes, each serving with
waitress) on 127.0.0.1 at a free port, then, for each concurrency level (8, 32 and 128 clients),
posts typical one-game records as fast as the clients can, while one more client keeps posting the
largest record the service accepts (about MAX_CONTENT_LENGTH bytes of real games). Each level is
bounded in requests and in time. It prints throughput, p50 and p99 latency, errors and timeouts for
the small records and for the large one, and the workers' resident memory before and after.

Then the mixed scenario of issue 26: four clients post a megabyte of notation-like junk without
pause while one honest client posts typical records one after another; the honest p99 must stay
under a second (large records take turns in their own lanes: arbiter_web/serving/lanes.py). Then it stops
the server.

Clients are threads, each request on a fresh connection (http.client from the standard library);
the service spends milliseconds per request, so the client's own cost is small beside it.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

import arbiter_web  # noqa: E402
from arbiter.simulate import simulate  # noqa: E402
from arbiter.simulate.noise import noise  # noqa: E402

PATH = "/api/v1/rulings"
LEVELS = (8, 32, 128)
HEAVY_CLIENTS = 4
MIXED_SECONDS = 20.0
CLIENT_TIMEOUT = 30.0  # seconds: a request slower than this counts as a timeout


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    errors: int = 0  # a status other than 200, or a broken connection
    timeouts: int = 0

    def add(self, status: int | None, seconds: float, timed_out: bool = False) -> None:
        if timed_out:
            self.timeouts += 1
            return
        if status is not None:
            self.statuses[status] = self.statuses.get(status, 0) + 1
        if status == 200:
            self.latencies.append(seconds)
        else:
            self.errors += 1

    def percentile(self, share: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post(port: int, body: bytes) -> tuple[int | None, float, bool]:
    """(status, seconds, timed out) of one POST of a text/plain record."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=CLIENT_TIMEOUT)
    try:
        connection.request("POST", PATH, body=body, headers={"Content-Type": "text/plain; charset=utf-8"})
        response = connection.getresponse()
        response.read()
        return response.status, time.perf_counter() - started, False
    except TimeoutError:
        return None, time.perf_counter() - started, True
    except OSError:
        return None, time.perf_counter() - started, False
    finally:
        connection.close()


def typical_records(count: int) -> list[bytes]:
    """One-game records as a club sends them: a four-player game of a few hands."""
    return [text.encode() for text in simulate("caliente", 4, games=count, hands=3, seed=11)]


def largest_record(limit: int, max_games: int) -> bytes:
    """Real games, as many as fit in `limit` bytes (and `max_games`): the largest accepted record."""
    parts: list[bytes] = []
    size = 0
    for text in simulate("caliente", 4, games=max_games, hands=4, seed=12):
        data = (text + "\n").encode()
        if size + len(data) > limit or len(parts) == max_games:
            break
        parts.append(data)
        size += len(data)
    return b"".join(parts)


def worker_rss_kib(master: int) -> dict[int, int]:
    """Resident memory of each gunicorn worker (the master's children), in KiB."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    sizes = {}
    for pid in map(int, children):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                sizes[pid] = int(line.split()[1])
    return sizes


def worker_cpu_seconds(master: int) -> float:
    """User and system CPU time of all the workers so far: what the requests cost the server,
    whatever else the machine is doing."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in worker_rss_kib(master):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def start_server(port: int, workers: int, log: Path) -> subprocess.Popen[bytes]:
    arbiter = Path(sys.executable).parent / "arbiter"
    command = [str(arbiter), "serve", "--port", str(port), "--workers", str(workers)]
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{log.parent / 'rulings.db'}"}
    server = subprocess.Popen(command, cwd=log.parent, stdout=subprocess.DEVNULL, stderr=log.open("wb"), env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200 and len(worker_rss_kib(server.pid)) == workers:
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit(f"gunicorn did not start on port {port}; see {log}")


def run_level(
    port: int, clients: int, requests: int, seconds: float, small: list[bytes], large: bytes | None
) -> dict[str, Any]:
    small_tally, large_tally = Tally(), Tally()
    lock = threading.Lock()
    issued = 0
    stop_at = time.monotonic() + seconds
    done = threading.Event()

    def small_client(offset: int) -> None:
        nonlocal issued
        n = offset
        while time.monotonic() < stop_at:
            with lock:
                if issued >= requests:
                    return
                issued += 1
            status, spent, timed_out = post(port, small[n % len(small)])
            n += clients
            with lock:
                small_tally.add(status, spent, timed_out)

    def large_client() -> None:
        while not done.is_set():
            status, spent, timed_out = post(port, large)
            with lock:
                large_tally.add(status, spent, timed_out)

    big = threading.Thread(target=large_client, daemon=True)
    if large is not None:
        big.start()
    threads = [threading.Thread(target=small_client, args=(i,)) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    done.set()
    if large is not None:
        big.join(CLIENT_TIMEOUT + 5)
    answered = len(small_tally.latencies)
    return {
        "clients": clients,
        "requests": answered + small_tally.errors + small_tally.timeouts,
        "seconds": elapsed,
        "throughput": answered / elapsed,
        "p50_ms": small_tally.percentile(0.50) * 1000,
        "p99_ms": small_tally.percentile(0.99) * 1000,
        "errors": small_tally.errors,
        "timeouts": small_tally.timeouts,
        "statuses": small_tally.statuses,
        "large_requests": len(large_tally.latencies) + large_tally.errors + large_tally.timeouts,
        "large_p50_ms": large_tally.percentile(0.50) * 1000,
        "large_statuses": large_tally.statuses,
        "large_timeouts": large_tally.timeouts,
        "large_broken": large_tally.errors - sum(n for s, n in large_tally.statuses.items() if s != 200),
    }


def run_mixed(port: int, seconds: float, small: list[bytes], heavy: list[bytes]) -> dict[str, Any]:
    """HEAVY_CLIENTS clients post junk without pause; one honest client posts typical records."""
    honest, heavy_tally = Tally(), Tally()
    lock = threading.Lock()
    stop = threading.Event()

    def heavy_client(body: bytes) -> None:
        while not stop.is_set():
            status, spent, timed_out = post(port, body)
            with lock:
                heavy_tally.add(status, spent, timed_out)

    threads = [threading.Thread(target=heavy_client, args=(body,), daemon=True) for body in heavy]
    for thread in threads:
        thread.start()
    time.sleep(1)  # the heavy clients are at it
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        status, spent, timed_out = post(port, small[n % len(small)])
        honest.add(status, spent, timed_out)
        n += 1
        time.sleep(0.05)
    stop.set()
    for thread in threads:
        thread.join(CLIENT_TIMEOUT + 5)
    return {
        "honest_requests": len(honest.latencies) + honest.errors + honest.timeouts,
        "honest_p50_ms": honest.percentile(0.50) * 1000,
        "honest_p99_ms": honest.percentile(0.99) * 1000,
        "honest_errors": honest.errors + honest.timeouts,
        "heavy_requests": len(heavy_tally.latencies) + heavy_tally.errors + heavy_tally.timeouts,
        "heavy_statuses": heavy_tally.statuses,
        "heavy_broken": heavy_tally.errors - sum(n for s, n in heavy_tally.statuses.items() if s != 200),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (default 4)")
    parser.add_argument("--requests", type=int, default=1500, help="small requests per level, at most")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds per level, at most")
    parser.add_argument("--mixed-seconds", type=float, default=MIXED_SECONDS, help="seconds of the mixed scenario")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()

    small = typical_records(40)
    large = largest_record(arbiter_web.DEFAULT_MAX_CONTENT_LENGTH, arbiter_web.DEFAULT_MAX_GAMES)
    print(
        f"records: {len(small)} typical one-game records of {statistics.mean(map(len, small)) / 1024:.1f} KiB on average; "
        f"the largest accepted record, {len(large) / 1024:.0f} KiB ({large.count(b'[Rules ')} games)"
    )
    port = free_port()
    with tempfile.TemporaryDirectory() as scratch:
        log = Path(scratch) / "gunicorn.log"
        server = start_server(port, args.workers, log)
        try:
            for body in small[:10]:  # warm up: the grammar loads in every worker on its first request
                post(port, body)
            before = worker_rss_kib(server.pid)
            cpu = worker_cpu_seconds(server.pid)
            alone = run_level(port, 1, 200, args.seconds, small, None)  # one client, nothing else: the floor
            cpu_per_request = (worker_cpu_seconds(server.pid) - cpu) / max(1, alone["requests"]) * 1000
            results, rss_by_level = [], []
            for clients in LEVELS:
                results.append(run_level(port, clients, args.requests, args.seconds, small, large))
                rss_by_level.append(sum(worker_rss_kib(server.pid).values()) / 1024)
            mixed = run_mixed(
                port, args.mixed_seconds, small, [noise(seed, len(large)) for seed in range(HEAVY_CLIENTS)]
            )
            after = worker_rss_kib(server.pid)
            access_lines = sum(1 for _ in log.open("rb"))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    load = os.getloadavg()[0]
    print(
        f"arbiter serve, {args.workers} workers, on 127.0.0.1:{port}; {os.cpu_count()} CPUs, load average {load:.1f}; "
        f"{access_lines:,} access log lines"
    )
    print(
        f"one client alone: p50 {alone['p50_ms']:.1f} ms, p99 {alone['p99_ms']:.1f} ms; "
        f"the server spends {cpu_per_request:.1f} ms of CPU per typical record"
    )
    header = f"{'clients':>7} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'errors':>6} {'timeouts':>8}   large record: requests, p50 ms, statuses"
    print(header)
    for r in results:
        print(
            f"{r['clients']:>7} {r['requests']:>8} {r['throughput']:>7.0f} {r['p50_ms']:>7.1f} {r['p99_ms']:>7.1f} "
            f"{r['errors']:>6} {r['timeouts']:>8}   {r['large_requests']}, {r['large_p50_ms']:.0f}, {r['large_statuses']}"
        )
    print(
        "worker RSS before/after (MiB): "
        + ", ".join(f"{before[p] / 1024:.1f}/{after.get(p, 0) / 1024:.1f}" for p in sorted(before))
        + ("" if set(before) == set(after) else " (a worker was replaced)")
    )
    print(
        f"all workers' RSS: {sum(before.values()) / 1024:.1f} MiB before, "
        + ", ".join(f"{mib:.1f} MiB after {n} clients" for n, mib in zip(LEVELS, rss_by_level, strict=True))
    )
    print(
        f"mixed: {HEAVY_CLIENTS} clients posting {len(large) / 1024:.0f} KiB of junk without pause, one honest client: "
        f"{mixed['honest_requests']} honest requests, p50 {mixed['honest_p50_ms']:.1f} ms, "
        f"p99 {mixed['honest_p99_ms']:.1f} ms, {mixed['honest_errors']} errors; "
        f"junk: {mixed['heavy_requests']} requests, statuses {mixed['heavy_statuses']}"
    )
    first = results[0]
    targets = [
        ("no errors and no timeouts at any level", all(r["errors"] == r["timeouts"] == 0 for r in results)),
        (f"p99 under 50 ms at 8 clients ({first['p99_ms']:.1f} ms)", first["p99_ms"] < 50),
        (
            "the large record answered 200, or a clear 503 past its time limit (never a dropped connection)",
            all(set(r["large_statuses"]) <= {200, 503} and r["large_broken"] == 0 for r in results),
        ),
        ("the same workers throughout (none killed)", set(before) == set(after)),
        (
            f"mixed: the honest p99 under 1 s beside {HEAVY_CLIENTS} junk posters ({mixed['honest_p99_ms']:.0f} ms), "
            "no honest error, the junk answered 200 or 503 (never a dropped connection)",
            mixed["honest_p99_ms"] < 1000
            and mixed["honest_errors"] == 0
            and set(mixed["heavy_statuses"]) <= {200, 503}
            and mixed["heavy_broken"] == 0,
        ),
    ]
    for words, met in targets:
        print(f"  {'meets' if met else 'MISSES'}: {words}")
    if args.json:
        figures = {
            "alone": alone,
            "cpu_ms_per_request": cpu_per_request,
            "results": results,
            "rss_mib": rss_by_level,
            "mixed": mixed,
        }
        args.json.write_text(json.dumps({**figures, "rss_before": before, "rss_after": after}, indent=2))


if __name__ == "__main__":
    main()
