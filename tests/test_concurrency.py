"""Reading and judging records from many threads at once gives the rulings one thread gives.

A library user, `flask run` (threaded) and a threaded gunicorn worker all read records in
threads that share the reader's memories and its parsers. The records are simulated games with a
wrongly declared score, read before any line is remembered, so most lines go through the parser
itself (where per-call state used to be shared) and every ruling carries a finding whose line
and column must come out right.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import arbiter
from arbiter.notation import forget_lines
from arbiter.simulate import simulate

THREADS = 8
FIRST_SCORE = re.compile(r"^(score \S+ )(-?\d+)", re.MULTILINE)


def _wrong_score(record: str) -> str:
    """The record with its first declared score 5 points off."""
    return FIRST_SCORE.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + 5}", record, count=1)


@pytest.fixture(scope="module")
def records() -> list[str]:
    games = [_wrong_score(text) for text in simulate("caliente", 4, games=40, hands=2, seed=20)]
    games += [_wrong_score(text) for text in simulate("caliente", 3, games=8, hands=1, seed=21)]
    games.append('[Rules "caliente"]\nhand 1 dealer ann\nann draw 8 ; no colon\nbob: draw 9, discard 4 {a note}\n')
    return games


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Threads switch as often as the interpreter allows, so interleavings are many."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


def _rulings(record: str) -> list[dict[str, Any]]:
    return [ruling.to_dict() for ruling in arbiter.check(record)]


def test_the_records_each_get_a_score_finding() -> None:
    forget_lines()
    record = _wrong_score(next(simulate("caliente", 4, games=1, hands=1, seed=20)))
    (ruling,) = arbiter.check(record)
    assert [f.code for f in ruling.findings] == ["score-mismatch"]
    assert ruling.findings[0].line > 1


def test_eight_threads_reading_cold_give_the_rulings_one_thread_gives(records, busy_switching) -> None:
    forget_lines()
    alone = [_rulings(record) for record in records]
    for _ in range(3):
        forget_lines()  # before any line is remembered: the parsers do the reading
        with ThreadPoolExecutor(THREADS) as pool:
            together = list(pool.map(_rulings, records))
        for record, single, concurrent in zip(records, alone, together, strict=True):
            assert concurrent == single, f"a ruling changed when read in threads:\n{record[:200]}"


def test_threads_reading_each_line_alone_agree_with_one_thread(records, busy_switching) -> None:
    lines = sorted({line for record in records for line in record.splitlines()})
    forget_lines()
    alone = {line: _read_line(line) for line in lines}
    forget_lines()
    with ThreadPoolExecutor(THREADS) as pool:
        together = dict(zip(lines, pool.map(_read_line, lines), strict=True))
    assert together == alone


def _read_line(text: str) -> Any:
    from arbiter.notation import NotationError, parse_line

    try:
        return parse_line(text, line=7)
    except NotationError as error:
        return ("error", error.column, error.code, error.message)
