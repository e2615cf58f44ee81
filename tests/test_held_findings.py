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
