"""What building the arbiter's Lark parser costs a process, and what Lark's own cache of the grammar
analysis would save (docs/performance.md, "Start-up"). Each build in a fresh process, CPU time:

    python bench/grammar_load.py --runs 5

The parser is built as arbiter/notation/parsers.py builds it (LALR, contextual lexer, both start
rules, lark-cython where installed), without and with `cache=` (a file in a temporary folder,
written by the first cached run and read by the others).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BUILD = """
import json, sys, time
from lark import Lark
from arbiter.notation.parsers import _grammar
grammar = _grammar()
try:
    import lark_cython
    plugins = {"_plugins": lark_cython.plugins}
except ImportError:
    plugins = {}
cache = {"cache": sys.argv[1]} if sys.argv[1] else {}
start = time.process_time()
Lark(grammar, parser="lalr", lexer="contextual", start=["start", "action"], **cache, **plugins)
print(json.dumps(time.process_time() - start))
"""


def build_seconds(cache: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", BUILD, cache], env=env, capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        cache = str(Path(folder) / "grammar.lark-cache")
        build_seconds(cache)  # writes the cache
        plain, cached = [], []
        for _ in range(args.runs):  # interleaved: both see the same load
            plain.append(build_seconds(""))
            cached.append(build_seconds(cache))
    for name, values in (("no cache", plain), ("Lark's cache", cached)):
        print(
            f"{name}: {statistics.median(values) * 1000:.1f} ms ({min(values) * 1000:.1f} to {max(values) * 1000:.1f})"
        )


if __name__ == "__main__":
    main()
