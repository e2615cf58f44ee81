"""`arbiter check --scheduler`: checking on a Dask cluster gives the report of `--jobs 1`.

Real clusters on loopback: a `dask scheduler` and two `dask worker` processes started here (one
set for the module), and `local:N` clusters started by the arbiter itself. Records are cut into
pieces of whole games on the client; the first tests hold that a record read in pieces reads as
the whole, whatever the size of the pieces, without a cluster.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cluster_faults import KILLER_LINE
from distributed import Client

import arbiter
from arbiter.archive import cluster, inputs
from arbiter.archive.inputs import FileReport, Task

HERE = Path(__file__).parent
SAMPLES = sorted(p for p in (HERE.parent / "samples").iterdir() if p.suffix in (".acn", ".txt"))
BIN = Path(sys.executable).parent
DOCS = HERE.parent / "docs" / "cluster.md"
WORKER_FLAGS = ("--host", "127.0.0.1", "--nthreads", "1", "--no-dashboard", "--preload", HERE / "cluster_faults.py")
FORMATS = ("text", "json", "junit", "github", "sarif")
# Between games of a round file: what may sit between two games, and lines that are not notation.
BETWEEN = (
    b"\n",
    b"; the next game was played at table 2\n\n{ a brace comment }\n",
    b"deal ann 4 4 6 6 8 9 Q Q A A 3\n",  # a card that does not exist
    b"\xff\xfe this line is not UTF-8\n",
    b"x" * 50_000 + b"\n",  # longer than a line may be
    b"  hand 1 dealer ann\n",  # a hand with no game tags above it
    b"",
)


def round_file(games: int, seed: int) -> bytes:
    """A round's games one after another, with comments, blank lines and broken lines between."""
    texts = [path.read_bytes() for path in SAMPLES]
    parts = []
    for number in range(games):
        parts.append(texts[(number * 7 + seed) % len(texts)])
        parts.append(BETWEEN[(number + seed) % len(BETWEEN)])
    return b"".join(parts)


def as_data(report: FileReport) -> dict:
    return {
        "path": report.path,
        "error": report.error,
        "usage_error": report.usage_error,
        "lines": report.lines,
        "games": [game.to_dict() | {"tags": game.tags} for game in report.games],  # the round report's tags too
    }


def one_job(tasks: list[Task]) -> list[dict]:
    return [as_data(report) for report in inputs.run(tasks, None, 1)]


def in_pieces(tasks: list[Task], chunk_bytes: int) -> list[dict]:
    """The reports made piece by piece in this process, joined as the cluster client joins them."""
    reports, whole = [], None
    for item in cluster.pieces(tasks, chunk_bytes):
        part = item if isinstance(item, FileReport) else cluster.check_piece(item)
        whole = part if whole is None else cluster._join(whole, part)
        if isinstance(item, FileReport) or item.final:
            reports.append(as_data(cluster._within_budget(whole)))
            whole = None
    return reports


# --- pieces of whole games ------------------------------------------------------------------------


def test_a_record_cut_into_pieces_of_whole_games_reads_as_the_whole_record() -> None:
    tasks = [
        Task("round.acn", data=round_file(60, seed=0)),
        Task("bom.acn", data=b"\xef\xbb\xbf" + round_file(20, seed=3)),
        Task("crlf.acn", data=round_file(20, seed=5).replace(b"\n", b"\r\n")),
        Task("empty.acn", data=b""),
        Task("binary.acn", data=b"[Event \0]\n"),
    ]
    expected = one_job(tasks)
    assert sum(len(report["games"]) for report in expected) > 100
    for chunk_bytes in (1, 700, 5_000, 60_000, cluster.CHUNK_BYTES):
        assert in_pieces(tasks, chunk_bytes) == expected, chunk_bytes


def test_pieces_start_where_a_game_starts_and_join_to_the_record() -> None:
    data = round_file(40, seed=1)
    pieces = list(cluster.pieces([Task("round.acn", data=data)], chunk_bytes=2_000))
    assert len(pieces) > 10
    assert b"".join(piece.data for piece in pieces) == data
    assert [piece.final for piece in pieces] == [False] * (len(pieces) - 1) + [True]
    for before, piece in itertools.pairwise(pieces):
        assert piece.start.line == before.last_line + 1
        assert piece.start.offset == before.start.offset + len(before.data)
        first_game = next(arbiter.parse(io.BytesIO(piece.data), start=piece.start))
        assert first_game.index == piece.start.game


