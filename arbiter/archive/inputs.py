"""Checking an archive: paths to records, records to rulings, in input order, in this process or
in `jobs` worker processes (`run`); `arbiter check` and the bench call it, and `cluster` spreads
the same work over a Dask cluster.

A path on the command line is a file (checked whatever its name), a directory (searched
recursively for records, see `discovery`: `*.acn` files and the `include` globs, skipping hidden
and git-ignored files and folders), or `-` for standard input. Every problem with an input (missing, unreadable, binary, a directory with no
records) becomes a `FileReport` with an `error`, never an exception, so one bad path does not hide
the rulings on the others.
"""

from __future__ import annotations

import errno
import gc
import io
import itertools
import os
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

import arbiter
from arbiter.i18n import Text, msg, translator

from .discovery import RecordFinder

# Checking is a batch job making many small objects that live for one game: sweep the youngest
# generation less often (about 5% faster on a large archive; docs/performance.md).
BATCH_GC_THRESHOLD = (50_000, 20, 100)
STDIN = "-"
BINARY_SNIFF = 8192  # bytes looked at for a NUL, as git and grep do
IN_FLIGHT_PER_WORKER = 4  # inputs given to each worker ahead of the report being written


@dataclass(frozen=True, slots=True)
class Task:
    """One input to check: a file to open, or bytes already read (standard input)."""

    path: str  # as shown to the user
    file: str | None = None
    data: bytes | None = None
    error: str | None = None  # a problem found while collecting, reported as this input's result


@dataclass(slots=True)
class FileReport:
    """The rulings on one input, and what is needed to render them."""

    path: str
    games: list[arbiter.GameRuling] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)  # time spent on each game
    lines: dict[int, str] = field(default_factory=dict)  # source text of the lines with findings
    error: str | None = None  # the input could not be checked (I/O, binary, internal error)
    usage_error: str | None = None  # the request contradicts the record (arbiter.UsageError)

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """The file's part of a JSON report: its path, why it could not be read, its game objects;
        `lang`: their words in that language (the keys and codes stay)."""
        error = translator(lang)(self.error) if self.error else self.error
        return {"path": self.path, "error": error, "games": [game.to_dict(lang) for game in self.games]}

    def judge(self, games: Iterator[arbiter.GameRuling], after: Callable[[], None] | None = None) -> None:
        """Keep each ruling as it comes, with the time it took; `after` is told of each."""
        while True:
            started = time.perf_counter()
            game = next(games, None)
            if game is None:
                return
            self.games.append(game)
            self.seconds.append(time.perf_counter() - started)
            if after is not None:
                after()


def collect(
    paths: tuple[str, ...],
    read_stdin: Callable[[], bytes],
    stdin_name: str = "<stdin>",
    finder: RecordFinder = RecordFinder(),  # noqa: B008 (frozen, never changed)
) -> list[Task]:
    """The inputs named on the command line, directories expanded, in the order given."""
    tasks: list[Task] = []
    for path in paths:
        if path == STDIN:
            try:
                tasks.append(Task(stdin_name, data=read_stdin()))
            except OSError as error:
                tasks.append(Task(stdin_name, error=describe_os_error(error)))
            continue
        try:
            is_dir = os.path.isdir(path)
            os.stat(path)
        except OSError as error:
            tasks.append(Task(path, error=describe_os_error(error)))
            continue
        if not is_dir:
            tasks.append(Task(path, file=path))
            continue
        found = [
            Task(item, file=item)
            if isinstance(item, str)
            else Task(item.filename or path, error=describe_os_error(item))
            for item in finder.records(path)
        ]
        if not found:
            tasks.append(Task(path, error=no_records(finder)))
        tasks.extend(found)
    return tasks


def no_records(finder: RecordFinder) -> str:
    return msg(
        "no game records in this directory (records are the files matching {globs}, not git-ignored)",
        globs=finder.describe(),
    )


def describe_os_error(error: OSError) -> str:
    """An I/O problem in words, without the errno noise (the system's own reason as it gives it)."""
    if error.errno == errno.ENOENT:
        return msg("no such file or directory")
    if error.errno in (errno.EACCES, errno.EPERM):
        return msg("cannot be read: permission denied")
    if error.errno == errno.EISDIR:
        return msg("is a directory")
    reason = error.strerror or str(error) or type(error).__name__
    return (
        msg("cannot be read: {reason}", reason=f"{reason[0].lower()}{reason[1:]}") if reason else msg("cannot be read")
    )


Progress = Callable[[int], None]
"""Told, after each game of a file checked here, how many of its bytes have been read."""


