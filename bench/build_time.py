"""How long the compiled build takes: the wheel `make compiled` builds, from the tree of each
commit given, one after the other, wall time and the machine's load average before and after.

    python bench/build_time.py df5bd14 HEAD        # before and after setup.py's split build
    python bench/build_time.py HEAD --jobs 1       # the split build with one compiler at a time

Each build runs `pip wheel` with ARBITER_COMPILE=yes (as the Makefile's `compiled` target does)
in a copy of the commit's tree under bench/out/build-time/ (git archive), so the checkout is never
touched; the wheels are thrown away. The build's own processes are children of this one: the CPU
time of all of them is printed beside the wall time. On a shared machine the wall time depends on
the load; the CPU time does not, much.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tarfile
import time
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build(commit: str, work: Path, jobs: int | None) -> dict[str, object]:
    tree = work / commit
    shutil.rmtree(tree, ignore_errors=True)
    tree.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(tree, filter="data")
    env = {**os.environ, "ARBITER_COMPILE": "yes"}
    env.pop("PYTHONPATH", None)
    if jobs is not None:
        env["ARBITER_COMPILE_JOBS"] = str(jobs)
    before, cpu, start = load(), children_cpu(), time.perf_counter()
    wheel = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tree / "wheel"), "."]
    subprocess.run(wheel, cwd=tree, env=env, check=True)
    wall, cpu = time.perf_counter() - start, children_cpu() - cpu
    shutil.rmtree(tree, ignore_errors=True)
    return {"commit": commit, "jobs": jobs, "wall": wall, "cpu": cpu, "load_before": before, "load_after": load()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("commits", nargs="+", help="commits to build, one after the other")
    parser.add_argument("--jobs", type=int, help="ARBITER_COMPILE_JOBS for every build (default: unset)")
    parser.add_argument("--out", type=Path, default=HERE / "out" / "build-time", help="where the trees are copied")
    args = parser.parse_args(argv)
    print(f"{'commit':<10} {'wall':>8} {'CPU':>8}  load average before -> after")
    for commit in args.commits:
        found = build(commit, args.out, args.jobs)
        print(
            f"{commit:<10} {found['wall']:>7.0f}s {found['cpu']:>7.0f}s  "
            f"{found['load_before']} -> {found['load_after']}",
            flush=True,
        )


if __name__ == "__main__":
    main()
