"""Issue 60: a score-only record of thousands of broken hands costs memory bounded by what a game's
ruling holds, not by its length (once about 185 times its size on the command line).

A game's ruling holds at most about twice HELD_GAME_FINDINGS findings while it is judged: the
first ones and the first of each code met later; the rest are counted, so that its verdict, its
kinds of problem and its counts of errors stay exact.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import arbiter
from arbiter.rulings.finding_budget import HELD_GAME_FINDINGS

TAGS = '[Event "Sheets"]\n[Rules "caliente"]\n[Seats "eve fay gus hal"]\n[Teams "eve+gus fay+hal"]\n\n'
MEMORY_CAP = 1024 * 1024 * 1024


def score_only(hands: int) -> str:
    """A record of `hands` hands, each only its dealer and its score (two errors a hand: no deal,
    and the deal not passed on)."""
    return TAGS + "".join(
        f"hand {n} dealer hal\nscore eve+gus {420 * n} fay+hal {1590 * n}\n" for n in range(1, hands + 1)
    )


def test_a_game_of_thousands_of_broken_hands_holds_a_bounded_number_of_findings() -> None:
    hands = 3 * HELD_GAME_FINDINGS
    (ruling,) = arbiter.check(score_only(hands))
    assert len(ruling.findings) <= 2 * HELD_GAME_FINDINGS + 50
    assert ruling.errors == 2 * hands - 1  # every finding still counted
    assert {f.code for f in ruling.findings} == {"deal-size", "dealer-order"}
    assert ruling.verdict is arbiter.Verdict.ILLEGAL


def test_the_command_line_counts_every_error_of_a_long_score_only_record(tmp_path: Path) -> None:
    record = tmp_path / "sheets.acn"
    record.write_text(score_only(3 * HELD_GAME_FINDINGS), encoding="utf-8")
    done = subprocess.run(
        [str(Path(sys.executable).parent / "arbiter"), "check", str(record)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_COLOR": "1"},
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP)),
    )
    assert done.returncode == 1, done.stderr[-2000:]
    assert f"{2 * 3 * HELD_GAME_FINDINGS - 1} errors" in done.stdout


# A long valid score-only game: each side goes out in turn with a canasta, and the other is left
# with as many points, so the totals never reach the target and every hand is judged and scored.
SHEET_DEALERS = ("hal", "eve", "fay", "gus")
SHEET_MEMORY_CAP = 155 * 1024 * 1024
"""Below what checking LONG_SHEET_HANDS cost before its ruling kept only what it reports (179 MiB
of address space), above what it costs now (131 MiB)."""
LONG_SHEET_HANDS = 60_000  # a record of 5.6 MB


def long_score_sheet(hands: int) -> str:
    def hand(n: int) -> str:
        out, left = ("eve+gus", "fay+hal") if n % 2 else ("fay+hal", "eve+gus")
        return (
            f"hand {n} dealer {SHEET_DEALERS[(n - 1) % 4]}\n"
            f"summary {out} mixed 1 melded 50 out\nsummary {left} melded 0 left 450\n"
        )

    return TAGS + "".join(hand(n) for n in range(1, hands + 1))


def test_a_long_valid_score_sheet_is_checked_in_memory_far_below_its_record_times_thirty(tmp_path: Path) -> None:
    record = tmp_path / "sheet.acn"
    record.write_text(long_score_sheet(LONG_SHEET_HANDS), encoding="utf-8")
    done = subprocess.run(
        [str(Path(sys.executable).parent / "arbiter"), "check", str(record)],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "NO_COLOR": "1"},
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (SHEET_MEMORY_CAP, SHEET_MEMORY_CAP)),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"\n    {LONG_SHEET_HANDS}     -450      450\n" in done.stdout
    assert "game 1 (line 1, caliente): valid" in done.stdout
