"""The reader's memories are bounded in bytes as well as in count: a line or an action longer than
MEMORABLE_CHARS is read afresh each time and never remembered, so a stream of long distinct lines
cannot pin memory (issue 26)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from arbiter import notation
from arbiter.notation import MEMORABLE_CHARS, forget_lines, parse_line, remembered


def _remembered() -> list[str]:
    """Every text the reader remembers, in any of its memories."""
    return [text for texts in remembered().values() for text in texts]


def _longest_remembered() -> int:
    return max(map(len, _remembered()), default=0)


@pytest.fixture(autouse=True)
def cold() -> Iterator[None]:
    forget_lines()
    yield
    forget_lines()


def _long_meld(n: int) -> str:
    cards = " ".join(["7"] * (MEMORABLE_CHARS // 2 + n % 7))
    return f"ann: draw 8, meld [{cards}], discard {4 + n % 5}"


def test_long_lines_read_twice_are_read_alike_and_never_remembered() -> None:
    line = _long_meld(1)
    assert len(line) > MEMORABLE_CHARS
    first, _ = parse_line(line, 3)
    second, _ = parse_line(line, 9)
    assert first is not None and second is not None
    assert (first.player, len(first.actions)) == (second.player, len(second.actions))
    assert second.line == 9
    assert 0 < _longest_remembered() <= MEMORABLE_CHARS  # the short actions (draw, discard) only


def test_long_junk_lines_are_explained_each_time_and_never_remembered() -> None:
    junk = "x" * (MEMORABLE_CHARS + 10) + " ; junk"
    for line in (1, 2):
        with pytest.raises(notation.NotationError):
            parse_line(junk, line)
    assert _remembered() == []


def test_short_lines_that_recur_are_still_remembered() -> None:
    for line in (1, 2, 3):
        parse_line("bob: draw 8, discard 8", line)
        with pytest.raises(notation.NotationError):
            parse_line("bob draw 8", line)
    memories = remembered()
    assert "bob draw 8" in memories["not notation"] and "draw 8" in memories["actions"]


def test_a_full_memory_of_turn_lines_forgets_the_lines_only_counted_and_keeps_their_makers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("arbiter.notation.reading.LINE_CACHE_SIZE", 8)
    for line in (1, 2, 3, 4):  # read often enough to get a maker of the whole turn
        parse_line("bob: draw 8, discard 8", line)
    assert remembered()["turn lines with a maker"] == ["bob: draw 8, discard 8"]
    cards = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    for n in range(20):  # lines read once fill the memory, again and again
        parse_line(f"ann: draw {cards[n % 11]}, discard {cards[n // 11]}", 10 + n)
    assert remembered()["turn lines with a maker"] == ["bob: draw 8, discard 8"]
    assert len(remembered()["turn lines"]) <= 8
    turn, _ = parse_line("bob: draw 8, discard 8", 40)
    assert turn is not None and turn.line == 40 and [a.line for a in turn.actions] == [40, 40]
