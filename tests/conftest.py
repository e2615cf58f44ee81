"""Shared test configuration.

Every test must run: a skipped test (a missing browser, a missing package) fails the session, so
`make test` passing means every test passed, never that some quietly did not run.

`make test` runs twice: every test on the Python source (the checkout's editable install), then the
core's tests on the compiled build (a wheel installed in its own environment), with
`ARBITER_TEST_BUILD=compiled`. A test marked `compiled` compares that build with the source: it
runs in the second run and is deselected in the first, where there is no build to compare.

The files run longest first (`SLOWEST`): `make test` hands each worker a whole file at a time
(pytest-xdist's `--dist loadfile`, with `--no-loadscope-reorder` so that this order is kept), so a
long file handed out last would keep one worker busy while the other waits. Longest first, the
workers finish within the length of a short file of each other.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import settings

# No test is timed (a loaded 2-core machine must pass as a quiet one does): Hypothesis's per-example
# deadline is a timed assertion, so it is off for every property test.
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")

BUILDS = ("source", "compiled")


def session_build() -> str:
    """The build the session runs: `source` unless ARBITER_TEST_BUILD says `compiled`."""
    return os.environ.get("ARBITER_TEST_BUILD", "source")


def pytest_configure(config: pytest.Config) -> None:
    if session_build() not in BUILDS:
        raise pytest.UsageError(f"ARBITER_TEST_BUILD={session_build()!r}; it is one of {', '.join(BUILDS)}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if session_build() != "compiled":
        compared = [item for item in items if item.get_closest_marker("compiled")]
        if compared:
            config.hook.pytest_deselected(items=compared)
            items[:] = [item for item in items if not item.get_closest_marker("compiled")]
    items[:] = longest_files_first(items)


FILE_SECONDS = Path(__file__).parent / "file_seconds.txt"
"""Seconds each of the longest test files took (setup, call and teardown of its tests summed, which
is the file's wall time on its worker): the order the files are handed out. Made from a run's own
measurement, which every run writes to MEASURED (`make test`: build/test-file-seconds-source.txt):
copy it here when the files have changed by much. A file not listed counts BROWSER_SECONDS a
browser test and OTHER_SECONDS any other test."""
MEASURED = Path(__file__).parent.parent / "build" / f"test-file-seconds-{session_build()}.txt"
BROWSER_SECONDS = 3.0
OTHER_SECONDS = 0.05


def slowest() -> dict[str, float]:
    """FILE_SECONDS as {file name: seconds}."""
    listed = {}
    for line in FILE_SECONDS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            seconds, name = line.split()
            listed[Path(name).name] = float(seconds)
    return listed


def file_seconds(items: list[pytest.Item]) -> dict[str, float]:
    """Each file's expected seconds: measured, or estimated from its count of tests."""
    counts: Counter[tuple[str, bool]] = Counter(
        (str(item.path), item.get_closest_marker("browser") is not None) for item in items
    )
    seconds: dict[str, float] = {}
    for (path, browser), count in counts.items():
        seconds[path] = seconds.get(path, 0.0) + count * (BROWSER_SECONDS if browser else OTHER_SECONDS)
    measured = slowest()
    return {path: measured.get(Path(path).name, estimate) for path, estimate in seconds.items()}


def longest_files_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """The items, each file's together and in their own order, the longest file first (ties by
    path, so that every xdist worker collects the same order)."""
    seconds = file_seconds(items)
    return sorted(items, key=lambda item: (-seconds[str(item.path)], str(item.path)))


def _skipped(config: pytest.Config) -> list[pytest.TestReport]:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    return list(reporter.stats.get("skipped", [])) if reporter is not None else []


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config) -> None:
    skipped = _skipped(config)
    if not skipped:
        return
    terminalreporter.write_sep("=", "skipped tests fail the run", red=True, bold=True)
    for report in skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        terminalreporter.write_line(f"SKIPPED {report.nodeid}: {reason}")
    terminalreporter.write_line(
        f"{len(skipped)} skipped: every test must run; `make test` installs what they need", red=True
    )


_spent: Counter[str] = Counter()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _spent[report.nodeid.split("::")[0]] += report.duration


def write_measured(config: pytest.Config) -> None:
    """This run's seconds per file, longest first, in FILE_SECONDS's form: by the process that
    reports (xdist's controller, which hears every worker's reports, or the only process)."""
    if hasattr(config, "workerinput") or not _spent:
        return
    MEASURED.parent.mkdir(exist_ok=True)
    lines = [f"{seconds:8.1f} {path}" for path, seconds in _spent.most_common()]
    MEASURED.write_text("\n".join(lines) + "\n", encoding="utf-8")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    write_measured(session.config)
    if _skipped(session.config) and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
