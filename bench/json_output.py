"""What writing the JSON output costs: the reports of the samples (and of any corpus named) written
the way `arbiter check --format json` writes them, against `json.dumps(indent=2)` and against
json's C encoder without indentation, in CPU time (docs/performance.md, "The JSON output").

    python bench/json_output.py                        # the samples' reports, 5 passes
    python bench/json_output.py bench/out/samba-4p-300-seed1.acn --passes 3
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arbiter.archive import inputs  # noqa: E402
from arbiter.rulings.jsontext import dumps_indented  # noqa: E402

WRITERS: dict[str, Callable[[Any], str]] = {
    "json.dumps(indent=2)": lambda value: json.dumps(value, indent=2, ensure_ascii=False),
    "arbiter.rulings.jsontext": dumps_indented,
    "json.dumps, C encoder, no indent": lambda value: json.dumps(value, ensure_ascii=False),
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", default=[str(ROOT / "samples")])
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args(argv)
    tasks = inputs.collect(tuple(args.paths), lambda: b"")
    documents = [report.to_dict() for report in inputs.run(tasks, None, 1)]
    if any(dumps_indented(d) != WRITERS["json.dumps(indent=2)"](d) for d in documents):
        raise SystemExit("the writers disagree")  # tests/test_jsontext.py holds them equal
    seconds = {}
    for name, write in WRITERS.items():
        start = time.process_time()
        for _ in range(args.passes):
            for document in documents:
                write(document)
        seconds[name] = time.process_time() - start
    base = seconds["json.dumps(indent=2)"]
    print(f"{len(documents)} reports, {args.passes} passes, CPU time:")
    for name, spent in seconds.items():
        print(f"  {name}: {spent:.3f} s ({base / spent:.1f} times as fast as json.dumps(indent=2))")


if __name__ == "__main__":
    main()
