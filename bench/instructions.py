"""Instructions, not seconds: how many machine instructions a build spends reading and checking a
corpus, counted by Valgrind (cachegrind, no cache simulation). The count does not depend on the
machine's load, so two builds compare on a shared, busy machine where CPU times move by a fifth.

    python bench/instructions.py bench/out/samba-4p-300-seed1.acn --games 60 \\
        --python /work/main/build/compiled/venv/bin/python --python build/compiled/venv/bin/python

For each interpreter (each with the arbiter it imports, the current folder left off its path), three runs of a fresh process under
Valgrind: the start-up (imports, the grammar, the corpus's first game checked), then the start-up
and the first `--games` games read (`arbiter.parse`), then the start-up and the same games checked;
reading and checking are each their run less the start-up. Valgrind runs a process about fifty
times slower: a few dozen games are enough.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

RUN = """
import gc, sys
import arbiter
from arbiter.archive.inputs import BATCH_GC_THRESHOLD
gc.set_threshold(*BATCH_GC_THRESHOLD)
data = open(sys.argv[1], "rb").read()
first = data[: data.find(b"\\n[", data.find(b"\\nhand ")) + 1]
list(arbiter.check(first))
arbiter.forget()
if sys.argv[2] == "read":
    for _ in arbiter.parse(data):
        pass
elif sys.argv[2] == "check":
    for ruling in arbiter.check(data):
        assert ruling.verdict == "valid", ruling.verdict
"""

VALGRIND = ("valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null")
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def first_games(corpus: Path, games: int, out: Path) -> Path:
    """The corpus's first `games` games (they are separated by a blank line before their tags)."""
    text = corpus.read_text(encoding="utf-8")
    starts = [match.start() for match in re.finditer(r"\n\n\[", text)]
    cut = starts[games - 1] + 1 if games <= len(starts) else len(text)
    out.write_text(text[:cut], encoding="utf-8")
    return out


def instructions(python: str, corpus: Path, mode: str) -> int:
    ran = subprocess.run(
        [*VALGRIND, python, "-P", "-c", RUN, str(corpus), mode],
        capture_output=True,
        text=True,
        check=True,
    )
    found = REFS.search(ran.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count:\n{ran.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--games", type=int, default=60, help="the corpus's first games (default 60)")
    parser.add_argument("--python", action="append", default=[], help="an interpreter to count (repeatable)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "out")
    args = parser.parse_args(argv)
    pythons = args.python or [sys.executable]
    args.out.mkdir(parents=True, exist_ok=True)
    corpus = first_games(args.corpus, args.games, args.out / f"first-{args.games}-{args.corpus.name}")
    print(f"{args.corpus.name}, its first {args.games} games: millions of instructions")
    print(f"{'reading':>10} {'checking':>10} {'start-up':>10}  interpreter")
    for python in pythons:
        start = instructions(python, corpus, "start")
        read = instructions(python, corpus, "read") - start
        check = instructions(python, corpus, "check") - start
        print(f"{read / 1e6:>10,.0f} {check / 1e6:>10,.0f} {start / 1e6:>10,.0f}  {python}", flush=True)


if __name__ == "__main__":
    main()
