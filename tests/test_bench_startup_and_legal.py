"""bench/startup.py and bench/legal_actions.py run end to end and write their figures in the
documented shape (no timing is judged here: the machine is shared)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(script: str, *arguments: str, out: Path) -> dict:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *arguments, "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT / "bench",
    )
    assert done.returncode == 0, done.stderr
    return json.loads(out.read_text(encoding="utf-8"))


def test_the_startup_bench_pairs_each_command_with_the_interpreters_start(tmp_path):
    figures = run("startup.py", "--pairs", "2", out=tmp_path / "startup.json")
    assert set(figures) == {"arbiter --version", "arbiter check (one record)"}
    for spreads in figures.values():
        assert set(spreads) == {"own_cpu", "own_wall", "cpu", "wall"}
        assert all(len(spread["values"]) == 2 for spread in spreads.values())


def test_the_legal_actions_bench_names_each_familys_slowest_position(tmp_path):
    figures = run("legal_actions.py", "--seeds", "1", "--steps", "3", "--pairs", "1", out=tmp_path / "legal.json")
    assert set(figures) == {"caliente", "samba", "hand-and-foot", "classic", "hoyle", "modern-american"}
    for family, figure in figures.items():
        assert figure["positions"] >= 1 and figure["p50_ms"] <= figure["p99_ms"] <= figure["max_ms"]
        assert figure["slowest"].startswith(f"{family}, seed 1, action ")
        assert len(figure["calls_per_s_over_chess_positions_per_s"]["values"]) == 1
