"""Checking records on a Dask cluster: `arbiter check --scheduler ADDRESS` (docs/cluster.md).

The client reads local records and cuts each file into pieces of whole games; the workers check
the pieces and send back their rulings; the client joins the pieces of each file again and hands
the reports over in input order, as `inputs.run` does, so every format prints exactly what
`--jobs 1` prints. A record named by a URL (`s3://`, `gs://`, `https://`, `file://`) is read by
the worker that checks it, through fsspec: the client only lists folders.

Memory on the client stays bounded: files are read as their pieces are needed (one at a time,
at most the size a record may be) and at most a window of batches (twice the cluster's threads)
is on the cluster at a time. A worker that dies is Dask's
to handle: the scheduler runs its tasks again elsewhere, and a task whose workers died too often
(Dask's `allowed-failures`; 1 on a `local:N` cluster, so twice) comes back as an internal error
for its file, never as a silent gap.

Dask and fsspec are an optional extra (`pip install 'canasta-arbiter[cluster]'`), imported only here and
only when a cluster is used.
"""

from __future__ import annotations

import contextlib
import gc
import io
import itertools
import logging
import os
import re
import uuid
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

import arbiter
from arbiter.i18n import msg
from arbiter.notation import SOURCE_START, Start, parse_line
from arbiter.notation.records import HandStart, Tag

from . import inputs
from .discovery import RecordFinder
from .inputs import BATCH_GC_THRESHOLD, BINARY_SNIFF, FileReport, Task

CLUSTER_EXTRA = "pip install 'canasta-arbiter[cluster]'"
CHUNK_BYTES = 1 << 18
"""The size of a batch of records sent to a worker: about 30 four-player games, a tenth of a
second of a worker's time: small enough to share the work out evenly, large enough that the
scheduler's cost per task (about a millisecond) stays small."""
PIECES_PER_BATCH = 256  # small files go to a worker together, up to this many
URL_WEIGHT = CHUNK_BYTES // 4  # records named by URLs go to a worker four at a time
LOCAL_PREFIX = "local:"
CONNECT_TIMEOUT = 10.0  # seconds
LOCAL_SETTINGS = {
    # A task is run again once after its worker dies; the second death makes it an internal error.
    "distributed.scheduler.allowed-failures": 1,
    # A worker is given one task per thread: a task that kills its worker takes no other with it.
    "distributed.scheduler.worker-saturation": 1.0,
}
URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


class ClusterError(Exception):
    """The cluster cannot be used: Dask missing, no scheduler at the address, workers that
    cannot run the arbiter."""


def is_url(path: str) -> bool:
    return URL.match(path) is not None


# --- what to check --------------------------------------------------------------------------------


def collect(
    paths: tuple[str, ...],
    read_stdin: Callable[[], bytes],
    stdin_name: str = "<stdin>",
    finder: RecordFinder = RecordFinder(),  # noqa: B008 (frozen, never changed)
) -> list[Task]:
    """The inputs of `inputs.collect`, and URLs: a URL to a file is one input, a URL to a folder
    every record under it that the finder takes (sorted, hidden names skipped, as for a local folder)."""
    tasks: list[Task] = []
    for path in paths:
        if is_url(path):
            tasks.extend(_collect_url(path, finder))
        else:
            tasks.extend(inputs.collect((path,), read_stdin, stdin_name, finder))
    return tasks


def _collect_url(url: str, finder: RecordFinder) -> list[Task]:
    try:
        import fsspec

        filesystem, root = fsspec.core.url_to_fs(url)
        if not filesystem.isdir(root):
            if not filesystem.exists(root):
                return [Task(url, error=inputs.describe_os_error(FileNotFoundError(2, "")))]
            return [Task(url, file=url)]
        problems: list[OSError] = []
        found = []
        for folder, dirs, files in filesystem.walk(root, on_error=problems.append):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                relative = f"{folder.rstrip('/')}/{name}"[len(root.rstrip("/")) + 1 :]
                if not name.startswith(".") and finder.takes(relative):
                    address = filesystem.unstrip_protocol(f"{folder.rstrip('/')}/{name}")
                    found.append(Task(address, file=address))
    except ImportError as error:
        return [
            Task(url, error=msg("cannot be read: {reason}", reason=str(error)))
        ]  # a storage whose package is missing
    except OSError as error:
        return [Task(url, error=inputs.describe_os_error(error))]
    except Exception as error:  # a storage's own error (credentials, a bad bucket name): say it
        return [Task(url, error=msg("cannot be read: {reason}", reason=f"{type(error).__name__}: {error}"))]
    found.extend(Task(problem.filename or url, error=inputs.describe_os_error(problem)) for problem in problems)
    if not found:
        problem = msg("no game records in this folder (records are files matching {globs})", globs=finder.describe())
        return [Task(url, error=problem)]
    return found


