"""Two runs of the benchmark side by side: `python bench/compare.py OLD.json NEW.json` (the figures
`bench/run.py` writes) prints, for each figure both runs hold, the old value, the new and the change.

The paired ratios (each family against python-chess, the archive's paths, Spanish over English)
compare across runs and machines: each was measured against its own run's reference. Actions a
second and memory are the machine's as much as the code's: compare them between runs on one machine.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

Row = tuple[str, str, float, float]  # (what, how, old, new)


def rows(old: dict[str, Any], new: dict[str, Any]) -> Iterator[Row]:
    """Every figure the two runs both hold, in the order `bench/run.py` prints them."""
    for family, runs in new.get("families", {}).items():
        for how in ("cold", "warm"):
            for unit in ("per_action", "per_byte"):
                key = f"ratio_{unit}"
                before = old.get("families", {}).get(family, {}).get(how, {}).get(key)
                if before is not None:
                    yield family, f"{how}, {unit.replace('_', ' ')}", before["median"], runs[how][key]["median"]
    old_corpora = {row["corpus"]: row for row in old.get("throughput", [])}
    for row in new.get("throughput", []):
        if (before := old_corpora.get(row["corpus"])) is not None:
            for figure in ("parse_actions_per_s", "check_actions_per_s"):
                yield row["corpus"], figure.replace("_", " ").replace(" per s", "/s"), before[figure], row[figure]
    for path in ("jobs_n", "cluster"):
        for figure in (f"speed_up_{path}", f"ratio_{path}"):
            if figure in old.get("archive", {}) and figure in new.get("archive", {}):
                yield (
                    "archive",
                    figure.replace("_", " "),
                    old["archive"][figure]["median"],
                    new["archive"][figure]["median"],
                )
    for fmt, spread in new.get("languages", {}).items():
        if fmt in old.get("languages", {}):
            yield f"--lang es, {fmt}", "Spanish over English", old["languages"][fmt]["median"], spread["median"]
    old_scale = {(row["games"], row["output"]): row for row in old.get("scale", [])}
    for row in new.get("scale", []):
        if (before := old_scale.get((row["games"], row["output"]))) is not None:
            what = f"{row['games']:,} games, {row['output']}"
            yield what, "peak RSS MiB", before["rss_kib"] / 1024, row["rss_kib"] / 1024


def change(old: float, new: float) -> str:
    return f"{(new - old) / old:+.1%}" if old else "-"


def figures(parser: argparse.ArgumentParser, path: Path) -> dict[str, Any]:
    """A run's figures, or a usage error that says why the file is not one."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        parser.error(f"{path}: {error}")
    if not isinstance(found, dict) or "date" not in found.get("meta", {}):
        parser.error(f"{path}: not the figures of bench/run.py (no meta.date)")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old", type=Path, help="the earlier run's figures (bench/out/results.json)")
    parser.add_argument("new", type=Path, help="the later run's figures")
    args = parser.parse_args()
    old, new = (figures(parser, path) for path in (args.old, args.new))
    table = Table(title=f"old: {args.old}, {old['meta']['date']}; new: {args.new}, {new['meta']['date']}")
    for column in ("figure", "", "old", "new", "change"):
        table.add_column(column, justify="left" if column in ("figure", "") else "right")
    for what, how, before, after in rows(old, new):
        table.add_row(what, how, f"{before:,.2f}", f"{after:,.2f}", change(before, after))
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
