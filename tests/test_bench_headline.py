"""The headline benchmark (bench/headline.py) measures what it says: fresh processes, the build
it names, spreads over pairs and over corpora, and anchors that read the same records. No timing
is judged here: the machine is shared."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.compiled import compiled_modules

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from corpus import write_corpus  # noqa: E402
from fresh import split_floor  # noqa: E402
from workloads import count  # noqa: E402

BUILD = "compiled" if compiled_modules() else "pure"


def spread_ok(spread: dict) -> bool:
    return 0 < spread["low"] <= spread["median"] <= spread["high"]


def test_the_quick_headline_prints_each_familys_ratio_with_its_spreads_and_the_build(tmp_path: Path) -> None:
    results = tmp_path / "headline.json"
    command = [sys.executable, str(ROOT / "bench" / "headline.py"), "--quick", "--families", "samba,hoyle"]
    command += ["--sizes", "4,6", "--out", str(tmp_path), "--json", str(results)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(results.read_text(encoding="utf-8"))
    assert figures["meta"]["build"] == BUILD and f"the arbiter ({BUILD})" in done.stdout
    assert figures["meta"]["pure_beside"] == (BUILD == "compiled")
    assert sorted(figures["families"]) == ["hoyle", "samba"]
    assert [(c["family"], c["games"]) for c in figures["corpora"]] == [
        ("samba", 4),  # every family's small corpora first
        ("hoyle", 4),
        ("samba", 6),
        ("hoyle", 6),
    ]
    for family in figures["families"].values():
        wanted = {"check", "read_of_split", "check_of_split"} | (
            {"pure", "compiled_over_pure"} if BUILD == "compiled" else set()
        )
        assert wanted <= set(family)
        for figure in family.values():
            assert spread_ok(figure["pairs"]) and spread_ok(figure["corpora"])
            assert (
                figure["pairs"]["low"]
                <= figure["corpora"]["low"]
                <= figure["corpora"]["high"]
                <= figure["pairs"]["high"]
            )
    for corpus in figures["corpora"]:
        assert len(corpus["rounds"]) == 2  # the quick run's pairs
        for round_ in corpus["rounds"]:
            assert len(round_["chess"]) == 2 and round_["runs"]["check"]["build"] == BUILD
            assert all(run["start_up"] > 0 for run in round_["runs"].values())
    for title in ("Samba: ", "Hoyle two-hand: "):
        line = next(line for line in done.stdout.splitlines() if line.startswith(title))
        assert f"{BUILD}, per action " in line and "split floor" in line
    assert f"figures written to {results}" in done.stdout

    import headline  # the tables of docs/performance.md, from the same figures

    table = headline.markdown(figures).splitlines()
    assert table[0].startswith(f"| family | {BUILD}, per action |")
    assert [row.split(" | ")[0] for row in table[2:4]] == ["| Samba", "| Hoyle two-hand"]
    anchors = table.index("") + 1
    assert table[anchors].startswith("| family | reader / split floor | check / split floor |")
    corpora = table.index("", anchors) + 1
    assert table[corpora].startswith(f"| family | games | seed | actions | {BUILD}, per action |")
    assert sum(row.startswith(("| Samba | ", "| Hoyle two-hand | ")) for row in table[corpora:]) == 4
    assert table[-1].startswith("start-up CPU of a process")

    # a run made with --no-anchors has no anchors' table, not an empty one
    plain_runs = [
        {k: v for k, v in r["runs"].items() if k not in ("read", "split", "rust")}
        for c in figures["corpora"]
        for r in c["rounds"]
    ]
    rounds = iter(plain_runs)
    without = {
        **figures,
        "corpora": [{**c, "rounds": [{**r, "runs": next(rounds)} for r in c["rounds"]]} for c in figures["corpora"]],
    }
    plain = headline.markdown(without).splitlines()
    assert plain[plain.index("") + 1].startswith(f"| family | games | seed | actions | {BUILD}, per action |")


@pytest.mark.parametrize("rules", ["caliente", "samba", "hand-and-foot", "classic", "hoyle", "modern-american"])
def test_the_split_floor_finds_the_actions_the_reader_finds(tmp_path: Path, rules: str) -> None:
    path = tmp_path / f"{rules}.acn"
    write_corpus(path, rules=rules, games=3, seed=5, jobs=1)
    actions, words = split_floor(path.read_text(encoding="utf-8"))
    assert actions == count(path).actions and words > actions


def test_a_fresh_python_chess_run_counts_the_moves_it_was_told(tmp_path: Path) -> None:
    import headline

    pgn = headline.chess_pgn(tmp_path, 5)
    told = json.loads(pgn.with_suffix(".pgn.json").read_text(encoding="utf-8"))["moves"]
    counted = headline.run_fresh("chess", pgn, ROOT, "--loops", "2", "--count-moves")
    assert counted["units"] == 2 * told and counted["seconds"] > 0


def test_the_method_comparison_prints_every_way_against_every_python_chess_way(tmp_path: Path) -> None:
    command = [sys.executable, str(ROOT / "bench" / "method.py"), "--family", "hoyle", "--games", "4"]
    done = subprocess.run(
        [*command, "--pairs", "1", "--out", str(tmp_path)], capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[1] == "arbiter \\ python-chess: own; cli; cli+count"
    for way in ("fresh, cli gc", "fresh, default gc", "warmed, then forget()"):
        row = next(line for line in lines if line.startswith(f"  {way}: "))
        assert len(row.split("; ")) == 3  # one ratio for each python-chess way
    assert any(line.startswith("  the earlier bench, in one process: ") for line in lines)
    assert f"build: {BUILD}" in lines[-1]


def test_two_runs_tables_hold_the_corpora_of_both_and_their_spreads_over_all_of_them() -> None:
    import headline

    def run(seconds: float) -> dict:
        return {"seconds": seconds, "units": 1000, "start_up": 0.1}

    def figures(size: int, pairs: int, check_seconds: list[float]) -> dict:
        rounds = [headline.Round({"check": run(s)}, [run(1.0), run(1.0)]) for s in check_seconds[:pairs]]
        corpus = headline.Corpus("samba", 1, size, Path(), 1000)
        meta = {"build": BUILD, "seeds": [1], "sizes": [size], "pairs": pairs, "load_average": [1.0, 1.0, 1.0]}
        return headline.figures_of(meta, [(corpus, rounds)], complete=True)

    small, large = figures(300, 2, [0.5, 0.25]), figures(1000, 1, [0.2])
    both = headline.merged([small, large])
    assert [corpus["games"] for corpus in both["corpora"]] == [300, 1000]
    assert both["meta"]["sizes"] == [300, 1000] and both["meta"]["pairs"] == 1
    table = headline.markdown(both).splitlines()
    samba = next(row for row in table if row.startswith("| Samba | "))
    # ratios 2, 4 (the 300-game pairs, median 3) and 5 (the 1,000-game pair): median 4 over the pairs
    assert samba.split(" | ")[1] == "4.00 [3.00-5.00] (2.00-5.00)"
    assert sum(row.startswith("| Samba | 300 |") or row.startswith("| Samba | 1,000 |") for row in table) == 2