@dataclass(frozen=True, slots=True)
class Piece:
    """What a worker checks: whole games of one input read by the client (`data`, from `start`),
    or a record named by a URL, read by the worker."""

    path: str
    data: bytes = b""
    url: str | None = None
    start: Start = SOURCE_START
    last_line: int = 0  # the piece's last line, to say where a worker died
    final: bool = True  # the input's last piece

    @property
    def weight(self) -> int:
        """What it counts for in a batch: its size, or for a URL a guess (the client never reads it)."""
        return URL_WEIGHT if self.url else len(self.data)


def pieces(tasks: list[Task], chunk_bytes: int = CHUNK_BYTES) -> Iterator[Piece | FileReport]:
    """The pieces of every input in order; an input that cannot be read or is not text comes as
    its report, made here as `inputs.check_task` makes it."""
    limits = arbiter.DEFAULT_LIMITS
    for task in tasks:
        if task.error:
            yield FileReport(task.path, error=task.error)
            continue
        if task.file is not None and is_url(task.file):
            yield Piece(task.path, url=task.file)
            continue
        try:
            with inputs.open_input(task) as stream:
                problem = inputs.sniff(stream.read(BINARY_SNIFF))
                if problem:
                    yield FileReport(task.path, error=problem)
                    continue
                stream.seek(0)
                yield from split(task.path, stream, chunk_bytes, limits)
        except OSError as error:
            yield FileReport(task.path, error=inputs.describe_os_error(error))


_BLANK, _TAG, _HAND, _OTHER = range(4)


def split(path: str, stream: IO[bytes], chunk_bytes: int, limits: arbiter.Limits) -> Iterator[Piece]:
    """Cut a record into pieces of about `chunk_bytes`, each starting where a game starts (its
    comment and blank lines first), reading the lines as `arbiter.notation` reads them: the
    same bounds, the same numbering. A piece ends after the last line that holds a statement or
    an error, so each piece reads, from its `Start`, exactly as it would in the whole record.

    A record within the size limit is read whole and only its lines that may start a game or a
    hand are looked at; a larger one line by line, as the reader reads it, up to the limit."""
    data = stream.read(limits.max_bytes + 1)
    if len(data) <= limits.max_bytes:
        yield from _split_text(path, data, chunk_bytes, limits)
        return
    stream.seek(0)
    yield from _split_lines(path, stream, chunk_bytes, limits)


# A line that may be a tag or a hand's start: the grammar skips only these blanks before either.
# Searched from the end of the line before (a search for a literal is fast; `^` is tried everywhere).
_TAG_OR_HAND = re.compile(rb"[ \t\f\r]*[\[h]")
_NEXT_TAG_OR_HAND = re.compile(rb"\n[ \t\f\r]*[\[h]")


def _split_text(path: str, data: bytes, chunk_bytes: int, limits: arbiter.Limits) -> Iterator[Piece]:
    start, begin = SOURCE_START, 0  # the current piece: where it starts in the record and in data
    game, in_hand = 1, False
    first = [0] if _TAG_OR_HAND.match(data) else []
    for at in itertools.chain(first, (match.start() + 1 for match in _NEXT_TAG_OR_HAND.finditer(data))):
        kind = _kind(data[at : data.find(b"\n", at) + 1 or len(data)], at == 0, limits)
        if kind == _TAG and in_hand:  # this line starts a new game
            cut = _statements_end(data, begin, at, limits)
            if cut - begin >= max(chunk_bytes, 1) and game < limits.max_games:
                lines = data.count(b"\n", begin, cut)
                yield Piece(path, data[begin:cut], start=start, last_line=start.line + lines - 1, final=False)
                start, begin = Start(start.line + lines, game + 1, cut), cut
            game, in_hand = game + 1, False
        in_hand = in_hand or kind == _HAND
    lines = data.count(b"\n", begin) + (not data.endswith(b"\n") and len(data) > begin)
    yield Piece(path, data[begin:], start=start, last_line=start.line + lines - 1)