def test_a_record_past_the_size_limit_is_cut_where_the_reader_stops() -> None:
    limits = arbiter.Limits(max_bytes=30_000)
    data = round_file(40, seed=2)
    pieces = list(cluster.split("round.acn", io.BytesIO(data), 3_000, limits))
    read = b"".join(piece.data for piece in pieces)
    assert len(data) > len(read) > limits.max_bytes
    last = list(arbiter.parse(io.BytesIO(pieces[-1].data), limits, start=pieces[-1].start))
    assert last[-1].findings[-1].code == "record-too-large"
    whole = list(arbiter.parse(io.BytesIO(data), limits))
    assert last[-1].findings[-1] == whole[-1].findings[-1]


def test_a_record_of_more_games_than_allowed_is_not_cut_past_the_last_game_read() -> None:
    limits = arbiter.Limits(max_games=5)
    data = round_file(20, seed=4)
    pieces = list(cluster.split("round.acn", io.BytesIO(data), 1, limits))
    assert [piece.start.game for piece in pieces] == [1, 2, 3, 4, 5]
    in_pieces = [game for piece in pieces for game in arbiter.parse(io.BytesIO(piece.data), limits, piece.start)]
    whole = list(arbiter.parse(io.BytesIO(data), limits))
    assert [(game.index, game.line, game.findings) for game in in_pieces] == [
        (game.index, game.line, game.findings) for game in whole
    ]
    assert whole[-1].findings[-1].code == "too-many-games"


# --- a scheduler and two worker processes ---------------------------------------------------------


def _wait_for_file(path: Path, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert process.poll() is None, "the Dask scheduler did not start"
        assert time.monotonic() < deadline, "the Dask scheduler did not start in time"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A `dask scheduler` on a free loopback port and two `dask worker` processes of one thread,
    the scheduler set as docs/cluster.md advises; the workers die on a record holding the
    killer line (tests/cluster_faults.py). The address of the scheduler."""
    folder = tmp_path_factory.mktemp("dask")
    address_file = folder / "scheduler.json"
    env = {
        **os.environ,
        "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "1",
        "DASK_DISTRIBUTED__SCHEDULER__WORKER_SATURATION": "1.0",
        "PYTHONPATH": str(HERE.parent),
    }
    quiet = {"stdout": subprocess.DEVNULL, "stderr": open(folder / "dask.log", "wb"), "env": env, "cwd": folder}  # noqa: SIM115
    started = [
        subprocess.Popen(
            [
                BIN / "dask",
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--no-dashboard",
                "--scheduler-file",
                address_file,
            ],
            **quiet,
        )
    ]
    try:
        _wait_for_file(address_file, started[0])
        for _ in range(2):
            started.append(
                subprocess.Popen(
                    [BIN / "dask", "worker", "--scheduler-file", address_file, *WORKER_FLAGS],
                    **quiet,
                )
            )
        address = json.loads(address_file.read_text())["address"]
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for process in reversed(started):
            process.send_signal(signal.SIGINT)
        for process in reversed(started):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        quiet["stderr"].close()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of records: the samples, round files of many games, a broken and an empty
    record, a binary file, a hidden folder; the test's working directory holds it as `archive`."""
    root = tmp_path_factory.mktemp("records") / "archive"
    (root / "samples").mkdir(parents=True)
    for sample in SAMPLES:
        shutil.copy(sample, root / "samples" / f"{sample.stem}.acn")
    for number in range(3):
        (root / f"round-{number + 1}.acn").write_bytes(round_file(30, seed=number))
    (root / "empty.acn").write_bytes(b"")
    (root / "binary.acn").write_bytes(b"\0\1\2")
    (root / ".hidden").mkdir()
    (root / ".hidden" / "skipped.acn").write_bytes(b"not read")
    return root


def check(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "NO_COLOR", "FORCE_COLOR")}
    return subprocess.run([BIN / "arbiter", "check", *args], capture_output=True, text=True, cwd=cwd, env=env)


def same_report(output: str) -> str:
    """The output with JUnit's clock readings taken out: they differ from run to run."""
    return re.sub(r' (time|timestamp)="[^"]*"', "", output)


def test_every_format_on_a_cluster_is_the_report_of_one_job(scheduler: str, archive: Path) -> None:
    for output_format in FORMATS:
        one = check("-f", output_format, "archive", "missing.acn", cwd=archive.parent)
        distributed = check("-f", output_format, "--scheduler", scheduler, "archive", "missing.acn", cwd=archive.parent)
        assert one.returncode == distributed.returncode == 2, distributed.stderr
        assert same_report(distributed.stdout) == same_report(one.stdout), output_format
        assert distributed.stderr == one.stderr
    summary = json.loads(check("-f", "json", "--scheduler", scheduler, "archive", cwd=archive.parent).stdout)["summary"]
    assert summary["files"] == len(SAMPLES) + 5
    assert summary["games"] > 100 and summary["malformed"] and summary["unreadable"] == 1


