"""`arbiter check` on the same archive in English and in another language, paired: the cost of
saying the rulings in Spanish (issue #25 asks for it to stay within 5% of English).

The runs alternate (English, Spanish, English, ..., English), each in this process's CPU time
through the command line (`CliRunner`, `--jobs 1`, the output kept in memory), and each Spanish
run is compared with the mean of the two English runs around it: the ratio is Spanish time over
English time (1.00: as fast; 1.05: 5% slower), reported as its median and range like the other
paired figures (bench/paired.py).
"""

from __future__ import annotations

import itertools
from pathlib import Path

from paired import Spread, cpu_seconds

FORMATS = ("text", "json")
LIMIT = 1.05  # another language stays within 5% of English


def check_run(folder: Path, lang: str, output_format: str):  # type: ignore[no-untyped-def]
    """One `arbiter check` of the folder in `lang` and `output_format`, as a call."""
    from click.testing import CliRunner

    from arbiter_cli.main import cli

    args = ["check", "--isolated", "--jobs", "1", "--lang", lang, "--format", output_format, str(folder)]
    environment = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "GITHUB_ACTIONS": ""}

    def run() -> None:
        result = CliRunner().invoke(cli, args, env=environment)
        if result.exit_code not in (0, 1):
            raise SystemExit(f"arbiter check --lang {lang} failed: {result.output[-2000:]}")

    return run


def language_pairs(folder: Path, pairs: int, lang: str = "es") -> dict[str, Spread]:
    """For each format: `pairs` runs in `lang`, each between two English runs; the ratios of the
    `lang` run's time to the mean of the English runs around it."""
    ratios: dict[str, Spread] = {}
    for output_format in FORMATS:
        english, other = check_run(folder, "en", output_format), check_run(folder, lang, output_format)
        other()  # the catalogues loaded, once a process, outside the timings
        english_times = [cpu_seconds(english)]
        other_times = []
        for _ in range(pairs):
            other_times.append(cpu_seconds(other))
            english_times.append(cpu_seconds(english))
        around = [(a + b) / 2 for a, b in itertools.pairwise(english_times)]
        ratios[output_format] = Spread.of([t / e for t, e in zip(other_times, around, strict=True)])
    return ratios
