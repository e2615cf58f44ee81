"""The summary-only archive's benchmark (bench/summaries.py): it builds an archive of score sheets of
every family from simulated games, every game of it valid, and reports hands per second."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("summaries_bench", ROOT / "bench" / "summaries.py")
assert SPEC is not None and SPEC.loader is not None
summaries = importlib.util.module_from_spec(SPEC)
sys.modules["summaries_bench"] = summaries  # dataclasses look their module up while it runs
SPEC.loader.exec_module(summaries)


def test_the_archive_repeats_the_sheets_as_games_of_their_own_up_to_the_hands_asked() -> None:
    base = summaries.base_sheets("hoyle", 2)
    item = summaries.archive("hoyle", 20, base)
    assert item.hands >= 20 and item.text.count("\nhand ") + item.text.startswith("hand ") == item.hands
    assert item.text.count('[Event "bench ') == item.games


def test_a_small_run_reports_every_family_and_the_whole_archive(tmp_path: Path, capsys) -> None:
    out = tmp_path / "summaries.json"
    summaries.main(["--hands", "60", "--runs", "1", "--base-games", "1", "--json", str(out)])
    results = json.loads(out.read_text())
    assert set(results["families"]) == set(summaries.FAMILIES)
    assert results["archive"]["hands"] >= 60
    assert all(f["warm"]["hands_per_second"] > 0 for f in results["families"].values())
    assert "whole archive" in capsys.readouterr().out


def test_the_default_archive_is_a_hundred_thousand_hands() -> None:
    assert summaries.HANDS == 100_000