def test_a_flag_that_contradicts_a_record_is_the_same_usage_error_on_a_cluster(scheduler: str, archive: Path) -> None:
    one = check("--option", "always-frozen=no", "archive", cwd=archive.parent)
    distributed = check("--option", "always-frozen=no", "--scheduler", scheduler, "archive", cwd=archive.parent)
    assert one.returncode == distributed.returncode == 2
    # the first game the flag does not fit: one that sets always-frozen, or one of a rule set without it
    assert re.search(r"but always-frozen=no was asked for|has no option 'always-frozen'", distributed.stderr)
    assert (distributed.stdout, distributed.stderr) == (one.stdout, one.stderr)


def test_records_cut_into_many_pieces_on_a_cluster_read_as_whole_records(scheduler: str, archive: Path) -> None:
    tasks = inputs.collect((str(archive),), lambda: b"")
    with cluster.connect(scheduler) as client:
        reports = cluster.check_with(client, tasks, None, chunk_bytes=3_000, window=3)
        assert [as_data(report) for report in reports] == one_job(tasks)


def test_reports_stream_in_order_with_a_bounded_number_of_batches_on_the_cluster(
    scheduler: str, tmp_path: Path
) -> None:
    for number in range(12):
        (tmp_path / f"round-{number:02}.acn").write_bytes(round_file(20, seed=number))
    tasks = inputs.collect((str(tmp_path),), lambda: b"")
    with cluster.connect(scheduler) as client:
        held = []
        for report in cluster.check_with(client, tasks, None, chunk_bytes=10_000, window=2):
            held.append(len(client.futures))
            assert report.path == tasks[len(held) - 1].path
        assert len(held) == len(tasks)
        assert max(held) <= 2
        deadline = time.monotonic() + 10
        while client.futures:  # the last batch is let go (its release reaches the client's loop soon after)
            assert time.monotonic() < deadline, client.futures
            time.sleep(0.05)


def test_records_named_by_url_are_read_by_the_workers(scheduler: str, archive: Path) -> None:
    local = json.loads(check("-f", "json", "archive", cwd=archive.parent).stdout)
    url = check("-f", "json", "--scheduler", scheduler, archive.as_uri() + "/", cwd=archive.parent)
    assert url.returncode == 2
    read_by_workers = json.loads(url.stdout)
    for report in read_by_workers["files"]:
        assert report["path"].startswith(archive.as_uri() + "/")
        report["path"] = report["path"].replace(archive.as_uri(), "archive")
    assert read_by_workers == local
    missing = check("--scheduler", scheduler, archive.as_uri() + "/missing.acn", cwd=archive.parent)
    assert missing.returncode == 2
    assert f"{archive.as_uri()}/missing.acn: error: no such file or directory" in missing.stderr


def test_the_round_report_of_records_read_by_the_workers_shows_their_tags(scheduler: str, archive: Path) -> None:
    local = check("-f", "csv", "archive", cwd=archive.parent).stdout
    url = check("-f", "csv", "--scheduler", scheduler, archive.as_uri() + "/", cwd=archive.parent).stdout
    assert url.replace(archive.as_uri(), "archive") == local
    assert any(row["event"] for row in csv.DictReader(io.StringIO(url)))  # from the rulings: no file read again


def test_a_killed_worker_costs_nothing_but_time(scheduler: str, tmp_path: Path) -> None:
    for number in range(6):
        (tmp_path / f"round-{number}.acn").write_bytes(round_file(400, seed=number))
    tasks = inputs.collect((str(tmp_path),), lambda: b"")
    expected = one_job(tasks)
    with Client(scheduler) as client:
        killed: list[int] = []
        killer = threading.Thread(target=lambda: killed.append(_kill_a_busy_worker(client)))
        killer.start()
        got = [as_data(report) for report in cluster.run(tasks, None, scheduler, chunk_bytes=100_000)]
        killer.join()
        assert killed, "a worker was killed while it checked records"
        assert got == expected
        client.wait_for_workers(2, timeout=60)  # the worker's nanny starts it again
        assert killed[0] not in client.run(os.getpid).values()


def _kill_a_busy_worker(client: Client) -> int:
    """Kill (SIGKILL) the process of a worker as soon as it is checking records; its pid."""
    deadline = time.monotonic() + 30
    while not (busy := [worker for worker, keys in client.processing().items() if keys]):
        assert time.monotonic() < deadline
        time.sleep(0.005)
    victim = client.run(os.getpid, workers=busy[:1])[busy[0]]
    os.kill(victim, signal.SIGKILL)
    return victim


