"""`arbiter check` on the same archive in English and in another language, paired: the cost of
saying the rulings in Spanish (issue #25 asks for it to stay within 5% of English).

The runs alternate (English, Spanish, English, ..., English), each the real `arbiter check
--jobs 1` in a fresh process, timed in that process's CPU time (user and system, as wait4 reports
it), its output discarded; each Spanish run is compared with the mean of the two English runs
around it: the ratio is Spanish time over English time (1.00: as fast; 1.05: 5% slower),
reported as its median and range like the other paired figures (bench/paired.py). The command is
run as a user runs it, so the bench never imports the command line (tests/test_layout.py).
"""

from __future__ import annotations

import itertools
import os
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from paired import Spread
from scaling import check_command

FORMATS = ("text", "json")
LIMIT = 1.05  # another language stays within 5% of English
ENVIRONMENT = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "GITHUB_ACTIONS": ""}


def check_run(folder: Path, lang: str, output_format: str) -> Callable[[], float]:
    """One `arbiter check` of the folder in `lang` and `output_format`: a call giving its CPU seconds."""
    command = [*check_command(folder, output_format, 1), "--isolated", "--lang", lang]
    environment = os.environ | ENVIRONMENT

    def run() -> float:
        with tempfile.TemporaryFile() as err:
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, env=environment)
            _, status, usage = os.wait4(process.pid, 0)
            if os.waitstatus_to_exitcode(status) not in (0, 1):  # 1: findings, as expected of a corpus
                err.seek(0)
                raise SystemExit(f"arbiter check --lang {lang} failed: {err.read(2000).decode('utf-8', 'replace')}")
        return usage.ru_utime + usage.ru_stime

    return run


def language_pairs(folder: Path, pairs: int, lang: str = "es") -> dict[str, Spread]:
    """For each format: `pairs` runs in `lang`, each between two English runs; the ratios of the
    `lang` run's time to the mean of the English runs around it."""
    ratios: dict[str, Spread] = {}
    for output_format in FORMATS:
        english, other = check_run(folder, "en", output_format), check_run(folder, lang, output_format)
        english_times = [english()]
        other_times = []
        for _ in range(pairs):
            other_times.append(other())
            english_times.append(english())
        around = [(a + b) / 2 for a, b in itertools.pairwise(english_times)]
        ratios[output_format] = Spread.of([t / e for t, e in zip(other_times, around, strict=True)])
    return ratios
