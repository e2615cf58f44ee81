"""Memory at scale: peak RSS and time of the library and of `arbiter check` over growing archives.

An archive of N games is the corpus's files of 25 games repeated until it holds N games, each
copy under its own name; the copies are hard links (no disk space), made once and kept under
bench/out (git-ignored) while they exist. Repeated games read a little faster than new ones (the
reader remembers their lines), which favours the times, not the memory.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Run:
    seconds: float  # wall time
    rss_kib: int  # the peak RSS of the largest process of the run (the command or one of its workers)


def repeated_archive(files: list[Path], games_per_file: int, games: int, into: Path) -> Path:
    """A folder of `games` games: copies of `files` (hard links where the file system allows)."""
    folder = into / f"scale-{games}"
    wanted = max(1, games // games_per_file)
    done = folder / ".complete"
    if done.exists():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for number in range(wanted):
        source = files[number % len(files)]
        target = folder / f"copy-{number // len(files):04}-{source.name}"
        try:
            os.link(source, target)
        except OSError:  # a file system without hard links
            shutil.copyfile(source, target)
    done.touch()
    return folder


# Linux keeps a process's peak RSS across exec, so a command forked by the bench (which holds the
# corpora, some 120 MiB) would report at least the bench's size: every 1,000-game run read 121 MiB.
# A small launcher starts the command instead and reports what wait4 says of it; the launcher's own
# size (about 10 MiB) is then the floor, below any run of the arbiter.
LAUNCHER = """
import os, sys, time
start = time.perf_counter()
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ,
                     file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)])
_, status, usage = os.wait4(pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def measured(command: list[str]) -> Run:
    """Run `command` to the end, its output discarded; its wall time and peak RSS (wait4 reports
    the largest of the process and the children it waited for), measured by a small launcher."""
    with tempfile.TemporaryFile() as err:
        launched = subprocess.run(
            [sys.executable, "-c", LAUNCHER, *command], stdout=subprocess.PIPE, stderr=err, text=True, check=True
        )
        seconds, rss_kib, code = launched.stdout.split()
        if int(code) != 0:
            err.seek(0)
            message = err.read(2000).decode("utf-8", "replace")
            raise SystemExit(f"{' '.join(command)} failed ({code}): {message}")
    return Run(float(seconds), int(rss_kib))


def check_command(folder: Path, output_format: str, jobs: int) -> list[str]:
    arbiter = Path(sys.executable).parent / "arbiter"
    return [str(arbiter), "check", "--format", output_format, "--jobs", str(jobs), str(folder)]


def cluster_command(folder: Path, output_format: str, workers: int) -> list[str]:
    """`arbiter check` on a Dask cluster of `workers` processes started for the run."""
    arbiter = Path(sys.executable).parent / "arbiter"
    return [str(arbiter), "check", "--format", output_format, "--scheduler", f"local:{workers}", str(folder)]


def library_run(folder: Path) -> Run:
    """A fresh process checking every game of the folder with `arbiter.check`, file by file,
    keeping nothing."""
    code = (
        "import sys, pathlib\n"
        f"sys.path.insert(0, {str(HERE.parent)!r})\n"
        "import arbiter\n"
        f"for path in sorted(pathlib.Path({str(folder)!r}).glob('*.acn')):\n"
        "    with path.open('rb') as stream:\n"
        "        for ruling in arbiter.check(stream):\n"
        "            pass\n"
    )
    return measured([sys.executable, "-c", code])