def check_task(task: Task, request: arbiter.Request | None = None, progress: Progress | None = None) -> FileReport:
    """Check one input as `request` asks. Runs in a worker process when `--jobs` is more than 1."""
    report = FileReport(task.path, error=task.error)
    if task.error:
        return report
    try:
        with open_input(task) as stream:
            problem = sniff(stream.read(BINARY_SNIFF))
            if problem:
                report.error = problem
                return report
            stream.seek(0)
            checked = arbiter.check(stream, seeded(request, task.file))
            read = (lambda: progress(stream.tell())) if progress is not None else None
            report.judge(arbiter.within_budget(checked), read)  # per file
            wanted = {f.line for game in report.games for f in game.findings if f.line > 0}
            if wanted:
                stream.seek(0)
                report.lines = read_lines(stream, wanted)
    except arbiter.UsageError as error:
        report.usage_error = str(error)
    except OSError as error:
        report.error = describe_os_error(error)
    except Exception as error:  # a bug in the arbiter: say so, and go on with the other inputs
        report.error = internal_error(error)
    return report


def seeded(request: arbiter.Request | None, path: str | None) -> arbiter.Request | None:
    """`request` with the seeds of a record read from the file at `path` that names its prepared
    board: the event file beside it (docs/notation.md, "Prepared boards"). Standard input has no place."""
    seeds = seeds_near(path) if path is not None else None
    if seeds is None:
        return request
    return replace(request or arbiter.Request.of(), seeds=seeds)


def seeds_near(path: str) -> Any:
    """The event file beside the record at `path` (a file here), or None."""
    if not Path(path).is_file():
        return None
    from arbiter.event.beside import EventBeside

    return EventBeside(Path(path))


def sniff(head: bytes) -> str | None:
    """Why the first bytes of an input show it is no text record, if they do."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return msg("is UTF-16 text; save the record as UTF-8")
    if b"\0" in head:
        return msg("is a binary file, not a game record")
    return None


def internal_error(error: BaseException) -> str:
    return msg(
        "internal error while checking this record ({kind}: {error}); "
        "this is a bug in the arbiter: please report it with the record",
        kind=type(error).__name__,
        error=error.args[0] if error.args and isinstance(error.args[0], Text) else str(error),
    )


def open_input(task: Task) -> IO[bytes]:
    """The input's bytes as a seekable stream (a pipe or a device is read once, bounded, as the
    reader would read it), for a `with` block."""
    if task.data is not None:
        return io.BytesIO(task.data)
    assert task.file is not None
    stream = open(task.file, "rb")  # noqa: SIM115 (returned to a with block)
    if stream.seekable():
        return stream
    with stream:  # a pipe or a device: read it once, bounded
        return io.BytesIO(stream.read(arbiter.DEFAULT_LIMITS.max_bytes + 1))


def read_lines(stream: IO[bytes], wanted: set[int]) -> dict[int, str]:
    """The text of the `wanted` lines, numbered as the reader numbers them (lines end at \\n)."""
    cap = arbiter.DEFAULT_LIMITS.max_line_chars * 4 + 2
    lines: dict[int, str] = {}
    last = max(wanted)
    number = 0
    while number < last:
        chunk = stream.readline(cap)
        if not chunk:
            break
        number += 1
        complete = chunk.endswith(b"\n") or len(chunk) < cap
        while not complete:  # skip the rest of an overlong line
            more = stream.readline(cap)
            complete = not more or more.endswith(b"\n") or len(more) < cap
        if number in wanted:
            text = chunk.decode("utf-8", "replace").rstrip("\r\n")
            lines[number] = text.lstrip("\ufeff") if number == 1 else text
    return lines


def run(
    tasks: list[Task],
    request: arbiter.Request | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
) -> Iterator[FileReport]:
    """Check every task as `request` asks (one value, validated once by the caller, sent to each
    worker), yielding the reports in input order; with `jobs` > 1 in that many worker processes. `progress` hears of each game checked in this process."""
    gc.set_threshold(*BATCH_GC_THRESHOLD)  # the workers are forked after this and inherit it
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield check_task(task, request, progress)
        return
    from concurrent.futures import Future, ProcessPoolExecutor  # processes: only for several inputs and jobs
    from concurrent.futures.process import BrokenProcessPool

    workers = min(jobs, len(tasks))
    pool = ProcessPoolExecutor(max_workers=workers)

    def submitted(task: Task) -> tuple[Task, Future[FileReport]]:
        try:
            return task, pool.submit(check_task, task, request)
        except BrokenProcessPool as error:  # a worker died before: this input is not checked either
            failed: Future[FileReport] = Future()
            failed.set_exception(error)
            return task, failed

    # A few inputs per worker in flight, the next submitted as each report is taken: the workers
    # never wait, and only the reports not yet written are held, however large the archive.
    waiting = iter(tasks)
    window = deque(submitted(task) for task in itertools.islice(waiting, IN_FLIGHT_PER_WORKER * workers))
    try:
        while window:
            task, future = window.popleft()
            try:
                report = future.result()
            except BrokenProcessPool as error:  # a worker died (out of memory, killed)
                report = FileReport(task.path, error=internal_error(error))
            following = next(waiting, None)
            if following is not None:
                window.append(submitted(following))
            yield report
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def size(task: Task) -> int:
    """The bytes of an input, as far as can be known before reading it (0 if not)."""
    if task.data is not None:
        return len(task.data)
    try:
        return os.path.getsize(task.file) if task.file else 0
    except OSError:
        return 0