def _statements_end(data: bytes, floor: int, at: int, limits: arbiter.Limits) -> int:
    """Where the last line before `at` (and from `floor`) that holds a statement or an error
    ends: the blank and comment lines after it go with the game that follows."""
    end = at
    while end > floor:
        begin = max(data.rfind(b"\n", floor, end - 1) + 1, floor)
        if _kind(data[begin:end], begin == 0, limits) != _BLANK:
            return end
        end = begin
    return floor


def _split_lines(path: str, stream: IO[bytes], chunk_bytes: int, limits: arbiter.Limits) -> Iterator[Piece]:
    cap = limits.max_line_chars * 4 + 2
    buffer = bytearray()
    start = SOURCE_START
    cut = cut_line = 0  # the end of the last line with a statement or an error, in buffer
    read = number = 0
    game, in_hand = 1, False  # the game being read; whether a hand of it has started
    readline = stream.readline
    while True:
        chunk = readline(cap)
        if not chunk:
            break
        number += 1
        read += len(chunk)
        buffer += chunk
        if read > limits.max_bytes:
            break  # the reader stops on this line too
        overlong = len(chunk) >= cap and not chunk.endswith(b"\n")
        while overlong:
            more = readline(cap)
            read += len(more)
            buffer += more
            if read > limits.max_bytes or not more or more.endswith(b"\n") or len(more) < cap:
                break
        if read > limits.max_bytes:
            break
        kind = _OTHER if overlong else _kind(chunk, number == 1, limits)
        if kind == _TAG and in_hand:  # this line starts a new game
            if cut >= chunk_bytes and game < limits.max_games:
                yield Piece(path, bytes(buffer[:cut]), start=start, last_line=cut_line, final=False)
                start = Start(cut_line + 1, game + 1, start.offset + cut)
                del buffer[:cut]
            game, in_hand = game + 1, False
        in_hand = in_hand or kind == _HAND
        if kind != _BLANK:
            cut, cut_line = len(buffer), number
    yield Piece(path, bytes(buffer), start=start, last_line=number)


def _kind(line: bytes, first: bool, limits: arbiter.Limits) -> int:
    """What a whole line (its end of line included) is to the reader: blank (or comments only),
    a tag, a hand's start, or anything else (a statement or an error). Only lines that may be
    one of the first three are read with the grammar: the others cannot be."""
    cap = limits.max_line_chars * 4 + 2
    if len(line) > cap or (len(line) == cap and not line.endswith(b"\n")):
        return _OTHER  # longer than the reader reads a line: an error
    try:
        text = line.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError:
        return _OTHER
    if len(text) > limits.max_line_chars:
        return _OTHER
    if first:
        text = text.lstrip("\ufeff")
    head = text.lstrip()
    if head and head[0] not in "[h;{":
        return _OTHER
    try:
        statement, _ = parse_line(text, explain=False)
    except Exception:  # an error line (NotationError, or a bug of the reader's)
        return _OTHER
    if statement is None:
        return _BLANK
    return _TAG if isinstance(statement, Tag) else _HAND if isinstance(statement, HandStart) else _OTHER


# --- on a worker ----------------------------------------------------------------------------------


def check_batch(batch: list[Piece], request: arbiter.Request | None = None) -> list[FileReport]:
    """Run on a worker: the report on each piece of a batch, as `request` asks."""
    gc.set_threshold(*BATCH_GC_THRESHOLD)
    return [check_piece(piece, request) for piece in batch]


def check_piece(piece: Piece, request: arbiter.Request | None = None) -> FileReport:
    """The rulings on one piece, as `inputs.check_task` gives them for the whole record."""
    if piece.url is not None:
        return _check_url(piece, request)
    report = FileReport(piece.path)
    try:
        rulings = arbiter.check(io.BytesIO(piece.data), inputs.seeded(request, piece.path), start=piece.start)
        report.judge(rulings)
        wanted = {f.line for game in report.games for f in game.findings if f.line > 0}
        if wanted:
            report.lines = _piece_lines(piece, wanted)
    except arbiter.UsageError as error:
        report.usage_error = str(error)
    except Exception as error:  # a bug in the arbiter: say so, and go on with the other inputs
        report.error = inputs.internal_error(error)
    return report


def _piece_lines(piece: Piece, wanted: set[int]) -> dict[int, str]:
    """`inputs.read_lines` numbered from the piece's first line. An empty line stands for those
    before it, so that its first line is not taken for the record's first (which loses a BOM)."""
    if piece.start.line == 1:
        return inputs.read_lines(io.BytesIO(piece.data), wanted)
    shift = piece.start.line - 2
    lines = inputs.read_lines(io.BytesIO(b"\n" + piece.data), {n - shift for n in wanted if n > shift + 1})
    return {n + shift: text for n, text in lines.items()}


