"""The event benchmark (bench/events.py): it writes a simulated Mitchell whose every table is
certified, times `arbiter event check` on it in fresh processes, and its default is the issue's
50 tables and 8 rounds."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

from arbiter.event import load, standings

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("events_bench", ROOT / "bench" / "events.py")
assert SPEC is not None and SPEC.loader is not None
events_bench = importlib.util.module_from_spec(SPEC)
sys.modules["events_bench"] = events_bench
SPEC.loader.exec_module(events_bench)


def test_the_bench_event_has_a_record_per_table_and_round_and_every_table_is_certified(tmp_path: Path) -> None:
    path = events_bench.write_event(tmp_path, tables=3, rounds=2, deals=1, base_games=2)
    result = standings(load(path))
    assert len(result.tables) == 6 and result.complete


def test_a_small_run_times_the_check_and_reports_it(tmp_path: Path, capsys) -> None:
    out = tmp_path / "events.json"
    events_bench.main(["--tables", "3", "--rounds", "2", "--runs", "1", "--base-games", "2", "--json", str(out)])
    results = json.loads(out.read_text())
    assert results["records"] == 6 and results["cpu_seconds"]["median"] > 0
    assert results["summary"] == "tables: 6; certified: 6; not certified: 0; cards not as their boards hold them: 0"
    assert "arbiter event check: a Mitchell of 3 tables" in capsys.readouterr().out


def test_the_default_is_fifty_tables_and_eight_rounds() -> None:
    assert (events_bench.TABLES, events_bench.ROUNDS) == (50, 8)
