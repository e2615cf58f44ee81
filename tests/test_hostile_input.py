"""Hostile input: whatever the bytes, reading a record yields findings, never a traceback or a hang.

Explicit worst cases, hypothesis properties over random text and bytes, and a fuzzer that mutates
the sample records (byte flips, insertions, deletions, line shuffles). No timing assertions: a hang
shows as a test that never ends.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter import format_source
from arbiter.notation import DEFAULT_LIMITS, Limits, ParsedGame, parse

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.acn"))


def read(source, limits: Limits = DEFAULT_LIMITS) -> list[ParsedGame]:
    """Read every game, and check each finding is one a person can act on."""
    games = list(parse(source, limits))
    assert games
    for game in games:
        for finding in game.findings:
            assert finding.code != "internal-error", finding.message
            assert finding.line >= 1 and finding.column >= 1
            assert finding.message and finding.message.isprintable(), finding.message
    return games


def codes(games: list[ParsedGame]) -> list[str]:
    return [f.code for g in games for f in g.findings]


def test_nul_bytes() -> None:
    games = read(b'\x00\x00[Event "x"]\nhand 1 dealer a\x00\n\x00')
    assert codes(games) == ["syntax-error"] * 3
    assert "U+0000" in games[0].findings[0].message


def test_invalid_utf8_is_one_finding_per_line() -> None:
    games = read(b'\xff\xfe[Event "x"]\n\x80abc\n[Rules "samba"]\n\xed\xa0\x80\n')
    assert codes(games) == ["not-utf8", "not-utf8", "not-utf8"]
    assert games[0].game.tag("rules") == "samba"
    assert [f.line for f in games[0].findings] == [1, 2, 4]


def test_a_text_stream_that_cannot_be_decoded() -> None:
    stream = io.TextIOWrapper(io.BytesIO(b'[Event "x"]\n\xff\n'), encoding="utf-8")
    assert "not-utf8" in codes(read(stream))


def test_lone_surrogates_in_text() -> None:
    assert codes(read('ann: draw \ud800\n[Event "\udfff"]\n')) == ["syntax-error"]


def test_a_ten_megabyte_line() -> None:
    assert codes(read(b"ann: draw " + b"7 " * 5_000_000)) == ["line-too-long"]
    assert codes(read("x" * 10_000_000 + "\nfoo\n")) == ["line-too-long", "syntax-error"]


def test_a_hundred_thousand_nested_braces() -> None:
    braces = "{" * 100_000 + "}" * 100_000
    assert codes(read(braces)) == ["line-too-long"]
    assert codes(read(braces, Limits(max_line_chars=1_000_000))) == ["syntax-error"]


def test_deep_nesting_of_brackets() -> None:
    nested = "ann: meld " + "[" * 4_000 + "7 7 7" + "]" * 4_000
    assert codes(read(nested)) == ["syntax-error"]
    assert codes(read("[" * 4_900 + "]" * 4_900)) == ["syntax-error"]


def test_a_hundred_thousand_lines_of_brackets() -> None:
    games = read("[\n" * 100_000)
    assert len(games) == 1
    assert len(games[0].findings) == DEFAULT_LIMITS.max_errors + 1
    assert games[0].findings[-1].code == "too-many-errors"


def test_very_many_games() -> None:
    games = read('[A "b"]\nhand 1 dealer a\n' * 20_000, Limits(max_games=10_000))
    assert len(games) == 10_001 and codes(games) == ["too-many-games"]


def test_very_many_empty_games_cost_one_game_each() -> None:
    assert len(read('[A "b"]\nhand 1 dealer a\n' * 5_000)) == 5_000


def test_huge_numbers() -> None:
    digits = "1" * 5_000
    source = f"hand {digits} dealer a\nscore a {digits}\nstock {digits} cards\nann: add [Q] to Q#{digits}\n"
    assert codes(read(source)) == ["syntax-error"] * 4


def test_every_single_byte_on_its_own_line() -> None:
    read(b"\n".join(bytes([b]) for b in range(256)))
    read(bytes(range(256)))


def test_the_size_limit_stops_reading() -> None:
    games = read(b'[A "b"]\n' * 1_000, Limits(max_bytes=1_000))
    assert codes(games) == ["record-too-large"]


def test_formatting_hostile_input_never_raises() -> None:
    for source in (b"\x00\xff\n[\n{{{", "[" * 20_000, "ann: " + "[" * 5_000, '[A "b"]\nhand 1 dealer a\n' * 50):
        text, findings = format_source(source)
        assert isinstance(text, str) and isinstance(findings, list)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_random_text_never_raises(text: str) -> None:
    read(text)
    format_source(text)


@settings(max_examples=300, deadline=None)
@given(st.binary())
def test_random_bytes_never_raise(data: bytes) -> None:
    read(data)
    format_source(data)


NOTATION_PIECES = st.sampled_from(
    [
        *'[]{}:;,+-#"\\ \t\n\r',
        *("hand", "deal", "dealer", "up", "take", "with", "onto", "and", "meld", "add", "to", "draw", "discard"),
        *("score", "total", "position", "hold", "table", "pile", "stock", "cards", "ann", "ann+cid"),
        *("7", "10", "Q", "X", "B", "S", "2", "R3", "JK", "5-9", "Q#2", "\u00a0", "\x00", "é", "9" * 12),
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(NOTATION_PIECES, max_size=40).map(" ".join))
def test_random_notation_like_text_never_raises(text: str) -> None:
    read(text)
    again, _ = format_source(format_source(text)[0])
    assert again == format_source(text)[0]


# --- fuzzing the samples --------------------------------------------------------------------------


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to four random edits of a record: flips, insertions, deletions, line shuffles."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        at = rng.randrange(len(buf) + 1)
        if kind == 0 and buf:  # flip a bit
            i = min(at, len(buf) - 1)
            buf[i] ^= 1 << rng.randrange(8)
        elif kind == 1:  # insert a random byte or a piece of notation
            piece = rng.choice([bytes([rng.randrange(256)]), b"[", b"]", b"{", b",", b":", b" X ", b"\n", b"\xc3"])
            buf[at:at] = piece
        elif kind == 2:  # delete a span
            del buf[at : at + rng.randint(1, 12)]
        elif kind == 3:  # duplicate a span
            buf[at:at] = buf[at : at + rng.randint(1, 40)]
        else:  # shuffle or drop lines
            lines = bytes(buf).split(b"\n")
            if kind == 4:
                rng.shuffle(lines)
            elif lines:
                del lines[rng.randrange(len(lines))]
            buf = bytearray(b"\n".join(lines))
    return bytes(buf)


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_fuzzed_samples_never_raise(path: Path) -> None:
    original = path.read_bytes()
    rng = random.Random(path.name)  # the same mutants every run
    for _ in range(120):
        mutant = mutate(original, rng)
        read(mutant)
        text, _ = format_source(mutant)
        if b"\xc3" not in mutant and mutant.isascii():  # text that is UTF-8 reformats to itself
            assert format_source(text)[0] == text
