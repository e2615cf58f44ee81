"""The benchmark's quick mode (bench/run.py --quick) runs end to end and writes every figure the
full run does, in the documented shape (no timings are judged here: the machine is shared)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from arbiter.compiled import compiled_modules

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = ("caliente", "samba", "hand_and_foot", "classic", "hoyle", "modern_american")
FORMATS = ("library", "text", "json", "sarif", "junit")


def spread_ok(spread: dict, runs: int) -> bool:
    values = spread["values"]
    return len(values) == runs and spread["low"] == min(values) <= spread["median"] <= max(values) == spread["high"]


def test_the_quick_bench_writes_paired_ratios_archive_rounds_and_the_scaling_table(tmp_path):
    results = tmp_path / "figures.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py"), "--quick", "--out", str(tmp_path), "--json", str(results)],
        capture_output=True,
        text=True,
        timeout=1800,  # a hang guard only: the headline adds fresh processes to the quick run
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"figures written to {results}" in done.stdout.replace("\n", "")
    assert "per action" in done.stdout and "per byte" in done.stdout and "bytes of PGN per move" in done.stdout
    figures = json.loads(results.read_text(encoding="utf-8"))
    pairs = figures["meta"]["pairs"]
    assert pairs == 2 and figures["meta"]["quick"] is True and figures["complete"] is True
    assert figures["meta"]["compiled"] == sorted(compiled_modules())  # what was measured: the build tested
    build = "compiled" if compiled_modules() else "pure"
    assert figures["meta"]["build"] == figures["headline"]["meta"]["build"] == build
    assert f"the arbiter ({build}) against python-chess" in done.stdout  # the headline, printed first
    assert done.stdout.index("the headline") < done.stdout.index("in one process (not the headline")
    assert sorted(figures["headline"]["families"]) == sorted(FAMILIES)
    for family in figures["headline"]["families"].values():
        assert (
            0
            < family["check"]["corpora"]["low"]
            <= family["check"]["pairs"]["median"]
            <= family["check"]["pairs"]["high"]
        )

    assert sorted(figures["families"]) == sorted(FAMILIES)
    for family in figures["families"].values():
        for how in ("cold", "warm"):
            for figure in ("ratio_per_action", "ratio_per_byte", "arbiter_actions_per_s", "chess_moves_per_s"):
                assert spread_ok(family[how][figure], pairs), (how, figure)
            assert all(ratio > 0 for ratio in family[how]["ratio_per_action"]["values"])

    corpora = {row["corpus"].split("-12-")[0] for row in figures["throughput"]}
    assert {"caliente-4p", "samba-4p", "hand-and-foot-4p", "classic-4p", "hoyle-2p", "modern-american-4p"} <= corpora
    assert "caliente-2p" in corpora
    assert all(row["parse_actions_per_s"] > 0 and row["bytes_per_action"] > 5 for row in figures["throughput"])

    archive = figures["archive"]
    assert len(archive["seconds"]["chess"]) == pairs + 1
    for path in ("jobs_1", "jobs_n", "cluster"):
        assert len(archive["seconds"][path]) == pairs
        assert spread_ok(archive[f"speed_up_{path}"], pairs) and spread_ok(archive[f"ratio_{path}"], pairs)
    assert archive["speed_up_jobs_1"]["values"] == [1.0] * pairs
    assert archive["cluster_start_up_s"] > 0 and archive["client_games_per_s"] > 0

    languages = figures["languages"]
    assert sorted(languages) == ["json", "text"]
    assert all(spread_ok(languages[fmt], pairs) and min(languages[fmt]["values"]) > 0 for fmt in languages)
    assert "Spanish time over English" in done.stdout.replace("\n", "")

    sizes = sorted({row["games"] for row in figures["scale"]})
    assert sizes == [12, 48]
    assert sorted((row["games"], row["output"]) for row in figures["scale"]) == sorted(
        (games, output) for games in sizes for output in FORMATS
    )
    assert all(row["rss_kib"] > 1024 and row["seconds"] > 0 for row in figures["scale"])
    assert figures["api_ms"]["requests"] == 20 and figures["api_ms"]["median"] > 0

    compared = _compare(results, results)
    assert compared.returncode == 0, compared.stderr
    for family in FAMILIES:
        assert re.search(rf"{family} +│ cold, per action +│ +[\d.]+ │ +[\d.]+ │ +\+0\.0% │", compared.stdout), family
    assert "48 games, json" in compared.stdout and "Spanish over English" in compared.stdout


def _compare(old: Path, new: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(ROOT / "bench" / "compare.py"), str(old), str(new)]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def test_comparing_a_file_that_is_not_a_runs_figures_says_so(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text("[1, 2]", encoding="utf-8")
    compared = _compare(other, tmp_path / "missing.json")
    assert compared.returncode == 2 and "not the figures of bench/run.py" in compared.stderr
    assert "Traceback" not in compared.stderr


def test_a_commands_peak_memory_is_its_own_not_the_benchs_that_started_it() -> None:
    # Linux keeps a process's peak RSS across exec: a command forked by a large process would
    # report at least that process's size. The scaling table must show the command's own.
    sys.path.insert(0, str(ROOT / "bench"))
    import scaling

    held = bytearray(256 * 1024 * 1024)
    held[::4096] = b"\1" * len(held[::4096])  # touched: resident in this process
    run = scaling.measured([sys.executable, "-c", "pass"])
    assert run.rss_kib < 128 * 1024 and len(held)
