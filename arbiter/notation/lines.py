"""The lines of a source, decoded and bounded: the limits a record must keep (`Limits`), where a
piece of a larger source begins (`Start`), and the raw lines with the problems found reading them
(not UTF-8, too long, too large). Nothing here knows the grammar."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import astuple, dataclass
from typing import IO, Any

from ..i18n import Text, msg


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on what a record may be, so hostile input costs bounded time and memory
    (docs/notation.md, "Files"). Whatever passes a bound is a finding, never an exception."""

    max_bytes: int = 64 * 1024 * 1024
    """The size of the whole source; reading stops there."""
    max_line_chars: int = 10_000
    """The length of one line; a longer line is reported and skipped."""
    max_games: int = 100_000
    """Games read from one source; reading stops after the last one."""
    max_errors: int = 100
    """Syntax findings listed for one game; the rest are counted in one last finding."""

    # Sent to a cluster's workers: a pickle makes it again by its constructor. Compiled (setup.py),
    # a class is otherwise unpickled by setting its fields one by one, which a frozen one refuses.
    def __reduce__(self) -> tuple[type[Limits], tuple[int, ...]]:
        return Limits, astuple(self)


DEFAULT_LIMITS = Limits()


@dataclass(frozen=True, slots=True)
class Start:
    """Where a piece of a larger source begins, so that it reads exactly as it would in the
    whole: a piece cut where a game begins, with the comment and blank lines before that game,
    carries the number of its first line, the index of its first game, and how much of the
    source came before it (counted against `Limits.max_bytes`). Used to check an archive in
    pieces on several machines (arbiter_cli/cluster.py)."""

    line: int = 1
    game: int = 1
    offset: int = 0  # bytes before the piece (characters for a text source)

    def __reduce__(self) -> tuple[type[Start], tuple[int, ...]]:  # as Limits'
        return Start, astuple(self)


SOURCE_START = Start()


@dataclass(slots=True)
class LineProblem:
    """A line that could not be read as text (not UTF-8, too long, past the size limit)."""

    column: int
    code: str
    message: Text
    final: bool = False  # nothing after it can be read


Source = str | bytes | IO[str] | IO[bytes]


def raw_lines(source: Source, limits: Limits, start: Start = SOURCE_START) -> Iterator[tuple[int, str | LineProblem]]:
    """The lines of a source, each decoded and bounded, numbered from 1. Overlong lines and
    bytes that are not UTF-8 come back as problems; reading stops at the size limit."""
    stream: IO[Any]
    if isinstance(source, str):
        stream = io.StringIO(source)
    elif isinstance(source, (bytes, bytearray, memoryview)):
        stream = io.BytesIO(bytes(source))
    else:
        stream = source
    too_large = LineProblem(
        1,
        "record-too-large",
        msg("the record is larger than {size:,} bytes; the rest was not read", size=limits.max_bytes),
        True,
    )
    read = start.offset
    number = start.line - 1
    max_bytes, max_chars = limits.max_bytes, limits.max_line_chars
    cap = max_chars * 4 + 2  # enough bytes for the longest allowed line
    pieces = _blocks_split(stream, cap) if isinstance(stream, _SPLIT_IN_BLOCKS) else _read_lines(stream, cap)
    try:
        for piece, size in pieces:
            number += 1
            read += size
            if read > max_bytes:
                yield number, too_large
                return
            if type(piece) is str and len(piece) <= max_chars and number > 1:  # nearly every line
                yield number, piece.rstrip("\r")
                continue
            too_long = len(piece) >= cap
            if too_long:
                piece = piece[:cap]
            if isinstance(piece, bytes):
                try:
                    piece = piece.decode("utf-8")
                except UnicodeDecodeError as bad:
                    column = len(piece[: bad.start].decode("utf-8", "replace")) + 1
                    yield (
                        number,
                        LineProblem(
                            column,
                            "not-utf8",
                            msg(
                                "this line is not UTF-8 text (byte 0x{byte:02X} at column {column}); "
                                "save the record as UTF-8",
                                byte=piece[bad.start],
                                column=column,
                            ),
                        ),
                    )
                    continue
            text = piece.rstrip("\r")
            if too_long or len(text) > max_chars:
                yield (
                    number,
                    LineProblem(
                        limits.max_line_chars + 1,
                        "line-too-long",
                        msg(
                            "this line is longer than {limit:,} characters; write one turn per line",
                            limit=limits.max_line_chars,
                        ),
                    ),
                )
                continue
            yield number, text.lstrip("\ufeff") if number == 1 else text
    except UnicodeDecodeError:  # a text stream that is not UTF-8: nothing more can be read
        yield number + 1, LineProblem(1, "not-utf8", msg("the record is not UTF-8 text; save it as UTF-8"), True)


# Bytes and text held in memory, and binary files, are read a block at a time and split at their
# newlines: a third of the cost of a `readline` call per line. Other streams (a text stream
# decodes as it reads, and says where the text stops being UTF-8) are read a line at a time.
_SPLIT_IN_BLOCKS = (io.BytesIO, io.StringIO, io.BufferedReader)
_BLOCK = 1 << 16


def _blocks_split(stream: IO[Any], cap: int) -> Iterator[tuple[Any, int]]:
    """Each line of the stream without its newline, and how much of the stream it took (its
    newline included). A line of `cap` characters or more comes back cut to its first `cap`
    (the rest is counted, never held), so memory stays bounded whatever the line. A block of
    bytes that is all ASCII (most records) is decoded at once: its lines come back as text, each
    character a byte."""
    read = getattr(stream, "read1", stream.read)  # what is there, up to a block: a pipe is read as it comes
    newline: Any = "\n" if isinstance(stream, io.StringIO) else b"\n"  # text or bytes, as the stream gives
    head: Any = newline[:0]  # the start of a line that goes on in the next block
    skipped = 0
    ended: list[Any]
    unended: Any
    piece: Any
    while block := read(_BLOCK):
        if type(block) is bytes and block.isascii():
            *ended, unended = block.decode("ascii").split("\n")
            unended = unended.encode("ascii")  # the head stays bytes: the next block may not be ASCII
        else:
            *ended, unended = block.split(newline)
        for piece in ended:
            if head or skipped:
                if type(piece) is not type(head):
                    piece = piece.encode("ascii")
                piece, size = (head + piece)[: cap + 1], len(head) + skipped + len(piece) + 1
                head, skipped = newline[:0], 0
                yield piece, size
            else:
                yield piece, len(piece) + 1
        head += unended
        if len(head) > cap:
            skipped += len(head) - cap
            head = head[:cap]
    if head or skipped:
        yield head, len(head) + skipped


def _read_lines(stream: IO[Any], cap: int) -> Iterator[tuple[Any, int]]:
    """The same as `_blocks_split`, a line at a time (`readline`)."""
    readline = stream.readline
    while chunk := readline(cap):
        size = len(chunk)
        if size >= cap and not _ends_line(chunk):  # an overlong line: skip the rest of it
            while more := readline(cap):
                size += len(more)
                if _ends_line(more) or len(more) < cap:
                    break
        yield chunk.rstrip("\n" if isinstance(chunk, str) else b"\n"), size


def _ends_line(chunk: str | bytes) -> bool:
    return chunk.endswith("\n") if isinstance(chunk, str) else chunk.endswith(b"\n")
