"""`make bench`'s random playouts (bench/playouts.py): hands dealt and played to their end through
the public API only, timed in CPU time. Here one hand per table, one run: that it plays, and
reports."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
SPEC = importlib.util.spec_from_file_location("playouts", ROOT / "bench" / "playouts.py")
assert SPEC is not None and SPEC.loader is not None
playouts = importlib.util.module_from_spec(SPEC)
sys.modules["playouts"] = playouts  # dataclasses look their module up while it runs
SPEC.loader.exec_module(playouts)


def test_make_bench_runs_the_playouts() -> None:
    bench = (ROOT / "Makefile").read_text(encoding="utf-8").split("\nbench:")[1].split("\n\n")[0]
    assert "bench/playouts.py" in bench


def test_every_family_and_the_largest_tables_are_played_out() -> None:
    rules = {table.rules for table in playouts.TABLES}
    assert rules == {"caliente", "samba", "hand-and-foot", "classic", "hoyle", "modern-american"}
    six = next(table for table in playouts.TABLES if len(table.seats) == 6)
    assert six.options == {"three-packs": True}


@pytest.mark.parametrize("key", ["hoyle-2p", "caliente-6p-3packs", "modern-american-4p"])
def test_a_playout_plays_a_dealt_hand_to_its_end(key: str) -> None:
    table = next(table for table in playouts.TABLES if table.key == key)
    assert playouts.play_out(table, seed=3) > 0


def test_the_report_gives_positions_per_second_with_the_spread(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    figures = tmp_path / "playouts.json"
    assert playouts.main(["--table", "hoyle-2p", "--hands", "1", "--runs", "2", "--json", str(figures)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("random playouts through arbiter.Position: 1 hand(s) per table, 2 runs, CPU time")
    assert "Hoyle two-hand" in printed[1] and "positions/s" in printed[1] and "spread" in printed[1]
    (row,) = json.loads(figures.read_text())
    assert row["table"] == "hoyle-2p" and len(row["runs"]) == 2 and row["positions"] > 0
    assert min(row["runs"]) <= row["positions_per_second"] <= max(row["runs"])


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SystemExit):
        playouts.main(["--runs", "0"])