def _check_url(piece: Piece, request: arbiter.Request | None) -> FileReport:
    """A record read here, on the worker. The bytes past the size limit (and the longest line
    that crosses it) are never read, as the reader would not read them."""
    limits = arbiter.DEFAULT_LIMITS
    try:
        import fsspec

        with fsspec.open(piece.url, "rb") as stream:
            data = stream.read(limits.max_bytes + limits.max_line_chars * 4 + 3)
    except OSError as error:
        return FileReport(piece.path, error=inputs.describe_os_error(error))
    except Exception as error:  # a storage's own error (credentials, a missing package): say it
        return FileReport(piece.path, error=msg("cannot be read: {reason}", reason=f"{type(error).__name__}: {error}"))
    return inputs.check_task(Task(piece.path, data=data), request)


# --- on the client --------------------------------------------------------------------------------


@contextlib.contextmanager
def connect(scheduler: str) -> Iterator[Any]:
    """A Dask client: to the scheduler at `scheduler`, or to a cluster of N worker processes on
    this machine for `local:N` (`local:0`: one per CPU), closed on leaving."""
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError as error:
        raise ClusterError(
            msg("checking on a cluster needs Dask: {extra} ({error})", extra=CLUSTER_EXTRA, error=str(error))
        ) from None
    workers = _local_workers(scheduler)
    with contextlib.ExitStack() as stack:
        try:
            if workers is not None:
                stack.enter_context(dask.config.set(LOCAL_SETTINGS))
                cluster = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    scheduler_port=0,
                    dashboard_address="127.0.0.1:0",  # its HTTP server on a free port
                    # Dask's own log lines stay quiet: a worker's heartbeat racing the closing of the
                    # cluster it belongs to is logged as an error, and what fails is said by the
                    # reports themselves (a task lost, a worker gone), in the reader's words.
                    silence_logs=logging.CRITICAL,
                )
                stack.callback(cluster.close)
                client = Client(cluster)
            else:
                client = Client(scheduler, timeout=CONNECT_TIMEOUT)
            stack.callback(client.close)
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as error:
            problem = msg(
                "cannot use the Dask scheduler at {scheduler}: {error}",
                scheduler=scheduler,
                error=str(error or type(error).__name__),
            )
            raise ClusterError(problem) from None
        yield client


def _local_workers(scheduler: str) -> int | None:
    if not scheduler.startswith(LOCAL_PREFIX):
        return None
    count = scheduler[len(LOCAL_PREFIX) :]
    if not count.isdigit():
        raise ClusterError(
            msg(
                "{scheduler}: a local cluster is local:N, N worker processes (local:0: one per CPU)",
                scheduler=scheduler,
            )
        )
    return int(count) or os.cpu_count() or 1


def run(
    tasks: list[Task],
    request: arbiter.Request | None,
    scheduler: str,
    *,
    chunk_bytes: int = CHUNK_BYTES,
) -> Iterator[FileReport]:
    """Check every task on the cluster at `scheduler` as `request` asks, yielding the reports in input order, the
    same reports `inputs.run` yields. Connects at once (a ClusterError if it cannot); the client
    is closed when the reports are done or closed."""
    stack = contextlib.ExitStack()
    client = stack.enter_context(connect(scheduler))

    def reports() -> Iterator[FileReport]:
        with stack:
            yield from check_with(client, tasks, request, chunk_bytes=chunk_bytes)

    return reports()


def check_with(
    client: Any,
    tasks: list[Task],
    request: arbiter.Request | None,
    *,
    chunk_bytes: int = CHUNK_BYTES,
    window: int | None = None,
) -> Iterator[FileReport]:
    """Check every task with a Dask client, yielding the reports in input order as they come.
    At most `window` batches (default: twice the cluster's threads) are on the cluster at once."""
    window = window or max(2, 2 * sum(client.nthreads().values()))
    line = _Line(client, request, chunk_bytes)
    try:
        for item in pieces(tasks, chunk_bytes):
            line.add(item)
            while line.queue and (len(line.on_cluster) >= window or line.first_is_ready()):
                yield from line.take()
        while line.queue:
            yield from line.take()
    finally:
        line.cancel()


@dataclass(slots=True)
class _Batch:
    """Pieces sent to a worker in one task, and what came back."""

    pieces: list[Piece] = field(default_factory=list)
    future: Any = None
    reports: list[FileReport] | None = None
    left: int = 0  # pieces whose reports are not taken yet

    @property
    def weight(self) -> int:
        return sum(piece.weight for piece in self.pieces)