def test_a_record_that_kills_its_worker_twice_is_an_internal_error_for_its_file(
    scheduler: str, archive: Path, tmp_path: Path
) -> None:
    (tmp_path / "a-valid.acn").write_bytes((archive / "samples" / f"{SAMPLES[0].stem}.acn").read_bytes())
    (tmp_path / "b-killer.acn").write_bytes(round_file(3, seed=0) + KILLER_LINE + b"\n" + round_file(3, seed=1))
    (tmp_path / "c-round.acn").write_bytes(round_file(10, seed=2))
    text = check("--scheduler", scheduler, tmp_path.name, cwd=tmp_path.parent)
    assert text.returncode == 2
    assert (
        f"{tmp_path.name}/b-killer.acn: error: internal error while checking this record (WorkerDied: a Dask worker "
        "died each time it checked lines 1-"
    ) in text.stderr
    assert "3 files" in text.stdout and "1 file not checked" in text.stdout
    one = json.loads(check("-f", "json", tmp_path.name, cwd=tmp_path.parent).stdout)
    distributed = json.loads(check("-f", "json", "--scheduler", scheduler, tmp_path.name, cwd=tmp_path.parent).stdout)
    assert distributed["files"][0] == one["files"][0] and distributed["files"][2] == one["files"][2]
    assert distributed["files"][1]["error"].startswith("internal error while checking this record (WorkerDied")


# --- local:N --------------------------------------------------------------------------------------


def test_a_local_cluster_gives_the_report_of_one_and_two_jobs(archive: Path) -> None:
    for output_format in ("text", "json"):
        one = check("-f", output_format, "archive", cwd=archive.parent)
        two = check("-f", output_format, "--jobs", "2", "archive", cwd=archive.parent)
        local = check("-f", output_format, "--scheduler", "local:2", "archive", cwd=archive.parent)
        assert one.returncode == two.returncode == local.returncode == 2, local.stderr
        assert local.stdout == two.stdout == one.stdout
        assert local.stderr == one.stderr


# --- a cluster that cannot be used ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("local:two", "local:two: a local cluster is local:N, N worker processes"),
        ("s3://bucket", "cannot use the Dask scheduler at s3://bucket: unknown address scheme 's3'"),
    ],
)
def test_a_scheduler_that_cannot_be_used_is_a_clear_error(address: str, message: str, archive: Path) -> None:
    result = check("--scheduler", address, "archive", cwd=archive.parent)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr and not result.stdout


def test_a_url_whose_storage_is_not_installed_is_a_clear_error(scheduler: str, archive: Path) -> None:
    result = check("--scheduler", scheduler, "s3://a-bucket/round.acn", cwd=archive.parent)
    assert result.returncode == 2
    assert re.search(r"s3://a-bucket/round.acn: error: cannot be read: .*s3fs", result.stderr)


def test_the_local_cluster_example_of_the_docs_holds() -> None:
    shown = re.search(
        r"```console\n\$ (arbiter check --scheduler local:2 samples/) \| tail -1\n(.*)\n```", DOCS.read_text()
    )
    assert shown, "docs/cluster.md shows a local:2 run"
    command, last_line = shown.groups()
    result = subprocess.run([BIN / "arbiter", *command.split()[1:]], capture_output=True, text=True, cwd=HERE.parent)
    assert result.stdout.splitlines()[-1] == last_line


def test_a_house_rulebook_judges_on_a_cluster_as_in_one_job(scheduler: str, tmp_path: Path) -> None:
    """docs/house-rules.md: `--house` is at hand in every worker, for untagged and tagged records."""
    maple = Path(__file__).parent.parent / "samples" / "maple-club.rules.toml"
    asking = (
        Path(__file__).parent.parent / "samples" / "hand-and-foot-illegal-going-out-without-asking.acn"
    ).read_text()
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "untagged.acn").write_text(asking)
    tag = '[House "Maple Club, version 3, #0c6343960519"]'
    (tmp_path / "club" / "tagged.acn").write_text(
        asking.replace('[Rules "hand-and-foot"]', f'[Rules "hand-and-foot"]\n{tag}')
    )
    one = check("--house", str(maple), "club", cwd=tmp_path)
    distributed = check("--house", str(maple), "--scheduler", scheduler, "club", cwd=tmp_path)
    assert one.returncode == distributed.returncode == 0, distributed.stderr
    assert distributed.stdout == one.stdout and distributed.stdout.count("by Maple Club, version 3") == 2
