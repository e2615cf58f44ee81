"""Issue 55's table of figures to reach (bench/goals.py): each ratio taken against the python-chess
runs around it, the spreads over every pair and every corpus, the marks said where a family misses
them, and the positions of `legal_actions()` those bench/legal_actions.py opens. No timing is judged
here: the machine is shared."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import goals  # noqa: E402

import arbiter  # noqa: E402
from arbiter.simulate import simulate_games  # noqa: E402


def run(units: int, seconds: float) -> dict[str, float]:
    return {"units": units, "seconds": seconds, "start_up": 0.3}


def a_round(compiled_seconds: float) -> dict:
    """A round where python-chess reads 1,000 moves a second before and 3,000 after (2,000 a
    second between them) and the checks read 10,000 actions in the seconds given."""
    return {
        "chess": [run(1000, 1.0), run(3000, 1.0)],
        "runs": {
            "compiled": run(10_000, compiled_seconds),
            "compiled_cli": run(10_000, 0.5),
            "pure": run(10_000, 2.0),
            "pure_cli": run(10_000, 1.0),
            "rust": run(400_000, 1.0),
        },
    }


def test_each_check_is_paired_with_the_mean_of_the_python_chess_runs_around_it() -> None:
    figures = goals.ratios(a_round(1.0))
    assert figures["compiled"] == 5.0  # 10,000 actions a second over 2,000 moves a second
    assert figures["compiled_cli"] == 10.0
    assert figures["pure"] == 2.5 and figures["pure_cli"] == 5.0
    assert figures["validator_over_check"] == 40.0  # the check at 1/40 of the validator
    assert figures["validator_over_chess"] == 200.0


def test_a_familys_figure_spreads_over_every_pair_and_over_each_corpuss_median() -> None:
    corpora = [
        {"rounds": [{"figures": goals.ratios(a_round(s))} for s in seconds]} for seconds in ((1.0, 0.5), (0.25, 0.25))
    ]
    compiled = goals.family_figures(corpora)["compiled"]
    assert (compiled["low"], compiled["high"]) == (5.0, 20.0)  # the slowest and fastest pair
    assert (compiled["corpora_low"], compiled["corpora_high"]) == (7.5, 20.0)  # each corpus's median
    assert compiled["median"] == 15.0


def test_the_table_says_which_family_misses_which_mark() -> None:
    def family(title: str, seconds: float, p99: float) -> dict:
        corpora = [
            {"seed": 11, "games": 10, "actions": 10_000, "rounds": [{"figures": goals.ratios(a_round(seconds))}]}
        ]
        legal = {"p99_ms": p99, "max_ms": p99 * 2, "positions": 120}
        return {"title": title, "figures": goals.family_figures(corpora), "legal_actions": legal, "corpora": corpora}

    meta = {
        "command": "bench/goals.py",
        "date": "2026-12-08",
        "build": "compiled",
        "python": "3.11",
        "cpus": 2,
        "load_average": [1.0, 1.0, 1.0],
        "pairs": 1,
        "legal_games": 1,
    }
    figures = {"meta": meta, "families": {"fast": family("Fast", 0.25, 2.0), "slow": family("Slow", 1.0, 27.0)}}
    rows = {line.split(" | ")[0]: line for line in goals.table(figures).splitlines() if line.startswith("| ")}
    assert rows["| Fast"].count("(short)") == 1  # 20x compiled, 1/10 of the validator: pure at 2.5x is short
    assert "| 20.00 (20.00-20.00) |" in rows["| Fast"] and "| 2.50 (2.50-2.50) (short) |" in rows["| Fast"]
    assert "5.00 (5.00-5.00) (short)" in rows["| Slow"]  # compiled under 8x
    assert "1/40 (1/40-1/40) (short)" in rows["| Slow"]  # farther than 1/16 of the validator
    assert "27.0 ms, 54.0 ms (120 positions) (short)" in rows["| Slow"]
    assert "load average 1.00 1.00 1.00" in goals.table(figures)


def test_the_turn_starts_are_the_positions_the_legal_actions_bench_opens_one_by_one() -> None:
    quick = goals.turn_starts("hoyle", 1, seed=11)
    (game,) = simulate_games("hoyle", 2, games=1, seed=11)
    hands = game.record.hands
    assert [one.name for one in quick] == [
        f"hoyle, game 1, hand {hand.number}, turn {turn}" for hand in hands for turn in range(1, len(hand.turns) + 1)
    ]
    for one in quick[::40]:  # a few of them opened as bench/legal_actions.py opens each
        hand, turn = (int(n) for n in re.findall(r"\d+", one.name)[1:])
        theirs = arbiter.Position.from_record(game.text, hand=hand, turn=turn)
        assert one.position.legal_actions() == theirs.legal_actions()
        assert one.position.record() == theirs.record()