class _Line:
    """The inputs in order, each a report made on the client or a piece in a batch; batches go
    to the cluster as they fill, and reports are taken from the front, a file's pieces joined."""

    def __init__(self, client: Any, request: arbiter.Request | None, chunk_bytes: int) -> None:
        from distributed import KilledWorker

        self.client, self.request, self.chunk_bytes = client, request, chunk_bytes
        self.killed: type[Exception] = KilledWorker
        self.queue: deque[tuple[Piece | FileReport, _Batch | None, int]] = deque()
        self.filling = _Batch()
        self.on_cluster: list[_Batch] = []
        self.file: FileReport | None = None  # the pieces of the current file taken so far, joined

    def add(self, item: Piece | FileReport) -> None:
        if isinstance(item, FileReport):
            self.queue.append((item, None, 0))
            return
        self.queue.append((item, self.filling, len(self.filling.pieces)))
        self.filling.pieces.append(item)
        if self.filling.weight >= self.chunk_bytes or len(self.filling.pieces) >= PIECES_PER_BATCH:
            self._submit()

    def _submit(self) -> None:
        batch, self.filling = self.filling, _Batch()
        batch.future = self.client.submit(check_batch, batch.pieces, self.request, pure=False, key=_key())
        batch.left = len(batch.pieces)
        self.on_cluster.append(batch)

    def first_is_ready(self) -> bool:
        _, batch, _ = self.queue[0]
        return batch is None or batch.reports is not None or (batch.future is not None and batch.future.done())

    def take(self) -> Iterator[FileReport]:
        """The first input's report, if it was the last piece of its file."""
        item, batch, position = self.queue.popleft()
        if batch is None:
            part = item
        else:
            if batch is self.filling:
                self._submit()
            part = self._reports(batch)[position]
            batch.left -= 1
            if not batch.left:
                self.on_cluster.remove(batch)
        assert isinstance(part, FileReport)
        self.file = part if self.file is None else _join(self.file, part)
        if isinstance(item, FileReport) or item.final:
            yield _within_budget(self.file)
            self.file = None

    def _reports(self, batch: _Batch) -> list[FileReport]:
        if batch.reports is None:
            try:
                batch.reports = batch.future.result()
            except self.killed:
                batch.reports = self._after_death(batch)
            except Exception as error:
                raise ClusterError(
                    msg("the cluster failed: {kind}: {error}", kind=type(error).__name__, error=str(error))
                ) from None
            batch.future = None
        return batch.reports

    def _after_death(self, batch: _Batch) -> list[FileReport]:
        """The reports on a batch whose workers died: each piece alone again, so that only the
        record that kills workers is reported, as an internal error for its file."""
        if len(batch.pieces) == 1:
            return [_died(batch.pieces[0])]
        futures = [
            self.client.submit(check_batch, [piece], self.request, pure=False, key=_key()) for piece in batch.pieces
        ]
        reports = []
        for piece, future in zip(batch.pieces, futures, strict=True):
            try:
                reports.extend(future.result())
            except self.killed:
                reports.append(_died(piece))
        return reports

    def cancel(self) -> None:
        for batch in self.on_cluster:
            if batch.future is not None:
                batch.future.cancel()


def _join(whole: FileReport, part: FileReport) -> FileReport:
    """A file's report with its next piece's. Checking stops at an error, as in one process."""
    if whole.error or whole.usage_error:
        return whole
    whole.games.extend(part.games)
    whole.seconds.extend(part.seconds)
    whole.lines.update(part.lines)
    whole.error, whole.usage_error = part.error, part.usage_error
    return whole


def _within_budget(report: FileReport) -> FileReport:
    """The file's finding budget, applied to the whole file as one process does (pieces cannot:
    a message is said once per file, and the budget is counted over all its games)."""
    report.games = list(arbiter.within_budget(report.games))
    return report


class WorkerDied(Exception):
    """The workers checking a piece died as often as the scheduler allows."""


def _died(piece: Piece) -> FileReport:
    if piece.url is None:
        said = msg(
            "a Dask worker died each time it checked lines {first}-{last}", first=piece.start.line, last=piece.last_line
        )
    else:
        said = msg("a Dask worker died each time it checked this record")
    died = WorkerDied(said)
    return FileReport(piece.path, error=inputs.internal_error(died))


def _key() -> str:
    return f"arbiter-check-{uuid.uuid4().hex}"
