"""The lines of a source read a block at a time (bytes, text and binary files in memory) are the
lines read a line at a time (`readline`, as any other stream is read): the same text, the same
problems (not UTF-8, too long, too large) at the same line numbers, whatever the blocks' size."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.notation import Limits, Start
from arbiter.notation import lines as lines_module
from arbiter.notation.lines import raw_lines


class _LineByLine:
    """A stream that only offers `readline`: read the way every other stream is."""

    def __init__(self, data: bytes | str) -> None:
        self.stream: Any = io.BytesIO(data) if isinstance(data, bytes) else io.StringIO(data)

    def readline(self, size: int = -1) -> Any:
        return self.stream.readline(size)


@contextmanager
def _blocks_of(size: int) -> Iterator[None]:
    saved = lines_module._BLOCK
    lines_module._BLOCK = size
    try:
        yield
    finally:
        lines_module._BLOCK = saved


def _read(source: Any, limits: Limits, start: Start) -> list[tuple[int, Any]]:
    return [
        (number, item if isinstance(item, str) else (item.column, item.code, str(item.message), item.final))
        for number, item in raw_lines(source, limits, start)
    ]


_PARTS = st.sampled_from([b"a", b"bc", b"\n", b"\r", b"\r\n", b"\xff", b"\xc3\xa9", b"\xe2\x82", b"\xef\xbb\xbf", b" "])


@settings(max_examples=300)
@given(
    parts=st.lists(_PARTS, max_size=40),
    block=st.integers(1, 9),
    max_line_chars=st.integers(1, 4),
    max_bytes=st.integers(1, 60),
    offset=st.integers(0, 5),
)
def test_lines_read_in_blocks_are_the_lines_read_one_at_a_time(parts, block, max_line_chars, max_bytes, offset):
    data = b"".join(parts)
    limits = Limits(max_bytes=max_bytes, max_line_chars=max_line_chars)
    start = Start(line=3, offset=offset)
    expected = _read(_LineByLine(data), limits, start)
    with _blocks_of(block):
        assert _read(data, limits, start) == expected
        assert _read(io.BufferedReader(io.BytesIO(data)), limits, start) == expected  # type: ignore[arg-type]
        text = data.decode("utf-8", "replace")
        assert _read(text, limits, start) == _read(_LineByLine(text), limits, start)


def test_a_huge_line_is_counted_not_held() -> None:
    limits = Limits(max_line_chars=10)
    with _blocks_of(4):
        read = _read(b"ok\n" + b"x" * 1000 + b"\nlast", limits, Start())
    assert [(number, item if isinstance(item, str) else item[1]) for number, item in read] == [
        (1, "ok"),
        (2, "line-too-long"),
        (3, "last"),
    ]
